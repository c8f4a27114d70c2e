import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { addressApi, addressKeys } from '../api';
import { addressTexts as texts } from '../texts';

/** The addresses to make letters for: chosen ones, or every address of the project without an account. */
export type LettersTarget = { ids: number[] } | { allWithout: number };

/**
 * Makes new activation codes and their letters (one PDF) after saying that earlier codes stop working,
 * then offers the PDF with a download button. The file is the server's answer, held as a blob URL for as
 * long as the dialog is open: the codes exist nowhere else.
 */
export function LettersDialog({ projectId, target, onClose, onMade }: { projectId: number; target: LettersTarget; onClose: () => void; onMade: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ url: string; filename: string; count: number } | null>(null);
  const count = 'ids' in target ? target.ids.length : target.allWithout;
  const make = useMutation({
    mutationFn: () => addressApi.letters(projectId, 'ids' in target ? { address_ids: target.ids } : { all_without_account: true }),
    onSuccess: async ({ blob, filename, count: made }) => {
      setFile({ url: URL.createObjectURL(blob), filename, count: made });
      onMade();
      await queryClient.invalidateQueries({ queryKey: addressKeys.project(projectId) });
    },
  });
  useEffect(() => () => {
    if (file) URL.revokeObjectURL(file.url);
  }, [file]);

  return (
    <Dialog open title={texts.letters.dialogTitle} onClose={onClose}>
      {file ? (
        <>
          <Banner tone="success">{texts.letters.ready(file.count)}</Banner>
          <p className="text-sm text-slate-700">{texts.letters.revokes}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>{texts.close}</Button>
            <a href={file.url} download={file.filename}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:brightness-110">
              {texts.letters.download}
            </a>
          </div>
        </>
      ) : (
        <>
          <p>{texts.letters.intro(count)}</p>
          <p className="text-sm text-slate-700">{texts.letters.revokes}</p>
          {make.isError && (
            <Banner tone="error" title={texts.letters.failed}>
              {make.error instanceof ApiError ? make.error.message : texts.failed}
            </Banner>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>{texts.cancel}</Button>
            <Button busy={make.isPending} onClick={() => make.mutate()} disabled={count === 0}>
              {make.isPending ? texts.letters.busy : texts.letters.make}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
