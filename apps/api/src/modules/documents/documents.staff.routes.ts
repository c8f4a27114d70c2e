import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HAS_MORE_HEADER, pagedAnswer, STAFF_DOCUMENT_MAX_BYTES, staffContentBMessages, staffContentBPaths as paths, ZStaffContentBItemParams,
  ZStaffContentBParams, ZStaffDocument, ZStaffDocumentBody, ZStaffDocumentList, ZStaffDocumentListQuery, ZSuccess,
} from '@portal/contract';
import { signedFor, staffReadErrors, staffSecurity as security, staffTags as tags, staffUploadErrors, staffWriteErrors } from '../../lib/staff-content-b.ts';
import type { Services } from '../../services.ts';
import { readDocumentForm } from '../files/index.ts';
import { staffOf } from '../staff/staff-access.ts';
import { createDocumentsStaffService, parseDocumentFields } from './documents.staff.service.ts';
import { contentAccess } from '../../lib/staff-routes.ts';

const uploadTexts = { type: staffContentBMessages.documentType, missing: staffContentBMessages.fileMissing, tooLarge: staffContentBMessages.fileTooLarge };
const ACCESS = "Staff of the project (customer administrators: every project of their customer; project editors: the projects they were given); another customer's project or document answers 404. Every change is audited.";
const PUBLISHING = 'publish_at (ISO 8601) null is a draft, a future moment scheduled, a past one published: residents, partners and visitors see the document, '
  + 'and residents count it as new, only from then on; created_at (the date residents see) follows publish_at. is_public: public visitors see a project document too.';

/** The console's documents: /staff/projects/{projectId}/documents/... (project documents and per-address ones). */
export const documentsStaffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffAccess, files } = services;
  const documents = createDocumentsStaffService(services);
  await app.register(multipart, { limits: { fileSize: STAFF_DOCUMENT_MAX_BYTES, files: 1 } });

  app.get(paths.documents, {
    config: contentAccess,
    schema: {
      tags, summary: "The project's documents, drafts included, newest first",
      description: 'scope=project: project documents only; scope=address: per-address documents only, of `address_id` when given. '
        + `Paged (before: the id of the last document held; limit; X-Has-More), searchable (q: name, subject, type, address). file.url is set for project documents only (an address's documents are for its residents). ${ACCESS}`,
      params: ZStaffContentBParams, querystring: ZStaffDocumentListQuery, security, response: { 200: pagedAnswer(ZStaffDocumentList), ...staffReadErrors },
    },
  }, async (request, reply) => {
    const ctx = staffOf(request);
    const page = await documents.list(ctx, request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return signedFor(files, ctx, page.items);
  });

  app.get(paths.document, {
    config: contentAccess,
    schema: { tags, summary: 'One document', params: ZStaffContentBItemParams, security, response: { 200: ZStaffDocument, ...staffReadErrors } },
  }, async (request) => {
    const ctx = staffOf(request);
    return signedFor(files, ctx, await documents.get(ctx, request.params.projectId, request.params.id));
  });

  app.post(paths.documents, {
    config: contentAccess,
    schema: {
      tags, summary: 'Uploads a document', consumes: ['multipart/form-data'],
      description: 'multipart/form-data: the fields of ZStaffDocumentBody as text (`methods` JSON, `is_public` true/false, `address_id` and `publish_at` empty for none) '
        + `and the file in field \`file\`: a PDF, png or jpeg by content, at most ${STAFF_DOCUMENT_MAX_BYTES / 1024 / 1024} MB (images are stored without metadata). `
        + `address_id: an address of the project (422 otherwise), or none for a project document. ${PUBLISHING} ${ACCESS}`,
      params: ZStaffContentBParams, security, response: { 201: ZStaffDocument, ...staffUploadErrors },
    },
  }, async (request, reply) => {
    const ctx = staffOf(request);
    const { projectId } = request.params;
    await staffAccess.project(ctx, projectId); // 404 before reading the upload
    const form = await readDocumentForm(request, STAFF_DOCUMENT_MAX_BYTES, uploadTexts);
    const created = await documents.create(ctx, projectId, parseDocumentFields(form.fields), form.file);
    return reply.status(201).send(await signedFor(files, ctx, created));
  });

  app.put(paths.document, {
    config: contentAccess,
    schema: {
      tags, summary: "Changes a document's fields (the file stays)", description: `${PUBLISHING} ${ACCESS}`,
      params: ZStaffContentBItemParams, body: ZStaffDocumentBody, security, response: { 200: ZStaffDocument, ...staffWriteErrors },
    },
  }, async (request) => {
    const ctx = staffOf(request);
    return signedFor(files, ctx, await documents.update(ctx, request.params.projectId, request.params.id, request.body));
  });

  app.delete(paths.document, {
    config: contentAccess,
    schema: { tags, summary: 'Deletes a document and its file', params: ZStaffContentBItemParams, security, response: { 200: ZSuccess, ...staffReadErrors } },
  }, async (request) => {
    await documents.remove(staffOf(request), request.params.projectId, request.params.id);
    return { success: true };
  });
};
