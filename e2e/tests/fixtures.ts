import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { generate as generateTotp } from 'otplib';

export { expect };

/** The demo data of apps/api/src/demo/seed.ts (copied, so the suite does not load the server's code). */
export const DEMO = {
  resident: { zipcode: '1234AB', houseNumber: '10', password: 'Bewoner2026!' },
  residentTwoProjects: { zipcode: '1234AB', houseNumber: '12', password: 'Bewoner2026!' },
  activation: { zipcode: '1234AB', houseNumber: '14', code: 'ACTIVEER14' },
  residentEmail: 'jan.devries@example.nl',
  partner: { username: 'partner@example.nl', password: 'Partner2026!' },
  /** The customer administrator in the partner portal: its account has TOTP, so the login asks a code (apiLogin and loginAsPartner answer it). */
  admin: { username: 'beheer@example.nl', password: 'Beheer2026!', totpSecret: 'LL2QQCDONQBBPZUK4RNBQWVMMA5NEJSA' },
  /** The staff console (/beheer): the customer administrator has TOTP enrolled with this secret (README); the editor has none yet. */
  consoleAdmin: { email: 'beheer@example.nl', password: 'Beheer2026!', totpSecret: 'LL2QQCDONQBBPZUK4RNBQWVMMA5NEJSA' },
  consoleEditor: { email: 'redactie@example.nl', password: 'Redactie2026!' },
  wocoToken: 'woco-demo-token-3f9c2a7e5b1d4c8a',
  customer: 'Woonstad Vernieuwd',
  otherCustomer: 'Bouwbedrijf De Vries',
  project: 'Renovatie Bloemenbuurt',
  secondProject: 'Verduurzaming Rivierenwijk',
  hiddenProject: 'Dakrenovatie Zuid',
} as const;

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');
export const WIDTHS = [375, 1280] as const;
const HEIGHT: Record<number, number> = { 375: 812, 1280: 800 };

// --- mail ---------------------------------------------------------------------------------------

export type Mail = { to: string[]; from: string; subject: string; text: string; html: string; attachments: Array<{ filename: string; contentType: string; size: number }>; date: string };

/** The SMTP catcher of e2e/server.ts, read through its small HTTP API. */
export class MailCatcher {
  constructor(private readonly base: string) {}

  async all(): Promise<Mail[]> {
    const response = await fetch(`${this.base}/mails`);
    if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
    return (await response.json()) as Mail[];
  }

  async clear(): Promise<void> {
    await fetch(`${this.base}/mails`, { method: 'DELETE' });
  }

