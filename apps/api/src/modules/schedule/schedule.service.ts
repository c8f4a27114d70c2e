import { SCHEDULE_MONTH_LIMIT, type TSchedule, type TScheduleEntry, type TScheduleQuery } from '@portal/contract';
import { groupBy, iconUrl, type ContentDeps, type Reader } from '../../lib/content.ts';
import { amsterdamIsoDate } from '../../lib/dates.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import { optionalFileUrl } from '../files/index.ts';
import {
  countUnreadSchedule, findSchedule, findScheduleWithImage, insertScheduleItems, linkSchedulePartners, projectScheduleItems,
  selectScheduleItemPartners, selectScheduleItems, selectScheduleMonths, upsertSchedule, type NewScheduleItem,
} from './schedule.repository.ts';

export type NewSchedule = NewScheduleItem & { partnerIds?: number[] };

export function createScheduleService({ db, files, reads, newItems, projects }: ContentDeps) {
  newItems.register(async ({ addressId, projectId }) => ({ scheduling: await countUnreadSchedule(db, addressId, projectId) }));
  files.registerOwner('schedule', async (fileId, viewer) => ((await findScheduleWithImage(db, fileId, viewer)) ? {} : null));

  return {
    /**
     * One month of the planning (content.ts, schedulePaths), keyed by day (YYYY-MM-DD, ascending), entries
     * in the order staff set. A resident's read marks the whole planning read; is_new tells which entries
     * were new before this read.
     */
    async read(reader: Reader, query: TScheduleQuery = {}): Promise<TSchedule> {
      const asked = { month: query.month, today: amsterdamIsoDate(new Date()) };
      const [page, months, rows, unseen] = await Promise.all([
        findSchedule(db, reader.projectId),
        selectScheduleMonths(db, reader),
        selectScheduleItems(db, reader, asked, SCHEDULE_MONTH_LIMIT),
        // the tile's count, from memory: with nothing new there is nothing to mark
        reader.kind === 'occupant' ? projects.newItemCount(reader.addressId, reader.projectId, 'scheduling') : 0,
      ]);
      // Without `month` the query chose it (the month of the first planned day from today, ...): its rows tell which.
      const month = query.month ?? rows[0]?.date.slice(0, 7) ?? asked.today.slice(0, 7);
      // Marked after the rows were read, so that their is_new still tells what was new before this read.
      const [partnerRows] = await Promise.all([
        selectScheduleItemPartners(db, reader, rows.map((r) => r.id)),
        unseen > 0 && reads.markAllFor(reader, 'schedule', projectScheduleItems(reader.projectId)),
      ]);
      const links = groupBy(partnerRows, (p) => p.itemId);
      const byDay: Record<string, TScheduleEntry[]> = {};
      for (const r of rows) {
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
      return {
        comment: page?.comment ?? null,
        image_url: page ? optionalFileUrl(page.imageId, page.imageName) : null,
        show_date: page?.showDate ?? true,
        month,
        months_with_items: months,
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
      await Promise.all([...new Set(added.map((a) => a.projectId))].map((projectId) => projects.invalidateNewItems({ projectId }, tx)));
      return added;
    },
  };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
