import type { Page } from '@playwright/test';
import { checkPage, DEMO, enterTotpCode, errorSummary, expect, loginToConsole, test } from './fixtures';

/**
 * The staff console's login with a second factor (issue 10): the customer administrator with the demo's
 * TOTP secret, a new staff member invited by mail who enrols TOTP at the login the customer requires and
 * logs in again with a code computed here and with a recovery code; staff accounts and the audit log.
 */

const logout = async (page: Page) => {
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/beheer\/inloggen$/);
};

async function typeCredentials(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

/** Creates a staff account through the accounts page's dialog. */
async function createAccount(page: Page, account: { name: string; email: string; project: string }) {
  await page.goto('/beheer/medewerkers');
  await page.getByRole('button', { name: 'Nieuwe medewerker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe medewerker' });
  await dialog.getByRole('textbox', { name: 'Naam' }).fill(account.name);
  await dialog.getByRole('textbox', { name: 'E-mailadres' }).fill(account.email);
  await dialog.getByRole('radio', { name: 'Projectredacteur' }).check();
  await dialog.getByRole('checkbox', { name: account.project }).check();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Medewerkers' }).getByText(account.email)).toBeVisible();
}

test('the customer administrator logs in with a TOTP code, creates an account and sees it in the audit log', async ({ page }) => {
  await page.goto('/beheer/medewerkers');
  // no session: the console sends the person to its own login, and back after it
  await expect(page).toHaveURL(/\/beheer\/inloggen$/);
  await expect(page.getByRole('heading', { name: 'Inloggen beheer' })).toBeVisible();
  await checkPage(page, 'console-login');

  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(errorSummary(page)).toContainText('Vul een e-mailadres in');
  await expect(errorSummary(page)).toContainText('Vul een wachtwoord in');
  await typeCredentials(page, DEMO.consoleAdmin.email, 'VerkeerdWachtwoord1');
  await expect(page.getByRole('alert').filter({ hasText: 'E-mailadres en/of wachtwoord onjuist' })).toBeVisible();

  await typeCredentials(page, DEMO.consoleAdmin.email, DEMO.consoleAdmin.password);
  await expect(page.getByRole('heading', { name: 'Verificatiecode' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Verificatiecode' }).fill('000000');
  await page.getByRole('button', { name: 'Controleren' }).click();
  await expect(page.getByText('De code is onjuist of al gebruikt').first()).toBeVisible();
  await checkPage(page, 'console-login-code');
  await enterTotpCode(page, DEMO.consoleAdmin.totpSecret);
  await expect(page).toHaveURL(/\/beheer\/medewerkers$/);

  const list = page.getByRole('list', { name: 'Medewerkers' });
  await expect(list.getByText('beheer@example.nl')).toBeVisible();
  await expect(list.getByText('redactie@example.nl')).toBeVisible();
  await checkPage(page, 'console-accounts');

  await page.getByRole('button', { name: 'Nieuwe medewerker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe medewerker' });
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(errorSummary(dialog)).toContainText('Vul een naam in');
  await dialog.getByRole('textbox', { name: 'E-mailadres' }).fill('partner@example.nl');
  await dialog.getByRole('textbox', { name: 'Naam' }).fill('Dubbel Account');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Er bestaat al een account met dit e-mailadres').first()).toBeVisible();
  await checkPage(page, 'console-account-dialog');
  await dialog.getByRole('button', { name: 'Annuleren' }).click();

  await createAccount(page, { name: 'Lotte Jansen', email: 'lotte.jansen@example.nl', project: DEMO.project });
  await page.getByRole('searchbox', { name: 'Zoeken op naam of e-mailadres' }).fill('lotte');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Uitgenodigd');
  await expect(list).toContainText(DEMO.project);

  await page.getByRole('link', { name: 'Auditlog' }).click();
  const entries = page.getByRole('list', { name: 'Auditlog' });
  const created = entries.getByRole('listitem').filter({ hasText: 'Aangemaakt · Medewerker' }).first();
  await expect(created).toContainText('Beheerder Woonstad');
  await created.getByRole('button', { name: 'Details' }).click();
  await expect(created.getByRole('table')).toContainText('lotte.jansen@example.nl');
  await expect(entries.getByRole('listitem').filter({ hasText: 'Ingelogd · Medewerker' }).first()).toBeVisible();
  await checkPage(page, 'console-audit');

  await page.getByRole('combobox', { name: 'Actie' }).fill('login');
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(entries.getByRole('listitem').filter({ hasText: 'Aangemaakt' })).toHaveCount(0);
  await expect(entries.getByRole('listitem').first()).toContainText('Ingelogd');
});

test('a new staff member sets a password, enrols TOTP when the customer requires it, and logs in with a code and with a recovery code', async ({ page, browser, baseURL, mail }) => {
  const person = { name: 'Thijs Verbeek', email: 'thijs.verbeek@example.nl', password: 'Bouwteam2026!' };
  await loginToConsole(page, DEMO.consoleAdmin);
  await createAccount(page, { ...person, project: DEMO.project });
  const adminToken = await page.evaluate(() => localStorage.getItem('portal.staff_token'));
  const requireTotp = (on: boolean) => page.request.put('/api/staff/security', { headers: { authorization: `Bearer ${adminToken}` }, data: { require_totp: on } });

  // the administrator requires TOTP of all staff (undone at the end, whatever happens: other specs log in without it)
  await page.getByRole('checkbox', { name: 'Tweestapsverificatie verplicht voor alle medewerkers' }).check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De beveiligingsinstelling is opgeslagen.')).toBeVisible();

  const context = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 800 } });
  const staff = await context.newPage();
  try {
    const invitation = await mail.waitFor({ to: person.email, subject: 'Uw account voor de beheeromgeving' });
    const link = /\/beheer\/wachtwoord\/[^\s"<]+/.exec(invitation.text)![0];
    await staff.goto(link);
    await expect(staff.getByRole('heading', { name: 'Wachtwoord instellen' })).toBeVisible();
    await expect(staff.getByText(person.email)).toBeVisible();
    await staff.getByRole('textbox', { name: 'Nieuw wachtwoord' }).fill(person.password);
    await staff.getByRole('textbox', { name: 'Herhaal wachtwoord' }).fill('Anders2026!');
    await staff.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(errorSummary(staff)).toContainText('Wachtwoorden komen niet overeen');
    await checkPage(staff, 'console-password');
    await staff.getByRole('textbox', { name: 'Herhaal wachtwoord' }).fill(person.password);
    await staff.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(staff.getByText('Uw wachtwoord is ingesteld. U kunt nu inloggen.')).toBeVisible();
    await staff.getByRole('link', { name: 'Inloggen' }).click();

    // the first login: enrolment, with the secret read from the page and a code computed from it here
    await typeCredentials(staff, person.email, person.password);
    await expect(staff.getByRole('heading', { name: 'Tweestapsverificatie instellen' })).toBeVisible();
    await expect(staff.getByRole('img', { name: /QR-code/ })).toBeVisible();
    const secret = await staff.locator('[data-totp-secret]').getAttribute('data-totp-secret');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await checkPage(staff, 'console-enrol');
    await enterTotpCode(staff, secret!);
    await expect(staff.getByRole('heading', { name: 'Uw herstelcodes' })).toBeVisible();
    const codes = await staff.locator('[data-recovery-codes] li').allInnerTexts();
    expect(codes).toHaveLength(10);
    const download = staff.waitForEvent('download');
    await staff.getByRole('button', { name: 'Downloaden' }).click();
    expect((await download).suggestedFilename()).toBe('herstelcodes-beheer.txt');
    await checkPage(staff, 'console-recovery-codes');
    await staff.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
    await expect(staff).toHaveURL(/\/beheer\/projecten$/);
    await logout(staff);

    // again, with a code of the app
    await loginToConsole(staff, { email: person.email, password: person.password, totpSecret: secret! });
    await expect(staff).toHaveURL(/\/beheer\/projecten$/);
    await staff.goto('/beheer/account');
    await expect(staff.getByText('Tweestapsverificatie staat aan.')).toBeVisible();
    await checkPage(staff, 'console-my-account');
    await logout(staff);

    // and with a recovery code (each works once)
    await typeCredentials(staff, person.email, person.password);
    await staff.getByRole('button', { name: 'Herstelcode gebruiken' }).click();
    await staff.getByRole('textbox', { name: 'Herstelcode' }).fill(codes[3]!.toUpperCase());
    await staff.getByRole('button', { name: 'Controleren' }).click();
    await expect(staff.getByText('U heeft nog 9 herstelcodes over.')).toBeVisible();
    await staff.getByRole('button', { name: 'Verder' }).click();
    await expect(staff).toHaveURL(/\/beheer\/projecten$/);
    await logout(staff);
    await typeCredentials(staff, person.email, person.password);
    await staff.getByRole('button', { name: 'Herstelcode gebruiken' }).click();
    await staff.getByRole('textbox', { name: 'Herstelcode' }).fill(codes[3]!);
    await staff.getByRole('button', { name: 'Controleren' }).click();
    await expect(staff.getByText('De code is onjuist of al gebruikt').first()).toBeVisible();
  } finally {
    await context.close();
    expect((await requireTotp(false)).ok()).toBe(true);
  }
});
