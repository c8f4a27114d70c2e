import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportTable } from './table-export.ts';

type Row = { name: string; cents: number | null; paid: boolean };
const columns = [
  { header: 'Naam', value: (r: Row) => r.name },
  { header: 'Bedrag', value: (r: Row) => r.cents, kind: 'euro' as const },
  { header: 'Betaald', value: (r: Row) => r.paid },
];
const rows: Row[] = [
  { name: '=HYPERLINK("http://x")', cents: 12345, paid: true },
  { name: '+31 6 1234', cents: null, paid: false },
  { name: 'Jansen; "de" Vries', cents: 5, paid: false },
];

describe('table export', () => {
  it('CSV: a BOM, semicolons, amounts in euros with a comma, formula-like values as text', async () => {
    const file = await exportTable('csv', 'Invullingen Keuze 1', columns, rows);
    expect(file.filename).toBe('invullingen-keuze-1.csv');
    const text = file.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1).trim(), { delimiter: ';' }).data;
    expect(parsed).toEqual([
      ['Naam', 'Bedrag', 'Betaald'],
      ["'=HYPERLINK(\"http://x\")", '123,45', 'ja'],
      ["'+31 6 1234", '', 'nee'],
      ['Jansen; "de" Vries', '0,05', 'nee'],
    ]);
  });

  it('XLSX: read back, strings stay strings (no formula), amounts are euro numbers', async () => {
    const file = await exportTable('xlsx', 'Betalingen', columns, rows);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Betalingen')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Naam', 'Bedrag', 'Betaald']);
    const first = sheet.getRow(2);
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(1).value).toBe('=HYPERLINK("http://x")');
    expect(first.getCell(2).value).toBe(123.45);
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
  });
});
