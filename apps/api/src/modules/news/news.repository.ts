import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publicOnly, readableBy, type FileViewer, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { publishedNow } from '../../lib/staff-content.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';
import { contentReads, readMarkJoin, readMarkJoinFor, unread } from '../reads/index.ts';
import { newsArticles } from './news.table.ts';

/** What a reader lists: the project's published articles (drafts and scheduled ones are the console's), public ones for visitors. */
const listedFor = (reader: Reader) => and(eq(newsArticles.projectId, reader.projectId), publishedNow(newsArticles.publishAt), publicOnly(reader, newsArticles.isPublic));
export type NewsCursor = { date: string; id: number };

/**
 * A project's articles for a reader, newest first (date, then id), with the image's file name and the
 * read mark; with `after` only those that follow that position (the next page: one range scan).
 */
export function selectNews(db: Db, reader: Reader, where: { id?: number; after?: NewsCursor; limit: number }) {
  return db
    .select({
      id: newsArticles.id, title: newsArticles.title, date: newsArticles.date, content: newsArticles.content,
      imageId: files.id, imageName: files.filename, unread: unread(),
    })
    .from(newsArticles)
    .leftJoin(files, eq(files.id, newsArticles.imageFileId))
    .leftJoin(contentReads, readMarkJoinFor(reader, 'news', newsArticles.id))
    .where(and(
      listedFor(reader),
      where.id !== undefined ? eq(newsArticles.id, where.id) : undefined,
      where.after ? sql`(${newsArticles.date}, ${newsArticles.id}) < (${where.after.date}::date, ${where.after.id})` : undefined,
    ))
    .orderBy(desc(newsArticles.date), desc(newsArticles.id))
    .limit(where.limit);
}

/** The list position of an article the reader can list (a page's `before`), or null. */
export async function findNewsCursor(db: Db, reader: Reader, id: number): Promise<NewsCursor | null> {
  const [row] = await db
    .select({ date: newsArticles.date, id: newsArticles.id })
    .from(newsArticles)
    .where(and(eq(newsArticles.id, id), listedFor(reader)))
    .limit(1);
  return row ?? null;
}

export async function countUnreadNews(db: Db, addressId: number, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsArticles)
    .leftJoin(contentReads, readMarkJoin('news', addressId, newsArticles.id))
    .where(and(eq(newsArticles.projectId, projectId), publishedNow(newsArticles.publishAt), unread()));
  return row?.n ?? 0;
}

export async function findNewsWithImage(db: Db, fileId: number, viewer: FileViewer) {
  const [row] = await db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .innerJoin(projects, eq(projects.id, newsArticles.projectId))
    .where(and(
      eq(newsArticles.imageFileId, fileId),
      readableBy(viewer, { projectId: newsArticles.projectId, isPublic: newsArticles.isPublic, module: 'news' }),
      viewer.kind === 'staff' ? undefined : publishedNow(newsArticles.publishAt),
    ))
    .limit(1);
  return row ?? null;
}

export type NewNewsArticle = typeof newsArticles.$inferInsert;
export function insertNews(db: Queryable, rows: NewNewsArticle[]) {
  return db.insert(newsArticles).values(rows).returning({ id: newsArticles.id, projectId: newsArticles.projectId });
}
