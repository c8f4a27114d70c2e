import { and, desc, eq } from 'drizzle-orm';
import type { TStaffListItem, TStaffListQuery, TStaffNews, TStaffNewsInput } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { isoDateToDutch } from '../../lib/dates.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { pageSize, toPage } from '../../lib/paging.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import { dutchToIsoDate, fromPublishAt, keysetAfter, searchCondition, statusOf, toPublishAt } from '../../lib/staff-content.ts';
import type { StaffCrudService } from '../../lib/staff-routes.ts';
import { files, optionalFileUrl } from '../files/index.ts';
import type { StaffContent } from '../staff-content/index.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import { newsArticles } from './news.table.ts';

const NOT_FOUND = 'Nieuwsbericht niet gevonden';

/** The console's news: every article of a project, drafts included; each change audited and announced. */
export function createNewsStaffService({ db, staffContent }: { db: Db; staffContent: StaffContent }): StaffCrudService<TStaffNewsInput, TStaffNews> {
  const { images, changes } = staffContent;
  const inProject = (projectId: number, id: number) => and(eq(newsArticles.projectId, projectId), eq(newsArticles.id, id));

  async function find(projectId: number, id: number): Promise<TStaffNews> {
    const [row] = await db
      .select({ article: newsArticles, imageName: files.filename })
      .from(newsArticles)
      .leftJoin(files, eq(files.id, newsArticles.imageFileId))
      .where(inProject(projectId, id))
      .limit(1);
    if (!row) throw new NotFoundError(NOT_FOUND);
    const a = row.article;
    return {
      id: a.id, title: a.title, date: isoDateToDutch(a.date), image_id: a.imageFileId, image_url: optionalFileUrl(a.imageFileId, row.imageName),
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

  return {
    async list(_ctx, projectId, query: TStaffListQuery) {
      const size = pageSize(query);
      const cursor = query.before ? (await db.select({ date: newsArticles.date, id: newsArticles.id }).from(newsArticles).where(inProject(projectId, query.before)))[0] : undefined;
      if (query.before && !cursor) return { items: [], hasMore: false };
      const rows = await db
        .select({ id: newsArticles.id, title: newsArticles.title, date: newsArticles.date, isPublic: newsArticles.isPublic, publishAt: newsArticles.publishAt })
        .from(newsArticles)
        .where(and(
          eq(newsArticles.projectId, projectId),
          searchCondition(query.q, newsArticles.title, newsArticles.content),
          cursor ? keysetAfter([{ column: newsArticles.date, desc: true, value: cursor.date }, { column: newsArticles.id, desc: true, value: cursor.id }]) : undefined,
        ))
        .orderBy(desc(newsArticles.date), desc(newsArticles.id))
        .limit(size + 1);
      const page = toPage(rows, size);
      return {
        hasMore: page.hasMore,
        items: page.items.map((r): TStaffListItem => ({
          id: r.id, title: r.title, date: isoDateToDutch(r.date), group: null, is_public: r.isPublic, publish_at: fromPublishAt(r.publishAt), status: statusOf(r.publishAt),
        })),
      };
    },
    get: (_ctx, projectId, id) => find(projectId, id),
    create: (ctx, projectId, input) => write(ctx, projectId, input, null),
    async update(ctx, projectId, id, input) {
      return write(ctx, projectId, input, await find(projectId, id));
    },
    async remove(ctx, projectId, id) {
      const before = await find(projectId, id);
      await changes.remove(ctx, { entity: 'news', projectId, id, before }, (tx) => tx.delete(newsArticles).where(inProject(projectId, id)));
    },
  };
}
