import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { addressColumns, addressSearchColumns, matchesWords, pastItem } from '../../lib/staff-content-b.ts';
import { addresses } from '../address/address.table.ts';
import { files } from '../files/files.table.ts';
import { contentReads } from '../reads/index.ts';
import { dossierItems } from './dossier.table.ts';

const columns = {
  item: dossierItems,
  file: { id: files.id, filename: files.filename, mime: files.mime, size: files.size, owner: files.owner },
  address: { id: addresses.id, ...addressColumns },
  // A resident of the address has downloaded it (their read mark, one primary-key probe).
  fetched: sql<boolean>`exists (select 1 from ${contentReads} r where r.address_id = ${dossierItems.addressId} and r.module = 'dossier' and r.item_id = ${dossierItems.id})`,
};

/** The dossier items with their file and address. */
const withFileAndAddress = (db: Queryable) => db
  .select(columns)
  .from(dossierItems)
  .innerJoin(files, eq(files.id, dossierItems.fileId))
  .innerJoin(addresses, eq(addresses.id, dossierItems.addressId));

/** A page of the project's dossier items (of one address when given), newest first, after item `after` when given. */
export function selectStaffDossier(db: Db, projectId: number, where: { q?: string; addressId?: number; after?: number; limit: number }) {
  return withFileAndAddress(db)
    .where(and(
      eq(dossierItems.projectId, projectId),
      where.addressId !== undefined ? eq(dossierItems.addressId, where.addressId) : undefined,
      matchesWords(where.q, [dossierItems.name, dossierItems.subject, dossierItems.type, sql`coalesce(${dossierItems.subType}, '')`, ...addressSearchColumns]),
      pastItem(dossierItems, dossierItems.createdAt, 'desc', { projectId, after: where.after }),
    ))
    .orderBy(desc(dossierItems.createdAt), desc(dossierItems.id))
    .limit(where.limit);
}
export type StaffDossierRow = Awaited<ReturnType<typeof selectStaffDossier>>[number];

export async function findStaffDossierItem(db: Queryable, projectId: number, id: number): Promise<StaffDossierRow | null> {
  const [row] = await withFileAndAddress(db).where(and(eq(dossierItems.id, id), eq(dossierItems.projectId, projectId))).limit(1);
  return row ?? null;
}

export function deleteStaffDossierItem(tx: Queryable, id: number) {
  return tx.delete(dossierItems).where(eq(dossierItems.id, id));
}

/** No dossier item refers to the file any more. */
export const dossierFileUnused = (fileId: number) => sql`not exists (select 1 from ${dossierItems} where ${dossierItems.fileId} = ${fileId})`;
