import type { Locator, Page } from '@playwright/test';
import { withDatabase } from './db';
import { bloemenbuurtId, residentPage } from './console-helpers';
import { checkPage, DEMO, expect, loginToConsole, test } from './fixtures';

const SUBJECT = 'Schouw (e2e planner)';
const CHANGED = 'Uw afspraak is succesvol aangepast.';

/** YYYY-MM-DD and DD-MM-YYYY, `days` from today in Amsterdam. */
function day(days: number) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date(Date.now() + days * 86_400_000));
  return { iso, dutch: `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` };
}

/** The resident's card of an appointment on /afspraken. */
const card = (page: Page, subject: string): Locator =>
  page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: subject }) });

/** Plans the appointment in the first slot offered; answers the date and time shown beside the chosen radio. */
async function planFirstSlot(page: Page): Promise<{ date: string; time: string }> {
  await card(page, SUBJECT).getByRole('button', { name: 'Afspraak plannen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Afspraak plannen' });
  const radio = dialog.getByRole('radio').first();
  await radio.check();
  const time = (await dialog.locator(`label[for="${await radio.getAttribute('id')}"]`).innerText()).replace(' uur', '');
  const group = await radio.evaluate((el) => el.closest('[role="group"]')?.getAttribute('aria-label') ?? '');
  await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: CHANGED })).toBeVisible();
  return { date: group.split(' ').pop()!, time };
}

/**
 * The appointment planner (issue 17): a type with slots on two days in the demo project (set up in SQL: the type
 * editor is another screen's); Jan books a slot in the portal; the project editor sees the booking in the planner's
 * week and cancels that day for all; Jan gets the e-mail and books again from the new day's slots.
 */
