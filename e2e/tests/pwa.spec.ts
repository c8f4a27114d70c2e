import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, FULL_BROWSER } from '../chromium';
import { DEMO, expect, loginAsResident, SCREENSHOT_DIR, test } from './fixtures';

/**
 * The portal on the home screen (issue 19): the customer's manifest and the service worker (install
 * criteria), the last-seen dashboard and news readable offline and gone after logout, a push message
 * delivered to the worker through the DevTools protocol that shows a notification whose click opens
 * its page, and the version watcher's /update activating a new worker.
 *
 * The suite's page fixture blocks service workers (fixtures.ts); these tests open contexts that allow them.
 */

const DATA_CACHE = 'portal-data-v1';
const PAGES_CACHE = 'portal-pages-v1';

async function workerContext(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { context, page, errors };
}

/** Waits until a service worker controls the page (the first install claims the open pages). */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);
}

const cacheEntries = (page: Page, name: string) =>
  page.evaluate(async (cacheName) => ((await caches.has(cacheName)) ? (await (await caches.open(cacheName)).keys()).map((r) => r.url) : null), name);

test.describe('the installable portal', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the manifest is the customer\'s, its icons are made from the logo, and Chromium finds the portal installable', async ({ baseURL, request }) => {
    const manifest = await request.get('/api/public/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
    expect(body.name).toBe(DEMO.customer);
    expect(body.short_name).toBe('Woonstad');
    expect(body.display).toBe('standalone');
    expect(body.start_url).toBe('/dashboard');
    expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of body.icons) {
      const png = await request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      const bytes = await png.body();
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    const apple = await request.get('/api/public/app-icons/apple-touch-icon.png');
    expect(apple.status()).toBe(200);
    expect((await apple.body()).readUInt32BE(16)).toBe(180);
    expect((await request.get('/api/public/app-icons/favicon.png')).status()).toBe(404);
    // another customer's host gets its own manifest
    const other = await request.get('/api/public/manifest.webmanifest', { headers: { host: 'devries.localhost' } });
    expect(((await other.json()) as { name: string }).name).toBe(DEMO.otherCustomer);

    // Chromium does not install from an incognito profile (every browser.newContext() is one): a real profile.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: FULL_BROWSER,
      args: CHROMIUM_ARGS,
      baseURL,
      locale: 'nl-NL',
      serviceWorkers: 'allow',
    });
    const errors: Error[] = [];
    try {
      const page = context.pages()[0] ?? await context.newPage();
      page.on('pageerror', (error) => errors.push(error));
      await page.goto('/inloggen');
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/api/public/manifest.webmanifest');
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/api/public/app-icons/apple-touch-icon.png');
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      const app = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(app.url).toContain('/api/public/manifest.webmanifest');
      expect(app.errors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  test('the last-seen dashboard and news are readable offline, with the offline state, and are gone after logout', async ({ browser, baseURL }) => {
    const { context, page, errors } = await workerContext(browser, baseURL);
    // What the worker answers: pages, the app's files and the kept reads, GET only; never a POST, a file download or another call.
    const answeredByWorker: string[] = [];
    page.on('response', (response) => {
      if (response.fromServiceWorker()) answeredByWorker.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await loginAsResident(page, DEMO.resident);
    await expect(page).toHaveURL(/\/dashboard$/);
    await controlled(page);
    // Read while the worker controls the page: the dashboard and the news go into its cache.
    await page.reload();
    const tiles = page.getByRole('navigation', { name: 'Onderdelen van het project' });
    await expect(tiles.getByRole('link', { name: /Nieuws/ })).toBeVisible();
    await tiles.getByRole('link', { name: /Nieuws/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
    const firstArticle = page.getByRole('main').getByRole('heading', { level: 2 }).first();
    await expect(firstArticle).toBeVisible();
    const articleTitle = await firstArticle.innerText();
    await page.goto('/dashboard');
    await expect(tiles.getByRole('link', { name: /Nieuws/ })).toBeVisible();
    expect((await cacheEntries(page, DATA_CACHE))?.some((url) => url.includes('/api/occupant/project?'))).toBe(true);
    await expect(page.locator('[data-offline-notice]')).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('[data-offline-notice]')).toContainText('U bent offline.');
    await expect(page.getByRole('status').filter({ hasText: 'U ziet de gegevens van uw laatste bezoek.' })).toBeVisible();
    await expect(tiles.getByRole('link', { name: /Nieuws/ })).toBeVisible();
    await tiles.getByRole('link', { name: /Nieuws/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: articleTitle })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'pwa-offline-news-1280.png'), fullPage: true });

    await context.setOffline(false);
    await page.goto('/dashboard');
    await expect(page.locator('[data-offline-notice]')).toHaveCount(0);
    expect((await cacheEntries(page, DATA_CACHE))?.length).toBeGreaterThan(0);
    expect((await cacheEntries(page, PAGES_CACHE))?.map((url) => new URL(url).pathname)).toContain('/dashboard');
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('button', { name: 'UITLOGGEN' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    expect(await cacheEntries(page, DATA_CACHE)).toBeNull();
    // only the page loaded after the logout (the login page) may be there again
    expect((await cacheEntries(page, PAGES_CACHE) ?? []).map((url) => new URL(url).pathname)).toEqual(expect.not.arrayContaining(['/dashboard', '/nieuws']));

    expect(answeredByWorker.length).toBeGreaterThan(0);
    const kept = /^GET (\/(dashboard|nieuws|inloggen)?|\/assets\/.+|\/api\/occupant\/(project|projects|news|news\/article\/\d+|schedule|documents)|\/api\/public\/customer\/?)$/;
    expect(answeredByWorker.filter((line) => !kept.test(line))).toEqual([]);

    // Offline after logout: the dashboard shows nobody's data.
    await context.setOffline(true);
    await page.goto('/dashboard').catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await expect(tiles).toHaveCount(0);
    await context.close();
    expect(errors.map((e) => e.message)).toEqual([]);
  });
});

/** What the tests read in the worker's global scope (the e2e project has no WebWorker types). */
type ShownNotification = { title: string; body: string; tag: string; data: unknown };
type WorkerScope = { registration: { getNotifications(): Promise<ShownNotification[]> }; dispatchEvent(event: Event): boolean };

/** The registration id of the page's service worker, from the DevTools protocol. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
      const registration = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test.describe('push messages', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a push delivered to the worker shows the notification; its click opens the page it is about', async ({ browser, baseURL }) => {
    const { context, page, errors } = await workerContext(browser, baseURL);
    await context.grantPermissions(['notifications']);
    await loginAsResident(page, DEMO.resident);
    await expect(page).toHaveURL(/\/dashboard$/);
    await controlled(page);

    const origin = new URL(page.url()).origin;
    const cdp = await context.newCDPSession(page);
    const id = await registrationId(cdp, origin);
    const payload = { title: 'Nieuw bericht over uw project', body: 'De steigers komen maandag.', url: '/nieuws', category: 'news', tag: 'news-e2e' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });

    const [worker] = context.serviceWorkers();
    expect(worker).toBeTruthy();
    await expect.poll(() => worker!.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications())
      .map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }))), { timeout: 15_000 })
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/nieuws', category: 'news' } }]);

    // A person's click cannot be made on a system notification here: the worker gets the event it would
    // get (its waitUntil kept, as a dispatched event may not extend itself), and the page moves.
    await worker!.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications();
      const { NotificationEvent } = self as unknown as { NotificationEvent: new (type: string, init: { notification: unknown }) => Event };
      const event = new NotificationEvent('notificationclick', { notification: notification! });
      Object.defineProperty(event, 'waitUntil', { value: (work: Promise<unknown>) => void work });
      scope.dispatchEvent(event);
    });
    await expect(page).toHaveURL(/\/nieuws$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
    await expect.poll(() => worker!.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications()).length)).toBe(0);

    // A payload pointing away from the portal opens the dashboard instead.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify({ ...payload, tag: 'away', url: 'https://example.org/phish' }) });
    await expect.poll(() => worker!.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications())
      .map((n) => (n.data as { url: string }).url))).toEqual(['/dashboard']);
    await context.close();
    expect(errors.map((e) => e.message)).toEqual([]);
  });
});

test.describe('updates', () => {
  test.describe.configure({ timeout: 120_000 });

  test('Nieuwe versie beschikbaar -> Toepassen -> /update activates the new worker', async ({ browser, baseURL, mail }) => {
    const { context, page, errors } = await workerContext(browser, baseURL);
    await page.goto('/public/projecten');
    await controlled(page);
    const first = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(first).toMatch(/\/sw\.js$/);

    // The next version: the same worker with one line more, in the copy of the web app this portal serves
    // (e2e/server.ts), put back afterwards. (The browser checks the worker's script itself: no request that
    // page.route or context.route would see.)
    const { webDist } = await mail.info();
    const script = path.join(webDist, 'sw.js');
    const kept = new Map<string, Buffer>();
    for (const file of [script, `${script}.br`, `${script}.gz`]) if (fs.existsSync(file)) kept.set(file, fs.readFileSync(file));
    try {
      for (const file of kept.keys()) if (file !== script) fs.rmSync(file);
      fs.writeFileSync(script, `${kept.get(script)!.toString('utf8')}\nself.__portalVersion = 'e2e-next';\n`);
      await page.route('**/api/polling**', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'x-frontend-version': '7.1.0' } });
      });

      const dialog = page.getByRole('dialog', { name: 'Nieuwe versie beschikbaar' });
      await expect(dialog).toBeVisible({ timeout: 15_000 });
      await page.unroute('**/api/polling**');
      // The browser finds the new worker; it installs and waits: the page keeps the old one until Toepassen.
      await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())!.update(); });
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null), { timeout: 15_000 }).toBe('installed');
      const versionOf = (which: 'active' | 'waiting') => page.evaluate((w) => navigator.serviceWorker.getRegistration().then((r) => r?.[w]?.scriptURL ?? null), which);
      expect(await versionOf('active')).toMatch(/\/sw\.js$/);
      const reload = page.waitForRequest((r) => r.isNavigationRequest() && /\/\?v=\d+/.test(r.url()), { timeout: 20_000 });
      await dialog.getByRole('button', { name: 'Toepassen' }).click();
      await reload;
      await expect(page.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
      await controlled(page);
      await expect.poll(async () => {
        const workers = context.serviceWorkers();
        const versions = await Promise.all(workers.map((w) => w.evaluate(() => (self as unknown as { __portalVersion?: string }).__portalVersion ?? null).catch(() => 'gone')));
        return versions;
      }, { timeout: 15_000 }).toContain('e2e-next');
      // the page is controlled by the new worker
      expect(await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: !!registration?.waiting, controller: navigator.serviceWorker.controller?.state };
      })).toEqual({ waiting: false, controller: 'activated' });
    } finally {
      for (const [file, bytes] of kept) fs.writeFileSync(file, bytes);
    }
    await context.close();
    expect(errors.map((e) => e.message)).toEqual([]);
  });
});
