import { z } from 'zod';
import { ZId, ZPageQuery } from './common.ts';

/**
 * Online payment (issue 9): what staff see of a project's payments. The payment itself is made and
 * followed by the portal (apps/api/src/modules/payment); residents see their payment inside their form.
 */

/** Mollie's payment statuses; the local test checkout uses the same words. */
export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed'] as const;
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
/** Statuses that may still change on their own (the payer can still pay; the reconciliation job asks about these). */
export const OPEN_PAYMENT_STATUSES = ['open', 'pending', 'authorized'] as const satisfies readonly (typeof PAYMENT_STATUSES)[number][];
export const isOpenPaymentStatus = (status: string | null | undefined): boolean => (OPEN_PAYMENT_STATUSES as readonly string[]).includes(status ?? '');
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** Through which path the provider's word came: the payment made, its webhook, the payer's return, the reconciliation job. */
export const ZPaymentEventSource = z.enum(['created', 'webhook', 'return', 'reconcile']);

export const ZPaymentEvent = z.object({
  source: ZPaymentEventSource,
  status: ZPaymentStatus,
  /** Whether it changed the payment (false for a replay, or a status that would have moved it back). */
  applied: z.boolean(),
  /** ISO 8601. */
  at: z.string(),
});
export type TPaymentEvent = z.infer<typeof ZPaymentEvent>;

export const ZStaffPayment = z.object({
  id: z.number(),
  /** 'local' (the test checkout) or 'mollie'. */
  provider: z.string(),
  /** The provider's id ('tr_...'). */
  provider_payment_id: z.string(),
  amount_cents: z.number().int(),
  currency: z.literal('EUR'),
  description: z.string(),
  status: ZPaymentStatus,
  /** The address the form is of; null for a form without one. */
  full_address: z.string().nullable(),
  form: z.object({ id: z.number(), name: z.string() }),
  /** The form entry paid for. */
  entry_id: z.number(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601; null until paid. */
  paid_at: z.string().nullable(),
  /** Oldest first: the statuses the provider reported (a repeated one is not stored again). */
  events: z.array(ZPaymentEvent),
  /**
   * This payment is paid and so is another payment of the same form entry (a late 'paid' after a failed
   * attempt, once the payer had paid again): the form was paid more than once and one payment must be refunded.
   */
  double_paid: z.boolean(),
});
export type TStaffPayment = z.infer<typeof ZStaffPayment>;

export const ZPartnerPaymentsParams = z.object({ project_id: ZId });
export const ZPartnerPaymentsQuery = ZPageQuery;
