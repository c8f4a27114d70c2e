import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** The entry's project and form, copied when the payment is made: the console's list reads a project's payments by index. */
    projectId: integer('project_id'),
    formId: integer('form_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    description: text('description').notNull(),
    status: text('status').notNull().default('open'),
    checkoutUrl: text('checkout_url'),
    /**
     * Our own ledger (a Mollie payment stays 'paid' after a refund): the sum of the refunds that are not failed or
     * canceled, and of the chargebacks that are not reversed. Kept with every change of payment_refunds and payment_chargebacks.
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    chargedBackCents: integer('charged_back_cents').notNull().default(0),
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
    // the console's list and totals of a project (and of one form), keyset-paged by id
    index('payments_project_idx').on(t.projectId, t.id),
    index('payments_entry_idx').on(t.entryId),
    index('payments_project_form_idx').on(t.projectId, t.formId, t.id),
    // The project overview's open payments and extra payments (payment.staff.ts, paymentAttention): ranges by status, the paid
    // ones in entry order; with the amount, both are read from the index alone (no sort, no table rows).
    index('payments_project_status_idx').on(t.projectId, t.status, t.subjectKind, t.entryId, t.id, t.amountCents),
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
    /** 'created', 'webhook', 'return', 'reconcile'; for a refund also 'console'. */
    source: text('source').notNull(),
    /** The payment's status; for a refund's event the refund's status, for a chargeback's 'charged-back' or 'reversed'. */
    status: text('status').notNull(),
    /** Set for a refund's or a chargeback's event (NULL: the payment's own status). */
    refundId: integer('refund_id'),
    chargebackId: integer('chargeback_id'),
    amountCents: integer('amount_cents'),
    /** Who asked for it (a staff member's name), for a refund asked in the console. */
    actor: text('actor'),
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

/**
 * Refunds of a payment: asked in the console (origin 'console', with the reason and who asked) or found at the provider
 * (origin 'provider': made in Mollie's dashboard). `status` follows the provider's words: queued, pending, processing,
 * refunded, failed, canceled. A console refund is stored before the provider is asked (status 'queued', no provider id
 * yet), so that a retried request with the same key finds it and asks the provider with the same Idempotency-Key.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull().references(() => payments.id, { onDelete: 'cascade' }),
    /** 're_...'; NULL until the provider answered. */
    providerRefundId: text('provider_refund_id'),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('queued'),
    origin: text('origin').notNull().default('console'),
    /** The console request's key (a retried request with the same key refunds once). */
    idempotencyKey: text('idempotency_key'),
    requestedBy: integer('requested_by'),
    requestedByName: text('requested_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_provider_idx').on(t.paymentId, t.providerRefundId),
    uniqueIndex('payment_refunds_idempotency_idx').on(t.paymentId, t.idempotencyKey),
    // the reconciliation job's scan: refunds the provider has not finished
    index('payment_refunds_open_idx').on(t.paymentId).where(sql`${t.status} IN ('queued', 'pending', 'processing')`),
    check('payment_refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Chargebacks the provider reported (the payer's bank took the money back); `reversedAt` when it was reversed. */
export const paymentChargebacks = pgTable(
  'payment_chargebacks',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull().references(() => payments.id, { onDelete: 'cascade' }),
    providerChargebackId: text('provider_chargeback_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_chargebacks_provider_idx').on(t.paymentId, t.providerChargebackId)],
);

/** The local test checkout's refunds ('re_...'), its own books as Mollie keeps them: 'pending' until settled, then 'refunded'. */
export const paymentLocalRefunds = pgTable(
  'payment_local_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull().references(() => paymentLocalPayments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('pending'),
    metadata: jsonb('metadata').$type<Record<string, string | number>>(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_local_refunds_payment_idx').on(t.paymentId, t.createdAt),
    uniqueIndex('payment_local_refunds_idempotency_idx').on(t.idempotencyKey),
  ],
);
