import type { Page, Route } from '@playwright/test';
import { checkPage, DEMO, expect, loginAsResident, test } from './fixtures';

/**
 * The resident's notification preferences (/profiel/meldingen) and the e-mail's unsubscribe page
 * (/afmelden?token=...), issue 19.
 *
 * Two parts:
 * - 'against the contract': the pages with the server's answers given by the test in the contract's
 *   shapes (packages/contract/src/notifications.ts): layout, axe, screenshots, what the page sends;
 * - 'with the notifications module': the same pages against the real endpoints (a save that holds,
 *   a forged unsubscribe token refused). These need the server side of the notifications module; they
 *   are skipped while the server does not answer GET /api/occupant/notifications (until it is merged).
 */

type Settings = { preferences: Array<{ category: string; email: string; push: boolean; sms: boolean }>; email_address: string | null; mobile: string | null; push_devices: number };

const SETTINGS: Settings = {
  preferences: [
    { category: 'news', email: 'digest', push: true, sms: false },
    { category: 'planning', email: 'direct', push: true, sms: false },
    { category: 'chat', email: 'direct', push: true, sms: false },
    { category: 'appointment', email: 'direct', push: true, sms: true },
    { category: 'form', email: 'direct', push: true, sms: false },
    { category: 'payment', email: 'direct', push: false, sms: false },
    { category: 'dossier', email: 'direct', push: true, sms: false },
  ],
  email_address: 'jan.devries@example.nl',
  mobile: '0612345678',
  push_devices: 0,
};

type Sent = { method: string; body: unknown };

/** Answers the notification settings as the contract shapes them; returns what the page sent. */
async function serveSettings(page: Page, settings: Settings = SETTINGS, { failPut = false } = {}) {
  const sent: Sent[] = [];
  await page.route(/\/api\/occupant\/notifications(\?|$)/, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'PUT') {
      const body = request.postDataJSON() as { preferences: unknown };
      sent.push({ method: 'PUT', body });
      if (failPut) return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'Kies hoe u e-mail wilt ontvangen.' }) });
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...settings, preferences: body.preferences }) });
    }
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(settings) });
  });
  return sent;
}

const card = (page: Page, label: string) => page.locator('[data-category]').filter({ has: page.getByRole('heading', { level: 2, name: label, exact: true }) });

