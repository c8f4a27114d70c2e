import type { Page, Route } from '@playwright/test';
import { checkPage, DEMO, expect, expectNoA11yViolations, screenshots, test } from './fixtures';

const LOST = 'Er kan geen verbinding worden gemaakt met de server. Controleer de internet verbinding.';
const RESTORED = 'De verbinding met de server is hersteld.';
const POLLING = '**/api/polling**';

/** Answers the connectivity check with the given frontend version; counts the checks. */
async function serveVersion(page: Page, version: string) {
  const seen = { count: 0 };
  await page.route(POLLING, (route: Route) => {
    seen.count++;
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'x-frontend-version': version, 'cache-control': 'no-store' },
      body: JSON.stringify({ success: true, time: new Date().toISOString() }),
    });
  });
  return seen;
}

test.describe('application shell', () => {
  test('?embed in the query hides the header', async ({ page }) => {
    await page.goto('/public/projecten?embed');
    await expect(page.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await checkPage(page, 'embed-query');
    // remembered for the visit
    await page.getByRole('button', { name: `Bekijk project: ${DEMO.project}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);

    await page.goto('/public/projecten');
    await expect(page.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('in a frame on another site the portal has no header', async ({ page, baseURL, mail }) => {
    // another origin (a page of e2e/server.ts on 127.0.0.1) frames the portal
    await page.goto(mail.embedderUrl('/public/projecten'));
    expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);
    const frame = page.frameLocator('iframe[title="Bewonersportaal"]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
    await expect(frame.getByRole('button', { name: `Bekijk project: ${DEMO.project}` })).toBeVisible();
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expectNoA11yViolations(page, 'framed');
    await screenshots(page, 'embed-frame');
    // the browser refuses storage to this third-party frame: the portal keeps working without it
    await frame.getByRole('button', { name: `Bekijk project: ${DEMO.project}` }).click();
    await expect(frame.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
    await expect(frame.getByRole('navigation', { name: 'Onderdelen van het project' })).toBeVisible();
    await expect(frame.getByRole('banner')).toHaveCount(0);

    // the same page on its own has its header
    await page.goto('/public/projecten');
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('the connectivity check runs every 5 s and gives up on a stalled answer after 5 s', async ({ page }) => {
    // The page's clock is paused and driven by the test: no waiting, no timing a slow machine could upset.
    await page.clock.install();
    const requests: string[] = [];
    let stall = false;
    await page.route(POLLING, (route) => {
      requests.push(route.request().url());
      if (!stall) return route.continue();
      // a stalled answer: the request stays open until the page gives up on it
    });
    await page.goto('/inloggen');
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await expect.poll(() => requests.length).toBeGreaterThanOrEqual(1);
    // a second ahead: the page's clock keeps running while this call travels, and cannot be set back
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1_000));

    /** Moves the clock in 100 ms steps until a check starts: the clock is then at most 100 ms past it. */
    const untilNextCheck = async () => {
      const before = requests.length;
      for (let step = 0; step < 60 && requests.length === before; step++) {
        await page.clock.runFor(100);
        await page.waitForTimeout(20); // let the request reach the route handler (real time)
      }
      expect(requests.length).toBe(before + 1);
    };
    await untilNextCheck();
    for (let round = 0; round < 2; round++) {
      const before = requests.length;
      await page.clock.runFor(4_800);
      await page.waitForTimeout(100);
      expect(requests.length, 'no check within 5 s of the last').toBe(before);
      await page.clock.runFor(300);
      await expect.poll(() => requests.length, { message: 'a check 5 s after the last' }).toBe(before + 1);
    }

    // The next answer stalls: nothing is said before its 5 s are up, the lost connection right after.
    stall = true;
    await untilNextCheck();
    await page.clock.runFor(4_800);
    await page.waitForTimeout(100);
    await expect(page.getByRole('alert').filter({ hasText: LOST })).toHaveCount(0);
    await page.clock.runFor(300);
    await expect(page.getByRole('alert').filter({ hasText: LOST })).toHaveCount(1);
  });

  test('every connectivity check finishes its request (none is aborted), so the page reaches network idle', async ({ page }) => {
    await page.clock.install();
    const started: string[] = [];
    const finished: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/api/polling')) started.push(request.url()); });
    page.on('requestfinished', (request) => { if (request.url().includes('/api/polling')) finished.push(request.url()); });
    page.on('requestfailed', (request) => { if (request.url().includes('/api/polling')) failed.push(`${request.url()}: ${request.failure()?.errorText}`); });
    await page.goto('/inloggen');
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    // The fake clock jumps 5.1 s at once while the requests are real: before each jump, wait until every check made so
    // far has its answer (on a loaded machine the first may still be on its way, and the jump would pass its time-out).
    const settled = () => expect.poll(() => finished.length + failed.length).toBe(started.length);
    await expect.poll(() => started.length).toBeGreaterThanOrEqual(1);
    for (let round = 0; round < 3; round++) {
      await settled();
      await page.clock.runFor(5_100);
      await expect.poll(() => finished.length).toBeGreaterThanOrEqual(round + 2);
    }
    // Then go past every time-out the checks set.
    await settled();
    await page.clock.runFor(6_000);
    await page.waitForTimeout(200);
    expect(failed).toEqual([]);
  });

  test('the connectivity watcher announces a lost connection once and its recovery once', async ({ page }) => {
    // every message element (role alert/status) that appears is recorded, so that a duplicate cannot hide
    await page.addInitScript(() => {
      const shown: string[] = [];
      (window as unknown as { shownMessages: string[] }).shownMessages = shown;
      new MutationObserver((mutations) => {
        for (const mutation of mutations)
          for (const node of mutation.addedNodes)
            if (node instanceof HTMLElement) {
              for (const el of [node, ...node.querySelectorAll('[role=alert],[role=status]')])
                if (['alert', 'status'].includes(el.getAttribute('role') ?? '')) shown.push(el.textContent ?? '');
            }
      }).observe(document, { childList: true, subtree: true });
    });
    const shownCount = (text: string) => page.evaluate((t) => (window as unknown as { shownMessages: string[] }).shownMessages.filter((m) => m.includes(t)).length, text);

    await page.goto('/inloggen');
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    const failed = { count: 0 };
    await page.route(POLLING, (route) => {
      failed.count++;
      return route.abort('internetdisconnected');
    });

    const lost = page.getByRole('alert').filter({ hasText: LOST });
    await expect(lost).toHaveCount(1, { timeout: 12_000 });
    await checkPage(page, 'connection-lost');
    // the next check fails too, without a second message
    const afterFirst = failed.count;
    await expect.poll(() => failed.count, { timeout: 8_000 }).toBeGreaterThan(afterFirst);
    await page.waitForTimeout(300);
    expect(await shownCount(LOST)).toBe(1);
    expect(await lost.count()).toBeLessThanOrEqual(1);

    await page.unroute(POLLING);
    const restored = page.getByRole('status').filter({ hasText: RESTORED });
    await expect(restored).toHaveCount(1, { timeout: 12_000 });
    await page.waitForResponse((r) => r.url().includes('/api/polling') && r.ok(), { timeout: 8_000 });
    await page.waitForTimeout(300);
    expect(await shownCount(RESTORED)).toBe(1);
    expect(await shownCount(LOST)).toBe(1);
  });

  test('a newer frontend version offers the update; Annuleren closes it for good', async ({ page }) => {
    const seen = await serveVersion(page, '7.1.0');
    await page.goto('/inloggen');
    const dialog = page.getByRole('dialog', { name: 'Nieuwe versie beschikbaar' });
    await expect(dialog).toBeVisible({ timeout: 12_000 });
    await expect(dialog.getByRole('button', { name: 'Toepassen' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
    await expectNoA11yViolations(page, 'update dialog');
    await screenshots(page, 'update-dialog');

    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toBeHidden();
    const checked = seen.count;
    await expect.poll(() => seen.count, { timeout: 8_000 }).toBeGreaterThan(checked); // another check, same version
    await page.waitForTimeout(300);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/inloggen$/);
  });

  test('Toepassen goes to /update, which loads the app afresh', async ({ page }) => {
    await serveVersion(page, '7.1.0');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    await page.goto('/public/projecten');
    const dialog = page.getByRole('dialog', { name: 'Nieuwe versie beschikbaar' });
    await expect(dialog).toBeVisible({ timeout: 12_000 });
    await page.unroute(POLLING); // the fresh app talks to the real server (version 7.0.0)

    const reload = page.waitForRequest((r) => r.isNavigationRequest() && /\/\?v=\d+/.test(r.url()));
    await dialog.getByRole('button', { name: 'Toepassen' }).click();
    await reload;
    await expect(page).toHaveURL(/\/public\/projecten$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
    expect(visited).toContain('/update');
    await expect(dialog).toBeHidden();
  });

  for (const version of ['7.0.0', '6.9.9']) {
    test(`a server version of ${version} offers no update`, async ({ page }) => {
      const seen = await serveVersion(page, version);
      await page.goto('/inloggen');
      await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
      // the first check runs when the page starts; a newer version would open the dialog right after it
      await expect.poll(() => seen.count, { timeout: 12_000 }).toBeGreaterThanOrEqual(1);
      await page.waitForTimeout(1_000);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByText('Nieuwe versie beschikbaar')).toBeHidden();
    });
  }
});