  /** Polls until a mail to `to` (and with `subject`, if given) has arrived; the newest one wins. */
  async waitFor(match: { to: string; subject?: string | RegExp }, timeout = 15_000): Promise<Mail> {
    const to = match.to.toLowerCase();
    const fits = (mail: Mail) =>
      mail.to.includes(to) &&
      (match.subject === undefined || (typeof match.subject === 'string' ? mail.subject === match.subject : match.subject.test(mail.subject)));
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = (await this.all()).filter(fits);
      if (found.length) return found[found.length - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail to ${to}${match.subject ? ` with subject ${String(match.subject)}` : ''} within ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** A page of another origin (127.0.0.1) that frames the portal at `path`. */
  embedderUrl(path: string): string {
    return `${this.base}/embedder?src=${encodeURIComponent(path)}`;
  }

  /** Where the portal that the suite runs keeps its data (for the operator CLI). */
  async info(): Promise<{ dataDir: string; publicUrl: string; webDist: string }> {
    return (await (await fetch(`${this.base}/info`)).json()) as { dataDir: string; publicUrl: string; webDist: string };
  }
}

// --- fixtures -----------------------------------------------------------------------------------

type Fixtures = {
  /** A page of its own browser context (axe needs a page from browser.newContext()). */
  page: Page;
  mail: MailCatcher;
  /** Uncaught errors in the page; a test fails on any unless it empties this list itself. */
  pageErrors: Error[];
};

/** The portal of the running worker (playwright.config.ts starts one per worker) and its mail catcher. */
export function workerPortal(parallelIndex = test.info().parallelIndex) {
  const port = process.env.E2E_PORTS!.split(',')[parallelIndex]!;
  const mailPort = process.env.E2E_MAIL_PORTS!.split(',')[parallelIndex]!;
  return { baseURL: `http://localhost:${port}`, mail: new MailCatcher(`http://127.0.0.1:${mailPort}`) };
}

export const test = base.extend<Fixtures>({
  // Every context made in a test (the page fixture's, browser.newContext()'s and the request fixture) goes to the worker's portal.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(workerPortal(testInfo.parallelIndex).baseURL);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  pageErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ browser, baseURL, pageErrors }, use) => {
    const context = await browser.newContext({
      baseURL,
      locale: 'nl-NL',
      timezoneId: 'Europe/Amsterdam',
      viewport: { width: 1280, height: HEIGHT[1280]! },
      // The portal's service worker (issue 19) answers some reads from its cache, out of page.route's
      // sight: specs test the page without it; e2e/tests/pwa.spec.ts opens contexts that allow it.
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
    await use(page);
    await context.close();
    expect(pageErrors.map((e) => e.message), 'uncaught errors in the page').toEqual([]);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  mail: async ({}, use, testInfo) => {
    await use(workerPortal(testInfo.parallelIndex).mail);
  },
});

// --- logins -------------------------------------------------------------------------------------

export type ResidentLogin = { zipcode: string; houseNumber: string; password: string };

/** Logs a resident in through the login page and waits until the portal has left it. */
export async function loginAsResident(page: Page, { zipcode, houseNumber, password }: ResidentLogin) {
  await page.goto('/inloggen');
  await page.getByLabel('Postcode').fill(zipcode);
  await page.getByLabel('Huisnummer + toevoeging').fill(houseNumber);
  await page.getByLabel('Wachtwoord of activatiecode').fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).not.toHaveURL(/\/inloggen/);
}

/** Logs a partner (or another staff user) in through 'Inloggen als partner', with the second factor when the account has one. */
export async function loginAsPartner(page: Page, { username, password, totpSecret }: { username: string; password: string; totpSecret?: string }) {
  await page.goto('/inloggen');
  await page.getByRole('button', { name: 'Inloggen als partner' }).click();
  await page.getByLabel('Gebruikersnaam').fill(username);
  // the label reads 'Wachtwoord *' (the asterisk is aria-hidden): match the accessible name
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  if (totpSecret) await enterCode(page, totpSecret, 'Code uit de app of herstelcode', /^Inloggen$/, '/api/public/login/totp');
  await expect(page).not.toHaveURL(/\/inloggen/);
}

/** The TOTP code of `secret` at the current time step plus `offset` seconds. */
const codeAt = (secret: string, offset: number) => generateTotp({ secret, epoch: Math.floor(Date.now() / 1000) + offset });

export type ConsoleAccount = { email: string; password: string; totpSecret?: string };

/**
 * Types a TOTP code computed from `secret` into the console's code step. The server accepts each code
 * once (and codes of the step before and after now), so when tests log in one after another within
 * 30 seconds the next step's code is tried, then the previous one's, and at worst the next step awaited.
 */
export async function enterTotpCode(page: Page, secret: string) {
  await enterCode(page, secret, 'Verificatiecode', /^(Controleren|Bevestigen)$/, '/api/staff/');
}

async function enterCode(page: Page, secret: string, label: string, button: RegExp, url: string) {
  const field = page.getByRole('textbox', { name: label });
  for (const [attempt, offset] of TOTP_OFFSETS.entries()) {
    if (attempt === 3) await page.waitForTimeout(30_500 - (Date.now() % 30_000));
    await field.fill(await codeAt(secret, offset));
    const answer = page.waitForResponse((r) => r.url().includes(url) && r.request().method() === 'POST');
    await page.getByRole('button', { name: button }).click();
    if ((await answer).ok()) return;
  }
  throw new Error('no TOTP code was accepted');
}

/** Offsets (seconds) of the codes tried in turn: now, the next and the previous step, then (after waiting for the next step) again. */
const TOTP_OFFSETS = [0, 30, -30, 0, 30];

/** Logs in to the staff console through /beheer/inloggen (with a code computed from `totpSecret` when the account has one). */
export async function loginToConsole(page: Page, account: ConsoleAccount = DEMO.consoleAdmin) {
  await page.goto('/beheer/inloggen');
  await page.getByRole('textbox', { name: 'E-mailadres' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  if (account.totpSecret) await enterTotpCode(page, account.totpSecret);
  await expect(page).not.toHaveURL(/\/beheer\/inloggen/);
}

type LoginAnswer = { token: string; address_id?: number | null; customers?: Array<{ id: number; name: string }>; projects?: Array<{ id: number; name: string; customer_id: number }> };

/** POST /api/public/login through the API (no browser), answering the second factor with `totpSecret` when asked; returns the answer. */
export async function apiLogin(request: APIRequestContext, { totpSecret, ...body }: Record<string, string>) {
  const response = await request.post('/api/public/login', { data: { ...body, language: 'nl' } });
  expect(response.status(), `login ${JSON.stringify(body)}`).toBe(200);
  const answer = (await response.json()) as LoginAnswer & { action?: string; ticket?: string };
  if (answer.action !== 'totp') return answer;
  if (!totpSecret) throw new Error(`login ${body.username}: the account asks a TOTP code`);
  return apiTotp(totpSecret, async (code) => {
    const second = await request.post('/api/public/login/totp', { data: { ticket: answer.ticket, code, language: 'nl' } });
    return second.ok() ? (await second.json()) as LoginAnswer : null;
  });
}

/** Answers a second-factor step through the API with the codes of TOTP_OFFSETS in turn (see enterTotpCode) until `send` gets an answer. */
export async function apiTotp<T>(secret: string, send: (code: string) => Promise<T | null>): Promise<T> {
  for (const [attempt, offset] of TOTP_OFFSETS.entries()) {
    if (attempt === 3) await new Promise((resolve) => setTimeout(resolve, 30_500 - (Date.now() % 30_000)));
    const answer = await send(await codeAt(secret, offset));
    if (answer !== null) return answer;
  }
  throw new Error('no TOTP code was accepted');
}

// --- forms --------------------------------------------------------------------------------------

/** A form's error summary (apps/web/src/ui/error-summary.tsx): the box at its top listing the field errors as links. */
export const errorSummary = (scope: Page | Locator) => scope.locator('[data-error-summary]');

/** The message shown at a field, not its copy in the error summary: exactly `text`, or matching a RegExp. */
export function fieldError(scope: Page | Locator, text: string | RegExp) {
  const escaped = typeof text === 'string' ? text.replace(/[.*+?^$()|[\]{}\\]/g, '\\$&') : null;
  return scope.locator('[data-field-error]').filter({ hasText: escaped === null ? text : new RegExp(`^${escaped}$`) });
}

/** The fixed header's height (83 px); 0 on a page without it. Whatever is scrolled into view must sit below it. */
export async function headerBottom(page: Page): Promise<number> {
  const box = await page.locator('[data-fixed-header]').boundingBox();
  return box ? box.y + box.height : 0;
}

// --- accessibility ------------------------------------------------------------------------------

/** Runs axe (WCAG 2.x A and AA) on the page as it is now and fails on serious or critical violations. */
export async function expectNoA11yViolations(page: Page, label = '') {
  // axe's default mode gathers every frame's results in a blank page that it opens for each check: about 1 s of the
  // 1.3 s a check took. Its legacy mode (axe.run in the page, same-origin frames included) checks the same rules on the
  // same elements, but cannot reach into a frame of another origin: a page with one (an embedder framing the portal)
  // keeps the default mode.
  const origin = new URL(page.url()).origin;
  const crossOriginFrame = page.frames().some((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(!crossOriginFrame)
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      ... and ${v.nodes.length - 5} more` : '';
      return `  - ${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  expect(bad.length, `${bad.length} serious/critical accessibility violation(s) on ${new URL(page.url()).pathname}${label ? ` (${label})` : ''}:\n${report}`).toBe(0);
}

/** The page is not wider than the viewport (no horizontal scrolling). */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page is ${scrollWidth} px wide in a ${innerWidth} px viewport on ${new URL(page.url()).pathname}`).toBeLessThanOrEqual(innerWidth);
}

/** The header's links, buttons and logo sit side by side inside the viewport, none over another. */
export async function expectHeaderFits(page: Page) {
  const problems = await page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return [];
    const bar = header.getBoundingClientRect();
    const items = [...header.querySelectorAll<HTMLElement>('a, button, img')]
      .map((el) => ({ name: el.textContent?.trim() || el.getAttribute('alt') || el.tagName, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && box.bottom <= bar.bottom + 0.5); // not the opened menu that hangs below it
    const found: string[] = [];
    for (const [i, a] of items.entries()) {
      if (a.box.left < 0 || a.box.right > window.innerWidth) found.push(`'${a.name}' sticks out of the viewport`);
      for (const b of items.slice(i + 1))
        if (a.box.left < b.box.right - 0.5 && b.box.left < a.box.right - 0.5 && a.box.top < b.box.bottom && b.box.top < a.box.bottom)
          found.push(`'${a.name}' overlaps '${b.name}'`);
    }
    // The logo stays readable on a phone: the full header height it may use, and most of the width.
    const logo = header.querySelector<HTMLImageElement>('img');
    if (logo && window.innerWidth <= 400) {
      const box = logo.getBoundingClientRect();
      const maxWidth = parseFloat(getComputedStyle(logo).maxWidth);
      if (box.height < 52) found.push(`the logo is ${box.height} px high`);
      if (!(maxWidth >= 0.6 * window.innerWidth)) found.push(`the logo may use only ${maxWidth} px of ${window.innerWidth} px`);
    }
    return found;
  });
  expect(problems, `header at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** Two animation frames in every frame of the page (a cross-site iframe paints in its own process). */
async function settle(page: Page) {
  await Promise.all(
    page.frames().map((frame) =>
      frame.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))).catch(() => {}),
    ),
  );
}

/** Full-page PNGs at 375 px and 1280 px wide into e2e/screenshots/{name}-{width}.png. */
export async function screenshots(page: Page, name: string) {
  const original = page.viewportSize();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT[width]! });
    await settle(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * The check every visited page gets: at 375 px and at 1280 px an axe run (serious/critical fail),
 * no horizontal scrolling, a header whose parts do not overlap, and a full-page screenshot.
 * Call it once the page shows its content.
 */
export async function checkPage(page: Page, name: string) {
  const original = page.viewportSize();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT[width]! });
    await settle(page);
    await expectNoHorizontalScroll(page);
    await expectHeaderFits(page);
    await expectNoA11yViolations(page, `${width} px`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}

/** The value of a CSS custom property on <html>. */
export function cssVariable(page: Page, name: string) {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}
