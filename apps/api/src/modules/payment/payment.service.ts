import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { MollieApiError } from '@mollie/api-client';
import { choiceMessages, formatEuro, isOpenPaymentStatus, OPEN_PAYMENT_STATUSES, PAYMENT_STATUSES, staffPaymentMessages, type TPageQuery } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Session } from '../auth/session.store.ts';
import { NotFoundError, ServiceUnavailableError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { addresses } from '../address/address.table.ts';
import { formEntries, forms, fullAddress } from '../form-engine/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { NotifyInput } from '../notifications/index.ts';
import type { ProjectService } from '../project/project.service.ts';
import { createLocalPaymentProvider, ProviderRefusedError } from './payment.local-provider.ts';
import { createMollieProvider } from './payment.mollie-provider.ts';
import { paymentChargebacks, paymentEvents, paymentRefunds, payments } from './payment.table.ts';
import type { Payment, PaymentEvent, PaymentProvider, PaymentService, PaymentStatus, PaymentSubject, ProviderPayment, RefundStatus } from './payment.types.ts';

/**
 * Which provider makes new payments (PAYMENT_PROVIDER); Mollie with its API key (and, for tests, another address).
 * 'off': online payment is off (no configuration and no demo): a new payment answers 503.
 */
export type PaymentProviderConfig = { name: 'local' | 'off' } | { name: 'mollie'; apiKey: string; apiEndpoint?: string | undefined };

export type PaymentServiceDeps = {
  db: Db;
  jobs: JobQueue;
  projects: ProjectService;
  /** The portal's address: the webhook URL given to providers and the payer's way back. */
  publicUrl: string;
  provider: PaymentProviderConfig;
  /** How the local provider sends its webhooks (tests may watch them). */
  fetch?: typeof fetch;
  log?: (error: unknown, msg: string) => void;
  /** The payer's household hears of a payment received and a refund made (issue 19, category 'payment'). */
  notifications?: { notify(tx: Queryable, input: NotifyInput): Promise<void> };
};

type StatusHandler = Parameters<PaymentService['onStatus']>[1];
type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type ChargebackRow = typeof paymentChargebacks.$inferSelect;

/** Refund statuses the provider has not finished: the reconciliation job asks about their payments. */
export const OPEN_REFUND_STATUSES = ['queued', 'pending', 'processing'] as const;
const REFUND_STATUSES: readonly string[] = ['queued', 'pending', 'processing', 'refunded', 'failed', 'canceled'];

/** What may still be refunded of a payment: the amount less what is refunded (or on its way) and charged back. */
export const remainingCents = (row: Pick<PaymentRow, 'amountCents' | 'refundedCents' | 'chargedBackCents'>) =>
  Math.max(0, row.amountCents - row.refundedCents - row.chargedBackCents);
type EventSource = PaymentEvent['source'];

export const isPaymentStatus = (value: unknown): value is PaymentStatus => (PAYMENT_STATUSES as readonly unknown[]).includes(value);
const isOpen = (status: PaymentStatus) => isOpenPaymentStatus(status);

/**
 * Whether a status the provider reports moves a payment: forward only. Nothing moves away from 'paid';
 * 'paid' is honoured after anything else, a late confirmation after 'failed', 'expired' or 'canceled' too
 * (Open Forms #5942, #6191); the other final statuses are not changed; open, pending, authorized move on
 * in that order. The same status again (a replay) changes nothing.
 */
export function movesTo(current: PaymentStatus, next: PaymentStatus): boolean {
  if (current === next || current === 'paid') return false;
  if (next === 'paid') return true;
  if (!isOpen(current)) return false;
  return !isOpen(next) || OPEN_PAYMENT_STATUSES.indexOf(next as (typeof OPEN_PAYMENT_STATUSES)[number]) > OPEN_PAYMENT_STATUSES.indexOf(current as (typeof OPEN_PAYMENT_STATUSES)[number]);
}

/** Payments still open after this long are asked about by the reconciliation job (iDEAL expires after about 15 minutes). */
export const RECONCILE_AFTER_MINUTES = 15;

/** Online payment is off (no provider configured): the same words the choice form shows the resident. */
const paymentOff = () => new ServiceUnavailableError(choiceMessages.paymentUnavailable, 3600);

const unavailable = (cause: unknown) =>
  new ServiceUnavailableError('De betaling kan nu niet worden gestart. Probeer het over enkele minuten opnieuw.', 30, { cause });

function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    subject: { kind: row.subjectKind as PaymentSubject['kind'], entryId: row.entryId },
    provider: row.provider,
    providerPaymentId: row.providerPaymentId,
    amountCents: row.amountCents,
    description: row.description,
    status: row.status as PaymentStatus,
    checkoutUrl: row.checkoutUrl,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
  };
}

