import { randomBytes } from 'node:crypto';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/index.ts';
import { paymentLocalPayments, paymentLocalRefunds } from './payment.table.ts';
import type { PaymentProvider, PaymentStatus, ProviderRefund, RefundStatus } from './payment.types.ts';

export type LocalPaymentProviderDeps = {
  db: Db;
  jobs: JobQueue;
  /** How the webhook job reaches the portal (tests may watch it). */
  fetch?: typeof fetch;
};

/** The outcomes the payer may choose on the local checkout page, in the order shown. */
export const LOCAL_CHOICES = ['paid', 'failed', 'canceled', 'expired'] as const satisfies readonly PaymentStatus[];
export type LocalChoice = (typeof LOCAL_CHOICES)[number];

/** An id as Mollie's ('tr_' plus letters and digits); long enough that the checkout page's link cannot be guessed. */
export const isLocalPaymentId = (id: string): boolean => /^tr_[A-Za-z0-9]{16,40}$/.test(id);

function newPaymentId(prefix = 'tr_'): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  // Bytes from 248 (62 × 4) up are skipped, so that every character is equally likely.
  const chars: string[] = [];
  while (chars.length < 22) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && chars.length < 22) chars.push(alphabet[byte % 62]!);
    }
  }
  return `${prefix}${chars.join('')}`;
}

export type LocalPaymentRow = typeof paymentLocalPayments.$inferSelect;
type LocalRefundRow = typeof paymentLocalRefunds.$inferSelect;

/** The provider refuses a request (as Mollie answers 422): the message is the provider's, for the log. */
export class ProviderRefusedError extends Error {}

const toRefund = (r: LocalRefundRow): ProviderRefund => ({
  id: r.id, amountCents: r.amountCents, status: r.status as RefundStatus, description: r.description, metadata: r.metadata ?? null, createdAt: r.createdAt,
});

/**
 * The local test checkout: a real implementation of a payment provider's flow, run by the portal itself,
 * the default in the demo and the tests. It keeps its own books (payment_local_payments) as Mollie does;
 * the payer picks the outcome on the checkout page (payment.local-page.ts) as in Mollie's test mode, and
 * the portal hears of it as it hears from Mollie: a form-encoded POST holding only `id=tr_...` to the
 * webhook URL, sent by a job that graphile-worker retries with back-off until the portal answers 200,
 * after which the portal asks for the status itself (`getPayment`, as Mollie's GET /v2/payments/{id}).
 */
