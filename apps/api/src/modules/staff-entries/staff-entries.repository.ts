import { and, asc, desc, eq, gt, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TFormSectionDefinition, TStaffEntryFilter } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { users } from '../auth/auth.table.ts';
import { formEntries, formEntryEvents, forms, formVersions } from '../form-engine/form-engine.table.ts';
import { payments } from '../payment/payment.table.ts';
import { addressProjects, projects } from '../project/project.table.ts';
import { addressSearchConditions, numberPart } from '../staff-addresses/index.ts';
import { staffExports } from './staff-entries.table.ts';

/** Every query carries the owner scope: the staff member's customer, the project and the form. */
export type FormScope = {
  customerId: number; projectId: number; formId: number;
  /** The form allows several entries per address (a generic form with allow_multiple_entries): the list shows the latest. */
  several?: boolean;
};

/** The subject kind of a choice form's payments (modules/choice-form). */
const PAYMENT_SUBJECT = 'choice-form';

export async function findScopedForm(db: Db, scope: Omit<FormScope, 'formId'>, formId: number) {
  const [row] = await db.select({ form: forms }).from(forms).innerJoin(projects, eq(projects.id, forms.projectId))
    .where(and(eq(forms.id, formId), eq(forms.projectId, scope.projectId), eq(projects.customerId, scope.customerId))).limit(1);
  return row?.form ?? null;
}
export type ScopedForm = NonNullable<Awaited<ReturnType<typeof findScopedForm>>>;

/** The latest entry of the form per address (a form that allows several keeps older ones too). */
const latestOnly = (scope: FormScope) => (scope.several ? sql`NOT EXISTS (SELECT 1 FROM ${formEntries} newer WHERE newer.form_id = ${scope.formId}
  AND newer.address_id = ${formEntries.addressId} AND newer.id > ${formEntries.id})` : undefined);

/** The entries table by name: drizzle leaves a column of a one-table select unqualified, which a correlated subquery would misread. */
const FE = sql.raw('"form_entries"');

/** An entry's columns for the list (not its values or signature images). */
function entryColumns(sectionsFallback: number) {
  return {
    entryId: formEntries.id,
    status: formEntries.status,
    locked: formEntries.locked,
    sectionsDone: formEntries.sectionsDone,
    // The sections of the version the entry answered; an entry of no frozen version counts the form's own.
    sectionsTotal: sql<number>`coalesce((SELECT jsonb_array_length(v.definition) FROM ${formVersions} v
      WHERE v.form_id = ${FE}.form_id AND v.version = ${FE}.form_version), ${sectionsFallback})::int`,
    updatedAt: formEntries.updatedAt,
    nrOfSignatures: formEntries.nrOfSignatures,
    signed: sql<number>`(SELECT count(*)::int FROM jsonb_each(${FE}.signatures) s WHERE s.value->>'signed' = 'true')`,
    signRequested: formEntries.signRequested,
    agreement: formEntries.agreement,
    onPaper: formEntries.onPaper,
    amountCents: formEntries.amountCents,
    paidAt: formEntries.paidAt,
    formVersion: formEntries.formVersion,
    lastPayment: sql<string | null>`(SELECT p.status FROM ${payments} p WHERE p.subject_kind = ${PAYMENT_SUBJECT} AND p.entry_id = ${FE}.id
      ORDER BY p.id DESC LIMIT 1)`,
  };
}

/**
 * An entry holds an answer: it has values or moved past 'started'. An entry made only to hold history (a consent
 * reminder opens one for an address that never opened the form) counts as not answered, as in the consent tally.
 */
const hasAnswer = sql<boolean>`(${formEntries.id} IS NOT NULL AND (${formEntries.values} <> '{}'::jsonb OR ${formEntries.status} <> ''))`;

/**
 * No entry of the address holds an answer: for a form of one entry per address the same as `NOT hasAnswer` on the
 * joined entry, written as an anti-join on form_entries_answered_idx so that the list walks the addresses in order
 * (addresses_list_order_idx) and stops at the page's end instead of joining every entry of the form first.
 */
const noAnswer = (scope: FormScope) => sql`NOT EXISTS (SELECT 1 FROM ${formEntries} answered WHERE answered.form_id = ${scope.formId}
  AND answered.address_id = ${addresses.id} AND (answered.values <> '{}'::jsonb OR answered.status <> ''))`;

