/**
 * The online payment interface (ARCHITECTURE.md "Outside services", INTEGRATIONS.md "Mollie"). One
 * interface, two providers: the local test checkout (a page served by the portal where the payer picks
 * paid, failed, canceled or expired; the default in the demo and tests) and Mollie (@mollie/api-client).
 * A form module never talks to a provider directly: it asks the payment service for a payment of an
 * amount it computed on the server, sends the payer to `checkoutUrl`, and is told of the outcome
 * through the consumer callback it registered. The provider's webhook is the truth: the return page
 * and the reconciliation job only ask the provider again. A payment becomes paid through this path only.
 */

/** What is paid for: the consumer module and its own id. */
export type PaymentSubject = { kind: 'choice-form'; entryId: number };

/** Mollie's payment statuses; the local checkout uses the same words. */
export type PaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';

export type Payment = {
  id: number;
  subject: PaymentSubject;
  provider: string;
  providerPaymentId: string;
  amountCents: number;
  description: string;
  status: PaymentStatus;
  checkoutUrl: string | null;
  paidAt: Date | null;
  createdAt: Date;
};

export type PaymentEvent = { source: 'created' | 'webhook' | 'return' | 'reconcile'; status: PaymentStatus; applied: boolean; at: Date };

export type CreatePaymentInput = {
  subject: PaymentSubject;
  /** Computed by the consumer on the server from stored data; never an amount the browser sent. */
  amountCents: number;
  description: string;
  /** Path of the portal page the payer returns to (made absolute with PUBLIC_URL). */
  returnPath: string;
};

export interface PaymentService {
  /** Whether new payments can be made (false while online payment is off: no provider configured). */
  readonly available: boolean;
  /**
   * Creates a payment at the provider and stores it before returning (so a webhook that arrives at once
   * finds it). Returns the subject's payment that is still open for the same amount instead of making a
   * second one. Refuses an amount below 1 cent; answers 503 while online payment is off.
   */
  create(input: CreatePaymentInput): Promise<Payment>;
  /** The subject's latest payment, or null. */
  latest(subject: PaymentSubject): Promise<Payment | null>;
  /** Asks the provider about the subject's latest payment (the return page) and applies what it says. */
  refresh(subject: PaymentSubject): Promise<Payment | null>;
  /** Every payment of a subject with its history, newest first (staff). */
  history(subject: PaymentSubject): Promise<Array<Payment & { events: PaymentEvent[] }>>;
  /**
   * Registers the consumer of a subject kind: called at least once, after the change is stored, when a
   * payment's status changed (a job, so a failing handler is retried). Must be idempotent.
   */
  onStatus(kind: PaymentSubject['kind'], handler: (event: { subject: PaymentSubject; payment: Payment }) => Promise<void>): void;
}

/** A provider as the payment service uses it (local checkout or Mollie). */
export interface PaymentProvider {
  readonly name: 'local' | 'mollie';
  createPayment(input: {
    amountCents: number;
    description: string;
    redirectUrl: string;
    webhookUrl: string;
    metadata: Record<string, string | number>;
    idempotencyKey: string;
  }): Promise<{ id: string; status: PaymentStatus; checkoutUrl: string }>;
  /**
   * The payment as the provider knows it, with its refunds and chargebacks (Mollie: GET /v2/payments/{id} with
   * embed=refunds,chargebacks). A Mollie payment stays 'paid' after a refund: the refunds tell what was paid back.
   */
  getPayment(id: string): Promise<ProviderPayment>;
  /**
   * Asks the provider to pay back (part of) a paid payment (Mollie: POST /v2/payments/{id}/refunds with an
   * Idempotency-Key: the same key answers the same refund). The refund usually finishes later: its status
   * changes are told through the payment's webhook.
   */
  refund(input: { paymentId: string; amountCents: number; description: string; metadata: Record<string, string | number>; idempotencyKey: string }): Promise<ProviderRefund>;
}

/** Mollie's refund statuses; the local checkout uses the same words. */
export type RefundStatus = 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';

export type ProviderRefund = { id: string; amountCents: number; status: RefundStatus; description: string; metadata: Record<string, unknown> | null; createdAt: Date };
export type ProviderChargeback = { id: string; amountCents: number; reversedAt: Date | null; createdAt: Date };
export type ProviderPayment = { id: string; status: PaymentStatus; amountCents: number; refunds: ProviderRefund[]; chargebacks: ProviderChargeback[] };
