import { useQuery } from '@tanstack/react-query';
import { projectQueries } from '../../features/projects/api';
import { LoginForm } from '../../features/auth/components/login-form';
import { AuthFrame } from './auth-frame';

export default function LoginRoute() {
  const customer = useQuery(projectQueries.customer());
  const website = customer.data?.website;
  const policy = (path: string) => (website ? `${website.replace(/\/$/, '')}/${path}` : undefined);
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
          <nav aria-label="Voorwaarden" className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-slate-700">
            <a href={policy('algemene-voorwaarden')} target="_blank" rel="noopener noreferrer" className="underline">Algemene voorwaarden</a>
            <a href={policy('privacyverklaring')} target="_blank" rel="noopener noreferrer" className="underline">Privacyverklaring</a>
            <a href={policy('cookiebeleid')} target="_blank" rel="noopener noreferrer" className="underline">Cookiebeleid</a>
          </nav>
        </div>
      }
    >
      <LoginForm />
    </AuthFrame>
  );
}
