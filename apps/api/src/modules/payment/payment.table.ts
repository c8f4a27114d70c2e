import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The portal's side of online payment (ARCHITECTURE.md "Outside services"): one row per payment created
 * at a provider, stored before the payer is sent away. `status` follows the provider's own words
 * (open, pending, authorized, paid, canceled, expired, failed) and is changed only by what the provider
 * says when asked (webhook, return page, reconciliation job), never by the payer's browser. A later
 * 'paid' after 'failed' or 'expired' is honoured; nothing moves away from 'paid'.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** 'local' (the built-in test checkout) or 'mollie'. */
    provider: text('provider').notNull(),
    /** The provider's payment id ('tr_...'). */
    providerPaymentId: text('provider_payment_id').notNull(),
    /** What is paid for: the consumer module and its id (a choice form entry). */
    subjectKind: text('subject_kind').notNull(),
    entryId: integer('entry_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    description: text('description').notNull(),
    status: text('status').notNull().default('open'),
    checkoutUrl: text('checkout_url'),
    idempotencyKey: text('idempotency_key').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the provider was last asked about it (webhook, return page or reconciliation). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey),
    index('payments_subject_idx').on(t.subjectKind, t.entryId, t.id),
    // the reconciliation job's scan: payments still open after 15 minutes
    index('payments_open_idx').on(t.createdAt).where(sql`${t.status} IN ('open', 'pending', 'authorized')`),
  ],
);

/** The history of a payment: every status the provider reported, and through which path. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull().references(() => payments.id, { onDelete: 'cascade' }),
    /** 'created', 'webhook', 'return', 'reconcile'. */
    source: text('source').notNull(),
    status: text('status').notNull(),
    /** Whether it changed the payment (false for a replay or a status that would move it back). */
    applied: boolean('applied').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.at)],
);

/**
 * The local test checkout's own books, kept apart from `payments` the way Mollie keeps its own: the
 * payer's choice on the checkout page is recorded here and reaches `payments` only through the webhook
 * (or when the portal asks), exactly as with Mollie.
 */
export const paymentLocalPayments = pgTable(
  'payment_local_payments',
  {
    /** 'tr_' plus random characters, as Mollie's ids. */
    id: text('id').primaryKey(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    description: text('description').notNull(),
    status: text('status').notNull().default('open'),
    redirectUrl: text('redirect_url').notNull(),
    webhookUrl: text('webhook_url'),
    metadata: jsonb('metadata').$type<Record<string, string | number>>(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_local_payments_idempotency_idx').on(t.idempotencyKey)],
);