test.describe('notification preferences, against the contract', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the profile links to Meldingen; each category offers e-mail, push and (where offered) SMS; saving sends them', async ({ browser, baseURL }) => {
    // with the service worker (push needs it): this page's calls are not among the worker's cached reads, page.route sees them
    const context = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    const page = await context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await loginAsResident(page, DEMO.resident);
    await expect(page).toHaveURL(/\/dashboard$/);
    const sent = await serveSettings(page);
    let permissionAsked = false;
    await page.exposeFunction('__permissionAsked', () => { permissionAsked = true; });
    await page.addInitScript(() => {
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        void (window as unknown as { __permissionAsked: () => void }).__permissionAsked();
        return original(...args);
      };
    });
    await page.goto('/profiel');
    await page.getByRole('link', { name: 'Meldingen' }).click();
    await expect(page).toHaveURL(/\/profiel\/meldingen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();

    for (const label of ['Nieuws', 'Planning', 'Chat', 'Afspraken', 'Formulieren', 'Betalingen', 'Dossier']) await expect(card(page, label)).toHaveCount(1);
    await expect(card(page, 'Nieuws')).toContainText('Een nieuw nieuwsbericht over uw project.');
    await expect(card(page, 'Nieuws').getByRole('radio', { name: 'Dagelijks overzicht' })).toBeChecked();
    await expect(card(page, 'Planning').getByRole('radio', { name: 'Direct' })).toBeChecked();
    await expect(card(page, 'Betalingen').getByRole('checkbox', { name: 'Pushbericht: Betalingen' })).not.toBeChecked();
    // SMS only for appointments and forms
    await expect(card(page, 'Afspraken').getByRole('checkbox', { name: 'SMS: Afspraken' })).toBeChecked();
    await expect(card(page, 'Formulieren').getByRole('checkbox', { name: 'SMS: Formulieren' })).not.toBeChecked();
    await expect(card(page, 'Nieuws').getByRole('checkbox', { name: /SMS/ })).toHaveCount(0);
    await expect(page.getByText('E-mail gaat naar jan.devries@example.nl.')).toBeVisible();

    // The device block: Chromium here can do push; the permission is asked only on a click.
    const device = page.locator('[data-push-device]');
    await expect(device.getByRole('heading', { level: 2, name: 'Pushberichten op dit apparaat' })).toBeVisible();
    await expect(device.getByRole('status')).toHaveText('Pushberichten staan uit op dit apparaat.');
    await expect(device.getByRole('button', { name: 'Pushberichten aanzetten' })).toBeVisible();
    await expect(device).toContainText('Pushberichten komen nog op geen enkel apparaat binnen.');
    await checkPage(page, 'notification-preferences');
    expect(permissionAsked).toBe(false);

    await card(page, 'Nieuws').getByRole('radio', { name: 'Uit' }).check();
    await card(page, 'Betalingen').getByRole('checkbox', { name: 'Pushbericht: Betalingen' }).check();
    await card(page, 'Formulieren').getByRole('checkbox', { name: 'SMS: Formulieren' }).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Uw keuzes voor meldingen zijn opgeslagen.' })).toBeVisible();
    expect(sent).toHaveLength(1);
    const preferences = (sent[0]!.body as { preferences: typeof SETTINGS.preferences }).preferences;
    expect(preferences).toEqual(SETTINGS.preferences.map((p) => (
      p.category === 'news' ? { ...p, email: 'off' }
      : p.category === 'payment' ? { ...p, push: true }
      : p.category === 'form' ? { ...p, sms: true }
      : p
    )));
    expect(permissionAsked).toBe(false);
    await context.close();
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  test('Pushberichten aanzetten (permission given) subscribes with the VAPID key and sends the subscription; uitzetten removes it', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    await loginAsResident(page, DEMO.resident);
    await serveSettings(page);
    // Chromium here reaches no push service: the browser's subscription is played by the page's PushManager
    // (what it is given is recorded); everything of the portal's own runs as it is.
    await page.addInitScript(() => {
      const state = { key: '' as string, subscribed: false, unsubscribed: 0 };
      (window as unknown as { __push: typeof state }).__push = state;
      const subscription = {
        endpoint: 'https://push.example.test/send/abc',
        toJSON: () => ({ endpoint: 'https://push.example.test/send/abc', expirationTime: null, keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' } }),
        unsubscribe: async () => { state.subscribed = false; state.unsubscribed++; return true; },
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        state.key = btoa(String.fromCharCode(...new Uint8Array(options!.applicationServerKey as ArrayBuffer)));
        state.subscribed = true;
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (state.subscribed ? subscription : null) as unknown as PushSubscription | null;
      };
    });
    const calls: Array<{ method: string; body: unknown }> = [];
    await page.route(/\/api\/push\/public-key(\?|$)/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ public_key: 'AQID' }) }));
    await page.route(/\/api\/push\/subscriptions(\?|$)/, (route) => {
      calls.push({ method: route.request().method(), body: route.request().postDataJSON() });
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true }) });
    });

    await page.goto('/profiel/meldingen');
    const device = page.locator('[data-push-device]');
    await expect(device.getByRole('status')).toHaveText('Pushberichten staan uit op dit apparaat.');
    await device.getByRole('button', { name: 'Pushberichten aanzetten' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Pushberichten staan nu aan op dit apparaat.' })).toBeVisible();
    await expect(device.getByRole('status')).toHaveText('Pushberichten staan aan op dit apparaat.');
    expect(await page.evaluate(() => (window as unknown as { __push: { key: string } }).__push.key)).toBe('AQID'); // the VAPID key's bytes 1, 2, 3
    expect(calls).toEqual([{ method: 'POST', body: { endpoint: 'https://push.example.test/send/abc', expirationTime: null, keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' }, language: 'nl' } }]);

    await device.getByRole('button', { name: 'Pushberichten uitzetten' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Pushberichten staan nu uit op dit apparaat.' })).toBeVisible();
    await expect(device.getByRole('status')).toHaveText('Pushberichten staan uit op dit apparaat.');
    expect(calls[1]).toEqual({ method: 'DELETE', body: { endpoint: 'https://push.example.test/send/abc', language: 'nl' } });
    expect(await page.evaluate(() => (window as unknown as { __push: { unsubscribed: number } }).__push.unsubscribed)).toBe(1);
    await context.close();
  });

  test('a refused save says so; without an e-mail address or mobile number those channels cannot be chosen', async ({ page }) => {
    await serveSettings(page, { ...SETTINGS, email_address: null, mobile: null }, { failPut: true });
    await page.goto('/profiel/meldingen');
    await expect(page.getByText('Er is geen e-mailadres bekend: e-mail kan niet worden gekozen.')).toBeVisible();
    await expect(card(page, 'Nieuws').getByRole('radio', { name: 'Direct' })).toBeDisabled();
    await expect(card(page, 'Nieuws').getByRole('radio', { name: 'Uit' })).toBeEnabled();
    await expect(card(page, 'Afspraken').getByRole('checkbox', { name: 'SMS: Afspraken' })).toBeDisabled();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Kies hoe u e-mail wilt ontvangen.' })).toBeVisible();
  });

  test('iOS Safari outside the home screen is told to add the portal first', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      serviceWorkers: 'block',
      viewport: { width: 375, height: 812 },
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    const page = await context.newPage();
    await loginAsResident(page, DEMO.resident);
    await serveSettings(page);
    await page.goto('/profiel/meldingen');
    await expect(page.locator('[data-push-device]')).toContainText('Op een iPhone of iPad werken pushberichten pas als u het portaal op uw beginscherm hebt gezet: tik op Delen en dan op Zet op beginscherm.');
    await expect(page.getByRole('button', { name: 'Pushberichten aanzetten' })).toHaveCount(0);
    await context.close();
  });

  test('a browser without service workers gets a clear sentence', async ({ page }) => {
    // the suite's contexts block service workers: navigator.serviceWorker.ready never comes
    await serveSettings(page);
    await page.goto('/profiel/meldingen');
    await expect(page.locator('[data-push-device]')).toContainText('Deze browser kan geen pushberichten ontvangen.', { timeout: 10_000 });
  });
});

test.describe('the unsubscribe page, against the contract', () => {
  test('shows what the link is for; Afmelden turns that e-mail off', async ({ page }) => {
    const posts: string[] = [];
    await page.route(/\/api\/public\/unsubscribe\?/, async (route) => {
      const url = new URL(route.request().url());
      expect(url.searchParams.get('token')).toBe('abc.def');
      if (route.request().method() === 'POST') {
        posts.push(url.searchParams.get('token')!);
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true }) });
      }
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ category: 'news', category_label: 'Nieuws', email_address: 'j***@example.nl', unsubscribed: false }) });
    });
    await page.goto('/afmelden?token=abc.def');
    await expect(page.getByRole('heading', { level: 1, name: 'Afmelden' })).toBeVisible();
    await expect(page.getByText('U ontvangt e-mail van het bewonersportaal over: Nieuws op j***@example.nl.')).toBeVisible();
    expect(posts).toEqual([]); // opening the link changes nothing
    await checkPage(page, 'unsubscribe');
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(page.getByText('U ontvangt geen e-mail meer over: Nieuws. U kunt dit altijd weer aanzetten in uw profiel.')).toBeVisible();
    expect(posts).toEqual(['abc.def']);
    await checkPage(page, 'unsubscribe-done');
  });

  test('a forged link is refused with the contract\'s message; a link without token says what is missing', async ({ page }) => {
    await page.route(/\/api\/public\/unsubscribe\?/, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Deze afmeldlink is ongeldig.' }) }));
    await page.goto('/afmelden?token=forged');
    await expect(page.getByText('Deze afmeldlink is ongeldig. Meld u af via uw profiel in het portaal.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Afmelden' })).toHaveCount(0);
    await page.goto('/afmelden');
    await expect(page.getByText('Er ontbreekt een deel van de afmeldlink.')).toBeVisible();
  });
});