function entryConditions(filter: TStaffEntryFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(formEntries.status, filter.status === 'started' ? '' : filter.status), hasAnswer);
  if (filter.paid === 'yes') where.push(isNotNull(formEntries.paidAt));
  if (filter.paid === 'no') where.push(gt(formEntries.amountCents, 0), isNull(formEntries.paidAt));
  return where;
}

function addressConditions(scope: FormScope, filter: TStaffEntryFilter): SQL[] {
  const where: SQL[] = [eq(addressProjects.projectId, scope.projectId), eq(addresses.customerId, scope.customerId), ...entryConditions(filter)];
  if (filter.building_unit) where.push(eq(addressProjects.buildingUnit, filter.building_unit));
  if (filter.answered === 'yes' || filter.status || filter.paid) where.push(hasAnswer);
  if (filter.answered === 'no') where.push(scope.several ? sql`NOT ${hasAnswer}` : noAnswer(scope));
  if (filter.q) where.push(...addressSearchConditions(filter.q));
  return where;
}

const addressColumns = {
  id: addresses.id, zipcode: addresses.zipcode, houseNumber: addresses.houseNumber, street: addresses.street, city: addresses.city,
  buildingUnit: addressProjects.buildingUnit,
};
const addressOrder = [asc(addresses.zipcode), asc(numberPart()), asc(addresses.houseNumber), asc(addresses.id)];

/**
 * The project's addresses with their latest entry of the form (or none), in postcode and house-number order,
 * `limit` after the address `before`. One query: the latest entry by an anti-join, the address's entry count,
 * the version's number of sections and the last payment by correlated reads of the page's rows only.
 */
export async function listAddressRows(db: Db, scope: FormScope, filter: TStaffEntryFilter, page: { before?: number; limit: number }, sectionsFallback: number) {
  const where = addressConditions(scope, filter);
  if (page.before) {
    where.push(sql`(${addresses.zipcode}, ${numberPart()}, ${addresses.houseNumber}, ${addresses.id}) >
      (SELECT b.zipcode, ${numberPart(sql`b`)}, b.house_number, b.id FROM ${addresses} b WHERE b.id = ${page.before} AND b.customer_id = ${scope.customerId})`);
  }
  return db
    .select({
      address: addressColumns,
      entry: entryColumns(sectionsFallback),
      entryCount: sql<number>`(SELECT count(*)::int FROM ${formEntries} c WHERE c.form_id = ${scope.formId} AND c.address_id = ${addresses.id})`,
    })
    .from(addressProjects)
    .innerJoin(addresses, eq(addresses.id, addressProjects.addressId))
    .leftJoin(formEntries, and(eq(formEntries.formId, scope.formId), eq(formEntries.addressId, addresses.id), latestOnly(scope)))
    .where(and(...where))
    .orderBy(...addressOrder)
    .limit(page.limit);
}
export type AddressRow = Awaited<ReturnType<typeof listAddressRows>>[number];

/** Entries without an address (public visitors, simple public submits), newest first, `limit` after the entry `before`. */
export async function listVisitorRows(db: Db, scope: FormScope, filter: TStaffEntryFilter, page: { before?: number; limit: number }, sectionsFallback: number) {
  const where = [eq(formEntries.formId, scope.formId), eq(formEntries.projectId, scope.projectId), isNull(formEntries.addressId), ...entryConditions(filter)];
  if (page.before) where.push(lt(formEntries.id, page.before));
  return db.select({ entry: entryColumns(sectionsFallback) }).from(formEntries).where(and(...where)).orderBy(desc(formEntries.id)).limit(page.limit);
}

