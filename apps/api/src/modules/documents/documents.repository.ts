import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readableBy, type FileViewer, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';
import { contentReads, readMarkJoin, readMarkJoinFor, unread } from '../reads/index.ts';
import { documents } from './documents.table.ts';

/** Project-wide documents for everyone (public visitors: the public ones); a resident also those of their address. */
function documentScope(reader: Reader): SQL {
  switch (reader.kind) {
    case 'public':
      return and(isNull(documents.addressId), eq(documents.isPublic, true))!;
    case 'partner':
      return isNull(documents.addressId);
    case 'occupant':
      return or(isNull(documents.addressId), eq(documents.addressId, reader.addressId))!;
  }
}

export function selectDocuments(db: Db, reader: Reader, where: { id?: number; limit: number }) {
  return db
    .select({
      id: documents.id, type: documents.type, subject: documents.subject, name: documents.name, methods: documents.methods,
      createdAt: documents.createdAt, fileId: files.id, filename: files.filename, unread: unread(),
    })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .leftJoin(contentReads, readMarkJoinFor(reader, 'documents', documents.id))
    .where(and(eq(documents.projectId, reader.projectId), documentScope(reader), where.id !== undefined ? eq(documents.id, where.id) : undefined))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(where.limit);
}

export async function countUnreadDocuments(db: Db, addressId: number, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .leftJoin(contentReads, readMarkJoin('documents', addressId, documents.id))
    .where(and(eq(documents.projectId, projectId), or(isNull(documents.addressId), eq(documents.addressId, addressId)), unread()));
  return row?.n ?? 0;
}

/** The document a file belongs to, if the viewer may read it (address documents: only that address's residents). */
export async function findDocumentWithFile(db: Db, fileId: number, viewer: FileViewer) {
  const scope = viewer.kind === 'occupant' ? or(isNull(documents.addressId), eq(documents.addressId, viewer.addressId)) : isNull(documents.addressId);
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(and(eq(documents.fileId, fileId), scope, readableBy(viewer, { projectId: documents.projectId, isPublic: documents.isPublic })))
    .limit(1);
  return row ?? null;
}

export type NewDocument = typeof documents.$inferInsert;
export function insertDocuments(db: Queryable, rows: NewDocument[]) {
  return db.insert(documents).values(rows).returning({ id: documents.id, projectId: documents.projectId });
}
