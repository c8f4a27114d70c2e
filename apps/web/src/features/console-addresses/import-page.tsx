import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useId, useState } from 'react';
import { useParams } from 'wouter';
import {
  ADDRESS_CSV_TEMPLATE, ADDRESS_FIELD_LABELS, ADDRESS_FIELDS, ADDRESS_IMPORT_MAX_BYTES,
  type TAddressField, type TAddressImportPreview, type TAddressImportPreviewBody, type TAddressImportResult, type TAddressImportRow,
} from '@portal/contract';
import { ApiError } from '../../lib/api';
import { FilePicker } from '../../ui/file-picker';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, Page } from '../../ui/page';
import { toastError } from '../../ui/toaster';
import { AddressCrumbs } from './addresses-page';
import { addressApi, addressKeys, addressQueries } from './api';
import { addressTexts } from './texts';

const texts = addressTexts.import;
type RowInput = TAddressImportRow['input'] & { line: number };
const PAGE = 200;

/** A CSV with the template's columns and two example rows, made in the browser. */
function downloadTemplate() {
  const rows = [ADDRESS_CSV_TEMPLATE.join(';'), '1234 AB;10;;Tulpstraat;Utrecht;Blok A;52,0907;5,1214', '1234 AB;12;B;Tulpstraat;Utrecht;Blok A;;'];
  const url = URL.createObjectURL(new Blob(['\uFEFF' + rows.join('\r\n')], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'adressen-voorbeeld.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * /beheer/projecten/:projectId/adressen/import: a CSV file is read in the browser (papaparse, to say at once
 * whether it is readable) and checked by the server, which is the judge: every row normalised or with its
 * errors in Dutch. Wrong rows are corrected in the table (or removed) and checked again; "Importeren" appears
 * only when no row has an error, and only then is anything written.
 */
export default function ImportPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const queryClient = useQueryClient();
  const project = useQuery(addressQueries.project(projectId));
  const fileId = useId();
  const [fileInfo, setFileInfo] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TAddressImportPreview | null>(null);
  const [inputs, setInputs] = useState<Map<number, RowInput>>(new Map());
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [stale, setStale] = useState(false);
  const [show, setShow] = useState<'errors' | 'all'>('all');
  const [limit, setLimit] = useState(PAGE);
  const [result, setResult] = useState<TAddressImportResult | null>(null);

  const check = useMutation({
    mutationFn: (body: TAddressImportPreviewBody) => addressApi.preview(projectId, body),
    onSuccess: (answer) => {
      setPreview(answer);
      setInputs(new Map(answer.rows.map((r) => [r.line, { line: r.line, ...r.input }])));
      setRemoved(new Set());
      setStale(false);
      setShow(answer.counts.invalid ? 'errors' : 'all');
      setLimit(PAGE);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setFileError(error.message);
      else toastError(error, addressTexts.failed);
    },
  });
  const current = () => (preview?.rows ?? []).filter((r) => !removed.has(r.line)).map((r) => inputs.get(r.line)!);
  const confirm = useMutation({
    mutationFn: () => addressApi.confirm(projectId, { rows: current() }),
    onSuccess: async (answer) => {
      setResult(answer);
      await queryClient.invalidateQueries({ queryKey: addressKeys.project(projectId) });
    },
    onError: (error) => {
      // Rows changed since the preview (another import): check again to show what is wrong now.
      if (error instanceof ApiError && error.status === 422) check.mutate({ rows: current() });
      else toastError(error, addressTexts.failed);
    },
  });

  const startOver = () => {
    setPreview(null);
    setResult(null);
    setFileInfo(null);
    setFileError(null);
  };

  const readFile = async (file: File | undefined) => {
    startOver();
    if (!file) return;
    if (file.size > ADDRESS_IMPORT_MAX_BYTES) return setFileError(texts.tooLarge);
    const text = await file.text();
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
    if (parsed.errors.some((e) => e.type === 'Quotes') || !parsed.data.length) return setFileError(texts.unreadable);
    setFileInfo(texts.read(file.name, Math.max(parsed.data.length - 1, 0)));
    check.mutate({ csv: text });
  };

  const edit = (line: number, field: TAddressField, value: string) => {
    setInputs((map) => new Map(map).set(line, { ...map.get(line)!, [field]: value }));
    setStale(true);
  };
  const remove = (line: number) => {
    setRemoved((set) => new Set(set).add(line));
    setStale(true);
  };

  const rows = (preview?.rows ?? []).filter((r) => !removed.has(r.line));
  const invalid = rows.filter((r) => r.errors.length).length;
  const visible = rows.filter((r) => show === 'all' || r.errors.length);
  const canImport = !!preview && !stale && invalid === 0 && rows.length > 0;

  return (
    <Page title={texts.title}>
      <AddressCrumbs projectId={projectId} projectName={project.data?.name} current={texts.title} />
      {result ? (
        <Card className="flex flex-col gap-4">
          <Banner tone="success" title={texts.done(result)} />
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={`/projecten/${projectId}/adressen`}>{texts.toList}</ButtonLink>
            <Button variant="secondary" onClick={startOver}>{texts.another}</Button>
          </div>
        </Card>
      ) : (
        <div className="flex flex-col gap-4">
          <Card className="flex flex-col gap-3">
            <p className="max-w-3xl text-slate-800">{texts.intro}</p>
            <div>
              <button type="button" onClick={downloadTemplate} className="text-sm text-blue-800 underline underline-offset-2">{texts.template}</button>
            </div>
            <FilePicker id={fileId} label={texts.file} accept=".csv,text/csv,text/plain" hint={texts.fileHint} chosen={fileName} resetAfterChoice
              onFile={(file) => {
                setFileName(file?.name ?? null);
                void readFile(file ?? undefined);
              }} />
            <div aria-live="polite" className="text-sm text-slate-800">
              {check.isPending ? texts.reading : fileInfo && !preview ? fileInfo : null}
            </div>
            {fileError && <Banner tone="error">{fileError}</Banner>}
          </Card>

          {preview && (
            <Card className="flex flex-col gap-4">
              <p role="status" className="font-medium text-slate-900">
                {texts.counts({ rows: rows.length, invalid, new: rows.filter((r) => r.action === 'new').length, existing: rows.filter((r) => r.action === 'existing').length })}
              </p>
              {preview.ignored_columns.length > 0 && <p className="text-sm text-slate-700">{texts.ignored(preview.ignored_columns)}</p>}
              {invalid > 0 && <Banner tone="warning" title={texts.errorsTitle(invalid)}>{texts.errorsHelp}</Banner>}
              {stale && <Banner tone="info">{texts.stale}</Banner>}

              <fieldset className="flex flex-wrap gap-4 text-sm">
                <legend className="sr-only">{texts.table}</legend>
                {(['errors', 'all'] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2">
                    <input type="radio" name="show" value={value} checked={show === value} onChange={() => setShow(value)} className="size-5 accent-brand" />
                    {value === 'errors' ? `${texts.showErrors} (${invalid})` : `${texts.showAll} (${rows.length})`}
                  </label>
                ))}
              </fieldset>

              <PreviewTable rows={visible.slice(0, limit)} inputs={inputs} onEdit={edit} onRemove={remove} />
              {visible.length > limit && (
                <Button variant="secondary" className="self-center" onClick={() => setLimit((n) => n + PAGE)}>{texts.showMore}</Button>
              )}

              <div className="flex flex-wrap justify-end gap-2">
                {canImport ? (
                  <Button busy={confirm.isPending} onClick={() => confirm.mutate()}>
                    {confirm.isPending ? texts.confirming : `${texts.confirm} (${rows.length})`}
                  </Button>
                ) : (
                  <Button busy={check.isPending} disabled={!rows.length} onClick={() => check.mutate({ rows: current() })}>{texts.recheck}</Button>
                )}
              </div>
            </Card>
          )}
        </div>
      )}
    </Page>
  );
}