/** Counts for the filter chips: address entries per status (latest per address; null = not answered), paid and unpaid. */
export async function countEntries(db: Db, scope: FormScope) {
  const [statuses, [visitors], units] = await Promise.all([
    db.select({
      status: sql<string | null>`CASE WHEN ${hasAnswer} THEN ${formEntries.status} END`,
      n: sql<number>`count(*)::int`,
      paid: sql<number>`(count(*) FILTER (WHERE ${formEntries.paidAt} IS NOT NULL))::int`,
      unpaid: sql<number>`(count(*) FILTER (WHERE ${formEntries.amountCents} > 0 AND ${formEntries.paidAt} IS NULL))::int`,
    })
      .from(addressProjects)
      .innerJoin(addresses, eq(addresses.id, addressProjects.addressId))
      .leftJoin(formEntries, and(eq(formEntries.formId, scope.formId), eq(formEntries.addressId, addresses.id), latestOnly(scope)))
      .where(and(eq(addressProjects.projectId, scope.projectId), eq(addresses.customerId, scope.customerId)))
      .groupBy(sql`1`),
    db.select({ n: sql<number>`count(*)::int` }).from(formEntries)
      .where(and(eq(formEntries.formId, scope.formId), eq(formEntries.projectId, scope.projectId), isNull(formEntries.addressId))),
    db.selectDistinct({ unit: addressProjects.buildingUnit }).from(addressProjects)
      .where(and(eq(addressProjects.projectId, scope.projectId), isNotNull(addressProjects.buildingUnit)))
      .orderBy(asc(addressProjects.buildingUnit)).limit(500),
  ]);
  return { statuses, visitors: visitors?.n ?? 0, units: units.map((u) => u.unit!).filter(Boolean) };
}

/**
 * How many of the project's addresses there are and how many have not answered the form (their latest entry holds no
 * answer), in one aggregate. For a form of one entry per address the answered addresses come from
 * form_entries_answered_idx alone (an index-only scan), so that no entry's values are read to count them.
 */
export async function countUnanswered(db: Db, scope: FormScope): Promise<{ addresses: number; notAnswered: number }> {
  // The project is the caller's customer's (the guard checked it), and so are its addresses (imports link only those):
  // the counts need address_projects alone, not the addresses themselves.
  if (!scope.several) {
    const answered = db.selectDistinct({ addressId: formEntries.addressId }).from(formEntries)
      .where(and(eq(formEntries.formId, scope.formId), sql`(${formEntries.values} <> '{}'::jsonb OR ${formEntries.status} <> '')`)).as('answered');
    const [row] = await db.select({ addresses: sql<number>`count(*)::int`, notAnswered: sql<number>`(count(*) - count(${answered.addressId}))::int` })
      .from(addressProjects)
      .leftJoin(answered, eq(answered.addressId, addressProjects.addressId))
      .where(eq(addressProjects.projectId, scope.projectId));
    return { addresses: row?.addresses ?? 0, notAnswered: row?.notAnswered ?? 0 };
  }
  const [row] = await db.select({ addresses: sql<number>`count(*)::int`, notAnswered: sql<number>`(count(*) FILTER (WHERE NOT ${hasAnswer}))::int` })
    .from(addressProjects)
    .leftJoin(formEntries, and(eq(formEntries.formId, scope.formId), eq(formEntries.addressId, addressProjects.addressId), latestOnly(scope)))
    .where(eq(addressProjects.projectId, scope.projectId));
  return { addresses: row?.addresses ?? 0, notAnswered: row?.notAnswered ?? 0 };
}

/**
 * Every entry the export includes, with its values and its address (null for a visitor), in the list's
 * order; addresses without an entry too when the filter asks for them (answered=no) or does not exclude them.
 */
export async function exportRows(db: Db, scope: FormScope, filter: TStaffEntryFilter, sectionsFallback: number) {
  const columns = { address: addressColumns, entry: entryColumns(sectionsFallback), values: formEntries.values };
  if (filter.owner === 'visitors') {
    const where = [eq(formEntries.formId, scope.formId), eq(formEntries.projectId, scope.projectId), isNull(formEntries.addressId), ...entryConditions(filter)];
    const rows = await db.select({ entry: columns.entry, values: columns.values }).from(formEntries).where(and(...where)).orderBy(desc(formEntries.id));
    return rows.map((r) => ({ ...r, address: null }));
  }
  return db.select(columns)
    .from(addressProjects)
    .innerJoin(addresses, eq(addresses.id, addressProjects.addressId))
    .leftJoin(formEntries, and(eq(formEntries.formId, scope.formId), eq(formEntries.addressId, addresses.id)))
    .where(and(...addressConditions(scope, filter)))
    .orderBy(...addressOrder, asc(formEntries.id));
}
export type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

