import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORM_ATTACHMENT_MAX_BYTES, FORM_IMAGE_MAX_BYTES, FORMS_EXPORT_MAX, ZStaffFormListExportQuery, FORM_IMPORT_MAX_BYTES, HAS_MORE_HEADER, pagedAnswer, staffFormsMessages, staffFormsPaths,
  ZApiError, ZFormFile, ZStaffAttachmentOrderBody, ZStaffAttachmentRenameBody, ZStaffForm, ZStaffFormAttachment, ZStaffFormAttachmentParams,
  ZStaffFormCopyBody, ZStaffFormCreateBody, ZStaffFormImage, ZStaffFormListItem, ZStaffFormListQuery, ZStaffFormMenu, ZStaffFormMenuBody,
  ZStaffFormMenuParams, ZStaffFormParams, ZStaffFormPublishBody, ZStaffFormsProjectParams, ZStaffFormUpdateBody, ZStaffFormVersion,
  ZStaffFormVersionDetail, ZStaffFormVersionParams,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { checkDocument, readDocumentForm, readImageUpload } from '../files/index.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const writeErrors = { ...errors, 409: ZApiError };
const ACCESS = 'Reading: forms.read; changes: forms.manage, on a project the account reaches. Another customer\'s (or an unreached project\'s) form '
  + 'answers 404 as one that does not exist. Every change is written to the audit log.';

const read = (key: 'projectId' | 'formId') => ({ access: access.console('forms.read', key === 'projectId' ? access.project(key) : access.form(key)) });
const manage = (key: 'projectId' | 'formId', action: string) => ({ access: access.console('forms.manage', key === 'projectId' ? access.project(key) : access.form(key), { action }) });

const attachmentTexts = { type: staffFormsMessages.attachmentType, missing: staffFormsMessages.attachmentMissing, tooLarge: staffFormsMessages.attachmentTooLarge };
const importTexts = { type: staffFormsMessages.importUnreadable, missing: staffFormsMessages.importUnreadable, tooLarge: (mb: number) => `Het bestand is te groot: maximaal ${mb} MB.` };
const imageTexts = { type: staffFormsMessages.imageType, missing: staffFormsMessages.imageMissing, tooLarge: staffFormsMessages.imageTooLarge };

