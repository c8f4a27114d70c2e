import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiLogin, checkPage, DEMO, errorSummary, expect, fieldError, loginAsPartner, loginAsResident, test, type MailCatcher } from './fixtures';
import { consoleApiToken, printConsentLetters } from './console-helpers';
import { withDatabase } from './db';
import { confirmYes, drawOnCanvas, openSummaryPdf, stepsNav } from './form-helpers';
import { makePng } from './images';

/** Where the run keeps the document it fetched (for rendering it to PNG by hand: pdftoppm). */
const ARTEFACTS = process.env.E2E_OUTPUT_DIR || path.resolve(import.meta.dirname, '../test-results');

const projectIdOf = (mail: MailCatcher, name: string) =>
  withDatabase(mail, async (db) => (await db.query<{ id: number }>('SELECT id FROM projects WHERE name = $1', [name])).rows[0]!.id);
/** The newest SMS code sent to a number, from the SMS outbox (as an operator reads it). */
const smsCode = (mail: MailCatcher, mobile: string) =>
  withDatabase(mail, async (db) => {
    const row = (await db.query<{ text: string }>('SELECT text FROM sms_outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1', [mobile])).rows[0];
    return row ? /\b(\d{6})\b/.exec(row.text)?.[1] ?? null : null;
  });

/** The 'Akkoord' count of a building unit on the partner dashboard's tally. */
async function agreedIn(page: Page, unit: string): Promise<number> {
  const section = page.getByRole('region', { name: unit, exact: true });
  await expect(section).toBeVisible();
  return Number(await section.locator('dt', { hasText: /^Akkoord$/ }).locator('xpath=following-sibling::dd').textContent());
}

