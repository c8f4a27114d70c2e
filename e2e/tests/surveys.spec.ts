import type { Page } from '@playwright/test';
import { checkPage, DEMO, errorSummary, expect, fieldError, loginAsResident, test } from './fixtures';
import { makePng } from './images';

const surveyList = (page: Page) => page.getByRole('navigation', { name: 'Enquêtes' });
const openSurvey = async (page: Page, name: string) => {
  await surveyList(page).getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
};
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Formulier verzenden.' });

async function sendWithConfirmation(page: Page) {
  await page.getByRole('button', { name: 'Verzenden' }).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Klik op JA om deze actie te bevestigen. Hierna kan het formulier niet meer worden aangepast.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ja' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Enquete verstuurd' });
  await expect(sent).toBeVisible();
  await expect(page.getByText(/U heeft deze enquête al ingevuld/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verzenden' })).toHaveCount(0);
  // focus moved to the notice that replaced the form
  await expect(page.getByRole('status').filter({ hasText: 'U heeft deze enquête al ingevuld.' }).locator('..')).toBeFocused();
  await sent.getByRole('button', { name: 'Sluiten' }).click();
}

// The resident specs change 1234AB 10's answers, so they run in this order.
test.describe.configure({ mode: 'serial' });

test.describe('surveys (enquêtes) for a resident', () => {
  test('the list opens the first survey still to fill in; the demo survey 1234AB 10 already filled in shows read-only', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/enquetes');
    await expect(page.getByRole('heading', { level: 1, name: 'Enquêtes' })).toBeVisible();
    const links = surveyList(page).getByRole('link');
    await expect(links).toHaveCount(4);
    // a tick for the done survey (spoken as 'ingevuld'); the tile's 'nieuw' leads to the first survey not filled in
    await expect(links.first()).toHaveAccessibleName('ingevuld: Tevredenheid over de voorbereiding');
    await expect(links.nth(1)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Wensen voor keuken en badkamer' })).toBeVisible();
    await links.first().click();
    await expect(links.first()).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Tevredenheid over de voorbereiding' })).toBeVisible();
    await expect(page.getByText(/U heeft deze enquête al ingevuld/)).toBeVisible();
    await expect(page.getByText('Graag elke maand een korte update per e-mail.')).toBeVisible();
    await expect(page.getByText('8 van 10')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verzenden' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Terug naar dashboard' })).toHaveAttribute('href', '/dashboard');
    await checkPage(page, 'surveys-list-v1-read-only');

    // below 640 px the list is a dropdown that opens the chosen survey
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(surveyList(page)).toBeHidden();
    const select = page.getByRole('combobox', { name: 'Enquêtes' });
    await expect(select).toBeVisible();
    await select.selectOption({ label: 'Wonen in de Bloemenbuurt' });
    await expect(page).toHaveURL(/\/enquete\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Wonen in de Bloemenbuurt' })).toBeVisible();
  });

  test('a resident fills in a version 1 survey: invalid, confirmation, sent, read-only after a reload', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/enquetes');
    await openSurvey(page, 'Wonen in de Bloemenbuurt');
    const rating = page.getByRole('group', { name: 'Hoe prettig woont u in de Bloemenbuurt?' });
    await expect(rating.getByRole('radio', { name: '5', exact: true })).toBeChecked(); // default 5
    await checkPage(page, 'surveys-v1-open');

    await page.getByRole('button', { name: 'Verzenden' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Formulier niet goed ingevuld' })).toBeVisible();
    const open = page.getByRole('textbox', { name: 'Wat zou de buurt prettiger maken?' });
    await expect(open).toHaveAttribute('aria-invalid', 'true');
    // the summary takes focus; its link leads to the question
    await expect(errorSummary(page)).toBeFocused();
    await expect(fieldError(page, 'Vul hier een antwoord in.')).toBeVisible();
    // the summary names the question of its message; the field says the message only
    await expect(errorSummary(page).getByRole('link')).toHaveText(['Wat zou de buurt prettiger maken? Vul hier een antwoord in.']);
    await errorSummary(page).getByRole('link', { name: 'Vul hier een antwoord in.' }).click();
    await expect(open).toBeFocused();
    await expect(confirmDialog(page)).toBeHidden();

    await rating.getByRole('radio', { name: '8', exact: true }).check();
    await expect(rating.getByText('Gekozen cijfer: 8')).toBeVisible();
    await open.fill('Meer bomen en een bankje bij het plein.');
    await expect(page.getByText('Formulier niet goed ingevuld')).toBeHidden();

    // Nee keeps the survey editable
    await page.getByRole('button', { name: 'Verzenden' }).click();
    await expect(confirmDialog(page)).toBeVisible();
    await confirmDialog(page).getByRole('button', { name: 'Nee' }).click();
    await expect(confirmDialog(page)).toBeHidden();
    await expect(open).toBeEditable();

    // a failed send keeps the survey editable
    const failing = (url: URL) => /\/api\/occupant\/survey\/\d+$/.test(url.pathname);
    await page.route(failing, (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.fallback()));
    await page.getByRole('button', { name: 'Verzenden' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Ja' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Enquete kon niet worden verstuurd' });
    await expect(failed).toBeVisible();
    await expect(open).toBeEditable();
    await expect(open).toHaveValue('Meer bomen en een bankje bij het plein.');
    await page.unroute(failing);

    // the send that succeeds takes the red toast of the failed one away
    await sendWithConfirmation(page);
    await expect(failed).toHaveCount(0);
    await expect(page.getByText('Meer bomen en een bankje bij het plein.')).toBeVisible();
    await expect(surveyList(page).getByRole('link', { name: 'ingevuld: Wonen in de Bloemenbuurt' })).toBeVisible();

    await page.reload();
    await expect(page.getByText(/U heeft deze enquête al ingevuld/)).toBeVisible();
    await expect(page.getByText('8 van 10')).toBeVisible();
    await expect(page.getByText('Meer bomen en een bankje bij het plein.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verzenden' })).toHaveCount(0);
  });

  test('a resident fills in a version 2 survey with every element type and a photo', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/enquetes');
    await openSurvey(page, 'Wensen voor keuken en badkamer');
    await expect(page.getByRole('heading', { name: 'Wensen voor keuken en badkamer', level: 2 })).toBeVisible();
    await expect(page.getByText('Met deze vragenlijst horen we graag uw')).toBeVisible(); // s_title's wysiwyg text
    await checkPage(page, 'surveys-v2-open');

    // an empty submit marks every required field
    await page.getByRole('button', { name: 'Verzenden' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Formulier niet goed ingevuld' })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Naam van de hoofdbewoner' });
    await expect(errorSummary(page)).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(fieldError(page, 'Kies minimaal één optie')).toBeVisible();
    await expect(fieldError(page, 'Voeg een foto toe')).toBeVisible();
    await expect(fieldError(page, 'Dit veld is verplicht')).toHaveCount(3);
    await expect(errorSummary(page).getByRole('link')).toHaveCount(5);
    // each line of the summary names its field
    await expect(errorSummary(page).getByRole('link', { name: 'Naam van de hoofdbewoner: Dit veld is verplicht' })).toBeVisible();
    await expect(errorSummary(page).getByRole('link', { name: 'Foto van uw huidige badkamer: Voeg een foto toe' })).toBeVisible();
    await expect(errorSummary(page).getByRole('link', { name: /^Dit veld is verplicht/ })).toHaveCount(0);
    await checkPage(page, 'surveys-v2-summary-named');
    // a link to a check group focuses its first option
    await errorSummary(page).getByRole('link', { name: 'Kies minimaal één optie' }).click();
    await expect(page.getByRole('group', { name: /Welke extra voorzieningen/ }).getByRole('checkbox').first()).toBeFocused();
    await expect(confirmDialog(page)).toBeHidden();

    // s_textinput (required ' *', placeholder), s_select as dropdown, radio and check
    await expect(page.getByText('Naam van de hoofdbewoner *')).toBeVisible();
    await expect(name).toHaveAttribute('placeholder', 'Bijvoorbeeld: Jan de Vries');
    await name.fill('Jan de Vries');
    await page.getByRole('combobox', { name: 'Welke kleur fronten kiest u voor de keuken?' }).selectOption('Antraciet mat');
    const hob = page.getByRole('group', { name: /Welke kookplaat wilt u\?/ });
    await expect(hob.getByRole('radio', { name: 'Inductie' })).toBeChecked(); // defaultValue
    await hob.getByRole('radio', { name: 'Keramisch' }).check();
    const extras = page.getByRole('group', { name: /Welke extra voorzieningen/ });
    await extras.getByRole('checkbox', { name: 'Extra stopcontacten' }).check();
    await extras.getByRole('checkbox', { name: 'Verlichting onder de kastjes' }).check();

    // s_textareainput: 4 rows and the counter
    const wishes = page.getByRole('textbox', { name: 'Heeft u bijzondere wensen voor de badkamer?' });
    await expect(wishes).toHaveAttribute('rows', '4');
    await expect(page.getByText('(0 van 300 tekens)')).toBeVisible();
    await wishes.fill('Een inloopdouche graag.');
    await expect(page.getByText('(23 van 300 tekens)')).toBeVisible();

    // s_smileyinput with smileys (labels shown) and stars (labels hidden, still spoken)
    const smileys = page.getByRole('group', { name: /Hoe tevreden bent u over uw huidige badkamer/ });
    await expect(smileys.getByText('Zeer tevreden')).toBeVisible();
    await smileys.getByRole('radio', { name: 'Tevreden', exact: true }).check();
    const stars = page.getByRole('group', { name: 'Hoe belangrijk vindt u een bad?' });
    await expect(stars.getByRole('radio')).toHaveCount(3);
    await expect(stars.getByText('Belangrijk', { exact: true })).toHaveClass(/sr-only/);
    await stars.getByRole('radio', { name: 'Belangrijk', exact: true }).check();

    // s_photoinput: a png made in this test, uploaded at once and previewed
    await page.getByLabel('Foto van uw huidige badkamer').setInputFiles({ name: 'badkamer.png', mimeType: 'image/png', buffer: makePng(96, 64, [46, 125, 50]) });
    await expect(page.getByText('Foto toegevoegd')).toBeVisible();
    const preview = page.getByRole('img', { name: 'Foto bij: Foto van uw huidige badkamer' });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await expect(page.getByText('Formulier niet goed ingevuld')).toBeHidden();

    // a reload keeps the draft, the chosen photo included, as the forms do
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Wensen voor keuken en badkamer', level: 2 })).toBeVisible();
    await expect(name).toHaveValue('Jan de Vries');
    await expect(wishes).toHaveValue('Een inloopdouche graag.');
    await expect(extras.getByRole('checkbox', { name: 'Verlichting onder de kastjes' })).toBeChecked();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await checkPage(page, 'surveys-v2-draft-after-reload');

    await sendWithConfirmation(page);
    await checkPage(page, 'surveys-v2-read-only');

    await page.reload();
    await expect(page.getByText(/U heeft deze enquête al ingevuld/)).toBeVisible();
    for (const answer of ['Jan de Vries', 'Antraciet mat', 'Keramisch', 'Extra stopcontacten, Verlichting onder de kastjes', 'Een inloopdouche graag.', '4 van 5: Tevreden', '3 van 3: Belangrijk']) {
      await expect(page.getByText(answer, { exact: true })).toBeVisible();
    }
    const stored = page.getByRole('img', { name: 'Foto bij: Foto van uw huidige badkamer' });
    await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    // loaded through a link signed for the session, never with the session token in its address
    const session = await page.evaluate(() => localStorage.getItem('portal.token'));
    await expect(stored).toHaveAttribute('src', /^\/api\/files\/\d+\/[^?]+\?token=\d+\.\d+\.[\w-]+$/);
    expect(await stored.getAttribute('src')).not.toContain(session!);
    await expect(page.getByRole('button', { name: 'Verzenden' })).toHaveCount(0);
  });

  test('a refused photo type is explained on the field', async ({ page }) => {
    await loginAsResident(page, DEMO.residentTwoProjects);
    await page.getByRole('button', { name: `Open project: ${DEMO.secondProject}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/enquetes');
    await openSurvey(page, 'Zonnepanelen: uw voorkeur');
    await page.getByLabel('Foto van uw dak of zolder').setInputFiles({ name: 'dak.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(fieldError(page, 'Alleen foto’s van het type png of jpeg zijn toegestaan.')).toBeVisible();
    // a text file renamed to .png is refused by the server, by content
    await page.getByLabel('Foto van uw dak of zolder').setInputFiles({ name: 'dak.png', mimeType: 'image/png', buffer: Buffer.from('geen foto') });
    await expect(fieldError(page, 'Alleen foto’s van het type png of jpeg zijn toegestaan.')).toBeVisible();
    await expect(page.getByText('Foto toegevoegd')).toHaveCount(0);
  });
});

test.describe('public surveys', () => {
  test('a visitor fills in a public survey; it stays done for them after a reload', async ({ page, request }) => {
    const customer = await (await request.get('/api/public/customer/?domain=localhost&language=nl')).json() as { id: number };
    const projects = await (await request.get(`/api/public/projects/${customer.id}`)).json() as Array<{ id: number; name: string }>;
    const projectId = projects.find((p) => p.name === DEMO.project)!.id;

    await page.goto(`/public/enquetes/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Enquêtes' })).toBeVisible();
    const links = surveyList(page).getByRole('link');
    await expect(links).toHaveCount(2); // the public surveys only
    await expect(page.getByRole('heading', { level: 2, name: 'Wonen in de Bloemenbuurt' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug naar dashboard' })).toHaveAttribute('href', `/public/dashboard/${projectId}`);
    const unique = await page.evaluate((id) => localStorage.getItem(`portal.visitor.${id}`), projectId);
    expect(unique).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await checkPage(page, 'surveys-public-v1-open');

    await page.getByRole('group', { name: 'Hoe prettig woont u in de Bloemenbuurt?' }).getByRole('radio', { name: '7', exact: true }).check();
    await page.getByRole('textbox', { name: 'Wat zou de buurt prettiger maken?' }).fill('Een speeltuin voor de kinderen.');
    await sendWithConfirmation(page);

    // after a reload the list opens the survey still to fill in; the one sent shows its answers
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Uw bezoek aan de proefwoning' })).toBeVisible();
    await openSurvey(page, 'Wonen in de Bloemenbuurt');
    await expect(page.getByText(/U heeft deze enquête al ingevuld/)).toBeVisible();
    await expect(page.getByText('Een speeltuin voor de kinderen.')).toBeVisible();
    expect(await page.evaluate((id) => localStorage.getItem(`portal.visitor.${id}`), projectId)).toBe(unique);

    // the public version 2 survey: stars and a photo, for this visitor
    await openSurvey(page, 'Uw bezoek aan de proefwoning');
    await page.getByRole('group', { name: /Wanneer heeft u de proefwoning bezocht/ }).getByRole('radio', { name: 'Op de open dag' }).check();
    await page.getByRole('group', { name: /Wat is uw eerste indruk/ }).getByRole('radio', { name: 'Goed', exact: true }).check();
    await page.getByLabel('Een foto van iets dat u opviel (niet verplicht)').setInputFiles({ name: 'keuken.png', mimeType: 'image/png', buffer: makePng(40, 40, [200, 120, 0]) });
    await expect(page.getByText('Foto toegevoegd')).toBeVisible();
    await sendWithConfirmation(page);
    await page.reload();
    await expect(page.getByText('4 van 5: Goed')).toBeVisible();
    const photo = page.getByRole('img', { name: /Foto bij: Een foto van iets/ });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);

    // another visitor (a fresh browser) sees it open
    const other = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
    const fresh = await other.newPage();
    await fresh.goto(`/public/enquete/${projectId}/${new URL(page.url()).pathname.split('/').pop()}`);
    await expect(fresh.getByRole('button', { name: 'Verzenden' })).toBeVisible();
    await other.close();
  });
});
