import { checkPage, DEMO, expect, loginAsPartner, test } from './fixtures';

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
    const tiles = page.getByRole('navigation', { name: 'Onderdelen van het project' }).getByRole('link');
    await expect(tiles.first()).toBeVisible();
    expect(await tiles.count()).toBeGreaterThanOrEqual(14);
    await expect(tiles.filter({ hasText: 'Opname' })).toHaveAttribute('href', `/partner/opname/project/${projectId}/formulieren`);
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
    await expect(page.getByText('Vul een gebruikersnaam in')).toBeVisible();
    await expect(page.getByText('Vul een wachtwoord in')).toBeVisible();

    await page.getByLabel('Gebruikersnaam').fill(DEMO.partner.username);
    await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('Verkeerd2026!');
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Inloggen mislukt' })).toContainText('Gebruikersnaam en/of wachtwoord onjuist');
    await expect(page).toHaveURL(/\/inloggen$/);
    await checkPage(page, 'login-partner-failed');
  });

  test('partner pages without a login go to the login', async ({ page }) => {
    await page.goto('/partner/klanten');
    await expect(page).toHaveURL(/\/inloggen$/);
  });
});
