import { and, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  staffContentBMessages, type TStaffListQuery, type TStaffWorkOrderEntry, type TStaffWorkOrderEntryBody, type TStaffWorkOrderSettings,
  type ZStaffWorkOrderSettingsBody,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { readableBy } from '../../lib/content.ts';
import { NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { deleteFileIfUnused, fileIdOfUrl, findProjectAddress, fullAddress } from '../../lib/staff-content-b.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { fileUrl, type FilesService } from '../files/index.ts';
import type { ProjectService } from '../project/project.service.ts';
import { projects } from '../project/project.table.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import type { StaffContent } from '../staff-content/index.ts';
import {
  countAddresses, deleteEntry, findStaffSettings, imageUrlOfFile, insertEntries, lockEntries, nextNumber, renumber, selectProjectAddressIds,
  selectStaffEntries, updateEntries, updateSettings, type EntryRow, type WorkOrderSettingsRow,
} from './work-order.staff.repository.ts';
import type { WorkOrderStatus } from './work-order.table.ts';

/** The owner of uploaded work-order images ('work-order:{projectId}', modules/staff-content): its read rule is here. */
export const WORK_ORDER_IMAGE_OWNER = 'work-order';

type Deps = { db: Db; files: FilesService; audit: AuditService; staffAccess: StaffAccess; projects: ProjectService; staffContent: StaffContent };

const entryState = (e: Pick<EntryRow, 'number' | 'status' | 'isPublic'> | undefined) =>
  e ? { number: e.number, status: e.status, is_public: e.isPublic } : null;

/**
 * The console's work order (issue 10): the project's addresses with their status and place in the order,
 * and the image-and-message variant. Numbers stay 1..n in the order; every change is audited.
 */
export function createWorkOrderStaffService({ db, files, audit, staffAccess, projects: projectService, staffContent }: Deps) {
  // The uploaded work-order image is read as the project is: by its residents, its staff, and anyone when the project is public.
  files.registerOwner(WORK_ORDER_IMAGE_OWNER, async (fileId, viewer) => {
    const [row] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(imageUrlOfFile(fileId), readableBy(viewer, { projectId: projects.id, isPublic: projects.isPublic, module: 'work_order' })))
      .limit(1);
    return row ? {} : null;
  });

  async function settingsOf(projectId: number): Promise<TStaffWorkOrderSettings> {
    const [row, counts] = await Promise.all([findStaffSettings(db, projectId), countAddresses(db, projectId)]);
    return {
      show_image: row.showImage, message: row.message, image_id: fileIdOfUrl(row.imageUrl), image_url: row.imageUrl, public_addresses: row.publicAddresses,
      in_order: counts.inOrder, addresses: counts.addresses,
    };
  }

  const settingsState = (s: WorkOrderSettingsRow) => ({ show_image: s.showImage, message: s.message, image_url: s.imageUrl, public_addresses: s.publicAddresses });

  /** The project's addresses among `addressIds`, or 404 when one is not. */
  async function assertAddresses(ctx: StaffContext, projectId: number, addressIds: number[]) {
    const unique = [...new Set(addressIds)];
    const found = await selectProjectAddressIds(db, { customerId: ctx.customerId, projectId }, unique);
    if (found.length !== unique.length) throw new NotFoundError(staffContentBMessages.addressUnknown);
    return unique;
  }

  return {
    async settings(ctx: StaffContext, projectId: number): Promise<TStaffWorkOrderSettings> {
      await staffAccess.project(ctx, projectId);
      return settingsOf(projectId);
    },

    /** The settings; `image_id` an image uploaded for this project's work order, the one it has, or null (see the contract). */
    async updateSettings(ctx: StaffContext, projectId: number, body: z.output<typeof ZStaffWorkOrderSettingsBody>): Promise<TStaffWorkOrderSettings> {
      await staffAccess.project(ctx, projectId);
      const current = await findStaffSettings(db, projectId);
      const currentId = fileIdOfUrl(current.imageUrl);
      const imageId = await staffContent.images.usable(body.image_id, WORK_ORDER_IMAGE_OWNER, projectId, currentId);
      const image = imageId !== currentId && imageId !== null ? await files.find(imageId) : null;
      const imageUrl = imageId === currentId ? current.imageUrl : image ? fileUrl(image) : null;
      if (body.show_image && !imageUrl) {
        throw new UnprocessableError(undefined, [{ field: 'show_image', message: staffContentBMessages.showImageNeedsImage }]);
      }
      await db.transaction(async (tx) => {
        const before = await findStaffSettings(tx, projectId);
        const after = { showImage: body.show_image, message: body.message, imageUrl, publicAddresses: body.public_addresses };
        await updateSettings(tx, projectId, after);
        await audit.record(ctx, { action: 'update', entity: 'work-order-settings', entityId: projectId, projectId, before: settingsState(before), after: settingsState(after) }, tx);
      });
      if (imageId !== currentId) {
        await deleteFileIfUnused(db, files, { fileId: currentId, owner: WORK_ORDER_IMAGE_OWNER, unused: sql`not exists (select 1 from ${projects} where ${imageUrlOfFile(currentId ?? 0)})` });
      }
      await projectService.invalidateProject(projectId);
      return settingsOf(projectId);
    },

    async entries(ctx: StaffContext, projectId: number, query: TStaffListQuery): Promise<Page<TStaffWorkOrderEntry>> {
      await staffAccess.project(ctx, projectId);
      const size = pageSize(query);
      const rows = await selectStaffEntries(db, projectId, { q: query.q, after: query.before, limit: size + 1 });
      const page = toPage(rows, size);
      return {
        items: page.items.map((r) => ({ id: r.id, full_address: fullAddress(r), number: r.number, status: r.status, is_public: r.isPublic ?? true })),
        hasMore: page.hasMore,
      };
    },

    /** Changes one address's entry (adding it at the end when it has none) and moves it to `position`. */
    async updateEntry(ctx: StaffContext, projectId: number, addressId: number, body: TStaffWorkOrderEntryBody): Promise<TStaffWorkOrderEntry> {
      await staffAccess.project(ctx, projectId);
      const address = await findProjectAddress(db, { customerId: ctx.customerId, projectId }, addressId);
      if (!address) throw new NotFoundError(staffContentBMessages.addressUnknown);
      const after = await db.transaction(async (tx) => {
        const entries = await lockEntries(tx, projectId);
        const before = entries.find((e) => e.addressId === addressId);
        if (before) {
          if (body.status !== undefined || body.is_public !== undefined) {
            await updateEntries(tx, projectId, [addressId], { status: body.status, isPublic: body.is_public });
          }
        } else {
          await insertEntries(tx, [{
            projectId, addressId, number: await nextNumber(tx, projectId), status: body.status ?? 'in_preparation', isPublic: body.is_public ?? true,
          }]);
        }
        let order = before ? entries.map((e) => e.addressId) : [...entries.map((e) => e.addressId), addressId];
        if (body.position !== undefined) {
          order = order.filter((id) => id !== addressId);
          order.splice(Math.min(body.position, order.length + 1) - 1, 0, addressId);
          await renumber(tx, projectId, order);
        }
        const next = (await lockEntries(tx, projectId)).find((e) => e.addressId === addressId)!;
        await audit.record(ctx, {
          action: before ? 'update' : 'create', entity: 'work-order-entry', entityId: addressId, projectId,
          before: entryState(before), after: { address: fullAddress(address), ...entryState(next) },
        }, tx);
        return next;
      });
      return { id: addressId, full_address: fullAddress(address), number: after.number, status: after.status, is_public: after.isPublic };
    },

    /** Takes an address out of the order; the numbers after it close up. */
    async removeEntry(ctx: StaffContext, projectId: number, addressId: number): Promise<void> {
      await staffAccess.project(ctx, projectId);
      await db.transaction(async (tx) => {
        const entries = await lockEntries(tx, projectId);
        const before = entries.find((e) => e.addressId === addressId);
        if (!before) throw new NotFoundError(staffContentBMessages.addressUnknown);
        await deleteEntry(tx, projectId, addressId);
        await renumber(tx, projectId, entries.filter((e) => e.addressId !== addressId).map((e) => e.addressId));
        await audit.record(ctx, { action: 'delete', entity: 'work-order-entry', entityId: addressId, projectId, before: entryState(before), after: null }, tx);
      });
    },

    /** The whole order at once: every address in the order, each once. */
    async setOrder(ctx: StaffContext, projectId: number, addressIds: number[]): Promise<TStaffWorkOrderSettings> {
      await staffAccess.project(ctx, projectId);
      await db.transaction(async (tx) => {
        const entries = await lockEntries(tx, projectId);
        const current = new Set(entries.map((e) => e.addressId));
        if (addressIds.length !== current.size || new Set(addressIds).size !== addressIds.length || !addressIds.every((id) => current.has(id))) {
          throw new UnprocessableError(staffContentBMessages.orderIncomplete, [{ field: 'address_ids', message: staffContentBMessages.orderIncomplete }]);
        }
        await renumber(tx, projectId, addressIds);
        await audit.record(ctx, { action: 'reorder', entity: 'work-order', entityId: projectId, projectId, before: entries.map((e) => e.addressId), after: addressIds }, tx);
      });
      return settingsOf(projectId);
    },

    /** One status for several addresses; those not in the order yet join it at the end, in the given sequence. */
    async setStatus(ctx: StaffContext, projectId: number, addressIds: number[], status: WorkOrderStatus): Promise<TStaffWorkOrderSettings> {
      await staffAccess.project(ctx, projectId);
      const ids = await assertAddresses(ctx, projectId, addressIds);
      await db.transaction(async (tx) => {
        const entries = await lockEntries(tx, projectId);
        const byAddress = new Map(entries.map((e) => [e.addressId, e]));
        const existing = ids.filter((id) => byAddress.has(id));
        const added = ids.filter((id) => !byAddress.has(id));
        if (existing.length) await updateEntries(tx, projectId, existing, { status });
        const first = await nextNumber(tx, projectId);
        await insertEntries(tx, added.map((addressId, i) => ({ projectId, addressId, number: first + i, status })));
        await audit.record(ctx, {
          action: 'update-status', entity: 'work-order', entityId: projectId, projectId,
          before: existing.map((id) => ({ address_id: id, status: byAddress.get(id)!.status })), after: { address_ids: ids, status, added },
        }, tx);
      });
      return settingsOf(projectId);
    },
  };
}
export type WorkOrderStaffService = ReturnType<typeof createWorkOrderStaffService>;

