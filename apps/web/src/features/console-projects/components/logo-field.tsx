import { useId, useState } from 'react';
import { LOGO_MAX_BYTES, staffProjectMessages } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { FilePicker } from '../../../ui/file-picker';
import { logoTexts } from '../texts';

type Props = {
  label: string;
  /** The logo shown now (null: none). */
  logo: string | null;
  /** Said when there is no logo of its own (a project shows the customer's). */
  fallback?: { logo: string | null; note: string };
  upload: (file: File) => Promise<unknown>;
  remove: () => Promise<unknown>;
};

/**
 * A logo: chosen, checked here (png or jpeg, at most 2 MB, as the server checks again) and stored at once
 * through its own upload; the preview shows what the portal shows.
 */
export function LogoField({ label, logo, fallback, upload, remove }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    setStatus(logoTexts.busy);
    try {
      await action();
      setStatus(done);
    } catch (caught) {
      setStatus('');
      setError(caught instanceof ApiError && caught.status > 0 ? (caught.body.errors?.[0]?.message ?? caught.message) : logoTexts.failed);
    } finally {
      setBusy(false);
    }
  };

  const choose = (file: File | null) => {
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) return setError(staffProjectMessages.logoType);
    if (file.size > LOGO_MAX_BYTES) return setError(staffProjectMessages.logoTooLarge(LOGO_MAX_BYTES / 1024 / 1024));
    void run(() => upload(file), logoTexts.uploaded);
  };

  const preview = logo ?? fallback?.logo ?? null;
  return (
    <FilePicker id={id} name="logo" label={label} accept="image/png,image/jpeg" disabled={busy} error={error} hint={logoTexts.hint} resetAfterChoice
      chooseText={logo ? logoTexts.replace : logoTexts.choose} hideChosen={!!logo || !!fallback} chosen={logoTexts.none}
      onFile={choose}
      before={<>
        {preview && (
          <div className="self-start rounded-md border border-slate-300 bg-white p-3">
            <img src={preview} alt={logoTexts.current(label)} className="h-16 w-auto max-w-60 object-contain" />
          </div>
        )}
        {!logo && fallback && <p className="text-sm text-slate-700">{fallback.note}</p>}
      </>}
      actions={logo && <Button variant="ghost" disabled={busy} onClick={() => void run(remove, logoTexts.removed)}>{logoTexts.remove}</Button>}
      after={<p role="status" className="text-sm text-slate-700">{status}</p>} />
  );
}
