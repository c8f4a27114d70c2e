import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { checkPage, DEMO, errorSummary, expect, fieldError, loginAsResident, test } from './fixtures';

/** Chat ('Contact', portal.md sections 2, 4, 5, 8): resident, public visitor and the project team's inbox. */

const PARTNER_NAME = 'Pieter Bakker (Installatiebedrijf Bakker)';

async function projectIdOf(request: APIRequestContext, name: string): Promise<number> {
  const customer = (await (await request.get('/api/public/customer/')).json()) as { projects: Array<{ id: number; name: string }> };
  const project = customer.projects.find((p) => p.name === name);
  if (!project) throw new Error(`no public project ${name}`);
  return project.id;
}

/** A second, separate browser (its own storage): the partner's side. */
async function partnerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // (fixtures' loginAsPartner looks the password up by its exact label, which the required-field asterisk breaks)
  await page.goto('/inloggen');
  await page.getByRole('button', { name: 'Inloggen als partner' }).click();
  await page.getByLabel('Gebruikersnaam').fill(DEMO.partner.username);
  await page.getByLabel(/^Wachtwoord/).fill(DEMO.partner.password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).not.toHaveURL(/\/inloggen/);
  return page;
}

const messages = (page: Page) => page.getByTestId('chat-messages');
const sendButton = (page: Page) => page.getByRole('button', { name: 'Versturen' });
const toastSent = (page: Page) => page.getByRole('status').filter({ hasText: 'Bericht verzonden' });
/** Axe, no horizontal scrolling and screenshots at 375 and 1280 px, from the top of the page. */
async function check(page: Page, name: string) {
  for (const close of await page.getByRole('button', { name: 'Sluiten' }).all()) await close.click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkPage(page, name);
}

