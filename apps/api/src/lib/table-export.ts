import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';

/**
 * Every list a provider exports (entries, the consent tally, payments, addresses) goes through here: one
 * table of columns and rows, written as CSV (UTF-8 with BOM, `;` as Excel in the Netherlands expects) or
 * XLSX. A text that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is written as text, never
 * as a formula: in CSV with a leading apostrophe (OWASP's advice), in XLSX as a plain string cell.
 * Amounts are numbers in euros (cents / 100) with a euro format in XLSX.
 */
export type ExportFormat = 'csv' | 'xlsx';

export type ExportColumn<R> = {
  header: string;
  value: (row: R) => string | number | boolean | Date | null | undefined;
  /** 'euro': the value is in cents; 'date': a Date shown as dd-mm-jjjj uu:mm. */
  kind?: 'text' | 'number' | 'euro' | 'date';
  width?: number;
};

export type ExportFile = { body: Buffer; contentType: string; filename: string };

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as exported: formula-like values get a leading apostrophe in CSV. */
export function csvSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const dutchDateTime = (d: Date) =>
  new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    .format(d).replace(',', '');
const euroText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

function csvCell<R>(column: ExportColumn<R>, row: R): string {
  const v = column.value(row);
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return dutchDateTime(v);
  if (typeof v === 'boolean') return v ? 'ja' : 'nee';
  if (typeof v === 'number') return column.kind === 'euro' ? euroText(v) : String(v);
  return csvSafe(v);
}

export function toCsv<R>(columns: ExportColumn<R>[], rows: Iterable<R>): Buffer {
  const data = [columns.map((c) => csvSafe(c.header))];
  for (const row of rows) data.push(columns.map((c) => csvCell(c, row)));
  return Buffer.from(`\uFEFF${Papa.unparse(data, { delimiter: ';', newline: '\r\n', quotes: false })}\r\n`, 'utf8');
}

export async function toXlsx<R>(sheetName: string, columns: ExportColumn<R>[], rows: Iterable<R>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Bewonersportaal';
  const sheet = workbook.addWorksheet(sheetName.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Export');
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.min(40, Math.max(10, c.header.length + 2)) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const values = columns.map((c) => {
      const v = c.value(row);
      if (v === null || v === undefined) return null;
      if (typeof v === 'boolean') return v ? 'ja' : 'nee';
      if (typeof v === 'number' && c.kind === 'euro') return v / 100;
      return v;
    });
    sheet.addRow(values);
  }
  columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    if (c.kind === 'euro') column.numFmt = '"€" #,##0.00';
    if (c.kind === 'date') column.numFmt = 'dd-mm-yyyy hh:mm';
  });
  // exceljs writes a string as a shared string, never as a formula: a value like '=1+1' stays text.
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const slug = (name: string) => name.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'export';

/** The export as a file to send: `name` becomes the file name (without extension). */
export async function exportTable<R>(format: ExportFormat, name: string, columns: ExportColumn<R>[], rows: Iterable<R>): Promise<ExportFile> {
  if (format === 'xlsx') {
    return {
      body: await toXlsx(name, columns, rows),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: `${slug(name)}.xlsx`,
    };
  }
  return { body: toCsv(columns, rows), contentType: 'text/csv; charset=utf-8', filename: `${slug(name)}.csv` };
}

/** Sends an export as a download (the file name in Content-Disposition, never cached). */
export function sendExport(reply: FastifyReply, file: ExportFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
