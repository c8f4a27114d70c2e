import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { TLoginLinkBody, TLoginLinkResponse, TProjectSummary } from '@portal/contract';
import { api } from '../../lib/api';
import { storage } from '../../lib/storage';
import { Banner } from '../../ui/banner';
import { Loading } from '../../ui/states';
import { routeOccupant } from '../../features/auth/after-login';
import { AuthFrame } from './auth-frame';

/** Path parameters arrive URL-encoded (wouter does not decode them). */
const decode = (value: string | undefined) => {
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return value;
  }
};
/** An empty part of the link is written as '-' (or 'null'). */
const part = (raw: string | undefined) => {
  const value = decode(raw);
  return value && value !== '-' && value !== 'null' && value !== 'undefined' ? value : null;
};
const colour = (value: string | undefined) => {
  const v = part(value);
  return v ? (v.startsWith('#') ? v : `#${v}`) : undefined;
};

/**
 * Token login: /setlogin/{token}/{logo}/{website}/{primary}/{secondary}/{admin_token}/{address_id}/{notification},
 * shorter variants down to primary. `token` is a single-use login ticket that the server exchanges for
 * the session (POST /public/setlogin); the session and administrator tokens never travel in the link.
 * Stores the session and the branding, then routes like a login.
 */
export default function SetLoginRoute() {
  const params = useParams();
  const [, navigate] = useLocation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ticket = part(params.token);
    if (!ticket) return setFailed(true);
    storage.clearAll();
    const body: TLoginLinkBody = { token: ticket, language: 'nl' };
    api<TLoginLinkResponse>('/public/setlogin', { method: 'POST', body, token: false, handleAuthErrors: true })
      .then((session) => {
        storage.saveSession({ token: session.token, role: 'occupant', adminToken: session.admin_token, addressId: session.address_id, isAdmin: true });
        storage.setBranding({
          logo: part(params.logo), website: part(params.website), color_primary: colour(params.primary),
          color_secondary: colour(params.secondary), notification: part(params.notification),
        }, 'link');
        return api<TProjectSummary[]>('/occupant/projects', { handleAuthErrors: true });
      })
      .then((projects) => navigate(routeOccupant(projects.map((p) => p.id)), { replace: true }))
      .catch(() => {
        storage.clearAll();
        setFailed(true);
      });
  }, [params, navigate]);
  if (!failed) return <Loading label="Bezig met inloggen…" />;
  return (
    <AuthFrame title="Inloggen mislukt">
      <Banner tone="error" title="Deze inloglink werkt niet">De link is ongeldig, al gebruikt of verlopen. Vraag een nieuwe inloglink aan.</Banner>
      <Link to="/inloggen" className="mt-4 inline-block text-blue-800 underline">Naar inloggen</Link>
    </AuthFrame>
  );
}
