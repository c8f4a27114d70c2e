import { useId } from 'react';
import { controlBorder, FieldErrorText } from './field';

/** PDF, PNG or JPEG: what the portal's document uploads take (the server checks the content again). */
const ACCEPT = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg';

export const fileFieldTexts = {
  choose: 'Bestand kiezen',
  other: 'Ander bestand kiezen',
  none: 'Geen bestand gekozen',
  fileOf: (filename: string, size: string) => `${filename} (${size})`,
  progress: (percent: number) => `Bestand wordt geüpload: ${percent}%`,
} as const;

/** 1536 -> '1,5 kB'; 2_500_000 -> '2,4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString('nl-NL', { maximumFractionDigits: 1 })} ${units[unit]}`;
}

/** What a document upload accepts and what it says when a file does not fit (the contract's Dutch messages). */
export type DocumentFileRules = { maxBytes: number; missing: string; type: string; tooLarge: (maxMb: number) => string };

/** The browser's check of a chosen document: a PDF, png or jpeg of at most `maxBytes`. */
export function documentFileProblem(file: File | null, rules: DocumentFileRules): string | undefined {
  if (!file) return rules.missing;
  const typeOk = ['application/pdf', 'image/png', 'image/jpeg'].includes(file.type) || /\.(pdf|png|jpe?g)$/i.test(file.name);
  if (!typeOk) return rules.type;
  if (file.size > rules.maxBytes) return rules.tooLarge(rules.maxBytes / 1024 / 1024);
  return undefined;
}

export type FileFieldProps = {
  label: string;
  hint: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
  /** 0..1 while uploading. */
  progress: number | null;
  name?: string;
  required?: boolean;
};

/**
 * A file to upload (PDF or image): a Dutch button (the browser's own file control speaks the browser's
 * language), the chosen file's name and size, and while it uploads a progress bar that is announced.
 */
export function FileField({ label, hint, file, onFile, error, progress, name = 'file', required = true }: FileFieldProps) {
  const id = useId();
  const percent = Math.round((progress ?? 0) * 100);
  const describedBy = [`${id}-chosen`, `${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">{label}{required && <span aria-hidden="true"> *</span>}</p>
      <div className={`flex flex-wrap items-center gap-3 rounded-md border bg-white p-2 ${controlBorder(error)}`}>
        <input id={id} name={name} type="file" accept={ACCEPT} disabled={progress !== null} className="peer sr-only"
          aria-labelledby={`${id}-label ${id}-button`} aria-describedby={describedBy} aria-invalid={error ? true : undefined} aria-required={required || undefined}
          onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)} />
        <label id={`${id}-button`} htmlFor={id}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-md bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-800 peer-disabled:cursor-not-allowed peer-disabled:opacity-60">
          {file ? fileFieldTexts.other : fileFieldTexts.choose}
        </label>
        <span id={`${id}-chosen`} className="min-w-0 break-all text-sm text-slate-800">{file ? fileFieldTexts.fileOf(file.name, formatFileSize(file.size)) : fileFieldTexts.none}</span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">{hint}</p>
      {error && <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText>}
      {progress !== null && <progress max={100} value={percent} aria-label={fileFieldTexts.progress(percent)} className="mt-1 h-2 w-full max-w-sm" />}
      <p role="status" className="text-sm text-slate-700">{progress !== null ? fileFieldTexts.progress(percent) : ''}</p>
    </div>
  );
}
