import { and, desc, eq } from 'drizzle-orm';
import type { TStaffListQuery, TStaffNews, TStaffNewsInput } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { isoDateToDutch } from '../../lib/dates.ts';
import { keysetPage } from '../../lib/paging.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import {
  dutchToIsoDate, findWithImage, fromPublishAt, keysetAfter, searchCondition, staffListItem, statusOf, toPublishAt,
} from '../../lib/staff-content.ts';
import { staffCrudService, type StaffCrudService } from '../../lib/staff-routes.ts';
import { optionalFileUrl } from '../files/index.ts';
import type { StaffContent } from '../staff-content/index.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import { newsArticles } from './news.table.ts';

const NOT_FOUND = 'Nieuwsbericht niet gevonden';

/** The console's news: every article of a project, drafts included; each change audited and announced. */
export function createNewsStaffService({ db, staffContent }: { db: Db; staffContent: StaffContent }): StaffCrudService<TStaffNewsInput, TStaffNews> {
  const { images, changes } = staffContent;
  const inProject = (projectId: number, id: number) => and(eq(newsArticles.projectId, projectId), eq(newsArticles.id, id));

  async function find(projectId: number, id: number): Promise<TStaffNews> {
    const { item: a, imageName } = await findWithImage(db, newsArticles, inProject(projectId, id), NOT_FOUND);
    return {
      id: a.id, title: a.title, date: isoDateToDutch(a.date), image_id: a.imageFileId, image_url: optionalFileUrl(a.imageFileId, imageName),
      content: a.content, is_public: a.isPublic, publish_at: fromPublishAt(a.publishAt), status: statusOf(a.publishAt),
    };
  }

  const columns = (input: TStaffNewsInput, imageFileId: number | null) => ({
    title: input.title, date: dutchToIsoDate(input.date), imageFileId, content: sanitizeStaffHtml(input.content),
    isPublic: input.is_public, publishAt: toPublishAt(input.publish_at),
  });

  async function write(ctx: StaffContext, projectId: number, input: TStaffNewsInput, before: TStaffNews | null) {
    const imageFileId = await images.usable(input.image_id, 'news', projectId, before?.image_id ?? null);
    const values = columns(input, imageFileId);
    const after = { ...input, image_id: imageFileId, content: values.content };
    const id = await changes.save(ctx, { entity: 'news', projectId, before, after, publishAt: values.publishAt }, async (tx) => {
      const [row] = before
        ? await tx.update(newsArticles).set(values).where(inProject(projectId, before.id)).returning({ id: newsArticles.id })
        : await tx.insert(newsArticles).values({ ...values, projectId }).returning({ id: newsArticles.id });
      return row!.id;
    });
    return find(projectId, id);
  }

  async function list(projectId: number, query: TStaffListQuery) {
    const page = await keysetPage(
      query,
      async (id) => (await db.select({ date: newsArticles.date, id: newsArticles.id }).from(newsArticles).where(inProject(projectId, id)))[0],
      (cursor, limit) => db
        .select({ id: newsArticles.id, title: newsArticles.title, date: newsArticles.date, isPublic: newsArticles.isPublic, publishAt: newsArticles.publishAt })
        .from(newsArticles)
        .where(and(
          eq(newsArticles.projectId, projectId),
          searchCondition(query.q, newsArticles.title, newsArticles.content),
          cursor ? keysetAfter([{ column: newsArticles.date, desc: true, value: cursor.date }, { column: newsArticles.id, desc: true, value: cursor.id }]) : undefined,
        ))
        .orderBy(desc(newsArticles.date), desc(newsArticles.id))
        .limit(limit),
    );
    return { hasMore: page.hasMore, items: page.items.map((r) => staffListItem(r, isoDateToDutch(r.date))) };
  }

  return staffCrudService({
    find, write, list,
    remove: (ctx, projectId, id, before) =>
      changes.remove(ctx, { entity: 'news', projectId, id, before }, (tx) => tx.delete(newsArticles).where(inProject(projectId, id))),
  });
}
