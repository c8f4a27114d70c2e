import { createMollieClient, Locale, PaymentEmbed } from '@mollie/api-client';
import type { PaymentProvider, PaymentStatus, ProviderRefund, RefundStatus } from './payment.types.ts';

export type MollieProviderDeps = {
  /** 'test_...' or 'live_...' (checked when the configuration is read, env.ts). */
  apiKey: string;
  /**
   * Another address of Mollie's API (a fake server in tests); Mollie's own when absent. The client speaks https
   * only, checked against its own bundle of Mozilla's CAs.
   */
  apiEndpoint?: string | undefined;
};

/** Cents as Mollie's amount value: a string with two decimals ('12.50'). */
export function toMollieValue(amountCents: number): string {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new Error('payment: an amount is a whole number of cents');
  return `${Math.trunc(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

/** Mollie's amount value as cents; NaN for anything that is not a decimal with at most two places. */
export function fromMollieValue(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** An amount in euros as cents; NaN for another currency. */
const euroCents = (amount: { currency: string; value: string }) => (amount.currency === 'EUR' ? fromMollieValue(amount.value) : Number.NaN);

type MollieRefundLike = { id: string; amount: { currency: string; value: string }; status: string; description: string; metadata: unknown; createdAt: string };
const toRefund = (r: MollieRefundLike): ProviderRefund => ({
  id: r.id, amountCents: euroCents(r.amount), status: r.status as RefundStatus, description: r.description,
  metadata: r.metadata && typeof r.metadata === 'object' ? (r.metadata as Record<string, unknown>) : null, createdAt: new Date(r.createdAt),
});

/**
 * Whether Mollie can reach this address: it refuses a payment whose webhookUrl is on this machine or a private
 * network (a portal in development), which then learns the outcome from the return page and the reconciliation job.
 */
export function reachableFromInternet(url: string): boolean {
  const host = URL.canParse(url) ? new URL(url).hostname.toLowerCase() : '';
  return !!host && !/^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|\[::1\]|\[f[cd][0-9a-f]*:.*\])$/.test(host);
}

/**
 * Mollie (INTEGRATIONS.md "Mollie") through @mollie/api-client: POST /v2/payments with the amount in euros
 * as a two-decimal string, the description, the payer's way back, the webhook URL and our metadata, with
 * an Idempotency-Key header; GET /v2/payments/{id} (with its refunds and chargebacks embedded) when the portal
 * asks for a status; POST /v2/payments/{id}/refunds with an Idempotency-Key for a refund. The payer is sent to `_links.checkout`.
 */
export function createMollieProvider({ apiKey, apiEndpoint }: MollieProviderDeps) {
  const client = createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}), versionStrings: 'Bewonersportaal/1' });

  return {
    name: 'mollie',

    async createPayment(input) {
      const payment = await client.payments.create({
        amount: { currency: 'EUR', value: toMollieValue(input.amountCents) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        ...(reachableFromInternet(input.webhookUrl) ? { webhookUrl: input.webhookUrl } : {}),
        metadata: input.metadata,
        locale: Locale.nl_NL,
        idempotencyKey: input.idempotencyKey,
      });
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new Error(`payment: Mollie gave payment ${payment.id} no checkout link`);
      return { id: payment.id, status: payment.status as string as PaymentStatus, checkoutUrl };
    },

    async getPayment(id) {
      // Its refunds and chargebacks in the same answer: the payment stays 'paid' after either, they tell what came back.
      const payment = await client.payments.get(id, { embed: [PaymentEmbed.refunds, PaymentEmbed.chargebacks] });
      const embedded = payment._embedded ?? {};
      return {
        id: payment.id, status: payment.status as string as PaymentStatus, amountCents: euroCents(payment.amount),
        refunds: (embedded.refunds ?? []).map(toRefund),
        chargebacks: (embedded.chargebacks ?? []).map((c) => ({
          id: c.id, amountCents: euroCents(c.amount), reversedAt: c.reversedAt ? new Date(c.reversedAt) : null, createdAt: new Date(c.createdAt),
        })),
      };
    },

    async refund(input) {
      const refund = await client.paymentRefunds.create({
        paymentId: input.paymentId,
        amount: { currency: 'EUR', value: toMollieValue(input.amountCents) },
        description: input.description,
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey,
      });
      return toRefund(refund);
    },
  } satisfies PaymentProvider;
}
