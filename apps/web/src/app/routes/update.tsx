import { useEffect } from 'react';
import { Loading } from '../../ui/states';

/** Applies a new version: drop cached files and load the portal afresh (a login may be asked again). */
export default function UpdateRoute() {
  useEffect(() => {
    const reload = () => window.location.replace(`/?v=${Date.now()}`);
    if ('caches' in window) {
      void caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k)))).finally(reload);
    } else reload();
  }, []);
  return <Loading label="De nieuwe versie wordt geladen…" />;
}
