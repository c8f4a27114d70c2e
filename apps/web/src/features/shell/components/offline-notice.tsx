import { useEffect, useState } from 'react';
import { OFFLINE_ANSWER_EVENT } from '../../../lib/api';
import { CONNECTION_RESTORED_EVENT } from '../../../lib/connectivity';

export const offlineTexts = {
  title: 'U bent offline.',
  body: 'U ziet de gegevens van uw laatste bezoek. Wijzigingen en nieuwe berichten ziet u weer zodra u verbinding hebt.',
} as const;

/**
 * The offline state (issue 19): without a connection the service worker answers the dashboard, news,
 * planning and documents with what the resident saw last; this says so above the page, until the
 * connection is back.
 */
export function OfflineNotice() {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);
  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => setOffline(false);
    window.addEventListener('offline', goOffline);
    window.addEventListener(OFFLINE_ANSWER_EVENT, goOffline);
    window.addEventListener('online', goOnline);
    window.addEventListener(CONNECTION_RESTORED_EVENT, goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener(OFFLINE_ANSWER_EVENT, goOffline);
      window.removeEventListener('online', goOnline);
      window.removeEventListener(CONNECTION_RESTORED_EVENT, goOnline);
    };
  }, []);
  if (!offline) return <div role="status" aria-live="polite" className="sr-only" />;
  return (
    <div role="status" aria-live="polite" className="mx-auto mt-3 max-w-[1440px] px-4 sm:px-6" data-offline-notice="">
      <p className="rounded-md bg-slate-800 px-4 py-2 text-sm text-white">
        <strong className="font-semibold">{offlineTexts.title}</strong> {offlineTexts.body}
      </p>
    </div>
  );
}
