import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { checkPage, DEMO, expect, loginToConsole, SCREENSHOT_DIR, test } from './fixtures';
import { bloemenbuurtId, consoleApiToken, inDays } from './console-helpers';

const unitCard = (page: Page, unit: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: unit }) });

test('an editor runs the consent campaign: a reminder goes to an address that did not answer, a unit reaches 70% and the notice letters are produced', async ({ page, mail, request }, testInfo) => {
  test.setTimeout(180_000);
  await loginToConsole(page, DEMO.consoleEditor);
  const projectId = await bloemenbuurtId(page);
  await page.goto(`/beheer/projecten/${projectId}`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Draagvlak' }).click();
  await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/draagvlak/campagne$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Draagvlakcampagne' })).toBeVisible();
  // The letters screen stays one tab away.
  await expect(page.getByRole('navigation', { name: 'Draagvlak' }).getByRole('link', { name: 'Brieven' })).toHaveAttribute('href', /\/draagvlak$/);
  await expect(page.getByText(/wie niet reageert, telt als niet akkoord/)).toBeVisible();
  await expect(unitCard(page, 'Blok Zuid')).toContainText('4 van 13 stemmen akkoord');
  await checkPage(page, 'console-consent-campaign');

  // ---- a reminder to an address that did not answer -----------------------------------------------------
  const reminders = page.getByRole('heading', { level: 2, name: 'Herinneringen' }).locator('..');
  await reminders.getByLabel('Herinneringen versturen').check();
  await reminders.getByLabel('Voorstel verstuurd op').fill(inDays(0));
  await reminders.getByLabel('Eerste herinnering na (dagen)').fill('0');
  await reminders.getByRole('button', { name: 'Schema opslaan' }).click();
  await expect(page.getByText('Het schema is opgeslagen.')).toBeVisible();
  await reminders.getByRole('button', { name: 'Herinneringen nu versturen' }).click();
  await expect(page.getByText(/adressen kregen een herinnering\.$/)).toBeVisible();
  const sentList = reminders.getByRole('list', { name: 'Verstuurde herinneringen' });
  await expect(sentList.getByRole('listitem').filter({ hasText: 'Tulpstraat 10' })).toContainText('Herinnering 1');
  const reminder = await mail.waitFor({ to: DEMO.residentEmail, subject: 'Herinnering: Draagvlakmeting renovatieplan' });
  expect(reminder.text).toContain('Wij hebben nog geen reactie van u ontvangen');
  // The address list says so, and an address that answered got none.
  const addresses = page.getByRole('list', { name: 'Adressen' });
  await page.getByLabel('Zoek op adres').fill('Tulpstraat 10');
  await page.getByLabel('Zoek op adres').press('Enter');
  await expect(addresses.getByRole('listitem')).toHaveCount(1);
  await expect(addresses.getByRole('listitem').first()).toContainText('1 herinnering, laatste');
  await page.getByLabel('Zoek op adres').fill('');
  await page.getByLabel('Zoek op adres').press('Enter');

  // ---- Blok Noord falls below 70% and reaches it again ----------------------------------------------------
  // One home of Blok Noord that did not answer houses three households.
  const token = await consoleApiToken(request, DEMO.consoleEditor);
  const auth = { authorization: `Bearer ${token}` };
  const overview = await (await request.get(`/api/staff/projects/${projectId}/consent-campaign?language=nl`, { headers: auth })).json() as { form_id: number };
  const open = await (await request.get(`/api/staff/projects/${projectId}/consent-forms/${overview.form_id}/campaign/addresses?language=nl&building_unit=Blok%20Noord&status=no_answer`, { headers: auth })).json() as { items: Array<{ address_id: number }> };
  const home = open.items[0]!.address_id;

  const rule = page.getByRole('heading', { level: 2, name: 'Telregel van dit project' }).locator('..');
  try {
    await rule.getByLabel('Woningen met meer huishoudens').selectOption('household');
    await rule.getByRole('button', { name: 'Telregel opslaan' }).click();
    await expect(page.getByText('De telregel is opgeslagen.')).toBeVisible();
    await expect(unitCard(page, 'Blok Noord')).toContainText('15 van 20 stemmen akkoord');
    await page.getByRole('combobox', { name: 'Bouwkundige eenheid' }).selectOption('Blok Noord');
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('no_answer');
    // The list follows the filters (it is fetched again): wait for it before typing, so the typing is not reset.
    await expect(addresses.getByRole('listitem').filter({ hasNotText: 'Blok Noord' })).toHaveCount(0);
    const first = addresses.getByRole('listitem').first();
    const households = first.getByRole('textbox', { name: /^Huishoudens / });
    // A refetch of the list may still reset the field: type and save again until the save went through.
    let saved = false;
    await expect(async () => {
      if (saved) return;
      await households.fill('3');
      await first.getByRole('button', { name: /^Opslaan / }).click({ timeout: 2_000 });
      saved = true;
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText(/^Het aantal huishoudens van .+ is opgeslagen\.$/)).toBeVisible();
    await expect(first).toContainText('3 huishoudens');
    await checkPage(page, 'console-consent-campaign-households');
    await expect(unitCard(page, 'Blok Noord')).toContainText('15 van 22 stemmen akkoord');
    await expect(unitCard(page, 'Blok Noord')).toContainText('Nog niet bereikt');
    await expect(unitCard(page, 'Blok Noord')).toContainText(`Daarna onder 70% gezakt op ${inDays(0)}`);
    // Without the vacant home: 15 of 21, 71.4%: the unit reaches 70% again.
    await rule.getByLabel('Leegstaande woningen tellen mee in het totaal (als niet akkoord)').uncheck();
    await rule.getByRole('button', { name: 'Telregel opslaan' }).click();
    await expect(unitCard(page, 'Blok Noord')).toContainText('15 van 21 stemmen akkoord');
    await expect(unitCard(page, 'Blok Noord')).toContainText('Bereikt');
    await expect(unitCard(page, 'Blok Noord')).toContainText(/70% bereikt op \d{2}-\d{2}-\d{4}/);
    await expect(unitCard(page, 'Blok Noord')).toContainText(`Op ${inDays(0)} onder 70% gezakt, op ${inDays(0)} opnieuw bereikt`);

    // ---- the notice letters ----------------------------------------------------------------------------------
    await unitCard(page, 'Blok Noord').getByRole('button', { name: 'Kennisgevingen maken (PDF) Blok Noord' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kennisgevingen Blok Noord' });
    await expect(dialog).toContainText('Voor 4 adressen in Blok Noord die niet instemden');
    await checkPage(page, 'console-consent-campaign-notices');
    await dialog.getByRole('button', { name: 'Brieven maken' }).click();
    await expect(dialog.getByText('4 brieven zijn klaar.')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Kennisgevingen (PDF) downloaden' }).click()]);
    const pdfPath = testInfo.outputPath('kennisgevingen.pdf');
    await download.saveAs(pdfPath);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString('utf8');
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(4);
    for (const letter of pages) expect(letter.replace(/\s+/g, ' ')).toContain('binnen 8 weken na de datum van deze brief de rechter vragen');
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfPath, path.join(SCREENSHOT_DIR, 'console-consent-notice')]);
    expect(fs.existsSync(path.join(SCREENSHOT_DIR, 'console-consent-notice.png'))).toBe(true);
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(unitCard(page, 'Blok Noord')).toContainText('Kennisgevingen: 4 gemaakt, 0 verstuurd');

    // ---- marked sent: the eight weeks to go to court per address ----------------------------------------------
    await unitCard(page, 'Blok Noord').getByRole('button', { name: 'Kennisgevingen als verstuurd markeren Blok Noord' }).click();
    const sent = page.getByRole('dialog', { name: 'Kennisgevingen Blok Noord verstuurd' });
    await sent.getByLabel('Verzonden op').fill(inDays(0));
    await sent.getByRole('button', { name: 'Markeren als verstuurd' }).click();
    await expect(page.getByText(`4 kennisgevingen gemarkeerd als verstuurd. De termijn voor de rechter loopt tot en met ${inDays(56)}.`)).toBeVisible();
    await expect(addresses.getByRole('listitem').first()).toContainText(`Kennisgeving verstuurd op ${inDays(0)}; naar de rechter tot en met ${inDays(56)}`);
    await checkPage(page, 'console-consent-campaign-sent');
  } finally {
    // Leave the demo's rule as it was for the other specs.
    await request.put(`/api/staff/projects/${projectId}/consent-campaign/rule`, { headers: auth, data: { counts_vacant: true, household_rule: 'home', language: 'nl' } });
    await request.put(`/api/staff/projects/${projectId}/consent-campaign/addresses/${home}/households`, { headers: auth, data: { households: 1, language: 'nl' } });
  }
});
