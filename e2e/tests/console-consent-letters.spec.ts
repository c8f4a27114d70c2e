import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { checkPage, DEMO, expect, loginToConsole, SCREENSHOT_DIR, test } from './fixtures';
import { bloemenbuurtId, consentLettersIn } from './console-helpers';
import { stepsNav } from './form-helpers';

const card = (page: Page, street: string) => page.locator('li[data-address-id]').filter({ has: page.getByText(street, { exact: true }) });

/** Opens a letter's link in a browser of its own (no login), as the resident who got the letter. */
async function openLetter(browser: Browser, baseURL: string, link: string) {
  const context = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  const page = await context.newPage();
  await page.goto(link);
  return { page, close: () => context.close() };
}

/** Prints the letters of the open print dialog and reads them from the downloaded PDF. */
async function printFromDialog(page: Page, pdfPath: string) {
  const dialog = page.getByRole('dialog', { name: 'Draagvlakbrieven printen' });
  await dialog.getByRole('button', { name: 'Brieven maken' }).click();
  await expect(dialog.getByText(/^1 brief is klaar\.$/)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Draagvlakbrieven (PDF) downloaden' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^draagvlakbrieven-draagvlakmeting-renovatieplan-\d{4}-\d{2}-\d{2}\.pdf$/);
  await download.saveAs(pdfPath);
  await dialog.getByRole('button', { name: 'Sluiten' }).click();
  await expect(dialog).toBeHidden();
  return consentLettersIn(fs.readFileSync(pdfPath));
}

test('an editor prints a consent letter in the console; its link opens the form as the address, until it is printed again or revoked', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  await loginToConsole(page, DEMO.consoleEditor);
  const projectId = await bloemenbuurtId(page);
  await page.goto(`/beheer/projecten/${projectId}`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Draagvlak' }).click();
  await page.getByRole('navigation', { name: 'Draagvlak' }).getByRole('link', { name: 'Brieven' }).click();
  await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/draagvlak$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Draagvlakbrieven' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Draagvlakmeting renovatieplan' })).toBeVisible();
  await expect(page.getByText(/^33 adressen \(2 leegstaand\), \d+ adressen? met een geldige brief/)).toBeVisible();
  await expect(card(page, 'Tulpstraat 14')).toContainText('Niet begonnen');
  await checkPage(page, 'console-consent-letters');

  // ---- print the letter of Tulpstraat 14 ---------------------------------------------------------------
  await page.getByLabel('Zoek op postcode, huisnummer, straat of plaats').fill('Tulpstraat 14');
  await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
  await expect(page.locator('li[data-address-id]')).toHaveCount(1);
  await card(page, 'Tulpstraat 14').getByRole('checkbox', { name: 'Tulpstraat 14, 1234 AB Utrecht selecteren voor een brief' }).check();
  await expect(page.getByText('1 adres gekozen: "Brieven printen (PDF)" maakt alleen voor dit adres een brief.')).toBeVisible();
  await page.getByRole('button', { name: 'Brieven printen (PDF)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Draagvlakbrieven printen' });
  await expect(dialog).toContainText('Voor 1 adres wordt een brief gemaakt met een nieuwe persoonlijke link');
  await expect(dialog).toContainText('Printen maakt eerder geprinte brieven van deze adressen ongeldig');
  await expect(dialog.getByRole('textbox', { name: /Reageren kan tot en met/ })).toHaveValue(/^\d{2}-\d{2}-\d{4}$/);
  await checkPage(page, 'console-consent-letters-print');
  const [first] = await printFromDialog(page, testInfo.outputPath('draagvlakbrieven-1.pdf'));
  expect(first!.address).toBe('Tulpstraat 14');
  // The letter as an image, to look at.
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', testInfo.outputPath('draagvlakbrieven-1.pdf'), path.join(SCREENSHOT_DIR, 'console-consent-letter')]);
  await expect(card(page, 'Tulpstraat 14')).toContainText('Brief geldig');
  await expect(card(page, 'Tulpstraat 14')).toContainText(/Geprint op \d{2}-\d{2}-\d{4} door Eva Smit \(redactie\), werkt tot en met \d{2}-\d{2}-\d{4}/);
  // The page never shows the link.
  expect(await page.content()).not.toContain(first!.path.split('/').at(-1));

  // ---- the resident opens the link from the letter -----------------------------------------------------
  const resident = await openLetter(browser, baseURL!, first!.path);
  try {
    await expect(resident.page).toHaveURL(/\/public\/formulier\/draagvlak\/\d+\/0$/);
    await expect(resident.page.getByRole('heading', { level: 2, name: 'Akkoordverklaring' })).toBeVisible();
    await expect(stepsNav(resident.page).getByText('Mobiel nummer')).toBeVisible(); // this form signs with an SMS code
    await checkPage(resident.page, 'console-consent-letter-opened');
  } finally {
    await resident.close();
  }

  // ---- printing again: the first letter stops working ---------------------------------------------------
  await card(page, 'Tulpstraat 14').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Brieven printen (PDF)' }).click();
  const [second] = await printFromDialog(page, testInfo.outputPath('draagvlakbrieven-2.pdf'));
  expect(second!.path).not.toBe(first!.path);
  const old = await openLetter(browser, baseURL!, first!.path);
  try {
    await expect(old.page.getByText('Formulier niet gevonden')).toBeVisible();
  } finally {
    await old.close();
  }

  // ---- revoking: the second letter stops working too -----------------------------------------------------
  await card(page, 'Tulpstraat 14').getByRole('button', { name: 'Brief intrekken Tulpstraat 14, 1234 AB Utrecht' }).click();
  const revoke = page.getByRole('dialog', { name: 'Brief intrekken' });
  await expect(revoke).toContainText('De link in de brief van Tulpstraat 14, 1234 AB Utrecht werkt daarna niet meer.');
  await revoke.getByRole('button', { name: 'Intrekken' }).click();
  await expect(revoke).toBeHidden();
  await expect(card(page, 'Tulpstraat 14')).toContainText('Ingetrokken');
  const revoked = await openLetter(browser, baseURL!, second!.path);
  try {
    await expect(revoked.page.getByText('Formulier niet gevonden')).toBeVisible();
  } finally {
    await revoked.close();
  }
});
