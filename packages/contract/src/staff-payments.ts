import { z } from 'zod';
import { ZId, ZLanguage, ZPageQuery } from './common.ts';
import { ZPaymentStatus } from './payment.ts';

/**
 * Payments in the staff console (issue 16, "Payments"): every payment of a project with its address, form,
 * history and our own ledger (a Mollie payment stays 'paid' after a refund: refunded, charged-back and
 * remaining amounts are kept by the portal), totals per status and per form, filters, CSV/XLSX export, and
 * refunds (full or partial, with a reason) through the payment provider.
 */
export const staffPaymentPaths = {
  list: '/staff/projects/:projectId/payments',
  totals: '/staff/projects/:projectId/payments/totals',
  export: '/staff/projects/:projectId/payments/export',
  one: '/staff/projects/:projectId/payments/:paymentId',
  refunds: '/staff/projects/:projectId/payments/:paymentId/refunds',
} as const;

export const staffPaymentMessages = {
  notPaid: 'Alleen een betaalde betaling kan worden terugbetaald.',
  nothingLeft: 'Van deze betaling is niets meer terug te betalen.',
  aboveRemaining: (remaining: string) => `Het bedrag is hoger dan wat nog terugbetaald kan worden (${remaining}).`,
  amountTooLow: 'Vul een bedrag van minstens € 0,01 in.',
  reasonRequired: 'Geef een reden voor de terugbetaling.',
  refundRefused: 'De betaalprovider heeft de terugbetaling geweigerd. Er is niets terugbetaald.',
  refundUnavailable: 'De terugbetaling kon nu niet worden aangevraagd. Probeer het over enkele minuten opnieuw.',
  providerGone: 'Deze betaling is gedaan bij een betaalprovider die niet meer is ingesteld; terugbetalen kan hier niet.',
  refundedElsewhere: 'Terugbetaald bij de betaalprovider',
  doublePaymentReason: 'Dubbele betaling',
  badDateRange: 'De einddatum ligt voor de begindatum.',
} as const;

/** Mollie's refund statuses; the local checkout uses the same words. */
export const REFUND_STATUSES = ['queued', 'pending', 'processing', 'refunded', 'failed', 'canceled'] as const;
export const ZRefundStatus = z.enum(REFUND_STATUSES);
export type TRefundStatus = z.infer<typeof ZRefundStatus>;

export const ZStaffPaymentsParams = z.object({ projectId: ZId });
export const ZStaffPaymentParams = z.object({ projectId: ZId, paymentId: ZId });

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Gebruik een datum als 2026-03-31.');

/** The filters of the list, the totals and the export. Dates are days in Europe/Amsterdam, both included. */
export const ZStaffPaymentFilter = z.object({
  form_id: ZId.optional(),
  status: ZPaymentStatus.optional(),
  /** 'yes': something was refunded (or is on its way), 'no': nothing was. */
  refunded: z.enum(['yes', 'no']).optional(),
  /** 'true': only payments of an entry that was paid more than once. */
  double: z.enum(['true', 'false']).optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  /** Words of the address (street, house number, postcode, city): every word must match. */
  q: z.string().max(100).optional(),
  language: ZLanguage,
});
export type TStaffPaymentFilter = z.infer<typeof ZStaffPaymentFilter>;
export const ZStaffPaymentListQuery = ZStaffPaymentFilter.extend(ZPageQuery.shape);
export type TStaffPaymentListQuery = z.infer<typeof ZStaffPaymentListQuery>;
export const ZStaffPaymentExportQuery = ZStaffPaymentFilter.extend({ format: z.enum(['csv', 'xlsx']) });

