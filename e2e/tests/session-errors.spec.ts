import { checkPage, DEMO, expect, loginAsResident, test } from './fixtures';
import type { Page } from '@playwright/test';

/** Spec section 8: a 403 or 500 outside the login page leads to /inloggen; a 401 too, and is swallowed. */
test.describe('failed calls lead to the login, which says why', () => {
  const errorToasts = (page: Page) => page.locator('[aria-live="assertive"]');

  test('401: the session ended on the server; the action leads to the login without an error toast', async ({ page, request }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/profiel');
    const anna = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Anna de Vries/ }) });
    await expect(anna).toBeVisible();

    // The session ends elsewhere (logged out on another device, or expired).
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    expect((await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` }, data: {} })).status()).toBe(200);

    await anna.getByRole('button', { name: 'Verwijderen' }).click();
    const refused = page.waitForResponse((r) => r.url().includes('/api/occupant/occupant/delete/') && r.status() === 401);
    await page.getByRole('dialog', { name: 'Gebruiker verwijderen' }).getByRole('button', { name: 'Ja, verwijderen' }).click();
    await refused;

    await expect(page).toHaveURL(/\/inloggen$/);
    await expect(page.getByRole('status').filter({ hasText: 'Uw sessie is verlopen' })).toContainText('Log opnieuw in om verder te gaan.');
    await expect(errorToasts(page)).toBeEmpty();
    await checkPage(page, 'login-session-expired');

    // Nothing was lost, and logging in again returns to the page the person was on.
    await page.getByLabel('Postcode').fill(DEMO.resident.zipcode);
    await page.getByLabel('Huisnummer + toevoeging').fill(DEMO.resident.houseNumber);
    await page.getByLabel('Wachtwoord of activatiecode').fill(DEMO.resident.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(anna).toBeVisible();
    // The reason is shown once: a later visit of the login page is plain.
    await page.goto('/inloggen');
    await expect(page.getByText('Uw sessie is verlopen')).toHaveCount(0);
  });

  test('403: a session without access to the page leads to the login with "Geen toegang"', async ({ page }) => {
    // A staff token stored as a resident's is now refused as another face (401); a 403 on a resident's page is a
    // rule of the server (a household member at the holder's data), so this one answer is replaced in the browser.
    await loginAsResident(page, DEMO.resident);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.route('**/api/occupant/news**', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'U heeft geen toegang tot deze gegevens.' }) }));
    const refused = page.waitForResponse((r) => r.url().includes('/api/occupant/') && r.status() === 403);
    await page.goto('/nieuws');
    await refused;
    await expect(page).toHaveURL(/\/inloggen$/);
    await expect(page.getByRole('status').filter({ hasText: 'Geen toegang' })).toBeVisible();
    await expect(errorToasts(page)).toBeEmpty();
  });

  test('500: a server error leads to the login with "Er ging iets mis", and back after logging in', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The server cannot be made to fail on purpose (every input a user can send is answered in Dutch),
    // so this one answer is replaced in the browser.
    await page.route('**/api/occupant/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }), { times: 1 });
    await page.goto('/nieuws');
    await expect(page).toHaveURL(/\/inloggen$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Er ging iets mis' })).toContainText('Er is een fout opgetreden op de server.');
    await page.getByLabel('Postcode').fill(DEMO.resident.zipcode);
    await page.getByLabel('Huisnummer + toevoeging').fill(DEMO.resident.houseNumber);
    await page.getByLabel('Wachtwoord of activatiecode').fill(DEMO.resident.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page).toHaveURL(/\/nieuws$/);
  });
});
