import type { z } from 'zod';
import { staffContentBMessages, type TStaffListQuery, type TStaffPartner, type ZStaffPartnerBody } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { groupBy } from '../../lib/content.ts';
import { NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { deleteFileIfUnused } from '../../lib/staff-content-b.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { optionalFileUrl, type FilesService } from '../files/index.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import type { StaffContent } from '../staff-content/index.ts';
import {
  deletePartner, findStaffPartner, insertPartner, logoUnused, selectInformationOptions, selectLinkedItems, selectStaffPartners, setPartnerItems,
  updatePartner, type StaffPartnerRow,
} from './partners.staff.repository.ts';

type Body = z.output<typeof ZStaffPartnerBody>;
type Deps = { db: Db; files: FilesService; audit: AuditService; staffAccess: StaffAccess; staffContent: StaffContent };

/** Logos are uploaded as staff images for 'partners' (owner 'partners:{projectId}', modules/staff-content). */
const LOGO_OWNER = 'partners';

/** What the audit log keeps of a partner. */
const auditState = (p: TStaffPartner) => ({
  name: p.name, website: p.website, lat: p.lat, lng: p.lng, is_public: p.is_public, position: p.position, logo_id: p.logo_id,
  information_item_ids: p.information_items.map((i) => i.id),
});

/** The console's partners of a project (issue 10): CRUD, the logo, and the information items each carries out. */
export function createPartnersStaffService({ db, files, audit, staffAccess, staffContent }: Deps) {
  async function toPartners(projectId: number, rows: StaffPartnerRow[]): Promise<TStaffPartner[]> {
    const items = groupBy(await selectLinkedItems(db, projectId, rows.map((r) => r.id)), (i) => i.partnerId);
    return rows.map((r) => ({
      id: r.id, name: r.name, logo_id: r.logoFileId, logo_url: optionalFileUrl(r.logoFileId, r.logoName), website: r.website, lat: r.lat, lng: r.lng,
      is_public: r.isPublic, position: r.position, information_items: (items.get(r.id) ?? []).map(({ id, title }) => ({ id, title })),
    }));
  }

  /** The partner of this project, or 404 (another project's or customer's partner alike). */
  async function partnerOf(projectId: number, id: number): Promise<TStaffPartner> {
    const row = await findStaffPartner(db, projectId, id);
    if (!row) throw new NotFoundError('Partner niet gevonden');
    return (await toPartners(projectId, [row]))[0]!;
  }

  /** The information items must be the project's (not FAQ): 422 at the field otherwise. */
  async function assertItems(projectId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    if (!unique.length) return unique;
    const found = await selectInformationOptions(db, projectId, unique);
    if (found.length !== unique.length) {
      throw new UnprocessableError(undefined, [{ field: 'information_item_ids', message: staffContentBMessages.informationItemUnknown }]);
    }
    return unique;
  }

  const values = (body: Body, logoFileId: number | null) => ({
    name: body.name, logoFileId, website: body.website, lat: body.lat, lng: body.lng, isPublic: body.is_public, position: body.position,
  });
  /** The logo a partner may take: one uploaded for this project's partners, the one it has, or none (422 at logo_id otherwise). */
  const logoOf = (body: Body, projectId: number, current: number | null = null) => staffContent.images.usable(body.logo_id, LOGO_OWNER, projectId, current, 'logo_id');
  const removeLogo = (fileId: number | null) => deleteFileIfUnused(db, files, { fileId, owner: LOGO_OWNER, unused: logoUnused(fileId ?? 0) });

  return {
    async list(ctx: StaffContext, projectId: number, query: TStaffListQuery): Promise<Page<TStaffPartner>> {
      await staffAccess.project(ctx, projectId);
      const size = pageSize(query);
      const page = toPage(await selectStaffPartners(db, projectId, { q: query.q, after: query.before, limit: size + 1 }), size);
      return { items: await toPartners(projectId, page.items), hasMore: page.hasMore };
    },

    async informationOptions(ctx: StaffContext, projectId: number) {
      await staffAccess.project(ctx, projectId);
      return selectInformationOptions(db, projectId);
    },

    async get(ctx: StaffContext, projectId: number, id: number): Promise<TStaffPartner> {
      await staffAccess.project(ctx, projectId);
      return partnerOf(projectId, id);
    },

    async create(ctx: StaffContext, projectId: number, body: Body): Promise<TStaffPartner> {
      await staffAccess.project(ctx, projectId);
      const itemIds = await assertItems(projectId, body.information_item_ids);
      const logo = await logoOf(body, projectId);
      const id = await db.transaction(async (tx) => {
        const created = await insertPartner(tx, projectId, values(body, logo));
        await setPartnerItems(tx, created, itemIds);
        await audit.record(ctx, { action: 'create', entity: 'partner', entityId: created, projectId, before: null, after: { ...body, information_item_ids: itemIds } }, tx);
        return created;
      });
      return partnerOf(projectId, id);
    },

    async update(ctx: StaffContext, projectId: number, id: number, body: Body): Promise<TStaffPartner> {
      await staffAccess.project(ctx, projectId);
      const before = await partnerOf(projectId, id);
      const itemIds = await assertItems(projectId, body.information_item_ids);
      const logo = await logoOf(body, projectId, before.logo_id);
      await db.transaction(async (tx) => {
        await updatePartner(tx, id, values(body, logo));
        await setPartnerItems(tx, id, itemIds);
        await audit.record(ctx, {
          action: 'update', entity: 'partner', entityId: id, projectId, before: auditState(before), after: { ...body, logo_id: logo, information_item_ids: itemIds },
        }, tx);
      });
      if (logo !== before.logo_id) await removeLogo(before.logo_id);
      return partnerOf(projectId, id);
    },

    async remove(ctx: StaffContext, projectId: number, id: number): Promise<void> {
      await staffAccess.project(ctx, projectId);
      const row = await findStaffPartner(db, projectId, id);
      if (!row) throw new NotFoundError('Partner niet gevonden');
      const before = (await toPartners(projectId, [row]))[0]!;
      await db.transaction(async (tx) => {
        await deletePartner(tx, id);
        await audit.record(ctx, { action: 'delete', entity: 'partner', entityId: id, projectId, before: auditState(before), after: null }, tx);
      });
      await removeLogo(row.logoFileId);
    },
  };
}
export type PartnersStaffService = ReturnType<typeof createPartnersStaffService>;
