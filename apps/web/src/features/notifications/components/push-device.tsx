import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ZPushSubscriptionBody } from '@portal/contract';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { toast, toastError } from '../../../ui/toaster';
import { notificationApi, notificationKeys } from '../api';
import { browserPushEnvironment, pushSupport, vapidKeyBytes, type PushSupport } from '../push';
import { texts } from '../texts';

const t = texts.device;

/** The service worker's registration, or null when there is none within a few seconds (development, refused). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000))]);
}

/**
 * 'Pushberichten op dit apparaat': the browser asks permission only when the resident clicks (never on
 * load); then the device subscribes with the portal's VAPID key and the subscription goes to the server.
 * Turning it off removes it on the server and in the browser. iOS explains the home screen first; a
 * browser without push says so.
 */
export function PushDevice({ devices }: { devices: number }) {
  const queryClient = useQueryClient();
  const [support, setSupport] = useState<PushSupport>(() => pushSupport(browserPushEnvironment()));
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (support !== 'supported') return;
    let stopped = false;
    void registration().then(async (reg) => {
      if (stopped) return;
      if (!reg) return setSupport('unsupported');
      const current = await reg.pushManager.getSubscription().catch(() => null);
      if (!stopped) setSubscription(current);
    });
    return () => { stopped = true; };
  }, [support]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.settings() });

  const turnOn = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        if (permission === 'denied') setSupport('denied');
        toast(t.deniedNow, 'info');
        return;
      }
      const reg = await registration();
      if (!reg) return setSupport('unsupported');
      const { public_key } = await notificationApi.publicKey();
      const created = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(public_key) });
      try {
        await notificationApi.subscribe(ZPushSubscriptionBody.parse(created.toJSON()));
      } catch (error) {
        await created.unsubscribe().catch(() => false); // the server does not know it: not half on
        throw error;
      }
      setSubscription(created);
      toast(t.turnedOn, 'success');
      void refresh();
    } catch (error) {
      toastError(error, t.failed);
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    if (!subscription) return;
    setBusy(true);
    try {
      await notificationApi.unsubscribeDevice(subscription.endpoint);
      await subscription.unsubscribe().catch(() => false);
      setSubscription(null);
      toast(t.turnedOff, 'success');
      void refresh();
    } catch (error) {
      toastError(error, t.offFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="push-device-title" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" data-push-device="">
      <h2 id="push-device-title" className="text-lg font-semibold">{t.title}</h2>
      <p className="text-slate-700">{t.intro}</p>
      <p className="mt-1 mb-3 text-sm text-slate-700">{texts.pushDevices(devices)}</p>
      {support === 'ios-not-installed' ? <Banner tone="info">{t.ios}</Banner>
        : support === 'unsupported' ? <Banner tone="info">{t.unsupported}</Banner>
        : support === 'denied' ? <Banner tone="warning">{t.denied}</Banner>
        : subscription === undefined ? null
        : (
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="font-medium">{subscription ? t.on : t.off}</p>
            {subscription
              ? <Button variant="secondary" busy={busy} onClick={() => void turnOff()}>{t.turnOff}</Button>
              : <Button busy={busy} onClick={() => void turnOn()}>{t.turnOn}</Button>}
          </div>
        )}
    </section>
  );
}
