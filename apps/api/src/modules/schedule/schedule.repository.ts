import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publicOnly, readableBy, type FileViewer, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { files } from '../files/files.table.ts';
import { partners } from '../partners/partners.table.ts';
import { projects } from '../project/project.table.ts';
import { contentReads, readMarkJoin, readMarkJoinFor, unread } from '../reads/index.ts';
import { scheduleItemPartners, scheduleItems, schedules } from './schedule.table.ts';

export async function findSchedule(db: Db, projectId: number) {
  const [row] = await db
    .select({ comment: schedules.comment, showDate: schedules.showDate, imageId: files.id, imageName: files.filename })
    .from(schedules)
    .leftJoin(files, eq(files.id, schedules.imageFileId))
    .where(eq(schedules.projectId, projectId))
    .limit(1);
  return row ?? null;
}

/** The latest `limit` planned items (by date), for the reader. */
export function selectScheduleItems(db: Db, reader: Reader, limit: number) {
  return db
    .select({
      id: scheduleItems.id, date: scheduleItems.date, title: scheduleItems.title, description: scheduleItems.description,
      content: scheduleItems.content, highlight: scheduleItems.highlight, accessToHomeRequired: scheduleItems.accessToHomeRequired,
      icons: scheduleItems.icons, indicators: scheduleItems.indicators, position: scheduleItems.position,
      imageId: files.id, imageName: files.filename, unread: unread(),
    })
    .from(scheduleItems)
    .leftJoin(files, eq(files.id, scheduleItems.imageFileId))
    .leftJoin(contentReads, readMarkJoinFor(reader, 'schedule', scheduleItems.id))
    .where(and(eq(scheduleItems.projectId, reader.projectId), publicOnly(reader, scheduleItems.isPublic)))
    .orderBy(desc(scheduleItems.date), desc(scheduleItems.position), desc(scheduleItems.id))
    .limit(limit);
}

export function selectScheduleItemPartners(db: Db, reader: Reader, itemIds: number[]) {
  if (!itemIds.length) return Promise.resolve([]);
  return db
    .select({ itemId: scheduleItemPartners.itemId, id: partners.id, name: partners.name, logoId: files.id, logoName: files.filename })
    .from(scheduleItemPartners)
    .innerJoin(partners, eq(partners.id, scheduleItemPartners.partnerId))
    .leftJoin(files, eq(files.id, partners.logoFileId))
    .where(and(inArray(scheduleItemPartners.itemId, itemIds), eq(partners.projectId, reader.projectId), publicOnly(reader, partners.isPublic)))
    .orderBy(asc(scheduleItemPartners.position), asc(partners.id));
}

export async function countUnreadSchedule(db: Db, addressId: number, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(scheduleItems)
    .leftJoin(contentReads, readMarkJoin('schedule', addressId, scheduleItems.id))
    .where(and(eq(scheduleItems.projectId, projectId), unread()));
  return row?.n ?? 0;
}

/** A planning image: of an item the viewer may see, or the page image of a project the viewer may see. */
export async function findScheduleWithImage(db: Db, fileId: number, viewer: FileViewer) {
  const [item] = await db
    .select({ id: scheduleItems.id })
    .from(scheduleItems)
    .innerJoin(projects, eq(projects.id, scheduleItems.projectId))
    .where(and(eq(scheduleItems.imageFileId, fileId), readableBy(viewer, { projectId: scheduleItems.projectId, isPublic: scheduleItems.isPublic })))
    .limit(1);
  if (item) return item;
  const [page] = await db
    .select({ id: schedules.projectId })
    .from(schedules)
    .innerJoin(projects, eq(projects.id, schedules.projectId))
    .where(and(eq(schedules.imageFileId, fileId), readableBy(viewer, { projectId: schedules.projectId, isPublic: projects.isPublic })))
    .limit(1);
  return page ?? null;
}

export type NewScheduleItem = typeof scheduleItems.$inferInsert;
export function insertScheduleItems(db: Queryable, rows: NewScheduleItem[]) {
  return db.insert(scheduleItems).values(rows).returning({ id: scheduleItems.id, projectId: scheduleItems.projectId });
}
export function linkSchedulePartners(db: Queryable, rows: Array<typeof scheduleItemPartners.$inferInsert>) {
  return rows.length ? db.insert(scheduleItemPartners).values(rows).onConflictDoNothing() : Promise.resolve();
}
export function upsertSchedule(db: Queryable, row: typeof schedules.$inferInsert) {
  return db.insert(schedules).values(row).onConflictDoUpdate({
    target: schedules.projectId, set: { comment: row.comment ?? null, imageFileId: row.imageFileId ?? null, showDate: row.showDate ?? true },
  });
}
