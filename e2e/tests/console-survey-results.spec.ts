import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { withDatabase } from './db';
import { checkPage, DEMO, expect, loginAsResident, loginToConsole, test, workerPortal } from './fixtures';
import { bloemenbuurtId } from './console-helpers';
import { makePng } from './images';

const NAME = 'Na de renovatie (e2e resultaten)';

/** A version 2 survey with every element type (the builder is another screen's: set up in the database). */
const FORM = [{
  id: 'na', label: 'Uw mening', elements: [
    { id: 'titel', type: 's_title', data: { label: 'Na de renovatie' } },
    { id: 'naam', type: 's_textinput', data: { label: 'Uw naam' } },
    { id: 'opmerking', type: 's_textareainput', data: { label: 'Wat wilt u ons meegeven?' } },
    { id: 'vervoer', type: 's_select', data: { label: 'Hoe komt u meestal thuis?', type: 'dropdown', options: [{ label: 'Fiets' }, { label: 'Auto' }] } },
    { id: 'tevreden', type: 's_select', data: { label: 'Bent u tevreden over de uitvoering?', type: 'radio', options: [{ label: 'Ja' }, { label: 'Nee' }] } },
    { id: 'ruimtes', type: 's_select', data: { label: 'Welke ruimtes zijn vernieuwd?', type: 'check', options: [{ label: 'Keuken' }, { label: 'Badkamer' }, { label: 'Zolder' }] } },
    { id: 'contact', type: 's_smileyinput', data: { label: 'Hoe was het contact met de aannemer?', icon: 'smiley', value_1: 'Slecht', value_2: 'Matig', value_3: 'Goed' } },
    { id: 'cijfer', type: 's_smileyinput', data: { label: 'Hoeveel sterren geeft u de renovatie?', icon: 'star', value_1: 'Eén', value_2: 'Twee', value_3: 'Drie', value_4: 'Vier', value_5: 'Vijf' } },
    { id: 'gevel', type: 's_photoinput', data: { label: 'Foto van de nieuwe gevel' } },
  ],
}];