export function createLocalPaymentProvider({ db, jobs, fetch: fetchImpl = fetch }: LocalPaymentProviderDeps) {
  async function find(id: string): Promise<LocalPaymentRow | null> {
    if (!isLocalPaymentId(id)) return null;
    const [row] = await db.select().from(paymentLocalPayments).where(eq(paymentLocalPayments.id, id));
    return row ?? null;
  }

  const provider = {
    name: 'local',

    async createPayment(input) {
      // The same idempotency key answers the payment made with it, as Mollie does for 24 hours.
      const [created] = await db.insert(paymentLocalPayments).values({
        id: newPaymentId(), amountCents: input.amountCents, description: input.description, redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl, metadata: input.metadata, idempotencyKey: input.idempotencyKey,
      }).onConflictDoNothing().returning();
      const row = created ?? (await db.select().from(paymentLocalPayments).where(eq(paymentLocalPayments.idempotencyKey, input.idempotencyKey)))[0];
      if (!row) throw new Error('payment: local payment not stored');
      // A path, not an address: the payer stays on the host name the portal page came from.
      return { id: row.id, status: row.status as PaymentStatus, checkoutUrl: `/api/payment/local/checkout/${row.id}` };
    },

    async getPayment(id) {
      const row = await find(id);
      if (!row) throw new Error(`payment: local payment ${id} not found`);
      const refunds = await db.select().from(paymentLocalRefunds).where(eq(paymentLocalRefunds.paymentId, id)).orderBy(asc(paymentLocalRefunds.createdAt));
      return { id: row.id, status: row.status as PaymentStatus, amountCents: row.amountCents, refunds: refunds.map(toRefund), chargebacks: [] };
    },

    /**
     * As Mollie's refunds API: only a paid payment, at most what is not refunded yet (else refused), the same
     * idempotency key answers the same refund. The refund starts 'pending' and is settled by a job (as a bank
     * takes its time), which then sends the payment's webhook.
     */
    async refund(input) {
      return db.transaction(async (tx) => {
        const [payment] = await tx.select().from(paymentLocalPayments).where(eq(paymentLocalPayments.id, input.paymentId)).for('update');
        if (!payment) throw new ProviderRefusedError(`payment: local payment ${input.paymentId} not found`);
        const [known] = await tx.select().from(paymentLocalRefunds).where(eq(paymentLocalRefunds.idempotencyKey, input.idempotencyKey));
        if (known) return toRefund(known);
        if (payment.status !== 'paid') throw new ProviderRefusedError('payment: only a paid payment can be refunded');
        const [refunded] = await tx.select({ cents: sql<number>`coalesce(sum(${paymentLocalRefunds.amountCents}), 0)::int` }).from(paymentLocalRefunds)
          .where(and(eq(paymentLocalRefunds.paymentId, payment.id), notInArray(paymentLocalRefunds.status, ['failed', 'canceled'])));
        if (input.amountCents < 1 || input.amountCents > payment.amountCents - refunded!.cents) throw new ProviderRefusedError('payment: the amount is higher than the amount remaining');
        const [row] = await tx.insert(paymentLocalRefunds).values({
          id: newPaymentId('re_'), paymentId: payment.id, amountCents: input.amountCents, description: input.description, metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
        }).returning();
        await jobs.add('payment-local-refund', { id: row!.id }, { tx, maxAttempts: 25 });
        return toRefund(row!);
      });
    },
  } satisfies PaymentProvider;

  return {
    ...provider,

    /** A checkout as its page shows it, or null for an unknown id. */
    find,

    /**
     * The payer's choice on the checkout page: recorded when the payment is still open, and the webhook
     * sent (a job in the same transaction). Answers false when the payment is unknown or already final:
     * as at Mollie, a final status is not changed from the checkout.
     */
    async choose(id: string, status: LocalChoice): Promise<LocalPaymentRow | null> {
      if (!isLocalPaymentId(id)) return null;
      return db.transaction(async (tx) => {
        const [row] = await tx.update(paymentLocalPayments).set({ status, updatedAt: new Date() })
          .where(and(eq(paymentLocalPayments.id, id), eq(paymentLocalPayments.status, 'open')))
          .returning();
        if (!row) return null;
        if (row.webhookUrl) await jobs.add('payment-local-webhook', { id }, { tx, maxAttempts: 25 });
        return row;
      });
    },

    /**
     * What the provider does on its own later (a bank's late confirmation after 'failed', in tests): sets the
     * status and sends the webhook.
     */
    async change(id: string, status: PaymentStatus): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.update(paymentLocalPayments).set({ status, updatedAt: new Date() }).where(eq(paymentLocalPayments.id, id)).returning();
        if (row?.webhookUrl) await jobs.add('payment-local-webhook', { id }, { tx, maxAttempts: 25 });
      });
    },

    /** The job after a refund: the bank paid it back ('refunded'), and the payment's webhook tells the portal, as Mollie's does. */
    async settleRefund(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.update(paymentLocalRefunds).set({ status: 'refunded', updatedAt: new Date() })
          .where(and(eq(paymentLocalRefunds.id, id), eq(paymentLocalRefunds.status, 'pending'))).returning();
        if (row) await jobs.add('payment-local-webhook', { id: row.paymentId }, { tx, maxAttempts: 25 });
      });
    },

    /** The job: POSTs `id=tr_...` to the webhook URL as Mollie does; throws on anything but 200, so that it is retried. */
    async deliverWebhook(id: string): Promise<void> {
      const row = await find(id);
      if (!row?.webhookUrl) return;
      const response = await fetchImpl(row.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: row.id }).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (response.status !== 200) throw new Error(`payment: webhook answered ${response.status}`);
    },
  };
}
export type LocalPaymentProvider = ReturnType<typeof createLocalPaymentProvider>;
