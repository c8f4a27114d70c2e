import { copyChoiceForm, withDatabase } from './db';
import { apiLogin, checkPage, DEMO, errorSummary, expect, loginAsResident, loginToConsole, test } from './fixtures';
import { bloemenbuurtId } from './console-helpers';
import { confirmYes } from './form-helpers';

/** The kitchen choice form's id, from the resident's forms overview. */
async function kitchenFormId(request: Parameters<typeof apiLogin>[0]): Promise<number> {
  const { token } = await apiLogin(request, { zipcode: DEMO.resident.zipcode, house_number: DEMO.resident.houseNumber, password: DEMO.resident.password });
  const list = await request.get('/api/occupant/forms/?language=nl', { headers: { authorization: `Bearer ${token}` } });
  const item = ((await list.json()) as Array<{ name: string; form_id: number }>).find((i) => i.name === 'Keuzes voor uw keuken');
  return item!.form_id;
}

const NAME = 'Keuzes voor uw schuur (e2e betalingen)';

/**
 * Payments in the console (issue 16): a resident pays a priced choice form through the local checkout, staff find the
 * payment on the project's 'Betalingen' (totals, filter per form), refund part of it with a reason, and the payment shows
 * the refund (settled by the provider, told through its webhook) and what remains.
 */
test('a resident pays a choice form; staff refund part of it in the console and see the refund and the remaining amount', async ({ page, request, mail }) => {
  test.setTimeout(180_000);
  const kitchen = await kitchenFormId(request);
  // A choice form of its own: the kitchen's questions and prices, online payment, no signatures.
  const formId = await copyChoiceForm(mail, kitchen, NAME, 98);
  try {
    // ---- the resident pays € 350,00 on the local checkout ----------------------------------------
    await loginAsResident(page, DEMO.resident);
    await page.goto(`/formulier/keuze/${formId}/0`);
    await page.getByRole('radio', { name: /Eiken/ }).check();
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await page.getByRole('textbox', { name: 'Extra lengte aanrechtblad' }).fill('0');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`/formulier/keuze/${formId}/samenvatting`);
    await page.getByRole('button', { name: 'Naar betaling' }).click();
    await confirmYes(page);
    await expect(page).toHaveURL(/\/api\/payment\/local\/checkout\/tr_/);
    await expect(page.getByText('350,00')).toBeVisible();
    await page.getByRole('radio', { name: 'Betaald' }).check();
    await page.getByRole('button').click();
    await expect(page.getByText('De extra kosten zijn betaald.')).toBeVisible({ timeout: 20_000 });

    // ---- staff: the project's payments, filtered on the form ---------------------------------------
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Betalingen', exact: true }).click();
    await expect(page).toHaveURL(`/beheer/projecten/${projectId}/betalingen`);
    await expect(page.getByRole('heading', { level: 1, name: 'Betalingen' })).toBeVisible();
    await page.getByLabel('Formulier', { exact: true }).selectOption({ label: NAME });
    const perForm = page.getByRole('table', { name: 'Per formulier' });
    await expect(perForm.getByRole('row', { name: new RegExp(NAME.replace(/[()]/g, '\\$&')) })).toContainText('€ 350,00');
    const list = page.getByRole('list', { name: 'Betalingen' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem').first()).toContainText('€ 350,00');
    await expect(list.getByRole('listitem').first()).toContainText('Betaald');
    await checkPage(page, 'console-payments');

    // ---- the payment: refund € 100,50 of it -------------------------------------------------------
    await list.getByRole('link', { name: /Tulpstraat 10/ }).click();
    await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/betalingen/\\d+$`));
    await expect(page.getByText('Er is nog niets terugbetaald.')).toBeVisible();
    await page.getByRole('button', { name: 'Terugbetalen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Terugbetalen' });
    await dialog.getByRole('radio', { name: 'Een deel' }).check();
    await dialog.getByRole('textbox', { name: /Bedrag in euro/ }).fill('400');
    await dialog.getByRole('button', { name: 'Terugbetalen' }).click();
    await expect(errorSummary(page)).toContainText('Het bedrag is hoger dan wat nog terugbetaald kan worden (€ 350,00).');
    await expect(errorSummary(page)).toContainText('Geef een reden voor de terugbetaling.');
    await dialog.getByRole('textbox', { name: /Bedrag in euro/ }).fill('100,50');
    await dialog.getByRole('textbox', { name: /Reden/ }).fill('Eiken uitvoering vervalt, vervangen door een goedkopere.');
    await checkPage(page, 'console-payment-refund-dialog');
    await dialog.getByRole('button', { name: 'Terugbetalen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('€ 100,50 wordt terugbetaald.')).toBeVisible();

    // The provider settles the refund and tells the portal through the payment's webhook: the page shows it after a reload.
    const refunds = page.getByRole('region', { name: 'Terugbetalingen' });
    await expect(async () => {
      await page.reload();
      await expect(refunds.getByRole('listitem').first()).toContainText('Terugbetaald', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(refunds.getByRole('listitem').first()).toContainText('€ 100,50');
    await expect(refunds.getByRole('listitem').first()).toContainText('Eiken uitvoering vervalt');
    const remaining = page.getByRole('term').filter({ hasText: 'Nog terug te betalen' }).locator('xpath=following-sibling::dd[1]');
    await expect(remaining).toHaveText('€ 249,50');
    const refunded = page.getByRole('term').filter({ hasText: /^Terugbetaald$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(refunded).toHaveText('€ 100,50');
    await expect(page.getByRole('region', { name: 'Geschiedenis' })).toContainText('Terugbetaling € 100,50: terugbetaald (gemeld door de betaalprovider)');
    await checkPage(page, 'console-payment');

    // On the list: refunded and remaining.
    await page.goto(`/beheer/projecten/${projectId}/betalingen`);
    await page.getByLabel('Formulier', { exact: true }).selectOption({ label: NAME });
    await expect(page.getByRole('list', { name: 'Betalingen' }).getByRole('listitem').first()).toContainText('Terugbetaald € 100,50 · Resterend € 249,50');
  } finally {
    await withDatabase(mail, async (db) => {
      await db.query('DELETE FROM payments WHERE form_id = $1', [formId]);
      await db.query('DELETE FROM forms WHERE id = $1', [formId]);
    });
  }
});

/**
 * An entry paid twice (a late 'paid' of an earlier attempt after the payer paid again): both payments are flagged, and
 * the later one is refunded in full with one click and a confirmation. Set up in the database: the form, its entry
 * and two paid payments at the local checkout.
 */
test('a double payment is flagged and the extra payment refunded in full with one click', async ({ page, request, mail, baseURL }) => {
  test.setTimeout(120_000);
  const kitchen = await kitchenFormId(request);
  const DOUBLE = 'Keuzes voor uw zolder (e2e dubbel)';
  const suffix = Date.now().toString(36);
  const formId = await withDatabase(mail, async (db) => {
    await db.query('DELETE FROM payments WHERE form_id IN (SELECT id FROM forms WHERE name = $1)', [DOUBLE]);
    await db.query('DELETE FROM forms WHERE name = $1', [DOUBLE]);
    const { rows: [form] } = await db.query<{ id: number; project_id: number }>(
      `INSERT INTO forms (project_id, kind, name, definition, enable_payment, require_to_sign_form, position, is_active)
       SELECT project_id, 'choice', $2, definition, true, false, 97, false FROM forms WHERE id = $1 RETURNING id, project_id`, [kitchen, DOUBLE]);
    const { rows: [entry] } = await db.query<{ id: number }>(
      `INSERT INTO form_entries (form_id, project_id, address_id, status, locked, amount_cents)
       SELECT $1, $2, a.id, 'completed', true, 4500 FROM addresses a JOIN address_projects ap ON ap.address_id = a.id AND ap.project_id = $2
       WHERE a.zipcode = '1234AB' AND a.house_number = '12' RETURNING id`, [form!.id, form!.project_id]);
    for (const [n, minutes] of [[1, 30], [2, 10]] as const) {
      const providerId = `tr_e2eDouble${n}${suffix}`.padEnd(20, 'x');
      const at = new Date(Date.now() - minutes * 60_000).toISOString();
      await db.query(
        `INSERT INTO payment_local_payments (id, amount_cents, description, status, redirect_url, webhook_url) VALUES ($1, 4500, 'Meerwerk zolder', 'paid', $2, $3)`,
        [providerId, `${baseURL}/formulieren`, `${baseURL}/api/payment/webhook/local`]);
      await db.query(
        `INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, project_id, form_id, amount_cents, description, status, idempotency_key, created_at, paid_at)
         VALUES ('local', $1, 'choice-form', $2, $3, $4, 4500, 'Meerwerk zolder', 'paid', $5, $6, $6)`,
        [providerId, entry!.id, form!.project_id, form!.id, `e2e-double-${n}-${suffix}`, at]);
    }
    return form!.id;
  });
  try {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}/betalingen`);
    await page.getByLabel('Formulier', { exact: true }).selectOption({ label: DOUBLE });
    await expect(page.getByText('Let op: 1 formulier is meer dan één keer betaald.')).toBeVisible();
    await page.getByRole('button', { name: 'Toon dubbele betalingen' }).click();
    await expect(page.getByRole('checkbox', { name: 'Alleen dubbele betalingen' })).toBeChecked();
    const list = page.getByRole('list', { name: 'Betalingen' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').nth(0)).toContainText('Dubbel betaald');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Dubbel betaald');

    // the newest is the extra one
    await list.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 2, name: 'Dit formulier is meer dan één keer betaald' })).toBeVisible();
    await expect(page.getByText('Dit is de extra betaling: betaal hem volledig terug.')).toBeVisible();
    await page.getByRole('button', { name: 'Extra betaling terugbetalen (€ 45,00)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Extra betaling terugbetalen?' });
    await expect(confirm).toContainText('€ 45,00 gaat terug naar de betaler van Tulpstraat 12, 1234 AB Utrecht');
    await checkPage(page, 'console-payment-double');
    await confirm.getByRole('button', { name: 'Volledig terugbetalen' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('€ 45,00 wordt terugbetaald.')).toBeVisible();
    const refunds = page.getByRole('region', { name: 'Terugbetalingen' });
    await expect(refunds.getByRole('listitem').first()).toContainText('Dubbele betaling');
    const remaining = page.getByRole('term').filter({ hasText: 'Nog terug te betalen' }).locator('xpath=following-sibling::dd[1]');
    await expect(remaining).toHaveText('€ 0,00');
    await expect(page.getByRole('button', { name: /Extra betaling terugbetalen/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Terugbetalen' })).toHaveCount(0);
  } finally {
    await withDatabase(mail, async (db) => {
      await db.query('DELETE FROM payments WHERE form_id = $1', [formId]);
      await db.query('DELETE FROM forms WHERE id = $1', [formId]);
    });
  }
});
