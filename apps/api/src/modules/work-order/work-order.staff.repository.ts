import { and, asc, count, eq, inArray, like, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { addressColumns, houseNumberOrder, inProject, matchesAddress } from '../../lib/staff-content-b.ts';
import { addresses } from '../address/address.table.ts';
import { addressProjects, projects } from '../project/project.table.ts';
import type { WorkOrderStatus } from './work-order.table.ts';
import { workOrderEntries } from './work-order.table.ts';
import { findWorkOrderSettings } from './work-order.repository.ts';

export type WorkOrderSettingsRow = { showImage: boolean; message: string | null; imageUrl: string | null; publicAddresses: boolean };

/** The project's work-order settings (the project was checked: it exists). */
export async function findStaffSettings(db: Queryable, projectId: number): Promise<WorkOrderSettingsRow> {
  return (await findWorkOrderSettings(db, projectId))!;
}

export function updateSettings(db: Queryable, projectId: number, set: Partial<WorkOrderSettingsRow>) {
  return db
    .update(projects)
    .set({
      workOrderShowImage: set.showImage, workOrderMessage: set.message, workOrderImageUrl: set.imageUrl, workOrderPublicAddresses: set.publicAddresses,
    })
    .where(eq(projects.id, projectId));
}

/** How many addresses the project has and how many of them are in the work order. */
export async function countAddresses(db: Db, projectId: number) {
  const [[all], [ordered]] = await Promise.all([
    db.select({ n: count() }).from(addressProjects).where(eq(addressProjects.projectId, projectId)),
    db.select({ n: count() }).from(workOrderEntries).where(eq(workOrderEntries.projectId, projectId)),
  ]);
  return { addresses: all?.n ?? 0, inOrder: ordered?.n ?? 0 };
}

/** The project whose work-order image this file is (for the file's read rule). */
export const imageUrlOfFile = (fileId: number) => like(projects.workOrderImageUrl, `/api/files/${fileId}/%`);

/**
 * The list order: the addresses in the work order by number, then the others by street and house
 * number; the address id breaks ties. A row value, so that a page continues after one address.
 */
const orderKey = sql`(coalesce(${workOrderEntries.number}, 2147483647), ${addresses.street}, ${houseNumberOrder}, ${addresses.houseNumber}, ${addresses.id})`;

/** One page of the project's addresses with their entries, after the address `after` (in the list order) when given. */
export function selectStaffEntries(db: Db, projectId: number, where: { q?: string; after?: number; limit: number }) {
  const afterKey = where.after === undefined ? undefined : sql`${orderKey} > (
    select coalesce(w.number, 2147483647), a.street, coalesce(nullif(substring(a.house_number from '^[0-9]+'), '')::int, 0), a.house_number, a.id
    from ${addresses} a left join ${workOrderEntries} w on w.address_id = a.id and w.project_id = ${projectId}
    where a.id = ${where.after})`;
  return db
    .select({ id: addresses.id, ...addressColumns, number: workOrderEntries.number, status: workOrderEntries.status, isPublic: workOrderEntries.isPublic })
    .from(addresses)
    .innerJoin(addressProjects, and(eq(addressProjects.addressId, addresses.id), eq(addressProjects.projectId, projectId)))
    .leftJoin(workOrderEntries, and(eq(workOrderEntries.addressId, addresses.id), eq(workOrderEntries.projectId, projectId)))
    .where(and(matchesAddress(where.q), afterKey))
    .orderBy(sql`coalesce(${workOrderEntries.number}, 2147483647)`, asc(addresses.street), houseNumberOrder, asc(addresses.houseNumber), asc(addresses.id))
    .limit(where.limit);
}

/** The addresses among `addressIds` that belong to the project and the customer. */
export async function selectProjectAddressIds(db: Queryable, scope: { customerId: number; projectId: number }, addressIds: number[]) {
  const rows = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(inArray(addresses.id, addressIds), eq(addresses.customerId, scope.customerId), inProject(scope.projectId)));
  return rows.map((r) => r.id);
}

export type EntryRow = { addressId: number; number: number; status: WorkOrderStatus; isPublic: boolean };

/** The project's entries in order, the project row locked: order changes of one project happen one at a time. */
export async function lockEntries(tx: Queryable, projectId: number): Promise<EntryRow[]> {
  await tx.execute(sql`select id from ${projects} where id = ${projectId} for update`);
  return tx
    .select({ addressId: workOrderEntries.addressId, number: workOrderEntries.number, status: workOrderEntries.status, isPublic: workOrderEntries.isPublic })
    .from(workOrderEntries)
    .where(eq(workOrderEntries.projectId, projectId))
    .orderBy(asc(workOrderEntries.number));
}

export async function nextNumber(tx: Queryable, projectId: number): Promise<number> {
  const [row] = await tx.select({ n: max(workOrderEntries.number) }).from(workOrderEntries).where(eq(workOrderEntries.projectId, projectId));
  return (row?.n ?? 0) + 1;
}

export function insertEntries(tx: Queryable, rows: Array<typeof workOrderEntries.$inferInsert>) {
  return rows.length ? tx.insert(workOrderEntries).values(rows) : Promise.resolve();
}

export function updateEntries(tx: Queryable, projectId: number, addressIds: number[], set: { status?: WorkOrderStatus; isPublic?: boolean }) {
  return tx
    .update(workOrderEntries)
    .set(set)
    .where(and(eq(workOrderEntries.projectId, projectId), inArray(workOrderEntries.addressId, addressIds)));
}

export function deleteEntry(tx: Queryable, projectId: number, addressId: number) {
  return tx.delete(workOrderEntries).where(and(eq(workOrderEntries.projectId, projectId), eq(workOrderEntries.addressId, addressId)));
}

/**
 * Numbers the project's entries 1..n in the order of `addressIds` (every entry of the project). The
 * numbers are unique per project at every statement, so they first move out of the way (negative).
 */
export async function renumber(tx: Queryable, projectId: number, addressIds: number[]) {
  await tx.execute(sql`update ${workOrderEntries} set number = -number where project_id = ${projectId}`);
  await tx.execute(sql`
    update ${workOrderEntries} w set number = v.n
    from unnest(${sql.raw(`ARRAY[${addressIds.map(Number).join(',') || 'NULL'}]::int[]`)}) with ordinality as v(address_id, n)
    where w.project_id = ${projectId} and w.address_id = v.address_id`);
}
