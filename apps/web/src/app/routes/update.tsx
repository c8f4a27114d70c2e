import { useEffect } from 'react';
import { activateNewVersion } from '../../lib/service-worker';
import { Loading } from '../../ui/states';

/**
 * Applies a new version: the new service worker takes over (it waited for this), the old version's
 * cached files go, and the portal loads afresh (a login may be asked again).
 */
export default function UpdateRoute() {
  useEffect(() => {
    void activateNewVersion().finally(() => window.location.replace(`/?v=${Date.now()}`));
  }, []);
  return <Loading label="De nieuwe versie wordt geladen…" />;
}
