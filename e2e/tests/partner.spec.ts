import { checkPage, DEMO, errorSummary, expect, fieldError, loginAsPartner, loginAsResident, test } from './fixtures';

test.describe('partner login', () => {
  test('a partner with two customers goes customers → projects → partner dashboard', async ({ page }) => {
    await page.goto('/inloggen');
    await page.getByRole('button', { name: 'Inloggen als partner' }).click();
    await expect(page.getByRole('form', { name: 'Inloggen als partner' })).toBeVisible();
    await expect(page.getByLabel('Gebruikersnaam')).toBeVisible();
    await checkPage(page, 'login-partner');

    await loginAsPartner(page, DEMO.partner);
    await expect(page).toHaveURL(/\/partner\/klanten$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(DEMO.customer) })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(DEMO.otherCustomer) })).toBeVisible();
    await checkPage(page, 'partner-customers');

    await page.getByRole('link', { name: new RegExp(DEMO.customer) }).click();
    await expect(page).toHaveURL(/\/partner\/projecten\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
    await expect(page.getByRole('heading', { name: DEMO.project })).toBeVisible();
    await checkPage(page, 'partner-projects');

    await page.getByRole('button', { name: `Open project: ${DEMO.project}` }).click();
    await expect(page).toHaveURL(/\/partner\/dashboard\/\d+$/);
    const projectId = new URL(page.url()).pathname.split('/').pop();
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Onderdelen van het project' });
    const tiles = nav.getByRole('link');
    await expect(tiles.first()).toBeVisible();
    expect(await tiles.count()).toBeGreaterThanOrEqual(10);
    await expect(tiles.filter({ hasText: 'Opname' })).toHaveAttribute('href', `/partner/opname/project/${projectId}/formulieren`);
    // No tile sends staff to a resident page (they would land on 'Inloggen'): resident-only modules are shown, not linked.
    for (const href of await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^\/partner\//);
    // Formulieren leads a partner to the project's choice forms, to fill them in per address.
    await expect(tiles.filter({ hasText: 'Formulieren' })).toHaveAttribute('href', `/partner/keuze/project/${projectId}/formulieren`);
    for (const name of ['Enquêtes', 'Afspraken', 'Dossier']) {
      const tile = nav.getByRole('listitem').filter({ hasText: name });
      await expect(tile).toContainText('Alleen voor bewoners');
      await expect(tile.getByRole('link')).toHaveCount(0);
    }
    // The menu holds what a partner may open: the project list, not a resident's profile.
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('link', { name: 'PROFIEL', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'PROJECTEN', exact: true })).toHaveAttribute('href', '/partner/klanten');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', `/partner/dashboard/${projectId}`);
    await checkPage(page, 'partner-dashboard');

    await page.getByRole('link', { name: 'Alle projecten' }).click();
    await expect(page).toHaveURL(/\/partner\/projecten\/\d+$/);
    await page.getByRole('link', { name: 'Alle klanten' }).click();
    await expect(page).toHaveURL(/\/partner\/klanten$/);
  });

  test('a wrong partner password shows the failure banner', async ({ page }) => {
    await page.goto('/inloggen');
    await page.getByRole('button', { name: 'Inloggen als partner' }).click();
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(fieldError(page, 'Vul een gebruikersnaam in')).toBeVisible();
    await expect(fieldError(page, 'Vul een wachtwoord in')).toBeVisible();

    await page.getByLabel('Gebruikersnaam').fill(DEMO.partner.username);
    await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('Verkeerd2026!');
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Inloggen mislukt' })).toContainText('Gebruikersnaam en/of wachtwoord onjuist');
    await expect(page).toHaveURL(/\/inloggen$/);
    await checkPage(page, 'login-partner-failed');
  });

  test("a logged-in partner on a resident page goes to the partner's own start page, and a resident on a partner page to theirs", async ({ page, browser, baseURL }) => {
    await loginAsPartner(page, DEMO.partner);
    await expect(page).toHaveURL(/\/partner\/klanten$/);
    for (const path of ['/dashboard', '/profiel', '/nieuws', '/formulieren']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/partner\/klanten$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
    }
    const context = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
    try {
      const resident = await context.newPage();
      await loginAsResident(resident, DEMO.resident);
      await expect(resident).toHaveURL(/\/dashboard$/);
      await resident.goto('/partner/klanten');
      await expect(resident).toHaveURL(/\/dashboard$/);
      await expect(resident.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('partner pages without a login go to the login', async ({ page }) => {
    await page.goto('/partner/klanten');
    await expect(page).toHaveURL(/\/inloggen$/);
  });
});
