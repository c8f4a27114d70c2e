import { and, asc, eq } from 'drizzle-orm';
import {
  INFORMATION_MENUS, type TStaffFaq, type TStaffFaqInput, type TStaffInformation, type TStaffInformationInput, type TStaffListItem, type TStaffListQuery,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { keysetPage, type Page } from '../../lib/paging.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import {
  findWithImage, fromPublishAt, keysetAfter, searchCondition, staffListItem, statusOf, toPublishAt,
} from '../../lib/staff-content.ts';
import { staffCrudService, type StaffCrudService } from '../../lib/staff-routes.ts';
import { optionalFileUrl } from '../files/index.ts';
import type { StaffContent } from '../staff-content/index.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import { informationItemPartners, informationItems, type InformationKind } from './information.table.ts';

type Deps = { db: Db; staffContent: StaffContent };
type Row = typeof informationItems.$inferSelect;

/**
 * The console's information items (menu groups 1-3, icons, indicators, partner links, home access) and
 * FAQ items (the same table, kind 'faq': question, answer, order): every item of a project, drafts included.
 */
function createItems({ db, staffContent }: Deps, kind: InformationKind) {
  const { images, changes, partnerLinks } = staffContent;
  const entity = kind;
  const inProject = (projectId: number, id: number) => and(eq(informationItems.projectId, projectId), eq(informationItems.kind, kind), eq(informationItems.id, id));

  async function findRow(projectId: number, id: number) {
    const row = await findWithImage(db, informationItems, inProject(projectId, id), kind === 'faq' ? 'Vraag niet gevonden' : 'Informatie-item niet gevonden');
    const partnerRows = await db.select({ id: informationItemPartners.partnerId }).from(informationItemPartners)
      .where(eq(informationItemPartners.itemId, id)).orderBy(asc(informationItemPartners.position), asc(informationItemPartners.partnerId));
    return { ...row, partnerIds: partnerRows.map((p) => p.id) };
  }

  /** Writes the item's columns and (for information) its partner links; answers the id. */
  async function save(ctx: StaffContext, projectId: number, values: Partial<Row> & { publishAt: Date | null }, partnerIds: number[] | null, before: { id: number } | null, after: unknown) {
    return changes.save(ctx, { entity, projectId, before, after, publishAt: values.publishAt }, async (tx) => {
      const [row] = before
        ? await tx.update(informationItems).set(values).where(inProject(projectId, before.id)).returning({ id: informationItems.id })
        : await tx.insert(informationItems).values({ title: '', ...values, kind, projectId }).returning({ id: informationItems.id });
      if (partnerIds) {
        await tx.delete(informationItemPartners).where(eq(informationItemPartners.itemId, row!.id));
        if (partnerIds.length) await tx.insert(informationItemPartners).values(partnerIds.map((partnerId, position) => ({ itemId: row!.id, partnerId, position })));
      }
      return row!.id;
    });
  }

  async function list(projectId: number, query: TStaffListQuery): Promise<Page<TStaffListItem>> {
    // FAQ items have no menu group (null): ordering by it is harmless there and keeps one index order.
    const page = await keysetPage(
      query,
      async (id) => (await db
        .select({ menu: informationItems.menuitemId, position: informationItems.position, id: informationItems.id }).from(informationItems).where(inProject(projectId, id)))[0],
      (cursor, limit) => db
        .select({ id: informationItems.id, title: informationItems.title, menu: informationItems.menuitemId, isPublic: informationItems.isPublic, publishAt: informationItems.publishAt })
        .from(informationItems)
        .where(and(
          eq(informationItems.projectId, projectId), eq(informationItems.kind, kind), searchCondition(query.q, informationItems.title, informationItems.content),
          cursor ? keysetAfter([
            ...(kind === 'information' ? [{ column: informationItems.menuitemId, value: cursor.menu }] : []),
            { column: informationItems.position, value: cursor.position }, { column: informationItems.id, value: cursor.id },
          ]) : undefined,
        ))
        .orderBy(asc(informationItems.menuitemId), asc(informationItems.position), asc(informationItems.id))
        .limit(limit),
    );
    return { hasMore: page.hasMore, items: page.items.map((r) => staffListItem(r, null, INFORMATION_MENUS.find((m) => m.id === r.menu)?.name ?? null)) };
  }

  const remove = (ctx: StaffContext, projectId: number, id: number, before: unknown) =>
    changes.remove(ctx, { entity, projectId, id, before }, (tx) => tx.delete(informationItems).where(inProject(projectId, id)));

  return { findRow, save, list, remove, images, partnerLinks };
}

export function createInformationStaffService(deps: Deps): StaffCrudService<TStaffInformationInput, TStaffInformation> {
  const items = createItems(deps, 'information');
  const find = async (projectId: number, id: number): Promise<TStaffInformation> => {
    const { item: i, imageName, partnerIds } = await items.findRow(projectId, id);
    return {
      id: i.id, title: i.title, menuitem_id: (i.menuitemId ?? 3) as 1 | 2 | 3, content: i.content, image_id: i.imageFileId,
      image_url: optionalFileUrl(i.imageFileId, imageName), icons: i.icons, access_to_home_required: i.accessToHomeRequired, indicators: i.indicators,
      partner_ids: partnerIds, position: i.position, is_public: i.isPublic, publish_at: fromPublishAt(i.publishAt), status: statusOf(i.publishAt),
    };
  };
  async function write(ctx: StaffContext, projectId: number, input: TStaffInformationInput, before: TStaffInformation | null) {
    const imageFileId = await items.images.usable(input.image_id, 'information', projectId, before?.image_id ?? null);
    const partnerIds = await items.partnerLinks.usable(projectId, input.partner_ids);
    const values = {
      title: input.title, menuitemId: input.menuitem_id, content: sanitizeStaffHtml(input.content), imageFileId, icons: [...new Set(input.icons)],
      accessToHomeRequired: input.access_to_home_required, indicators: input.indicators, position: input.position,
      isPublic: input.is_public, publishAt: toPublishAt(input.publish_at),
    };
    const after = { ...input, image_id: imageFileId, partner_ids: partnerIds, content: values.content };
    return find(projectId, await items.save(ctx, projectId, values, partnerIds, before, after));
  }
  return staffCrudService<TStaffInformationInput, TStaffInformation>({ find, write, list: items.list, remove: items.remove });
}

export function createFaqStaffService(deps: Deps): StaffCrudService<TStaffFaqInput, TStaffFaq> {
  const items = createItems(deps, 'faq');
  const find = async (projectId: number, id: number): Promise<TStaffFaq> => {
    const { item: i } = await items.findRow(projectId, id);
    return {
      id: i.id, title: i.title, content: i.content, position: i.position, is_public: i.isPublic, publish_at: fromPublishAt(i.publishAt), status: statusOf(i.publishAt),
    };
  };
  async function write(ctx: StaffContext, projectId: number, input: TStaffFaqInput, before: TStaffFaq | null) {
    const values = { title: input.title, content: sanitizeStaffHtml(input.content), position: input.position, isPublic: input.is_public, publishAt: toPublishAt(input.publish_at) };
    return find(projectId, await items.save(ctx, projectId, values, null, before, { ...input, content: values.content }));
  }
  return staffCrudService<TStaffFaqInput, TStaffFaq>({ find, write, list: items.list, remove: items.remove });
}