/** A payment of an entry as the console's entry detail shows it (ofEntry). */
export type EntryPayment = {
  id: number; status: PaymentStatus; amountCents: number; refundedCents: number; chargedBackCents: number; remainingCents: number;
  paidAt: Date | null; createdAt: Date;
  refunds: Array<{ id: number; amountCents: number; status: RefundStatus; reason: string; createdAt: Date }>;
};

/** A payment on the staff list: the payment, its address and form, its history, and whether its entry was paid more than once. */
export type StaffPayment = Payment & { events: PaymentEvent[]; address: string | null; formId: number; formName: string; doublePaid: boolean };

/** Another payment of the same subject is paid too (for a payment that is paid itself; payments_subject_idx). */
const isDoublePaid = sql<boolean>`(${payments.status} = 'paid' AND EXISTS (
  SELECT 1 FROM ${payments} other WHERE other.subject_kind = ${payments.subjectKind} AND other.entry_id = ${payments.entryId}
    AND other.status = 'paid' AND other.id <> ${payments.id}))`;

/**
 * The payment service (payment.types.ts). It creates payments at the configured provider and stores each
 * one before the payer is sent away; it applies what a provider says when asked (its webhook, the return
 * page, the reconciliation job): recorded as an event, applied when it moves the payment forward, and
 * announced to the subject's module through a job after the change is stored.
 *
 * Providers: the configured one makes every new payment; webhooks of every known provider are applied, so
 * that payments made before a change of provider still finish.
 */
