import { copyChoiceForm, withDatabase } from './db';
import { apiLogin, checkPage, DEMO, errorSummary, expect, loginAsPartner, loginAsResident, test } from './fixtures';
import { confirmYes, drawSignature, signatureArea, stepsNav } from './form-helpers';

/** The kitchen choice form's id, from the resident's forms overview. */
async function kitchenFormId(request: Parameters<typeof apiLogin>[0]): Promise<number> {
  const { token } = await apiLogin(request, { zipcode: DEMO.resident.zipcode, house_number: DEMO.resident.houseNumber, password: DEMO.resident.password });
  const list = await request.get('/api/occupant/forms/?language=nl', { headers: { authorization: `Bearer ${token}` } });
  const item = ((await list.json()) as Array<{ name: string; form_id: number }>).find((i) => i.name === 'Keuzes voor uw keuken');
  return item!.form_id;
}

test.describe('a choice form (keuze)', () => {
  test('a resident chooses options with extra costs, signs, pays through the checkout and sees the confirmation', async ({ page, mail }) => {
    test.setTimeout(120_000);
    await loginAsResident(page, DEMO.resident);
    await page.goto('/formulieren');
    await page.getByRole('link', { name: /Keuzes voor uw keuken/ }).click();
    await expect(page).toHaveURL(/\/formulier\/keuze\/\d+\/0$/);
    const formUrl = page.url().replace(/\/0$/, '');
    await expect(page.getByRole('heading', { level: 1, name: 'Keuzes voor uw keuken' })).toBeVisible();
    await expect(page.getByText('Kies de uitvoering van uw nieuwe keuken.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Keuze' })).toBeVisible();
    await expect(stepsNav(page).getByRole('listitem')).toHaveText([/Keuze/, /Aanrecht en aansluitingen/, /Samenvatting/, /Aantal handtekeningen/, /Handtekening 1/, /Bevestiging/]);
    await expect(stepsNav(page).locator('[aria-disabled="true"]', { hasText: 'Samenvatting' })).toBeVisible();
    // Prices in Dutch format; '0,00' is no surcharge.
    await expect(page.getByRole('radio', { name: /Antraciet/ })).toBeVisible();
    await expect(page.getByText('+ € 1.250,50')).toBeVisible();
    await expect(page.getByText('Geen meerprijs').first()).toBeVisible();
    await expect(page.getByText('Uw keuzes hebben geen extra kosten.')).toBeVisible();

    // Nothing chosen: the form says so and stays.
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(errorSummary(page)).toContainText('Formulier niet goed ingevuld');
    await page.getByRole('radio', { name: /Antraciet/ }).check();
    await page.getByRole('checkbox', { name: /Close-in boiler/ }).check();
    // The running total comes from the server's prices.
    await expect(page.getByText('Totaal extra kosten: € 1.745,50')).toBeVisible();
    await checkPage(page, 'choice-section');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();

    await expect(page).toHaveURL(`${formUrl}/1`);
    const blad = page.getByRole('textbox', { name: 'Extra lengte aanrechtblad' });
    await blad.fill('2,25');
    await expect(page.getByText('Prijs per meter: € 85,50 · Totaal: € 192,38')).toBeVisible();
    await expect(page.getByText('Totaal extra kosten: € 1.937,88')).toBeVisible();
    // The choice form's number input takes one or two digits.
    const aansluitingen = page.getByRole('textbox', { name: 'Aantal extra aansluitingen voor apparatuur' });
    await aansluitingen.fill('123');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(errorSummary(page)).toContainText('De min. waarde is: 0 en de max. waarde is: 10');
    await aansluitingen.fill('2');
    await checkPage(page, 'choice-calculator');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();

    // Samenvatting: completing locks the form (after the confirmation).
    await expect(page).toHaveURL(`${formUrl}/samenvatting`);
    await expect(page.getByText('Totaal extra kosten: € 1.937,88')).toBeVisible();
    await expect(page.getByText('Antraciet (+ € 1.250,50)')).toBeVisible();
    await expect(page.getByText('2,25 meter (€ 192,38)')).toBeVisible();
    await checkPage(page, 'choice-summary');
    // One send, at the end: the summary only finishes the choices.
    await expect(page.getByRole('button', { name: 'Formulier verzenden' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Formulier afronden' }).click();
    await confirmYes(page);

    // Aantal handtekeningen, then the signature drawn on the pad.
    await expect(page).toHaveURL(`${formUrl}/handtekening`);
    await expect(stepsNav(page).getByRole('link', { name: /Betalen/ })).toHaveCount(0); // not reachable before signing
    // Below 1 becomes 1 (spec 5): on leaving the field, and when sent straight away with Enter.
    const count = page.getByRole('textbox', { name: 'Aantal handtekeningen' });
    await count.fill('0');
    await count.blur();
    await expect(count).toHaveValue('1');
    await checkPage(page, 'choice-signers');
    await count.fill('0');
    await count.press('Enter');
    await expect(errorSummary(page)).toHaveCount(0);

    await expect(page).toHaveURL(`${formUrl}/zet-handtekening/1`);
    await page.getByRole('button', { name: 'Zet handtekening' }).click();
    await expect(errorSummary(page)).toContainText('Geef een handtekening op');
    await expect(errorSummary(page)).toContainText('Geef op door wie de handtekening is gezet');
    await drawSignature(page, signatureArea(page));
    await expect(page.getByRole('button', { name: 'Wijzigen' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Naam van de ondertekenaar' }).fill('Jan de Vries');
    await checkPage(page, 'choice-signature');
    await page.getByRole('button', { name: 'Zet handtekening' }).click();

    // Betalen: the status is not reachable until paid.
    await expect(page).toHaveURL(`${formUrl}/betalen`);
    await expect(page.getByText('U betaalt de extra kosten van € 1.937,88 online.')).toBeVisible();
    await page.getByRole('button', { name: 'Bekijk status' }).click();
    await expect(page.getByText('Deze stap is nog niet afgerond').first()).toBeVisible();
    await checkPage(page, 'choice-pay');
    await page.getByRole('button', { name: 'Naar betaling' }).click();

    // The local checkout (the page at the URL the payment service returned): 'Betaald'.
    await expect(page).toHaveURL(/\/api\/payment\/local\/checkout\/tr_/);
    await expect(page.getByText('1.937,88')).toBeVisible();
    await page.getByRole('radio', { name: 'Betaald' }).check();
    await page.getByRole('button').click();

    // Back at the portal, which asks the server (that asks the provider).
    await expect(page).toHaveURL(`${formUrl}/betalen`);
    await expect(page.getByText('De extra kosten zijn betaald.')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Bekijk status' }).click();
    await expect(page).toHaveURL(`${formUrl}/status`);
    await expect(page.getByRole('heading', { level: 2, name: 'Bevestiging' })).toBeVisible();
    await expect(page.getByText('Bedankt voor uw keuzes.')).toBeVisible();
    // Not sent yet: Bevestiging is the one step left (the sidebar said 7 of 7 before the send).
    await expect(stepsNav(page)).toContainText('6 van 7 gereed');
    await expect(stepsNav(page).getByRole('link', { name: /nog niet gereed: Bevestiging/ })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'E-mailadres' });
    await email.fill('jan@voorbeeld');
    await page.getByRole('button', { name: 'Formulier verzenden' }).click();
    await expect(errorSummary(page)).toContainText('Ongeldig e-mailadres');
    await email.fill('jan.devries@example.nl');
    await page.getByRole('textbox', { name: 'Opmerking' }).fill('Graag plaatsen in de ochtend.');
    // Sending asks Ja or Nee (spec 5); Nee sends nothing.
    await page.getByRole('button', { name: 'Formulier verzenden' }).click();
    await page.getByRole('dialog', { name: 'Formulier afronden' }).getByRole('button', { name: 'Nee' }).click();
    await expect(page.getByText('Het formulier is verzonden.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Formulier verzenden' }).click();
    await confirmYes(page);
    // Sent once: what was sent to whom instead of the button, and the PDF of the choices.
    await expect(page.getByText('Het formulier is verzonden.')).toBeVisible();
    await expect(page.getByText(/^Uw keuzes voor Tulpstraat 10, 1234 AB Utrecht zijn op \d{2}-\d{2}-\d{4} verzonden naar het projectteam van Renovatie Bloemenbuurt\.$/)).toBeVisible();
    await expect(page.getByText(/^De extra kosten van € 1\.937,88 zijn betaald op \d{2}-\d{2}-\d{4}\.$/)).toBeVisible();
    await expect(page.getByText('Een kopie met de PDF van uw keuzes is gestuurd naar jan.devries@example.nl.')).toBeVisible();
    await expect(page.getByText('Opmerking: Graag plaatsen in de ochtend.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Formulier verzenden' })).toHaveCount(0);
    await expect(stepsNav(page)).toContainText('7 van 7 gereed');
    const pdfLink = page.getByRole('link', { name: 'Uw keuzes downloaden (PDF) (wordt opgeslagen op uw apparaat)' });
    await expect(pdfLink).toHaveAttribute('download', '');
    const [pdf] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    expect(pdf.suggestedFilename()).toBe('Keuzes voor uw keuken.pdf');
    await checkPage(page, 'choice-status');
    const copy = await mail.waitFor({ to: 'jan.devries@example.nl', subject: 'Formulier: Keuzes voor uw keuken' });
    expect(copy.attachments).toHaveLength(1);
    await page.reload();
    await expect(page.getByText('Het formulier is verzonden.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Formulier verzenden' })).toHaveCount(0);
    expect((await mail.all()).filter((m) => m.to.includes('jan.devries@example.nl') && m.subject === 'Formulier: Keuzes voor uw keuken')).toHaveLength(1);

    // Locked: the sections are read-only now.
    await page.goto(`${formUrl}/0`);
    await expect(page.getByText('Dit onderdeel kan niet meer worden gewijzigd.')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Antraciet/ })).toBeDisabled();
  });

  test('without a payment provider (online payment off) the pay step tells the resident so and offers no button', async ({ page, request }) => {
    // The shared e2e server pays through the local checkout; the answer of a portal without one (mollie_enabled
    // false, as the API test of a production start shows) is given here for the resident's form.
    const formId = await kitchenFormId(request);
    await page.route(new RegExp(`/api/occupant/choice/form/${formId}(\\?.*)?$`), async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const form = { ...(await response.json()), mollie_enabled: false, paid: false, paid_at: null, payment_status: null, status: 'summary', total_not_paid_cents: 193788, total_not_paid: '1.937,88' };
      await route.fulfill({ response, json: form });
    });
    await loginAsResident(page, DEMO.resident);
    await page.goto(`/formulier/keuze/${formId}/betalen`);
    await expect(page.getByText('U betaalt de extra kosten van € 1.937,88 online.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Online betalen is op dit moment niet mogelijk. Probeer het later opnieuw.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Betalen' })).toHaveCount(0);
    await checkPage(page, 'choice-pay-off');
  });

  test('a partner fills a choice form in for an address, signs and sends it without paying', async ({ page, request }) => {
    const formId = await kitchenFormId(request);
    // From the partner's dashboard: the Formulieren tile, the project's choice forms, the form's addresses.
    await loginAsPartner(page, DEMO.partner);
    await page.getByRole('link', { name: new RegExp(DEMO.customer) }).click();
    await page.getByRole('button', { name: `Open project: ${DEMO.project}` }).click();
    await expect(page).toHaveURL(/\/partner\/dashboard\/\d+$/);
    const projectId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('navigation', { name: 'Onderdelen van het project' }).getByRole('link', { name: 'Formulieren' }).click();
    await expect(page).toHaveURL(`/partner/keuze/project/${projectId}/formulieren`);
    const formLink = page.getByRole('link', { name: /Keuzes voor uw keuken/ });
    await expect(formLink).toContainText(/\d+ van \d+ adressen verstuurd/);
    await checkPage(page, 'choice-partner-forms');
    await formLink.click();
    await expect(page).toHaveURL(`/partner/keuze/project/${projectId}/formulier/${formId}/adressen`);
    await expect(page.getByRole('heading', { level: 1, name: 'Keuzes voor uw keuken' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Zoek een adres' }).fill('Tulpstraat 14');
    const addresses = page.getByRole('list', { name: 'Adressen' }).getByRole('link');
    await expect(addresses).toHaveCount(1);
    await expect(addresses.first()).toContainText('Nog niet begonnen');
    await checkPage(page, 'choice-partner-addresses');
    await addresses.first().click();
    await expect(page).toHaveURL(new RegExp(`/partner/keuze/project/${projectId}/adres/\\d+/${formId}/0$`));
    const base = page.url().replace(/\/0$/, '').replace(/^https?:\/\/[^/]+/, '');
    await expect(page.getByText('Tulpstraat 14, 1234 AB Utrecht')).toBeVisible();
    await page.getByRole('radio', { name: /Eiken/ }).check();
    await expect(page.getByText('Totaal extra kosten: € 350,00')).toBeVisible();
    await checkPage(page, 'choice-partner-section');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await page.getByRole('textbox', { name: 'Extra lengte aanrechtblad' }).fill('0');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();

    await expect(page).toHaveURL(`${base}/samenvatting`);
    await page.getByRole('button', { name: 'Zet handtekening' }).click();
    await confirmYes(page);
    await expect(page).toHaveURL(`${base}/handtekening`);
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${base}/zet-handtekening/1`);
    await drawSignature(page, signatureArea(page));
    await page.getByRole('textbox', { name: 'Naam van de ondertekenaar' }).fill('Kees Jansen');
    await page.getByRole('button', { name: 'Zet handtekening' }).click();

    // An administrator goes on to the confirmation (spec 6): no pay button; download and send, after Ja.
    await expect(page).toHaveURL(`${base}/status`);
    await expect(page.getByRole('button', { name: /Betalen|Naar betaling/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Uw keuzes downloaden \(PDF\)/ })).toBeVisible();
    await expect(page.getByText('Totaal extra kosten: € 350,00 (nog niet betaald)')).toBeVisible();
    await page.getByRole('textbox', { name: 'Opmerking' }).fill('Ingevuld tijdens het huisbezoek.');
    await page.getByRole('button', { name: 'Formulier verzenden' }).click();
    await confirmYes(page);
    await expect(page.getByText('Het formulier is verzonden.')).toBeVisible();
    await expect(page.getByText('Er is geen kopie per e-mail gevraagd.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Formulier verzenden' })).toHaveCount(0);
    // Sent, but nothing paid: Bevestiging is done, Betalen stays open (6 of 7) and says what is open.
    await expect(page.getByText('Er staat nog een betaling open van € 350,00.')).toBeVisible();
    await expect(stepsNav(page)).toContainText('6 van 7 gereed');
    await expect(stepsNav(page).getByRole('link', { name: 'nog niet gereed: Betalen' })).toBeVisible();
    await checkPage(page, 'choice-partner-status');
    await stepsNav(page).getByRole('link', { name: 'nog niet gereed: Betalen' }).click();
    await expect(page.getByText('Nog niet betaald: € 350,00')).toBeVisible();
    await checkPage(page, 'choice-partner-unpaid');

    // Back to the address list: the address is sent now, and still unpaid.
    await page.getByRole('link', { name: 'Terug naar de adressen' }).click();
    await expect(page).toHaveURL(`/partner/keuze/project/${projectId}/formulier/${formId}/adressen`);
    await page.getByRole('searchbox', { name: 'Zoek een adres' }).fill('Tulpstraat 14');
    await expect(addresses).toHaveCount(1);
    await expect(addresses.first()).toContainText('Verstuurd · nog niet betaald: € 350,00');
  });

  test('an administrator who came in through a login link fills the form in for the address with the admin calls', async ({ page, request }) => {
    const resident = await apiLogin(request, { zipcode: DEMO.residentTwoProjects.zipcode, house_number: DEMO.residentTwoProjects.houseNumber, password: DEMO.residentTwoProjects.password });
    const admin = await apiLogin(request, { ...DEMO.admin });
    const link = await request.post('/api/admin/login-link', { data: { address_id: resident.address_id, language: 'nl' }, headers: { authorization: `Bearer ${admin.token}` } });
    expect(link.status()).toBe(200);
    const { token } = (await link.json()) as { token: string };
    const enc = encodeURIComponent;
    await page.goto(`/setlogin/${enc(token)}/${enc('/api/assets/demo/logo-devries.svg')}/${enc('https://www.example.nl')}/${enc('#2e7d32')}`);
    await expect(page).not.toHaveURL(/\/setlogin\//);
    // 1234AB 12 is in two projects: the administrator picks Bloemenbuurt (the first card).
    await expect(page).toHaveURL(/\/projecten$/);
    await page.getByText('Open project').first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The resident's calls would be /occupant/...: the administrator's go to /partner/... with the admin token.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/choice/form/')) calls.push(new URL(r.url()).pathname);
    });
    await page.goto('/formulieren');
    await page.getByRole('link', { name: /Keuzes voor uw keuken/ }).click();
    await expect(page).toHaveURL(/\/formulier\/keuze\/\d+\/0$/);
    await expect(page.getByText('Tulpstraat 12, 1234 AB Utrecht')).toBeVisible();
    await page.getByRole('radio', { name: /Wit \(standaard\)/ }).check();
    await expect(page.getByText('Uw keuzes hebben geen extra kosten.')).toBeVisible();
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await page.getByRole('textbox', { name: 'Extra lengte aanrechtblad' }).fill('0');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(/\/samenvatting$/);
    await expect(page.getByRole('button', { name: 'Zet handtekening' })).toBeVisible();
    await checkPage(page, 'choice-admin-summary');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((path) => path.startsWith('/api/partner/choice/form/') && path.endsWith(`/address/${resident.address_id}`))).toBe(true);
  });

  test("staff finish a form without the payment: the resident sees 'Naar betaling' on the forms list and the form, straight to the checkout", async ({ page, browser, baseURL, request, mail }) => {
    const formId = await kitchenFormId(request);
    // Tulpstraat 12 starts afresh (the administrator's test above began it).
    const { projectId, addressId } = await withDatabase(mail, async (db) => {
      const row = (await db.query<{ project_id: number; address_id: number }>(
        `SELECT f.project_id, a.id AS address_id FROM forms f, addresses a WHERE f.id = $1 AND a.zipcode = $2 AND a.house_number = $3`,
        [formId, DEMO.residentTwoProjects.zipcode, DEMO.residentTwoProjects.houseNumber],
      )).rows[0]!;
      await db.query('DELETE FROM form_entries WHERE form_id = $1 AND address_id = $2', [formId, row.address_id]);
      return { projectId: row.project_id, addressId: row.address_id };
    });

    // The partner fills it in for the address, signs and sends; Betalen is skipped, not paid.
    const staffContext = await browser.newContext({ baseURL, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 800 } });
    const staff = await staffContext.newPage();
    await loginAsPartner(staff, DEMO.partner);
    const base = `/partner/keuze/project/${projectId}/adres/${addressId}/${formId}`;
    await staff.goto(`${base}/0`);
    await staff.getByRole('radio', { name: /Antraciet/ }).check();
    await staff.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await staff.getByRole('textbox', { name: 'Extra lengte aanrechtblad' }).fill('0');
    await staff.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await staff.getByRole('button', { name: 'Zet handtekening' }).click();
    await confirmYes(staff);
    await staff.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await drawSignature(staff, signatureArea(staff));
    await staff.getByRole('textbox', { name: 'Naam van de ondertekenaar' }).fill('Fatima El Amrani');
    await staff.getByRole('button', { name: 'Zet handtekening' }).click();
    await expect(staff).toHaveURL(`${base}/status`);
    await staff.getByRole('button', { name: 'Formulier verzenden' }).click();
    await confirmYes(staff);
    await expect(staff.getByText('Het formulier is verzonden.')).toBeVisible();
    await expect(stepsNav(staff).getByRole('link', { name: 'nog niet gereed: Betalen' })).toBeVisible();
    await staffContext.close();

    // The resident: the forms list says a payment waits, with 'Naar betaling'.
    await loginAsResident(page, DEMO.residentTwoProjects);
    await page.getByRole('button', { name: `Open project: ${DEMO.project}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/formulieren');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Keuzes voor uw keuken/ }) });
    await expect(item.getByText('Betaling open: € 1.250,50')).toBeVisible();
    await expect(item.getByRole('button', { name: 'Naar betaling' })).toBeVisible();
    await checkPage(page, 'choice-forms-payment-waiting');

    // On the form a notice with 'Naar betaling'; Betalen (not done) has it too, once.
    await item.getByRole('link', { name: /Keuzes voor uw keuken/ }).click();
    await expect(page).toHaveURL(new RegExp(`/formulier/keuze/${formId}/0$`));
    await expect(page.getByText('Er staat nog een betaling open van € 1.250,50.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Naar betaling' })).toBeVisible();
    await checkPage(page, 'choice-payment-waiting');
    await stepsNav(page).getByRole('link', { name: 'nog niet gereed: Betalen' }).click();
    await expect(page.getByText('U betaalt de extra kosten van € 1.250,50 online.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Naar betaling' })).toHaveCount(1);
    await page.goto(`/formulier/keuze/${formId}`);
    await expect(page).toHaveURL(new RegExp(`/formulier/keuze/${formId}/betalen$`)); // where it resumes

    // One click from the forms list: straight to the checkout, no Betalen step in between.
    await page.goto('/formulieren');
    await item.getByRole('button', { name: 'Naar betaling' }).click();
    await expect(page).toHaveURL(/\/api\/payment\/local\/checkout\/tr_/);
    await expect(page.getByText('1.250,50')).toBeVisible();
  });

  test("without signing, the summary's 'Naar betaling' completes the form and goes straight to the checkout (spec 4.3)", async ({ page, request, mail }) => {
    const kitchen = await kitchenFormId(request);
    const NAME = 'Keuzes voor uw berging (e2e)';
    // A choice form of its own: the kitchen's questions and prices, online payment, no signatures.
    const formId = await copyChoiceForm(mail, kitchen, NAME, 99);
    try {
      await loginAsResident(page, DEMO.resident);
      await page.goto(`/formulier/keuze/${formId}/0`);
      await page.getByRole('radio', { name: /Eiken/ }).check();
      await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
      await page.getByRole('textbox', { name: 'Extra lengte aanrechtblad' }).fill('0');
      await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
      await expect(page).toHaveURL(`/formulier/keuze/${formId}/samenvatting`);
      await expect(stepsNav(page).getByRole('listitem')).toHaveText([/Keuze/, /Aanrecht en aansluitingen/, /Samenvatting/, /Betalen/, /Bevestiging/]);
      await checkPage(page, 'choice-summary-to-payment');
      await page.getByRole('button', { name: 'Naar betaling' }).click();
      await confirmYes(page);
      // One click (and Ja): the checkout, not the Betalen step.
      await expect(page).toHaveURL(/\/api\/payment\/local\/checkout\/tr_/);
      await expect(page.getByText('350,00')).toBeVisible();
    } finally {
      await withDatabase(mail, (db) => db.query('DELETE FROM forms WHERE id = $1', [formId]));
    }
  });
});
