import type { Locator, Page } from '@playwright/test';
import { apiLogin, checkPage, DEMO, errorSummary, expect, fieldError, headerBottom, loginAsResident, screenshots, test } from './fixtures';

const card = (page: Page, name: string | RegExp): Locator =>
  page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });

test.describe('profile and household accounts', () => {
  test('the household of the address, reached through the header menu', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'PROFIEL' }).click();
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profiel' })).toBeVisible();

    const jan = card(page, /Jan de Vries/);
    const anna = card(page, /Anna de Vries/);
    await expect(jan.getByText('Dit bent u', { exact: true })).toBeVisible();
    await expect(jan).toContainText('Heeft een account');
    await expect(anna).toContainText('Geen account');
    // One's own card has no delete button.
    await expect(jan.getByRole('button', { name: 'Verwijderen' })).toHaveCount(0);
    await expect(anna.getByRole('button', { name: 'Verwijderen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Meldingen' })).toHaveAttribute('href', '/profiel/meldingen');
    await expect(page.getByRole('link', { name: 'Wachtwoord wijzigen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nieuwe gebruiker' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug naar dashboard' })).toBeVisible();
    // on a phone the four buttons line up: one column, the same left edge and width
    await page.setViewportSize({ width: 375, height: 812 });
    const boxes = await page.getByTestId('page-actions').getByRole('link').evaluateAll((links) => links.map((l) => { const b = l.getBoundingClientRect(); return { left: Math.round(b.left), width: Math.round(b.width) }; }));
    expect(boxes).toHaveLength(4);
    expect(new Set(boxes.map((b) => `${b.left}/${b.width}`)).size).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkPage(page, 'profile');
  });

  test('a household member added, edited and deleted', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/profiel');
    await page.getByRole('link', { name: 'Nieuwe gebruiker' }).click();
    await expect(page).toHaveURL(/\/profiel\/toevoegen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe gebruiker' })).toBeVisible();

    const save = page.getByRole('button', { name: 'Opslaan' });
    await save.click();
    // the error summary at the top takes focus and lists every message, in the form's order
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page).getByRole('heading', { name: 'Formulier niet goed ingevuld' })).toBeVisible();
    await expect(errorSummary(page).getByRole('link')).toHaveText(['Kies een aanhef', 'Vul een voornaam in', 'Vul een achternaam in', 'Vul een wachtwoord in']);
    for (const message of ['Kies een aanhef', 'Vul een voornaam in', 'Vul een achternaam in']) {
      await expect(fieldError(page, message)).toBeVisible();
    }
    await page.getByLabel('E-mailadres').fill('sanne@');
    await page.getByLabel('Telefoonnummer').fill('030 12');
    await page.getByLabel('Mobiel nummer').fill('0612');
    await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('kort');
    await page.getByLabel('Herhaal wachtwoord').fill('anders');
    await save.click();
    await expect(fieldError(page, 'Vul een geldig e-mailadres in.')).toBeVisible();
    // the spec's text for a household phone or mobile number of fewer than 10 digits
    await expect(fieldError(page, 'Vul minimaal 10 cijfers in')).toHaveCount(2);
    await expect(page.getByLabel('Mobiel nummer')).toHaveAccessibleDescription('Vul minimaal 10 cijfers in');
    await expect(fieldError(page, 'Het wachtwoord moet bevatten: minimaal 8 tekens, minimaal 1 cijfer, minimaal 1 hoofdletter')).toBeVisible();
    await expect(fieldError(page, 'Wachtwoorden komen niet overeen')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0)); // a full-page screenshot draws the fixed header where the page is scrolled to
    await checkPage(page, 'profile-add-errors');

    await page.getByRole('radio', { name: 'Vrouw' }).check();
    await page.getByLabel('Voornaam').fill('Sanne');
    await page.getByLabel('Tussenvoegsel').fill('de');
    await page.getByLabel('Achternaam').fill('Vries');
    await page.getByLabel('E-mailadres').fill('sanne.devries@example.nl');
    await page.getByLabel('Telefoonnummer').fill('030 123 4567');
    await page.getByLabel('Mobiel nummer').fill('06 1234 5679');
    await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('Huisgenoot2026');
    await page.getByLabel('Herhaal wachtwoord').fill('Huisgenoot2026');
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'Succesvol opgeslagen' })).toBeVisible();
    await expect(page).toHaveURL(/\/profiel$/);
    const sanne = card(page, 'Sanne de Vries');
    await expect(sanne).toContainText('Heeft een account');
    await expect(sanne).toContainText('sanne.devries@example.nl');

    await sanne.getByRole('link', { name: /Wijzigen/ }).click();
    await expect(page).toHaveURL(/\/profiel\/\d+$/);
    await expect(page.getByLabel('Voornaam')).toHaveValue('Sanne');
    await expect(page.getByRole('textbox', { name: 'Wachtwoord', exact: true })).toHaveCount(0);
    await page.getByLabel('Achternaam').fill('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(fieldError(page, 'Vul een achternaam in')).toBeVisible();
    await page.getByLabel('Achternaam').fill('Vries-Jansen');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'De gegevens zijn succesvol opgeslagen.' })).toBeVisible();
    const renamed = card(page, 'Sanne de Vries-Jansen');
    await expect(renamed).toBeVisible();

    await renamed.getByRole('button', { name: 'Verwijderen' }).click();
    const ask = page.getByRole('dialog', { name: 'Gebruiker verwijderen' });
    await expect(ask).toContainText('Weet u zeker dat u Sanne de Vries-Jansen wilt verwijderen?');
    await screenshots(page, 'profile-delete-dialog');
    await ask.getByRole('button', { name: 'Ja, verwijderen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gebruiker verwijderd.' })).toBeVisible();
    await expect(renamed).toHaveCount(0);
  });

  test('a name stops at the contract’s 100 characters; a longer one from an old client is refused by the server, shown at the field and in the summary', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/profiel/toevoegen');
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe gebruiker' })).toBeVisible();
    const firstName = page.getByLabel('Voornaam');
    const long = 'Annemarie'.repeat(34); // 306 characters
    await expect(firstName).toHaveAttribute('maxlength', '100');
    await firstName.fill(long);
    await expect(firstName).toHaveValue(long.slice(0, 100));
    await expect(page.getByLabel('Tussenvoegsel')).toHaveAttribute('maxlength', '30');
    await expect(page.getByLabel('Mobiel nummer')).toHaveAttribute('maxlength', '40');

    // Without the browser's limit (an old or hand-made client) the server's rule answers 422 per field.
    await firstName.evaluate((input) => input.removeAttribute('maxlength'));
    await firstName.fill(long);
    await expect(firstName).toHaveValue(long);
    await page.getByRole('radio', { name: 'Vrouw' }).check();
    await page.getByLabel('Achternaam').fill('Langnaam');
    await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('Huisgenoot2026');
    await page.getByLabel('Herhaal wachtwoord').fill('Huisgenoot2026');
    const answer = page.waitForResponse((r) => r.url().includes('/api/occupant/occupants/') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    expect((await answer).status()).toBe(422);

    const summary = errorSummary(page);
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(['Gebruik maximaal 100 tekens']);
    const top = await headerBottom(page);
    expect(top).toBe(83);
    // scrolled into view below the fixed header, not under it
    expect((await summary.boundingBox())!.y).toBeGreaterThanOrEqual(top);
    await expect(summary).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0)); // a full-page screenshot draws the fixed header where the page is scrolled to
    await checkPage(page, 'profile-add-server-errors');

    // The link leads to the field: its label below the header, the field in focus, its message beside it.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await summary.getByRole('link', { name: 'Gebruik maximaal 100 tekens' }).click();
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAccessibleDescription('Gebruik maximaal 100 tekens');
    const label = page.locator('label', { hasText: 'Voornaam' });
    expect((await label.boundingBox())!.y).toBeGreaterThanOrEqual(top);
    await expect(fieldError(page, 'Gebruik maximaal 100 tekens')).toBeInViewport();
    await expect(page).toHaveURL(/\/profiel\/toevoegen$/);
  });

  test('a field error the server sends is shown at its field on a wide screen too (a 422 for the mobile number)', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto(`/profiel`);
    await card(page, /Anna de Vries/).getByRole('link', { name: /Wijzigen/ }).click();
    await expect(page).toHaveURL(/\/profiel\/\d+$/);
    // a rule of the server that the form does not check itself (here answered by a stand-in for the server)
    await page.route(/\/api\/occupant\/occupant\/\d+(\?|$)/, (route) => (route.request().method() === 'POST'
      ? route.fulfill({ status: 422, json: { message: 'Formulier niet goed ingevuld', errors: [{ field: 'mobile', message: 'Dit mobiele nummer is al in gebruik' }] } })
      : route.fallback()));
    await page.getByLabel('Mobiel nummer').fill('0612345678');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(fieldError(page, 'Dit mobiele nummer is al in gebruik')).toBeVisible();
    await expect(page.getByLabel('Mobiel nummer')).toHaveAttribute('aria-invalid', 'true');
    expect((await errorSummary(page).boundingBox())!.y).toBeGreaterThanOrEqual(await headerBottom(page));
    await expect(page).toHaveURL(/\/profiel\/\d+$/); // nothing was saved: the form stays
  });

  test('the password changed and used to log in again', async ({ page, request }) => {
    // The resident of 1234AB 12, so the other specs' resident keeps the demo password.
    const resident = DEMO.residentTwoProjects;
    const newPassword = 'Zonnebloem2027';
    await loginAsResident(page, resident);
    await page.goto('/profiel');
    await page.getByRole('link', { name: 'Wachtwoord wijzigen' }).click();
    await expect(page).toHaveURL(/\/profiel\/wijzig-wachtwoord$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wachtwoord wijzigen' })).toBeVisible();

    const save = page.getByRole('button', { name: 'Opslaan' });
    await save.click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(fieldError(page, 'Vul een wachtwoord in')).toHaveCount(3);
    await page.getByLabel('Huidig wachtwoord').fill('Verkeerd2026');
    await page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill('zwak');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('anders');
    await save.click();
    await expect(fieldError(page, 'Het wachtwoord moet bevatten: minimaal 8 tekens, minimaal 1 cijfer, minimaal 1 hoofdletter')).toBeVisible();
    await expect(fieldError(page, 'Wachtwoorden komen niet overeen')).toBeVisible();
    await checkPage(page, 'profile-password-errors');

    // A wrong current password is refused by the server: its message at the field, the summary in focus.
    await page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill(newPassword);
    await page.getByLabel('Herhaal nieuw wachtwoord').fill(newPassword);
    await save.click();
    await expect(fieldError(page, 'Het huidige wachtwoord is onjuist.')).toBeVisible();
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page).getByRole('link')).toHaveText(['Het huidige wachtwoord is onjuist.']);

    await page.getByLabel('Huidig wachtwoord').fill(resident.password);
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'Uw wachtwoord is succesvol aangepast.' })).toBeVisible();
    await expect(page).toHaveURL(/\/profiel$/);
    // This device carries on with its new token.
    await expect(card(page, /Fatima El Amrani/)).toBeVisible();

    // Log out and in again with the new password; the old one no longer works.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'UITLOGGEN' }).click();
    await expect(page).toHaveURL(/\/inloggen/);
    const old = await request.post('/api/public/login', { data: { zipcode: resident.zipcode, house_number: resident.houseNumber, password: resident.password } });
    expect(old.status()).toBe(401);
    await loginAsResident(page, { ...resident, password: newPassword });
    await expect(page).toHaveURL(/\/projecten/);

    // Back to the demo password for the other specs.
    const { token } = await apiLogin(request, { zipcode: resident.zipcode, house_number: resident.houseNumber, password: newPassword });
    const back = await request.post('/api/occupant/new-password', {
      headers: { authorization: `Bearer ${token}` }, data: { password: newPassword, new_password: resident.password, language: 'nl' },
    });
    expect(back.status()).toBe(200);
  });
});