export function createPaymentService({ db, jobs, projects, publicUrl, provider: config, fetch, log, notifications }: PaymentServiceDeps) {
  /** In the payment's transaction: its address is told (once per payment, or per refund). */
  async function tell(tx: Queryable, paymentId: number, what: { kind: 'paid' } | { kind: 'refunded'; refundId: number; amountCents: number }): Promise<void> {
    if (!notifications) return;
    const [found] = await tx.select({ addressId: formEntries.addressId, projectId: formEntries.projectId, formName: forms.name, amountCents: payments.amountCents })
      .from(payments).innerJoin(formEntries, eq(formEntries.id, payments.entryId)).innerJoin(forms, eq(forms.id, formEntries.formId))
      .where(eq(payments.id, paymentId));
    if (!found?.addressId) return;
    const paid = what.kind === 'paid';
    const amount = formatEuro(paid ? found.amountCents : what.amountCents);
    await notifications.notify(tx, {
      category: 'payment', to: { addressIds: [found.addressId] }, projectId: found.projectId,
      title: paid ? `Betaling ontvangen: ${amount}` : `Terugbetaald: ${amount}`,
      body: paid ? `Wij hebben uw betaling van ${amount} voor '${found.formName}' ontvangen. Dank u wel.` : `Wij hebben ${amount} van uw betaling voor '${found.formName}' aan u terugbetaald.`,
      url: '/formulieren', tag: paid ? `payment:${paymentId}:paid` : `payment:${paymentId}:refund:${what.refundId}`, once: true,
    });
  }

  // The local test checkout exists only when chosen (PAYMENT_PROVIDER=local, the demo, the tests): its page,
  // where the payer picks 'Betaald', must never take a payment in production.
  const local = createLocalPaymentProvider({ db, jobs, fetch });
  const providers = new Map<string, PaymentProvider>(config.name === 'local' ? [[local.name, local]] : []);
  if (config.name === 'mollie') providers.set('mollie', createMollieProvider(config));
  const provider = providers.get(config.name) ?? null;
  const handlers = new Map<PaymentSubject['kind'], StatusHandler>();

  const webhookUrl = (name: string) => `${publicUrl}/api/payment/webhook/${name}`;

  async function latestRow(subject: PaymentSubject, tx: Queryable = db): Promise<PaymentRow | null> {
    const [row] = await tx.select().from(payments)
      .where(and(eq(payments.subjectKind, subject.kind), eq(payments.entryId, subject.entryId)))
      .orderBy(desc(payments.id)).limit(1);
    return row ?? null;
  }

  async function eventsOf(paymentIds: number[]): Promise<Map<number, PaymentEvent[]>> {
    const byPayment = new Map<number, PaymentEvent[]>(paymentIds.map((id) => [id, []]));
    if (!paymentIds.length) return byPayment;
    const rows = await db.select().from(paymentEvents)
      .where(and(inArray(paymentEvents.paymentId, paymentIds), isNull(paymentEvents.refundId), isNull(paymentEvents.chargebackId)))
      .orderBy(asc(paymentEvents.at), asc(paymentEvents.id));
    for (const row of rows) {
      byPayment.get(row.paymentId)!.push({ source: row.source as EventSource, status: row.status as PaymentStatus, applied: row.applied, at: row.at });
    }
    return byPayment;
  }

  /**
   * The key of a create call: the same subject, amount and description on the same attempt give the same
   * key, so that a create repeated after a lost answer (or by two requests at once) gets the provider's same
   * payment and stores it once.
   */
  async function idempotencyKey(provider: PaymentProvider, subject: PaymentSubject, amountCents: number, description: string, returnPath: string): Promise<string> {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(payments)
      .where(and(eq(payments.subjectKind, subject.kind), eq(payments.entryId, subject.entryId)));
    const basis = JSON.stringify([provider.name, subject.kind, subject.entryId, counted!.n, amountCents, description, returnPath]);
    return `portal-${createHash('sha256').update(basis).digest('hex').slice(0, 40)}`;
  }

  /**
   * Asks the payment's provider for its status and applies it: an event is recorded when it says something
   * other than the last event did; the payment changes when the status moves it forward, and then the subject's module is told (a job in the
   * same transaction). A provider that does not answer throws (a webhook then answers 503 and is retried).
   */
  async function check(row: PaymentRow, source: Exclude<EventSource, 'created'>): Promise<PaymentRow> {
    const from = providers.get(row.provider);
    if (!from) return row; // made by a provider no longer configured: nobody can ask it
    let reported: Awaited<ReturnType<PaymentProvider['getPayment']>>;
    try {
      reported = await from.getPayment(row.providerPaymentId);
    } catch (error) {
      throw new ServiceUnavailableError(undefined, 30, { cause: error });
    }
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(payments).where(eq(payments.id, row.id)).for('update');
      const current = locked!.status as PaymentStatus;
      // A paid amount other than ours is not ours to accept (it is recorded, for staff to see).
      const amountHolds = reported.amountCents === locked!.amountCents;
      const applied = isPaymentStatus(reported.status) && amountHolds && movesTo(current, reported.status);
      if (!amountHolds) log?.(new Error(`payment ${row.id}: provider reports ${reported.amountCents} cents`), 'payment: amount differs');
      const status = isPaymentStatus(reported.status) ? reported.status : current;
      // The history keeps what the provider said when it said something new: anyone may call the webhook of a
      // known payment as often as they like, and a repeated status is no news (the payment's checked_at still moves).
      const [last] = await tx.select({ status: paymentEvents.status }).from(paymentEvents)
        .where(and(eq(paymentEvents.paymentId, row.id), isNull(paymentEvents.refundId), isNull(paymentEvents.chargebackId)))
        .orderBy(desc(paymentEvents.id)).limit(1);
      if (applied || status !== last?.status) await tx.insert(paymentEvents).values({ paymentId: row.id, source, status, applied });
      await syncLedger(tx, row.id, reported, source);
      const now = new Date();
      const [updated] = await tx.update(payments)
        .set({ checkedAt: now, ...(applied ? { status, updatedAt: now, ...(status === 'paid' ? { paidAt: now } : {}) } : {}) })
        .where(eq(payments.id, row.id)).returning();
      if (applied) await jobs.add('payment-status', { paymentId: row.id }, { tx });
      if (applied && status === 'paid') await tell(tx, row.id, { kind: 'paid' });
      return updated!;
    });
  }


  /** Sums the payment's refunds (not failed or canceled) and chargebacks (not reversed) into its own columns. */
  async function recount(tx: Queryable, paymentId: number): Promise<void> {
    await tx.update(payments).set({
      refundedCents: sql`(SELECT coalesce(sum(r.amount_cents), 0)::int FROM ${paymentRefunds} r WHERE r.payment_id = ${paymentId}
        AND r.status NOT IN ('failed', 'canceled'))`,
      chargedBackCents: sql`(SELECT coalesce(sum(c.amount_cents), 0)::int FROM ${paymentChargebacks} c WHERE c.payment_id = ${paymentId} AND c.reversed_at IS NULL)`,
      updatedAt: new Date(),
    }).where(eq(payments.id, paymentId));
  }

  /**
   * Records what the provider says of a payment's refunds and chargebacks (a Mollie payment stays 'paid' after either):
   * a refund we asked for is found by its id (or, before the provider answered us, by the id we sent in its metadata);
   * one made elsewhere (Mollie's dashboard) is added as the provider's. Each change of status is an event of the payment's
   * history. Runs inside the payment's lock (check()).
   */
  async function syncLedger(tx: Queryable, paymentId: number, reported: ProviderPayment, source: Exclude<EventSource, 'created'>): Promise<void> {
    if (!reported.refunds.length && !reported.chargebacks.length) return;
    let changed = false;
    const known = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    for (const refund of reported.refunds) {
      if (!REFUND_STATUSES.includes(refund.status) || !Number.isInteger(refund.amountCents) || refund.amountCents < 1) continue;
      const ours = Number(refund.metadata?.refund);
      const found = known.find((r) => r.providerRefundId === refund.id) ?? known.find((r) => r.providerRefundId === null && r.id === ours);
      if (found) {
        if (found.status === refund.status && found.providerRefundId === refund.id) continue;
        await tx.update(paymentRefunds).set({ providerRefundId: refund.id, status: refund.status, updatedAt: new Date() }).where(eq(paymentRefunds.id, found.id));
        if (found.status !== refund.status) {
          await tx.insert(paymentEvents).values({ paymentId, source, status: refund.status, applied: true, refundId: found.id, amountCents: found.amountCents });
          if (refund.status === 'refunded') await tell(tx, paymentId, { kind: 'refunded', refundId: found.id, amountCents: found.amountCents });
        }
      } else {
        const [added] = await tx.insert(paymentRefunds).values({
          paymentId, providerRefundId: refund.id, amountCents: refund.amountCents, reason: refund.description.trim() || staffPaymentMessages.refundedElsewhere,
          status: refund.status, origin: 'provider', createdAt: refund.createdAt,
        }).onConflictDoNothing().returning();
        if (added) await tx.insert(paymentEvents).values({ paymentId, source, status: refund.status, applied: true, refundId: added.id, amountCents: added.amountCents });
        if (added && refund.status === 'refunded') await tell(tx, paymentId, { kind: 'refunded', refundId: added.id, amountCents: added.amountCents });
      }
      changed = true;
    }
    const chargebacks = await tx.select().from(paymentChargebacks).where(eq(paymentChargebacks.paymentId, paymentId));
    for (const chargeback of reported.chargebacks) {
      if (!Number.isInteger(chargeback.amountCents) || chargeback.amountCents < 1) continue;
      const found = chargebacks.find((c) => c.providerChargebackId === chargeback.id);
      if (!found) {
        const [added] = await tx.insert(paymentChargebacks).values({
          paymentId, providerChargebackId: chargeback.id, amountCents: chargeback.amountCents, reversedAt: chargeback.reversedAt, createdAt: chargeback.createdAt,
        }).onConflictDoNothing().returning();
        if (added) {
          await tx.insert(paymentEvents).values({ paymentId, source, status: 'charged-back', applied: true, chargebackId: added.id, amountCents: added.amountCents });
          if (added.reversedAt) await tx.insert(paymentEvents).values({ paymentId, source, status: 'reversed', applied: true, chargebackId: added.id, amountCents: added.amountCents });
        }
        changed = true;
      } else if (chargeback.reversedAt && !found.reversedAt) {
        await tx.update(paymentChargebacks).set({ reversedAt: chargeback.reversedAt }).where(eq(paymentChargebacks.id, found.id));
        await tx.insert(paymentEvents).values({ paymentId, source, status: 'reversed', applied: true, chargebackId: found.id, amountCents: found.amountCents });
        changed = true;
      }
    }
    if (changed) await recount(tx, paymentId);
  }

  /**
   * Asks the provider for a stored refund (ours, not answered yet) with the key made of its own id: a request repeated
   * after a lost answer gets the same refund. A refusal (4xx) marks it failed, with the amount refundable again.
   */
  async function submitRefund(payment: PaymentRow, refund: RefundRow): Promise<RefundRow> {
    const from = providers.get(payment.provider);
    if (!from) throw new UnprocessableError(staffPaymentMessages.providerGone);
    let answer: Awaited<ReturnType<PaymentProvider['refund']>>;
    try {
      answer = await from.refund({
        paymentId: payment.providerPaymentId, amountCents: refund.amountCents, description: refund.reason.slice(0, 140),
        metadata: { refund: refund.id, payment: payment.id }, idempotencyKey: `portal-refund-${refund.id}`,
      });
    } catch (error) {
      const refused = error instanceof ProviderRefusedError
        || (error instanceof MollieApiError && (error.statusCode ?? 0) >= 400 && (error.statusCode ?? 0) < 500 && error.statusCode !== 429);
      if (!refused) throw new ServiceUnavailableError(staffPaymentMessages.refundUnavailable, 30, { cause: error });
      log?.(error, `payment: refund ${refund.id} refused by the provider`);
      await db.transaction(async (tx) => {
        await tx.update(paymentRefunds).set({ status: 'failed', updatedAt: new Date() }).where(eq(paymentRefunds.id, refund.id));
        await tx.insert(paymentEvents).values({ paymentId: payment.id, source: 'console', status: 'failed', applied: true, refundId: refund.id, amountCents: refund.amountCents });
        await recount(tx, payment.id);
      });
      throw new UnprocessableError(staffPaymentMessages.refundRefused);
    }
    return db.transaction(async (tx) => {
      const status: RefundStatus = REFUND_STATUSES.includes(answer.status) ? answer.status : 'pending';
      const [updated] = await tx.update(paymentRefunds).set({ providerRefundId: answer.id, status, updatedAt: new Date() })
        .where(eq(paymentRefunds.id, refund.id)).returning();
      if (status !== refund.status) {
        await tx.insert(paymentEvents).values({ paymentId: payment.id, source: 'console', status, applied: true, refundId: refund.id, amountCents: refund.amountCents });
      }
      await recount(tx, payment.id);
      return updated!;
    });
  }

  const service: PaymentService = {
    available: provider !== null,

    async create(input) {
      const { subject, amountCents, description } = input;
      if (!Number.isInteger(amountCents) || amountCents < 1) throw new Error('payment: the amount must be at least 1 cent');
      if (!description.trim()) throw new Error('payment: a payment needs a description');
      if (!/^\/(?![/\\])/.test(input.returnPath)) throw new Error('payment: returnPath must be a path of the portal');
      // The open payment for this amount is the one to pay; one paid already is not paid twice.
      const latest = await latestRow(subject);
      if (latest && (isOpen(latest.status as PaymentStatus) || latest.status === 'paid') && latest.amountCents === amountCents) return toPayment(latest);
      if (!provider) throw paymentOff();

      const key = await idempotencyKey(provider, subject, amountCents, description, input.returnPath);
      let created: Awaited<ReturnType<PaymentProvider['createPayment']>>;
      try {
        created = await provider.createPayment({
          amountCents, description: description.trim().slice(0, 255), redirectUrl: `${publicUrl}${input.returnPath}`, webhookUrl: webhookUrl(provider.name),
          metadata: { subject_kind: subject.kind, entry_id: subject.entryId, payment: key }, idempotencyKey: key,
        });
      } catch (error) {
        throw unavailable(error);
      }
      // The entry's project and form, for the console's list of a project's payments.
      const [entry] = await db.select({ projectId: formEntries.projectId, formId: formEntries.formId }).from(formEntries).where(eq(formEntries.id, subject.entryId));
      // Stored before the payer is sent to the checkout, so that a webhook arriving at once finds it.
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(payments).values({
          projectId: entry?.projectId ?? null, formId: entry?.formId ?? null, provider: provider.name, providerPaymentId: created.id, subjectKind: subject.kind, entryId: subject.entryId, amountCents,
          description: description.trim(), status: isPaymentStatus(created.status) ? created.status : 'open', checkoutUrl: created.checkoutUrl, idempotencyKey: key,
        }).onConflictDoNothing().returning();
        if (!inserted) return null; // the same create at the same moment: that one stored it
        await tx.insert(paymentEvents).values({ paymentId: inserted.id, source: 'created', status: inserted.status, applied: true });
        return inserted;
      });
      return toPayment(row ?? (await db.select().from(payments).where(eq(payments.idempotencyKey, key)))[0]!);
    },

    async latest(subject) {
      const row = await latestRow(subject);
      return row ? toPayment(row) : null;
    },

    async refresh(subject) {
      const row = await latestRow(subject);
      if (!row) return null;
      if (row.status === 'paid') return toPayment(row);
      return toPayment(await check(row, 'return'));
    },

    async history(subject) {
      const rows = await db.select().from(payments)
        .where(and(eq(payments.subjectKind, subject.kind), eq(payments.entryId, subject.entryId)))
        .orderBy(desc(payments.id));
      const events = await eventsOf(rows.map((r) => r.id));
      return rows.map((row) => ({ ...toPayment(row), events: events.get(row.id)! }));
    },

    onStatus(kind, handler) {
      handlers.set(kind, handler);
    },
  };

  return {
    ...service,
    /** The local test checkout (its page is served by payment.routes.ts while `localEnabled`). */
    local,
    localEnabled: providers.has(local.name),
    /** The name of the provider that makes new payments; null while online payment is off. */
    providerName: provider?.name ?? null,

    /**
     * A provider's webhook (`id=tr_...`): the payment is looked up and its provider asked. Answers false for
     * an unknown provider name; an unknown payment id is ignored (true), as Mollie wants a 200 for it.
     */
    async receiveWebhook(providerName: string, providerPaymentId: string | null): Promise<boolean> {
      if (!providers.has(providerName)) return false;
      if (!providerPaymentId || providerPaymentId.length > 100) return true;
      const [row] = await db.select().from(payments)
        .where(and(eq(payments.provider, providerName), eq(payments.providerPaymentId, providerPaymentId)));
      if (row) await check(row, 'webhook');
      return true;
    },

    /**
     * The reconciliation job: asks the providers about payments still open, pending or authorized that were
     * made more than `olderThanMinutes` ago, so that a lost webhook never leaves a form waiting. One that
     * cannot be asked now is tried on the next run. Answers how many payments changed.
     */
    async reconcile(options: { olderThanMinutes?: number; now?: Date } = {}): Promise<number> {
      const before = new Date((options.now ?? new Date()).getTime() - (options.olderThanMinutes ?? RECONCILE_AFTER_MINUTES) * 60_000);
      const rows = await db.select().from(payments)
        .where(and(inArray(payments.status, [...OPEN_PAYMENT_STATUSES]), lt(payments.createdAt, before)))
        .orderBy(asc(payments.createdAt)).limit(500);
      // Refunds the provider has not finished (their payment is 'paid' and not in the list above); a refund the
      // provider never answered (a time-out) is asked for again with its same key.
      const refunding = await db.selectDistinct({ payment: payments }).from(paymentRefunds)
        .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
        .where(and(inArray(paymentRefunds.status, [...OPEN_REFUND_STATUSES]), lt(paymentRefunds.createdAt, before)))
        .limit(500);
      for (const { payment } of refunding) {
        const unanswered = await db.select().from(paymentRefunds)
          .where(and(eq(paymentRefunds.paymentId, payment.id), isNull(paymentRefunds.providerRefundId), eq(paymentRefunds.status, 'queued')));
        for (const refund of unanswered) await submitRefund(payment, refund).catch((error: unknown) => log?.(error, `payment: refund ${refund.id} not submitted`));
        rows.push(payment);
      }
      let changed = 0;
      for (const row of rows) {
        try {
          const checked = await check(row, 'reconcile');
          if (checked.status !== row.status) changed += 1;
        } catch (error) {
          log?.(error, `payment: reconciliation of payment ${row.id} failed`);
        }
      }
      return changed;
    },

    /**
     * Pays back (part of) a paid payment through its provider, with a reason. Idempotent by `idempotencyKey`: a request
     * repeated with the same key answers the same refund (and, when the provider never answered it, asks the provider
     * again with the refund's own key). Without `amountCents`: everything that remains. More than remains (the
     * amount less what is refunded or on its way and charged back): 422 with a Dutch message. The refund is stored,
     * its event written and `audit` called in one transaction before the provider is asked.
     */
    async refund(input: {
      paymentId: number; amountCents: number | null; reason: string; idempotencyKey: string; actor: { userId: number; name: string };
      audit: (tx: Queryable, refund: RefundRow, payment: PaymentRow) => Promise<void>;
    }): Promise<{ refund: RefundRow; repeated: boolean }> {
      const reason = input.reason.trim();
      const prepared = await db.transaction(async (tx) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
        if (!payment) throw new NotFoundError();
        const [earlier] = await tx.select().from(paymentRefunds)
          .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.idempotencyKey, input.idempotencyKey)));
        if (earlier) return { payment, refund: earlier, repeated: true };
        if (payment.status !== 'paid') throw new UnprocessableError(staffPaymentMessages.notPaid);
        const remaining = remainingCents(payment);
        const amount = input.amountCents ?? remaining;
        if (remaining < 1) throw new UnprocessableError(staffPaymentMessages.nothingLeft);
        if (amount > remaining) {
          const message = staffPaymentMessages.aboveRemaining(formatEuro(remaining));
          throw new UnprocessableError(message, [{ field: 'amount_cents', message }]);
        }
        if (amount < 1) throw new UnprocessableError(staffPaymentMessages.amountTooLow, [{ field: 'amount_cents', message: staffPaymentMessages.amountTooLow }]);
        const [refund] = await tx.insert(paymentRefunds).values({
          paymentId: payment.id, amountCents: amount, reason, status: 'queued', origin: 'console', idempotencyKey: input.idempotencyKey,
          requestedBy: input.actor.userId, requestedByName: input.actor.name,
        }).returning();
        await tx.insert(paymentEvents).values({
          paymentId: payment.id, source: 'console', status: 'queued', applied: true, refundId: refund!.id, amountCents: amount, actor: input.actor.name,
        });
        await recount(tx, payment.id);
        await input.audit(tx, refund!, payment);
        return { payment, refund: refund!, repeated: false };
      });
      const { payment, refund, repeated } = prepared;
      if (refund.providerRefundId || refund.status !== 'queued') return { refund, repeated };
      return { refund: await submitRefund(payment, refund), repeated };
    },

    /** A payment with its refunds, chargebacks and full history (status, refund and chargeback events), oldest first. */
    async ledger(paymentIds: number[]) {
      const empty = () => ({ refunds: [] as RefundRow[], chargebacks: [] as ChargebackRow[], events: [] as Array<typeof paymentEvents.$inferSelect> });
      const byPayment = new Map(paymentIds.map((id) => [id, empty()]));
      if (!paymentIds.length) return byPayment;
      const [refunds, chargebacks, events] = await Promise.all([
        db.select().from(paymentRefunds).where(inArray(paymentRefunds.paymentId, paymentIds)).orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
        db.select().from(paymentChargebacks).where(inArray(paymentChargebacks.paymentId, paymentIds)).orderBy(asc(paymentChargebacks.createdAt)),
        db.select().from(paymentEvents).where(inArray(paymentEvents.paymentId, paymentIds)).orderBy(asc(paymentEvents.at), asc(paymentEvents.id)),
      ]);
      for (const r of refunds) byPayment.get(r.paymentId)!.refunds.push(r);
      for (const c of chargebacks) byPayment.get(c.paymentId)!.chargebacks.push(c);
      for (const e of events) byPayment.get(e.paymentId)!.events.push(e);
      return byPayment;
    },

    /**
     * For the console's entry detail: the entry's payments (newest first) with paid, refunded, charged-back and
     * remaining amounts and their refunds. One query for the payments and one for their refunds.
     */
    async ofEntry(entryId: number): Promise<EntryPayment[]> {
      const rows = await db.select().from(payments)
        .where(and(eq(payments.subjectKind, 'choice-form'), eq(payments.entryId, entryId))).orderBy(desc(payments.id));
      const refunds = rows.length
        ? await db.select().from(paymentRefunds).where(inArray(paymentRefunds.paymentId, rows.map((r) => r.id))).orderBy(asc(paymentRefunds.id))
        : [];
      return rows.map((row) => ({
        id: row.id, status: row.status as PaymentStatus, amountCents: row.amountCents, refundedCents: row.refundedCents, chargedBackCents: row.chargedBackCents,
        remainingCents: row.status === 'paid' ? remainingCents(row) : 0, paidAt: row.paidAt, createdAt: row.createdAt,
        refunds: refunds.filter((r) => r.paymentId === row.id).map((r) => ({ id: r.id, amountCents: r.amountCents, status: r.status as RefundStatus, reason: r.reason, createdAt: r.createdAt })),
      }));
    },

    /** The job after a change: tells the subject's module, which must be idempotent (at least once). */
    async announceStatus(paymentId: number): Promise<void> {
      const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
      const payment = row ? toPayment(row) : null;
      const handler = payment && handlers.get(payment.subject.kind);
      if (payment && handler) await handler({ subject: payment.subject, payment });
    },

    /** Staff: the project's payments, newest first, each with its address, form and history; paged by payment id. */
    async partnerPayments(session: Session, projectId: number, page: TPageQuery): Promise<Page<StaffPayment>> {
      const { project } = await projects.staffProject(session, projectId);
      const size = pageSize(page);
      const rows = await db
        .select({ payment: payments, formId: forms.id, formName: forms.name, address: addresses, doublePaid: isDoublePaid })
        .from(payments)
        .innerJoin(formEntries, eq(formEntries.id, payments.entryId))
        .innerJoin(forms, eq(forms.id, formEntries.formId))
        .leftJoin(addresses, eq(addresses.id, formEntries.addressId))
        .where(and(
          eq(payments.subjectKind, 'choice-form'), eq(formEntries.projectId, project.id),
          page.before !== undefined ? lt(payments.id, page.before) : undefined,
        ))
        .orderBy(desc(payments.id))
        .limit(size + 1);
      const found = toPage(rows, size);
      const events = await eventsOf(found.items.map((r) => r.payment.id));
      return {
        hasMore: found.hasMore,
        items: found.items.map((r) => ({
          ...toPayment(r.payment), events: events.get(r.payment.id)!, address: r.address ? fullAddress(r.address) : null, formId: r.formId, formName: r.formName,
          doublePaid: r.doublePaid,
        })),
      };
    },
  };
}
export type PaymentModule = ReturnType<typeof createPaymentService>;