test.describe('chat', () => {
  test('a resident sends a message, the partner replies from the inbox, and the reply appears without a reload', async ({ page, browser, baseURL, request }) => {
    const projectId = await projectIdOf(request, DEMO.project);
    const question = `Kan de steiger een dag eerder weg? (${Date.now()})`;
    const answer = `Ja, dat regelen we. (${Date.now()})`;

    // --- the resident ---
    await loginAsResident(page, DEMO.resident);
    await page.locator('[data-module="messages"]').click();
    await expect(page).toHaveURL(/\/berichten\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug naar dashboard' })).toHaveAttribute('href', '/dashboard');
    // the demo conversation, the team's messages with the team member's name
    await expect(messages(page)).toContainText('de kozijnen aan de Tulpstraat worden in week 14 geplaatst');
    await expect(messages(page)).toContainText(PARTNER_NAME);
    await expect(page.getByLabel('Naam')).toHaveCount(0); // a resident only writes a message
    await expect(page.getByRole('textbox', { name: 'Bericht', exact: true })).toHaveAttribute('rows', '3');

    await sendButton(page).click();
    // one field, the same answer as every form: the summary takes focus, the message is at the field
    await expect(errorSummary(page)).toBeFocused();
    await expect(fieldError(page, 'Vul a.u.b. een bericht in.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Bericht', exact: true }).fill(question);
    await sendButton(page).click();
    await expect(toastSent(page)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Bericht', exact: true })).toHaveValue('');
    await expect(errorSummary(page)).toHaveCount(0);
    const own = messages(page).locator('li[data-own]').filter({ hasText: question });
    await expect(own).toBeVisible();
    await expect(own).toContainText('Jan de Vries');
    // the newest message is scrolled into view
    await expect(own).toBeInViewport();
    await check(page, 'chat-resident');

    // --- the partner, in a second browser ---
    const partner = await partnerPage(browser, baseURL);
    try {
      await partner.goto(`/partner/dashboard/${projectId}`);
      const tile = partner.locator('[data-module="messages"]');
      await expect(tile).toHaveAttribute('href', `/partner/berichten/${projectId}`);
      await tile.click();
      await expect(partner).toHaveURL(new RegExp(`/partner/berichten/${projectId}$`));
      await expect(partner.getByRole('heading', { level: 1, name: `Berichten: ${DEMO.project}` })).toBeVisible();
      const inbox = partner.getByRole('navigation', { name: 'Gesprekken' });
      const janEntry = inbox.getByRole('link').filter({ hasText: 'Jan de Vries' });
      await expect(janEntry).toContainText('Tulpstraat 10, 1234 AB Utrecht');
      await expect(janEntry).toContainText(question);
      await expect(janEntry).toContainText(/\d+ ongelezen/);
      await expect(inbox.getByRole('link').filter({ hasText: 'Marieke Smit' })).toContainText('marieke.smit@example.nl');
      await expect(partner.getByRole('heading', { name: 'Kies een gesprek' })).toBeVisible();
      await check(partner, 'chat-partner-inbox');

      await janEntry.click();
      await expect(partner).toHaveURL(new RegExp(`/partner/berichten/${projectId}/\\d+$`));
      await expect(partner.getByRole('heading', { level: 2, name: 'Jan de Vries' })).toBeVisible();
      await expect(messages(partner)).toContainText(question);
      // opened: no longer unread
      await expect(janEntry).not.toContainText('ongelezen');
      await sendButton(partner).click();
      await expect(fieldError(partner, 'Vul a.u.b. een bericht in.')).toBeVisible();
      await partner.getByLabel('Antwoord').fill(answer);
      await sendButton(partner).click();
      await expect(toastSent(partner)).toBeVisible();
      await expect(messages(partner).locator('li[data-own]').filter({ hasText: answer })).toContainText(PARTNER_NAME);
      await expect(janEntry).toContainText(`U: ${answer}`);
      await check(partner, 'chat-partner-conversation');
      // below 640 px the list is a dropdown beside the open conversation
      await partner.setViewportSize({ width: 375, height: 812 });
      await expect(partner.getByLabel('Gesprekken')).toBeVisible();
      await expect(partner.getByRole('navigation', { name: 'Gesprekken' })).toHaveCount(0);
    } finally {
      await partner.context().close();
    }

    // --- back to the resident: the reply arrives by polling, no reload ---
    const reply = messages(page).locator('li:not([data-own])').filter({ hasText: answer });
    await expect(reply).toBeVisible({ timeout: 15_000 });
    await expect(reply).toContainText(PARTNER_NAME);
    await expect(page.getByTestId('chat-announcer')).toContainText(`Nieuw bericht van ${PARTNER_NAME}: ${answer}`);

    await page.getByRole('link', { name: 'Terug naar dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a public visitor sees validation errors first, then sends, and is remembered after a reload', async ({ page, request }) => {
    const projectId = await projectIdOf(request, DEMO.project);
    const text = `Wanneer is de informatieavond? (${Date.now()})`;
    await page.goto(`/public/berichten/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug naar dashboard' })).toHaveAttribute('href', `/public/dashboard/${projectId}`);
    await expect(page.getByText('Er zijn nog geen berichten.')).toBeVisible();

    // Bloemenbuurt's notification is 'between' (weekdays 08:00-17:00): shown exactly when the server says so.
    const state = (await (await request.get(`/api/public/chat/${projectId}`)).json()) as { customer: { notification: { is_visible: boolean } } };
    await expect(page.getByText('Buiten kantooruren')).toHaveCount(state.customer.notification.is_visible ? 1 : 0);

    await sendButton(page).click();
    await expect(errorSummary(page).getByRole('link')).toHaveText(['Vul a.u.b. een naam in.', 'Vul a.u.b. een bericht in.']);
    await expect(fieldError(page, 'Vul a.u.b. een naam in.')).toBeVisible();
    await expect(fieldError(page, 'Vul a.u.b. een bericht in.')).toBeVisible();
    await expect(page.getByLabel('Naam')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Naam').fill('Anna Bakker');
    await page.getByLabel('E-mailadres').fill('anna@voorbeeld');
    await page.getByRole('textbox', { name: 'Bericht', exact: true }).fill(text);
    await sendButton(page).click();
    await expect(fieldError(page, 'Vul een geldig e-mailadres in')).toBeVisible();
    await expect(page.getByText('Vul a.u.b. een naam in.')).toHaveCount(0);
    await check(page, 'chat-public-errors');

    await page.getByLabel('E-mailadres').fill('anna@example.nl');
    await sendButton(page).click();
    await expect(toastSent(page)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Bericht', exact: true })).toHaveValue('');
    await expect(messages(page).locator('li[data-own]').filter({ hasText: text })).toContainText('Anna Bakker');

    const stored = await page.evaluate((id) => ({ unique: localStorage.getItem(`portal.visitor.${id}`), visitor: localStorage.getItem(`portal.chat_visitor.${id}`) }), projectId);
    expect(stored.unique).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(JSON.parse(stored.visitor ?? '{}')).toEqual({ name: 'Anna Bakker', email: 'anna@example.nl' });

    // after a reload: same conversation, name and e-mail remembered; /public/chat/{id} is the same page
    await page.goto(`/public/chat/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(page.getByLabel('Naam')).toHaveValue('Anna Bakker');
    await expect(page.getByLabel('E-mailadres')).toHaveValue('anna@example.nl');
    await expect(messages(page)).toContainText(text);
    await page.reload();
    await expect(page.getByLabel('Naam')).toHaveValue('Anna Bakker');
    await expect(messages(page)).toContainText(text);
    await check(page, 'chat-public');

    await page.getByRole('link', { name: 'Terug naar dashboard' }).click();
    await expect(page).toHaveURL(new RegExp(`/public/dashboard/${projectId}$`));
  });

  test("a project whose notification is 'on' always shows it", async ({ page, request }) => {
    const projectId = await projectIdOf(request, DEMO.secondProject);
    await page.goto(`/public/chat/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Let op: bouwvak' })).toContainText('beperkt bereikbaar');
  });
});
