import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  formMessages, ZApiError, ZDrawnSignatureBody, ZFormEmailBody, ZFormEntryParams, ZFormListItem, ZFormMenu, ZFormMenuParams, ZFormOccupant, ZFormParams,
  ZFormPhoto, ZFormProjectParams, ZFormSaveBody, ZFormSectionParams, ZFormSignerParams, ZFormsQuery, ZFormUploadParams, ZGenericEntry,
  ZGenericEntrySummary, ZIsSigned, ZLanguageQuery, ZNrOfSignaturesBody, ZPublicFormEntryParams, ZPublicFormParams, ZPublicFormPhotoParams,
  ZPublicFormsQuery, ZPublicSimpleForm, ZSigningUrl, ZSuccess, ZUniqueAnswer,
} from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { readImageUpload, sendStoredFile } from '../files/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const changeErrors = { ...errors, 409: ZApiError, 422: ZApiError, 429: ZApiError };
const uploadErrors = { ...changeErrors, 413: ZApiError };
const secured = [{ bearer: [] }];
const tags = ['forms'];
/** Public routes answer for the host's customer only, (plugins/public-scope.ts). */
const PUBLIC_PROJECT = { publicScope: { kind: 'project', param: 'project_id' } } as const;
const PUBLIC_FORM = { publicScope: { kind: 'form', param: 'id' } } as const;
const imageTexts = { type: formMessages.photoType, missing: formMessages.photoMissing, tooLarge: formMessages.photoTooLarge };
/** A POST without a body reaches validation as null; these calls need none. */
const ZEmptyBody = z.object({ language: z.literal('nl').optional() }).nullish();

const SAVE_DESCRIPTION =
  "The section's values as one flat map (form-rules.ts): `{ values: { e1: 'tekst', 'e2-value-0': true, 'e3-pinpoints': [...] }, version? }`; " +
  'null or an empty string clears a key, keys not sent stay as they were (a check group sent in part is replaced whole: options not sent are unticked). Every required field of the section must be filled in. ' +
  "Invalid: 422 'Formulier niet goed ingevuld' with errors per `values.{key}`; a locked entry 409 (formMessages.locked); a save over a newer " +
  '`version` 409 (formMessages.changed). Answers the entry; any save makes the summary unviewed again.';
const PUBLIC_LIMIT = ' A visitor\'s changes (new, saves, uploads, lock, signatures, e-mail) count against a per-client limit (429).';
const UPLOAD_DESCRIPTION =
  'multipart/form-data with the photo in field `image`: png or jpeg by content, size-limited; stored upright, scaled down and without ' +
  "metadata (EXIF, GPS). Answers { id, image_width, image_height, url }; send the id as the element's value in the section save.";
const STEPS_DESCRIPTION =
  'Steps (spec 4.4): sections; summary (summary_enabled when every section is done; open `summary_pdf` to view it, which sets ' +
  "summary_completed); lock ('Formulier afronden', needs the summary viewed: else 409 'Het formulier is nog niet volledig ingevuld en " +
  "goedgekeurd.'; a section not done: 422 'Het formulier is nog niet volledig ingevuld.' with per-field errors); with signing: " +
  'nr-of-signatures, then signature/{x} (drawn) or signage/url/{x} + is-signed/{x} (legal); status (status_enabled), where e-mailing is offered.';

/**
 * Generic forms (formulier) and the forms overview. Residents under /occupant (their address), visitors of
 * a public project under /public with their visitor code `unique` (from get-unique; a visitor sees only
 * their own entries). See packages/contract/src/forms.ts for the shapes.
 */