export async function findScopedEntry(db: Queryable, scope: FormScope, entryId: number) {
  const [row] = await db.select().from(formEntries)
    .where(and(eq(formEntries.id, entryId), eq(formEntries.formId, scope.formId), eq(formEntries.projectId, scope.projectId))).limit(1);
  return row ?? null;
}

/** The entry's list columns (status, signers, payment) by id. */
export async function entryState(db: Db, entryId: number, sectionsFallback: number) {
  const [row] = await db.select(entryColumns(sectionsFallback)).from(formEntries).where(eq(formEntries.id, entryId)).limit(1);
  return row ?? null;
}

export async function findEntryAddress(db: Db, scope: FormScope, addressId: number) {
  const [row] = await db.select(addressColumns).from(addresses)
    .innerJoin(addressProjects, and(eq(addressProjects.addressId, addresses.id), eq(addressProjects.projectId, scope.projectId)))
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, scope.customerId))).limit(1);
  return row ?? null;
}

/** The definition of a published version of the form (null: not frozen, read the form's own). */
/** Every published definition of the form, newest first (export columns cover elements that later versions removed). */
export async function allDefinitions(db: Db, formId: number): Promise<TFormSectionDefinition[][]> {
  const rows = await db.select({ definition: formVersions.definition }).from(formVersions)
    .where(eq(formVersions.formId, formId)).orderBy(desc(formVersions.version)).limit(100);
  return rows.map((r) => r.definition);
}

const EVENTS_LIMIT = 500;

/** The entry's history, oldest first, with the names of who acted. */
export function listEvents(db: Db, entryId: number) {
  return db.select({
    id: formEntryEvents.id, action: formEntryEvents.action, actorKind: formEntryEvents.actorKind, detail: formEntryEvents.detail, at: formEntryEvents.at,
    occupant: sql<string | null>`nullif(concat_ws(' ', ${occupants.firstName}, ${occupants.affix}, ${occupants.lastName}), '')`,
    user: users.name,
  })
    .from(formEntryEvents)
    .leftJoin(occupants, eq(occupants.id, formEntryEvents.occupantId))
    .leftJoin(users, eq(users.id, formEntryEvents.userId))
    .where(eq(formEntryEvents.entryId, entryId))
    .orderBy(asc(formEntryEvents.at), asc(formEntryEvents.id))
    .limit(EVENTS_LIMIT);
}

export function listSiblings(db: Db, scope: FormScope, addressId: number, entryId: number) {
  return db.select({ id: formEntries.id, status: formEntries.status, updatedAt: formEntries.updatedAt }).from(formEntries)
    .where(and(eq(formEntries.formId, scope.formId), eq(formEntries.addressId, addressId), sql`${formEntries.id} <> ${entryId}`))
    .orderBy(desc(formEntries.id)).limit(50);
}

// ---- exports -----------------------------------------------------------------------------------

export type StaffExportRow = typeof staffExports.$inferSelect;
export type StaffExportListRow = StaffExportRow & { filename: string | null };

const exportColumns = { row: staffExports, filename: sql<string | null>`(SELECT f.filename FROM files f WHERE f.id = ${staffExports.fileId})` };
const toListRow = (r: { row: StaffExportRow; filename: string | null }): StaffExportListRow => ({ ...r.row, filename: r.filename });

export async function listExports(db: Db, scope: FormScope): Promise<StaffExportListRow[]> {
  const rows = await db.select(exportColumns).from(staffExports)
    .where(and(eq(staffExports.formId, scope.formId), eq(staffExports.projectId, scope.projectId))).orderBy(desc(staffExports.id)).limit(20);
  return rows.map(toListRow);
}

/** An export of the project, scoped by the customer through the project. */
export async function findExport(db: Db, scope: Omit<FormScope, 'formId'>, exportId: number): Promise<StaffExportListRow | null> {
  const [row] = await db.select(exportColumns).from(staffExports).innerJoin(projects, eq(projects.id, staffExports.projectId))
    .where(and(eq(staffExports.id, exportId), eq(staffExports.projectId, scope.projectId), eq(projects.customerId, scope.customerId))).limit(1);
  return row ? toListRow(row) : null;
}
