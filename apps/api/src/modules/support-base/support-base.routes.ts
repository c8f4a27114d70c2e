import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONSENT_SCAN_MAX_BYTES, consentPaperMessages, ZApiError, ZConsentPaperConfirmBody, ZConsentPaperCorrectionFields, ZConsentPaperFields, ZConsentPaperHistory,
  ZConsentPaperParams, ZConsentPaperRecordParams, ZConsentPaperRejectBody, ZConsentTally, ZConsentTallyParams, ZConsentTallyQuery, ZFormOccupant, ZIsSigned, ZLanguageQuery, ZSupportBaseDownloadQuery,
  ZSupportBaseForm, ZSupportBaseMobileBody, ZSupportBaseNrBody, ZSupportBaseParams, ZSupportBaseProject, ZSupportBasePublicParams,
  ZSupportBasePublicSectionParams, ZSupportBasePublicSignerParams, ZSupportBaseSaveBody, ZSupportBaseSectionParams, ZSupportBaseSendBody,
  ZSupportBaseSignerParams, ZSupportBaseSignUrl, ZId, type TPermission,
} from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { parseFormFields } from '../../lib/staff-content-b.ts';
import { readDocumentForm, sendStoredFile } from '../files/index.ts';
import type { SupportBaseAccess } from './support-base.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const changeErrors = { ...errors, 409: ZApiError, 422: ZApiError, 429: ZApiError };
const secured = [{ bearer: [] }];
const tags = ['support-base'];

const STEPS =
  'Steps (spec 2.3, 4.1): sections (section 0 the agreement statement; `completed` when every required field is filled in), attachments, ' +
  'the document (open `document_url`: that sets `document_checked`; any save makes a new document that must be opened again), ' +
  'nr-of-signatures (with the names of the signers), mobile-number/{nr} per signer when `use_sms_auth`, signage/url/{nr} + is-signed/{nr} (poll every 4 seconds), send. ' +
  'Read-only (`editable` false) once a signature was requested, signed, confirmed or on paper.';
const pdfName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '');

/**
 * Support-base (draagvlak) forms: residents under /occupant/support-base/form/{form_id}, the holder of a
 * letter's personal link under /public/support-base/form/{form_id}/token/{token} (the same calls), and
 * the consent tally for staff. See packages/contract/src/support-base.ts for the shapes.
 */
