import { Redirect, useLocation } from 'wouter';
import { storage } from '../../lib/storage';
import { authApi } from '../../features/auth/api';
import { routeOccupant } from '../../features/auth/after-login';
import { ActivationForm, type ActivationIdentity } from '../../features/auth/components/activation-form';
import { AuthFrame } from './auth-frame';
import type { TProjectSummary } from '@portal/contract';
import { api } from '../../lib/api';

/** Step 2 of activation: who the holder is and their password; then the account is activated and logged in at once. */
export default function SetAccountRoute() {
  const [, navigate] = useLocation();
  const activation = storage.activation();
  if (!activation) return <Redirect to="/inloggen" replace />;
  if (!activation.accepted) return <Redirect to="/activeer-account" replace />;

  // A failure shows in the form: at the password when the server names it, else above the form.
  const activate = async (identity: ActivationIdentity) => {
    const result = await authApi.activate({ ...identity, username: `${activation.zipcode}${activation.house_number}`, code: activation.code, accept_terms: true });
    const session = await authApi.autoLogin(result.id, result.token);
    storage.setActivation(null);
    storage.saveSession({ token: session.token, role: session.role, addressId: result.id });
    const projects = await api<TProjectSummary[]>('/occupant/projects');
    navigate(routeOccupant(projects.map((p) => p.id)), { replace: true });
  };
  return (
    <AuthFrame title="Stel uw account in">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">Vertel ons wie u bent en kies een wachtwoord.</p>
        <ActivationForm onSubmit={activate} />
      </div>
    </AuthFrame>
  );
}
