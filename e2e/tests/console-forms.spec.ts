import type { Page } from '@playwright/test';
import { checkPage, DEMO, expect, loginAsPartner, loginToConsole, test, workerPortal } from './fixtures';
import { withDatabase } from './db';
import { bloemenbuurtId, residentPage } from './console-helpers';
import { stepsNav } from './form-helpers';
import { makePdf, makePng } from './images';

/** From the project page to its forms, then a new form of `kind` named `name`: answers the builder's URL. */
async function newForm(page: Page, projectId: number, kind: string, name: string, screenshot?: string) {
  await page.goto(`/beheer/projecten/${projectId}`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Formulieren' }).click();
  await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/formulieren$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Formulieren' })).toBeVisible();
  await page.getByRole('button', { name: 'Nieuw formulier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuw formulier' });
  await dialog.getByRole('radio', { name: kind }).check();
  await dialog.getByRole('textbox', { name: 'Naam' }).fill(name);
  if (screenshot) await checkPage(page, screenshot);
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/formulieren/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

// The forms this spec makes go when it ends: other specs read the project's forms (the first consent form is its tally).
test.afterAll(async () => {
  await withDatabase(workerPortal().mail, (db) => db.query(
    `DELETE FROM forms WHERE name LIKE 'Instemming gevelisolatie%' OR name LIKE 'Opname meterkast%' OR name LIKE 'Aanvraag zonnepanelen%'`));
});

/** Adds an element of a kind to the (only) section and gives it its question text. */
async function addElement(page: Page, kind: string, label: string) {
  await page.getByLabel('Soort vraag of tekst').selectOption({ label: kind });
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await page.getByRole('textbox', { name: /^Vraag/ }).last().fill(label);
}

async function saveAndPublish(page: Page, screenshot?: string) {
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Opgeslagen', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Publiceren', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Formulier publiceren' });
  if (screenshot) await checkPage(page, screenshot);
  await dialog.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Versie 1 is gepubliceerd.')).toBeVisible();
  await expect(page.locator('[data-status="published"]').first()).toBeVisible();
}

test('an editor builds a consent form with an attachment and SMS verification, publishes it, and a resident opens it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await loginToConsole(page, DEMO.consoleEditor);
  const projectId = await bloemenbuurtId(page);
  await page.goto(`/beheer/projecten/${projectId}/formulieren`);
  await expect(page.getByRole('list', { name: 'Formulieren' })).toBeVisible();
  await checkPage(page, 'console-forms-list');
  await newForm(page, projectId, 'Draagvlak (instemming)', 'Instemming gevelisolatie', 'console-forms-new');

  await page.getByRole('checkbox', { name: 'Ondertekenen met een sms-code per ondertekenaar' }).check();
  await addElement(page, 'Akkoordverklaring', 'Gaat u akkoord met de gevelisolatie?');
  await page.getByLabel('PDF toevoegen').setInputFiles({ name: 'Plan gevelisolatie.pdf', mimeType: 'application/pdf', buffer: makePdf('Plan gevelisolatie') });
  await expect(page.getByText('De bijlage is toegevoegd.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Bijlagen' }).getByRole('textbox', { name: 'Naam' })).toHaveValue('Plan gevelisolatie');
  await checkPage(page, 'console-form-builder-consent');
  await saveAndPublish(page, 'console-form-publish');
  await expect(page.getByText('Versie 1: Instemming gevelisolatie')).toBeVisible();

  // The resident sees the published form and opens it: attachments and the SMS step are there.
  const resident = await residentPage(browser);
  try {
    await resident.goto('/formulieren');
    await resident.getByRole('link', { name: /Instemming gevelisolatie/ }).click();
    await expect(resident).toHaveURL(/\/formulier\/draagvlak\/\d+\/0$/);
    await expect(resident.getByText('Gaat u akkoord met de gevelisolatie?')).toBeVisible();
    await expect(stepsNav(resident).getByText('Bijlages')).toBeVisible();
    await expect(stepsNav(resident).getByText('Mobiel nummer')).toBeVisible();
  } finally {
    await resident.context().close();
  }
});

