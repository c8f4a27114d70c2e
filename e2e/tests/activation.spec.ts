import { checkPage, DEMO, errorSummary, expect, fieldError, loginAsResident, test } from './fixtures';

// Consumes the demo activation code: every run starts on a fresh database, so this runs once per run.
const NEW_PASSWORD = 'Activeer2026!';

test('a first login with the activation code activates the account and logs in', async ({ page, browser, baseURL }) => {
  const { zipcode, houseNumber, code } = DEMO.activation;
  await page.goto('/inloggen');
  await page.getByLabel('Postcode').fill(zipcode);
  await page.getByLabel('Huisnummer + toevoeging').fill(houseNumber);
  await page.getByLabel('Wachtwoord of activatiecode').fill(code);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();

  await expect(page).toHaveURL(/\/activeer-account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account activeren' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Voorwaarden' })).toBeVisible();
  await checkPage(page, 'activate-account');

  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(errorSummary(page)).toBeFocused();
  await expect(fieldError(page, 'U moet akkoord gaan met de voorwaarden')).toBeVisible();
  await errorSummary(page).getByRole('link', { name: 'U moet akkoord gaan met de voorwaarden' }).click();
  await expect(page.getByLabel('Ik ga akkoord met de gebruiksvoorwaarden en de privacyverklaring')).toBeFocused();
  await expect(page).toHaveURL(/\/activeer-account$/);
  await checkPage(page, 'activate-account-error');

  await page.getByLabel('Ik ga akkoord met de gebruiksvoorwaarden en de privacyverklaring').check();
  await expect(page.getByText('U moet akkoord gaan met de voorwaarden')).toHaveCount(0);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/\/stel-account-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stel uw account in' })).toBeVisible();
  await checkPage(page, 'set-account');

  const password = page.getByLabel('Nieuw wachtwoord');
  const repeat = page.getByLabel('Herhaal wachtwoord');
  const activate = page.getByRole('button', { name: 'Account activeren' });

  await activate.click();
  await expect(errorSummary(page)).toBeFocused();
  await expect(fieldError(page, 'Vul een wachtwoord in')).toHaveCount(2);

  await password.fill('abc');
  await repeat.fill('abc');
  await activate.click();
  const weak = fieldError(page, /Het wachtwoord moet bevatten:/);
  await expect(weak).toContainText('minimaal 8 tekens');
  await expect(weak).toContainText('minimaal 1 cijfer');
  await expect(weak).toContainText('minimaal 1 hoofdletter');
  await expect(weak).not.toContainText('kleine letter'); // 'abc' has lower-case letters: only the unmet rules are listed
  await checkPage(page, 'set-account-weak');

  await password.fill(NEW_PASSWORD);
  await repeat.fill(`${NEW_PASSWORD}x`);
  await activate.click();
  await expect(fieldError(page, 'Wachtwoorden komen niet overeen')).toBeVisible();
  await expect(weak).toHaveCount(0);

  await repeat.fill(NEW_PASSWORD);
  await activate.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();

  // a new browser: the new password works, the used code no longer does
  const context = await browser.newContext({ baseURL });
  try {
    const fresh = await context.newPage();
    await loginAsResident(fresh, { zipcode, houseNumber, password: NEW_PASSWORD });
    await expect(fresh).toHaveURL(/\/dashboard$/);

    await fresh.evaluate(() => localStorage.clear());
    await fresh.goto('/inloggen');
    await fresh.getByLabel('Postcode').fill(zipcode);
    await fresh.getByLabel('Huisnummer + toevoeging').fill(houseNumber);
    await fresh.getByLabel('Wachtwoord of activatiecode').fill(code);
    await fresh.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(fresh.getByRole('alert').filter({ hasText: 'Inloggen mislukt' })).toContainText('Gebruikersnaam en/of wachtwoord onjuist');
    await expect(fresh).toHaveURL(/\/inloggen$/);
  } finally {
    await context.close();
  }
});

test('the activation pages without a pending activation go back to the login', async ({ page }) => {
  await page.goto('/activeer-account');
  await expect(page).toHaveURL(/\/inloggen$/);
  await page.goto('/stel-account-in');
  await expect(page).toHaveURL(/\/inloggen$/);
});
