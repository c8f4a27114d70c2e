import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { choiceMessages, isOpenPaymentStatus, OPEN_PAYMENT_STATUSES, PAYMENT_STATUSES, type TPageQuery } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Session } from '../auth/session.store.ts';
import { ServiceUnavailableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { addresses } from '../address/address.table.ts';
import { formEntries, forms, fullAddress } from '../form-engine/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { ProjectService } from '../project/project.service.ts';
import { createLocalPaymentProvider } from './payment.local-provider.ts';
import { createMollieProvider } from './payment.mollie-provider.ts';
import { paymentEvents, payments } from './payment.table.ts';
import type { Payment, PaymentEvent, PaymentProvider, PaymentService, PaymentStatus, PaymentSubject } from './payment.types.ts';

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
};

type StatusHandler = Parameters<PaymentService['onStatus']>[1];
type PaymentRow = typeof payments.$inferSelect;
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
export function createPaymentService({ db, jobs, projects, publicUrl, provider: config, fetch, log }: PaymentServiceDeps) {
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
    const rows = await db.select().from(paymentEvents).where(inArray(paymentEvents.paymentId, paymentIds)).orderBy(asc(paymentEvents.at), asc(paymentEvents.id));
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
        .where(eq(paymentEvents.paymentId, row.id)).orderBy(desc(paymentEvents.id)).limit(1);
      if (applied || status !== last?.status) await tx.insert(paymentEvents).values({ paymentId: row.id, source, status, applied });
      const now = new Date();
      const [updated] = await tx.update(payments)
        .set({ checkedAt: now, ...(applied ? { status, updatedAt: now, ...(status === 'paid' ? { paidAt: now } : {}) } : {}) })
        .where(eq(payments.id, row.id)).returning();
      if (applied) await jobs.add('payment-status', { paymentId: row.id }, { tx });
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
      // Stored before the payer is sent to the checkout, so that a webhook arriving at once finds it.
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(payments).values({
          provider: provider.name, providerPaymentId: created.id, subjectKind: subject.kind, entryId: subject.entryId, amountCents,
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
