import { useId, useState } from 'react';
import { LOGO_MAX_BYTES, staffProjectMessages } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { controlBorder, FieldErrorText } from '../../../ui/field';
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

  const choose = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) return setError(staffProjectMessages.logoType);
    if (file.size > LOGO_MAX_BYTES) return setError(staffProjectMessages.logoTooLarge(LOGO_MAX_BYTES / 1024 / 1024));
    void run(() => upload(file), logoTexts.uploaded);
  };

  const preview = logo ?? fallback?.logo ?? null;
  return (
    <div className="flex flex-col gap-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">{label}</p>
      {preview && (
        <div className="self-start rounded-md border border-slate-300 bg-white p-3">
          <img src={preview} alt={logoTexts.current(label)} className="h-16 w-auto max-w-60 object-contain" />
        </div>
      )}
      {!logo && fallback && <p className="text-sm text-slate-700">{fallback.note}</p>}
      <div className={`flex flex-wrap items-center gap-3 rounded-md border bg-white p-2 ${controlBorder(error)}`}>
        <input id={id} type="file" name="logo" accept="image/png,image/jpeg" disabled={busy} className="peer sr-only"
          aria-labelledby={`${id}-label ${id}-button`} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}
          onChange={(e) => choose(e.currentTarget)} />
        <label id={`${id}-button`} htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-md bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-800 peer-disabled:cursor-not-allowed peer-disabled:opacity-60">
          {logo ? logoTexts.replace : logoTexts.choose}
        </label>
        {!logo && !fallback && <span className="text-sm text-slate-700">{logoTexts.none}</span>}
        {logo && <Button variant="ghost" disabled={busy} onClick={() => void run(remove, logoTexts.removed)}>{logoTexts.remove}</Button>}
      </div>
      <p role="status" className="text-sm text-slate-700">{status}</p>
      <p id={`${id}-hint`} className="text-xs text-slate-600">{logoTexts.hint}</p>
      {error && <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText>}
    </div>
  );
}
