import { useState } from 'react';
import type { TLoginResponse } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { authApi } from '../api';

export const totpTexts = {
  title: 'Tweestapsverificatie',
  intro: 'Vul de code van 6 cijfers uit uw authenticator-app in. Heeft u uw telefoon niet bij de hand? Gebruik dan een van uw herstelcodes.',
  label: 'Code uit de app of herstelcode',
  required: 'Vul de code in.',
  submit: 'Inloggen',
  failed: 'Inloggen mislukt',
  expired: 'Deze inlogpoging is verlopen. Log opnieuw in.',
} as const;

/**
 * The second step of a staff login to the partner portal (after a password, or a woco login link): a TOTP
 * code or a recovery code with the ticket of the first step. A wrong code keeps the step; an expired or used
 * ticket sends the person back to the first step.
 */
export function TotpStep({ ticket, onDone, onRestart }: { ticket: string; onDone: (response: TLoginResponse) => void; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { focusKey, focusSummary } = useErrorSummary();

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!code.trim()) {
      setError(totpTexts.required);
      focusSummary();
      return;
    }
    setBusy(true);
    try {
      onDone(await authApi.loginTotp({ ticket, code: code.trim() }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setError(err.message);
        focusSummary();
      } else if (err instanceof ApiError && err.status === 401) {
        setFailure(totpTexts.expired);
      } else {
        setFailure(err instanceof ApiError ? err.message : totpTexts.failed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={totpTexts.title}>
      <h3 className="text-base font-semibold">{totpTexts.title}</h3>
      <p className="text-sm">{totpTexts.intro}</p>
      <ErrorSummary errors={error ? [{ field: 'code', message: error }] : []} focusKey={focusKey} headingLevel={3} />
      {failure && (
        <Banner tone="error" title={totpTexts.failed}>
          {failure}{' '}
          <button type="button" className="text-blue-800 underline" onClick={onRestart}>Opnieuw inloggen</button>
        </Banner>
      )}
      <TextField
        label={totpTexts.label} name="code" value={code} error={error} required autoComplete="one-time-code" inputMode="text" maxLength={40}
        onChange={(e) => { setCode(e.target.value); setError(undefined); }}
      />
      <Button type="submit" busy={busy}>{totpTexts.submit}</Button>
    </form>
  );
}
