import type { Page } from '@playwright/test';
import { checkPage, DEMO, expect, loginAsPartner, loginToConsole, test } from './fixtures';
import { bloemenbuurtId, residentPage } from './console-helpers';
import { stepsNav } from './form-helpers';
import { makePdf, makePng } from './images';

/** From the project page to its forms, then a new form of `kind` named `name`: answers the builder's URL. */
async function newForm(page: Page, projectId: number, kind: string, name: string) {
  await page.goto(`/beheer/projecten/${projectId}`);
  await page.getByRole('link', { name: 'Formulieren' }).click();
  await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/formulieren$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Formulieren' })).toBeVisible();
  await page.getByRole('button', { name: 'Nieuw formulier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuw formulier' });
  await dialog.getByRole('radio', { name: kind }).check();
  await dialog.getByRole('textbox', { name: 'Naam' }).fill(name);
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/formulieren/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Adds an element of a kind to the (only) section and gives it its question text. */
async function addElement(page: Page, kind: string, label: string) {
  await page.getByLabel('Soort vraag of tekst').selectOption({ label: kind });
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await page.getByRole('textbox', { name: /^Vraag/ }).last().fill(label);
}

async function saveAndPublish(page: Page) {
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Opgeslagen', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Publiceren', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Formulier publiceren' });
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
  await newForm(page, projectId, 'Draagvlak (instemming)', 'Instemming gevelisolatie');

  await page.getByRole('checkbox', { name: 'Ondertekenen met een sms-code per ondertekenaar' }).check();
  await addElement(page, 'Akkoordverklaring', 'Gaat u akkoord met de gevelisolatie?');
  await page.getByLabel('PDF toevoegen').setInputFiles({ name: 'Plan gevelisolatie.pdf', mimeType: 'application/pdf', buffer: makePdf('Plan gevelisolatie') });
  await expect(page.getByText('De bijlage is toegevoegd.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Bijlagen' }).getByRole('textbox', { name: 'Naam' })).toHaveValue('Plan gevelisolatie');
  await checkPage(page, 'console-form-builder-consent');
  await saveAndPublish(page);
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
  const context = await page.context().browser()!.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', baseURL: test.info().project.use.baseURL });
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
