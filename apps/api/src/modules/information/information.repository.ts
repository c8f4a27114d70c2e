import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publicOnly, readableBy, type FileViewer, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { publishedNow } from '../../lib/staff-content.ts';
import { files } from '../files/files.table.ts';
import { partners } from '../partners/partners.table.ts';
import { projects } from '../project/project.table.ts';
import { contentReads, readMarkJoin, readMarkJoinFor, unread } from '../reads/index.ts';
import { informationItemPartners, informationItems, type InformationKind } from './information.table.ts';

export function selectInformation(db: Db, reader: Reader, where: { kind?: InformationKind; id?: number; limit: number }) {
  return db
    .select({
      id: informationItems.id, kind: informationItems.kind, title: informationItems.title, menuitemId: informationItems.menuitemId,
      content: informationItems.content, icons: informationItems.icons, accessToHomeRequired: informationItems.accessToHomeRequired,
      indicators: informationItems.indicators, imageId: files.id, imageName: files.filename, unread: unread(),
    })
    .from(informationItems)
    .leftJoin(files, eq(files.id, informationItems.imageFileId))
    .leftJoin(contentReads, readMarkJoinFor(reader, 'information', informationItems.id))
    .where(and(
      eq(informationItems.projectId, reader.projectId),
      where.kind ? eq(informationItems.kind, where.kind) : undefined,
      publishedNow(informationItems.publishAt),
      publicOnly(reader, informationItems.isPublic),
      where.id !== undefined ? eq(informationItems.id, where.id) : undefined,
    ))
    .orderBy(asc(informationItems.menuitemId), asc(informationItems.position), asc(informationItems.id))
    .limit(where.limit);
}

/** The partners of these items, as the reader may see them: one query for all items. */
export function selectItemPartners(db: Db, reader: Reader, itemIds: number[]) {
  if (!itemIds.length) return Promise.resolve([]);
  return db
    .select({ itemId: informationItemPartners.itemId, id: partners.id, name: partners.name, logoId: files.id, logoName: files.filename })
    .from(informationItemPartners)
    .innerJoin(partners, eq(partners.id, informationItemPartners.partnerId))
    .leftJoin(files, eq(files.id, partners.logoFileId))
    .where(and(inArray(informationItemPartners.itemId, itemIds), eq(partners.projectId, reader.projectId), publicOnly(reader, partners.isPublic)))
    .orderBy(asc(informationItemPartners.position), asc(partners.id));
}

/** The menu groups that hold information items the reader may see. */
export async function selectMenuIds(db: Db, reader: Reader): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: informationItems.menuitemId })
    .from(informationItems)
    .where(and(eq(informationItems.projectId, reader.projectId), eq(informationItems.kind, 'information'), publishedNow(informationItems.publishAt), publicOnly(reader, informationItems.isPublic)));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id])).sort((a, b) => a - b);
}

export async function countUnreadInformation(db: Db, addressId: number, projectId: number) {
  const rows = await db
    .select({ kind: informationItems.kind, n: count() })
    .from(informationItems)
    .leftJoin(contentReads, readMarkJoin('information', addressId, informationItems.id))
    .where(and(eq(informationItems.projectId, projectId), publishedNow(informationItems.publishAt), unread()))
    .groupBy(informationItems.kind);
  return { information: rows.find((r) => r.kind === 'information')?.n ?? 0, faq: rows.find((r) => r.kind === 'faq')?.n ?? 0 };
}

export async function findInformationWithImage(db: Db, fileId: number, viewer: FileViewer) {
  const [row] = await db
    .select({ id: informationItems.id })
    .from(informationItems)
    .innerJoin(projects, eq(projects.id, informationItems.projectId))
    .where(and(
      eq(informationItems.imageFileId, fileId),
      readableBy(viewer, { projectId: informationItems.projectId, isPublic: informationItems.isPublic, module: sql`${informationItems.kind}` }),
      viewer.kind === 'staff' ? undefined : publishedNow(informationItems.publishAt),
    ))
    .limit(1);
  return row ?? null;
}

export type NewInformationItem = typeof informationItems.$inferInsert;
export function insertInformation(db: Queryable, rows: NewInformationItem[]) {
  return db.insert(informationItems).values(rows).returning({ id: informationItems.id, projectId: informationItems.projectId, title: informationItems.title });
}
export function linkInformationPartners(db: Queryable, rows: Array<typeof informationItemPartners.$inferInsert>) {
  return rows.length ? db.insert(informationItemPartners).values(rows).onConflictDoNothing() : Promise.resolve();
}
