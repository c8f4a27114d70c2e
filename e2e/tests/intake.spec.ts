import type { Page } from '@playwright/test';
import { checkPage, DEMO, errorSummary, expect, fieldError, loginAsPartner, loginAsResident, test } from './fixtures';
import { confirmYes, drawSignature, signatureArea, stepsNav } from './form-helpers';
import { makePng } from './images';

/** Places a pin by mouse at (x, y) of the drawing and one by keyboard (crosshair moved right and down, Enter). */
async function placePins(page: Page, name: RegExp) {
  const drawing = page.getByRole('application', { name });
  const box = (await drawing.boundingBox())!;
  await drawing.click({ position: { x: box.width * 0.7, y: box.height * 0.3 } });
  await drawing.focus();
  await expect(page.getByTestId('drawing-crosshair')).toBeVisible();
  for (let i = 0; i < 3; i++) await drawing.press('ArrowDown');
  await drawing.press('Shift+ArrowLeft');
  await drawing.press('Enter');
  return drawing;
}

test.describe('intake forms (opname)', () => {
  test('a resident fills the intake section by section, with a photo and pins, and sends it', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    // the dashboard's Opname tile goes to the spec's target, which sends a resident on to their own intake form
    const tile = page.getByRole('navigation', { name: 'Onderdelen van het project' }).getByRole('link', { name: /Opname/ });
    await expect(tile).toHaveAttribute('href', /^\/partner\/opname\/project\/\d+\/formulieren$/);
    await tile.click();
    await expect(page).toHaveURL(/\/formulier\/opname\/\d+\/0$/);
    const formUrl = page.url().replace(/\/0$/, '');
    const send = page.getByRole('button', { name: 'Formulier versturen' });
    await expect(send).toBeDisabled();
    await expect(page.getByText('Versturen kan zodra alle verplichte velden van alle onderdelen zijn ingevuld.')).toBeVisible();

    // A contact chosen from the occupants of the address; its last name is required.
    const choice = page.getByRole('combobox', { name: 'Contactpersoon' });
    await expect(choice.locator('option')).toHaveText(['Geen contactpersoon', 'Vul zelf een contactpersoon in', 'Jan de Vries', 'Anna de Vries']);
    // With 'Geen contactpersoon' chosen there is no last name to fill in: the message asks for a contact.
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(fieldError(page, 'Kies een contactpersoon of vul er zelf een in')).toBeVisible();
    await expect(errorSummary(page).getByRole('link', { name: 'Contactpersoon voor de opname: Kies een contactpersoon of vul er zelf een in' })).toBeVisible();
    await expect(page.getByText('Vul een achternaam in')).toHaveCount(0);
    await expect(choice).toHaveAttribute('aria-invalid', 'true');
    await checkPage(page, 'intake-contact-required');
    await choice.selectOption({ label: 'Anna de Vries' });
    await expect(page.getByRole('textbox', { name: 'Achternaam' })).toHaveValue('Vries');
    await expect(page.getByRole('textbox', { name: 'Tussenvoegsel' })).toHaveValue('de');
    await expect(page.getByRole('radio', { name: 'Onbekend' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Datum van de opname' }).fill('14-05-2026');
    await page.getByRole('combobox', { name: 'Uur' }).selectOption('11');
    const rooms = page.getByRole('textbox', { name: 'Aantal slaapkamers' });
    await expect(page.getByText('(min. 0 en max. 10)')).toBeVisible();
    await rooms.fill('12');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    // The error says what is wrong; the hint stays the hint (once).
    await expect(fieldError(page, 'Dit getal is hoger dan het maximum van 10')).toBeVisible();
    await expect(page.getByText('(min. 0 en max. 10)')).toHaveCount(1);
    await rooms.fill('2');
    await checkPage(page, 'intake-resident-section-1');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${formUrl}/1`);

    await page.getByRole('combobox', { name: 'Staat van de kozijnen' }).selectOption('Matig');
    await page.getByRole('checkbox', { name: 'Badkamer' }).check();
    // The drawing is required: a save without pins is refused.
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(fieldError(page, 'Plaats minimaal één pin op de tekening')).toBeVisible();
    const drawing = await placePins(page, /Tekening: Geef de gebreken aan/);
    await expect(drawing.locator('[data-pin]')).toHaveText(['1', '2']);
    await page.getByRole('group', { name: 'Pin 1' }).getByRole('combobox', { name: 'Waarde' }).selectOption('Vocht');
    await page.getByRole('group', { name: 'Pin 2' }).getByRole('combobox', { name: 'Waarde' }).selectOption('Scheur');
    await page.getByRole('group', { name: 'Pin 2' }).getByRole('textbox', { name: 'Opmerking' }).fill('Scheur in de muur van de slaapkamer');
    await page.getByLabel('Foto van het grootste gebrek').setInputFiles({ name: 'scheur.jpg', mimeType: 'image/png', buffer: makePng(64, 48, [90, 90, 90]) });
    await expect(page.getByText('Foto toegevoegd')).toBeVisible();
    await checkPage(page, 'intake-resident-section-2');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${formUrl}/2`);

    await page.getByRole('textbox', { name: 'Naam van de bewoner' }).fill('Jan de Vries');
    await drawSignature(page, signatureArea(page));
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByText('Formulier opgeslagen').first()).toBeVisible();
    await expect(stepsNav(page).getByRole('link', { name: /gereed: Akkoord/ })).toBeVisible();

    // Every required field of every section: sending is final.
    await expect(send).toBeEnabled();
    await send.click();
    await confirmYes(page);
    await expect(page.getByText('Dit formulier is verstuurd en kan niet meer worden aangepast.')).toBeVisible();
    await expect(send).toHaveCount(0);
    // The PDF of what was sent, for the resident (a download, as the link says).
    const pdfLink = page.getByRole('link', { name: 'Verzonden opname downloaden (PDF) (wordt opgeslagen op uw apparaat)' });
    const [pdf] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    expect(pdf.suggestedFilename()).toBe('Opname van uw woning.pdf');
    await stepsNav(page).getByRole('link', { name: /Staat van de woning/ }).click();
    await expect(page.getByRole('combobox', { name: 'Staat van de kozijnen' })).toBeDisabled();
    await expect(page.getByRole('group', { name: 'Pin 2' }).getByRole('textbox', { name: 'Opmerking' })).toHaveValue('Scheur in de muur van de slaapkamer');
    await checkPage(page, 'intake-resident-sent');
  });

  test('a partner finds an address, fills the intake for it and sends it', async ({ page, request }) => {
    const customer = await (await request.get('/api/public/customer/?domain=localhost&language=nl')).json() as { id: number };
    const projects = await (await request.get(`/api/public/projects/${customer.id}`)).json() as Array<{ id: number; name: string }>;
    const projectId = projects.find((p) => p.name === DEMO.project)!.id;
    await loginAsPartner(page, DEMO.partner);
    await page.goto(`/partner/opname/project/${projectId}/formulieren`);
    await expect(page.getByRole('link', { name: /Opname van uw woning/ })).toBeVisible();
    await checkPage(page, 'intake-partner-forms');
    await page.getByRole('link', { name: /Opname van uw woning/ }).click();
    await expect(page).toHaveURL(new RegExp(`/partner/opname/project/${projectId}/formulier/\\d+/adressen$`));
    const addresses = page.getByRole('list', { name: 'Adressen' });
    await expect(addresses.getByRole('link')).not.toHaveCount(0);
    await checkPage(page, 'intake-partner-addresses');
    await page.getByRole('searchbox', { name: 'Zoek een adres' }).fill('Tulpstraat 12');
    await expect(addresses.getByRole('link')).toHaveCount(1);
    await expect(addresses.getByRole('link')).toContainText(/2 van 3 onderdelen gereed/);
    await addresses.getByRole('link').click();

    // The address's half-filled form resumes at its first section not done.
    await expect(page).toHaveURL(new RegExp(`/partner/opname/project/${projectId}/adres/\\d+/\\d+/2$`));
    const formUrl = page.url().replace(/\/2$/, '');
    await expect(page.getByText(/Tulpstraat 12/).first()).toBeVisible();
    await stepsNav(page).getByRole('link', { name: /Staat van de woning/ }).click();
    await expect(page.getByRole('group', { name: 'Pin 1' }).getByRole('textbox', { name: 'Opmerking' })).toHaveValue('Vochtplek boven het keukenraam');
    const drawing = await placePins(page, /Tekening: Geef de gebreken aan/);
    await expect(drawing.locator('[data-pin]')).toHaveText(['1', '2', '3', '4']);
    await page.getByRole('button', { name: 'Pin 2 verwijderen' }).click();
    await expect(drawing.locator('[data-pin]')).toHaveText(['1', '2', '3']);
    await page.getByLabel('Foto van het grootste gebrek').setInputFiles({ name: 'kozijn.png', mimeType: 'image/png', buffer: makePng(80, 60, [150, 100, 50]) });
    await expect(page.getByText('Foto toegevoegd')).toBeVisible();
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${formUrl}/2`);
    await page.getByRole('textbox', { name: 'Naam van de bewoner' }).fill('Fatima El Amrani');
    await drawSignature(page, signatureArea(page));
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByText('Formulier opgeslagen').first()).toBeVisible();
    await checkPage(page, 'intake-partner-address');
    await page.getByRole('button', { name: 'Formulier versturen' }).click();
    await confirmYes(page);
    await expect(page.getByText('Dit formulier is verstuurd en kan niet meer worden aangepast.')).toBeVisible();
    // The partner gets the PDF of what was sent too.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Verzonden opname downloaden \(PDF\)/ }).click()]);
    expect(pdf.suggestedFilename()).toBe('Opname van uw woning.pdf');
    await checkPage(page, 'intake-partner-sent');

    await page.getByRole('link', { name: 'Terug naar de adressen' }).click();
    await page.getByRole('searchbox', { name: 'Zoek een adres' }).fill('Tulpstraat 12');
    await expect(page.getByRole('list', { name: 'Adressen' }).getByRole('link')).toContainText('Verstuurd');
  });
});
