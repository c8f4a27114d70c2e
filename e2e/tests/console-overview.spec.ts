import type { Page } from '@playwright/test';
import { checkPage, DEMO, expect, loginToConsole, test } from './fixtures';
import { bloemenbuurtId } from './console-helpers';
import { withDatabase } from './db';

const projectNav = (page: Page) => page.getByRole('navigation', { name: 'Project' });
const part = (page: Page, heading: string) => page.getByRole('region', { name: heading });
const FORM = 'Uw wensen voor de renovatie';
/** A woco-viewer with a console password of its own (the demo's woco user logs in by token only). */
const VIEWER = { email: 'kijker-overzicht@example.nl', password: DEMO.consoleEditor.password };

test('the administrator opens a project on its overview, with the project navigation, and follows its figures to the filtered lists', async ({ page, mail }) => {
  test.setTimeout(180_000);
  // A form of the demo closes in three days (put back afterwards).
  const before = await withDatabase(mail, async (db) => (await db.query<{ closes_at: Date | null }>(
    `UPDATE forms f SET closes_at = now() + interval '3 days' FROM (SELECT id, closes_at FROM forms WHERE name = $1) old WHERE f.id = old.id RETURNING old.closes_at`, [FORM])).rows[0]!.closes_at);
  try {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    await page.getByRole('link', { name: DEMO.project }).first().click();
    await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}$`));
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();

    // One navigation for the project: every item for the administrator, the overview marked as the current page.
    const nav = projectNav(page);
    await expect(nav.getByRole('link')).toHaveText(['Overzicht', 'Inhoud', 'Adressen', 'Formulieren', 'Draagvlak', 'Betalingen', 'Enquêtes', 'Afspraken', 'Inbox', 'Bereik', 'Bewaren', 'Instellingen']);
    await expect(nav.getByRole('link', { name: 'Overzicht' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', `/beheer/inbox?project=${projectId}`);
    for (const heading of ['Gesprekken', 'Afspraken', 'Formulieren met een deadline', 'Draagvlak', 'Betalingen', 'Bewoners']) {
      await expect(part(page, heading)).toBeVisible();
    }
    await expect(part(page, 'Draagvlak')).toContainText('Draagvlakmeting renovatieplan');
    await checkPage(page, 'console-overview');

    // Residents not yet activated: the address list filtered on them (Tulpstraat 10 has an account).
    const notActivated = part(page, 'Bewoners').getByRole('link', { name: /Nog niet geactiveerd/ });
    const count = Number((await notActivated.locator('span').first().textContent())!.replace(/\./g, ''));
    expect(count).toBeGreaterThan(0);
    await notActivated.click();
    await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/adressen\\?status=not-activated$`));
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('not-activated');
    // (Tulpstraat 14 of the demo is activated by the activation spec when the whole suite runs: any listed address will do.)
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Tulpstraat 10' })).toHaveCount(0);
    await expect(projectNav(page).getByRole('link', { name: 'Adressen' })).toHaveAttribute('aria-current', 'page');

    // The form closing this week: its unanswered addresses, as the entries list counts them.
    await projectNav(page).getByRole('link', { name: 'Overzicht' }).click();
    const formPart = part(page, 'Formulieren met een deadline');
    await expect(formPart).toContainText(FORM);
    const unanswered = formPart.getByRole('link', { name: /nog niet gereageerd/ });
    const open = Number((await unanswered.locator('span').first().textContent())!.replace(/\./g, ''));
    await unanswered.click();
    await expect(page).toHaveURL(new RegExp(`/formulieren/\\d+/invullingen\\?answered=no$`));
    await expect(page.getByRole('button', { name: `Niet ingevuld (${open})` })).toHaveAttribute('aria-pressed', 'true');
    await expect(projectNav(page).getByRole('link', { name: 'Formulieren' })).toHaveAttribute('aria-current', 'page');

    // Payments: the open ones, filtered.
    await page.goBack();
    await part(page, 'Betalingen').getByRole('link', { name: /Open betalingen/ }).click();
    await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/betalingen\\?status=open$`));
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('open');

    // The settings moved one item further.
    await projectNav(page).getByRole('link', { name: 'Instellingen' }).click();
    await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/instellingen$`));
    await expect(page.getByRole('button', { name: 'Opslaan' })).toBeVisible();
    await expect(projectNav(page).getByRole('link', { name: 'Instellingen' })).toHaveAttribute('aria-current', 'page');

    // The navigation by keyboard: Tab reaches its items in order.
    await projectNav(page).getByRole('link', { name: 'Overzicht' }).focus();
    await page.keyboard.press('Tab');
    await expect(projectNav(page).getByRole('link', { name: 'Inhoud' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/inhoud$`));
  } finally {
    await withDatabase(mail, (db) => db.query('UPDATE forms SET closes_at = $2 WHERE name = $1', [FORM, before]));
  }
});

test('a housing corporation viewer sees only what it may: no payments, no residents, no settings', async ({ page, mail }) => {
  test.setTimeout(120_000);
  await withDatabase(mail, async (db) => {
    const { rows: [user] } = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, name, password_hash) SELECT $1, $1, 'Kijker Overzicht', password_hash FROM users WHERE username = $2
       ON CONFLICT (username) DO UPDATE SET name = EXCLUDED.name RETURNING id`, [VIEWER.email, DEMO.consoleEditor.email]);
    await db.query(`INSERT INTO user_customers (user_id, customer_id, role) SELECT $1, id, 'woco-viewer' FROM customers WHERE name = $2 ON CONFLICT DO NOTHING`,
      [user!.id, DEMO.customer]);
  });
  await loginToConsole(page, VIEWER);
  const projectId = await bloemenbuurtId(page);
  await page.goto(`/beheer/projecten/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
  await expect(projectNav(page).getByRole('link')).toHaveText(['Overzicht', 'Formulieren', 'Draagvlak', 'Enquêtes', 'Afspraken', 'Inbox']);
  for (const heading of ['Gesprekken', 'Afspraken', 'Formulieren met een deadline', 'Draagvlak']) await expect(part(page, heading)).toBeVisible();
  await expect(part(page, 'Betalingen')).toHaveCount(0);
  await expect(part(page, 'Bewoners')).toHaveCount(0);
  await checkPage(page, 'console-overview-viewer');
});