test('an editor builds an intake form with a drawing; a partner fills it for an address', async ({ page }) => {
  test.setTimeout(180_000);
  await loginToConsole(page, DEMO.consoleEditor);
  const projectId = await bloemenbuurtId(page);
  await newForm(page, projectId, 'Opname', 'Opname meterkast');
  await addElement(page, 'Tekening met pins', 'Waar zit de meterkast?');
  await page.getByLabel('Tekening waarop pins worden geplaatst').setInputFiles({ name: 'plattegrond.png', mimeType: 'image/png', buffer: makePng(400, 300, [220, 230, 240]) });
  await expect(page.getByRole('img', { name: /Gekozen afbeelding/ })).toBeVisible();
  await checkPage(page, 'console-form-builder-intake');
  await saveAndPublish(page);

  // The partner fills it in for Tulpstraat 12.
  const context = await page.context().browser()!.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', baseURL: workerPortal().baseURL });
  const partner = await context.newPage();
  try {
    await loginAsPartner(partner, DEMO.partner);
    await partner.goto(`/partner/opname/project/${projectId}/formulieren`);
    await partner.getByRole('link', { name: /Opname meterkast/ }).click();
    const addresses = partner.getByRole('list', { name: 'Adressen' });
    await partner.getByRole('searchbox', { name: 'Zoek een adres' }).fill('Tulpstraat 12');
    await expect(addresses.getByRole('link')).toHaveCount(1);
    await addresses.getByRole('link').click();
    await expect(partner).toHaveURL(new RegExp(`/partner/opname/project/${projectId}/adres/\\d+/\\d+/0$`));
    const drawing = partner.getByRole('application', { name: /Waar zit de meterkast/ });
    await expect(drawing).toBeVisible();
    const box = (await drawing.boundingBox())!;
    await drawing.click({ position: { x: box.width * 0.5, y: box.height * 0.5 } });
    await expect(drawing.locator('[data-pin]')).toHaveText(['1']);
    await partner.getByRole('button', { name: /^Opslaan/ }).first().click();
    await expect(partner.getByText('Formulier opgeslagen').first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('an editor copies a form, exports it as JSON and imports the file as a new draft', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await loginToConsole(page, DEMO.consoleEditor);
  const projectId = await bloemenbuurtId(page);
  await newForm(page, projectId, 'Algemeen formulier', 'Aanvraag zonnepanelen');
  await addElement(page, 'Tekstveld', 'Hoeveel panelen wilt u?');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Opgeslagen', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Kopiëren' }).click();
  const copy = page.getByRole('dialog', { name: 'Formulier kopiëren' });
  await expect(copy.getByRole('combobox', { name: 'Naar project' })).toHaveValue(String(projectId));
  await checkPage(page, 'console-form-copy');
  await copy.getByRole('button', { name: 'Kopiëren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aanvraag zonnepanelen (kopie)' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporteren (JSON)' }).click()]);
  expect(download.suggestedFilename()).toBe('aanvraag-zonnepanelen-kopie.json');
  const file = testInfo.outputPath('formulier.json');
  await download.saveAs(file);

  await page.goto(`/beheer/projecten/${projectId}/formulieren`);
  await page.getByRole('button', { name: 'Formulier importeren (JSON)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formulier importeren' });
  await dialog.getByLabel('Bestand').setInputFiles(file);
  await checkPage(page, 'console-forms-import');
  await dialog.getByRole('button', { name: 'Importeren' }).click();
  await expect(page.getByText('Het formulier is geïmporteerd als concept.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Aanvraag zonnepanelen (kopie)' })).toBeVisible();
  await expect(page.getByText('Hoeveel panelen wilt u?').first()).toBeVisible();
});

