import type { TNewsArticle, TPageQuery } from '@portal/contract';
import type { ContentDeps, Reader } from '../../lib/content.ts';
import { isoDateToDutch } from '../../lib/dates.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import { optionalFileUrl } from '../files/index.ts';
import { countUnreadNews, findNewsCursor, findNewsWithImage, insertNews, selectNews, type NewNewsArticle } from './news.repository.ts';

export function createNewsService({ db, files, reads, newItems, projects }: ContentDeps) {
  newItems.register(async ({ addressId, projectId }) => ({ news: await countUnreadNews(db, addressId, projectId) }));
  files.registerOwner('news', async (fileId, viewer) => ((await findNewsWithImage(db, fileId, viewer)) ? {} : null));

  type Row = Awaited<ReturnType<typeof selectNews>>[number];
  const toArticle = (reader: Reader, r: Row): TNewsArticle => ({
    id: r.id,
    title: r.title,
    date: isoDateToDutch(r.date),
    image_url: optionalFileUrl(r.imageId, r.imageName),
    content: r.content,
    is_new: reader.kind === 'occupant' && r.unread,
  });

  return {
    /** One page of the list, newest first (paging.ts). */
    async list(reader: Reader, page: TPageQuery = {}): Promise<Page<TNewsArticle>> {
      const size = pageSize(page);
      const after = page.before !== undefined ? await findNewsCursor(db, reader, page.before) : undefined;
      if (after === null) return { items: [], hasMore: false };
      const rows = await selectNews(db, reader, { after, limit: size + 1 });
      const { items, hasMore } = toPage(rows, size);
      return { items: items.map((r) => toArticle(reader, r)), hasMore };
    },

    /** One article of the reader's project; a resident's read marks it read (is_new false from then on). */
    async article(reader: Reader, id: number): Promise<TNewsArticle> {
      const [row] = await selectNews(db, reader, { id, limit: 1 });
      if (!row) throw new NotFoundError('Nieuwsbericht niet gevonden');
      await reads.markFor(reader, 'news', [row.id]);
      return { ...toArticle(reader, row), is_new: false };
    },

    /** Adds articles (the content sanitised) and lets the projects' residents count them as new. */
    async add(rows: NewNewsArticle[], tx: Queryable = db) {
      if (!rows.length) return [];
      const added = await insertNews(tx, rows.map((r) => ({ ...r, content: sanitizeStaffHtml(r.content ?? '') })));
      await Promise.all([...new Set(added.map((a) => a.projectId))].map((projectId) => projects.invalidateNewItems({ projectId }, tx)));
      return added;
    },
  };
}
export type NewsService = ReturnType<typeof createNewsService>;