export const genericFormRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { genericForms: forms, env } = services;
  const maxBytes = env.SURVEY_PHOTO_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });
  const calls = forms.entryCalls;

  // ---- overview and menus ------------------------------------------------------------------------

  app.get('/occupant/forms/', {
    config: { access: access.resident() },
    schema: {
      tags, summary: "The project's forms overview: its top menus, then the forms in no menu",
      description: 'Generic forms (module null) and, as module 13/14/16, the intake, support-base and choice forms the project has (intake with the intake module). ' +
        '`fetched`: this address has an entry of the form. A generic item links to /formulier/formulier/{form_id}/..., one allowing several entries to .../resultaten/{form_id}.',
      querystring: ZFormsQuery, security: secured, response: { 200: z.array(ZFormListItem), ...errors },
    },
  }, async (request) => forms.occupantList(sessionOf(request), request.query.project_id));

  app.get('/occupant/form/menu', {
    config: { access: access.resident() },
    schema: { tags, summary: "Every menu of the project's forms overview with its items (sub-menus, then forms)", querystring: ZFormsQuery, security: secured, response: { 200: z.array(ZFormMenu), ...errors } },
  }, async (request) => forms.occupantMenus(sessionOf(request), request.query.project_id));

  app.get('/occupant/form/menu/:id', {
    config: { access: access.resident() },
    schema: { tags, summary: 'One menu with its items', params: ZFormMenuParams, querystring: ZFormsQuery, security: secured, response: { 200: ZFormMenu, ...errors } },
  }, async (request) => forms.occupantMenu(sessionOf(request), request.params.id));

  app.get('/public/forms/:project_id/get-unique/', {
    config: { access: access.public, ...PUBLIC_PROJECT },
    schema: {
      tags, summary: "A new anonymous visitor code for a public project's forms",
      description: 'Keep it per project in the browser and use it in every /public/form/{id}/{unique}/... call: the entries of a code are its visitor\'s only.',
      params: ZFormProjectParams, querystring: ZLanguageQuery, response: { 200: ZUniqueAnswer, ...errors },
    },
  }, async (request) => forms.publicUnique(request.params.project_id));

  app.get('/public/forms/:project_id', {
    config: { access: access.public, ...PUBLIC_PROJECT },
    schema: {
      tags, summary: "A public project's public forms overview", description: 'With `unique`, `fetched` marks the forms this visitor has an entry of.',
      params: ZFormProjectParams, querystring: ZPublicFormsQuery, response: { 200: z.array(ZFormListItem), ...errors },
    },
  }, async (request) => forms.publicList(request.params.project_id, request.query.unique));

  app.get('/public/forms/menus/:project_id', {
    config: { access: access.public, ...PUBLIC_PROJECT },
    schema: { tags, summary: "Every menu of a public project's forms overview", params: ZFormProjectParams, querystring: ZPublicFormsQuery, response: { 200: z.array(ZFormMenu), ...errors } },
  }, async (request) => forms.publicMenus(request.params.project_id, request.query.unique));

  app.get('/public/forms/menu/:id', {
    config: { access: access.public, publicScope: { kind: 'form-menu', param: 'id' } },
    schema: { tags, summary: 'One menu of a public project with its public items', params: ZFormMenuParams, querystring: ZPublicFormsQuery, response: { 200: ZFormMenu, ...errors } },
  }, async (request) => forms.publicMenu(request.params.id, request.query.unique));

  // ---- entries: the same calls for a resident and a visitor -------------------------------------------

  type Access = Awaited<ReturnType<typeof forms.occupant>>;
  const variants = [
    {
      who: 'resident',
      base: '/occupant/form/:id',
      read: { access: access.resident({ personalData: true }) },
      write: { access: access.resident() },
      security: secured,
      params: { form: ZFormParams, entry: ZFormEntryParams },
      access: (request: FastifyRequest): Promise<Access> => forms.occupant(sessionOf(request), (request.params as { id: number }).id),
      /** A change: for a visitor also counted against the per-client limit of public changes. */
      change: (request: FastifyRequest): Promise<Access> => forms.occupant(sessionOf(request), (request.params as { id: number }).id),
    },
    {
      who: 'visitor',
      base: '/public/form/:id/:unique',
      read: { access: access.public, ...PUBLIC_FORM },
      write: { access: access.public, ...PUBLIC_FORM },
      security: undefined,
      params: { form: ZPublicFormParams, entry: ZPublicFormEntryParams },
      access: (request: FastifyRequest): Promise<Access> => {
        const { id, unique } = request.params as { id: number; unique: string };
        return forms.visitor(id, unique);
      },
      change: (request: FastifyRequest): Promise<Access> => {
        const { id, unique } = request.params as { id: number; unique: string };
        return forms.visitor(id, unique, request.ip);
      },
    },
  ] as const;

  for (const v of variants) {
        const entryParams = v.params.entry;
    const sectionParams = v.who === 'resident' ? ZFormSectionParams : ZPublicFormEntryParams.extend(ZFormSectionParams.pick({ section: true }).shape);
    const signerParams = v.who === 'resident' ? ZFormSignerParams : ZPublicFormEntryParams.extend(ZFormSignerParams.pick({ x: true }).shape);
    const uploadParams = v.who === 'resident' ? ZFormUploadParams : ZPublicFormEntryParams.extend(ZFormUploadParams.pick({ section: true, element_id: true }).shape);
    const p = (request: FastifyRequest) => request.params as { fid: number; section: string; x: number; element_id: string };

    if (v.who === 'resident') {
      app.get(v.base, {
        config: v.read,
        schema: { tags, summary: "The resident's entry of a form: the latest, or a new one when there is none", params: v.params.form, querystring: ZFormsQuery, security: v.security, response: { 200: ZGenericEntry, ...changeErrors } },
      }, async (request) => calls.current(await v.access(request)));
    }

    app.get(`${v.base}/filled-in-forms`, {
      config: v.read,
      schema: { tags, summary: `The ${v.who}'s entries of a form, newest first`, params: v.params.form, querystring: ZLanguageQuery, security: v.security, response: { 200: z.array(ZGenericEntrySummary), ...errors } },
    }, async (request) => calls.entries(await v.access(request)));

    app.get(`${v.base}/new`, {
      config: v.read,
      schema: {
        tags, summary: 'Opens the form without an entry: a new entry, or the existing one of a single-entry form',
        description: `${STEPS_DESCRIPTION} A form allowing several entries reuses an untouched one and holds at most 100 per owner (409).${PUBLIC_LIMIT}`,
        params: v.params.form, querystring: ZLanguageQuery, security: v.security, response: { 200: ZGenericEntry, ...changeErrors },
      },
    }, async (request) => calls.create(await v.change(request)));

    app.get(`${v.base}/occupants`, {
      config: v.read,
      schema: { tags, summary: "The address's occupants for contact inputs (a visitor's list is empty)", params: v.params.form, querystring: ZLanguageQuery, security: v.security, response: { 200: z.array(ZFormOccupant), ...errors } },
    }, async (request) => calls.occupants(await v.access(request)));

    app.get(`${v.base}/filled-in-form/:fid`, {
      config: v.read,
      schema: { tags, summary: 'One entry with its sections and steps', description: STEPS_DESCRIPTION, params: entryParams, querystring: ZLanguageQuery, security: v.security, response: { 200: ZGenericEntry, ...errors } },
    }, async (request) => calls.entry(await v.access(request), p(request).fid));

    app.post(`${v.base}/filled-in-form/:fid/section/:section`, {
      config: v.write,
      schema: { tags, summary: 'Saves one section (0-based)', description: SAVE_DESCRIPTION, params: sectionParams, body: ZFormSaveBody, security: v.security, response: { 200: ZGenericEntry, ...changeErrors } },
    }, async (request) => calls.save(await v.change(request), p(request).fid, Number(p(request).section), request.body));

    app.post(`${v.base}/filled-in-form/:fid/section/:section/element/:element_id`, {
      config: v.write,
      schema: {
        tags, summary: 'Uploads a photo for a photo element of the section', description: UPLOAD_DESCRIPTION, consumes: ['multipart/form-data'],
        params: uploadParams, querystring: ZLanguageQuery, security: v.security, response: { 200: ZFormPhoto, ...uploadErrors },
      },
    }, async (request) => {
      const store = await calls.uploadTarget(await v.change(request), p(request).fid, Number(p(request).section), p(request).element_id);
      return store(await readImageUpload(request, maxBytes, imageTexts));
    });

    app.post(`${v.base}/filled-in-form/:fid/lock`, {
      config: v.write,
      schema: { tags, summary: "Finishes the entry ('Formulier afronden'): locked for good", description: STEPS_DESCRIPTION, params: entryParams, body: ZEmptyBody, security: v.security, response: { 200: ZGenericEntry, ...changeErrors } },
    }, async (request) => calls.lock(await v.change(request), p(request).fid));

    app.post(`${v.base}/filled-in-form/:fid/email`, {
      config: v.write,
      schema: {
        tags, summary: 'E-mails the summary PDF to a list of addresses (status step)',
        description: "Only when allow_form_to_be_emailed (else 403) and the status step is reached (else 409). Empty entries are skipped; invalid ones: 422 'Er is geen geldig e-mailadres ingevuld op positie: n'. The mail is sent by a background job. "
          + "An entry is e-mailed once: a second call answers 409 'Het formulier is al verzonden.' and sends nothing (`email_to` and `sent_at` say where and when).",
        params: entryParams, body: ZFormEmailBody, security: v.security, response: { 200: ZSuccess, ...changeErrors },
      },
    }, async (request) => calls.email(await v.change(request), p(request).fid, request.body));

    app.post(`${v.base}/filled-in-form/:fid/nr-of-signatures`, {
      config: v.write,
      schema: {
        tags, summary: 'Sets the number of signers (locked entries of forms that require signing)',
        description: "1-20, else 422 'Het aantal handtekeningen moet groter of gelijk zijn aan 1'. Optional names and mobile numbers (06 plus 8 digits) per signer. Fixed once signing started (409).",
        params: entryParams, body: ZNrOfSignaturesBody, security: v.security, response: { 200: ZGenericEntry, ...changeErrors },
      },
    }, async (request) => calls.setNrOfSignatures(await v.change(request), p(request).fid, request.body));

    app.post(`${v.base}/filled-in-form/:fid/signature/:x`, {
      config: v.write,
      schema: {
        tags, summary: 'Places drawn signature x (forms signed without the signing service)',
        description: 'Needs the drawing (PNG data URL), who and a description: 422 per field (signature, who, description). A signer beyond the number: 404.',
        params: signerParams, body: ZDrawnSignatureBody, security: v.security, response: { 200: ZGenericEntry, ...changeErrors },
      },
    }, async (request) => calls.drawSignature(await v.change(request), p(request).fid, p(request).x, request.body));

    app.get(`${v.base}/filled-in-form/:fid/signage/url/:x`, {
      config: v.read,
      schema: {
        tags, summary: 'The signing link of signer x (legal signing), to show in a frame',
        description: 'Starts the signing request with the summary PDF on the first call. Poll is-signed/{x} every 5 seconds.',
        params: signerParams, querystring: ZLanguageQuery, security: v.security, response: { 200: ZSigningUrl, ...changeErrors, 503: ZApiError },
      },
    }, async (request) => calls.signingUrl(await v.access(request), p(request).fid, p(request).x));

    app.get(`${v.base}/filled-in-form/:fid/is-signed/:x`, {
      config: v.read,
      schema: { tags, summary: 'Whether signer x has signed', params: signerParams, querystring: ZLanguageQuery, security: v.security, response: { 200: ZIsSigned, ...changeErrors } },
    }, async (request) => calls.isSigned(await v.access(request), p(request).fid, p(request).x));
  }

  // ---- a visitor's files (a resident's come as signed /api/files links) ---------------------------------

  app.get('/public/form/:id/:unique/filled-in-form/:fid/summary', {
    config: { access: access.public, ...PUBLIC_FORM },
    schema: {
      tags, summary: "A visitor's summary PDF; opening it marks the summary viewed", params: ZPublicFormEntryParams, querystring: ZLanguageQuery,
      response: { 404: ZApiError, 409: ZApiError },
    },
  }, async (request, reply) => {
    const { id, unique, fid } = request.params;
    const pdf = await forms.publicSummary(await forms.visitor(id, unique), fid);
    return sendStoredFile(reply, pdf, { disposition: `inline; filename="${pdf.filename.replace(/[^\x20-\x7e]|["\\]/g, '')}"`, maxAge: 0 });
  });

  app.get('/public/form/:id/:unique/filled-in-form/:fid/photo/:photo_id', {
    config: { access: access.public, ...PUBLIC_FORM },
    schema: { tags, summary: 'A photo this visitor uploaded', params: ZPublicFormPhotoParams, querystring: ZLanguageQuery, response: { 404: ZApiError } },
  }, async (request, reply) => {
    const { id, unique, fid, photo_id: photoId } = request.params;
    return sendStoredFile(reply, await forms.publicPhoto(await forms.visitor(id, unique), fid, photoId));
  });

  // ---- the simple public form ---------------------------------------------------------------------------

  app.get('/public/form/:id', {
    config: { access: access.public, ...PUBLIC_FORM },
    schema: { tags, summary: "A simple public form: one page with 'Indienen'", params: ZFormParams, querystring: ZLanguageQuery, response: { 200: ZPublicSimpleForm, ...errors } },
  }, async (request) => forms.simpleForm(request.params.id));

  app.post('/public/form/:id', {
    config: { access: access.public, ...PUBLIC_FORM },
    schema: {
      tags, summary: 'Submits a simple public form (each submit is a new entry; the portal then shows it read-only)',
      description: "Values as in a section save, for every section at once. Invalid: 422 'Formulier niet goed ingevuld' with errors per `values.{key}`. Rate-limited per client.",
      params: ZFormParams, body: ZFormSaveBody, response: { 200: ZSuccess, ...changeErrors },
    },
  }, async (request) => forms.simpleSubmit(request.params.id, request.body, request.ip));
};
