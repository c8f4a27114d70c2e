import type { z } from 'zod';
import {
  contentStatus, staffContentBMessages, ZStaffDocumentBody, type TStaffDocument, type TStaffDocumentListQuery,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { deleteFileIfUnused, findProjectAddress, fullAddress, parseFormFields } from '../../lib/staff-content-b.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { checkDocument, fileUrl, type FilesService } from '../files/index.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import type { StaffContent } from '../staff-content/index.ts';
import {
  deleteStaffDocument, documentFileUnused, findStaffDocument, insertStaffDocument, selectStaffDocuments, updateStaffDocument, type StaffDocumentRow,
} from './documents.staff.repository.ts';

type Body = z.output<typeof ZStaffDocumentBody>;
type Deps = { db: Db; files: FilesService; audit: AuditService; staffAccess: StaffAccess; staffContent: StaffContent };

const OWNER = 'documents';
const notFound = () => new NotFoundError('Document niet gevonden');

function toDocument(r: StaffDocumentRow, now = new Date()): TStaffDocument {
  const d = r.document;
  return {
    id: d.id, address_id: d.addressId, full_address: r.address ? fullAddress(r.address) : null, type: d.type, subject: d.subject, name: d.name,
    methods: d.methods, is_public: d.isPublic, publish_at: d.publishAt?.toISOString() ?? null, status: contentStatus(d.publishAt, now),
    created_at: d.createdAt.toISOString(),
    // Staff may open project documents; an address's documents are its residents' only (documents.repository.ts).
    file: { url: d.addressId === null ? fileUrl(r.file) : null, filename: r.file.filename, mime: r.file.mime, size: r.file.size },
  };
}

/** What the audit log keeps of a document. */
const auditState = (d: TStaffDocument) => ({
  address_id: d.address_id, type: d.type, subject: d.subject, name: d.name, methods: d.methods, is_public: d.is_public, publish_at: d.publish_at,
  file: d.file.filename,
});

/**
 * Multipart text fields as the JSON body they stand for: `methods` JSON, `is_public` 'true'/'false',
 * empty `address_id` and `publish_at` none. Then the body's own schema (422 per field).
 */
export function parseDocumentFields(fields: Record<string, string>): Body {
  let methods: unknown = [];
  try {
    methods = fields.methods ? JSON.parse(fields.methods) : [];
  } catch {
    methods = null;
  }
  return parseFormFields(ZStaffDocumentBody, {
    address_id: fields.address_id ?? '', type: fields.type, subject: fields.subject, name: fields.name, methods,
    is_public: fields.is_public === 'true', publish_at: fields.publish_at || null,
  });
}

/** Residents date a document by its publication: created_at follows publish_at once it has one. */
const datedBy = (publishAt: Date | null) => (publishAt ? { createdAt: publishAt } : {});

/**
 * The console's documents (issue 10): project documents (address_id null) and those of one address;
 * upload (PDF or image, checked by content), change, publish (publish_at), delete. Residents and
 * visitors see a document only once published; their new-item counts move then (a scheduled document
 * announces itself at its moment through the content publishing job, modules/staff-content).
 */
export function createDocumentsStaffService({ db, files, audit, staffAccess, staffContent }: Deps) {
  const { publishing } = staffContent;
  async function rowOf(projectId: number, id: number) {
    const row = await findStaffDocument(db, projectId, id);
    if (!row) throw notFound();
    return row;
  }

  /** An address of the project or a 422 at address_id (null: a project document). */
  async function addressOf(ctx: StaffContext, projectId: number, addressId: number | null) {
    if (addressId === null) return null;
    const address = await findProjectAddress(db, { customerId: ctx.customerId, projectId }, addressId);
    if (!address) throw new UnprocessableError(undefined, [{ field: 'address_id', message: staffContentBMessages.addressUnknown }]);
    return address;
  }

  const values = (b: Body) => {
    const publishAt = b.publish_at === null ? null : new Date(b.publish_at);
    return { addressId: b.address_id, type: b.type, subject: b.subject, name: b.name, methods: b.methods, isPublic: b.is_public, publishAt };
  };

  return {
    async list(ctx: StaffContext, projectId: number, query: TStaffDocumentListQuery): Promise<Page<TStaffDocument>> {
      await staffAccess.project(ctx, projectId);
      const size = pageSize(query);
      const rows = await selectStaffDocuments(db, projectId, {
        q: query.q, scope: { kind: query.scope, addressId: query.address_id }, after: query.before, limit: size + 1,
      });
      const page = toPage(rows, size);
      const now = new Date();
      return { items: page.items.map((r) => toDocument(r, now)), hasMore: page.hasMore };
    },

    async get(ctx: StaffContext, projectId: number, id: number): Promise<TStaffDocument> {
      await staffAccess.project(ctx, projectId);
      return toDocument(await rowOf(projectId, id));
    },

    /** A new document from an upload: the fields (parseDocumentFields) and the file, a PDF or an image by content. */
    async create(ctx: StaffContext, projectId: number, body: Body, upload: { data: Buffer; filename: string }): Promise<TStaffDocument> {
      await staffAccess.project(ctx, projectId);
      await addressOf(ctx, projectId, body.address_id);
      const file = await checkDocument(upload, { type: staffContentBMessages.documentType });
      const id = await db.transaction(async (tx) => {
        const stored = await files.store({ filename: file.filename, mime: file.mime, data: file.data, owner: OWNER }, tx);
        const v = values(body);
        const created = await insertStaffDocument(tx, { projectId, fileId: stored.id, ...v, ...datedBy(v.publishAt) });
        await publishing.schedule({ projectId, key: `documents:${created}`, publishAt: v.publishAt }, tx);
        await audit.record(ctx, { action: 'create', entity: 'document', entityId: created, projectId, before: null, after: { ...body, file: stored.filename } }, tx);
        return created;
      });
      await publishing.announce(projectId);
      return toDocument(await rowOf(projectId, id));
    },

    async update(ctx: StaffContext, projectId: number, id: number, body: Body): Promise<TStaffDocument> {
      await staffAccess.project(ctx, projectId);
      const before = toDocument(await rowOf(projectId, id));
      await addressOf(ctx, projectId, body.address_id);
      await db.transaction(async (tx) => {
        const v = values(body);
        const republished = v.publishAt !== null && v.publishAt.toISOString() !== before.publish_at;
        await updateStaffDocument(tx, id, { ...v, ...(republished ? datedBy(v.publishAt) : {}) });
        await publishing.schedule({ projectId, key: `documents:${id}`, publishAt: v.publishAt }, tx);
        const after = { ...auditState(before), ...body };
        await audit.record(ctx, { action: 'update', entity: 'document', entityId: id, projectId, before: auditState(before), after }, tx);
      });
      await publishing.announce(projectId);
      return toDocument(await rowOf(projectId, id));
    },

    async remove(ctx: StaffContext, projectId: number, id: number): Promise<void> {
      await staffAccess.project(ctx, projectId);
      const row = await rowOf(projectId, id);
      await db.transaction(async (tx) => {
        await deleteStaffDocument(tx, id);
        await audit.record(ctx, { action: 'delete', entity: 'document', entityId: id, projectId, before: auditState(toDocument(row)), after: null }, tx);
      });
      await publishing.announce(projectId);
      await deleteFileIfUnused(db, files, { fileId: row.file.id, owner: OWNER, unused: documentFileUnused(row.file.id) });
    },
  };
}
export type DocumentsStaffService = ReturnType<typeof createDocumentsStaffService>;
