import { and, asc, count, eq, gte, inArray, lt, max, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publicOnly, readableBy, type FileViewer, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { publishedNow } from '../../lib/staff-content.ts';
import { files } from '../files/files.table.ts';
import { partners } from '../partners/partners.table.ts';
import { projects } from '../project/project.table.ts';
import { contentReads, readMarkJoin, unread, unreadProbe } from '../reads/index.ts';
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

/** The reader's entries of a project's planning: the published ones, for public visitors those marked public. */
const listedFor = (reader: Reader) => and(eq(scheduleItems.projectId, reader.projectId), publishedNow(scheduleItems.publishAt), publicOnly(reader, scheduleItems.isPublic));

/** Which month a read asks: `month` (YYYY-MM), or none (the month the planning opens with); `today` is YYYY-MM-DD. */
export type ScheduleMonth = { month?: string; today: string };

/**
 * The first day of the month a planning opens with when none is asked (content.ts, ZSchedule.month): of
 * the reader's first planned day from `today`, else of their last planned day, else of today. Two index
 * probes of schedule_items_project_date_idx.
 */
function openingMonth(db: Db, reader: Reader, today: string): SQL {
  const firstFromToday = db.select({ day: min(scheduleItems.date) }).from(scheduleItems).where(and(listedFor(reader), gte(scheduleItems.date, today)));
  const last = db.select({ day: max(scheduleItems.date) }).from(scheduleItems).where(listedFor(reader));
  return sql`date_trunc('month', coalesce((${firstFromToday}), (${last}), ${today}::date))::date`;
}

/** The reader's items of the asked month: one range of schedule_items_project_date_idx. */
function inMonth(db: Db, reader: Reader, { month, today }: ScheduleMonth): SQL {
  const from = month ? sql`${`${month}-01`}::date` : openingMonth(db, reader, today);
  return and(listedFor(reader), gte(scheduleItems.date, from), lt(scheduleItems.date, sql`(${from} + interval '1 month')::date`))!;
}

/** The planned items of one month for the reader, by day and then in the order staff set. */
export function selectScheduleItems(db: Db, reader: Reader, month: ScheduleMonth, limit: number) {
  return db
    .select({
      id: scheduleItems.id, date: scheduleItems.date, title: scheduleItems.title, description: scheduleItems.description,
      content: scheduleItems.content, highlight: scheduleItems.highlight, accessToHomeRequired: scheduleItems.accessToHomeRequired,
      icons: scheduleItems.icons, indicators: scheduleItems.indicators,
      imageId: files.id, imageName: files.filename, unread: unreadProbe(reader, 'schedule', scheduleItems.id),
    })
    .from(scheduleItems)
    .leftJoin(files, eq(files.id, scheduleItems.imageFileId))
    .where(inMonth(db, reader, month))
    .orderBy(asc(scheduleItems.date), asc(scheduleItems.position), asc(scheduleItems.id))
    .limit(limit);
}

/** Every published item of a project's planning, for marking them all read (reads.markAllFor): a draft stays new until it appears. */
export const projectScheduleItems = (projectId: number) => ({
  table: scheduleItems, id: scheduleItems.id, where: and(eq(scheduleItems.projectId, projectId), publishedNow(scheduleItems.publishAt))!,
});

/** The months (YYYY-MM, ascending) with items for the reader. */
export async function selectScheduleMonths(db: Db, reader: Reader): Promise<string[]> {
  const month = sql<string>`to_char(${scheduleItems.date}, 'YYYY-MM')`;
  const rows = await db.selectDistinct({ month }).from(scheduleItems).where(listedFor(reader)).orderBy(month);
  return rows.map((r) => r.month);
}

/** The partners of the listed items, in the order staff set. */
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
    .where(and(eq(scheduleItems.projectId, projectId), publishedNow(scheduleItems.publishAt), unread()));
  return row?.n ?? 0;
}

/** A planning image: of an item the viewer may see, or the page image of a project the viewer may see. */
export async function findScheduleWithImage(db: Db, fileId: number, viewer: FileViewer) {
  const [item] = await db
    .select({ id: scheduleItems.id })
    .from(scheduleItems)
    .innerJoin(projects, eq(projects.id, scheduleItems.projectId))
    .where(and(
      eq(scheduleItems.imageFileId, fileId),
      readableBy(viewer, { projectId: scheduleItems.projectId, isPublic: scheduleItems.isPublic, module: 'scheduling' }),
      viewer.kind === 'staff' ? undefined : publishedNow(scheduleItems.publishAt),
    ))
    .limit(1);
  if (item) return item;
  const [page] = await db
    .select({ id: schedules.projectId })
    .from(schedules)
    .innerJoin(projects, eq(projects.id, schedules.projectId))
    .where(and(eq(schedules.imageFileId, fileId), readableBy(viewer, { projectId: schedules.projectId, isPublic: projects.isPublic, module: 'scheduling' })))
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
