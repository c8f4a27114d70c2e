import { withDatabase } from './db';
import { checkPage, DEMO, errorSummary, expect, loginToConsole, test } from './fixtures';
import { consoleApiToken } from './console-helpers';

const PROJECT = 'Retentie e2e (beëindigd)';
const CONTACT = 'Privacyteam Woonstad (e2e), privacy@woonstad.example';

/**
 * Retention (issue 20): the customer's policy in the console refuses a value below the fiscal hold and saves a
 * change; an ended project of the spec's own shows what will go and is confirmed; the public privacy page is
 * written from the policy. The spec restores the policy it changed and removes its project.
 */
test('staff set the retention policy, confirm what an ended project loses, and residents read the privacy page', async ({ page, browser, request, mail }) => {
  test.setTimeout(180_000);
  const { projectId, appointmentId } = await withDatabase(mail, async (db) => {
    await db.query('DELETE FROM projects WHERE name = $1', [PROJECT]);
    const project = (await db.query<{ id: number; customer_id: number }>(`INSERT INTO projects (customer_id, name, modules, archived_at)
      SELECT customer_id, $1, '[]', now() - interval '7 months' FROM projects WHERE name = $2 RETURNING id, customer_id`, [PROJECT, DEMO.project])).rows[0]!;
    const address = (await db.query<{ id: number }>("SELECT id FROM addresses WHERE zipcode = '1234AB' AND house_number = '10' AND customer_id = $1", [project.customer_id])).rows[0]!;
    await db.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [address.id, project.id]);
    const planning = (await db.query<{ id: number }>("INSERT INTO appointment_plannings (project_id, subject) VALUES ($1, 'Opname') RETURNING id", [project.id])).rows[0]!;
    const appointment = (await db.query<{ id: number }>('INSERT INTO appointments (planning_id, address_id) VALUES ($1, $2) RETURNING id', [planning.id, address.id])).rows[0]!;
    await db.query('INSERT INTO chat_conversations (project_id, address_id, last_message_at) VALUES ($1, $2, now())', [project.id, address.id]);
    return { projectId: project.id, appointmentId: appointment.id };
  });
  const token = await consoleApiToken(request, DEMO.consoleAdmin);
  try {
    // ---- the customer's policy --------------------------------------------------------------------
    await loginToConsole(page);
    await page.goto('/beheer/klant');
    await page.getByRole('link', { name: 'Bewaarbeleid en privacypagina' }).click();
    await expect(page).toHaveURL('/beheer/klant/bewaren');
    await expect(page.getByRole('heading', { level: 1, name: 'Bewaarbeleid' })).toBeVisible();
    await expect(page.getByText('De fiscale bewaarplicht is 7 jaar')).toBeVisible();
    await checkPage(page, 'console-retention-policy');

    const paymentMonths = page.getByRole('spinbutton', { name: 'Maanden (betalingen)' });
    await paymentMonths.fill('12');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(errorSummary(page)).toContainText('Betalingen: de wettelijke bewaartermijn is minstens 84 maanden');
    await expect(paymentMonths).toHaveAttribute('aria-invalid', 'true');
    await paymentMonths.fill('96');
    await page.getByRole('combobox', { name: 'Daarna (chatberichten)' }).selectOption({ label: 'Anonimiseren (aantallen blijven)' });
    await page.getByRole('textbox', { name: 'Bij wie kunnen bewoners terecht met vragen over hun gegevens?' }).fill(CONTACT);
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Het bewaarbeleid is opgeslagen.' })).toBeAttached();
    await page.reload();
    await expect(page.getByRole('spinbutton', { name: 'Maanden (betalingen)' })).toHaveValue('96');

    // ---- the resident's privacy page: the default privacy link leads to it -------------------------
    const visitor = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
    const resident = await visitor.newPage();
    await resident.goto('/inloggen');
    await expect(resident.getByRole('link', { name: /^Privacyverklaring/ })).toHaveAttribute('href', '/privacyverklaring');
    await resident.goto('/privacyverklaring'); // the link opens a new tab
    await expect(resident.getByRole('heading', { level: 1, name: 'Privacyverklaring' })).toBeVisible();
    const payments = resident.getByRole('listitem').filter({ has: resident.getByRole('heading', { name: 'Betalingen' }) });
    await expect(payments).toContainText('Tot 96 maanden na het einde van het project, daarna geanonimiseerd');
    const chat = resident.getByRole('listitem').filter({ has: resident.getByRole('heading', { name: 'Chatberichten' }) });
    await expect(chat).toContainText('daarna geanonimiseerd');
    await expect(resident.getByText(CONTACT)).toBeVisible();
    await checkPage(resident, 'privacy');
    await visitor.close();

    // ---- an ended project: what goes now, and the confirmation --------------------------------------
    await page.goto(`/beheer/projecten/${projectId}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Bewaren', exact: true }).click();
    await expect(page).toHaveURL(`/beheer/projecten/${projectId}/bewaren`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bewaren en verwijderen' })).toBeVisible();
    await expect(page.getByText(/^Project beëindigd op \d\d-\d\d-\d{4}\.$/)).toBeVisible();
    const table = page.getByRole('table', { name: 'Wat er nu weggaat' });
    await expect(table.getByRole('row', { name: /Afspraken/ })).toContainText('1');
    await page.getByLabel('Toon').selectOption({ label: 'Alleen wat nu weggaat' });
    await expect(table.getByRole('row')).toHaveCount(2); // the header and Afspraken (the chat goes after 12 months)
    await checkPage(page, 'console-retention-project');

    await page.getByRole('button', { name: 'Bevestigen en toepassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verwijderen bevestigen' });
    await expect(dialog).toContainText('Er wordt nu 1 onderdeel verwijderd of geanonimiseerd.');
    await checkPage(page, 'console-retention-confirm');
    await dialog.getByRole('button', { name: 'Bevestigen en toepassen' }).click();
    await expect(page.getByText(/^Bevestigd op .* De dagelijkse taak past het bewaarbeleid vanaf nu toe op dit project\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bevestigen en toepassen' })).toHaveCount(0);
    // the first run was queued with the confirmation: the appointment goes, the conversation stays
    await expect.poll(() => withDatabase(mail, async (db) => (await db.query('SELECT id FROM appointments WHERE id = $1', [appointmentId])).rowCount), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => withDatabase(mail, async (db) => (await db.query('SELECT id FROM chat_conversations WHERE project_id = $1', [projectId])).rowCount)).toBe(1);
  } finally {
    await request.put('/api/staff/retention', {
      headers: { authorization: `Bearer ${token}` },
      data: { rules: [{ category: 'payments', months: 84, basis: 'project_end', action: 'anonymise' }, { category: 'chat_messages', months: 12, basis: 'project_end', action: 'delete' }], privacy_contact: '' },
    });
    await withDatabase(mail, (db) => db.query("DELETE FROM retention_rules WHERE project_id IS NULL AND category IN ('payments', 'chat_messages')"));
    await withDatabase(mail, (db) => db.query('DELETE FROM projects WHERE name = $1', [PROJECT]));
  }
});