/** The console's form builder (contract: staff-forms.ts). */
export const staffFormsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffForms } = services;
  await app.register(multipart, { limits: { fileSize: FORM_ATTACHMENT_MAX_BYTES, files: 1 } });

  app.get(staffFormsPaths.list, {
    config: read('projectId'),
    schema: {
      tags, security, summary: "A project's forms of every kind",
      description: `Newest first, paged (before/limit, X-Has-More); filters kind, status (without it: drafts and published forms), q (name). ${ACCESS}`,
      params: ZStaffFormsProjectParams, querystring: ZStaffFormListQuery, response: { 200: pagedAnswer(z.array(ZStaffFormListItem)), ...errors },
    },
  }, async (request, reply) => {
    const page = await staffForms.list(staffOf(request), request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.get(staffFormsPaths.listExport, {
    config: read('projectId'),
    schema: {
      tags, security, summary: "A project's forms as CSV or XLSX", description: `The list's filters; every match up to ${FORMS_EXPORT_MAX}. Audited. ${ACCESS}`,
      params: ZStaffFormsProjectParams, querystring: ZStaffFormListExportQuery, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('The list: text/csv or xlsx'), ...errors },
    },
  }, async (request, reply) => {
    const file = await staffForms.exportList(staffOf(request), request.params.projectId, request.query);
    return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
  });

  app.post(staffFormsPaths.list, {
    config: manage('projectId', 'form-create'),
    schema: { tags, security, summary: 'A new draft form of a kind', description: ACCESS, params: ZStaffFormsProjectParams, body: ZStaffFormCreateBody, response: { 201: ZStaffForm, ...errors } },
  }, async (request, reply) => reply.code(201).send(await staffForms.create(staffOf(request), request.params.projectId, request.body)));

  app.post(staffFormsPaths.import, {
    config: manage('projectId', 'form-import'),
    schema: {
      tags, security, summary: 'Imports a form file (JSON) as a new draft', consumes: ['multipart/form-data'],
      description: `multipart/form-data, the file in field \`file\` (at most ${FORM_IMPORT_MAX_BYTES / 1024 / 1024} MB): format '${'bewonersportaal-formulier'}', `
        + `schema_version 1, kind, name, settings, definition. Checked as the file format and by the definition's validator: 422 with Dutch messages. ${ACCESS}`,
      params: ZStaffFormsProjectParams, response: { 201: ZStaffForm, ...errors, 413: ZApiError },
    },
  }, async (request, reply) => {
    const ctx = staffOf(request);
    await services.staffAccess.project(ctx, request.params.projectId);
    const form = await readDocumentForm(request, FORM_IMPORT_MAX_BYTES, importTexts);
    return reply.code(201).send(await staffForms.importFile(ctx, request.params.projectId, form.file.data));
  });

  app.get(staffFormsPaths.form, {
    config: read('formId'),
    schema: { tags, security, summary: 'A form with every setting, its draft and revision', description: ACCESS, params: ZStaffFormParams, response: { 200: ZStaffForm, ...errors } },
  }, async (request) => staffForms.get(staffOf(request), request.params.formId));

  app.put(staffFormsPaths.form, {
    config: manage('formId', 'form-update'),
    schema: {
      tags, security, summary: "Saves a form's settings and draft",
      description: `Names the revision it read: a stale one answers 409 with a Dutch message. A definition the validator refuses: 422 naming each element. ${ACCESS}`,
      params: ZStaffFormParams, body: ZStaffFormUpdateBody, response: { 200: ZStaffForm, ...writeErrors },
    },
  }, async (request) => staffForms.update(staffOf(request), request.params.formId, request.body));

  app.post(staffFormsPaths.publish, {
    config: manage('formId', 'form-publish'),
    schema: {
      tags, security, summary: 'Publishes the draft as the next version',
      description: 'Freezes the draft in form_versions; residents answer it from now on (a first publish makes the form visible to them). A consent '
        + "(support-base) form republished after signing started needs consent_decision 'keep' or 'ask-again' with a reason (422 without); "
        + `'ask-again' reopens the signed entries for signing, the earlier signed document stays as evidence. ${ACCESS}`,
      params: ZStaffFormParams, body: ZStaffFormPublishBody, response: { 200: ZStaffForm, ...writeErrors },
    },
  }, async (request) => staffForms.publish(staffOf(request), request.params.formId, request.body));

  app.get(staffFormsPaths.versions, {
    config: read('formId'),
    schema: { tags, security, summary: "A form's published versions, newest first", description: ACCESS, params: ZStaffFormParams, response: { 200: z.array(ZStaffFormVersion), ...errors } },
  }, async (request) => staffForms.versions(staffOf(request), request.params.formId));

  app.get(staffFormsPaths.version, {
    config: read('formId'),
    schema: {
      tags, security, summary: 'One published version with its definition', description: ACCESS,
      params: ZStaffFormVersionParams, response: { 200: ZStaffFormVersionDetail, ...errors },
    },
  }, async (request) => staffForms.version(staffOf(request), request.params.formId, request.params.version));

  app.post(staffFormsPaths.copy, {
    config: manage('formId', 'form-copy'),
    schema: {
      tags, security, summary: 'Copies a form as a new draft, to this or another project the account reaches',
      description: `A project the account does not reach answers 404. ${ACCESS}`, params: ZStaffFormParams, body: ZStaffFormCopyBody, response: { 201: ZStaffForm, ...errors },
    },
  }, async (request, reply) => reply.code(201).send(await staffForms.copy(staffOf(request), request.params.formId, request.body.project_id)));

  app.post(staffFormsPaths.archive, {
    config: manage('formId', 'form-archive'),
    schema: { tags, security, summary: 'Archives a form: residents no longer see it, entries are kept', description: ACCESS, params: ZStaffFormParams, response: { 200: ZStaffForm, ...writeErrors } },
  }, async (request) => staffForms.archive(staffOf(request), request.params.formId, true));

  app.post(staffFormsPaths.restore, {
    config: manage('formId', 'form-restore'),
    schema: { tags, security, summary: 'Restores an archived form', description: ACCESS, params: ZStaffFormParams, response: { 200: ZStaffForm, ...writeErrors } },
  }, async (request) => staffForms.archive(staffOf(request), request.params.formId, false));

  app.get(staffFormsPaths.export, {
    config: read('formId'),
    schema: { tags, security, summary: 'The form as a JSON file (format bewonersportaal-formulier, schema_version 1)', description: ACCESS, params: ZStaffFormParams, response: { 200: ZFormFile, ...errors } },
  }, async (request, reply) => {
    const { filename, file } = await staffForms.exportFile(staffOf(request), request.params.formId);
    void reply.header('content-disposition', `attachment; filename="${filename}"`);
    return file;
  });

  // ---- attachments ----

  app.get(staffFormsPaths.attachments, {
    config: read('formId'),
    schema: { tags, security, summary: "A consent form's attachments, in order", description: ACCESS, params: ZStaffFormParams, response: { 200: z.array(ZStaffFormAttachment), ...errors } },
  }, async (request) => staffForms.attachments(staffOf(request), request.params.formId));

  app.post(staffFormsPaths.attachments, {
    config: manage('formId', 'form-attachment-add'),
    schema: {
      tags, security, summary: 'Adds a PDF attachment to a consent form', consumes: ['multipart/form-data'],
      description: `multipart/form-data: the PDF in field \`file\` (at most ${FORM_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB, checked by content, no active content), `
        + `optional field \`name\`. ${ACCESS}`,
      params: ZStaffFormParams, response: { 201: z.array(ZStaffFormAttachment), ...errors, 413: ZApiError },
    },
  }, async (request, reply) => {
    const ctx = staffOf(request);
    await staffForms.get(ctx, request.params.formId);
    const form = await readDocumentForm(request, FORM_ATTACHMENT_MAX_BYTES, attachmentTexts);
    const document = await checkDocument(form.file, attachmentTexts);
    return reply.code(201).send(await staffForms.addAttachment(ctx, request.params.formId, document, form.fields.name));
  });

  app.put(staffFormsPaths.attachmentsOrder, {
    config: manage('formId', 'form-attachment-order'),
    schema: { tags, security, summary: 'Orders the attachments (every id once)', description: ACCESS, params: ZStaffFormParams, body: ZStaffAttachmentOrderBody, response: { 200: z.array(ZStaffFormAttachment), ...errors } },
  }, async (request) => staffForms.orderAttachments(staffOf(request), request.params.formId, request.body.ids));

  app.put(staffFormsPaths.attachment, {
    config: manage('formId', 'form-attachment-rename'),
    schema: { tags, security, summary: 'Renames an attachment', description: ACCESS, params: ZStaffFormAttachmentParams, body: ZStaffAttachmentRenameBody, response: { 200: z.array(ZStaffFormAttachment), ...errors } },
  }, async (request) => staffForms.renameAttachment(staffOf(request), request.params.formId, request.params.attachmentId, request.body.name));

  app.delete(staffFormsPaths.attachment, {
    config: manage('formId', 'form-attachment-remove'),
    schema: { tags, security, summary: 'Removes an attachment', description: ACCESS, params: ZStaffFormAttachmentParams, response: { 200: z.array(ZStaffFormAttachment), ...errors } },
  }, async (request) => staffForms.removeAttachment(staffOf(request), request.params.formId, request.params.attachmentId));

  app.post(staffFormsPaths.images, {
    config: manage('formId', 'form-image'),
    schema: {
      tags, security, summary: 'Uploads a drawing or option picture for a form', consumes: ['multipart/form-data'],
      description: `multipart/form-data, field \`image\`: png or jpeg by content, at most ${FORM_IMAGE_MAX_BYTES / 1024 / 1024} MB; stored without metadata and linked `
        + `to the form, so whoever may open the form may read it. Answers the URL to put in the definition. ${ACCESS}`,
      params: ZStaffFormParams, response: { 201: ZStaffFormImage, ...errors, 413: ZApiError },
    },
  }, async (request, reply) => {
    const ctx = staffOf(request);
    await staffForms.get(ctx, request.params.formId);
    const data = await readImageUpload(request, FORM_IMAGE_MAX_BYTES, imageTexts);
    return reply.code(201).send(await staffForms.storeImage(ctx, request.params.formId, data));
  });

  // ---- menus of generic forms ----

  app.get(staffFormsPaths.menus, {
    config: read('projectId'),
    schema: { tags, security, summary: "A project's form menus", description: ACCESS, params: ZStaffFormsProjectParams, response: { 200: z.array(ZStaffFormMenu), ...errors } },
  }, async (request) => staffForms.menus(staffOf(request), request.params.projectId));

  app.post(staffFormsPaths.menus, {
    config: manage('projectId', 'form-menu-create'),
    schema: { tags, security, summary: 'Adds a form menu', description: ACCESS, params: ZStaffFormsProjectParams, body: ZStaffFormMenuBody, response: { 201: z.array(ZStaffFormMenu), ...errors } },
  }, async (request, reply) => reply.code(201).send(await staffForms.createMenu(staffOf(request), request.params.projectId, request.body.name)));

  app.put(staffFormsPaths.menu, {
    config: manage('projectId', 'form-menu-rename'),
    schema: { tags, security, summary: 'Renames a form menu', description: ACCESS, params: ZStaffFormMenuParams, body: ZStaffFormMenuBody, response: { 200: z.array(ZStaffFormMenu), ...errors } },
  }, async (request) => staffForms.renameMenu(staffOf(request), request.params.projectId, request.params.menuId, request.body.name));

  app.delete(staffFormsPaths.menu, {
    config: manage('projectId', 'form-menu-delete'),
    schema: { tags, security, summary: 'Deletes a form menu; its forms move to the top of the overview', description: ACCESS, params: ZStaffFormMenuParams, response: { 200: z.array(ZStaffFormMenu), ...errors } },
  }, async (request) => staffForms.removeMenu(staffOf(request), request.params.projectId, request.params.menuId));
};
