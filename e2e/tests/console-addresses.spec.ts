import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { checkPage, errorSummary, expect, loginToConsole, SCREENSHOT_DIR, test } from './fixtures';

const PASSWORD = 'Brief2026!x';

/** 50 addresses of the Proefstraat (8011 AB Zwolle) as a Dutch Excel writes them: BOM, ';', decimal commas; rows 13 and 37 wrong. */
function addressCsv(): string {
  const lines = ['postcode;huisnummer;toevoeging;straat;plaats;bouwkundige_eenheid;lat;lng'];
  for (let n = 1; n <= 50; n++) {
    const zipcode = n === 13 ? '801 AB' : '8011 AB';
    const lng = n === 37 ? 'abc' : `6,09${String(n).padStart(2, '0')}`;
    lines.push(`${zipcode};${n};${n % 10 === 0 ? 'a' : ''};Proefstraat;Zwolle;Blok ${n <= 25 ? 'A' : 'B'};52,51${String(n).padStart(2, '0')};${lng}`);
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const staffHeaders = async (page: Page) => ({ authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('portal.staff_token'))}` });

/**
 * A project of its own, made through the console's API with the console's session, so the demo's projects
 * stay as they are; archived at the end (`archiveProject`), so that no other spec sees it in a project list.
 */
async function createProject(page: Page): Promise<number> {
  const response = await page.request.post('/api/staff/projects', {
    headers: await staffHeaders(page),
    data: { name: `Proefstraat Zwolle ${Date.now().toString(36)}`, description: '', language: 'nl' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function archiveProject(page: Page, id: number) {
  const response = await page.request.post(`/api/staff/projects/${id}/archive`, { headers: await staffHeaders(page), data: { language: 'nl' } });
  expect(response.status(), await response.text()).toBe(200);
}

const card = (page: Page, street: string) => page.locator('li[data-address-id]').filter({ has: page.getByText(street, { exact: true }) });

test('import 50 addresses with two bad rows, fix them, print letters and activate a resident with a code from the PDF', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  await loginToConsole(page);
  const projectId = await createProject(page);
  await page.goto(`/beheer/projecten/${projectId}/adressen`);
  await expect(page.getByRole('heading', { level: 1, name: 'Adressen en bewoners' })).toBeVisible();
  await expect(page.getByText('Dit project heeft nog geen adressen.')).toBeVisible();

  // ---- import: two rows with errors, fixed in the preview ----------------------------------------
  await page.getByRole('link', { name: 'Adressen importeren' }).click();
  await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/adressen/import$`));
  await page.getByLabel('CSV-bestand').setInputFiles({ name: 'adressen.csv', mimeType: 'text/csv', buffer: Buffer.from(addressCsv(), 'utf8') });
  await expect(page.getByText('50 adressen: 48 nieuw, 0 bestaand (wordt bijgewerkt en gekoppeld), 2 met fouten')).toBeVisible();
  await expect(page.getByText('2 regels hebben fouten')).toBeVisible();
  const table = page.getByRole('region', { name: 'Voorbeeld van de import' });
  await expect(table.locator('tbody')).toHaveCount(2); // only the rows with errors are shown
  await expect(table.locator('tbody[data-line="14"]')).toContainText('Postcode: Vul een geldige postcode in');
  await expect(table.locator('tbody[data-line="38"]')).toContainText('Lengtegraad (lng): Vul een getal in');
  await expect(page.getByRole('button', { name: /^Importeren/ })).toHaveCount(0);
  await checkPage(page, 'console-addresses-import-errors');

  await table.getByLabel('Postcode, regel 14').fill('8011 AB');
  await table.getByLabel('Lengtegraad (lng), regel 38').fill('6,0937');
  await expect(page.getByText('U heeft regels aangepast. Controleer opnieuw voordat u importeert.')).toBeVisible();
  await page.getByRole('button', { name: 'Opnieuw controleren' }).click();
  await expect(page.getByText('50 adressen: 50 nieuw, 0 bestaand (wordt bijgewerkt en gekoppeld), 0 met fouten')).toBeVisible();
  await expect(table.locator('tbody')).toHaveCount(50);
  await expect(table.locator('tbody[data-line="11"]')).toContainText('10A'); // '10' + 'a' normalised
  await checkPage(page, 'console-addresses-import-ready');
  await page.getByRole('button', { name: 'Importeren (50)' }).click();
  await expect(page.getByText('50 adressen geïmporteerd: 50 nieuw, 0 bijgewerkt.')).toBeVisible();
  await page.getByRole('link', { name: 'Naar de adressen' }).click();

  // ---- the list -----------------------------------------------------------------------------------
  await expect(page.getByText('50 adressen: 0 geactiveerd, 0 met een geldige code, 50 zonder account')).toBeVisible();
  await expect(page.locator('li[data-address-id]')).toHaveCount(50);
  await expect(card(page, 'Proefstraat 1')).toContainText('Geen account');
  await checkPage(page, 'console-addresses-list');

  await page.getByLabel('Zoek op postcode, huisnummer, straat of plaats').fill('8011 AB 2');
  await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
  await expect(card(page, 'Proefstraat 2')).toBeVisible();
  await expect(page.locator('li[data-address-id]')).toHaveCount(11); // 2, 20-29
  await page.getByLabel('Zoek op postcode, huisnummer, straat of plaats').fill('');
  await expect(page.locator('li[data-address-id]')).toHaveCount(50);

  // ---- edit one address ----------------------------------------------------------------------------
  await card(page, 'Proefstraat 4').getByRole('button', { name: /^Bewerken/ }).click();
  const edit = page.getByRole('dialog', { name: /Proefstraat 4, 8011 AB Zwolle bewerken/ });
  await edit.getByLabel('Straat').fill('');
  await edit.getByLabel('Bouwkundige eenheid').fill('Blok C');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(errorSummary(edit)).toContainText('Vul een straat in');
  await edit.getByLabel('Straat').fill('Proefstraat');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(edit).toBeHidden();
  await expect(card(page, 'Proefstraat 4')).toContainText('Bouwkundige eenheid: Blok C');

  // ---- letters for three addresses -------------------------------------------------------------------
  for (const n of [1, 2, 3]) await card(page, `Proefstraat ${n}`).getByRole('checkbox').check();
  await expect(page.getByText('3 adressen gekozen: "Activatiebrieven (PDF)" maakt alleen voor deze adressen brieven.')).toBeVisible();
  await page.getByRole('button', { name: 'Activatiebrieven (PDF)', exact: true }).click();
  const letters = page.getByRole('dialog', { name: 'Activatiebrieven maken' });
  await expect(letters).toContainText('Voor 3 adressen wordt een nieuwe activatiecode gemaakt');
  await letters.getByRole('button', { name: 'Codes en brieven maken' }).click();
  await expect(letters).toContainText('3 brieven zijn klaar.');
  const [download] = await Promise.all([page.waitForEvent('download'), letters.getByRole('link', { name: 'Activatiebrieven (PDF) downloaden' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^activatiebrieven-proefstraat-zwolle-[a-z0-9-]+\.pdf$/);
  const pdfPath = testInfo.outputPath('activatiebrieven.pdf');
  await download.saveAs(pdfPath);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString('utf8');
  const pages = text.split('\f').filter((p) => p.trim());
  expect(pages).toHaveLength(3);
  expect(pages[0]).toContain('Proefstraat 1');
  expect(pages[0]).toMatch(/8011 AB\s+ZWOLLE/);
  expect(pages[0]).toContain(`${new URL(baseURL!).host}/inloggen`);
  const code = /\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(pages[0]!)?.[1];
  expect(code).toBeTruthy();
  // The first letter as an image, to look at.
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfPath, path.join(SCREENSHOT_DIR, 'console-addresses-letter')]);
  expect(fs.existsSync(path.join(SCREENSHOT_DIR, 'console-addresses-letter.png'))).toBe(true);
  await letters.getByRole('button', { name: 'Sluiten' }).click();
  await expect(card(page, 'Proefstraat 1')).toContainText('Code verstuurd');
  await expect(page.getByText('50 adressen: 0 geactiveerd, 3 met een geldige code, 50 zonder account')).toBeVisible();

  // ---- the resident logs in with the code from the letter ----------------------------------------------
  const context = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  try {
    const resident = await context.newPage();
    await resident.goto('/inloggen');
    await resident.getByLabel('Postcode').fill('8011 AB');
    await resident.getByLabel('Huisnummer + toevoeging').fill('1');
    await resident.getByLabel('Wachtwoord of activatiecode').fill(code!);
    await resident.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(resident).toHaveURL(/\/activeer-account$/);
    await resident.getByLabel('Ik ga akkoord met de gebruiksvoorwaarden en de privacyverklaring').check();
    await resident.getByRole('button', { name: 'Volgende' }).click();
    await expect(resident).toHaveURL(/\/stel-account-in$/);
    // Activation asks who the holder is (the address was imported without occupants).
    await resident.getByLabel('Voornaam').fill('Ruben');
    await resident.getByLabel('Achternaam').fill('Dekker');
    await resident.getByLabel('Nieuw wachtwoord').fill(PASSWORD);
    await resident.getByLabel('Herhaal wachtwoord').fill(PASSWORD);
    await resident.getByRole('button', { name: 'Account activeren' }).click();
    await expect(resident).toHaveURL(/\/dashboard$/);
    await expect(resident.getByRole('heading', { level: 1, name: /^Proefstraat Zwolle/ })).toBeVisible();
  } finally {
    await context.close();
  }

  await page.reload();
  await expect(card(page, 'Proefstraat 1')).toContainText('Geactiveerd');
  await expect(card(page, 'Proefstraat 1')).not.toContainText('Nog nooit');

  // ---- open the portal as the resident, in a new tab; the console stays logged in --------------------------
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    card(page, 'Proefstraat 1').getByRole('button', { name: /^Open als bewoner/ }).click(),
  ]);
  await expect(tab).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(tab.getByRole('heading', { level: 1, name: /^Proefstraat Zwolle/ })).toBeVisible();
  await tab.close();

  // ---- reset the account: the address can be activated again ----------------------------------------------
  await page.reload();
  await card(page, 'Proefstraat 1').getByRole('button', { name: /^Account resetten/ }).click();
  const reset = page.getByRole('dialog', { name: 'Account resetten' });
  await expect(reset).toContainText('Proefstraat 1, 8011 AB Zwolle');
  await reset.getByRole('button', { name: 'Account resetten' }).click();
  await expect(reset).toBeHidden();
  await expect(card(page, 'Proefstraat 1')).toContainText('Geen account');
  await archiveProject(page, projectId);
});

