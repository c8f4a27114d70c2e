import type { Locator, Page } from '@playwright/test';
import { apiLogin, checkPage, DEMO, errorSummary, expect, fieldError, loginAsResident, screenshots, test } from './fixtures';

const CHANGED = 'Uw afspraak is succesvol aangepast.';

/** The card of one appointment on /afspraken, found by its subject. */
const card = (page: Page, subject: string): Locator =>
  page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: subject }) });

const planned = /^Gepland op \d{2}-\d{2}-\d{4} - \d{2}:\d{2} uur$/;

/** The date heading and time of the radio option `index` in the open modal. */
async function chooseSlot(dialog: Locator, index: number): Promise<{ date: string; time: string }> {
  const radio = dialog.getByRole('radio').nth(index);
  await radio.check();
  const time = (await dialog.locator(`label[for="${await radio.getAttribute('id')}"]`).innerText()).replace(' uur', '');
  const group = await radio.evaluate((el) => el.closest('[role="group"]')?.getAttribute('aria-label') ?? '');
  return { date: group.split(' ').pop()!, time };
}

test.describe('appointments (afspraken)', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/afspraken/');
    await expect(page.getByRole('heading', { level: 1, name: 'Afspraken' })).toBeVisible();
  });

  test('plan with an e-mail confirmation, change and cancel an appointment', async ({ page, mail }) => {
    await expect(page.getByRole('link', { name: 'Terug naar dashboard' })).toHaveAttribute('href', '/dashboard');
    const warmtepomp = card(page, 'Plaatsen warmtepomp');
    await expect(warmtepomp).toContainText('Geannuleerd');
    await expect(card(page, 'Opname woning').getByText(planned)).toBeVisible();
    await checkPage(page, 'appointments');

    await warmtepomp.getByRole('button', { name: 'Afspraak plannen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Afspraak plannen' });
    await expect(dialog.getByRole('radio').first()).toBeVisible();
    await checkPage(page, 'appointments-modal');

    // The spec's validation texts.
    const save = dialog.getByRole('button', { name: 'Afspraak opslaan' });
    await save.click();
    await expect(errorSummary(dialog)).toBeFocused();
    await expect(fieldError(dialog, 'Selecteer datum en tijd')).toBeVisible();
    await dialog.getByLabel('Bevestiging per e-mail').check();
    const email = dialog.getByLabel('E-mailadres');
    // prefilled from the profile of the person logged in
    await expect(email).toHaveValue(DEMO.residentEmail);
    await email.fill('');
    await save.click();
    await expect(fieldError(dialog, 'Vul een e-mailadres in')).toBeVisible();
    await email.fill('jan@');
    await save.click();
    await expect(fieldError(dialog, 'Vul een geldig e-mailadres in')).toBeVisible();
    await dialog.getByLabel('Bevestiging per sms').check();
    const mobile = dialog.getByLabel('Mobiel nummer');
    await expect(mobile).toHaveValue('0612345678');
    await mobile.fill('');
    await save.click();
    await expect(fieldError(dialog, 'Vul een telefoonnummer in')).toBeVisible();
    await mobile.fill('06123');
    await save.click();
    await expect(fieldError(dialog, 'Vul minimaal 10 cijfers in')).toBeVisible();
    await mobile.fill('061234567890');
    await save.click();
    await expect(fieldError(dialog, 'Vul een telefoonnummer van 10 cijfers in, bijvoorbeeld 0612345678')).toBeVisible();
    await dialog.getByLabel('Bevestiging per sms').uncheck();
    await expect(mobile).toHaveCount(0);
    // the hidden field's error leaves the summary with it
    await expect(errorSummary(dialog).getByRole('link')).toHaveText(['Selecteer datum en tijd', 'Vul een geldig e-mailadres in']);
    await screenshots(page, 'appointments-modal-errors');

    // Plan it, with a confirmation by e-mail.
    const first = await chooseSlot(dialog, 0);
    await email.fill(DEMO.residentEmail);
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: CHANGED })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(warmtepomp).toContainText(`Gepland op ${first.date} - ${first.time} uur`);
    const confirmation = await mail.waitFor({ to: DEMO.residentEmail, subject: /Plaatsen warmtepomp/ });
    expect(confirmation.subject).toBe(`Bevestiging afspraak: Plaatsen warmtepomp op ${first.date} om ${first.time} uur`);
    expect(confirmation.text).toContain(`(${first.date}) om ${first.time} uur`);

    // Change it to another slot.
    await warmtepomp.getByRole('button', { name: 'Wijzigen' }).click();
    await expect(dialog).toContainText(`Huidige afspraak: ${first.date} om ${first.time} uur`);
    const second = await chooseSlot(dialog, 1);
    await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(warmtepomp).toContainText(`Gepland op ${second.date} - ${second.time} uur`);

    // Cancel it, after a confirmation question.
    await warmtepomp.getByRole('button', { name: 'Annuleren' }).click();
    const ask = page.getByRole('dialog', { name: 'Afspraak annuleren' });
    await expect(ask).toContainText(`Weet u zeker dat u de afspraak "Plaatsen warmtepomp" op ${second.date} om ${second.time} uur wilt annuleren?`);
    await ask.getByRole('button', { name: 'Nee' }).click();
    await expect(ask).toHaveCount(0);
    await expect(warmtepomp).toContainText('Gepland op');
    await warmtepomp.getByRole('button', { name: 'Annuleren' }).click();
    await ask.getByRole('button', { name: 'Ja, annuleren' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Uw afspraak is geannuleerd.' })).toBeVisible();
    await expect(warmtepomp).toContainText('Geannuleerd');
    await expect(warmtepomp.getByRole('button', { name: 'Afspraak plannen' })).toBeVisible();
  });

  test('buttons follow the server’s flags; confirming an appointment', async ({ page }) => {
    const oplevering = card(page, 'Oplevering en eindcontrole');
    await expect(oplevering.getByRole('button')).toHaveText(['Bevestigen']);
    const opname = card(page, 'Opname woning');
    await expect(opname.getByRole('button')).toHaveText(['Bevestigen', 'Wijzigen', 'Annuleren']);
    await opname.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Uw afspraak is bevestigd.' })).toBeVisible();
    await expect(opname).toContainText('Bevestigd door u');
    await expect(opname.getByRole('button')).toHaveText(['Wijzigen', 'Annuleren']);
  });

  test('no free slots: Geen beschikbare data/tijden meer', async ({ page }) => {
    const zon = card(page, 'Plaatsen zonnepanelen');
    await expect(zon).toContainText('Nog niet gepland');
    await expect(zon).toContainText('Geen beschikbare data/tijden meer');
    // no button that opens an empty list: the ways to reach the project team instead
    await expect(zon.getByRole('button', { name: 'Afspraak plannen' })).toHaveCount(0);
    await expect(zon.getByRole('link', { name: 'Stuur het projectteam een bericht' })).toHaveAttribute('href', '/berichten');
    await expect(zon.getByRole('link', { name: 'Bekijk de contactpersonen' })).toHaveAttribute('href', '/contactpersonen');
    await checkPage(page, 'appointments-no-slots');

    // a project without chat and contact persons: no links to pages the resident cannot open
    await page.route(/\/api\/occupant\/project\?/, async (route) => {
      const response = await route.fetch();
      const project = (await response.json()) as { modules: Array<{ name: string }> };
      project.modules = project.modules.filter((m) => m.name !== 'messages' && m.name !== 'contacts');
      await route.fulfill({ response, json: project });
    });
    await page.reload();
    await expect(zon).toContainText('Neem contact op met het projectteam');
    await expect(zon.getByRole('link')).toHaveCount(0);
  });

  test('a change on an outdated appointment shows the 409 message and reloads', async ({ page, request }) => {
    const opname = card(page, 'Opname woning');
    await opname.getByRole('button', { name: 'Wijzigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Afspraak plannen' });
    await expect(dialog.getByRole('radio').first()).toBeVisible();

    // Meanwhile the same appointment is moved elsewhere (another device).
    const { token } = await apiLogin(request, { zipcode: DEMO.resident.zipcode, house_number: DEMO.resident.houseNumber, password: DEMO.resident.password });
    const headers = { authorization: `Bearer ${token}` };
    const list = (await (await request.get('/api/occupant/appointments', { headers })).json()) as Array<{ id: number; subject: string }>;
    const id = list.find((a) => a.subject === 'Opname woning')!.id;
    const detail = (await (await request.get(`/api/occupant/appointment/${id}`, { headers })).json()) as { version: number; available_slots: Array<{ id: number }> };
    const moved = await request.post(`/api/occupant/appointment/v2/change/${id}`, {
      headers, data: { cluster_schedule_id: detail.available_slots.at(-1)!.id, version: detail.version, language: 'nl' },
    });
    expect(moved.status()).toBe(200);

    await chooseSlot(dialog, 0);
    await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Deze afspraak is intussen gewijzigd. Vernieuw de pagina en probeer het opnieuw.');
    // The form was reloaded with the new version (no slot chosen yet; waited for, or the choice below
    // could land in the old form just before it is replaced): saving again works.
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
    await chooseSlot(dialog, 0);
    await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
    await expect(page.getByRole('status').filter({ hasText: CHANGED })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });
});
