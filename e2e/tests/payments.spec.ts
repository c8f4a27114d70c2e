import type { Page } from '@playwright/test';
import { checkPage, DEMO, expect, loginAsPartner, test, type MailCatcher } from './fixtures';
import { withDatabase } from './db';

/**
 * Staff see every payment with its history (issue 9): the partner opens 'Betalingen' from the project's
 * dashboard and sees the project's online payments, newest first, with amount, status and dates, and
 * per payment the provider's reports. The payments are set up in the database (a real payment needs a
 * locked choice form and the checkout): in Havenkwartier (Bouwbedrijf De Vries, which the partner works
 * for), on an inactive choice form of its own, so no other spec sees them. 52 payments: a page of 50,
 * then 'Meer laden'.
 */

const HAVENKWARTIER = 'Nieuwbouw Havenkwartier';
const EMPTY_PROJECT = DEMO.hiddenProject; // Dakrenovatie Zuid: no forms, no payments
const FORM = 'Keuzes voor uw badkamer (e2e)';
const FILLERS = 50;

async function projectId(mail: MailCatcher, name: string): Promise<number> {
  return withDatabase(mail, async (db) => (await db.query<{ id: number }>('SELECT id FROM projects WHERE name = $1', [name])).rows[0]!.id);
}

/** The form, an entry for Kadeweg 5 and its payments, made afresh; times in UTC (14:03 in Amsterdam is 13:03 UTC in November). */
async function seedPayments(mail: MailCatcher, project: number) {
  await withDatabase(mail, async (db) => {
    await db.query("DELETE FROM payments WHERE idempotency_key LIKE 'e2e-payments-%'");
    await db.query('DELETE FROM forms WHERE project_id = $1 AND name = $2', [project, FORM]);
    const { rows: [customer] } = await db.query<{ customer_id: number }>('SELECT customer_id FROM projects WHERE id = $1', [project]);
    const { rows: [address] } = await db.query<{ id: number }>(
      `INSERT INTO addresses (customer_id, zipcode, house_number, street, city) VALUES ($1, '3011AA', '5', 'Kadeweg', 'Rotterdam')
       ON CONFLICT (customer_id, zipcode, house_number) DO UPDATE SET street = EXCLUDED.street RETURNING id`,
      [customer!.customer_id],
    );
    await db.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [address!.id, project]);
    const { rows: [form] } = await db.query<{ id: number }>(
      "INSERT INTO forms (project_id, kind, name, is_active, enable_payment) VALUES ($1, 'choice', $2, false, true) RETURNING id",
      [project, FORM],
    );
    const { rows: [entry] } = await db.query<{ id: number }>(
      "INSERT INTO form_entries (form_id, project_id, address_id, one_per_owner, status, locked, amount_cents) VALUES ($1, $2, $3, true, 'completed', true, 125050) RETURNING id",
      [form!.id, project, address!.id],
    );
    const payment = async (p: { key: string; provider: string; providerId: string; cents: number; status: string; created: string; paid?: string }) =>
      (await db.query<{ id: number }>(
        `INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, amount_cents, description, status, idempotency_key, created_at, paid_at)
         VALUES ($1, $2, 'choice-form', $3, $4, 'Meerwerk badkamer Kadeweg 5', $5, $6, $7, $8) RETURNING id`,
        [p.provider, p.providerId, entry!.id, p.cents, p.status, `e2e-payments-${p.key}`, p.created, p.paid ?? null],
      )).rows[0]!.id;
    const event = (id: number, source: string, status: string, applied: boolean, at: string) =>
      db.query('INSERT INTO payment_events (payment_id, source, status, applied, at) VALUES ($1, $2, $3, $4, $5)', [id, source, status, applied, at]);

    // The oldest: 50 expired test payments, a day apart before November.
    for (let i = FILLERS; i >= 1; i--) {
      const created = new Date(Date.UTC(2026, 9, 31, 9, 0) - i * 86_400_000).toISOString();
      const id = await payment({ key: `filler-${i}`, provider: 'local', providerId: `tr_e2eFiller${i}`, cents: 1000 + i, status: 'expired', created });
      await event(id, 'created', 'open', true, created);
    }
    // A failed one, then the newest: paid, with a replayed return and a reconciliation that changed nothing.
    const failed = await payment({ key: 'failed', provider: 'mollie', providerId: 'tr_e2eFailed', cents: 8995, status: 'failed', created: '2026-11-20T08:15:00Z' });
    await event(failed, 'created', 'open', true, '2026-11-20T08:15:00Z');
    await event(failed, 'webhook', 'failed', true, '2026-11-20T08:17:00Z');
    const paid = await payment({ key: 'paid', provider: 'mollie', providerId: 'tr_e2ePaid', cents: 125050, status: 'paid', created: '2026-11-21T13:03:00Z', paid: '2026-11-21T13:09:00Z' });
    await event(paid, 'created', 'open', true, '2026-11-21T13:03:00Z');
    await event(paid, 'return', 'open', false, '2026-11-21T13:08:00Z');
    await event(paid, 'webhook', 'paid', true, '2026-11-21T13:09:00Z');
    await event(paid, 'reconcile', 'paid', false, '2026-11-21T13:30:00Z');
  });
}

