import type { z } from 'zod';
import type { TStaffContact, TStaffListQuery, ZStaffContactBody } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { deleteFileIfUnused } from '../../lib/staff-content-b.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { optionalFileUrl, type FilesService } from '../files/index.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import type { StaffContent } from '../staff-content/index.ts';
import {
  deleteContact, findStaffContact, imageUnused, insertContact, selectStaffContacts, updateContact, type ContactValues, type StaffContactRow,
} from './contacts.staff.repository.ts';

type Body = z.output<typeof ZStaffContactBody>;
type Deps = { db: Db; files: FilesService; audit: AuditService; staffAccess: StaffAccess; staffContent: StaffContent };

/** Avatars and logos are uploaded as staff images for 'contacts' (owner 'contacts:{projectId}', modules/staff-content). */
const OWNER = 'contacts';

function toContact({ contact: c, avatarName, logoName }: StaffContactRow): TStaffContact {
  return {
    id: c.id, first_name: c.firstName, affix: c.affix, last_name: c.lastName, email: c.email, mobile_number: c.mobileNumber,
    phone_number: c.phoneNumber, function: c.function, description: c.description, organisation: c.organisation,
    avatar_id: c.avatarFileId, avatar_url: optionalFileUrl(c.avatarFileId, avatarName),
    logo_id: c.logoFileId, logo_url: optionalFileUrl(c.logoFileId, logoName),
    can_chat: c.canChat, is_public: c.isPublic, position: c.position,
  };
}

const values = (b: Body, images: { avatarFileId: number | null; logoFileId: number | null }): ContactValues => ({
  ...images, firstName: b.first_name, affix: b.affix, lastName: b.last_name, email: b.email, mobileNumber: b.mobile_number, phoneNumber: b.phone_number,
  function: b.function, description: b.description, organisation: b.organisation, canChat: b.can_chat, isPublic: b.is_public, position: b.position,
});

/** The console's contact persons of a project (issue 10): CRUD with avatar and logo; can_chat adds the resident's Chat link. */
export function createContactsStaffService({ db, files, audit, staffAccess, staffContent }: Deps) {
  async function rowOf(projectId: number, id: number): Promise<StaffContactRow> {
    const row = await findStaffContact(db, projectId, id);
    if (!row) throw new NotFoundError('Contactpersoon niet gevonden');
    return row;
  }
  const removeImageFile = (fileId: number | null) => deleteFileIfUnused(db, files, { fileId, owner: OWNER, unused: imageUnused(fileId ?? 0) });
  /** The images a contact may take: uploaded for this project's contacts, the ones it has, or none (422 at the field otherwise). */
  const imagesOf = async (body: Body, projectId: number, current?: TStaffContact) => ({
    avatarFileId: await staffContent.images.usable(body.avatar_id, OWNER, projectId, current?.avatar_id ?? null, 'avatar_id'),
    logoFileId: await staffContent.images.usable(body.logo_id, OWNER, projectId, current?.logo_id ?? null, 'logo_id'),
  });

  return {
    async list(ctx: StaffContext, projectId: number, query: TStaffListQuery): Promise<Page<TStaffContact>> {
      await staffAccess.project(ctx, projectId);
      const size = pageSize(query);
      const page = toPage(await selectStaffContacts(db, projectId, { q: query.q, after: query.before, limit: size + 1 }), size);
      return { items: page.items.map(toContact), hasMore: page.hasMore };
    },

    async get(ctx: StaffContext, projectId: number, id: number): Promise<TStaffContact> {
      await staffAccess.project(ctx, projectId);
      return toContact(await rowOf(projectId, id));
    },

    async create(ctx: StaffContext, projectId: number, body: Body): Promise<TStaffContact> {
      await staffAccess.project(ctx, projectId);
      const images = await imagesOf(body, projectId);
      const id = await db.transaction(async (tx) => {
        const created = await insertContact(tx, projectId, values(body, images));
        await audit.record(ctx, { action: 'create', entity: 'contact', entityId: created, projectId, before: null, after: body }, tx);
        return created;
      });
      return toContact(await rowOf(projectId, id));
    },

    async update(ctx: StaffContext, projectId: number, id: number, body: Body): Promise<TStaffContact> {
      await staffAccess.project(ctx, projectId);
      const before = toContact(await rowOf(projectId, id));
      const images = await imagesOf(body, projectId, before);
      await db.transaction(async (tx) => {
        await updateContact(tx, id, values(body, images));
        await audit.record(ctx, { action: 'update', entity: 'contact', entityId: id, projectId, before, after: body }, tx);
      });
      if (images.avatarFileId !== before.avatar_id) await removeImageFile(before.avatar_id);
      if (images.logoFileId !== before.logo_id) await removeImageFile(before.logo_id);
      return toContact(await rowOf(projectId, id));
    },

    async remove(ctx: StaffContext, projectId: number, id: number): Promise<void> {
      await staffAccess.project(ctx, projectId);
      const row = await rowOf(projectId, id);
      await db.transaction(async (tx) => {
        await deleteContact(tx, id);
        await audit.record(ctx, { action: 'delete', entity: 'contact', entityId: id, projectId, before: toContact(row), after: null }, tx);
      });
      await removeImageFile(row.contact.avatarFileId);
      await removeImageFile(row.contact.logoFileId);
    },
  };
}
export type ContactsStaffService = ReturnType<typeof createContactsStaffService>;
