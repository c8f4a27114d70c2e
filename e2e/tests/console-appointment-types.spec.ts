import type { Locator } from '@playwright/test';
import { bloemenbuurtId, consoleApiToken, residentPage } from './console-helpers';
import { withDatabase } from './db';
import { apiLogin, checkPage, DEMO, errorSummary, expect, loginToConsole, test } from './fixtures';

const SUBJECT = 'Schouw (e2e afspraaksoorten)';

/** The radio options of the open 'Afspraak plannen' dialog as moments: its group says the date, its label the time. */
async function offeredMoments(dialog: Locator): Promise<Date[]> {
  return dialog.getByRole('radio').evaluateAll((radios) => radios.map((radio) => {
    const date = radio.closest('[role="group"]')?.getAttribute('aria-label')?.split(' ').pop() ?? '';
    const time = document.querySelector(`label[for="${radio.id}"]`)?.textContent?.replace(' uur', '').trim() ?? '';
    const [d, m, y] = date.split('-');
    return `${y}-${m}-${d}T${time}:00`;
  })).then((moments) => moments.map((m) => new Date(m)));
}

/**
 * Appointment types in the console (issue 17): an editor sets a type with a weekly schedule, capacity and a minimum
 * notice of 48 hours, a bad range is refused in Dutch, the slots appear; the resident books one, gets the
 * confirmation e-mail, and cannot book inside the notice.
 */
