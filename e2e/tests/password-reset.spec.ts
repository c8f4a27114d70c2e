import { checkPage, DEMO, errorSummary, expect, fieldError, loginAsResident, test, type MailCatcher } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';

const TEMPORARY_PASSWORD = 'Tijdelijk2026!';
const SENT_TITLE = 'Wachtwoord verzonden';
const SENT_TEXT = 'Als er een account bestaat, wordt een e-mail verzonden met verdere instructies.';
const LINK = /https?:\/\/[^\s"<>]+\/password\/reset\/[^\s"<>]+/;

async function requestReset(page: Page, username: string) {
  await page.goto('/wachtwoord-vergeten');
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByRole('button', { name: 'Verstuur' }).click();
  const status = page.getByRole('status').filter({ hasText: SENT_TITLE });
  await expect(status).toContainText(SENT_TEXT);
}

/** Sets the demo resident's password back through a second reset (other specs log in with it). */
async function restorePassword(request: APIRequestContext, mail: MailCatcher) {
  await mail.clear();
  const asked = await request.post('/api/public/forgot-password', { data: { username: DEMO.residentEmail, language: 'nl' } });
  expect(asked.status()).toBe(200);
  const message = await mail.waitFor({ to: DEMO.residentEmail, subject: 'Nieuw wachtwoord instellen' });
  const [, , , token = '', , username = ''] = new URL(LINK.exec(message.text)![0]).pathname.split('/').map(decodeURIComponent);
  const set = await request.post('/api/public/set-password', { data: { password: DEMO.resident.password, username, code: token, language: 'nl' } });
  expect(set.status(), await set.text()).toBe(200);
}

test('forgot password: validation, the uniform answer, the mailed link, and the link working once', async ({ page, mail, request }) => {
  await page.goto('/wachtwoord-vergeten');
  await expect(page.getByRole('heading', { level: 1, name: 'Wachtwoord vergeten' })).toBeVisible();
  await checkPage(page, 'forgot-password');
  await page.getByRole('button', { name: 'Verstuur' }).click();
  await expect(errorSummary(page)).toBeFocused();
  await expect(fieldError(page, 'Vul een gebruikersnaam in')).toBeVisible();
  await checkPage(page, 'forgot-password-error');

  await mail.clear();
  // an unknown account gets the very same answer, and no mail goes out
  await requestReset(page, 'niemand@example.nl');
  await checkPage(page, 'forgot-password-sent');

  // the demo resident, by postcode + house number
  await requestReset(page, `${DEMO.resident.zipcode}${DEMO.resident.houseNumber}`);
  const message = await mail.waitFor({ to: DEMO.residentEmail, subject: 'Nieuw wachtwoord instellen' });
  expect(message.subject).toBe('Nieuw wachtwoord instellen');
  expect((await mail.all()).filter((m) => m.to.includes('niemand@example.nl'))).toEqual([]);
  const link = new URL(LINK.exec(message.text)![0]);
  const [, , , token, email, username] = link.pathname.split('/').map(decodeURIComponent);
  expect(link.pathname).toMatch(/^\/password\/reset\//);
  expect(link.origin).toBe(new URL(page.url()).origin);
  expect(token).toBeTruthy();
  expect(email).toBe(DEMO.residentEmail);
  expect(username).toBe(`${DEMO.resident.zipcode}${DEMO.resident.houseNumber}`);

  try {
    await page.goto(link.pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuw wachtwoord instellen' })).toBeVisible();
    await expect(page.getByText(DEMO.residentEmail)).toBeVisible();
    await checkPage(page, 'password-reset');

    await page.getByLabel('Nieuw wachtwoord').fill('kort');
    await page.getByLabel('Herhaal wachtwoord').fill('kort');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(fieldError(page, /Het wachtwoord moet bevatten:.*minimaal 8 tekens/)).toBeVisible();

    await page.getByLabel('Nieuw wachtwoord').fill(TEMPORARY_PASSWORD);
    await page.getByLabel('Herhaal wachtwoord').fill(TEMPORARY_PASSWORD);
    const sent = page.waitForRequest((r) => r.url().includes('/api/public/set-password'));
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(page.getByRole('status')).toContainText('Uw wachtwoord is succesvol aangepast.');
    // the spec's fields of POST /public/set-password (section 7)
    expect((await sent).postDataJSON()).toEqual({
      password: TEMPORARY_PASSWORD, username, zipcode: DEMO.resident.zipcode, house_number: DEMO.resident.houseNumber, code: token, language: 'nl',
    });
    await checkPage(page, 'password-reset-done');

    // the new password works, the old one no longer
    await loginAsResident(page, { ...DEMO.resident, password: TEMPORARY_PASSWORD });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.clear());
    const old = await request.post('/api/public/login', {
      data: { zipcode: DEMO.resident.zipcode, house_number: DEMO.resident.houseNumber, password: DEMO.resident.password, language: 'nl' },
    });
    expect(old.status()).toBe(401);

    // the link works once, and a used link says so when it opens, before any password is typed
    await page.goto(link.pathname);
    const refused = page.getByRole('alert').filter({ hasText: 'Link niet meer geldig' });
    await expect(refused).toContainText('De link om uw wachtwoord in te stellen is ongeldig of verlopen.');
    await expect(page.getByLabel('Nieuw wachtwoord')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Wachtwoord vergeten' })).toHaveAttribute('href', '/wachtwoord-vergeten');
    await checkPage(page, 'password-reset-used');
    await page.getByRole('link', { name: 'Wachtwoord vergeten' }).click();
    await expect(page).toHaveURL(/\/wachtwoord-vergeten$/);
  } finally {
    await restorePassword(request, mail);
  }
  const back = await request.post('/api/public/login', {
    data: { zipcode: DEMO.resident.zipcode, house_number: DEMO.resident.houseNumber, password: DEMO.resident.password, language: 'nl' },
  });
  expect(back.status()).toBe(200);
});