export const supportBaseRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { supportBase, projects } = services;
  const { calls } = supportBase;
  await app.register(multipart, { limits: { fileSize: CONSENT_SCAN_MAX_BYTES, files: 1 } });

  const variants = [
    {
      who: 'resident',
      base: '/occupant/support-base/form/:form_id',
      read: { access: access.resident({ personalData: true }) },
      write: { access: access.resident() },
      security: secured,
      params: { form: ZSupportBaseParams, section: ZSupportBaseSectionParams, signer: ZSupportBaseSignerParams },
      access: (request: FastifyRequest): Promise<SupportBaseAccess> => supportBase.occupant(sessionOf(request), (request.params as { form_id: number }).form_id),
    },
    {
      who: "letter's holder",
      base: '/public/support-base/form/:form_id/token/:token',
      // A letter link answers on its own customer's host only (plugins/public-scope.ts).
      read: { access: access.public, publicScope: { kind: 'form', param: 'form_id' } },
      write: { access: access.public, publicScope: { kind: 'form', param: 'form_id' } },
      security: undefined,
      params: { form: ZSupportBasePublicParams, section: ZSupportBasePublicSectionParams, signer: ZSupportBasePublicSignerParams },
      access: (request: FastifyRequest): Promise<SupportBaseAccess> => {
        const { form_id: formId, token } = request.params as { form_id: number; token: string };
        return supportBase.letter(formId, token);
      },
    },
  ] as const;

  for (const v of variants) {
        const p = (request: FastifyRequest) => request.params as { section: string; nr: number };

    app.get(v.base, {
      config: v.read,
      schema: { tags, summary: `The ${v.who}'s support-base form with its steps`, description: STEPS, params: v.params.form, querystring: ZLanguageQuery, security: v.security, response: { 200: ZSupportBaseForm, ...errors } },
    }, async (request) => calls.form(await v.access(request)));

    app.post(`${v.base}/section/:section`, {
      config: v.write,
      schema: {
        tags, summary: 'Saves one section (0-based)',
        description: "Values as one flat map (form-rules.ts); every required field of the section must be filled in (agreement inputs always). Invalid: 422 'Controleer de formulier velden' with errors per `values.{key}`. After a signature request, signing, finishing or a paper form: 409.",
        params: v.params.section, body: ZSupportBaseSaveBody, security: v.security, response: { 200: ZSupportBaseForm, ...changeErrors },
      },
    }, async (request) => calls.save(await v.access(request), Number(p(request).section), request.body));

    app.post(`${v.base}/nr-of-signatures`, {
      config: v.write,
      schema: {
        tags, summary: 'Sets the number of signers and their names',
        description: "1-20, else 422 'Het aantal handtekeningen moet groter of gelijk zijn aan 1'. `names`: every signer's name, else 422 'Vul de naam van ondertekenaar {n} in' (per `names.{i}`, 0-based); the signed document and the receipt name them. Needs the sections done and the document opened (409).",
        params: v.params.form, body: ZSupportBaseNrBody, security: v.security, response: { 200: ZSupportBaseForm, ...changeErrors },
      },
    }, async (request) => calls.setNrOfSignatures(await v.access(request), request.body));

    app.post(`${v.base}/mobile-number/:nr`, {
      config: v.write,
      schema: {
        tags, summary: "Sets signer nr's mobile number (SMS verification)", description: "A Dutch mobile number, written with spaces, dashes or +31/0031 if need be, stored as 06 plus 8 digits; else 422 'Er is geen geldig mobiel nummer n ingevuld, bijvoorbeeld: 0612345678.' followed by what is wrong",
        params: v.params.signer, body: ZSupportBaseMobileBody, security: v.security, response: { 200: ZSupportBaseForm, ...changeErrors },
      },
    }, async (request) => calls.setMobile(await v.access(request), p(request).nr, request.body.mobile));

    app.get(`${v.base}/signage/url/:nr`, {
      config: v.read,
      schema: {
        tags, summary: 'The signing link of signer nr, to show in a frame',
        description: 'The first call starts the signing request with the document (SMS verification with the signers\' mobile numbers when the form uses it); the form becomes read-only. Poll is-signed/{nr} every 4 seconds.',
        params: v.params.signer, querystring: ZLanguageQuery, security: v.security, response: { 200: ZSupportBaseSignUrl, ...changeErrors, 503: ZApiError },
      },
    }, async (request) => calls.signUrl(await v.access(request), p(request).nr));

    app.get(`${v.base}/is-signed/:nr`, {
      config: v.read,
      schema: { tags, summary: 'Whether signer nr has signed', params: v.params.signer, querystring: ZLanguageQuery, security: v.security, response: { 200: ZIsSigned, ...changeErrors } },
    }, async (request) => calls.isSigned(await v.access(request), p(request).nr));

    app.get(`${v.base}/project`, {
      config: v.read,
      schema: { tags, summary: "The form's project (name, logo, colour) and the address", params: v.params.form, querystring: ZLanguageQuery, security: v.security, response: { 200: ZSupportBaseProject, ...errors } },
    }, async (request) => calls.project(await v.access(request)));

    app.get(`${v.base}/occupants`, {
      config: v.read,
      schema: { tags, summary: "The address's occupants for contact inputs (a letter's holder gets none)", params: v.params.form, querystring: ZLanguageQuery, security: v.security, response: { 200: z.array(ZFormOccupant), ...errors } },
    }, async (request) => calls.occupants(await v.access(request)));

    app.post(`${v.base}/send`, {
      config: v.write,
      schema: {
        tags, summary: 'Finishes the form (afronden): status confirmed',
        description: "Only when signed (else 409 'Het formulier is nog niet ondertekend bij ons ontvangen...'). An e-mail address, when given, gets a confirmation with the document.",
        params: v.params.form, body: ZSupportBaseSendBody, security: v.security, response: { 200: ZSupportBaseForm, ...changeErrors },
      },
    }, async (request) => calls.send(await v.access(request), request.body));
  }

  // ---- the document and attachments ----------------------------------------------------------------------

  const DOWNLOAD = 'The token is a signed file link of the current document (from `document_url`, minutes valid), never a session token. Opening it sets document_checked. A bad, expired or replaced link: 401.';
  app.get('/occupant/support-base/form/:form_id/download', {
    config: { access: access.public },
    schema: { tags, summary: "The resident's document (PDF) for checking", description: DOWNLOAD, params: ZSupportBaseParams, querystring: ZSupportBaseDownloadQuery, response: { 401: ZApiError, 404: ZApiError, 409: ZApiError } },
  }, async (request, reply) => {
    const pdf = await supportBase.download(request.params.form_id, request.query.token);
    return sendStoredFile(reply, pdf, { disposition: `inline; filename="${pdfName(pdf.filename)}"`, maxAge: 0 });
  });

  app.get('/public/support-base/form/:form_id/token/:token/download', {
    config: { access: access.public, publicScope: { kind: 'form', param: 'form_id' } },
    schema: { tags, summary: "A letter's holder's document (PDF) for checking", description: DOWNLOAD, params: ZSupportBasePublicParams, querystring: ZSupportBaseDownloadQuery, response: { 401: ZApiError, 404: ZApiError, 409: ZApiError } },
  }, async (request, reply) => {
    const pdf = await supportBase.download(request.params.form_id, request.query.token, request.params.token);
    return sendStoredFile(reply, pdf, { disposition: `inline; filename="${pdfName(pdf.filename)}"`, maxAge: 0 });
  });

  app.get('/public/support-base/form/:form_id/token/:token/attachment/:nr', {
    config: { access: access.public, publicScope: { kind: 'form', param: 'form_id' } },
    schema: {
      tags, summary: "An attachment of the form for a letter's holder (residents get signed file links)",
      params: ZSupportBasePublicParams.extend({ nr: ZId }), querystring: ZLanguageQuery, response: { 404: ZApiError },
    },
  }, async (request, reply) => {
    const file = await calls.attachment(await supportBase.letter(request.params.form_id, request.params.token), request.params.nr);
    return sendStoredFile(reply, file, { disposition: `inline; filename="${pdfName(file.filename)}"` });
  });

  // ---- paper forms (issue 15): a scan, a second staff member's confirmation, corrections with a reason ------------------

  const PAPER = 'Partner-portal staff with the permission named (plugins/access.ts); a project out of reach, a form of another project or an address outside the project: 404. '
    + 'Every action is written to the audit log. Answers the address\'s paper forms (newest first), with `can_confirm` for the caller.';
  const scanTexts = { type: consentPaperMessages.scanType, missing: consentPaperMessages.scanMissing, tooLarge: consentPaperMessages.scanTooLarge };
  const paperBase = '/partner/project/:project_id/support-base/form/:form_id/address/:address_id/paper';
  const place = (params: { project_id: number; form_id: number; address_id: number }) =>
    ({ projectId: params.project_id, formId: params.form_id, addressId: params.address_id });
  /** The guard checks the project's reach and the permission; the records and the audit log name the acting staff member (`actorOf`). */
  const paperAccess = (permission: TPermission, action: string, options: { personalData?: boolean } = {}) =>
    ({ access: access.partner(permission, access.project('project_id'), { action, ...options }) });

  app.get(paperBase, {
    config: paperAccess('consent.tally.read', 'paper-history', { personalData: true }),
    schema: { tags, summary: "An address's paper forms (history)", description: PAPER, params: ZConsentPaperParams, querystring: ZLanguageQuery, security: secured, response: { 200: ZConsentPaperHistory, ...errors } },
  }, async (request) => supportBase.paper.history(actorOf(request), place(request.params)));

  app.post(paperBase, {
    config: paperAccess('consent.paper.record', 'paper-record'),
    schema: {
      tags, summary: 'Records a form that came back on paper, with a scan of the signed paper', consumes: ['multipart/form-data'],
      description: 'multipart/form-data: `agreement` (agree | disagree) and the scan in field `file`: a PDF, PNG or JPEG by content, at most '
        + `${CONSENT_SCAN_MAX_BYTES / 1024 / 1024} MB (else 422, too large 413). The record waits for a second staff member's confirmation before it counts; `
        + "the address's open signing requests are cancelled. A digitally signed address, or one with a paper form already (correct that one): 409. " + PAPER,
      params: ZConsentPaperParams, security: secured, response: { 201: ZConsentPaperHistory, ...changeErrors, 413: ZApiError },
    },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const form = await readDocumentForm(request, CONSENT_SCAN_MAX_BYTES, scanTexts, { optional: true });
    const fields = parseFormFields(ZConsentPaperFields, form.fields);
    return reply.status(201).send(await supportBase.paper.record(actor, place(request.params), { agreement: fields.agreement, scan: form.file }));
  });

  app.post(`${paperBase}/:record_id/confirm`, {
    config: paperAccess('consent.paper.confirm', 'paper-confirm'),
    schema: {
      tags, summary: 'Confirms a paper form someone else recorded: from now on it counts (a correction replaces the record it corrects)',
      description: `Not by the staff member who recorded it, and only while it waits: 409. ${PAPER}`,
      params: ZConsentPaperRecordParams, body: ZConsentPaperConfirmBody, security: secured, response: { 200: ZConsentPaperHistory, ...changeErrors },
    },
  }, async (request) => supportBase.paper.confirm(actorOf(request), place(request.params), request.params.record_id));

  app.post(`${paperBase}/:record_id/reject`, {
    config: paperAccess('consent.paper.confirm', 'paper-reject'),
    schema: {
      tags, summary: 'Rejects a paper form that waits for confirmation, with a reason', description: `Only while it waits: 409. ${PAPER}`,
      params: ZConsentPaperRecordParams, body: ZConsentPaperRejectBody, security: secured, response: { 200: ZConsentPaperHistory, ...changeErrors },
    },
  }, async (request) => supportBase.paper.reject(actorOf(request), place(request.params), request.params.record_id, request.body.reason));

  app.post(`${paperBase}/:record_id/correct`, {
    config: paperAccess('consent.paper.record', 'paper-correct'),
    schema: {
      tags, summary: 'Corrects the confirmed paper form that counts: a new record with a reason, which waits for confirmation', consumes: ['multipart/form-data'],
      description: 'multipart/form-data: `agreement`, `reason` and optionally a new scan in field `file` (without one the corrected record\'s scan is kept). '
        + 'The corrected record counts until the correction is confirmed, then stays in the history as superseded. Only the record that counts can be corrected, '
        + `and not while another record waits: 409. ${PAPER}`,
      params: ZConsentPaperRecordParams, security: secured, response: { 201: ZConsentPaperHistory, ...changeErrors, 413: ZApiError },
    },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const form = await readDocumentForm(request, CONSENT_SCAN_MAX_BYTES, scanTexts, { optional: true });
    const fields = parseFormFields(ZConsentPaperCorrectionFields, form.fields);
    return reply.status(201).send(await supportBase.paper.correct(actor, place(request.params), request.params.record_id, { ...fields, scan: form.file }));
  });

  // ---- the consent tally -----------------------------------------------------------------------------------

  app.get('/partner/project/:project_id/support-base/tally', {
    config: { access: access.partner('consent.tally.read', access.project('project_id'), { personalData: true }) },
    schema: {
      tags, summary: "The consent tally of the project's support-base form (the 70% rule)",
      description: 'Per building unit: homes, vacant, agreed, disagreed, signed, answering, not started, on paper (confirmed), paper forms waiting for confirmation, conflicts (signed digitally after a paper form); percentages with and without vacant homes (the project setting consent_counts_vacant makes one leading), whether 70% is reached and when it first was. Only signed documents whose signed PDF is stored and confirmed paper forms count. With a page of addresses (25 per page) and their status.',
      params: ZConsentTallyParams, querystring: ZConsentTallyQuery, security: secured, response: { 200: ZConsentTally, ...errors },
    },
  }, async (request) => {
    await projects.staffProject(sessionOf(request), request.params.project_id);
    const { form_id: formId, page, building_unit: buildingUnit } = request.query;
    return supportBase.tally.tally(request.params.project_id, { formId, page, buildingUnit });
  });
};
