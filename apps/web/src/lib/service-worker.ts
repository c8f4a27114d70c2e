import { navigate } from 'wouter/use-browser-location';
import type { SwMessage } from '../sw/names';

/**
 * The installable portal's service worker (src/sw/sw.ts, built to /sw.js): registered after the page
 * has loaded, so that it takes nothing from the first paint. Not in development (Vite serves no /sw.js)
 * and not where the browser has none (or refuses it, e.g. in a frame on another site).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      /* refused (private mode, a frame with storage blocked): the portal works without */
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  // A notification's click on a page the worker does not control: the worker asks the page to go there.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; url?: unknown }>) => {
    if (event.data?.type === 'OPEN' && typeof event.data.url === 'string' && /^\/(?![/\\])/.test(event.data.url)) navigate(event.data.url);
  });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves when `worker` has installed (it then waits), or null when it became redundant. */
function installed(worker: ServiceWorker): Promise<ServiceWorker | null> {
  if (worker.state === 'installed' || worker.state === 'activated') return Promise.resolve(worker);
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' || worker.state === 'activated') resolve(worker);
      else if (worker.state === 'redundant') resolve(null);
    });
  });
}

/**
 * The version watcher's /update: the new worker (waiting, or found now) takes over (SKIP_WAITING) and
 * the caches of the old version and of the person go; the caller then loads the portal afresh. Bounded
 * in time: without an answer from the worker the page still reloads.
 */
export async function activateNewVersion(timeoutMs = 10_000): Promise<void> {
  const work = async () => {
    const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
    if (registration) {
      await registration.update().catch(() => undefined);
      const next = registration.waiting ?? (registration.installing ? await installed(registration.installing) : null);
      if (next && next !== registration.active) {
        const takenOver = new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
        const message: SwMessage = { type: 'SKIP_WAITING' };
        next.postMessage(message);
        await takenOver;
      }
    }
    if (typeof caches !== 'undefined') {
      // The worker's precache is its own (Workbox replaces it per version); the rest (the old version's
      // files, last-seen pages and data) goes.
      const names = await caches.keys();
      const drop = names.filter((name) => !name.startsWith('workbox-precache'));
      await Promise.all(drop.map((name) => caches.delete(name)));
    }
  };
  await Promise.race([work().catch(() => undefined), wait(timeoutMs)]);
}
