/**
 * What the service worker (sw.ts) and the app (lib/offline-cache.ts) agree on: the caches and the messages.
 * No DOM and no WebWorker types here: both sides import it.
 */

/** The last-seen answers of the resident's reads (dashboard, news, planning, documents): personal. */
export const DATA_CACHE = 'portal-data-v1';
/** The last-seen pages (the app's HTML as the server sent it): emptied with the data, the server may render personal data into them. */
export const PAGES_CACHE = 'portal-pages-v1';
/** Public reads (the customer lookup that draws the page): not personal, kept at logout. */
export const PUBLIC_CACHE = 'portal-public-v1';
/** The app's files used since the install (hashed names): not personal. */
export const ASSETS_CACHE = 'portal-assets-v1';
/** The caches that hold one person's data: emptied at logout and when the token changes. */
export const PERSONAL_CACHES = [DATA_CACHE, PAGES_CACHE] as const;

/** The header the service worker adds to an answer it took from its cache because the network failed. */
export const FROM_CACHE_HEADER = 'x-portal-from-cache';

export type SwMessage =
  /** The version watcher's /update: the waiting worker takes over. */
  | { type: 'SKIP_WAITING' }
  /** Logout or another token: forget every person's data. */
  | { type: 'CLEAR_PERSONAL' };

/**
 * The reads kept for offline use (GET only, the caller's own token): the project (dashboard), the
 * project list, news and its articles, the planning, the documents list, and the customer lookup that
 * draws the page around them. Nothing else is answered from a cache: file downloads, forms, chat and
 * every non-GET go to the server as if there were no service worker.
 */
export const OFFLINE_READS = /^\/api\/occupant\/(?:project|projects|news|news\/article\/\d+|schedule|documents)\/?$/;
export const PUBLIC_READS = /^\/api\/public\/customer\/?$/;

/** A path inside the portal for a notification's click (ZPushPayload.url); anything else opens the dashboard. */
export function portalPath(url: unknown): string {
  if (typeof url !== 'string' || !/^\/(?![/\\])/.test(url)) return '/dashboard';
  return url;
}
