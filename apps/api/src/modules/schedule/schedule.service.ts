import type { TSchedule, TScheduleEntry } from '@portal/contract';
import { groupBy, iconUrl, type ContentDeps, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import { optionalFileUrl } from '../files/index.ts';
import {
  countUnreadSchedule, findSchedule, findScheduleWithImage, insertScheduleItems, linkSchedulePartners, selectScheduleItemPartners,
  selectScheduleItems, upsertSchedule, type NewScheduleItem,
} from './schedule.repository.ts';

/** The planning answer holds at most this many items: the latest by date. */
export const SCHEDULE_LIMIT = 500;

export type NewSchedule = NewScheduleItem & { partnerIds?: number[] };

export function createScheduleService({ db, files, reads, newItems, projects }: ContentDeps) {
  newItems.register(async ({ addressId, projectId }) => ({ scheduling: await countUnreadSchedule(db, addressId, projectId) }));
  files.registerOwner('schedule', async (fileId, viewer) => ((await findScheduleWithImage(db, fileId, viewer)) ? {} : null));

  return {
    /**
     * The planning keyed by day (YYYY-MM-DD, ascending), entries in the order staff set. A resident's
     * read marks every entry read; is_new tells which were new before this read.
     */
    async read(reader: Reader): Promise<TSchedule> {
      const [page, rows] = await Promise.all([findSchedule(db, reader.projectId), selectScheduleItems(db, reader, SCHEDULE_LIMIT)]);
      const links = groupBy(await selectScheduleItemPartners(db, reader, rows.map((r) => r.id)), (p) => p.itemId);
      const sorted = [...rows].sort((a, b) => a.date.localeCompare(b.date) || a.position - b.position || a.id - b.id);
      const byDay: Record<string, TScheduleEntry[]> = {};
      for (const r of sorted) {
        const entry: TScheduleEntry = {
          item: {
            id: r.id, title: r.title, content: r.content, image_url: optionalFileUrl(r.imageId, r.imageName), highlight: r.highlight,
            access_to_home_required: r.accessToHomeRequired, icon_urls: r.icons.map(iconUrl), indicators: r.indicators,
          },
          description: r.description,
          title: r.title,
          partners: (links.get(r.id) ?? []).map((p) => ({ id: p.id, name: p.name, logo_url: optionalFileUrl(p.logoId, p.logoName) })),
          is_new: reader.kind === 'occupant' && r.unread,
        };
        (byDay[r.date] ??= []).push(entry);
      }
      await reads.markFor(reader, 'schedule', rows.filter((r) => r.unread).map((r) => r.id));
      return {
        comment: page?.comment ?? null,
        image_url: page ? optionalFileUrl(page.imageId, page.imageName) : null,
        show_date: page?.showDate ?? true,
        sorted_scheduled_items: byDay,
      };
    },

    async setPage(input: { projectId: number; comment?: string | null; imageFileId?: number | null; showDate?: boolean }, tx: Queryable = db) {
      await upsertSchedule(tx, { ...input, comment: input.comment ? sanitizeStaffHtml(input.comment) : null });
    },

    async add(rows: NewSchedule[], tx: Queryable = db) {
      if (!rows.length) return [];
      const added = await insertScheduleItems(tx, rows.map(({ partnerIds: _partners, ...r }) => ({ ...r, content: sanitizeStaffHtml(r.content ?? '') })));
      await linkSchedulePartners(tx, added.flatMap((a, i) => (rows[i]!.partnerIds ?? []).map((partnerId, position) => ({ itemId: a.id, partnerId, position }))));
      await Promise.all([...new Set(added.map((a) => a.projectId))].map((projectId) => projects.invalidateNewItems({ projectId })));
      return added;
    },
  };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