/** Axe, no horizontal scrolling and screenshots at 375 and 1280 px, from the top of the page. */
async function check(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkPage(page, name);
}

test.describe('staff see every payment with its history', () => {
  test("the partner opens 'Betalingen' from the dashboard: newest first, in Dutch, each with its history, and more on demand", async ({ page, mail }) => {
    const id = await projectId(mail, HAVENKWARTIER);
    await seedPayments(mail, id);

    await loginAsPartner(page, DEMO.partner);
    await page.goto(`/partner/dashboard/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: HAVENKWARTIER })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Betalingen', exact: true })).toBeVisible();
    await check(page, 'payments-dashboard-link');
    await page.getByRole('link', { name: 'Betalingen', exact: true }).click();
    await expect(page).toHaveURL(`/partner/betalingen/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Betalingen' })).toBeVisible();

    const table = page.getByRole('table', { name: 'Betalingen van dit project' });
    await expect(table.getByRole('columnheader')).toHaveText(['Adres', 'Formulier', 'Bedrag', 'Status', 'Aangemaakt', 'Betaald op', 'Geschiedenis']);
    const payments = page.getByTestId('payment');
    await expect(payments).toHaveCount(50);
    // newest first: the paid one, then the failed one
    const paid = payments.nth(0);
    await expect(paid.getByRole('rowheader')).toHaveText('Kadeweg 5, 3011 AA Rotterdam');
    await expect(paid.getByRole('row').first().getByRole('cell')).toHaveText([FORM, '€ 1.250,50', 'Betaald', '21-11-2026 14:03', '21-11-2026 14:09', /Geschiedenis/]);
    await expect(payments.nth(1).getByRole('row').first().getByRole('cell')).toHaveText([FORM, '€ 89,95', 'Mislukt', '20-11-2026 09:15', /Nog niet betaald/, /Geschiedenis/]);
    await expect(payments.nth(2)).toContainText('Verlopen');

    // The history: a disclosure button named after its payment, reachable and usable by keyboard.
    const toggle = paid.getByRole('button', { name: /^Geschiedenis van de betaling van Kadeweg 5, 3011 AA Rotterdam, € 1\.250,50, 21-11-2026 14:03$/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const history = paid.getByTestId('payment-history');
    await expect(history).toContainText('Mollie');
    await expect(history).toContainText('tr_e2ePaid');
    await expect(history.getByRole('listitem')).toHaveText([
      /21-11-2026 14:03\s*Aangemaakt\s*Open\s*Betaling bijgewerkt/,
      /21-11-2026 14:08\s*Teruggekeerd van de betaalpagina\s*Open\s*Geen wijziging/,
      /21-11-2026 14:09\s*Melding van de betaalprovider\s*Betaald\s*Betaling bijgewerkt/,
      /21-11-2026 14:30\s*Nagevraagd bij de betaalprovider\s*Betaald\s*Geen wijziging/,
    ]);
    await expect(payments.nth(1).getByTestId('payment-history')).toHaveCount(0);
    // checked at 375 px too: there the same payments are cards, the opened history still open
    await check(page, 'payments-history');

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(table).toHaveCount(0);
    await expect(paid.getByRole('heading', { level: 2, name: 'Kadeweg 5, 3011 AA Rotterdam' })).toBeVisible();
    await expect(paid.getByTestId('payment-history').getByRole('listitem')).toHaveCount(4);
    await paid.getByRole('button', { name: /^Geschiedenis van de betaling van Kadeweg 5/ }).click();
    await expect(paid.getByTestId('payment-history')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await check(page, 'payments-list');

    const more = page.getByRole('button', { name: 'Meer laden' });
    await more.click();
    await expect(payments).toHaveCount(52);
    await expect(more).toHaveCount(0);
    await expect(payments.last().getByRole('row').first().getByRole('cell').nth(1)).toHaveText('€ 10,50');
  });

  test('a form paid twice (a late paid after a failed attempt that was paid again) is flagged to staff', async ({ page, mail }) => {
    const id = await projectId(mail, HAVENKWARTIER);
    await seedPayments(mail, id);
    await withDatabase(mail, async (db) => {
      const { rows: [entry] } = await db.query<{ id: number }>(
        "SELECT e.id FROM form_entries e JOIN forms f ON f.id = e.form_id WHERE f.project_id = $1 AND f.name = $2 LIMIT 1", [id, FORM]);
      for (const [key, created, paid] of [['double-1', '2026-11-22T09:00:00Z', '2026-11-22T12:40:00Z'], ['double-2', '2026-11-22T09:20:00Z', '2026-11-22T09:21:00Z']] as const) {
        const { rows: [row] } = await db.query<{ id: number }>(
          `INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, amount_cents, description, status, idempotency_key, created_at, paid_at)
           VALUES ('mollie', $1, 'choice-form', $2, 125050, 'Meerwerk badkamer Kadeweg 5', 'paid', $3, $4, $5) RETURNING id`,
          [`tr_e2e${key}`, entry!.id, `e2e-payments-${key}`, created, paid],
        );
        await db.query("INSERT INTO payment_events (payment_id, source, status, applied, at) VALUES ($1, 'created', 'open', true, $2), ($1, 'webhook', 'paid', true, $3)", [row!.id, created, paid]);
      }
    });

    await loginAsPartner(page, DEMO.partner);
    await page.goto(`/partner/betalingen/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Betalingen' })).toBeVisible();
    // The two new payments and the older paid one are of one form entry: three flagged payments, one form in the notice.
    await expect(page.getByRole('status').filter({ hasText: 'Let op: 1 formulier is meer dan één keer betaald' })).toBeVisible();
    const payments = page.getByTestId('payment');
    await expect(payments.nth(0).getByTestId('double-paid')).toHaveText('Dubbel betaald');
    await expect(payments.nth(1).getByTestId('double-paid')).toHaveText('Dubbel betaald');
    await expect(page.getByTestId('double-paid')).toHaveCount(3);
    await check(page, 'payments-double-paid');
  });

  test('a project without payments says so', async ({ page, mail }) => {
    const id = await projectId(mail, EMPTY_PROJECT);
    await loginAsPartner(page, DEMO.partner);
    await page.goto(`/partner/betalingen/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Betalingen' })).toBeVisible();
    await expect(page.getByText('Er zijn nog geen betalingen.')).toBeVisible();
    await check(page, 'payments-empty');
    await page.getByRole('link', { name: 'Terug naar dashboard' }).click();
    await expect(page).toHaveURL(`/partner/dashboard/${id}`);
  });
});
