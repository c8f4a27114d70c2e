import { FilePicker, filePickerTexts } from './file-picker';

/** PDF, PNG or JPEG: what the portal's document uploads take (the server checks the content again). */
const ACCEPT = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg';

export const fileFieldTexts = {
  ...filePickerTexts,
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
 * A document to upload (PDF or image) in the shared file picker, with the chosen file's name and size,
 * and while it uploads a progress bar that is announced.
 */
export function FileField({ label, hint, file, onFile, error, progress, name = 'file', required = true }: FileFieldProps) {
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="flex flex-col gap-1">
      <FilePicker label={label} hint={hint} accept={ACCEPT} name={name} required={required} error={error} disabled={progress !== null} onFile={onFile}
        chosen={file ? fileFieldTexts.fileOf(file.name, formatFileSize(file.size)) : null} />
      {progress !== null && <progress max={100} value={percent} aria-label={fileFieldTexts.progress(percent)} className="mt-1 h-2 w-full max-w-sm" />}
      <p role="status" className="text-sm text-slate-700">{progress !== null ? fileFieldTexts.progress(percent) : ''}</p>
    </div>
  );
}