test.describe('household roles and e-mail changes', () => {
  // The demo's member at 1234AB 12 (apps/api/src/demo/seed.ts): Youssef El Amrani, beside the holder Fatima.
  const member = { ...DEMO.residentTwoProjects, password: 'Gezinslid2026!' };

  test('a member sees the roles and cannot change the holder’s e-mail address or delete the holder', async ({ page }) => {
    await loginAsResident(page, member);
    await page.goto('/profiel');
    const fatima = card(page, 'Fatima El Amrani');
    const youssef = card(page, /Youssef El Amrani/);
    await expect(fatima).toContainText('Hoofdbewoner');
    await expect(youssef).toContainText('Gezinslid');
    await expect(youssef.getByText('Dit bent u', { exact: true })).toBeVisible();
    await expect(fatima.getByRole('button', { name: 'Verwijderen' })).toHaveCount(0);
    await expect(youssef.getByRole('button', { name: 'Verwijderen' })).toHaveCount(0);
    await checkPage(page, 'profile-member');

    await fatima.getByRole('link', { name: /Wijzigen/ }).click();
    await expect(page.getByLabel('Voornaam')).toHaveValue('Fatima');
    await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toHaveCount(0);
    await expect(page.getByText('fatima.elamrani@example.nl')).toBeVisible();
    await expect(page.getByText('Dit e-mailadres kan alleen de hoofdbewoner zelf wijzigen.')).toBeVisible();
    await checkPage(page, 'profile-member-edit-holder');
  });

  test('a new e-mail address goes in once the link sent to it is opened; the old address is told', async ({ page, request, mail }) => {
    const { token } = await apiLogin(request, { zipcode: DEMO.residentTwoProjects.zipcode, house_number: DEMO.residentTwoProjects.houseNumber, password: DEMO.residentTwoProjects.password });
    const headers = { authorization: `Bearer ${token}` };
    const created = await request.post('/api/occupant/occupants/', {
      headers, data: { first_name: 'Lotte', last_name: 'El Amrani', gender: 'F', email_address: 'lotte@example.nl', password: 'Huisgenoot2026', language: 'nl' },
    });
    expect(created.status()).toBe(200);
    const lotte = ((await created.json()) as { occupant: { id: number } }).occupant;
    try {
      await loginAsResident(page, DEMO.residentTwoProjects);
      await page.goto('/profiel');
      await card(page, 'Lotte El Amrani').getByRole('link', { name: /Wijzigen/ }).click();
      await expect(page.getByLabel('E-mailadres')).toHaveValue('lotte@example.nl');
      await page.getByLabel('E-mailadres').fill('lotte.nieuw@example.nl');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Wij hebben een bevestigingslink gestuurd naar lotte.nieuw@example.nl' })).toBeVisible();
      await expect(page).toHaveURL(/\/profiel$/);
      const card1 = card(page, 'Lotte El Amrani');
      await expect(card1).toContainText('lotte@example.nl');
      await expect(card1).toContainText('Wij hebben een bevestigingslink gestuurd naar lotte.nieuw@example.nl. Het e-mailadres wordt gewijzigd zodra die link is geopend.');
      await checkPage(page, 'profile-email-pending');

      const confirmation = await mail.waitFor({ to: 'lotte.nieuw@example.nl', subject: 'Bevestig uw nieuwe e-mailadres' });
      const notice = await mail.waitFor({ to: 'lotte@example.nl', subject: 'Uw e-mailadres wordt gewijzigd' });
      expect(notice.text).toContain('Heeft u dit niet zelf gevraagd?');
      const link = /https?:\/\/\S+\/email\/bevestigen\/[A-Za-z0-9_-]+/.exec(confirmation.text)?.[0];
      expect(link, confirmation.text).toBeDefined();
      const path = new URL(link!).pathname;

      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'E-mailadres bevestigen' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Uw e-mailadres is gewijzigd.' })).toContainText('lotte.nieuw@example.nl');
      await expect(page.getByRole('link', { name: 'Naar inloggen' })).toBeVisible();
      await checkPage(page, 'email-confirmed');
      await mail.waitFor({ to: 'lotte@example.nl', subject: 'Uw e-mailadres is gewijzigd' });

      // the link works once
      await page.goto(path);
      await expect(page.getByRole('alert')).toContainText('Deze bevestigingslink is al gebruikt.');
      await expect(page.getByRole('link', { name: 'Naar inloggen' })).toBeVisible();
      await checkPage(page, 'email-confirm-used');

      await page.goto('/profiel');
      const card2 = card(page, 'Lotte El Amrani');
      await expect(card2).toContainText('lotte.nieuw@example.nl');
      await expect(card2).not.toContainText('bevestigingslink');
    } finally {
      await request.get(`/api/occupant/occupant/delete/${lotte.id}`, { headers });
    }
  });
});
