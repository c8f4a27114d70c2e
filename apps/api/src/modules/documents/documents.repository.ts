import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { readableBy, type FileViewer, type Reader } from '../../lib/content.ts';
import { publishedNow } from '../../lib/staff-content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';
import { contentReads, readMarkJoin, readMarkJoinFor, unread } from '../reads/index.ts';
import { documents } from './documents.table.ts';

/** Residents, partners and visitors see a document once it is published: publish_at null is a draft, a later moment scheduled. */
const published = publishedNow(documents.publishAt);

/**
 * What a reader lists, each scope one index range in created_at order (documents.table.ts): the
 * project-wide documents for everyone (public visitors: the public ones), and for a resident also those
 * of their own address.
 */
function documentScopes(reader: Reader): SQL[] {
  const projectWide = and(eq(documents.projectId, reader.projectId), isNull(documents.addressId), published)!;
  switch (reader.kind) {
    case 'public':
      return [and(projectWide, eq(documents.isPublic, true))!];
    case 'partner':
      return [projectWide];
    case 'occupant':
      return [projectWide, and(eq(documents.projectId, reader.projectId), eq(documents.addressId, reader.addressId), published)!];
  }
}
const listedFor = (reader: Reader) => or(...documentScopes(reader))!;
const newestFirst = [desc(documents.createdAt), desc(documents.id)];

/** The documents that `where` picks, newest first (created_at, then id), with the file and the reader's read mark. */
function selectDocumentRows(db: Db, reader: Reader, where: SQL, limit: number) {
  return db
    .select({
      id: documents.id, type: documents.type, subject: documents.subject, name: documents.name, methods: documents.methods,
      createdAt: documents.createdAt, fileId: files.id, filename: files.filename, unread: unread(),
    })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .leftJoin(contentReads, readMarkJoinFor(reader, 'documents', documents.id))
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit);
}

/** One document the reader can list. */
export const selectDocument = (db: Db, reader: Reader, id: number) => selectDocumentRows(db, reader, and(eq(documents.id, id), listedFor(reader))!, 1);

/** A list position; created_at as PostgreSQL's text, which keeps the microseconds a JavaScript Date drops. */
export type DocumentCursor = { createdAt: string; id: number };

/**
 * A page of the reader's documents, newest first, after `after` when given. Each scope (project-wide, the
 * resident's address) is read as its own index range, newest first, `limit` at most, and the page is taken
 * from those: a page reads at most twice its size, however many documents the project has.
 */
export function selectDocumentPage(db: Db, reader: Reader, { after, limit }: { after?: DocumentCursor; limit: number }) {
  const following = after ? sql`(${documents.createdAt}, ${documents.id}) < (${after.createdAt}::timestamptz, ${after.id})` : undefined;
  const [projectWide, own] = documentScopes(reader).map((scope) =>
    db.select({ id: documents.id }).from(documents).where(and(scope, following)).orderBy(...newestFirst).limit(limit));
  return selectDocumentRows(db, reader, inArray(documents.id, own ? unionAll(projectWide!, own) : projectWide!), limit);
}

/** The list position of a document the reader can list (a page's `before`), or null. */
export async function findDocumentCursor(db: Db, reader: Reader, id: number): Promise<DocumentCursor | null> {
  const [row] = await db
    .select({ createdAt: sql<string>`${documents.createdAt}::text`, id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, id), listedFor(reader)))
    .limit(1);
  return row ?? null;
}

export async function countUnreadDocuments(db: Db, addressId: number, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .leftJoin(contentReads, readMarkJoin('documents', addressId, documents.id))
    .where(and(eq(documents.projectId, projectId), or(isNull(documents.addressId), eq(documents.addressId, addressId)), published, unread()));
  return row?.n ?? 0;
}

/**
 * The document a file belongs to, if the viewer may read it (address documents: only that address's residents;
 * drafts and scheduled documents: only staff, who check them in the console).
 */
export async function findDocumentWithFile(db: Db, fileId: number, viewer: FileViewer) {
  const scope = viewer.kind === 'occupant'
    ? and(or(isNull(documents.addressId), eq(documents.addressId, viewer.addressId)), published)
    : and(isNull(documents.addressId), viewer.kind === 'public' ? published : undefined);
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(and(eq(documents.fileId, fileId), scope, readableBy(viewer, { projectId: documents.projectId, isPublic: documents.isPublic, module: 'documents' })))
    .limit(1);
  return row ?? null;
}

export type NewDocument = typeof documents.$inferInsert;
export function insertDocuments(db: Queryable, rows: NewDocument[]) {
  return db.insert(documents).values(rows).returning({ id: documents.id, projectId: documents.projectId });
}