test.describe('the support-base (draagvlak) form', () => {
  test('a resident answers, checks the document, names the signer, signs with an SMS code and finishes; the tally moves', async ({ page, browser, baseURL, mail, request }) => {
    test.setTimeout(180_000);
    const projectId = await projectIdOf(mail, DEMO.project);

    // The partner's tally before: Blok Zuid (Jan's unit) below 70%.
    const staffContext = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 800 } });
    const staff = await staffContext.newPage();
    await loginAsPartner(staff, DEMO.partner);
    await staff.goto(`/partner/dashboard/${projectId}`);
    await expect(staff.getByRole('heading', { name: 'Draagvlak (70%-regel)' })).toBeVisible();
    const before = await agreedIn(staff, 'Blok Zuid');
    await expect(staff.getByRole('region', { name: 'Blok Noord', exact: true }).getByText(/^70% bereikt op \d{2}-\d{2}-\d{4}$/)).toBeVisible();
    await expect(staff.getByRole('region', { name: 'Blok Zuid', exact: true }).getByText('70% nog niet bereikt')).toBeVisible();
    await checkPage(staff, 'support-base-tally');

    await loginAsResident(page, DEMO.resident);
    await expect(page.getByText(/\d+ van de \d+ adressen \(\d+%\) hebben ingestemd/)).toBeVisible();
    await page.goto('/formulieren');
    await page.getByRole('link', { name: /Draagvlakmeting renovatieplan/ }).click();
    await expect(page).toHaveURL(/\/formulier\/draagvlak\/\d+\/0$/);
    const formUrl = page.url().replace(/\/0$/, '');
    await expect(page.getByRole('heading', { level: 2, name: 'Akkoordverklaring' })).toBeVisible();
    await expect(stepsNav(page).getByText('Document controleren')).toBeVisible();
    await checkPage(page, 'support-base-agreement');

    // Only a finished form is afgerond: an unfinished one goes back to where it stands.
    await page.goto(`${formUrl}/afgerond`);
    await expect(page).toHaveURL(`${formUrl}/0`);
    await expect(page.getByRole('heading', { level: 2, name: 'Akkoordverklaring' })).toBeVisible();
    await expect(page.getByText('Dit formulier is afgerond.')).toHaveCount(0);
    // Finishing before signing says so (spec 2.3, 8).
    await page.goto(`${formUrl}/afronden`);
    await expect(page.getByText('Het formulier is nog niet ondertekend bij ons ontvangen...')).toBeVisible();
    await expect(page.getByText('Deze stap is nog niet afgerond')).toHaveCount(0);
    await checkPage(page, 'support-base-finish-not-signed');
    await page.goto(`${formUrl}/0`);

    // The agreement input is always required.
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(fieldError(page, 'Geef aan of u akkoord gaat')).toBeVisible();
    await page.getByRole('radio', { name: 'Ja, ik stem in' }).check();
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${formUrl}/1`);
    await page.getByRole('textbox', { name: /Naam hoofdhuurder/ }).fill('Jan de Vries');
    // A number out of range: the hint '(min. 1 en max. 20)' once, the error and the summary say what is wrong.
    const residents = page.getByRole('textbox', { name: 'Aantal bewoners' });
    await residents.fill('25');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(fieldError(page, 'Dit getal is hoger dan het maximum van 20')).toBeVisible();
    await expect(page.getByText('(min. 1 en max. 20)')).toHaveCount(1);
    await expect(errorSummary(page).getByRole('link')).toHaveText(['Aantal bewoners: Dit getal is hoger dan het maximum van 20']);
    await expect(page).toHaveURL(`${formUrl}/1`);
    await checkPage(page, 'support-base-number-out-of-range');
    await residents.fill('3');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();

    await expect(page).toHaveURL(`${formUrl}/bijlages`);
    await expect(page.getByRole('link', { name: /Renovatieplan Bloemenbuurt/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opslaan en volgende' })).toHaveCount(0);
    // Bijlages is not done before its attachments are opened.
    await expect(stepsNav(page).getByRole('link', { name: /Bijlages/ })).toHaveAccessibleName('nog niet gereed: Bijlages');
    await expect(stepsNav(page).locator('[aria-disabled="true"]', { hasText: 'Document controleren' })).toBeVisible();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Open eerst iedere bijlage. Daarna kunt u verder.' })).toBeVisible();
    await expect(page).toHaveURL(`${formUrl}/bijlages`);
    await checkPage(page, 'support-base-attachments');
    await openSummaryPdf(page, /Renovatieplan Bloemenbuurt/);
    await expect(page.getByText('Geopend', { exact: true })).toHaveCount(1);
    await expect(stepsNav(page).getByRole('link', { name: /Bijlages/ })).toHaveAccessibleName('nog niet gereed: Bijlages');
    await openSummaryPdf(page, /Huur en vergoedingen/);
    await expect(page.getByText('Geopend', { exact: true })).toHaveCount(2);
    await expect(stepsNav(page).getByRole('link', { name: /Bijlages/ })).toHaveAccessibleName('gereed: Bijlages');
    await checkPage(page, 'support-base-attachments-opened');
    await page.getByRole('button', { name: 'Volgende' }).click();

    // The document: 'Volgende' waits for it to be opened.
    await expect(page).toHaveURL(`${formUrl}/document`);
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByText('Deze stap is nog niet afgerond')).toBeVisible();
    await expect(page).toHaveURL(`${formUrl}/document`);
    await checkPage(page, 'support-base-document');
    const href = (await page.getByRole('link', { name: /Open het document/ }).getAttribute('href'))!;
    expect(href).toMatch(/\/api\/occupant\/support-base\/form\/\d+\/download\?token=/);
    expect(await openSummaryPdf(page, /Open het document/)).toContain('application/pdf');
    const pdf = await page.request.get(href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    fs.mkdirSync(ARTEFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTEFACTS, 'support-base-document.pdf'), await pdf.body());
    await page.getByRole('button', { name: 'Volgende' }).click();

    // The number of signers and each one's name: the signed document and the receipt say who signed.
    await expect(page).toHaveURL(`${formUrl}/aantal_handtekeningen`);
    await page.getByRole('textbox', { name: /Hoeveel personen/ }).fill('2');
    await expect(page.getByRole('textbox', { name: /Naam ondertekenaar 2/ })).toBeVisible();
    await page.getByRole('textbox', { name: /Hoeveel personen/ }).fill('1');
    await expect(page.getByRole('textbox', { name: /Naam ondertekenaar 2/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(fieldError(page, 'Vul de naam van ondertekenaar 1 in')).toBeVisible();
    await expect(page).toHaveURL(`${formUrl}/aantal_handtekeningen`);
    await checkPage(page, 'support-base-nr-of-signatures');
    await page.getByRole('textbox', { name: /Naam ondertekenaar 1/ }).fill('Jan de Vries');
    await expect(fieldError(page, 'Vul de naam van ondertekenaar 1 in')).toHaveCount(0);
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page.getByText('Aantal ingevoerd')).toBeVisible();

    await expect(page).toHaveURL(`${formUrl}/mobiel_nummer/1`);
    const mobile = page.getByRole('textbox', { name: /Uw mobiele nummer/ });
    await mobile.fill('0512345678');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(fieldError(page, 'Er is geen geldig mobiel nummer 1 ingevuld, bijvoorbeeld: 0612345678. Een mobiel nummer begint met 06.')).toBeVisible();
    await checkPage(page, 'support-base-mobile');
    // The household of 1234 AB 10 knows Jan's mobile number: the code goes only there, not to a number typed in.
    await mobile.fill('0611111111');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(fieldError(page, 'De sms-code kan alleen naar het mobiele nummer dat bij ons bekend is voor dit adres (06****5678). Vul dat nummer in.')).toBeVisible();
    await checkPage(page, 'support-base-mobile-not-known');
    // Written as people write it: +31 and spaces are fine, the number is kept as 0612345678.
    await mobile.fill('+31 6 1234 5678');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page.getByText('Mobiel nummer ingevoerd')).toBeVisible();

    // Signing in the frame: the SMS code from the outbox, then the signature; the portal polls every 4 seconds.
    await expect(page).toHaveURL(`${formUrl}/ondertekenen/1`);
    const frameElement = page.locator('iframe[title="Ondertekenen, handtekening 1"]');
    await expect(frameElement).toBeVisible();
    const frame = page.frameLocator('iframe[title="Ondertekenen, handtekening 1"]');
    await expect(frame.getByRole('heading', { name: 'Document ondertekenen' })).toBeVisible();
    await expect(frame.getByText('Jan de Vries')).toBeVisible(); // the sign page names the signer, not 'Ondertekenaar 1'
    await expect(page.getByRole('heading', { level: 2, name: 'Ondertekenen: Jan de Vries' })).toBeVisible();
    // (checkPage comes once signed: the sign page's embedded PDF viewer never paints a frame in headless Chromium.)
    const polls: string[] = [];
    page.on('request', (request) => {
      if (/\/support-base\/form\/\d+\/is-signed\/1/.test(request.url())) polls.push(request.url());
    });
    await frame.getByRole('button', { name: 'Stuur code' }).click();
    await expect(frame.getByLabel('Vul de code in die u per sms heeft ontvangen')).toBeVisible();
    const code = await smsCode(mail, '0612345678');
    expect(code).toMatch(/^\d{6}$/);
    await frame.getByLabel('Vul de code in die u per sms heeft ontvangen').fill(code!);
    await frame.getByRole('button', { name: 'Code controleren' }).click();
    await drawOnCanvas(page, frame.getByRole('img', { name: 'Tekenvlak voor uw handtekening' }), frameElement);
    await frame.getByRole('button', { name: 'Ondertekenen' }).click();
    await expect(frame.getByRole('heading', { name: 'Document ondertekend' })).toBeVisible();

    // The next poll sees it: signed, with no request open, the flow is hidden and the form afgerond (spec 4.1),
    // where an e-mail address for the confirmation and a comment may still be given.
    await expect(page).toHaveURL(`${formUrl}/afgerond`, { timeout: 20_000 });
    expect(polls.length).toBeGreaterThan(0);
    await expect(page.getByText('Dit formulier is afgerond.')).toBeVisible();
    await expect(page.getByText('U heeft ingestemd.')).toBeVisible();
    await expect(stepsNav(page)).toHaveCount(0);
    await checkPage(page, 'support-base-signed');
    // The steps of the flow lead back here.
    for (const step of ['0', 'document', 'ondertekenen/1', 'afronden']) {
      await page.goto(`${formUrl}/${step}`);
      await expect(page).toHaveURL(`${formUrl}/afgerond`);
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Afgerond' })).toBeVisible();

    await page.getByRole('textbox', { name: 'E-mailadres' }).fill('jan.devries@example.nl');
    await page.getByRole('textbox', { name: 'Opmerking' }).fill('Graag in het voorjaar.');
    await page.getByRole('button', { name: 'Afronden' }).click();
    await confirmYes(page);
    await expect(page).toHaveURL(/\/formulieren$/);
    await expect(page.getByText('Formulier verzonden')).toBeVisible();
    await page.goto(`${formUrl}/0`);
    await expect(page).toHaveURL(`${formUrl}/afgerond`);
    await expect(page.getByText('Dit formulier is afgerond.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Afronden' })).toHaveCount(0);
    await checkPage(page, 'support-base-done');

    // The tally moved once the signed document was kept: one more agreement in Blok Zuid.
    await expect.poll(async () => {
      await staff.reload();
      return agreedIn(staff, 'Blok Zuid');
    }, { timeout: 30_000 }).toBe(before + 1);

    // The signed document and the receipt are in the address's dossier (kept for the signer to download).
    const resident = await apiLogin(request, { zipcode: DEMO.resident.zipcode, house_number: DEMO.resident.houseNumber, password: DEMO.resident.password });
    const dossier = (await (await request.get(`/api/occupant/dossier?project_id=${projectId}&language=nl`, { headers: { authorization: `Bearer ${resident.token}` } })).json()) as Array<{ type: string; name: string; download_url: string }>;
    // (other specs may have signed other forms of this address in the project: only this form's items count here)
    const signedItems = dossier.filter((d) => d.type === 'Ondertekening' && d.name.includes('Draagvlakmeting renovatieplan'));
    expect(signedItems.map((d) => d.name).sort()).toEqual(['Draagvlakmeting renovatieplan (ondertekend)', 'Ontvangstbewijs Draagvlakmeting renovatieplan']);
    const signedPdf = await request.get(signedItems.find((d) => d.name.endsWith('(ondertekend)'))!.download_url);
    expect(signedPdf.headers()['content-type']).toBe('application/pdf');
    fs.writeFileSync(path.join(ARTEFACTS, 'support-base-signed.pdf'), await signedPdf.body());

    await staffContext.close();
  });

  test('a form signed earlier, with no signing request open, opens as afgerond: the flow is hidden (spec 4.1)', async ({ page, mail }) => {
    // As the demo's signed addresses have it: signed at the signing service, its document never opened through the portal.
    const { formId, entryId } = await withDatabase(mail, async (db) => {
      const form = (await db.query<{ id: number; project_id: number }>("SELECT id, project_id FROM forms WHERE name = 'Draagvlakmeting renovatieplan'")).rows[0]!;
      const address = (await db.query<{ id: number }>("SELECT id FROM addresses WHERE zipcode = $1 AND house_number = $2", [DEMO.residentTwoProjects.zipcode, DEMO.residentTwoProjects.houseNumber])).rows[0]!;
      await db.query('DELETE FROM form_entries WHERE form_id = $1 AND address_id = $2', [form.id, address.id]);
      const entry = (await db.query<{ id: number }>(
        `INSERT INTO form_entries (form_id, project_id, address_id, one_per_owner, values, status, sections_done, nr_of_signatures, signatures, sign_requested, agreement, agreement_at, version)
         VALUES ($1, $2, $3, true, $4, 'signed', 2, 1, $5, false, 'disagree', now() - interval '3 days', 6) RETURNING id`,
        [form.id, form.project_id, address.id, JSON.stringify({ instemming: 'disagree', naam: 'Fatima El Amrani', bewoners: 3 }),
          JSON.stringify({ 1: { image: null, who: null, description: null, mobile: '0612345678', signed: true, signedAt: new Date().toISOString() } })],
      )).rows[0]!;
      return { formId: form.id, entryId: entry.id };
    });
    try {
      await loginAsResident(page, DEMO.residentTwoProjects);
      await page.getByRole('button', { name: `Open project: ${DEMO.project}` }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const formUrl = `/formulier/draagvlak/${formId}`;
      await page.goto(formUrl);
      await expect(page).toHaveURL(`${formUrl}/afgerond`);
      await expect(page.getByText('Dit formulier is afgerond.')).toBeVisible();
      await expect(page.getByText('U heeft niet ingestemd.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Document controleren' })).toHaveCount(0);
      await expect(stepsNav(page)).toHaveCount(0);
      await checkPage(page, 'support-base-signed-earlier');
      await page.goto(`${formUrl}/document`);
      await expect(page).toHaveURL(`${formUrl}/afgerond`);
    } finally {
      await withDatabase(mail, (db) => db.query('DELETE FROM form_entries WHERE id = $1', [entryId]));
    }
  });

  test('a partner records a paper form with its scan; it counts only once a second staff member confirms it; a correction asks a reason', async ({ browser, baseURL, mail }) => {
    test.setTimeout(180_000);
    const projectId = await projectIdOf(mail, DEMO.project);
    const contextFor = () => browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 800 } });
    const openPaper = async (page: Page, address: string) => {
      await page.goto(`/partner/dashboard/${projectId}`);
      await page.getByRole('navigation', { name: "Pagina's van de adressen" }).getByRole('button', { name: 'Volgende' }).click();
      await expect(page.getByText(/^Pagina 2 van 2/)).toBeVisible();
      await page.getByRole('button', { name: `Formulier op papier: ${address}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Formulier op papier' });
      await expect(dialog.getByText(address)).toBeVisible();
      return dialog;
    };
    const tulp14 = 'Tulpstraat 14, 1234 AB Utrecht';
    const scan = { name: 'scan-tulpstraat-14.png', mimeType: 'image/png', buffer: makePng(400, 560, [245, 245, 240]) }; // a phone's photo of the paper

    // The partner records it: what the paper says and a scan of it.
    const partnerContext = await contextFor();
    const partner = await partnerContext.newPage();
    await loginAsPartner(partner, DEMO.partner);
    await partner.goto(`/partner/dashboard/${projectId}`);
    const before = await agreedIn(partner, 'Blok Zuid');
    let dialog = await openPaper(partner, tulp14);
    await expect(dialog.getByText('Voor dit adres is nog geen papieren formulier vastgelegd.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Vastleggen' }).click();
    await expect(fieldError(dialog, 'Kies akkoord of niet akkoord')).toBeVisible();
    await expect(fieldError(dialog, 'Voeg een scan of foto van het ondertekende papieren formulier toe.')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Akkoord', exact: true })).toBeFocused();
    await checkPage(partner, 'support-base-paper-record');
    await dialog.getByRole('radio', { name: 'Akkoord', exact: true }).check();
    // A file that is no PDF or image is refused in the browser already.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'notities.txt', mimeType: 'text/plain', buffer: Buffer.from('geen scan') });
    await expect(fieldError(dialog, 'Alleen een PDF of een afbeelding (PNG of JPEG) is toegestaan.')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles(scan);
    await expect(dialog.getByText(/scan-tulpstraat-14\.png \(/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Vastleggen' }).click();
    await expect(dialog.getByText('Het papieren formulier is vastgelegd. Een andere medewerker moet het nu bevestigen.')).toBeFocused();
    await expect(dialog.getByText(/^Vastgelegd door Pieter Bakker/)).toBeVisible();
    // The partner (a contractor) records and corrects; a customer administrator confirms or rejects.
    await expect(dialog.getByText('Een medewerker die papieren formulieren mag bevestigen, controleert de scan en bevestigt of wijst het af.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Bevestigen' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Afwijzen' })).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Scan openen: scan-tulpstraat-14.png' })).toBeVisible();
    await checkPage(partner, 'support-base-paper-pending');
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(dialog).toBeHidden();
    await expect(partner.getByRole('row', { name: /Tulpstraat 14/ }).getByText('Op papier, wacht op bevestiging')).toBeVisible();
    await partner.getByRole('navigation', { name: "Pagina's van de adressen" }).getByRole('button', { name: 'Vorige' }).click();
    expect(await agreedIn(partner, 'Blok Zuid')).toBe(before);

    // The administrator (password, then the second factor) checks the scan and confirms it: now it counts.
    const adminContext = await contextFor();
    const admin = await adminContext.newPage();
    await loginAsPartner(admin, DEMO.admin);
    dialog = await openPaper(admin, tulp14);
    const download = admin.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Scan openen: scan-tulpstraat-14.png' }).click();
    expect((await download).suggestedFilename()).toBe('scan-tulpstraat-14.png');
    await checkPage(admin, 'support-base-paper-confirm');
    await dialog.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(dialog.getByText('Het papieren formulier is bevestigd en telt nu mee.')).toBeFocused();
    await expect(dialog.getByText(/^Bevestigd door Beheerder Woonstad/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await admin.getByRole('navigation', { name: "Pagina's van de adressen" }).getByRole('button', { name: 'Vorige' }).click();
    await expect.poll(() => agreedIn(admin, 'Blok Zuid')).toBe(before + 1);

    // A flip is a correction with a reason, which waits for someone else again.
    dialog = await openPaper(partner, tulp14);
    await dialog.getByRole('button', { name: 'Corrigeren' }).click();
    const correction = dialog.getByRole('form', { name: 'Correctie vastleggen' });
    await expect(correction.getByRole('radio', { name: 'Niet akkoord' })).toBeChecked();
    await correction.getByRole('button', { name: 'Correctie vastleggen' }).click();
    await expect(fieldError(correction, 'Geef een reden op.')).toBeVisible();
    await expect(correction.getByRole('textbox', { name: /Reden van de correctie/ })).toBeFocused();
    await checkPage(partner, 'support-base-paper-correct');
    await correction.getByRole('textbox', { name: /Reden van de correctie/ }).fill('Verkeerd aangeklikt: op de scan staat Nee.');
    await correction.getByRole('button', { name: 'Correctie vastleggen' }).click();
    await expect(dialog.getByText('De correctie is vastgelegd. Een andere medewerker moet haar nu bevestigen.')).toBeFocused();
    await expect(dialog.getByText('Reden: Verkeerd aangeklikt: op de scan staat Nee.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await partner.getByRole('navigation', { name: "Pagina's van de adressen" }).getByRole('button', { name: 'Vorige' }).click();
    await expect.poll(() => agreedIn(partner, 'Blok Zuid')).toBe(before + 1); // the confirmed record counts until the correction is confirmed

    // The administrator confirms the partner's correction: the old record stays in the history, replaced.
    dialog = await openPaper(admin, tulp14);
    await dialog.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(dialog.getByText('Het papieren formulier is bevestigd en telt nu mee.')).toBeFocused();
    await expect(dialog.getByText('Akkoord (vervangen door een correctie)')).toBeVisible();
    await expect(dialog.getByText('Niet akkoord (bevestigd, telt mee)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Sluiten' }).click();

    // The partner sees the history and the tally.
    dialog = await openPaper(partner, tulp14);
    await expect(dialog.getByText('Akkoord (vervangen door een correctie)')).toBeVisible();
    await expect(dialog.getByText(/^Bevestigd door Beheerder Woonstad/)).toHaveCount(2);
    await checkPage(partner, 'support-base-paper-history');
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(partner.getByRole('row', { name: /Tulpstraat 14/ }).getByText('Niet akkoord (op papier)')).toBeVisible();
    await partner.getByRole('navigation', { name: "Pagina's van de adressen" }).getByRole('button', { name: 'Vorige' }).click();
    await expect.poll(() => agreedIn(partner, 'Blok Zuid')).toBe(before);
    await checkPage(partner, 'support-base-tally-paper');
    await partnerContext.close();
    await adminContext.close();
  });

  test("a missing form says 'Formulier niet gevonden'; a letter's link opens the public wizard", async ({ page, mail, request }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/formulier/draagvlak/999999/0');
    await expect(page.getByText('Formulier niet gevonden')).toBeVisible();
    await checkPage(page, 'support-base-not-found');

    const formId = await withDatabase(mail, async (db) => (await db.query<{ id: number }>("SELECT id FROM forms WHERE name = 'Instemming zonnepanelen op het dak'")).rows[0]!.id);
    const projectId = await projectIdOf(mail, DEMO.secondProject);
    // An address that has not started, from the partner's tally (which shows no links), and its letter printed by the console.
    const partner = await apiLogin(request, { ...DEMO.partner });
    const tally = await request.get(`/api/partner/project/${projectId}/support-base/tally?language=nl&form_id=${formId}`, { headers: { authorization: `Bearer ${partner.token}` } });
    expect(tally.status()).toBe(200);
    const address = ((await tally.json()) as { addresses: { items: Array<{ status: string; address_id: number }> } }).addresses.items.find((a) => a.status === 'not_started')!.address_id;
    // Printing letters takes the permission consent.letters.print: the customer administrator in the console (with the second factor).
    const staff = await consoleApiToken(request, DEMO.consoleAdmin);
    const letters = await printConsentLetters(request, staff, projectId, formId, { address_ids: [address] });
    expect(letters).toHaveLength(1);
    const letter = letters[0]!.path;
    // A visitor without login: a fresh browser context.
    await page.context().clearCookies();
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });

    await page.goto(letter);
    await expect(page).toHaveURL(new RegExp(`/public/formulier/draagvlak/${formId}/0$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Akkoordverklaring' })).toBeVisible();
    await expect(stepsNav(page).getByText('Mobiel nummer')).toHaveCount(0); // no SMS verification on this form
    await expect(stepsNav(page).getByText('Bijlages')).toHaveCount(0);
    await checkPage(page, 'support-base-public');
  });
});
