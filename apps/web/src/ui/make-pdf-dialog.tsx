import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { Banner } from './banner';
import { Button } from './button';
import { Dialog } from './dialog';

/** A PDF the server made (the console's letters): the file, its name and how many letters it holds. */
export type MadePdf = { blob: Blob; filename: string; count: number };

export type MakePdfTexts = {
  /** What making it does to earlier letters (said before and after). */
  warning: string;
  make: string;
  busy: string;
  ready: (count: number) => string;
  download: string;
  failed: string;
  cancel: string;
  close: string;
  /** When the server's answer has no message of its own. */
  fallback: string;
};

type Props = {
  title: string;
  texts: MakePdfTexts;
  /** What will be made, and any fields it needs. */
  children: ReactNode;
  /** Asks the server for the PDF. */
  make: () => Promise<MadePdf>;
  /** Checks the fields first; false keeps the dialog as it is (the fields show their errors). */
  validate?: () => boolean;
  disabled?: boolean;
  onMade?: (pdf: MadePdf) => void | Promise<void>;
  onClose: () => void;
};

/**
 * Makes a PDF of letters after saying what that does to earlier ones, then offers it with a download
 * button. The file is the server's answer, held as a blob URL while the dialog is open: the letters' codes
 * and links exist nowhere else.
 */
export function MakePdfDialog({ title, texts, children, make, validate, disabled, onMade, onClose }: Props) {
  const [file, setFile] = useState<{ url: string; filename: string; count: number } | null>(null);
  const mutation = useMutation({
    mutationFn: make,
    onSuccess: async (pdf) => {
      setFile({ url: URL.createObjectURL(pdf.blob), filename: pdf.filename, count: pdf.count });
      await onMade?.(pdf);
    },
  });
  useEffect(() => () => {
    if (file) URL.revokeObjectURL(file.url);
  }, [file]);

  return (
    <Dialog open title={title} onClose={onClose}>
      {file ? (
        <>
          <Banner tone="success">{texts.ready(file.count)}</Banner>
          <p className="text-sm text-slate-700">{texts.warning}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>{texts.close}</Button>
            <a href={file.url} download={file.filename}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:brightness-110">
              {texts.download}
            </a>
          </div>
        </>
      ) : (
        <>
          {children}
          <Banner tone="warning">{texts.warning}</Banner>
          {mutation.isError && (
            <Banner tone="error" title={texts.failed}>
              {mutation.error instanceof ApiError ? mutation.error.message : texts.fallback}
            </Banner>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>{texts.cancel}</Button>
            <Button busy={mutation.isPending} disabled={disabled} onClick={() => (validate?.() ?? true) && mutation.mutate()}>
              {mutation.isPending ? texts.busy : texts.make}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