/** The resident answers the survey in the portal: every element type, a photo when `photo` is set. */
async function answer(page: Page, surveyId: number, a: { name: string; note: string; transport: string; happy: string; rooms: string[]; contact: string; stars: string; photo?: boolean }) {
  await page.goto(`/enquete/${surveyId}`);
  await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
  await page.getByRole('textbox', { name: 'Uw naam' }).fill(a.name);
  await page.getByRole('textbox', { name: 'Wat wilt u ons meegeven?' }).fill(a.note);
  await page.getByRole('combobox', { name: 'Hoe komt u meestal thuis?' }).selectOption(a.transport);
  await page.getByRole('group', { name: /Bent u tevreden over de uitvoering/ }).getByRole('radio', { name: a.happy, exact: true }).check();
  for (const room of a.rooms) await page.getByRole('group', { name: /Welke ruimtes zijn vernieuwd/ }).getByRole('checkbox', { name: room }).check();
  await page.getByRole('group', { name: /Hoe was het contact/ }).getByRole('radio', { name: a.contact, exact: true }).check();
  await page.getByRole('group', { name: /Hoeveel sterren/ }).getByRole('radio', { name: a.stars, exact: true }).check();
  if (a.photo) {
    await page.getByLabel('Foto van de nieuwe gevel').setInputFiles({ name: 'gevel.png', mimeType: 'image/png', buffer: makePng(64, 48, [30, 90, 160]) });
    await expect(page.getByText('Foto toegevoegd')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await page.getByRole('dialog', { name: 'Formulier verzenden.' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enquete verstuurd' })).toBeVisible();
}

/**
 * Survey results in the console (issue 17): two residents answer a version 2 survey with every element type in the
 * portal (one with a photo), a third response comes from another building unit; the editor opens the results, sees
 * the charts with their tables, the open answers, the photo and the response rate per unit, filters on a building
 * unit (kept in the URL) and exports XLSX, which the test reads back.
 */
test('residents answer a survey; the editor reads its charts, filters on a building unit and exports XLSX', async ({ page, browser, mail }) => {
  test.setTimeout(360_000);
  const surveyId = await withDatabase(mail, async (db) => {
    await db.query('DELETE FROM surveys WHERE name = $1', [NAME]);
    const { rows: [row] } = await db.query<{ id: number }>(
      `INSERT INTO surveys (project_id, name, version, is_public, form, position)
       SELECT id, $1, 2, false, $2::jsonb, 99 FROM projects WHERE name = $3 RETURNING id`, [NAME, JSON.stringify(FORM), DEMO.project]);
    // An answer from a home in Blok Noord (no resident account there): the filter must leave it out.
    await db.query(
      `INSERT INTO survey_responses (survey_id, project_id, address_id, version, answers, submitted_at)
       SELECT s.id, s.project_id, ap.address_id, 2, $2::jsonb, now() - interval '1 day'
       FROM surveys s JOIN address_projects ap ON ap.project_id = s.project_id AND ap.building_unit = 'Blok Noord'
       WHERE s.id = $1 ORDER BY ap.address_id LIMIT 1`,
      [row!.id, JSON.stringify({ version: 2, values: { naam: 'Buur Noord', vervoer: 'Auto', tevreden: 'Nee', ruimtes: ['Zolder'], contact: 1, cijfer: 2 } })]);
    return row!.id;
  });
  try {
    // ---- two residents of Blok Zuid answer in the portal --------------------------------------------
    await loginAsResident(page, DEMO.resident);
    await answer(page, surveyId, { name: 'Jan', note: 'Heel netjes gewerkt.', transport: 'Fiets', happy: 'Ja', rooms: ['Keuken', 'Badkamer'], contact: 'Goed', stars: 'Vijf', photo: true });
    const fatimaContext = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', baseURL: workerPortal().baseURL });
    const fatima = await fatimaContext.newPage();
    await loginAsResident(fatima, DEMO.residentTwoProjects);
    await fatima.getByRole('button', { name: `Open project: ${DEMO.project}` }).click();
    await expect(fatima).toHaveURL(/\/dashboard$/);
    await answer(fatima, surveyId, { name: '=SOM(1;2)', note: 'De steiger stond lang.', transport: 'Auto', happy: 'Ja', rooms: ['Keuken'], contact: 'Matig', stars: 'Vier' });
    await fatimaContext.close();

    // ---- the editor opens the results -----------------------------------------------------------------
    await loginToConsole(page, DEMO.consoleEditor);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}/enquetes/${surveyId}/resultaten`);
    await expect(page.getByRole('heading', { level: 1, name: `Resultaten: ${NAME}` })).toBeVisible({ timeout: 30_000 });
    const totals = page.getByRole('region', { name: 'Respons', exact: true });
    await expect(totals.getByRole('definition').first()).toHaveText('3', { timeout: 30_000 });

    // a chart per choice, rating or scale question, each with its figures as a table
    await expect(page.getByTestId('results-chart')).toHaveCount(5, { timeout: 30_000 });
    await expect(page.getByTestId('results-chart').first().locator('svg.recharts-surface')).toBeVisible();
    const happy = page.getByRole('table', { name: /Verdeling van de antwoorden op ‘Bent u tevreden over de uitvoering\?’/ });
    await expect(happy.getByRole('row', { name: /^Ja/ })).toContainText('2');
    await expect(happy.getByRole('row', { name: /^Nee/ })).toContainText('1');
    const rooms = page.getByRole('table', { name: /Welke ruimtes zijn vernieuwd/ });
    await expect(rooms.getByRole('row', { name: /^Keuken/ }).getByRole('cell').first()).toHaveText('2');
    await expect(page.getByRole('region', { name: 'Hoe was het contact met de aannemer?' })).toContainText('Gemiddeld 2');
    await expect(page.getByRole('region', { name: 'Hoeveel sterren geeft u de renovatie?' })).toContainText('Gemiddeld 3,7');
    // the open answers, the photo gallery and the response rate per building unit
    await expect(page.getByRole('list', { name: 'Wat wilt u ons meegeven?' }).getByRole('listitem')).toHaveCount(2);
    const photo = page.getByRole('region', { name: "Foto's" }).getByRole('img');
    await expect(photo).toHaveCount(1);
    await photo.scrollIntoViewIfNeeded(); // a gallery image loads lazily: only once it is near the view
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await expect(photo).toHaveAttribute('src', /^\/api\/files\/\d+\/[^?]+\?token=[\w.-]+$/);
    const units = page.getByRole('region', { name: 'Respons per bouwdeel' });
    await expect(units.getByRole('row', { name: /Blok Zuid/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Alle antwoorden' }).getByRole('row')).toHaveCount(4);
    await checkPage(page, 'console-survey-results');

    // ---- filter on Blok Zuid: kept in the URL, applied to everything ----------------------------------
    await page.getByRole('combobox', { name: 'Bouwdeel' }).selectOption('Blok Zuid');
    await expect(page).toHaveURL(/bouwdeel=Blok\+Zuid|bouwdeel=Blok%20Zuid/);
    await expect(totals.getByRole('definition').first()).toHaveText('2');
    await expect(happy.getByRole('row', { name: /^Nee/ })).toContainText('0');
    await expect(page.getByRole('region', { name: 'Alle antwoorden' }).getByRole('row')).toHaveCount(3);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Bouwdeel' })).toHaveValue('Blok Zuid');
    await expect(totals.getByRole('definition').first()).toHaveText('2');

    // ---- export XLSX of the filtered responses and read it back -------------------------------------------
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporteren als XLSX' }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(expect.arrayContaining(['Ingevuld op', 'Adres', 'Bouwdeel', 'Uw naam', 'Welke ruimtes zijn vernieuwd?', 'Foto van de nieuwe gevel']));
    expect(rows).toHaveLength(3);
    const byName = Object.fromEntries(rows.slice(1).map((r) => [String(r[rows[0]!.indexOf('Uw naam')]), r]));
    const col = (name: string) => rows[0]!.indexOf(name);
    expect(byName.Jan![col('Bouwdeel')]).toBe('Blok Zuid');
    expect(byName.Jan![col('Welke ruimtes zijn vernieuwd?')]).toBe('Keuken, Badkamer');
    expect(byName.Jan![col('Hoeveel sterren geeft u de renovatie?')]).toBe('5 - Vijf');
    expect(byName.Jan![col('Foto van de nieuwe gevel')]).toBe('Foto');
    expect(String(byName.Jan![col('Adres')])).toContain('Tulpstraat 10');
    // formula-like text stays text
    expect(byName['=SOM(1;2)']![col('Hoe was het contact met de aannemer?')]).toBe('2 - Matig');

    // an empty result under a unit without answers
    await page.getByRole('combobox', { name: 'Bouwdeel' }).selectOption({ index: 0 });
    await page.getByRole('textbox', { name: /Ingevuld tot en met/ }).fill('01-01-2020');
    await expect(page.getByText('Er zijn geen antwoorden die bij deze filters passen.')).toBeVisible();
  } finally {
    await withDatabase(mail, (db) => db.query('DELETE FROM surveys WHERE name = $1', [NAME]));
  }
});
