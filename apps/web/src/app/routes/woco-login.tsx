import { useEffect, useState } from 'react';
import type { TLoginResponse } from '@portal/contract';
import { Link, useLocation, useParams } from 'wouter';
import { ApiError } from '../../lib/api';
import { storage } from '../../lib/storage';
import { Banner } from '../../ui/banner';
import { Loading } from '../../ui/states';
import { authApi } from '../../features/auth/api';
import { storeLoginAndRoute } from '../../features/auth/after-login';
import { TotpStep } from '../../features/auth/components/totp-step';
import { AuthFrame } from './auth-frame';

/** Token login for housing-corporation staff: /woco/login/{token}. */
export default function WocoLoginRoute() {
  const { token = '' } = useParams();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const done = (response: TLoginResponse) => navigate(storeLoginAndRoute(response), { replace: true });
  useEffect(() => {
    storage.clearAll();
    authApi
      .wocoLogin(token)
      .then((response) => (response.action === 'totp' && response.ticket ? setTicket(response.ticket) : navigate(storeLoginAndRoute(response), { replace: true })))
      .catch((err) => setError(err instanceof ApiError ? err.message : 'Inloggen is mislukt.'));
  }, [token, navigate]);
  // The customer asks a second factor of its staff: the link alone does not log in.
  if (ticket) return <AuthFrame title="Inloggen"><TotpStep ticket={ticket} onDone={done} onRestart={() => window.location.reload()} /></AuthFrame>;
  if (!error) return <Loading label="Bezig met inloggen…" />;
  return (
    <AuthFrame title="Inloggen mislukt">
      <Banner tone="error" title="Deze inloglink werkt niet">{error}</Banner>
      <Link to="/inloggen" className="mt-4 inline-block text-blue-800 underline">Naar inloggen</Link>
    </AuthFrame>
  );
}
