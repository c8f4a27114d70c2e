import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publicOnly, readableBy, type FileViewer, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { publishedNow } from '../../lib/staff-content.ts';
import { files } from '../files/files.table.ts';
import { informationItemPartners, informationItems } from '../information/information.table.ts';
import { projects } from '../project/project.table.ts';
import { partners } from './partners.table.ts';

export function selectPartners(db: Db, reader: Reader, limit: number) {
  return db
    .select({
      id: partners.id, name: partners.name, website: partners.website, lat: partners.lat, lng: partners.lng,
      logoId: files.id, logoName: files.filename,
    })
    .from(partners)
    .leftJoin(files, eq(files.id, partners.logoFileId))
    .where(and(eq(partners.projectId, reader.projectId), publicOnly(reader, partners.isPublic)))
    .orderBy(asc(partners.position), asc(partners.id))
    .limit(limit);
}

/** The information items (not FAQ) these partners work on, as the reader may see them: one query for all partners. */
export function selectPartnerItems(db: Db, reader: Reader, partnerIds: number[]) {
  if (!partnerIds.length) return Promise.resolve([]);
  return db
    .select({ partnerId: informationItemPartners.partnerId, id: informationItems.id, title: informationItems.title })
    .from(informationItemPartners)
    .innerJoin(informationItems, eq(informationItems.id, informationItemPartners.itemId))
    .where(and(
      inArray(informationItemPartners.partnerId, partnerIds),
      eq(informationItems.projectId, reader.projectId),
      eq(informationItems.kind, 'information'),
      publicOnly(reader, informationItems.isPublic),
      publishedNow(informationItems.publishAt), // drafts and scheduled items are not linked yet
    ))
    .orderBy(asc(informationItems.menuitemId), asc(informationItems.position), asc(informationItems.id));
}

export async function findPartnerWithLogo(db: Db, fileId: number, viewer: FileViewer) {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .innerJoin(projects, eq(projects.id, partners.projectId))
    .where(and(eq(partners.logoFileId, fileId), readableBy(viewer, { projectId: partners.projectId, isPublic: partners.isPublic, module: 'partners' })))
    .limit(1);
  return row ?? null;
}

export type NewPartner = typeof partners.$inferInsert;
export function insertPartners(db: Queryable, rows: NewPartner[]) {
  return db.insert(partners).values(rows).returning({ id: partners.id, projectId: partners.projectId, name: partners.name });
}
