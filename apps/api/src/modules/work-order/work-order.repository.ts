import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publicOnly, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { addresses } from '../address/address.table.ts';
import { projects } from '../project/project.table.ts';
import { workOrderEntries } from './work-order.table.ts';

export async function findWorkOrderSettings(db: Db, projectId: number) {
  const [row] = await db
    .select({ showImage: projects.workOrderShowImage, message: projects.workOrderMessage, imageUrl: projects.workOrderImageUrl })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ?? null;
}

export function selectWorkOrder(db: Db, reader: Reader, limit: number) {
  return db
    .select({
      number: workOrderEntries.number, status: workOrderEntries.status, addressId: workOrderEntries.addressId,
      street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
      lat: addresses.lat, lng: addresses.lng,
    })
    .from(workOrderEntries)
    .innerJoin(addresses, eq(addresses.id, workOrderEntries.addressId))
    .where(and(eq(workOrderEntries.projectId, reader.projectId), publicOnly(reader, workOrderEntries.isPublic)))
    .orderBy(asc(workOrderEntries.number), asc(workOrderEntries.id))
    .limit(limit);
}

export type NewWorkOrderEntry = typeof workOrderEntries.$inferInsert;
export function insertWorkOrder(db: Queryable, rows: NewWorkOrderEntry[]) {
  return rows.length ? db.insert(workOrderEntries).values(rows).returning({ id: workOrderEntries.id }) : Promise.resolve([]);
}
