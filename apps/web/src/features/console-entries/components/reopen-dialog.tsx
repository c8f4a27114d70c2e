import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { REOPEN_REASON_MAX, reopenMessages } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextAreaField } from '../../../ui/textarea-field';
import { toast } from '../../../ui/toaster';
import { entryApi, entryKeys } from '../api';
import { entryTexts as texts } from '../texts';

/** Asks for the reason and reopens the entry; the answer's history shows it at once. */
export function ReopenDialog({ projectId, formId, entryId, onClose }: { projectId: number; formId: number; entryId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reopen = useMutation({
    mutationFn: () => entryApi.reopen(projectId, formId, entryId, reason),
    onSuccess: async (detail) => {
      queryClient.setQueryData(entryKeys.detail(projectId, formId, entryId), detail);
      await queryClient.invalidateQueries({ queryKey: entryKeys.form(projectId, formId) });
      toast(texts.reopen.done, 'success');
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(reopenMessages.reasonRequired);
    setError(undefined);
    reopen.mutate();
  };
  const failure = reopen.error instanceof ApiError ? reopen.error.message : reopen.isError ? texts.reopen.failed : undefined;
  return (
    <Dialog open title={texts.reopen.title} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <p>{texts.reopen.body}</p>
        <TextAreaField id={id} label={texts.reopen.reason} hint={texts.reopen.hint} required value={reason} maxLength={REOPEN_REASON_MAX}
          onChange={(e) => setReason(e.target.value)} error={error} />
        {failure && <Banner tone="error">{failure}</Banner>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{texts.reopen.cancel}</Button>
          <Button type="submit" busy={reopen.isPending}>{texts.reopen.confirm}</Button>
        </div>
      </form>
    </Dialog>
  );
}
