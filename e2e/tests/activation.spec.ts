import { checkPage, DEMO, errorSummary, expect, fieldError, loginAsResident, loginToConsole, test } from './fixtures';

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

  // Who the holder is: asked, nothing filled in for them (no aanhef chosen), the e-mail address optional with its reason.
  const aanhef = page.getByRole('group', { name: 'Aanhef' });
  await expect(aanhef.getByRole('radio')).toHaveCount(3);
  for (const name of ['Man', 'Vrouw', 'Geen aanhef']) await expect(aanhef.getByRole('radio', { name })).not.toBeChecked();
  await expect(page.getByLabel('Voornaam')).toHaveValue('');
  await expect(page.getByLabel('Achternaam')).toHaveValue('');
  const email = page.getByRole('textbox', { name: 'E-mailadres' });
  await expect(email).toHaveAccessibleDescription(/Niet verplicht\. Alleen met een e-mailadres kunnen wij u een nieuw wachtwoord sturen/);

  await activate.click();
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page).getByRole('link')).toHaveText(['Vul een voornaam in', 'Vul een achternaam in', 'Vul een wachtwoord in', 'Vul een wachtwoord in']);
  await expect(fieldError(page, 'Vul een wachtwoord in')).toHaveCount(2);
  await checkPage(page, 'set-account-errors');

  await page.getByLabel('Voornaam').fill('Kees');
  await page.getByLabel('Achternaam').fill('Jansen-Bos');
  await aanhef.getByRole('radio', { name: 'Geen aanhef' }).check();
  await email.fill('kees@');
  await activate.click();
  await expect(fieldError(page, 'Vul een geldig e-mailadres in.')).toBeVisible();
  await email.fill('kees.jansenbos@example.nl');

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

  // The profile holds who activated, as they said it: the name, no aanhef, and the e-mail address for 'Wachtwoord vergeten'.
  await page.goto('/profiel');
  const holder = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Kees Jansen-Bos/ }) });
  await expect(holder).toContainText('Hoofdbewoner');
  await expect(holder.locator('dd').first()).toHaveText('Geen aanhef');
  await expect(holder).toContainText('kees.jansenbos@example.nl');
  await checkPage(page, 'profile-after-activation');
  await holder.getByRole('link', { name: /Wijzigen/ }).click();
  await expect(page.getByRole('group', { name: 'Aanhef' }).getByRole('radio', { name: 'Geen aanhef' })).toBeChecked();
  await checkPage(page, 'profile-edit-no-aanhef');

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

test('the terms, privacy and cookie links and the terms text are the customer settings of the console', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await loginToConsole(page);
  await page.goto('/beheer/klant');
  const terms = page.getByRole('textbox', { name: 'Algemene voorwaarden' });
  const text = page.getByRole('textbox', { name: 'Gebruiksvoorwaarden bij activatie' });
  // The current paths and text are the defaults, with where residents end up.
  await expect(terms).toHaveValue('/algemene-voorwaarden');
  await expect(page.getByRole('textbox', { name: 'Privacyverklaring' })).toHaveValue('/privacyverklaring');
  await expect(page.getByRole('textbox', { name: 'Cookiebeleid' })).toHaveValue('/cookiebeleid');
  await expect(terms).toHaveAccessibleDescription('Bewoners openen: https://www.woonstad-vernieuwd.nl/algemene-voorwaarden');
  await expect(text).toHaveValue(/^Het bewonersportaal is bedoeld voor de bewoners/);

  await terms.fill('//elders.example');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(fieldError(page, /Vul een pad in dat met \/ begint/)).toBeVisible();
  await terms.fill('/voorwaarden-bewoners');
  await expect(terms).toHaveAccessibleDescription('Bewoners openen: https://www.woonstad-vernieuwd.nl/voorwaarden-bewoners');
  await page.getByRole('textbox', { name: 'Privacyverklaring' }).fill('https://privacy.woonstad.example/verklaring');
  await text.fill('Artikel 1. Dit portaal is van Woonstad.\n\nArtikel 2. Uw gegevens blijven bij ons.');
  await checkPage(page, 'console-customer-policies');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De klantinstellingen zijn opgeslagen.')).toBeVisible();

  const context = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  try {
    const resident = await context.newPage();
    await resident.goto('/inloggen');
    const footer = resident.getByRole('navigation', { name: 'Voorwaarden' });
    await expect(footer.getByRole('link', { name: /Algemene voorwaarden/ })).toHaveAttribute('href', 'https://www.woonstad-vernieuwd.nl/voorwaarden-bewoners');
    await expect(footer.getByRole('link', { name: /Privacyverklaring/ })).toHaveAttribute('href', 'https://privacy.woonstad.example/verklaring');
    await expect(footer.getByRole('link', { name: /Cookiebeleid/ })).toHaveAttribute('href', 'https://www.woonstad-vernieuwd.nl/cookiebeleid');
    // The activation shows the customer's own terms, and the same links.
    await resident.evaluate(() => sessionStorage.setItem('portal.activation', JSON.stringify({ zipcode: '1234AB', house_number: '99', code: 'X' })));
    await resident.goto('/activeer-account');
    const region = resident.getByRole('region', { name: 'Voorwaarden' });
    await expect(region.getByRole('paragraph')).toHaveText(['Artikel 1. Dit portaal is van Woonstad.', 'Artikel 2. Uw gegevens blijven bij ons.']);
    await expect(region).not.toContainText('Het bewonersportaal is bedoeld');
    await expect(resident.getByRole('navigation', { name: 'Voorwaarden' }).getByRole('link', { name: /Privacyverklaring/ })).toHaveAttribute('href', 'https://privacy.woonstad.example/verklaring');
    await checkPage(resident, 'activate-account-own-terms');
  } finally {
    await context.close();
    // Back to the defaults: the paths, and an empty text is the portal's own.
    await terms.fill('/algemene-voorwaarden');
    await page.getByRole('textbox', { name: 'Privacyverklaring' }).fill('/privacyverklaring');
    await text.fill('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(text).toHaveValue(/^Het bewonersportaal is bedoeld voor de bewoners/);
  }
});
