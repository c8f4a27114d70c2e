import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { CLIENT_VERSION, compareVersions, FRONTEND_VERSION_HEADER } from '@portal/contract';
import { getApiBase } from '../../lib/api';
import { CONNECTION_RESTORED_EVENT } from '../../lib/connectivity';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toaster';

export const watcherTexts = {
  lost: 'Er kan geen verbinding worden gemaakt met de server. Controleer de internet verbinding.',
  restored: 'De verbinding met de server is hersteld.',
  newVersion: 'Nieuwe versie beschikbaar',
} as const;

const INTERVAL_MS = 5_000;
const TIMEOUT_MS = 5_000;

/**
 * Every 5 s: GET /polling with a 5 s time-out. A lost connection is announced once, its recovery once.
 * The response header carries the frontend version; a numerically newer one offers the update.
 */
export function AppWatchers() {
  const [, navigate] = useLocation();
  const online = useRef(true);
  const dismissed = useRef<string | null>(null);
  const [newVersion, setNewVersion] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      // The time-out is a plain timer (not AbortSignal.timeout), so that it runs on the page's clock.
      const controller = new AbortController();
      const timeout = setTimeout(() => controller.abort(), TIMEOUT_MS);
      try {
        const response = await fetch(`${getApiBase()}/polling?language=nl`, { cache: 'no-store', signal: controller.signal });
        // Read the answer within the time-out, so that the request finishes (an unread body stayed open
        // until the time-out aborted it, and the page never reached network idle).
        await response.arrayBuffer();
        if (!response.ok) throw new Error(String(response.status));
        if (stopped) return;
        if (!online.current) {
          online.current = true;
          toast(watcherTexts.restored, 'success');
          window.dispatchEvent(new Event(CONNECTION_RESTORED_EVENT));
        }
        const serverVersion = response.headers.get(FRONTEND_VERSION_HEADER);
        if (serverVersion && compareVersions(serverVersion, CLIENT_VERSION) > 0 && dismissed.current !== serverVersion) {
          setNewVersion(serverVersion);
        }
      } catch {
        if (stopped || !online.current) return;
        online.current = false;
        toast(watcherTexts.lost, 'error', 10_000);
      } finally {
        clearTimeout(timeout);
      }
    };
    void check();
    const timer = setInterval(check, INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  const cancel = () => {
    // Closing the <dialog> fires its close event, which calls this again after newVersion became null:
    // keep the version that was dismissed, or the next check would offer it again.
    if (newVersion) dismissed.current = newVersion;
    setNewVersion(null);
  };
  return (
    <Dialog open={newVersion !== null} title={watcherTexts.newVersion} onClose={cancel}>
      <p>Er is een nieuwe versie van het portaal beschikbaar. Wilt u deze nu laden?</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={cancel}>Annuleren</Button>
        <Button onClick={() => { setNewVersion(null); navigate('/update'); }}>Toepassen</Button>
      </div>
    </Dialog>
  );
}