test.describe('with the notifications module (needs its server endpoints)', () => {
  test.beforeEach(async ({ request }) => {
    const probe = await request.get('/api/occupant/notifications');
    // 401 without a token: the route exists; 404: the notifications module is not in this build yet.
    test.skip(probe.status() === 404, 'GET /api/occupant/notifications is not served yet (the notifications module is merged separately)');
  });

  test('a saved choice holds after a reload', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/profiel/meldingen');
    const news = card(page, 'Nieuws');
    await expect(news).toHaveCount(1);
    const before = await news.getByRole('radio', { checked: true }).getAttribute('value');
    const other = before === 'direct' ? 'Dagelijks overzicht' : 'Direct';
    await news.getByRole('radio', { name: other }).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Uw keuzes voor meldingen zijn opgeslagen.' })).toBeVisible();
    await page.reload();
    await expect(card(page, 'Nieuws').getByRole('radio', { name: other })).toBeChecked();
    // put it back
    await card(page, 'Nieuws').getByRole('radio', { name: before === 'direct' ? 'Direct' : before === 'off' ? 'Uit' : 'Dagelijks overzicht' }).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Uw keuzes voor meldingen zijn opgeslagen.' })).toBeVisible();
  });

  test('a forged unsubscribe token is refused by the server', async ({ page }) => {
    await page.goto('/afmelden?token=forged.token');
    await expect(page.getByText('Deze afmeldlink is ongeldig. Meld u af via uw profiel in het portaal.')).toBeVisible();
  });
});
