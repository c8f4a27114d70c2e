/// <reference lib="webworker" />
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheFallbackPlugin, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { TPushPayload } from '@portal/contract';
import { ASSETS_CACHE, DATA_CACHE, FROM_CACHE_HEADER, OFFLINE_READS, PAGES_CACHE, PERSONAL_CACHES, PUBLIC_CACHE, PUBLIC_READS, portalPath, type SwMessage } from './names';

/**
 * The portal's service worker (issue 19), built by vite-plugin-pwa (injectManifest) with Workbox:
 * - the app shell (index.html, the app's scripts and styles) precached at install;
 * - pages: from the network, the last-seen copy (or the precached shell) when there is none;
 * - the resident's last-seen dashboard, news, planning and documents list: from the network, the
 *   last-seen answer when offline (NetworkFirst), marked with FROM_CACHE_HEADER. Each answer is kept
 *   under its address plus a hash of the Authorization header, so that one person's answer is never
 *   found with another's token, and the app empties these caches at logout and on a token change;
 * - updates wait until the version watcher's /update asks (SKIP_WAITING);
 * - push messages (ZPushPayload) become notifications; a click opens the page the message is about.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open pages at once (so the first visit's reads are kept for offline use);
// a later version waits in 'installed' until /update sends SKIP_WAITING.
clientsClaim();

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].slice(0, 16).map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The cache key names whose answer it is: the address plus a hash of the bearer token ('public' without one). */
const keyedByToken: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const authorization = request.headers.get('authorization');
    const url = new URL(request.url);
    url.searchParams.set('__who', authorization ? await sha256(authorization) : 'public');
    return url.href;
  },
};

/** An answer read from the cache (the network failed) says so, for the app's offline state. */
const markFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(FROM_CACHE_HEADER, '1');
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && OFFLINE_READS.test(url.pathname),
  new NetworkFirst({
    cacheName: DATA_CACHE,
    plugins: [keyedByToken, markFromCache, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && PUBLIC_READS.test(url.pathname),
  new NetworkFirst({ cacheName: PUBLIC_CACHE, plugins: [markFromCache, new ExpirationPlugin({ maxEntries: 10 })] }),
);

// The app's other files (hashed, never changing) once used: a screen opened once opens offline too.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })] }),
);

// Pages (every route of the app is the same page): the network first; offline the last-seen copy of this
// address, else the precached shell. /api is never a page here: downloads and the signing and payment pages
// go to the server untouched.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGES_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 30 }), new PrecacheFallbackPlugin({ fallbackURL: '/index.html' })],
    }),
    { denylist: [/^\/api(\/|$)/] },
  ),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as SwMessage | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'CLEAR_PERSONAL') event.waitUntil(Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name))));
});

// ---- push -------------------------------------------------------------------------------------

function readPayload(data: PushMessageData | null): TPushPayload | null {
  try {
    const value = data?.json() as Partial<TPushPayload> | undefined;
    if (!value || typeof value.title !== 'string') return null;
    return {
      title: value.title,
      body: typeof value.body === 'string' ? value.body : '',
      url: portalPath(value.url),
      category: value.category ?? 'news',
      tag: typeof value.tag === 'string' ? value.tag : '',
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event: PushEvent) => {
  const payload = readPayload(event.data);
  // A push must show something (userVisibleOnly); an unreadable one still points to the portal.
  const title = payload?.title ?? 'Bewonersportaal';
  event.waitUntil(self.registration.showNotification(title, {
    body: payload?.body ?? 'Er is nieuws voor u in het bewonersportaal.',
    tag: payload?.tag || undefined,
    icon: '/api/public/app-icons/icon-192.png',
    lang: 'nl',
    data: { url: payload?.url ?? '/dashboard', category: payload?.category ?? null },
  }));
});

/** Opens `path` in a window of the portal: an open one (focused, moved to the page), else a new one. */
async function openPortalPage(path: string): Promise<void> {
  const target = new URL(portalPath(path), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    await open.focus().catch(() => open);
    // navigate() only works on a page this worker controls; another one is told to go there itself.
    const moved = await open.navigate(target).catch(() => null);
    if (!moved) open.postMessage({ type: 'OPEN', url: portalPath(path) });
    return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openPortalPage(portalPath(data?.url)));
});
