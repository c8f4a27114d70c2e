import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EMAIL_MAX_LENGTH, ZDossierDownloadBody } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { dossierApi } from '../api';
import { dossierTexts } from '../texts';

/** The e-mail rules of the contract (required 'Vul hier een e-mailadres in', pattern 'Vul een geldig e-mailadres in'). */
const ZForm = ZDossierDownloadBody.pick({ email: true });
type Form = { email: string };
const FIELDS = ['email'] as const;

/** 'Download dossier': asks for an e-mail address, posts it and confirms 'Dossier download verzoek verstuurd'. */
export function DossierDownloadDialog({ open, onClose, defaultEmail = '' }: { open: boolean; onClose: () => void; defaultEmail?: string }) {
  const [result, setResult] = useState<'sent' | { error: string } | null>(null);
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<Form>({
    resolver: zodResolver(ZForm),
    defaultValues: { email: defaultEmail },
    shouldFocusError: false,
  });
  const summary = useErrorSummary();
  const close = () => {
    onClose();
    setResult(null);
    reset({ email: defaultEmail });
  };
  const submit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      await dossierApi.requestDownload(email);
      setResult('sent');
    } catch (error) {
      if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
      else setResult({ error: error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : dossierTexts.failed });
    }
  }, summary.focusSummary);
  return (
    <Dialog open={open} title={dossierTexts.dialogTitle} onClose={close}>
      {result === 'sent' ? (
        <>
          <Banner tone="success">{dossierTexts.sent}</Banner>
          <Button className="self-end" onClick={close}>{dossierTexts.close}</Button>
        </>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} headingLevel={3} />
          <p className="text-sm text-slate-700">{dossierTexts.dialogIntro}</p>
          {result && <Banner tone="error">{result.error}</Banner>}
          <TextField label={dossierTexts.email} type="email" autoComplete="email" required maxLength={EMAIL_MAX_LENGTH} error={errors.email?.message} {...register('email')} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>{dossierTexts.cancel}</Button>
            <Button type="submit" busy={isSubmitting}>{dossierTexts.send}</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
