import { PERSONAL_CACHES, type SwMessage } from '../sw/names';

/**
 * Never one person's data to another (issue 19): the service worker keeps the last-seen reads of the
 * resident for offline use (src/sw/sw.ts); they go at logout and whenever the stored token changes
 * (another resident logs in on this device, a login link opens another address). Both the page and the
 * worker delete them: the worker's deletion finishes even when the page navigates away at once.
 * (The worker also files each answer under a hash of its token, so a missed deletion still shows no one
 * another's data.)
 */
export function clearPersonalCaches(): Promise<void> {
  const message: SwMessage = { type: 'CLEAR_PERSONAL' };
  try {
    navigator.serviceWorker?.controller?.postMessage(message);
  } catch {
    /* no worker: nothing to tell */
  }
  if (typeof caches === 'undefined') return Promise.resolve();
  return Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false))).then(() => undefined);
}
