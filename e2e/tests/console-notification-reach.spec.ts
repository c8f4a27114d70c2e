import fs from 'node:fs';
import { checkPage, expect, loginToConsole, test } from './fixtures';
import { bloemenbuurtId } from './console-helpers';

/**
 * The reach of notifications in the console (issue 19): a project's 'Bereik' shows how many residents each
 * channel reaches, in total and per category; the category filter is kept in the address and the CSV export
 * holds what the screen shows. Reads only: nothing to restore.
 */
test('staff see per project how many residents each channel reaches, filter on a category and export it as CSV', async ({ page }) => {
  await loginToConsole(page);
  const projectId = await bloemenbuurtId(page);
  await page.goto(`/beheer/projecten/${projectId}`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Bereik', exact: true }).click();
  await expect(page).toHaveURL(`/beheer/projecten/${projectId}/bereik`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bereik van berichten' })).toBeVisible();

  const occupants = Number(await page.getByRole('definition').first().textContent());
  expect(occupants).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: 'Bereik per onderwerp' });
  // Every category, SMS only where the portal offers it.
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(table.getByRole('row', { name: /^Nieuws/ })).toContainText('n.v.t.');
  await expect(table.getByRole('row', { name: /^Afspraken/ })).not.toContainText('n.v.t.');
  await checkPage(page, 'console-notification-reach');

  // The filter: one category, in the address (a reload keeps it).
  await page.getByLabel('Onderwerp', { exact: true }).selectOption({ label: 'Chat' });
  await expect(page).toHaveURL(`/beheer/projecten/${projectId}/bereik?onderwerp=chat`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByLabel('Onderwerp', { exact: true })).toHaveValue('chat');
  const cells = await table.getByRole('row', { name: /^Chat/ }).getByRole('cell').allTextContents();

  // The export holds the filtered rows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporteren als CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^bereik-project-\d+\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(csv).toEqual(['Onderwerp;E-mail;Push;SMS;Niet bereikt', `Chat;${cells.join(';')}`]);
});