const COLUMN_WIDTH: Record<TAddressField, string> = {
  zipcode: 'w-24', house_number: 'w-20', suffix: 'w-16', street: 'w-44', city: 'w-32', building_unit: 'w-28', lat: 'w-24', lng: 'w-24',
};

function valueOf(row: TAddressImportRow, field: TAddressField): string {
  if (!row.values) return row.input[field];
  if (field === 'suffix') return '';
  const value = row.values[field];
  // Coordinates as a Dutch file writes them (52,0907).
  return value === null ? '' : typeof value === 'number' ? String(value).replace('.', ',') : value;
}

/**
 * The preview's rows: the line, the result and the fields. A row with errors has its fields as inputs, tied
 * to its messages, which follow in a row of their own that stays in view when the table scrolls sideways.
 */
function PreviewTable({ rows, inputs, onEdit, onRemove }: {
  rows: TAddressImportRow[];
  inputs: Map<number, RowInput>;
  onEdit: (line: number, field: TAddressField, value: string) => void;
  onRemove: (line: number) => void;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <div role="region" aria-label={texts.table} tabIndex={0} className="max-h-[70vh] overflow-auto rounded-md ring-1 ring-slate-200">
      <table className="min-w-full border-collapse text-left text-sm">
        <thead className="sticky top-0 z-10 bg-slate-100">
          <tr>
            <th scope="col" className="px-2 py-2 font-semibold">{texts.line}</th>
            <th scope="col" className="px-2 py-2 font-semibold">{texts.result}</th>
            {ADDRESS_FIELDS.map((field) => <th key={field} scope="col" className="px-2 py-2 font-semibold">{ADDRESS_FIELD_LABELS[field]}</th>)}
          </tr>
        </thead>
        {rows.map((row) => {
          const errorsId = `import-row-${row.line}-errors`;
          const current = inputs.get(row.line);
          const bad = row.errors.length > 0;
          return (
            <tbody key={row.line} data-line={row.line} className={`border-t border-slate-200 ${bad ? 'bg-red-50' : ''}`}>
              <tr className="align-top">
                <th scope="row" className="px-2 py-2 font-medium">{row.line}</th>
                <td className="px-2 py-2">
                  {bad ? (
                    <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{texts.error}</span>
                  ) : (
                    <span className="whitespace-nowrap">{row.action === 'new' ? texts.new : row.in_project ? texts.existingInProject : texts.existing}</span>
                  )}
                </td>
                {ADDRESS_FIELDS.map((field) => {
                  const fieldError = row.errors.some((e) => e.field === field);
                  return (
                    <td key={field} className="px-2 py-1.5">
                      {bad && current ? (
                        <input
                          value={current[field] ?? ''}
                          onChange={(e) => onEdit(row.line, field, e.target.value)}
                          aria-label={texts.cell(ADDRESS_FIELD_LABELS[field], row.line)}
                          aria-invalid={fieldError || undefined}
                          aria-describedby={errorsId}
                          maxLength={200}
                          className={`min-h-10 rounded border bg-white px-2 py-1 ${COLUMN_WIDTH[field]} ${fieldError ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-400'}`}
                        />
                      ) : (
                        <span className="inline-block whitespace-nowrap py-1">{valueOf(row, field)}</span>
                      )}
                    </td>
                  );
                })}
              </tr>
              {bad && (
                <tr>
                  <td colSpan={ADDRESS_FIELDS.length + 2} className="px-2 pb-3">
                    <div className="sticky left-2 flex max-w-[calc(100vw-6rem)] flex-col items-start gap-1 sm:max-w-2xl">
                      <ul id={errorsId} className="list-disc pl-5 text-red-800">
                        {row.errors.map((e) => <li key={`${e.field}${e.message}`}>{ADDRESS_FIELD_LABELS[e.field as TAddressField] ?? e.field}: {e.message}</li>)}
                      </ul>
                      <button type="button" onClick={() => onRemove(row.line)} className="text-blue-800 underline underline-offset-2">{texts.removeRow(row.line)}</button>
                    </div>
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
