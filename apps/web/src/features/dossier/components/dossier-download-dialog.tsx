import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZDossierDownloadBody } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/field';
import { dossierApi } from '../api';
import { dossierTexts } from '../texts';

/** The e-mail rules of the contract (required 'Vul hier een e-mailadres in', pattern 'Vul een geldig e-mailadres in'). */
const ZForm = ZDossierDownloadBody.pick({ email: true });
type Form = { email: string };

/** 'Download dossier': asks for an e-mail address, posts it and confirms 'Dossier download verzoek verstuurd'. */
export function DossierDownloadDialog({ open, onClose, defaultEmail = '' }: { open: boolean; onClose: () => void; defaultEmail?: string }) {
  const [result, setResult] = useState<'sent' | { error: string } | null>(null);
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<Form>({
    resolver: zodResolver(ZForm),
    defaultValues: { email: defaultEmail },
  });
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
      if (error instanceof ApiError && error.fieldErrors().email) setError('email', { message: error.fieldErrors().email });
      else setResult({ error: error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : dossierTexts.failed });
    }
  });
  return (
    <Dialog open={open} title={dossierTexts.dialogTitle} onClose={close}>
      {result === 'sent' ? (
        <>
          <Banner tone="success">{dossierTexts.sent}</Banner>
          <Button className="self-end" onClick={close}>{dossierTexts.close}</Button>
        </>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{dossierTexts.dialogIntro}</p>
          {result && <Banner tone="error">{result.error}</Banner>}
          <TextField label={dossierTexts.email} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>{dossierTexts.cancel}</Button>
            <Button type="submit" busy={isSubmitting}>{dossierTexts.send}</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
