import { execFileSync } from 'node:child_process';
import { expect, loginToConsole, test } from './fixtures';

/**
 * The "done when": a provider sets up a project from nothing in the console alone (project,
 * welcome text, addresses from a CSV file, activation letters, a news article), and a resident of it
 * logs in with the code from the letter and sees that content. Every step goes through the pages.
 */
test('a new project from nothing: project, addresses from CSV, letters, news; the resident logs in with the letter’s code and sees it', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const name = `Nieuwbouw Kade ${suffix}`;
  await loginToConsole(page);

  // ---- the project ----------------------------------------------------------------------------------
  await page.goto('/beheer/projecten');
  await page.getByRole('button', { name: 'Nieuw project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuw project' });
  await dialog.getByLabel('Naam').fill(name);
  await dialog.getByRole('button', { name: 'Project aanmaken' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const projectId = Number(/\/projecten\/(\d+)\/instellingen$/.exec(page.url())![1]);
  await page.getByRole('textbox', { name: 'Welkomsttekst op het dashboard' }).click();
  await page.keyboard.type(`Welkom bij ${name}.`);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De wijzigingen zijn opgeslagen.')).toBeVisible();

  // ---- addresses from a CSV file --------------------------------------------------------------------
  await page.goto(`/beheer/projecten/${projectId}/adressen/import`);
  const csv = ['postcode,huisnummer,toevoeging,straat,plaats', '9711 AA,1,,Kadestraat,Groningen', '9711 AA,2,,Kadestraat,Groningen', '9711 AA,3,b,Kadestraat,Groningen'].join('\n');
  await page.getByLabel('CSV-bestand').setInputFiles({ name: 'kade.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByText('3 adressen: 3 nieuw, 0 bestaand (wordt bijgewerkt en gekoppeld), 0 met fouten')).toBeVisible();
  await page.getByRole('button', { name: 'Importeren (3)' }).click();
  await expect(page.getByText('3 adressen geïmporteerd: 3 nieuw, 0 bijgewerkt.')).toBeVisible();
  await page.getByRole('link', { name: 'Naar de adressen' }).click();

  // ---- the letters: one PDF for every address without an account --------------------------------------
  await page.getByRole('button', { name: 'Activatiebrieven (PDF)', exact: true }).click();
  const letters = page.getByRole('dialog', { name: 'Activatiebrieven maken' });
  await letters.getByRole('button', { name: 'Codes en brieven maken' }).click();
  await expect(letters).toContainText('3 brieven zijn klaar.');
  const [download] = await Promise.all([page.waitForEvent('download'), letters.getByRole('link', { name: 'Activatiebrieven (PDF) downloaden' }).click()]);
  const pdfPath = testInfo.outputPath('brieven.pdf');
  await download.saveAs(pdfPath);
  const pages = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString('utf8').split('\f').filter((p) => p.trim());
  expect(pages).toHaveLength(3);
  const letterOf3b = pages.find((p) => p.includes('Kadestraat 3B'))!;
  expect(letterOf3b).toMatch(/9711 AA\s+GRONINGEN/);
  const code = /\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(letterOf3b)![1]!;
  await letters.getByRole('button', { name: 'Sluiten' }).click();

  // ---- a news article, published --------------------------------------------------------------------------
  const title = `De eerste paal ${suffix}`;
  await page.goto(`/beheer/projecten/${projectId}/inhoud`);
  await page.getByRole('link', { name: /^Nieuws/ }).click();
  await page.getByRole('link', { name: 'Nieuw bericht' }).click();
  await page.getByRole('textbox', { name: 'Titel' }).fill(title);
  await page.getByRole('textbox', { name: 'Inhoud', exact: true }).click();
  await page.keyboard.type('Op maandag gaat de eerste paal de grond in.');
  await page.getByRole('radio', { name: 'Publiceren vanaf een datum en tijd' }).check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Status:').locator('..').locator('[data-status]')).toHaveText('Gepubliceerd');

  // ---- the resident of 9711 AA 3b: the code from the letter, a password, then the project's content ---------
  const context = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  try {
    const resident = await context.newPage();
    await resident.goto('/inloggen');
    await resident.getByLabel('Postcode').fill('9711AA');
    await resident.getByLabel('Huisnummer + toevoeging').fill('3b');
    await resident.getByLabel('Wachtwoord of activatiecode').fill(code);
    await resident.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(resident).toHaveURL(/\/activeer-account$/);
    await resident.getByLabel('Ik ga akkoord met de gebruiksvoorwaarden en de privacyverklaring').check();
    await resident.getByRole('button', { name: 'Volgende' }).click();
    // Activation asks who the holder is (the address was imported without occupants).
    await resident.getByLabel('Voornaam').fill('Mila');
    await resident.getByLabel('Achternaam').fill('Kuipers');
    await resident.getByLabel('Nieuw wachtwoord').fill('Kade2026!paal');
    await resident.getByLabel('Herhaal wachtwoord').fill('Kade2026!paal');
    await resident.getByRole('button', { name: 'Account activeren' }).click();
    await expect(resident).toHaveURL(/\/dashboard$/);
    await expect(resident.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(resident.getByText(`Welkom bij ${name}.`)).toBeVisible();
    const newsTile = resident.getByRole('navigation', { name: 'Onderdelen van het project' }).locator('[data-module="news"]');
    await expect(newsTile.locator('> span.absolute')).toHaveText(/1/);
    await newsTile.click();
    await resident.getByRole('link', { name: new RegExp(title) }).first().click();
    await expect(resident.getByRole('article', { name: title })).toContainText('Op maandag gaat de eerste paal de grond in.');
  } finally {
    await context.close();
    // The project leaves the other specs' lists again.
    const token = await page.evaluate(() => localStorage.getItem('portal.staff_token'));
    await page.request.post(`/api/staff/projects/${projectId}/archive`, { headers: { authorization: `Bearer ${token}` }, data: { language: 'nl' } });
  }
});
