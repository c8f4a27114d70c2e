import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HAS_MORE_HEADER, pagedAnswer, STAFF_DOCUMENT_MAX_BYTES, staffContentBMessages, staffContentBPaths as paths, ZStaffContentBItemParams,
  ZStaffContentBParams, ZStaffDossierItem, ZStaffDossierList, ZStaffDossierListQuery, ZSuccess,
} from '@portal/contract';
import { staffReadErrors, staffSecurity as security, staffTags as tags, staffUploadErrors } from '../../lib/staff-content-b.ts';
import type { Services } from '../../services.ts';
import { readDocumentForm } from '../files/index.ts';
import { staffOf } from '../staff/staff-access.ts';
import { createDossierStaffService, parseDossierFields } from './dossier.staff.service.ts';
import { contentAccess } from '../../lib/staff-routes.ts';

const uploadTexts = { type: staffContentBMessages.documentType, missing: staffContentBMessages.fileMissing, tooLarge: staffContentBMessages.fileTooLarge };
const ACCESS = "Staff of the project (customer administrators: every project of their customer; project editors: the projects they were given); another customer's project, address or item answers 404 (an address outside the project on upload: 422). Every change is audited.";

/** The console's dossier items: /staff/projects/{projectId}/dossier/... */
export const dossierStaffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffAccess } = services;
  const dossier = createDossierStaffService(services);
  await app.register(multipart, { limits: { fileSize: STAFF_DOCUMENT_MAX_BYTES, files: 1 } });

  app.get(paths.dossier, {
    // A dossier holds an address's personal papers: every read is audited.
    config: { access: { ...contentAccess.access, personalData: true } },
    schema: {
      tags, summary: "The project's dossier items (of one address with `address_id`), newest first",
      description: 'Paged (before: the id of the last item held; limit; X-Has-More), searchable (q: name, subject, type, address). '
        + `fetched: a resident of the address downloaded it. No download link: a dossier is for the address's residents only. ${ACCESS}`,
      params: ZStaffContentBParams, querystring: ZStaffDossierListQuery, security, response: { 200: pagedAnswer(ZStaffDossierList), ...staffReadErrors },
    },
  }, async (request, reply) => {
    const page = await dossier.list(staffOf(request), request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.post(paths.dossier, {
    config: contentAccess,
    schema: {
      tags, summary: "Uploads an item into an address's dossier", consumes: ['multipart/form-data'],
      description: 'multipart/form-data: the fields of ZStaffDossierBody as text (address_id, type, sub_type, method_type, name, subject) and the file in field `file`: '
        + `a PDF, png or jpeg by content, at most ${STAFF_DOCUMENT_MAX_BYTES / 1024 / 1024} MB. The address's residents see it at once, as a new item. ${ACCESS}`,
      params: ZStaffContentBParams, security, response: { 201: ZStaffDossierItem, ...staffUploadErrors },
    },
  }, async (request, reply) => {
    const ctx = staffOf(request);
    const { projectId } = request.params;
    await staffAccess.project(ctx, projectId); // 404 before reading the upload
    const form = await readDocumentForm(request, STAFF_DOCUMENT_MAX_BYTES, uploadTexts);
    return reply.status(201).send(await dossier.create(ctx, projectId, parseDossierFields(form.fields), form.file));
  });

  app.delete(paths.dossierItem, {
    config: contentAccess,
    schema: { tags, summary: 'Deletes a dossier item (and its file, when the console uploaded it)', params: ZStaffContentBItemParams, security, response: { 200: ZSuccess, ...staffReadErrors } },
  }, async (request) => {
    await dossier.remove(staffOf(request), request.params.projectId, request.params.id);
    return { success: true };
  });
};
