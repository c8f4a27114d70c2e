import { and, desc, eq, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  staffPaymentMessages, type TConsolePayment, type TConsolePaymentDetail, type TPaymentHistoryItem, type TPaymentStatus, type TRefundBody,
  type TRefundResult, type TStaffPaymentFilter, type TStaffPaymentListQuery, type TStaffPaymentTotals,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { compareDutch } from '../../lib/collate.ts';
import { NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { exportTable, type ExportColumn, type ExportFile, type ExportFormat } from '../../lib/table-export.ts';
import { addresses } from '../address/address.table.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { formEntries, forms, fullAddress } from '../form-engine/index.ts';
import { addressSearchConditions } from '../staff-addresses/index.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import type { PaymentModule, RefundRow } from './payment.service.ts';
import { remainingCents } from './payment.service.ts';
import { payments } from './payment.table.ts';

export type StaffPaymentsDeps = { db: Db; staffAccess: StaffAccess; audit: AuditService; payments: PaymentModule };

/** Another paid payment of the same entry (payments_subject_idx): the entry was paid more than once. */
const otherPaid = (relation: '<>' | '<') => sql`EXISTS (SELECT 1 FROM ${payments} other WHERE other.subject_kind = ${payments.subjectKind}
  AND other.entry_id = ${payments.entryId} AND other.status = 'paid' AND other.id ${sql.raw(relation)} ${payments.id})`;
const doublePaid = sql<boolean>`(${payments.status} = 'paid' AND ${otherPaid('<>')})`;
/** Paid after an earlier paid payment of the same entry: the extra one. */
const extraPayment = sql<boolean>`(${payments.status} = 'paid' AND ${otherPaid('<')})`;

/**
 * What the project's overview (staff-projects) shows of its payments: the open ones, and the extra payments of entries
 * paid more than once (`extraPayment`: paid after an earlier paid payment of the same entry; the list's `double`
 * filter shows both of such a pair), counts and amounts. Both are ranges of payments_project_status_idx (migration
 * 0033): the paid ones come in entry order, so the earlier paid payment of an entry is the row before, with no lookup
 * per payment.
 */
export async function paymentAttention(db: Db, projectId: number) {
  const [[open], [double]] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int`, cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
      .from(payments).where(and(eq(payments.projectId, projectId), eq(payments.status, 'open'))),
    db.execute<{ count: number; cents: number }>(sql`SELECT (count(*) FILTER (WHERE nth > 1))::int AS count,
        coalesce(sum(amount_cents) FILTER (WHERE nth > 1), 0)::int AS cents
      FROM (SELECT amount_cents, row_number() OVER (PARTITION BY subject_kind, entry_id ORDER BY id) AS nth
              FROM ${payments} WHERE project_id = ${projectId} AND status = 'paid') paid`).then((r) => r.rows),
  ]);
  return {
    open: { count: open?.count ?? 0, amount_cents: open?.cents ?? 0 },
    double: { count: double?.count ?? 0, amount_cents: double?.cents ?? 0 },
  };
}

/** A day in Europe/Amsterdam as the moment it starts. */
const dayStart = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE 'Europe/Amsterdam')`;

function filterConditions(projectId: number, filter: TStaffPaymentFilter): SQL[] {
  if (filter.from && filter.to && filter.to < filter.from) {
    throw new UnprocessableError(staffPaymentMessages.badDateRange, [{ field: 'to', message: staffPaymentMessages.badDateRange }]);
  }
  const where: SQL[] = [eq(payments.projectId, projectId)];
  if (filter.form_id) where.push(eq(payments.formId, filter.form_id));
  if (filter.status) where.push(eq(payments.status, filter.status));
  if (filter.refunded === 'yes') where.push(gt(payments.refundedCents, 0));
  if (filter.refunded === 'no') where.push(eq(payments.refundedCents, 0));
  if (filter.double === 'true') where.push(doublePaid);
  if (filter.from) where.push(gte(payments.createdAt, dayStart(filter.from)));
  if (filter.to) where.push(lt(payments.createdAt, dayStart(filter.to, 1)));
  // The matching addresses first (trigram indexes), then their entries' payments: not every payment's address matched.
  if (filter.q?.trim()) where.push(sql`${formEntries.addressId} IN (SELECT ${addresses.id} FROM ${addresses} WHERE ${and(...addressSearchConditions(filter.q))})`);
  return where;
}

const selection = {
  payment: payments, formName: forms.name, addressId: addresses.id, street: addresses.street, houseNumber: addresses.houseNumber,
  zipcode: addresses.zipcode, city: addresses.city, doublePaid, extraPayment,
};

type ListRow = {
  payment: typeof payments.$inferSelect; formName: string; addressId: number | null; street: string | null; houseNumber: string | null;
  zipcode: string | null; city: string | null; doublePaid: boolean; extraPayment: boolean;
};

function toConsolePayment(r: ListRow): TConsolePayment {
  const p = r.payment;
  return {
    id: p.id, provider: p.provider, provider_payment_id: p.providerPaymentId, description: p.description, status: p.status as TPaymentStatus,
    amount_cents: p.amountCents, refunded_cents: p.refundedCents, charged_back_cents: p.chargedBackCents,
    remaining_cents: p.status === 'paid' ? remainingCents(p) : 0,
    address_id: r.addressId,
    full_address: r.street !== null ? fullAddress({ street: r.street, houseNumber: r.houseNumber!, zipcode: r.zipcode!, city: r.city! }) : null,
    form: { id: p.formId!, name: r.formName }, entry_id: p.entryId, created_at: p.createdAt.toISOString(), paid_at: p.paidAt?.toISOString() ?? null,
    double_paid: r.doublePaid, extra_payment: r.extraPayment,
  };
}

const toRefund = (r: RefundRow) => ({
  id: r.id, amount_cents: r.amountCents, status: r.status as TRefundResult['refund']['status'], reason: r.reason, origin: r.origin as 'console' | 'provider',
  requested_by: r.requestedByName, provider_refund_id: r.providerRefundId, created_at: r.createdAt.toISOString(),
});

const statusLabel: Record<string, string> = {
  open: 'Open', pending: 'In behandeling', authorized: 'Geautoriseerd', paid: 'Betaald', canceled: 'Geannuleerd', expired: 'Verlopen', failed: 'Mislukt',
};

/** Up to this many payments in one export (a project of 5,000 addresses with a few attempts each). */
export const PAYMENT_EXPORT_MAX = 50_000;

/**
 * The staff console's side of payments: a project's payments (list, totals, export), one payment with its history,
 * and refunds. The project is checked for the account (another customer's ids answer 404); every read is bounded and
 * index-backed (payments_project_idx, payments_project_form_idx), with no query per payment.
 */
export function createStaffPaymentsService({ db, staffAccess, audit, payments: paymentModule }: StaffPaymentsDeps) {
  const base = () => db.select(selection).from(payments)
    .innerJoin(formEntries, eq(formEntries.id, payments.entryId))
    .innerJoin(forms, eq(forms.id, payments.formId))
    .leftJoin(addresses, eq(addresses.id, formEntries.addressId));

  async function findRow(ctx: StaffContext, projectId: number, paymentId: number): Promise<ListRow> {
    await staffAccess.project(ctx, projectId);
    const [row] = await base().where(and(eq(payments.projectId, projectId), eq(payments.id, paymentId)));
    if (!row) throw new NotFoundError();
    return row;
  }

  async function detail(row: ListRow): Promise<TConsolePaymentDetail> {
    const p = row.payment;
    const [ledger, siblings] = await Promise.all([
      paymentModule.ledger([p.id]),
      db.select({ id: payments.id, status: payments.status, amountCents: payments.amountCents, createdAt: payments.createdAt }).from(payments)
        .where(and(eq(payments.subjectKind, p.subjectKind), eq(payments.entryId, p.entryId), ne(payments.id, p.id))).orderBy(desc(payments.id)).limit(50),
    ]);
    const { refunds, chargebacks, events } = ledger.get(p.id)!;
    const history: TPaymentHistoryItem[] = events.map((e) => ({
      kind: e.refundId !== null ? 'refund' : e.chargebackId !== null ? 'chargeback' : 'status',
      source: e.source, status: e.status, amount_cents: e.amountCents, applied: e.applied, actor: e.actor, at: e.at.toISOString(),
    }));
    return {
      ...toConsolePayment(row),
      refunds: refunds.map(toRefund),
      chargebacks: chargebacks.map((c) => ({
        id: c.id, amount_cents: c.amountCents, provider_chargeback_id: c.providerChargebackId, reversed_at: c.reversedAt?.toISOString() ?? null,
        created_at: c.createdAt.toISOString(),
      })),
      history,
      siblings: siblings.map((s) => ({ id: s.id, status: s.status as TPaymentStatus, amount_cents: s.amountCents, created_at: s.createdAt.toISOString() })),
    };
  }

  return {
    /** The project's payments matching the filters, newest first, keyset-paged by id. */
    async list(ctx: StaffContext, projectId: number, query: TStaffPaymentListQuery): Promise<Page<TConsolePayment>> {
      await staffAccess.project(ctx, projectId);
      const size = pageSize(query);
      const where = filterConditions(projectId, query);
      if (query.before !== undefined) where.push(lt(payments.id, query.before));
      const rows = await base().where(and(...where)).orderBy(desc(payments.id)).limit(size + 1);
      const page = toPage(rows, size);
      return { hasMore: page.hasMore, items: page.items.map(toConsolePayment) };
    },

    /** Counts and sums of the payments matching the filters: per status, per form, and of the paid ones. */
    async totals(ctx: StaffContext, projectId: number, filter: TStaffPaymentFilter): Promise<TStaffPaymentTotals> {
      await staffAccess.project(ctx, projectId);
      const where = and(...filterConditions(projectId, filter));
      const sums = {
        count: sql<number>`count(*)::int`,
        amount: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`,
        refunded: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::int`,
        chargedBack: sql<number>`coalesce(sum(${payments.chargedBackCents}), 0)::int`,
        paidCount: sql<number>`(count(*) FILTER (WHERE ${payments.status} = 'paid'))::int`,
        paidAmount: sql<number>`coalesce(sum(${payments.amountCents}) FILTER (WHERE ${payments.status} = 'paid'), 0)::int`,
        doublePaid: sql<number>`(count(*) FILTER (WHERE ${extraPayment}))::int`,
      };
      // Grouped on the payments alone (payments_project_idx); the entries only for an address search.
      const grouping = db.select({ ...sums, status: payments.status, formId: payments.formId }).from(payments);
      const grouped = await (filter.q?.trim()
        ? grouping.innerJoin(formEntries, eq(formEntries.id, payments.entryId))
        : grouping).where(where).groupBy(payments.status, payments.formId);
      const formIds = [...new Set(grouped.map((g) => g.formId!))];
      const names = new Map(formIds.length
        ? (await db.select({ id: forms.id, name: forms.name }).from(forms).where(inArray(forms.id, formIds))).map((f) => [f.id, f.name])
        : []);
      const line = () => ({ count: 0, amount_cents: 0, refunded_cents: 0, charged_back_cents: 0 });
      const byStatus = new Map<string, ReturnType<typeof line> & { status: TPaymentStatus }>();
      const byForm = new Map<number, ReturnType<typeof line> & { form: { id: number; name: string }; paid_count: number; paid_cents: number }>();
      const paid = { ...line(), net_cents: 0 };
      let count = 0;
      let double = 0;
      for (const g of grouped) {
        const s = byStatus.get(g.status) ?? { ...line(), status: g.status as TPaymentStatus };
        const f = byForm.get(g.formId!) ?? { ...line(), form: { id: g.formId!, name: names.get(g.formId!) ?? '' }, paid_count: 0, paid_cents: 0 };
        for (const target of [s, f]) {
          target.count += g.count; target.amount_cents += g.amount; target.refunded_cents += g.refunded; target.charged_back_cents += g.chargedBack;
        }
        f.paid_count += g.paidCount;
        f.paid_cents += g.paidAmount;
        byStatus.set(g.status, s);
        byForm.set(g.formId!, f);
        count += g.count;
        double += g.doublePaid;
        if (g.status === 'paid') {
          paid.count += g.count; paid.amount_cents += g.amount; paid.refunded_cents += g.refunded; paid.charged_back_cents += g.chargedBack;
        }
      }
      paid.net_cents = paid.amount_cents - paid.refunded_cents - paid.charged_back_cents;
      const statusOrder = ['paid', 'open', 'pending', 'authorized', 'failed', 'canceled', 'expired'];
      return {
        count, paid, double_paid: double,
        by_status: [...byStatus.values()].sort((a, b) => statusOrder.indexOf(a.status) - statusOrder.indexOf(b.status)),
        by_form: [...byForm.values()].sort((a, b) => compareDutch(a.form.name, b.form.name)),
      };
    },

    /** The payments matching the filters as CSV or XLSX (through lib/table-export.ts: formula-like text stays text). */
    async export(ctx: StaffContext, projectId: number, filter: TStaffPaymentFilter, format: ExportFormat): Promise<ExportFile> {
      const project = await staffAccess.project(ctx, projectId);
      const rows = (await base().where(and(...filterConditions(projectId, filter))).orderBy(desc(payments.id)).limit(PAYMENT_EXPORT_MAX)).map(toConsolePayment);
      const when = (iso: string | null) => (iso ? new Date(iso) : null);
      const columns: ExportColumn<TConsolePayment>[] = [
        { header: 'Betaling', value: (r) => r.id, kind: 'number' },
        { header: 'Adres', value: (r) => r.full_address, width: 36 },
        { header: 'Formulier', value: (r) => r.form.name, width: 28 },
        { header: 'Omschrijving', value: (r) => r.description, width: 36 },
        { header: 'Status', value: (r) => statusLabel[r.status] ?? r.status },
        { header: 'Bedrag', value: (r) => r.amount_cents, kind: 'euro' },
        { header: 'Terugbetaald', value: (r) => r.refunded_cents, kind: 'euro', width: 14 },
        { header: 'Teruggeboekt', value: (r) => r.charged_back_cents, kind: 'euro', width: 14 },
        { header: 'Resterend', value: (r) => r.remaining_cents, kind: 'euro', width: 12 },
        { header: 'Dubbel betaald', value: (r) => r.double_paid, width: 15 },
        { header: 'Aangemaakt', value: (r) => when(r.created_at), kind: 'date', width: 18 },
        { header: 'Betaald op', value: (r) => when(r.paid_at), kind: 'date', width: 18 },
        { header: 'Provider', value: (r) => r.provider },
        { header: 'Kenmerk provider', value: (r) => r.provider_payment_id, width: 26 },
      ];
      return exportTable(format, `Betalingen ${project.name}`, columns, rows);
    },

    /** One payment of the project with its refunds, chargebacks and history. */
    async one(ctx: StaffContext, projectId: number, paymentId: number): Promise<TConsolePaymentDetail> {
      return detail(await findRow(ctx, projectId, paymentId));
    },

    /** A refund (full without `amount_cents`) through the payment's provider, audited with the refund's row. */
    async refund(ctx: StaffContext, projectId: number, paymentId: number, body: TRefundBody): Promise<TRefundResult> {
      await findRow(ctx, projectId, paymentId);
      const { refund, repeated } = await paymentModule.refund({
        paymentId, amountCents: body.amount_cents ?? null, reason: body.reason, idempotencyKey: body.idempotency_key,
        actor: { userId: ctx.userId, name: ctx.name },
        audit: (tx, row, payment) => audit.record(ctx, {
          action: 'refund', entity: 'payment', entityId: payment.id, projectId,
          before: { status: payment.status, amount_cents: payment.amountCents, refunded_cents: payment.refundedCents, charged_back_cents: payment.chargedBackCents },
          after: { refund_id: row.id, amount_cents: row.amountCents, reason: row.reason },
        }, tx),
      });
      return { refund: toRefund(refund), payment: await detail(await findRow(ctx, projectId, paymentId)), repeated };
    },
  };
}
export type StaffPaymentsService = ReturnType<typeof createStaffPaymentsService>;
