import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { addressColumns, addressSearchColumns, matchesWords, pastItem } from '../../lib/staff-content-b.ts';
import { addresses } from '../address/address.table.ts';
import { files } from '../files/files.table.ts';
import { documents } from './documents.table.ts';

const columns = {
  document: documents,
  file: { id: files.id, filename: files.filename, mime: files.mime, size: files.size },
  address: { id: addresses.id, ...addressColumns },
};

/** The documents with their file and (for a per-address one) their address. */
const withFileAndAddress = (db: Queryable) => db
  .select(columns)
  .from(documents)
  .innerJoin(files, eq(files.id, documents.fileId))
  .leftJoin(addresses, eq(addresses.id, documents.addressId));

export type DocumentScope = { kind?: 'project' | 'address'; addressId?: number };

/**
 * A page of the project's documents (drafts too), newest first (created_at, then id), after document
 * `after` when given; `scope` picks project documents or per-address ones (of one address).
 */
export function selectStaffDocuments(db: Db, projectId: number, where: { q?: string; scope: DocumentScope; after?: number; limit: number }) {
  const { kind, addressId } = where.scope;
  return withFileAndAddress(db)
    .where(and(
      eq(documents.projectId, projectId),
      addressId !== undefined ? eq(documents.addressId, addressId) : kind === 'address' ? isNotNull(documents.addressId) : undefined,
      kind === 'project' ? isNull(documents.addressId) : undefined,
      matchesWords(where.q, [documents.name, documents.subject, documents.type, ...addressSearchColumns.map((c) => sql`coalesce(${c}, '')`)]),
      pastItem(documents, documents.createdAt, 'desc', { projectId, after: where.after }),
    ))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(where.limit);
}
export type StaffDocumentRow = Awaited<ReturnType<typeof selectStaffDocuments>>[number];

export async function findStaffDocument(db: Queryable, projectId: number, id: number): Promise<StaffDocumentRow | null> {
  const [row] = await withFileAndAddress(db).where(and(eq(documents.id, id), eq(documents.projectId, projectId))).limit(1);
  return row ?? null;
}

export type DocumentValues = Pick<typeof documents.$inferInsert, 'addressId' | 'type' | 'subject' | 'name' | 'methods' | 'isPublic' | 'publishAt' | 'createdAt'>;

export async function insertStaffDocument(tx: Queryable, values: DocumentValues & { projectId: number; fileId: number }): Promise<number> {
  const [row] = await tx.insert(documents).values(values).returning({ id: documents.id });
  return row!.id;
}

export function updateStaffDocument(tx: Queryable, id: number, values: Partial<DocumentValues>) {
  return tx.update(documents).set(values).where(eq(documents.id, id));
}

export function deleteStaffDocument(tx: Queryable, id: number) {
  return tx.delete(documents).where(eq(documents.id, id));
}

/** No document refers to the file any more. */
export const documentFileUnused = (fileId: number) => sql`not exists (select 1 from ${documents} where ${documents.fileId} = ${fileId})`;
