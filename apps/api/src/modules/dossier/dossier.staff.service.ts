import type { z } from 'zod';
import { staffContentBMessages, ZStaffDossierBody, type TStaffDossierItem, type TStaffListQuery } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { deleteFileIfUnused, findProjectAddress, fullAddress, parseFormFields } from '../../lib/staff-content-b.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { checkDocument, type FilesService } from '../files/index.ts';
import type { ProjectService } from '../project/project.service.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import type { DossierService } from './dossier.service.ts';
import { deleteStaffDossierItem, dossierFileUnused, findStaffDossierItem, selectStaffDossier, type StaffDossierRow } from './dossier.staff.repository.ts';

type Body = z.output<typeof ZStaffDossierBody>;
type Deps = { db: Db; files: FilesService; audit: AuditService; staffAccess: StaffAccess; projects: ProjectService; dossier: DossierService };

/** Files the console uploads into dossiers; files of other modules (signed forms) stay with those modules. */
const OWNER = 'dossier';

function toItem(r: StaffDossierRow): TStaffDossierItem {
  const i = r.item;
  return {
    id: i.id, address_id: i.addressId, full_address: fullAddress(r.address), type: i.type, sub_type: i.subType, method_type: i.methodType,
    name: i.name, subject: i.subject, created_at: i.createdAt.toISOString(), fetched: r.fetched,
    file: { url: null, filename: r.file.filename, mime: r.file.mime, size: r.file.size },
  };
}

/** Multipart text fields through the body's schema (422 per field). */
export const parseDossierFields = (fields: Record<string, string>): Body => parseFormFields(ZStaffDossierBody, fields);

/**
 * The console's dossier items (issue 10): per address of the project, uploaded (PDF or image, checked
 * by content), listed and deleted. The address's residents see an item at once (it counts as new).
 */
export function createDossierStaffService({ db, files, audit, staffAccess, projects, dossier }: Deps) {
  async function rowOf(projectId: number, id: number) {
    const row = await findStaffDossierItem(db, projectId, id);
    if (!row) throw new NotFoundError('Dossierstuk niet gevonden');
    return row;
  }

  return {
    async list(ctx: StaffContext, projectId: number, query: TStaffListQuery & { address_id?: number }): Promise<Page<TStaffDossierItem>> {
      await staffAccess.project(ctx, projectId);
      const size = pageSize(query);
      const rows = await selectStaffDossier(db, projectId, { q: query.q, addressId: query.address_id, after: query.before, limit: size + 1 });
      const page = toPage(rows, size);
      return { items: page.items.map(toItem), hasMore: page.hasMore };
    },

    async create(ctx: StaffContext, projectId: number, body: Body, upload: { data: Buffer; filename: string }): Promise<TStaffDossierItem> {
      await staffAccess.project(ctx, projectId);
      const address = await findProjectAddress(db, { customerId: ctx.customerId, projectId }, body.address_id);
      if (!address) throw new UnprocessableError(undefined, [{ field: 'address_id', message: staffContentBMessages.addressUnknown }]);
      const file = await checkDocument(upload, { type: staffContentBMessages.documentType });
      const id = await db.transaction(async (tx) => {
        const stored = await files.store({ filename: file.filename, mime: file.mime, data: file.data, owner: OWNER }, tx);
        const [added] = await dossier.add([{
          projectId, addressId: address.id, fileId: stored.id, type: body.type, subType: body.sub_type, methodType: body.method_type,
          name: body.name, subject: body.subject,
        }], tx);
        await audit.record(ctx, {
          action: 'create', entity: 'dossier-item', entityId: added!.id, projectId,
          before: null, after: { ...body, address: fullAddress(address), file: stored.filename },
        }, tx);
        return added!.id;
      });
      await projects.invalidateNewItems({ addressId: address.id });
      return toItem(await rowOf(projectId, id));
    },

    async remove(ctx: StaffContext, projectId: number, id: number): Promise<void> {
      await staffAccess.project(ctx, projectId);
      const row = await rowOf(projectId, id);
      await db.transaction(async (tx) => {
        await deleteStaffDossierItem(tx, id);
        const { file, ...before } = toItem(row);
        await audit.record(ctx, { action: 'delete', entity: 'dossier-item', entityId: id, projectId, before: { ...before, file: file.filename }, after: null }, tx);
      });
      await projects.invalidateNewItems({ addressId: row.item.addressId });
      await deleteFileIfUnused(db, files, { fileId: row.file.id, owner: OWNER, unused: dossierFileUnused(row.file.id) });
    },
  };
}
export type DossierStaffService = ReturnType<typeof createDossierStaffService>;
