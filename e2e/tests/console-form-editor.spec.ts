import type { Page } from '@playwright/test';
import { bloemenbuurtId, consoleApiToken } from './console-helpers';
import { checkPage, DEMO, expect, loginToConsole, test } from './fixtures';
import { makePng } from './images';

/*
 * The form builder's element editor (console-forms/definition-editor) with its live preview, the
 * resident's own renderer: an editor builds a priced choice section from nothing, sees a price that is
 * no amount refused at the option (and in the list of problems, naming the question), reorders with the
 * keyboard, and the preview follows. The form is a new draft of its own, archived afterwards.
 */

const preview = (page: Page) => page.getByTestId('form-preview');
const problems = (page: Page) => page.locator('[data-problem-summary]');

test.describe('the form editor in the staff console', () => {
  test.describe.configure({ timeout: 180_000 }); // axe and screenshots at two widths

  test('build a priced choice section, see a bad price named at its question, reorder by keyboard, preview as the resident', async ({ page, request }) => {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    const token = await consoleApiToken(request, DEMO.consoleAdmin);
    const headers = { authorization: `Bearer ${token}` };
    const created = await request.post(`/api/staff/projects/${projectId}/forms`, { headers, data: { kind: 'choice', name: `Keukenkeuze ${Date.now().toString(36)}`, language: 'nl' } });
    expect(created.status(), await created.text()).toBe(201);
    const formId = ((await created.json()) as { id: number }).id;

    try {
      await page.goto(`/beheer/projecten/${projectId}/formulieren/${formId}`);
      await expect(page.getByRole('heading', { name: 'Onderdelen en vragen' })).toBeVisible();
      if (await page.getByLabel('Naam van het onderdeel').count() === 0) await page.getByRole('button', { name: 'Onderdeel toevoegen' }).click();
      const sectionName = page.getByLabel('Naam van het onderdeel').first();
      await sectionName.fill('Keuken');
      await expect(preview(page).getByRole('heading', { name: 'Keuken' })).toBeVisible();

      // a choice with prices, from the family's element types
      await page.getByLabel('Soort vraag of tekst').first().selectOption({ label: 'Keuze met prijzen' });
      await page.getByRole('button', { name: 'Toevoegen', exact: true }).first().click();
      const question = page.getByRole('textbox', { name: 'Vraag' });
      await expect(question).toBeFocused();
      await expect(problems(page)).toContainText('Vraag zonder tekst (Keuze met prijzen): geef de vraag een tekst');
      await question.fill('Keuken kiezen');
      await page.getByLabel('Naam van optie 1').fill('Wit');
      await page.getByLabel('Naam van optie 2').fill('Eiken');

      // a price that is no amount: refused at the option, naming the question, and in the list
      const price = page.getByLabel('Meerprijs van optie 2 in euro');
      await price.fill('gratis');
      await price.blur();
      const message = "Vraag 'Keuken kiezen': 'gratis' is geen bedrag; schrijf bijvoorbeeld 12,50";
      await expect(price).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
      await expect(problems(page).getByRole('link', { name: message })).toBeVisible();
      await checkPage(page, 'console-form-editor-problem');

      // the list's link brings focus to the option's price; a Dutch amount is written the stored way
      await problems(page).getByRole('link', { name: message }).click();
      await expect(price).toBeFocused();
      await price.fill('1250,5');
      await price.blur();
      await expect(price).toHaveValue('1.250,50');
      await expect(problems(page)).toHaveCount(0);
      await expect(preview(page).getByText('+ € 1.250,50')).toBeVisible();

      // a text field, then moved above the choice with the keyboard (dnd-kit's keyboard sensor)
      await page.getByLabel('Soort vraag of tekst').first().selectOption({ label: 'Tekstveld' });
      await page.getByRole('button', { name: 'Toevoegen', exact: true }).first().click();
      await page.getByRole('textbox', { name: 'Vraag' }).last().fill('Opmerking');
      const handle = page.getByRole('button', { name: 'Opmerking (Tekstveld) verslepen' });
      // each key waits for dnd-kit's announcement of the one before (its Dutch texts name the element and its place)
      const announced = (text: string) => expect(page.locator('[id^="DndLiveRegion"]').filter({ hasText: text })).toHaveCount(1);
      await handle.focus();
      await page.keyboard.press('Space');
      await announced('Opmerking (Tekstveld) opgepakt op plaats 2 van 2.');
      await page.keyboard.press('ArrowUp');
      await announced('Opmerking (Tekstveld) op plaats 1 van 2.');
      await page.keyboard.press('Space');
      await announced('Opmerking (Tekstveld) neergezet op plaats 1 van 2.');
      const order = () => preview(page).locator('label, legend').filter({ hasText: /^(Opmerking|Keuken kiezen)/ }).allTextContents();
      await expect.poll(async () => (await order()).map((text) => text.replace(/\s*\*$/, '').trim())).toEqual(['Opmerking', 'Keuken kiezen']);
      // and back with its button
      await page.getByRole('button', { name: 'Opmerking (Tekstveld) omlaag' }).click();
      await expect.poll(async () => (await order()).map((text) => text.replace(/\s*\*$/, '').trim())).toEqual(['Keuken kiezen', 'Opmerking']);

      // the preview is the resident's renderer: it checks answers by the resident's rules and keeps nothing
      await preview(page).getByRole('radio', { name: /Eiken/ }).check();
      await preview(page).getByRole('textbox', { name: 'Opmerking' }).fill('Graag donker hout');
      await preview(page).getByRole('button', { name: 'Controleer als bewoner' }).click();
      await expect(preview(page).getByText('De antwoorden in het voorbeeld voldoen aan de regels.')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkPage(page, 'console-form-editor');
    } finally {
      await request.post(`/api/staff/forms/${formId}/archive`, { headers, data: { language: 'nl' } });
    }
  });

  test('an intake drawing: its image uploaded in the editor, pins and contact fields set, the preview shows the drawing', async ({ page, request }) => {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    const token = await consoleApiToken(request, DEMO.consoleAdmin);
    const headers = { authorization: `Bearer ${token}` };
    const created = await request.post(`/api/staff/projects/${projectId}/forms`, { headers, data: { kind: 'intake', name: `Opname ${Date.now().toString(36)}`, language: 'nl' } });
    expect(created.status(), await created.text()).toBe(201);
    const formId = ((await created.json()) as { id: number }).id;

    try {
      await page.goto(`/beheer/projecten/${projectId}/formulieren/${formId}`);
      await expect(page.getByRole('heading', { name: 'Onderdelen en vragen' })).toBeVisible();
      if (await page.getByLabel('Naam van het onderdeel').count() === 0) await page.getByRole('button', { name: 'Onderdeel toevoegen' }).click();
      await page.getByLabel('Naam van het onderdeel').first().fill('Woonkamer');
      // an intake form offers no choice with prices (spec 3.2)
      await expect(page.getByLabel('Soort vraag of tekst').first().locator('option', { hasText: 'Keuze met prijzen' })).toHaveCount(0);
      await page.getByLabel('Soort vraag of tekst').first().selectOption({ label: 'Tekening met pins' });
      await page.getByRole('button', { name: 'Toevoegen', exact: true }).first().click();
      await page.getByRole('textbox', { name: 'Vraag' }).fill('Waar zit de schade?');
      await expect(problems(page)).toContainText("Vraag 'Waar zit de schade?': voeg een tekening toe waarop pins worden geplaatst");

      await page.getByLabel('Tekening waarop pins worden geplaatst').setInputFiles({ name: 'plattegrond.png', mimeType: 'image/png', buffer: makePng(400, 300, [220, 230, 240]) });
      await expect(page.getByRole('img', { name: 'Gekozen afbeelding: Tekening waarop pins worden geplaatst' })).toBeVisible();
      await expect(problems(page)).toHaveCount(0);
      await expect(preview(page).getByTestId('drawing-area').locator('img')).toBeVisible();
      await page.getByRole('button', { name: 'Optie toevoegen' }).click();
      await page.getByLabel('Naam van optie 1').fill('Scheur');

      // a contact input that asks no telephone numbers
      await page.getByLabel('Soort vraag of tekst').first().selectOption({ label: 'Contactpersoon' });
      await page.getByRole('button', { name: 'Toevoegen', exact: true }).first().click();
      await page.getByRole('textbox', { name: 'Vraag' }).last().fill('Wie is er thuis?');
      await page.getByRole('checkbox', { name: 'Telefoon', exact: true }).uncheck();
      await page.getByRole('checkbox', { name: 'Mobiel', exact: true }).uncheck();
      await preview(page).getByRole('group', { name: /Wie is er thuis/ }).getByRole('combobox', { name: 'Contactpersoon' }).selectOption({ label: 'Vul zelf een contactpersoon in' });
      await expect(preview(page).getByRole('textbox', { name: /Achternaam/ })).toBeVisible();
      await expect(preview(page).getByRole('textbox', { name: /^Mobiel nummer/ })).toHaveCount(0);
      await expect(preview(page).getByRole('textbox', { name: /E-mailadres/ })).toBeVisible();
    } finally {
      await request.post(`/api/staff/forms/${formId}/archive`, { headers, data: { language: 'nl' } });
    }
  });
});
