import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { TProjectSummary } from '@portal/contract';
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
 * shorter variants down to primary. Stores the session and the branding, then routes like a login.
 */
export default function SetLoginRoute() {
  const params = useParams();
  const [, navigate] = useLocation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const token = part(params.token);
    if (!token) return setFailed(true);
    const adminToken = part(params.adminToken);
    storage.clearAll();
    storage.saveSession({ token, role: 'occupant', adminToken, addressId: Number(part(params.addressId)) || null, isAdmin: !!adminToken });
    storage.setBranding({
      logo: part(params.logo), website: part(params.website), color_primary: colour(params.primary),
      color_secondary: colour(params.secondary), notification: part(params.notification),
    }, 'link');
    api<TProjectSummary[]>('/occupant/projects', { handleAuthErrors: true })
      .then((projects) => navigate(routeOccupant(projects.map((p) => p.id)), { replace: true }))
      .catch(() => {
        storage.clearAll();
        setFailed(true);
      });
  }, [params, navigate]);
  if (!failed) return <Loading label="Bezig met inloggen…" />;
  return (
    <AuthFrame title="Inloggen mislukt">
      <Banner tone="error" title="Deze inloglink werkt niet">De link is ongeldig of verlopen.</Banner>
      <Link to="/inloggen" className="mt-4 inline-block text-blue-800 underline">Naar inloggen</Link>
    </AuthFrame>
  );
}
