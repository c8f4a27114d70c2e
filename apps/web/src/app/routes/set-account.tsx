import { Redirect, useLocation } from 'wouter';
import { storage } from '../../lib/storage';
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
  if (!activation) return <Redirect to="/inloggen" replace />;
  if (!activation.accepted) return <Redirect to="/activeer-account" replace />;

  // A failure shows in the form: at the password when the server names it, else above the form.
  const activate = async (password: string) => {
    const result = await authApi.activate({ username: `${activation.zipcode}${activation.house_number}`, code: activation.code, password, accept_terms: true });
    const session = await authApi.autoLogin(result.id, result.token);
    storage.setActivation(null);
    storage.saveSession({ token: session.token, role: session.role, addressId: result.id });
    const projects = await api<TProjectSummary[]>('/occupant/projects');
    navigate(routeOccupant(projects.map((p) => p.id)), { replace: true });
  };
  return (
    <AuthFrame title="Stel uw account in">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">Kies een wachtwoord. Hiermee logt u voortaan in met uw postcode en huisnummer.</p>
        <NewPasswordForm submitLabel="Account activeren" onSubmit={activate} failureTitle="Activeren mislukt" />
      </div>
    </AuthFrame>
  );
}