/** A payment on the console's list. Dates are ISO 8601 (UTC). */
export const ZConsolePayment = z.object({
  id: z.number().int(),
  provider: z.string(),
  provider_payment_id: z.string(),
  description: z.string(),
  status: ZPaymentStatus,
  amount_cents: z.number().int(),
  /** Refunds that are not failed or canceled (those on their way included). */
  refunded_cents: z.number().int(),
  charged_back_cents: z.number().int(),
  /** What may still be refunded: the amount less refunded and charged back; 0 unless paid. */
  remaining_cents: z.number().int(),
  address_id: z.number().int().nullable(),
  full_address: z.string().nullable(),
  form: z.object({ id: z.number().int(), name: z.string() }),
  entry_id: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Paid, and another payment of the same entry is paid too. */
  double_paid: z.boolean(),
  /** Paid after an earlier paid payment of the same entry: the extra one, to refund. */
  extra_payment: z.boolean(),
});
export type TConsolePayment = z.infer<typeof ZConsolePayment>;
export const ZConsolePaymentList = z.array(ZConsolePayment);

export const ZPaymentRefund = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  status: ZRefundStatus,
  reason: z.string(),
  /** 'console': asked here; 'provider': found at the provider (made in its dashboard). */
  origin: z.enum(['console', 'provider']),
  requested_by: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  created_at: z.string(),
});
export type TPaymentRefund = z.infer<typeof ZPaymentRefund>;

export const ZPaymentChargeback = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  provider_chargeback_id: z.string(),
  reversed_at: z.string().nullable(),
  created_at: z.string(),
});

/** One line of a payment's history, oldest first: a status the provider reported, a refund's step or a chargeback. */
export const ZPaymentHistoryItem = z.object({
  kind: z.enum(['status', 'refund', 'chargeback']),
  /** 'created', 'webhook', 'return', 'reconcile' or 'console'. */
  source: z.string(),
  /** The payment's status; a refund's status; 'charged-back' or 'reversed'. */
  status: z.string(),
  amount_cents: z.number().int().nullable(),
  applied: z.boolean(),
  actor: z.string().nullable(),
  at: z.string(),
});
export type TPaymentHistoryItem = z.infer<typeof ZPaymentHistoryItem>;

export const ZConsolePaymentDetail = ZConsolePayment.extend({
  refunds: z.array(ZPaymentRefund),
  chargebacks: z.array(ZPaymentChargeback),
  history: z.array(ZPaymentHistoryItem),
  /** Other payments of the same entry (id, status, amount), newest first. */
  siblings: z.array(z.object({ id: z.number().int(), status: ZPaymentStatus, amount_cents: z.number().int(), created_at: z.string() })),
});
export type TConsolePaymentDetail = z.infer<typeof ZConsolePaymentDetail>;

const ZTotalsLine = z.object({
  count: z.number().int(),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  charged_back_cents: z.number().int(),
});
export const ZStaffPaymentTotals = z.object({
  /** The payments that match the filters. */
  count: z.number().int(),
  /** Paid payments: received, refunded, charged back, and what is kept (received less both). */
  paid: ZTotalsLine.extend({ net_cents: z.number().int() }),
  by_status: z.array(ZTotalsLine.extend({ status: ZPaymentStatus })),
  by_form: z.array(ZTotalsLine.extend({ form: z.object({ id: z.number().int(), name: z.string() }), paid_count: z.number().int(), paid_cents: z.number().int() })),
  double_paid: z.number().int(),
});
export type TStaffPaymentTotals = z.infer<typeof ZStaffPaymentTotals>;

export const REFUND_REASON_MAX = 500;
export const ZRefundBody = z.object({
  /** Omitted: everything that remains (a full refund). */
  amount_cents: z.number().int().positive().max(100_000_000).optional(),
  reason: z.string().trim().min(1, staffPaymentMessages.reasonRequired).max(REFUND_REASON_MAX),
  /** Made by the client once per refund it means (kept across retries): a repeated request refunds once. */
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
  language: ZLanguage,
});
export type TRefundBody = z.infer<typeof ZRefundBody>;
export const ZRefundResult = z.object({ refund: ZPaymentRefund, payment: ZConsolePaymentDetail, repeated: z.boolean() });
export type TRefundResult = z.infer<typeof ZRefundResult>;

/**
 * An amount in euros as typed in the console ('12,50', '€ 1.234,56', '7'), as cents; null when it is not an amount
 * with at most two decimals (a comma as decimal sign, dots only between thousands).
 */
export function parseEuroInput(text: string): number | null {
  const plain = text.replace(/€/g, '').replace(/\s+/g, '');
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const cents = Number(match[1]!.replaceAll('.', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
