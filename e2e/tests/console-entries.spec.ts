import ExcelJS from 'exceljs';
import { checkPage, DEMO, expect, loginToConsole, test } from './fixtures';
import { withDatabase } from './db';

/** The demo's intake form of the Bloemenbuurt ('Opname van uw woning': 1234AB 12 half filled, 14 sent) and its project. */
async function intakeForm(mail: Parameters<typeof withDatabase>[0]) {
  return withDatabase(mail, async (db) => {
    const { rows } = await db.query<{ id: number; project_id: number; addresses: number }>(
      `SELECT f.id, f.project_id, (SELECT count(*)::int FROM address_projects ap WHERE ap.project_id = f.project_id) AS addresses
       FROM forms f WHERE f.name = 'Opname van uw woning' ORDER BY f.id LIMIT 1`);
    return rows[0]!;
  });
}

test('staff open the entries of a demo form, filter them and open one entry', async ({ page, mail }) => {
  test.setTimeout(120_000);
  const form = await intakeForm(mail);
  await loginToConsole(page);
  const list = `/beheer/projecten/${form.project_id}/formulieren/${form.id}/invullingen`;
  await page.goto(list);
  await expect(page.getByRole('heading', { level: 1, name: 'Invullingen: Opname van uw woning' })).toBeVisible();
  await expect(page.getByText(`2 van ${form.addresses} adressen hebben dit formulier ingevuld.`)).toBeVisible();
  const rows = page.getByRole('list', { name: 'Invullingen' }).locator(':scope > li');
  await expect(rows.first()).toBeVisible();
  await checkPage(page, 'console-entries-list');

  // A status chip: only the sent entry.
  await page.getByRole('button', { name: 'Verstuurd (1)' }).click();
  await expect(page.getByRole('button', { name: 'Verstuurd (1)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Tulpstraat 14');
  // Not answered: the addresses without an entry, 1234AB 10 among them.
  await page.getByRole('button', { name: /^Niet ingevuld \(\d+\)$/ }).click();
  await expect(rows.filter({ hasText: 'Tulpstraat 10,' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Tulpstraat 14' })).toHaveCount(0);
  // Search by address.
  await page.getByRole('button', { name: 'Filters wissen' }).click();
  await page.getByRole('searchbox', { name: 'Zoek op adres' }).fill('1234 AB 12');
  await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
  await expect(rows.filter({ hasText: 'Tulpstraat 10,' })).toHaveCount(0);
  await expect(rows.first()).toContainText('Tulpstraat 12, 1234 AB Utrecht');
  await expect(rows.first()).toContainText(/\d van [1-9]\d* onderdelen/);

  await page.getByRole('link', { name: /Tulpstraat 12/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Tulpstraat 12/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Antwoorden' })).toBeVisible();
  await expect(page.getByText('Vochtplek boven het keukenraam')).toBeVisible(); // a pin of the drawing
  await expect(page.getByRole('img', { name: /^Tekening:/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Logboek' })).toBeVisible();
  await expect(page.getByText('Onderdeel 2 opgeslagen')).toBeVisible();
  // Not finished: it cannot be reopened, and the page says why.
  await expect(page.getByText('Heropenen kan niet: Deze invulling is niet afgesloten')).toBeVisible();
  await checkPage(page, 'console-entries-entry');

  // The sent entry: its photo, and the reopen dialog (a reason is required; cancelled, the demo stays as it is).
  await page.goto(list);
  await page.getByRole('button', { name: 'Verstuurd (1)' }).click();
  await page.getByRole('link', { name: /Tulpstraat 14/ }).click();
  await expect(page.getByRole('img', { name: /^Foto:/ })).toBeVisible();
  await page.getByRole('button', { name: 'Heropenen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invulling heropenen' });
  await dialog.getByRole('button', { name: 'Heropenen' }).click();
  await expect(dialog.getByText('Geef een reden op.')).toBeVisible();
  await checkPage(page, 'console-entries-reopen');
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Samenvatting (PDF)' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);
});

test('an editor exports the entries to XLSX, downloads it and the file reads back', async ({ page, mail }, testInfo) => {
  test.setTimeout(120_000);
  const form = await intakeForm(mail);
  await loginToConsole(page, DEMO.consoleEditor);
  await page.goto(`/beheer/projecten/${form.project_id}/formulieren/${form.id}/invullingen`);
  const panel = page.getByRole('region', { name: 'Exporteren' });
  await panel.getByRole('button', { name: 'Excel (XLSX)' }).click();
  await expect(page.getByText('De export is gestart.')).toBeVisible();
  const download = panel.getByRole('button', { name: /^Downloaden Excel/ }).first();
  await expect(download).toBeVisible({ timeout: 30_000 });
  await checkPage(page, 'console-entries-exports');

  const file = page.waitForEvent('download');
  await download.click();
  const saved = testInfo.outputPath('invullingen.xlsx');
  await (await file).saveAs(saved);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(saved);
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headers.slice(0, 5)).toEqual(['Adres', 'Postcode', 'Plaats', 'Bouwkundige eenheid', 'Status']);
  expect(sheet.rowCount).toBe(1 + form.addresses); // one row per address (and its entry)
  const statuses = Array.from({ length: form.addresses }, (_, i) => String(sheet.getRow(i + 2).getCell(5).value));
  expect(statuses.filter((s) => s === 'Verstuurd')).toHaveLength(1);
});
