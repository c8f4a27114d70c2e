import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { storage, type LoginReason } from '../../lib/storage';
import { Banner } from '../../ui/banner';
import { projectQueries } from '../../features/projects/api';
import { LoginForm } from '../../features/auth/components/login-form';
import { PolicyLinks } from '../../features/auth/components/policy-links';
import { AuthFrame } from './auth-frame';

/** Why the portal sent the person here (spec section 8: 401, 403 and 500 lead to /inloggen). */
const reasons: Record<LoginReason, { tone: 'warning' | 'error'; title: string; text: string }> = {
  expired: { tone: 'warning', title: 'Uw sessie is verlopen', text: 'Log opnieuw in om verder te gaan.' },
  forbidden: { tone: 'warning', title: 'Geen toegang', text: 'U heeft met deze inloggegevens geen toegang tot die pagina. Log in met een account dat toegang heeft.' },
  error: { tone: 'error', title: 'Er ging iets mis', text: 'Er is een fout opgetreden op de server. Log opnieuw in of probeer het later opnieuw.' },
};

export default function LoginRoute() {
  const [reason] = useState(() => storage.loginReason());
  useEffect(() => storage.setLoginReason(null), []);
  const customer = useQuery(projectQueries.customer());
  const website = customer.data?.website;
  return (
    <AuthFrame
      title="Inloggen"
      footer={
        <div className="flex flex-col items-center gap-4 text-sm">
          {website && (
            <a href={website} target="_blank" rel="noopener noreferrer" className="rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold">
              Bezoek website
            </a>
          )}
          {customer.data && <PolicyLinks customer={customer.data} />}
        </div>
      }
    >
      {reason && (
        <div className="mb-4">
          <Banner tone={reasons[reason].tone} title={reasons[reason].title}>{reasons[reason].text}</Banner>
        </div>
      )}
      <LoginForm />
    </AuthFrame>
  );
}
