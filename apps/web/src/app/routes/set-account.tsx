import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { messages } from '@portal/contract';
import { ApiError } from '../../lib/api';
import { storage } from '../../lib/storage';
import { Banner } from '../../ui/banner';
import { authApi } from '../../features/auth/api';
import { routeOccupant } from '../../features/auth/after-login';
import { NewPasswordForm } from '../../features/auth/components/password-fields';
import { AuthFrame } from './auth-frame';
import type { TProjectSummary } from '@portal/contract';
import { api } from '../../lib/api';

/** Step 2 of activation: set a password; then the account is activated and logged in at once. */
export default function SetAccountRoute() {
  const [, navigate] = useLocation();
  const activation = storage.activation();
  const [error, setError] = useState<string>();
  if (!activation) return <Redirect to="/inloggen" replace />;
  if (!activation.accepted) return <Redirect to="/activeer-account" replace />;

  const activate = async (password: string) => {
    setError(undefined);
    try {
      const result = await authApi.activate({ username: `${activation.zipcode}${activation.house_number}`, code: activation.code, password, accept_terms: true });
      const session = await authApi.autoLogin(result.id, result.token);
      storage.setActivation(null);
      storage.saveSession({ token: session.token, role: session.role, addressId: result.id });
      const projects = await api<TProjectSummary[]>('/occupant/projects');
      navigate(routeOccupant(projects.map((p) => p.id)), { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors().password ?? err.message) : messages.serverError);
    }
  };
  return (
    <AuthFrame title="Stel uw account in">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">Kies een wachtwoord. Hiermee logt u voortaan in met uw postcode en huisnummer.</p>
        {error && <Banner tone="error" title="Activeren mislukt">{error}</Banner>}
        <NewPasswordForm submitLabel="Account activeren" onSubmit={activate} />
      </div>
    </AuthFrame>
  );
}
