import { and, asc, desc, eq } from 'drizzle-orm';
import type {
  TStaffListQuery, TStaffScheduleItem, TStaffScheduleItemInput, TStaffScheduleSettings, TStaffScheduleSettingsInput,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { isoDateToDutch } from '../../lib/dates.ts';
import { keysetPage } from '../../lib/paging.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import {
  dutchToIsoDate, findWithImage, fromPublishAt, keysetAfter, searchCondition, staffListItem, statusOf, toPublishAt,
} from '../../lib/staff-content.ts';
import { staffCrudService, type StaffCrudService } from '../../lib/staff-routes.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { optionalFileUrl } from '../files/index.ts';
import type { StaffContent } from '../staff-content/index.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import { findSchedule, upsertSchedule } from './schedule.repository.ts';
import { scheduleItemPartners, scheduleItems, schedules } from './schedule.table.ts';

type Deps = { db: Db; staffContent: StaffContent; audit: AuditService };

/**
 * The console's planning: items per day (newest day first; within a day in the order staff set) with
 * highlight, home access, image, icons, indicators and partners, drafts included; and the planning page's
 * settings (a comment and an image above the calendar, whether dates show), so that a planning can be
 * only a comment or only an image.
 */
export function createScheduleStaffService({ db, staffContent }: Deps): StaffCrudService<TStaffScheduleItemInput, TStaffScheduleItem> {
  const { images, changes, partnerLinks } = staffContent;
  const inProject = (projectId: number, id: number) => and(eq(scheduleItems.projectId, projectId), eq(scheduleItems.id, id));

  async function find(projectId: number, id: number): Promise<TStaffScheduleItem> {
    const { item: i, imageName } = await findWithImage(db, scheduleItems, inProject(projectId, id), 'Planningsitem niet gevonden');
    const partnerRows = await db.select({ id: scheduleItemPartners.partnerId }).from(scheduleItemPartners)
      .where(eq(scheduleItemPartners.itemId, id)).orderBy(asc(scheduleItemPartners.position), asc(scheduleItemPartners.partnerId));
    return {
      id: i.id, date: isoDateToDutch(i.date), title: i.title, description: i.description, content: i.content, highlight: i.highlight,
      image_id: i.imageFileId, image_url: optionalFileUrl(i.imageFileId, imageName), icons: i.icons, access_to_home_required: i.accessToHomeRequired,
      indicators: i.indicators, partner_ids: partnerRows.map((p) => p.id), position: i.position, is_public: i.isPublic,
      publish_at: fromPublishAt(i.publishAt), status: statusOf(i.publishAt),
    };
  }

  async function write(ctx: StaffContext, projectId: number, input: TStaffScheduleItemInput, before: TStaffScheduleItem | null) {
    const imageFileId = await images.usable(input.image_id, 'schedule', projectId, before?.image_id ?? null);
    const partnerIds = await partnerLinks.usable(projectId, input.partner_ids);
    const values = {
      date: dutchToIsoDate(input.date), title: input.title, description: input.description || null, content: sanitizeStaffHtml(input.content),
      highlight: input.highlight, imageFileId, icons: [...new Set(input.icons)], accessToHomeRequired: input.access_to_home_required,
      indicators: input.indicators, position: input.position, isPublic: input.is_public, publishAt: toPublishAt(input.publish_at),
    };
    const after = { ...input, image_id: imageFileId, partner_ids: partnerIds, content: values.content };
    const id = await changes.save(ctx, { entity: 'schedule', projectId, before, after, publishAt: values.publishAt }, async (tx) => {
      const [row] = before
        ? await tx.update(scheduleItems).set(values).where(inProject(projectId, before.id)).returning({ id: scheduleItems.id })
        : await tx.insert(scheduleItems).values({ ...values, projectId }).returning({ id: scheduleItems.id });
      await tx.delete(scheduleItemPartners).where(eq(scheduleItemPartners.itemId, row!.id));
      if (partnerIds.length) await tx.insert(scheduleItemPartners).values(partnerIds.map((partnerId, position) => ({ itemId: row!.id, partnerId, position })));
      return row!.id;
    });
    return find(projectId, id);
  }

  async function list(projectId: number, query: TStaffListQuery) {
    const page = await keysetPage(
      query,
      async (id) => (await db
        .select({ date: scheduleItems.date, position: scheduleItems.position, id: scheduleItems.id }).from(scheduleItems).where(inProject(projectId, id)))[0],
      (cursor, limit) => db
        .select({ id: scheduleItems.id, title: scheduleItems.title, date: scheduleItems.date, isPublic: scheduleItems.isPublic, publishAt: scheduleItems.publishAt })
        .from(scheduleItems)
        .where(and(
          eq(scheduleItems.projectId, projectId),
          searchCondition(query.q, scheduleItems.title, scheduleItems.description, scheduleItems.content),
          cursor ? keysetAfter([
            { column: scheduleItems.date, desc: true, value: cursor.date }, { column: scheduleItems.position, value: cursor.position }, { column: scheduleItems.id, value: cursor.id },
          ]) : undefined,
        ))
        .orderBy(desc(scheduleItems.date), asc(scheduleItems.position), asc(scheduleItems.id))
        .limit(limit),
    );
    return { hasMore: page.hasMore, items: page.items.map((r) => staffListItem(r, isoDateToDutch(r.date))) };
  }

  return staffCrudService({
    find, write, list,
    remove: (ctx, projectId, id, before) =>
      changes.remove(ctx, { entity: 'schedule', projectId, id, before }, (tx) => tx.delete(scheduleItems).where(inProject(projectId, id))),
  });
}

/** The planning page's settings of a project (a project without a row has none: no comment, no image, dates shown). */
export function createScheduleSettingsStaffService({ db, staffContent, audit }: Deps) {
  const { images } = staffContent;
  async function get(projectId: number): Promise<TStaffScheduleSettings> {
    const [row] = await db.select({ imageFileId: schedules.imageFileId }).from(schedules).where(eq(schedules.projectId, projectId)).limit(1);
    const shown = await findSchedule(db, projectId);
    return {
      comment: shown?.comment ?? null, image_id: row?.imageFileId ?? null, image_url: optionalFileUrl(shown?.imageId ?? null, shown?.imageName ?? null),
      show_date: shown?.showDate ?? true,
    };
  }
  return {
    get,
    async update(ctx: StaffContext, projectId: number, input: TStaffScheduleSettingsInput): Promise<TStaffScheduleSettings> {
      const before = await get(projectId);
      const imageFileId = await images.usable(input.image_id, 'schedule', projectId, before.image_id);
      const comment = input.comment === null ? null : sanitizeStaffHtml(input.comment) || null;
      await db.transaction(async (tx) => {
        await upsertSchedule(tx, { projectId, comment, imageFileId, showDate: input.show_date });
        await audit.record(ctx, { action: 'update', entity: 'schedule-settings', entityId: projectId, projectId, before, after: { comment, image_id: imageFileId, show_date: input.show_date } }, tx);
      });
      return get(projectId);
    },
  };
}
