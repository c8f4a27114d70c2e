import type { Page } from '@playwright/test';
import { bloemenbuurtId, residentPage } from './console-helpers';
import { checkPage, errorSummary, expect, loginToConsole, test } from './fixtures';
import { makePdf, makePng } from './images';

/*
 * The console's work order, partners, contacts, documents and dossier: what staff change there, the
 * resident sees. Each test puts the demo data back as it found it (the specs share one server).
 */


const saved = (page: Page, text = 'Opgeslagen') => expect(page.getByText(text, { exact: true }).first()).toBeVisible();

test.describe('work order, partners, contacts, documents and dossier in the staff console', () => {
  test.describe.configure({ timeout: 240_000 }); // several pages checked with axe at two widths

  test('upload a project document as a draft, publish it, and the resident downloads it on /documenten', async ({ page, browser }) => {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}/inhoud/documenten`);
    await expect(page.getByRole('heading', { level: 1, name: 'Documenten' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Huurvoorstel', exact: true })).toBeVisible();
    await checkPage(page, 'console-documents-list');

    await page.getByRole('link', { name: 'Document uploaden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Document uploaden' })).toBeVisible();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(errorSummary(page)).toContainText('Kies een bestand');
    await expect(errorSummary(page)).toContainText('Vul een soort in');
    await checkPage(page, 'console-document-new');

    // a file that is no PDF or image is refused in the browser already
    const fileInput = page.getByLabel('Bestand');
    await fileInput.setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(page.getByText('Kies een PDF-bestand of een afbeelding (PNG of JPEG)').first()).toBeVisible();

    const subject = `Afsluiting water ${Date.now().toString(36)}`;
    await fileInput.setInputFiles({ name: 'waterafsluiting.pdf', mimeType: 'application/pdf', buffer: makePdf('Afsluiting water') });
    await expect(page.getByRole('textbox', { name: 'Naam' })).toHaveValue('waterafsluiting');
    await page.getByRole('combobox', { name: 'Soort' }).fill('Brief'); // a text field with suggestions
    await page.getByRole('textbox', { name: 'Onderwerp' }).fill(subject);
    await page.getByRole('textbox', { name: 'Naam' }).fill('Brief waterafsluiting');
    await page.getByRole('button', { name: 'Manier toevoegen' }).click();
    await page.getByRole('textbox', { name: 'Manier', exact: true }).fill('post');
    await page.getByRole('textbox', { name: 'Toelichting' }).fill('Ook per post verstuurd');
    // saved as a draft (the default): the resident does not see it
    const upload = page.waitForResponse((r) => r.url().includes('/documents') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    expect((await upload).status()).toBe(201);
    await expect(page).toHaveURL(/\/documenten\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Document: Brief waterafsluiting' })).toBeVisible();
    await expect(page.getByText('Status:').locator('..').locator('[data-status]')).toHaveText('Concept');

    const resident = await residentPage(browser);
    await resident.goto('/documenten/');
    await expect(resident.getByRole('heading', { level: 1, name: 'Documenten' })).toBeVisible();
    await expect(resident.getByRole('heading', { name: 'Huurvoorstel na renovatie' })).toBeVisible();
    await expect(resident.getByRole('heading', { name: subject })).toHaveCount(0);

    // published now
    await page.getByRole('radio', { name: 'Publiceren vanaf een datum en tijd' }).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await saved(page);
    await expect(page.getByText('Status:').locator('..').locator('[data-status]')).toHaveText('Gepubliceerd');
    await checkPage(page, 'console-document-edit');

    await resident.reload();
    const row = resident.getByTestId('document').filter({ has: resident.getByRole('heading', { name: subject, exact: true }) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Ook per post verstuurd');
    const download = resident.waitForEvent('download');
    await row.getByRole('link', { name: `Download ${subject}` }).click();
    expect((await download).suggestedFilename()).toBe('waterafsluiting.pdf');

    // deleted again: gone for the resident too
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ja, verwijderen' }).click();
    await expect(page).toHaveURL(new RegExp(`/projecten/${projectId}/inhoud/documenten$`));
    await expect(page.getByRole('link', { name: 'Brief waterafsluiting', exact: true })).toHaveCount(0);
    await resident.reload();
    await expect(resident.getByRole('heading', { name: subject })).toHaveCount(0);
    await resident.context().close();
  });

  test('add a contact person who can chat, and the resident sees the card with its Chat link on /contactpersonen', async ({ page, browser }) => {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}/inhoud/contactpersonen`);
    await expect(page.getByRole('link', { name: 'Sanne Visser' })).toBeVisible();
    await checkPage(page, 'console-contacts-list');

    await page.getByRole('link', { name: 'Nieuwe contactpersoon' }).click();
    await page.getByRole('textbox', { name: 'E-mailadres' }).fill('noor@');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(errorSummary(page)).toContainText('Vul een voornaam in');
    await expect(errorSummary(page)).toContainText('Vul een achternaam in');
    await expect(errorSummary(page)).toContainText('Vul een geldig e-mailadres in');
    await checkPage(page, 'console-contact-new');

    await page.getByRole('textbox', { name: 'Voornaam' }).fill('Noor');
    await page.getByRole('textbox', { name: 'Tussenvoegsel' }).fill('van');
    await page.getByRole('textbox', { name: 'Achternaam' }).fill('Dam');
    await page.getByRole('textbox', { name: 'Functie' }).fill('Wooncoach');
    await page.getByRole('textbox', { name: 'E-mailadres' }).fill('noor.vandam@example.nl');
    await page.getByRole('textbox', { name: 'Mobiel nummer' }).fill('06 12345678');
    await page.locator('input[type="file"][name="avatar_id"]').setInputFiles({ name: 'noor.png', mimeType: 'image/png', buffer: makePng(300, 300, [180, 90, 40]) });
    await expect(page.getByText('Afbeelding geüpload')).toBeVisible();
    await page.getByRole('checkbox', { name: /Bewoners kunnen met deze persoon chatten/ }).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page).toHaveURL(/\/contactpersonen\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contactpersoon: Noor van Dam' })).toBeVisible();
    await checkPage(page, 'console-contact-edit');

    const resident = await residentPage(browser);
    await resident.goto('/contactpersonen/');
    const card = resident.getByTestId('contact-card').filter({ has: resident.getByRole('heading', { name: 'Noor van Dam' }) });
    await expect(card).toContainText('Wooncoach');
    await expect(card.getByRole('link', { name: 'Chat met Noor van Dam' })).toHaveAttribute('href', '/berichten/');
    await expect.poll(() => card.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ja, verwijderen' }).click();
    await expect(page).toHaveURL(/\/contactpersonen$/);
    await resident.reload();
    await expect(resident.getByRole('heading', { name: 'Sanne Visser' })).toBeVisible();
    await expect(resident.getByRole('heading', { name: 'Noor van Dam' })).toHaveCount(0);
    await resident.context().close();
  });

  test('change an address’s work-order status, and the resident sees it on /werk-volgorde', async ({ page, browser }) => {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}/inhoud/werkvolgorde`);
    await expect(page.getByRole('heading', { level: 1, name: 'Werkvolgorde' })).toBeVisible();
    await expect(page.getByText('33 van de')).toBeVisible();
    await expect(page.locator('li[data-address-id]').first()).toContainText('Nr. 1Tulpstraat 12, 1234 AB Utrecht');
    await checkPage(page, 'console-work-order');

    await page.getByRole('searchbox', { name: 'Zoek een adres' }).fill('Narcisstraat 19');
    await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
    const row = page.locator('li[data-address-id]').filter({ hasText: 'Narcisstraat 19' });
    await expect(row).toHaveCount(1);
    const status = row.getByRole('combobox', { name: /Status van Narcisstraat 19/ });
    await expect(status).toHaveValue('in_preparation');
    await status.selectOption('done');
    await expect(page.getByText('Narcisstraat 19, 3552 AD Utrecht is bijgewerkt')).toBeVisible();

    const resident = await residentPage(browser);
    await resident.goto('/werk-volgorde/');
    const list = resident.getByRole('region', { name: 'Volgorde van de adressen', exact: true }).getByRole('listitem');
    const narcis = list.filter({ hasText: 'Narcisstraat 19' });
    await expect(narcis).toContainText('Gereed');

    // and back, as the demo had it
    await status.selectOption('in_preparation');
    await expect(status).toHaveValue('in_preparation');
    await expect.poll(async () => {
      await resident.reload();
      return narcis.innerText();
    }).toContain('In voorbereiding');
    await resident.context().close();
  });

  test('partners: the list and a partner with its logo and information items', async ({ page }) => {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}/inhoud/partners`);
    await expect(page.getByRole('link', { name: 'Bouwbedrijf Van Dijk' })).toBeVisible();
    await checkPage(page, 'console-partners-list');

    await page.getByRole('link', { name: 'Installatiebedrijf Bakker' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Partner: Installatiebedrijf Bakker' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Nieuwe keuken' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Breedtegraad' })).toHaveValue('52,0652');
    await checkPage(page, 'console-partner-edit');

    // coordinates both or neither, in the browser as on the server
    await page.getByRole('textbox', { name: 'Lengtegraad' }).fill('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(errorSummary(page)).toContainText('Vul zowel de breedtegraad als de lengtegraad in, of geen van beide');
    await page.getByRole('textbox', { name: 'Lengtegraad' }).fill('5,1378');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await saved(page);
  });

  test('dossier: choose an address, upload an item with its progress, and delete it', async ({ page }) => {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}/inhoud/dossier`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dossier' })).toBeVisible();
    await expect(page.getByText('Opnamerapport').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Adres' }).fill('tulpstraat 14');
    await page.getByRole('button', { name: 'Zoek adres' }).click();
    await page.getByRole('button', { name: 'Tulpstraat 14, 1234 AB Utrecht' }).click();
    await expect(page.getByText('Gekozen: Tulpstraat 14, 1234 AB Utrecht')).toBeVisible();
    await expect(page.getByText('Er staan nog geen stukken in dit dossier.')).toBeVisible();

    await page.getByRole('button', { name: 'Dossierstuk uploaden' }).click();
    await expect(errorSummary(page)).toContainText('Kies een bestand');
    await checkPage(page, 'console-dossier');

    await page.getByLabel('Bestand').setInputFiles({ name: 'oplevering.pdf', mimeType: 'application/pdf', buffer: makePdf('Oplevering') });
    await page.getByRole('textbox', { name: 'Soort' }).fill('Oplevering');
    await page.getByRole('textbox', { name: 'Onderwerp' }).fill('Oplevering van Tulpstraat 14');
    await page.getByRole('button', { name: 'Dossierstuk uploaden' }).click();
    await expect(page.getByText('Het document is geüpload.')).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: 'Oplevering van Tulpstraat 14' });
    await expect(item).toContainText('Nog niet gedownload');
    await item.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ja, verwijderen' }).click();
    await expect(page.getByText('Er staan nog geen stukken in dit dossier.')).toBeVisible();
  });
});
