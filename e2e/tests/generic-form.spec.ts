import { checkPage, DEMO, errorSummary, expect, fieldError, loginAsResident, test } from './fixtures';
import { confirmYes, drawSignature, openSummaryPdf, signatureArea, stepsNav } from './form-helpers';
import { makePng } from './images';

test.describe('a generic form (formulier) for a resident', () => {
  test('filled section by section, one save made while the connection is gone, the summary opened, finished', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/formulieren');
    await expect(page.getByRole('heading', { level: 1, name: 'Formulieren' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Akkoord met de uitvoeringsplanning/ })).toBeVisible();
    await checkPage(page, 'forms-overview');
    await page.getByRole('link', { name: /Uw woning en de renovatie/ }).click();
    await expect(page).toHaveURL(/\/formulier\/menu\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Uw woning en de renovatie' })).toBeVisible();
    await checkPage(page, 'forms-menu');
    await page.getByRole('link', { name: /Uw wensen voor de renovatie/ }).click();

    // Opening the form without an entry moves to the entry the server made, at its first section.
    await expect(page).toHaveURL(/\/formulier\/formulier\/\d+\/\d+\/0$/);
    const entryUrl = page.url().replace(/\/0$/, '');
    await expect(page.getByRole('heading', { level: 2, name: 'Over u en uw woning' })).toBeVisible();
    await expect(stepsNav(page).getByRole('link')).toHaveText([/Over u en uw woning/, /Uw wensen/, /Bevestigen/]);
    await expect(stepsNav(page).locator('[aria-disabled="true"]', { hasText: 'Samenvatting' })).toBeVisible();

    // A save with required fields empty: stays, the summary and red fields.
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page)).toContainText('Formulier niet goed ingevuld');
    const name = page.getByRole('textbox', { name: 'Naam van de hoofdbewoner' });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(fieldError(page, 'Dit veld is verplicht').first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Formulier niet goed ingevuld' }).first()).toBeVisible();
    await checkPage(page, 'generic-form-invalid');

    await name.fill('Jan de Vries');
    // What is typed is kept in the browser until the server has it: a reload brings it back.
    await page.reload();
    await expect(name).toHaveValue('Jan de Vries');
    await expect(page.getByText('Wat u eerder invulde en nog niet is opgeslagen, staat weer in het formulier.')).toBeVisible();
    // Later steps explain why they are not open yet (spec 4.4).
    await page.goto(`${entryUrl}/samenvatting`);
    await expect(page.getByText('Het formulier is nog niet volledig ingevuld.', { exact: true })).toBeVisible();
    await page.goto(`${entryUrl}/status`);
    await expect(page.getByText('Het formulier is nog niet volledig ingevuld en goedgekeurd.')).toBeVisible();
    await page.goto(entryUrl);
    await expect(page).toHaveURL(`${entryUrl}/0`);
    const persons = page.getByRole('textbox', { name: 'Met hoeveel personen woont u in de woning?' });
    await persons.fill('40');
    await persons.blur();
    // The generic form clamps a number out of bounds and says so.
    await expect(persons).toHaveValue('12');
    await expect(fieldError(page, 'Vul een getal van 1 t/m 12 in')).toBeVisible();
    await persons.fill('3');
    await page.getByRole('textbox', { name: 'Vanaf welke datum kunnen wij bij u terecht?' }).fill('01-06-2026');
    const hours = page.getByRole('combobox', { name: 'Uur' });
    await expect(hours.locator('option[value="08"]')).toBeDisabled();
    await expect(hours.locator('option[value="17"]')).toBeDisabled();
    await hours.selectOption('10');
    await page.getByRole('combobox', { name: 'Minuten' }).selectOption('30');
    await page.getByRole('combobox', { name: 'Contactpersoon' }).selectOption({ label: 'Vul zelf een contactpersoon in' });
    // The element's per-field flags (spec 3.2): a name, phone numbers and e-mail; no description, preference or other address.
    const contact = page.getByRole('group', { name: /Wie is uw contactpersoon tijdens de werkzaamheden/ });
    for (const name of ['Voorletters', 'Voornaam', 'Tussenvoegsel', 'Achternaam', 'E-mailadres', 'Telefoonnummer', 'Mobiel nummer']) await expect(contact.getByRole('textbox', { name })).toBeVisible();
    await expect(contact.getByRole('textbox', { name: 'Omschrijving' })).toHaveCount(0);
    await expect(contact.getByRole('checkbox')).toHaveCount(0); // 'Liever contact per e-mail', 'Ander adres'
    await checkPage(page, 'generic-form-contact-fields');
    await page.getByRole('radio', { name: 'Vrouw' }).check();
    await page.getByRole('textbox', { name: 'Voornaam' }).fill('Anna');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(fieldError(page, 'Vul een achternaam in')).toBeVisible();
    await page.getByRole('textbox', { name: 'Achternaam' }).fill('de Vries');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page.getByText('Formulier opgeslagen')).toBeVisible();
    await expect(page).toHaveURL(`${entryUrl}/1`);

    // Section 2: a choice of each kind, a photo with its progress, and pins by mouse and by keyboard.
    await page.getByRole('combobox', { name: 'Kleur van de nieuwe voordeur' }).selectOption('Antraciet');
    await page.getByRole('radio', { name: 'Stadsverwarming' }).check();
    await page.getByRole('checkbox', { name: 'Horren' }).check();
    await expect(page.getByRole('checkbox', { name: 'Horren' })).toHaveAttribute('name', 'values.extra-value-1');
    await page.getByRole('textbox', { name: 'Heeft u nog andere wensen?' }).fill('Graag werken na 9 uur.');
    await expect(page.getByText('(22 van 500 tekens)')).toBeVisible();
    await page.getByLabel('Foto van de huidige situatie (niet verplicht)').setInputFiles({ name: 'gevel.png', mimeType: 'image/png', buffer: makePng(120, 80, [120, 90, 60]) });
    await expect(page.getByText('Foto toegevoegd')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Foto bij: Foto van de huidige situatie (niet verplicht)' })).toBeVisible();
    const drawing = page.getByRole('application', { name: /Tekening: Waar wilt u een extra stopcontact/ });
    const box = (await drawing.boundingBox())!;
    await drawing.click({ position: { x: box.width * 0.25, y: box.height * 0.25 } });
    await drawing.focus();
    await drawing.press('ArrowRight');
    await drawing.press('Shift+ArrowDown');
    await drawing.press('Enter');
    await expect(drawing.locator('[data-pin]')).toHaveText(['1', '2']);
    await page.getByRole('group', { name: 'Pin 2' }).getByRole('combobox', { name: 'Waarde' }).selectOption('Lichtpunt');
    await page.getByRole('group', { name: 'Pin 1' }).getByRole('textbox', { name: 'Opmerking' }).fill('Naast de bank');
    await checkPage(page, 'generic-form-section-2');

    // The connection is gone: the save is kept and goes by itself when the connection returns.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page.getByText('Nog niet opgeslagen: dit onderdeel wordt opgeslagen zodra de verbinding terug is.')).toBeVisible();
    await expect(page).toHaveURL(`${entryUrl}/1`);
    const draft = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal.form_draft.')));
    expect(draft).toHaveLength(1);
    await page.context().setOffline(false);
    await expect(page).toHaveURL(`${entryUrl}/2`, { timeout: 15_000 });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal.form_draft.')))).toEqual([]);

    // Back to section 2: what was saved while offline is there.
    await stepsNav(page).getByRole('link', { name: /Uw wensen/ }).click();
    await expect(page.getByRole('combobox', { name: 'Kleur van de nieuwe voordeur' })).toHaveValue('Antraciet');
    await expect(page.getByRole('group', { name: 'Pin 1' }).getByRole('textbox', { name: 'Opmerking' })).toHaveValue('Naast de bank');
    await expect(page.getByRole('img', { name: 'Foto bij: Foto van de huidige situatie (niet verplicht)' })).toBeVisible();
    await stepsNav(page).getByRole('link', { name: /Bevestigen/ }).click();

    // Section 3: a signature element, drawn.
    await drawSignature(page, signatureArea(page));
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${entryUrl}/samenvatting`);

    // The summary: the finishing button appears once the PDF was opened.
    await expect(page.getByRole('button', { name: 'Formulier afronden' })).toHaveCount(0);
    await expect(page.getByText('Open eerst de samenvatting')).toBeVisible();
    await checkPage(page, 'generic-form-summary');
    // The link says it opens in a new tab, and the PDF opens there (inline), not as a download.
    await expect(page.getByRole('link', { name: 'Samenvatting bekijken (PDF) (opent in een nieuw tabblad)' })).toHaveAttribute('target', '_blank');
    const opened = await openSummaryPdf(page);
    expect(opened).toContain('application/pdf');
    expect(opened).toContain('| inline;');
    await page.getByRole('button', { name: 'Formulier afronden' }).click();
    await confirmYes(page);
    await expect(page).toHaveURL(`${entryUrl}/status`);
    await expect(page.getByText('Bedankt! Wij hebben uw formulier ontvangen.')).toBeVisible();
    // E-mailing is off for this form: nothing on the page promises it.
    await expect(page.getByText(/mailen/)).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /E-mailadres/ })).toHaveCount(0);
    // The status step downloads (and says so).
    const download = page.getByRole('link', { name: 'Formulier downloaden (PDF) (wordt opgeslagen op uw apparaat)' });
    await expect(download).toHaveAttribute('download', '');
    await expect(download).not.toHaveAttribute('target', '_blank');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('Uw wensen voor de renovatie.pdf');
    await checkPage(page, 'generic-form-status');

    // Locked: the sections are read-only; reopening the form resumes at the status.
    await stepsNav(page).getByRole('link', { name: /Over u en uw woning/ }).click();
    await expect(page.getByRole('textbox', { name: 'Naam van de hoofdbewoner' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Opslaan en volgende' })).toHaveCount(0);
    await page.goto(entryUrl);
    await expect(page).toHaveURL(`${entryUrl}/status`);
  });

  test('signed by drawing: the number of signatures, each signature with name and description, then sent', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/formulieren');
    await page.getByRole('link', { name: /Uw woning en de renovatie/ }).click();
    await page.getByRole('link', { name: /Toestemming om de woning te betreden/ }).click();
    await expect(page).toHaveURL(/\/formulier\/formulier\/\d+\/\d+\/0$/);
    const entryUrl = page.url().replace(/\/0$/, '');
    await expect(stepsNav(page).locator('li')).toHaveText([/Toegang tot uw woning/, /Samenvatting/, /Aantal handtekeningen/, /Handtekening 1/, /Status/]);
    await page.getByRole('radio', { name: 'Ja' }).check();
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${entryUrl}/samenvatting`);
    await openSummaryPdf(page);
    // Signing is required: the button says so.
    await page.getByRole('button', { name: 'Formulier ondertekenen' }).click();
    await confirmYes(page);
    await expect(page).toHaveURL(`${entryUrl}/aantal-handtekeningen`);

    // Digits only; below 1 becomes 1 (spec 5).
    const count = page.getByRole('textbox', { name: 'Aantal handtekeningen' });
    await count.fill('0');
    await count.blur();
    await expect(count).toHaveValue('1');
    await count.fill('');
    await count.blur();
    await expect(count).toHaveValue('1');
    await count.pressSequentially('x2');
    await expect(count).toHaveValue('12');
    await count.fill('2');
    await checkPage(page, 'generic-form-nr-of-signatures');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${entryUrl}/handtekening/1`);
    await expect(stepsNav(page).getByRole('link', { name: /Handtekening 2/ })).toBeVisible();

    // A drawn signature needs the drawing, a name and a description.
    await page.getByRole('button', { name: 'Handtekening opslaan' }).click();
    for (const message of ['Geef een handtekening op', 'Geef op door wie de handtekening is gezet', 'Geef een omschrijving op door wie de handtekening is gezet']) {
      await expect(fieldError(page, message)).toBeVisible();
    }
    await expect(errorSummary(page)).toBeFocused();
    await drawSignature(page, signatureArea(page));
    // 'Wijzigen' clears the drawing.
    await page.getByRole('button', { name: 'Wijzigen' }).click();
    await page.getByRole('textbox', { name: 'Naam' }).fill('Jan de Vries');
    await page.getByRole('textbox', { name: 'Omschrijving' }).fill('Hoofdbewoner');
    await page.getByRole('button', { name: 'Handtekening opslaan' }).click();
    await expect(fieldError(page, 'Geef een handtekening op')).toBeVisible();
    await drawSignature(page, signatureArea(page));
    await checkPage(page, 'generic-form-signature');
    await page.getByRole('button', { name: 'Handtekening opslaan' }).click();
    await expect(page).toHaveURL(`${entryUrl}/handtekening/2`);

    await drawSignature(page, signatureArea(page));
    await page.getByRole('textbox', { name: 'Naam' }).fill('Anna de Vries');
    await page.getByRole('textbox', { name: 'Omschrijving' }).fill('Medebewoner');
    // After the last signature: 'Formulier verzenden', after Ja (spec 5); Nee keeps the form here, unsent.
    await page.getByRole('button', { name: 'Formulier verzenden' }).click();
    await page.getByRole('dialog', { name: 'Formulier afronden' }).getByRole('button', { name: 'Nee' }).click();
    await expect(page).toHaveURL(`${entryUrl}/handtekening/2`);
    await page.getByRole('button', { name: 'Formulier verzenden' }).click();
    await confirmYes(page);
    await expect(page).toHaveURL(`${entryUrl}/status`);
    await expect(page.getByText('Formulier verzonden').first()).toBeVisible();
    await expect(stepsNav(page).getByRole('link', { name: /gereed: Handtekening 2/ })).toBeVisible();

    // A signature that was set shows as it was signed.
    await stepsNav(page).getByRole('link', { name: /Handtekening 1/ }).click();
    await expect(page.getByRole('img', { name: 'Handtekening van Jan de Vries' })).toBeVisible();
    await expect(page.getByText('Gezet door Jan de Vries.')).toBeVisible();
  });

  test('the status step e-mails the form: positions of invalid addresses are named, the mail carries the PDF', async ({ page, mail }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/formulieren');
    await page.getByRole('link', { name: /Aanmelding bewonersavond/ }).click();
    await expect(page).toHaveURL(/\/formulier\/formulier\/\d+\/\d+\/0$/);
    const entryUrl = page.url().replace(/\/0$/, '');
    await page.getByRole('textbox', { name: 'Uw naam' }).fill('Jan de Vries');
    await page.getByRole('textbox', { name: 'Met hoeveel personen komt u?' }).fill('2');
    await page.getByRole('radio', { name: 'Dinsdag 14 april' }).check();
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await openSummaryPdf(page);
    await page.getByRole('button', { name: 'Formulier afronden' }).click();
    await confirmYes(page);
    await expect(page).toHaveURL(`${entryUrl}/status`);

    await page.getByRole('textbox', { name: 'E-mailadres 1' }).fill('geen-adres');
    for (const [nr, address] of [[2, 'buurman@example.nl'], [3, ''], [4, 'a@b']] as const) {
      await page.getByRole('button', { name: 'E-mailadres toevoegen' }).click();
      await page.getByRole('textbox', { name: `E-mailadres ${nr}` }).fill(address);
    }
    await page.getByRole('button', { name: 'Verstuur per e-mail' }).click();
    await expect(fieldError(page, 'Er is geen geldig e-mailadres ingevuld op positie: 1 en 4')).toBeVisible();
    await checkPage(page, 'generic-form-email-invalid');
    await page.getByRole('textbox', { name: 'E-mailadres 1' }).fill(DEMO.residentEmail);
    await page.getByRole('button', { name: 'E-mailadres 4 verwijderen' }).click();
    await expect(page.getByRole('textbox', { name: 'E-mailadres 4' })).toHaveCount(0);
    await mail.clear();
    await page.getByRole('button', { name: 'Verstuur per e-mail' }).click();
    await expect(page.getByText('Formulier verzonden').first()).toBeVisible();
    // E-mailed once: where it went instead of the button.
    await expect(page.getByText('Het formulier is per e-mail verzonden.')).toBeVisible();
    await expect(page.getByText(/^Verzonden op \d{2}-\d{2}-\d{4} naar /)).toHaveText(/ naar jan\.devries@example\.nl, buurman@example\.nl\.$/);
    await expect(page.getByRole('button', { name: 'Verstuur per e-mail' })).toHaveCount(0);
    await checkPage(page, 'generic-form-emailed');
    for (const to of [DEMO.residentEmail, 'buurman@example.nl']) {
      const received = await mail.waitFor({ to, subject: 'Formulier: Aanmelding bewonersavond' });
      expect(received.attachments).toEqual([expect.objectContaining({ filename: 'Aanmelding bewonersavond.pdf', contentType: 'application/pdf' })]);
      expect(received.attachments[0]!.size).toBeGreaterThan(1000);
    }
    await page.reload();
    await expect(page.getByText('Het formulier is per e-mail verzonden.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verstuur per e-mail' })).toHaveCount(0);
    expect((await mail.all()).filter((m) => m.subject === 'Formulier: Aanmelding bewonersavond')).toHaveLength(2);
  });

  test('a form allowing several entries lists them, and opens a new one with Nieuw formulier invullen', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/formulieren');
    await page.getByRole('link', { name: /Uw woning en de renovatie/ }).click();
    await page.getByRole('link', { name: /Meldingen en verzoeken/ }).click();
    await page.getByRole('link', { name: /Melding van een klein gebrek/ }).click();
    await expect(page).toHaveURL(/\/formulier\/formulier\/resultaten\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Melding van een klein gebrek' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug naar het menu' })).toHaveAttribute('href', /\/formulier\/menu\/\d+$/);
    const entries = page.getByRole('list').filter({ hasText: /Badkamer \(\d{2}-\d{2}-\d{4}\)/ });
    await expect(entries.getByRole('link')).toHaveCount(1);
    await expect(entries.getByRole('link')).toContainText('Afgerond');
    await checkPage(page, 'generic-form-results');
    await page.getByRole('link', { name: 'Nieuw formulier invullen' }).click();
    await expect(page).toHaveURL(/\/formulier\/formulier\/\d+\/\d+\/0$/);
    await page.getByRole('combobox', { name: 'In welke ruimte zit het gebrek?' }).selectOption('Zolder');
    await page.getByRole('textbox', { name: 'Omschrijf het gebrek' }).fill('Er lekt water langs de dakkapel.');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(/\/samenvatting$/);
    await page.getByRole('link', { name: 'Terug', exact: true }).click();
    await expect(entries.getByRole('link')).toHaveCount(2);
    await expect(entries.getByRole('link').first()).toContainText('Zolder');
  });
});
