import { useId } from 'react';
import { STAFF_DOCUMENT_MAX_BYTES, staffContentBMessages } from '@portal/contract';
import { controlBorder, FieldErrorText } from '../../ui/field';
import { formatFileSize, texts } from './texts';

const t = texts.documents;
const ACCEPT = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg';

/** The browser's check of a chosen document (the server checks the content again): a PDF, png or jpeg of at most 20 MB. */
export function documentFileProblem(file: File | null): string | undefined {
  if (!file) return staffContentBMessages.fileMissing;
  const typeOk = ['application/pdf', 'image/png', 'image/jpeg'].includes(file.type) || /\.(pdf|png|jpe?g)$/i.test(file.name);
  if (!typeOk) return staffContentBMessages.documentType;
  if (file.size > STAFF_DOCUMENT_MAX_BYTES) return staffContentBMessages.fileTooLarge(STAFF_DOCUMENT_MAX_BYTES / 1024 / 1024);
  return undefined;
}

type Props = {
  label: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
  /** 0..1 while uploading. */
  progress: number | null;
  name?: string;
};

/**
 * A file to upload (PDF or image): a Dutch button (the browser's own file control speaks the browser's
 * language), the chosen file's name and size, and while it uploads a progress bar that is announced.
 */
export function FileField({ label, file, onFile, error, progress, name = 'file' }: Props) {
  const id = useId();
  const percent = Math.round((progress ?? 0) * 100);
  const describedBy = [`${id}-chosen`, `${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">{label}<span aria-hidden="true"> *</span></p>
      <div className={`flex flex-wrap items-center gap-3 rounded-md border bg-white p-2 ${controlBorder(error)}`}>
        <input id={id} name={name} type="file" accept={ACCEPT} disabled={progress !== null} className="peer sr-only"
          aria-labelledby={`${id}-label ${id}-button`} aria-describedby={describedBy} aria-invalid={error ? true : undefined} aria-required="true"
          onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)} />
        <label id={`${id}-button`} htmlFor={id}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-md bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-800 peer-disabled:cursor-not-allowed peer-disabled:opacity-60">
          {file ? t.otherFile : t.chooseFile}
        </label>
        <span id={`${id}-chosen`} className="min-w-0 break-all text-sm text-slate-800">{file ? t.fileOf(file.name, formatFileSize(file.size)) : t.noFile}</span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">{t.fileHint}</p>
      {error && <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText>}
      {progress !== null && <progress max={100} value={percent} aria-label={t.uploadProgress(percent)} className="mt-1 h-2 w-full max-w-sm" />}
      <p role="status" className="text-sm text-slate-700">{progress !== null ? t.uploadProgress(percent) : ''}</p>
    </div>
  );
}
