import type { Locator, Page } from '@playwright/test';
import { checkPage, DEMO, expect, loginToConsole, test, workerPortal } from './fixtures';
import { withDatabase } from './db';
import { bloemenbuurtId, residentPage } from './console-helpers';
import { makePng } from './images';

// The surveys this spec makes go when it ends (their answers with them): other specs count Jan's surveys.
test.afterAll(async () => {
  await withDatabase(workerPortal().mail, (db) => db.query("DELETE FROM surveys WHERE name LIKE 'E2E %'"));
});

const V2 = 'E2E Alles over uw woning';
const V1 = 'E2E Cijfers voor de aannemer';

const preview = (page: Page) => page.getByRole('region', { name: 'Voorbeeld voor bewoners' });
/** The element cards of the builder's (only) section. */
const cards = (page: Page) => page.getByRole('region', { name: 'Onderdeel 1' }).locator('li[aria-label]');
const lastCard = (page: Page) => cards(page).last();

async function tileCount(page: Page): Promise<number> {
  const badge = page.locator('[data-module="survey"] > span.absolute');
  return (await badge.count()) ? Number((await badge.innerText()).replace(/\D/g, '')) : 0;
}

async function newSurvey(page: Page, projectId: number, name: string, version: 1 | 2, screenshot?: string) {
  await page.goto(`/beheer/projecten/${projectId}/enquetes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Enquêtes' })).toBeVisible();
  await page.getByRole('button', { name: 'Nieuwe enquête' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe enquête' });
  await dialog.getByRole('textbox', { name: 'Naam' }).fill(name);
  await dialog.getByRole('radio', { name: version === 2 ? /^Versie 2/ : /^Versie 1/ }).check();
  if (screenshot) await checkPage(page, screenshot);
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/enquetes/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Adds an element of a kind at the end of the (only) section; answers its card. */
async function addElement(page: Page, kind: string, label: string): Promise<Locator> {
  const index = await cards(page).count();
  await page.getByLabel('Soort nieuwe vraag').selectOption({ label: kind });
  await page.getByRole('button', { name: 'Vraag toevoegen' }).click();
  // by place, not by name: a card is named after its question, which is typed next
  const card = cards(page).nth(index);
  await card.getByRole('textbox', { name: kind === 'Titel' ? 'Titel' : 'Vraag', exact: true }).fill(label);
  return card;
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Enquête opgeslagen').first()).toBeVisible();
  await expect(page.getByText('Niet-opgeslagen wijzigingen')).toHaveCount(0);
}

test('an editor builds a survey with every element type and a version 1 survey; a resident answers them and they stop counting as new', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await loginToConsole(page, DEMO.consoleEditor);
  const projectId = await bloemenbuurtId(page);
  await page.goto(`/beheer/projecten/${projectId}/enquetes`);
  await expect(page.getByRole('list', { name: 'Enquêtes' })).toBeVisible();
  await checkPage(page, 'console-surveys-list');

  // ---- version 2 with every element type
  await newSurvey(page, projectId, V2, 2, 'console-surveys-new');
  // the new survey starts with one text field: it becomes the (required) name question
  const first = lastCard(page);
  await first.getByRole('textbox', { name: 'Vraag', exact: true }).fill('Uw naam');
  await first.getByRole('checkbox', { name: 'Verplicht' }).check();
  await addElement(page, 'Titel', 'Over uw keuken');
  await lastCard(page).getByRole('textbox', { name: 'Toelichting onder de titel (optioneel)' }).fill('Vertel ons wat u wilt.');
  const area = await addElement(page, 'Tekstvak', 'Uw opmerkingen');
  await area.getByRole('spinbutton', { name: 'Maximum aantal tekens (0: geen maximum)' }).fill('200');
  const dropdown = await addElement(page, 'Keuzevraag', 'Kleur voordeur');
  await dropdown.getByLabel('Weergave').selectOption({ label: 'Keuzelijst' });
  await dropdown.getByRole('textbox', { name: 'Optie 1' }).fill('Rood');
  await dropdown.getByRole('textbox', { name: 'Optie 2' }).fill('Blauw');
  await dropdown.getByRole('button', { name: 'Optie toevoegen' }).click();
  await dropdown.getByRole('textbox', { name: 'Optie 3' }).fill('Groen');
  await addElement(page, 'Keuzevraag', 'Bent u tevreden over de planning?'); // keuzerondjes Ja / Nee
  const check = await addElement(page, 'Keuzevraag', 'Welke ruimtes wilt u laten opknappen?');
  await check.getByLabel('Weergave').selectOption({ label: 'Vinkjes (meerdere keuzes)' });
  await check.getByRole('textbox', { name: 'Optie 1' }).fill('Keuken');
  await check.getByRole('textbox', { name: 'Optie 2' }).fill('Badkamer');
  const smiley = await addElement(page, 'Waardering', 'Hoe blij bent u met de buurt?');
  await smiley.getByLabel('Aantal waarden').selectOption('3');
  await smiley.getByRole('textbox', { name: 'Naam van waarde 1' }).fill('Niet blij');
  await smiley.getByRole('textbox', { name: 'Naam van waarde 2' }).fill('Gaat wel');
  await smiley.getByRole('textbox', { name: 'Naam van waarde 3' }).fill('Heel blij');
  const stars = await addElement(page, 'Waardering', 'Hoeveel sterren geeft u de aannemer?');
  await stars.getByLabel('Smileys of sterren').selectOption({ label: 'Sterren' });
  await addElement(page, 'Foto', 'Foto van uw voordeur');

  // the live preview is the resident's own form
  const shown = preview(page);
  await expect(shown.getByRole('textbox', { name: /Uw naam/ })).toBeVisible();
  // a title with a text shows the text (the resident's renderer)
  await expect(shown.getByText('Vertel ons wat u wilt.')).toBeVisible();
  await expect(shown.getByRole('textbox', { name: /Uw opmerkingen/ })).toBeVisible();
  await expect(shown.getByRole('combobox', { name: /Kleur voordeur/ })).toBeVisible();
  await expect(shown.getByRole('group', { name: /tevreden over de planning/ }).getByRole('radio')).toHaveCount(2);
  await expect(shown.getByRole('group', { name: /Welke ruimtes/ }).getByRole('checkbox')).toHaveCount(2);
  await expect(shown.getByRole('group', { name: /Hoe blij/ }).getByRole('radio')).toHaveCount(3);
  await expect(shown.getByRole('group', { name: /Hoeveel sterren/ }).getByRole('radio')).toHaveCount(5);
  await expect(shown.getByText('Foto van uw voordeur').first()).toBeVisible();
  // trying it: the resident's rules run, nothing is sent
  await shown.getByRole('button', { name: 'Verzenden' }).click();
  await expect(shown.getByText('Formulier niet goed ingevuld')).toBeVisible();
  await shown.getByRole('textbox', { name: /Uw naam/ }).fill('Proef');
  await shown.getByRole('button', { name: 'Verzenden' }).click();
  await expect(shown.getByRole('status').filter({ hasText: 'de antwoorden voldoen' })).toBeVisible();

  // a bad definition is refused with a message naming the question
  await check.getByRole('textbox', { name: 'Optie 2' }).fill('Keuken');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: "Keuzevraag 'Welke ruimtes wilt u laten opknappen?': optie 'Keuken' staat er twee keer in" })).toBeVisible();
  await check.getByRole('textbox', { name: 'Optie 2' }).fill('Badkamer');
  await save(page);
  await checkPage(page, 'console-surveys-builder-v2');
  await expect(page.getByRole('link', { name: 'Resultaten' })).toHaveAttribute('href', /\/enquetes\/\d+\/resultaten$/);

  // ---- version 1
  await newSurvey(page, projectId, V1, 1);
  await page.getByRole('textbox', { name: 'Vraag 1' }).fill('Hoe tevreden bent u over de aannemer?');
  await page.getByRole('button', { name: 'Vraag toevoegen' }).click();
  await page.getByRole('textbox', { name: 'Vraag 2' }).fill('Wat kan er beter?');
  await page.getByLabel('Soort').last().selectOption({ label: 'Open vraag' });
  await expect(preview(page).getByRole('group', { name: /Hoe tevreden bent u over de aannemer/ })).toBeVisible();
  await expect(preview(page).getByRole('textbox', { name: /Wat kan er beter/ })).toBeVisible();
  await save(page);
  await checkPage(page, 'console-surveys-builder-v1');

  // the list shows both, with their counts
  await page.goto(`/beheer/projecten/${projectId}/enquetes`);
  const list = page.getByRole('list', { name: 'Enquêtes' });
  await expect(list.getByRole('link', { name: V2, exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: V1, exact: true })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: V1 })).toContainText('0 keer ingevuld');

  // ---- the resident answers both; each stops counting as new
  const resident = await residentPage(browser);
  // The tile's badge comes with the dashboard's data: wait for it rather than read it at once.
  let before = 0;
  await expect.poll(async () => (before = await tileCount(resident))).toBeGreaterThanOrEqual(2);
  await resident.goto('/enquetes');
  const surveys = resident.getByRole('navigation', { name: 'Enquêtes' });
  await surveys.getByRole('link', { name: new RegExp(V1) }).click();
  await expect(resident.getByRole('heading', { level: 2, name: V1 })).toBeVisible();
  await resident.getByRole('textbox', { name: /Wat kan er beter/ }).fill('Meer informatie vooraf.');
  await resident.getByRole('button', { name: 'Verzenden' }).click();
  await resident.getByRole('dialog', { name: 'Formulier verzenden.' }).getByRole('button', { name: 'Ja' }).click();
  await expect(resident.getByText(/U heeft deze enquête al ingevuld/)).toBeVisible();

  await surveys.getByRole('link', { name: new RegExp(V2) }).click();
  await expect(resident.getByRole('heading', { level: 2, name: V2 })).toBeVisible();
  await resident.getByRole('textbox', { name: /Uw naam/ }).fill('Jan de Vries');
  await resident.getByRole('combobox', { name: /Kleur voordeur/ }).selectOption('Groen');
  await resident.getByRole('group', { name: /tevreden over de planning/ }).getByRole('radio', { name: 'Ja' }).check();
  await resident.getByRole('group', { name: /Welke ruimtes/ }).getByRole('checkbox', { name: 'Badkamer' }).check();
  await resident.getByRole('group', { name: /Hoe blij/ }).getByRole('radio', { name: 'Heel blij' }).check();
  await resident.getByRole('group', { name: /Hoeveel sterren/ }).getByRole('radio', { name: '4' }).check();
  await resident.locator('input[type="file"]').setInputFiles({ name: 'voordeur.png', mimeType: 'image/png', buffer: makePng(40, 30, [200, 80, 40]) });
  await expect(resident.getByRole('img', { name: /Foto bij: Foto van uw voordeur/ }).first()).toBeVisible();
  await resident.getByRole('button', { name: 'Verzenden' }).click();
  await resident.getByRole('dialog', { name: 'Formulier verzenden.' }).getByRole('button', { name: 'Ja' }).click();
  await expect(resident.getByText(/U heeft deze enquête al ingevuld/)).toBeVisible();
  await expect(surveys.getByRole('link', { name: `ingevuld: ${V2}` })).toBeVisible();

  await resident.goto('/dashboard');
  await expect.poll(() => tileCount(resident)).toBe(before - 2);
  // the tile leads to a survey still to fill in, never to one already answered
  await resident.locator('[data-module="survey"]').click();
  await expect(resident.getByText(/U heeft deze enquête al ingevuld/)).toHaveCount(before - 2 > 0 ? 0 : 1);
  await resident.context().close();

  // the editor sees the answers counted
  await page.reload();
  await expect(page.getByRole('list', { name: 'Enquêtes' }).getByRole('listitem').filter({ hasText: V1 })).toContainText('1 keer ingevuld');
});
