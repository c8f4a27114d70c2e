import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { messages } from '@portal/contract';
import { Banner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { Loading } from '../../ui/states';
import { authApi } from '../../features/auth/api';
import { NewPasswordForm } from '../../features/auth/components/password-fields';
import { AuthFrame } from './auth-frame';

/** Reached from the e-mailed link /password/reset/{token}/{email}/{username}. */
export default function PasswordResetRoute() {
  const params = useParams();
  // Path parameters arrive URL-encoded (wouter does not decode them): '%40' for '@'.
  const [token, email, username] = [params.token, params.email, params.username].map((value = '') => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }) as [string, string, string];
  // The link is checked when the page opens: a used or expired one offers a new link at once.
  const link = useQuery({ queryKey: ['reset-link', username, token], queryFn: () => authApi.checkResetLink(username, token), staleTime: Infinity, retry: false });
  const [state, setState] = useState<'form' | 'done'>('form');
  // A failure shows in the form: at the password when the server names it, else above the form.
  const save = async (password: string) => {
    await authApi.setPassword({ password, username, code: token });
    setState('done');
  };
  return (
    <AuthFrame title="Nieuw wachtwoord instellen" footer={<Link to="/inloggen" className="text-blue-800 underline">Naar inloggen</Link>}>
      {state === 'done' ? (
        <Banner tone="success" title="Gelukt">{messages.passwordChanged} U kunt nu inloggen met uw nieuwe wachtwoord.</Banner>
      ) : link.isPending ? (
        <Loading label="De link wordt gecontroleerd…" />
      ) : link.data?.valid === false ? (
        <div className="flex flex-col gap-4">
          <Banner tone="error" title="Link niet meer geldig">{messages.resetInvalid} Vraag hieronder een nieuwe link aan.</Banner>
          <ButtonLink to="/wachtwoord-vergeten">Wachtwoord vergeten</ButtonLink>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {email && <p className="text-sm text-slate-700">Voor het account van <strong>{email}</strong>.</p>}
          <NewPasswordForm submitLabel="Wachtwoord opslaan" onSubmit={save} failureTitle="Opslaan mislukt" />
        </div>
      )}
    </AuthFrame>
  );
}