test('a day is cancelled in the planner; the resident is told and rebooks from the new slots', async ({ page, browser, mail }) => {
  test.setTimeout(480_000);
  const [first, second] = [day(3), day(4)];
  const typeId = await withDatabase(mail, async (db) => {
    await db.query('DELETE FROM appointment_plannings WHERE subject = $1', [SUBJECT]);
    const { rows: [planning] } = await db.query<{ id: number }>(
      `INSERT INTO appointment_plannings (project_id, subject, change_deadline_hours)
       SELECT id, $1, 24 FROM projects WHERE name = $2 RETURNING id`, [SUBJECT, DEMO.project]);
    for (const [date, time] of [[first.iso, '09:00'], [first.iso, '11:00'], [second.iso, '09:00'], [second.iso, '13:00']]) {
      await db.query(`INSERT INTO appointment_slots (planning_id, starts_at, capacity) VALUES ($1, ($2::date + $3::time) AT TIME ZONE 'Europe/Amsterdam', 2)`,
        [planning!.id, date, time]);
    }
    // Jan's appointment of the type, still to be planned (as the type editor makes it for the addresses that may book).
    await db.query(`INSERT INTO appointments (planning_id, address_id)
      SELECT $1, a.id FROM addresses a JOIN customers c ON c.id = a.customer_id WHERE c.name = $2 AND a.zipcode = $3 AND a.house_number = $4`,
      [planning!.id, DEMO.customer, DEMO.resident.zipcode, DEMO.resident.houseNumber]);
    return planning!.id;
  });

  // ---- Jan books the first slot ------------------------------------------------------------------
  const resident = await residentPage(browser);
  await resident.goto('/afspraken/');
  const booked = await planFirstSlot(resident);
  expect(booked).toEqual({ date: first.dutch, time: '09:00' });

  // ---- the editor sees it in the week and cancels the day ------------------------------------------
  await loginToConsole(page, DEMO.consoleEditor);
  const projectId = await bloemenbuurtId(page);
  await page.goto(`/beheer/projecten/${projectId}/afspraken/planning?datum=${first.iso}&weergave=week&type=${typeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Afsprakenplanning' })).toBeVisible();
  const nine = page.getByRole('list', { name: '09:00 uur' }).first();
  await expect(nine.getByRole('listitem')).toHaveCount(1);
  await expect(nine).toContainText(`${DEMO.resident.zipcode.slice(0, 4)} ${DEMO.resident.zipcode.slice(4)}`);
  await expect(nine).toContainText('Niet bevestigd');
  await expect(page.getByText(/1 van 8 plaatsen geboekt/)).toBeVisible();
  await checkPage(page, 'console-planner-week');

  await page.getByRole('button', { name: 'Dag laten vervallen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dag laten vervallen' });
  await expect(dialog.getByLabel('Afspraaksoort')).toHaveValue(String(typeId));
  await expect(dialog.getByLabel('Dag die vervalt (DD-MM-JJJJ)')).toHaveValue(first.dutch);
  await dialog.getByRole('radio', { name: 'Allemaal annuleren' }).check();
  await dialog.getByLabel(/^Reden/).fill('vanwege de storm');
  await checkPage(page, 'console-planner-day-dialog');
  await dialog.getByRole('button', { name: 'Dag laten vervallen' }).click();
  await expect(page.getByText('1 afspraak geannuleerd; de bewoners krijgen bericht.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Vervallen').first()).toBeVisible();
  await expect(page.getByText(/0 van 4 plaatsen geboekt/)).toBeVisible();

  // The addresses without an appointment of the type: Jan's is among them now, cancelled.
  await page.getByRole('link', { name: 'Adressen zonder afspraak' }).click();
  await expect(page).toHaveURL(`/beheer/projecten/${projectId}/afspraken/zonder-afspraak?type=${typeId}`);
  await page.getByRole('searchbox', { name: 'Zoek op adres' }).fill(`${DEMO.resident.zipcode} ${DEMO.resident.houseNumber}`);
  await page.keyboard.press('Enter');
  const rows = page.getByRole('list', { name: 'Adressen zonder afspraak' }).getByRole('listitem');
  await expect(rows.first()).toContainText('Geannuleerd');
  await checkPage(page, 'console-planner-without');

  // ---- Jan is told, and rebooks from the new day's slots --------------------------------------------
  const told = await mail.waitFor({ to: DEMO.residentEmail, subject: `Afspraak gaat niet door: ${SUBJECT}` }, 30_000);
  expect(told.text).toContain('vanwege de storm');
  expect(told.text).toMatch(/\/afspraken/);
  expect(told.text).toContain(`${second.dutch} 09:00`);
  const link = /https?:\/\/\S+\/afspraken/.exec(told.text)![0];
  await resident.goto(new URL(link).pathname);
  await expect(card(resident, SUBJECT)).toContainText('Geannuleerd');
  const rebooked = await planFirstSlot(resident);
  expect(rebooked).toEqual({ date: second.dutch, time: '09:00' });
  await expect(card(resident, SUBJECT)).toContainText(`Gepland op ${second.dutch} - 09:00 uur`);
  await resident.context().close();

  // The editor's day view of the new day shows the booking.
  await page.goto(`/beheer/projecten/${projectId}/afspraken/planning?datum=${second.iso}&weergave=dag&type=${typeId}`);
  await expect(page.getByRole('list', { name: '09:00 uur' }).getByRole('listitem')).toHaveCount(1);
  await checkPage(page, 'console-planner-day');
});

/**
 * The waiting list of a type (issue 17): three addresses wait (set up in SQL, one minute apart); the editor opens the
 * list from the planner, finds them in queue order with their places, and takes the second one off: the third moves up.
 */
test('the waiting list shows the queue in order and an address is taken off it', async ({ page, mail }) => {
  const subject = 'Keukengesprek (e2e wachtlijst)';
  const typeId = await withDatabase(mail, async (db) => {
    await db.query('DELETE FROM appointment_plannings WHERE subject = $1', [subject]);
    const { rows: [planning] } = await db.query<{ id: number }>(
      `INSERT INTO appointment_plannings (project_id, subject, change_deadline_hours) SELECT id, $1, 24 FROM projects WHERE name = $2 RETURNING id`,
      [subject, DEMO.project]);
    await db.query(`INSERT INTO appointment_waitlist (planning_id, address_id, joined_at, joined_by)
      SELECT $1, a.id, now() - make_interval(mins => 10 - row_number() OVER (ORDER BY a.house_number::int)::int), CASE WHEN a.house_number = '12' THEN 'staff' ELSE 'resident' END
        FROM addresses a JOIN customers c ON c.id = a.customer_id WHERE c.name = $2 AND a.zipcode = $3 AND a.house_number IN ('10', '12', '14')`,
      [planning!.id, DEMO.customer, DEMO.resident.zipcode]);
    return planning!.id;
  });

  await loginToConsole(page, DEMO.consoleEditor);
  const projectId = await bloemenbuurtId(page);
  await page.goto(`/beheer/projecten/${projectId}/afspraken/planning?type=${typeId}`);
  await page.getByRole('link', { name: 'Wachtlijst' }).click();
  await expect(page).toHaveURL(`/beheer/projecten/${projectId}/afspraken/wachtlijst?type=${typeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wachtlijst' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Wachtlijst' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Plaats 1');
  await expect(rows.nth(0)).toContainText(`${DEMO.resident.zipcode.slice(0, 4)} ${DEMO.resident.zipcode.slice(4)}`);
  await expect(rows.nth(0)).toContainText(/10\b/);
  await expect(rows.nth(1)).toContainText('door het projectteam');
  await checkPage(page, 'console-planner-waitlist');

  await rows.nth(1).getByRole('button', { name: /van de wachtlijst halen$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Het adres staat niet meer op de wachtlijst.' })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Plaats 2');
  await expect(rows.nth(1)).toContainText(/14\b/);
});