test('a project editor sees the addresses but cannot change them', async ({ page }) => {
  await loginToConsole(page, { email: 'redactie@example.nl', password: 'Redactie2026!' });
  await page.goto('/beheer/projecten');
  await page.getByRole('link', { name: 'Renovatie Bloemenbuurt' }).click();
  const projectId = Number(/\/projecten\/(\d+)$/.exec(page.url())?.[1]);
  await page.goto(`/beheer/projecten/${projectId}/adressen`);
  await expect(card(page, 'Tulpstraat 10')).toContainText('Geactiveerd');
  await expect(page.getByRole('link', { name: 'Adressen importeren' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Bewerken/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await checkPage(page, 'console-addresses-editor');

  // The list as searched, exported as XLSX and read back.
  await page.getByRole('searchbox', { name: /Zoek op postcode/ }).fill('1234AB');
  await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Tulpstraat' })).toHaveCount(3);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporteren als XLSX' }).click()]);
  expect(download.suggestedFilename()).toBe(`adressen-project-${projectId}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Postcode');
  expect(sheet.rowCount).toBe(4);
  expect([2, 3, 4].map((r) => `${sheet.getRow(r).getCell(3).value} ${sheet.getRow(r).getCell(2).value}`)).toEqual(['Tulpstraat 10', 'Tulpstraat 12', 'Tulpstraat 14']);
});