test('an editor sets an appointment type with a schedule; a resident books a slot, is mailed, and cannot book inside the notice', async ({ page, browser, request, mail }) => {
  test.setTimeout(420_000);
  await withDatabase(mail, (db) => db.query('DELETE FROM appointment_plannings WHERE subject = $1', [SUBJECT]));
  try {
    // ---- the editor: the project's appointment types --------------------------------------------------
    await loginToConsole(page, DEMO.consoleEditor);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}/afspraken`);
    await expect(page.getByRole('heading', { level: 1, name: 'Afspraken' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Afspraaksoorten' }).getByRole('link', { name: 'Opname woning' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Naar de planning' })).toHaveAttribute('href', `/beheer/projecten/${projectId}/afspraken/planning`);
    await checkPage(page, 'console-appointment-types');

    // ---- a new type: every day of the week open, 2 places per slot, booking closes 48 hours ahead ------
    await page.getByRole('link', { name: 'Nieuwe afspraaksoort' }).click();
    await expect(page).toHaveURL(`/beheer/projecten/${projectId}/afspraken/soorten/nieuw`);
    await page.getByRole('textbox', { name: /Onderwerp/ }).fill(SUBJECT);
    await page.getByRole('spinbutton', { name: 'Capaciteit per tijdstip' }).fill('2');
    await page.getByRole('spinbutton', { name: 'Boeken tot (uren van tevoren)' }).fill('48');
    await page.getByRole('spinbutton', { name: 'Hoe ver vooruit boeken (dagen)' }).fill('10');
    await page.getByRole('checkbox', { name: 'Zaterdag open' }).check();
    await page.getByRole('checkbox', { name: 'Zondag open' }).check();
    // A range ending before it starts is refused, in Dutch, naming the day.
    const mondayEnd = page.getByLabel('Tot (Maandag, tijdvak 1)');
    await mondayEnd.fill('08:00');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(errorSummary(page)).toContainText('Maandag: de eindtijd 08:00 ligt niet na de begintijd 09:00.');
    await expect(page.getByText('Verbeter eerst het rooster; dan verschijnt hier het voorbeeld.')).toBeVisible();
    await mondayEnd.fill('12:00');
    await expect(errorSummary(page)).toBeHidden();
    // The preview of the next four weeks follows the schedule before anything is saved.
    const preview = page.getByRole('list', { name: 'Tijdstippen de komende vier weken' });
    await expect(preview.getByRole('listitem').first()).toContainText('2 plaatsen');
    await checkPage(page, 'console-appointment-type-editor');

    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/afspraken/soorten/\\d+$`));
    const typeId = Number(/soorten\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { level: 1, name: `Afspraaksoort: ${SUBJECT}` })).toBeVisible();
    // The stored slots appear, none booked yet.
    await expect(page.getByRole('button', { name: 'Opgeslagen tijdstippen' })).toHaveAttribute('aria-pressed', 'true');
    await expect(preview.getByText('0 van 2 geboekt').first()).toBeVisible();
    await checkPage(page, 'console-appointment-type-saved');

    // ---- the resident books the first slot offered, with an e-mail confirmation ---------------------------
    const resident = await residentPage(browser);
    await resident.goto('/afspraken/');
    const card = resident.getByRole('main').getByRole('listitem').filter({ has: resident.getByRole('heading', { level: 2, name: SUBJECT }) });
    await card.getByRole('button', { name: 'Afspraak plannen' }).click();
    const dialog = resident.getByRole('dialog', { name: 'Afspraak plannen' });
    await expect(dialog.getByRole('radio').first()).toBeVisible();
    // Nothing inside the 48 hours' notice is offered.
    const offered = await offeredMoments(dialog);
    expect(offered.length).toBeGreaterThan(0);
    expect(Math.min(...offered.map((d) => d.getTime()))).toBeGreaterThan(Date.now() + 47.9 * 3_600_000);
    const radio = dialog.getByRole('radio').first();
    await radio.check();
    const time = (await dialog.locator(`label[for="${await radio.getAttribute('id')}"]`).innerText()).replace(' uur', '');
    await dialog.getByLabel('Bevestiging per e-mail').check();
    await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
    await expect(resident.getByText('Uw afspraak is succesvol aangepast.')).toBeVisible();
    const confirmation = await mail.waitFor({ to: DEMO.residentEmail, subject: new RegExp(`^Bevestiging afspraak: ${SUBJECT.replace(/[()]/g, '\\$&')} op \\d{2}-\\d{2}-\\d{4} om ${time} uur$`) });
    expect(confirmation.text).toContain(`om ${time} uur`);

    // ---- a slot inside the notice cannot be booked, even when asked for directly ----------------------------
    const staffToken = await consoleApiToken(request, DEMO.consoleEditor);
    const slots = (await (await request.get(`/api/staff/projects/${projectId}/appointment-types/${typeId}/slots?days=4`, {
      headers: { authorization: `Bearer ${staffToken}` },
    })).json()) as Array<{ id: number; starts_at: string }>;
    const tooSoon = slots.find((s) => new Date(s.starts_at).getTime() > Date.now() + 3_600_000 && new Date(s.starts_at).getTime() < Date.now() + 47 * 3_600_000)!;
    expect(tooSoon).toBeTruthy();
    const { token } = await apiLogin(request, { zipcode: DEMO.resident.zipcode, house_number: DEMO.resident.houseNumber, password: DEMO.resident.password });
    const headers = { authorization: `Bearer ${token}` };
    const mine = ((await (await request.get('/api/occupant/appointments?language=nl', { headers })).json()) as Array<{ id: number; subject: string; version: number }>)
      .find((a) => a.subject === SUBJECT)!;
    const refused = await request.post(`/api/occupant/appointment/v2/change/${mine.id}`, {
      headers, data: { cluster_schedule_id: tooSoon.id, version: mine.version, send_confirmation_email: false, send_confirmation_sms: false, language: 'nl' },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('Dit tijdstip is te kort dag: boeken kan tot 48 uur van tevoren. Kies een later tijdstip.');

    // ---- the editor sees the booking on the type ----------------------------------------------------------
    await page.reload();
    await expect(page.getByText('Er is 1 afspraak geboekt. Geboekte tijdstippen blijven altijd staan.')).toBeVisible();
    await expect(preview.getByText('1 van 2 geboekt')).toBeVisible();
    await resident.context().close();
  } finally {
    // Other specs read Jan's appointments: the type goes again.
    await withDatabase(mail, async (db) => {
      await db.query('UPDATE appointment_slots SET taken = 0 WHERE planning_id IN (SELECT id FROM appointment_plannings WHERE subject = $1)', [SUBJECT]);
      await db.query('DELETE FROM appointment_plannings WHERE subject = $1', [SUBJECT]);
    });
  }
});
