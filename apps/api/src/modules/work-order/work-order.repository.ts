import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publicOnly, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { addresses } from '../address/address.table.ts';
import { projects } from '../project/project.table.ts';
import { workOrderEntries } from './work-order.table.ts';

export async function findWorkOrderSettings(db: Queryable, projectId: number) {
  const [row] = await db
    .select({
      showImage: projects.workOrderShowImage, message: projects.workOrderMessage, imageUrl: projects.workOrderImageUrl,
      publicAddresses: projects.workOrderPublicAddresses,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ?? null;
}

const entryColumns = {
  number: workOrderEntries.number, status: workOrderEntries.status, addressId: workOrderEntries.addressId,
  street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
  lat: addresses.lat, lng: addresses.lng,
};

/**
 * The entries a reader can list in work-order sequence, after work-order number `after` when given:
 * one range scan of the (project, number) index, each row joined to its address by primary key.
 */
export function selectWorkOrder(db: Db, reader: Reader, where: { after?: number; limit: number }) {
  return db
    .select(entryColumns)
    .from(workOrderEntries)
    .innerJoin(addresses, eq(addresses.id, workOrderEntries.addressId))
    .where(and(
      eq(workOrderEntries.projectId, reader.projectId),
      publicOnly(reader, workOrderEntries.isPublic),
      where.after !== undefined ? gt(workOrderEntries.number, where.after) : undefined,
    ))
    .orderBy(asc(workOrderEntries.number))
    .limit(where.limit);
}
export type WorkOrderRow = Awaited<ReturnType<typeof selectWorkOrder>>[number];

/** The entry of one address in the project's work order (the resident's own), or null. */
export async function findWorkOrderEntryOf(db: Db, projectId: number, addressId: number): Promise<WorkOrderRow | null> {
  const [row] = await db
    .select(entryColumns)
    .from(workOrderEntries)
    .innerJoin(addresses, eq(addresses.id, workOrderEntries.addressId))
    .where(and(eq(workOrderEntries.projectId, projectId), eq(workOrderEntries.addressId, addressId)))
    .limit(1);
  return row ?? null;
}

export type NewWorkOrderEntry = typeof workOrderEntries.$inferInsert;
export function insertWorkOrder(db: Queryable, rows: NewWorkOrderEntry[]) {
  return rows.length ? db.insert(workOrderEntries).values(rows).returning({ id: workOrderEntries.id }) : Promise.resolve([]);
}
