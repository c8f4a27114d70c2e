import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  formMessages, HAS_MORE_HEADER, pagedAnswer, PARTNER_FORM_KINDS, ZApiError, ZFormOccupant, ZFormPhoto, ZFormSaveBody, ZIntake, ZIntakeAddressesQuery, ZIntakeAddressProgress,
  ZIntakeFormListItem, ZIntakeParams, ZIntakeSectionParams, ZIntakeSendBody, ZIntakeUploadParams, ZLanguageQuery, ZPartnerIntakeAddressesParams,
  ZPartnerIntakeFormsParams, ZPartnerIntakeParams, ZPartnerIntakeSectionParams, ZPartnerIntakeUploadParams,
} from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { readImageUpload } from '../files/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const changeErrors = { ...errors, 409: ZApiError, 422: ZApiError };
const uploadErrors = { ...changeErrors, 413: ZApiError };
const security = [{ bearer: [] }];
const tags = ['intake'];
const imageTexts = { type: formMessages.photoType, missing: formMessages.photoMissing, tooLarge: formMessages.photoTooLarge };

const SAVE_DESCRIPTION =
  "A draft save of one section (0-based): `{ values: { e1: 'tekst', 'e2-value-0': true, 'e3-pinpoints': [...] }, version? }`; null or '' clears " +
  'a key, keys not sent stay (a check group sent in part is replaced whole). What is given ' +
  "is checked (422 'Formulier niet goed ingevuld' per `values.{key}`), required fields may still be empty. A sent form answers 409; a save " +
  'over a newer `version` 409 (0: no entry yet). The first save makes the status open.';
const SEND_DESCRIPTION =
  "Sends the form: every required field of every section must be filled in (else 422 'Formulier niet goed ingevuld' with errors per " +
  "`values.{key}`); the status becomes 'sent' and the form read-only (a second send: 409).";
const UPLOAD_DESCRIPTION =
  'multipart/form-data with the photo in field `image`: png or jpeg by content, size-limited; stored upright, scaled down and without ' +
  "metadata. Answers { id, image_width, image_height, url }; send the id as the element's value.";

/**
 * Intake forms (opname). Residents under /occupant (their own address); partners (staff of the project's
 * customer) under /partner, acting for an address of the project. See packages/contract/src/forms.ts.
 */
export const intakeRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { intake, env } = services;
  const maxBytes = env.SURVEY_PHOTO_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });
  const { calls } = intake;

  // A partner's lists, one pair per kind (intake, choice): the project's forms and a form's addresses.
  for (const kind of PARTNER_FORM_KINDS) {
    const kindTags = [kind];
    app.get(`/partner/project/:project_id/${kind}/forms/`, {
      config: { access: access.partner('forms.read', access.project('project_id')) },
      schema: {
        tags: kindTags, summary: `The project's ${kind} forms with the number of addresses and of those sent`,
        params: ZPartnerIntakeFormsParams, querystring: ZLanguageQuery, security, response: { 200: z.array(ZIntakeFormListItem), ...errors },
      },
    }, async (request) => intake.partnerForms(sessionOf(request), request.params.project_id, kind));

    app.get(`/partner/project/:project_id/${kind}/form/:id/addresses`, {
      config: { access: access.partner('forms.read', access.project('project_id'), { personalData: true }) },
      schema: {
        tags: kindTags, summary: `The project's addresses with their progress on the ${kind} form (status, state, sections done)`,
        description: 'Ordered by street and house number; `q` keeps the addresses whose street, number, postcode or city hold every word. ' +
          'Paged: 50 (`limit`, at most 100); with `before` (the last address id held) the next ones; X-Has-More tells whether more follow. ' +
          '`state`: not_started, filling, summary (locked), signed, paid or sent, from the address\'s entry.',
        params: ZPartnerIntakeAddressesParams, querystring: ZIntakeAddressesQuery, security, response: { 200: pagedAnswer(z.array(ZIntakeAddressProgress)), ...errors },
      },
    }, async (request, reply) => {
      const { q, before, limit } = request.query;
      const page = await intake.partnerAddresses(sessionOf(request), request.params.project_id, request.params.id, kind, { q, before, limit });
      void reply.header(HAS_MORE_HEADER, String(page.hasMore));
      return page.items;
    });
  }

  // ---- the form of an address: resident and partner variants ------------------------------------------

  app.get('/occupant/intake/form/:id', {
    config: { access: access.resident({ personalData: true }) },
    schema: { tags, summary: "The intake form of the resident's address", params: ZIntakeParams, querystring: ZLanguageQuery, security, response: { 200: ZIntake, ...errors } },
  }, async (request) => calls.form(await intake.occupant(sessionOf(request), request.params.id)));

  app.get('/partner/intake/form/:id/address/:address_id', {
    config: { access: access.partner('forms.read', access.form('id'), { personalData: true }) },
    schema: { tags, summary: 'The intake form of an address of the project', params: ZPartnerIntakeParams, querystring: ZLanguageQuery, security, response: { 200: ZIntake, ...errors } },
  }, async (request) => calls.form(await intake.partner(sessionOf(request), request.params.id, request.params.address_id)));

  app.post('/occupant/intake/form/:id/section/:section', {
    config: { access: access.resident() },
    schema: { tags, summary: 'Saves one section', description: SAVE_DESCRIPTION, params: ZIntakeSectionParams, body: ZFormSaveBody, security, response: { 200: ZIntake, ...changeErrors } },
  }, async (request) => calls.save(await intake.occupant(sessionOf(request), request.params.id), Number(request.params.section), request.body));

  app.post('/partner/intake/form/:id/section/:section/address/:address_id', {
    config: { access: access.partner('forms.fill', access.form('id')) },
    schema: { tags, summary: 'Saves one section for an address', description: SAVE_DESCRIPTION, params: ZPartnerIntakeSectionParams, body: ZFormSaveBody, security, response: { 200: ZIntake, ...changeErrors } },
  }, async (request) => {
    const { id, address_id: addressId, section } = request.params;
    return calls.save(await intake.partner(sessionOf(request), id, addressId), Number(section), request.body);
  });

  app.post('/occupant/intake/form/:id', {
    config: { access: access.resident() },
    schema: { tags, summary: "Sends the address's intake form ('Formulier versturen')", description: SEND_DESCRIPTION, params: ZIntakeParams, body: ZIntakeSendBody, security, response: { 200: ZIntake, ...changeErrors } },
  }, async (request) => calls.send(await intake.occupant(sessionOf(request), request.params.id)));

  app.post('/partner/intake/form/:id/address/:address_id', {
    config: { access: access.partner('forms.fill', access.form('id'), { action: 'form-send' }) },
    schema: { tags, summary: "Sends an address's intake form", description: SEND_DESCRIPTION, params: ZPartnerIntakeParams, body: ZIntakeSendBody, security, response: { 200: ZIntake, ...changeErrors } },
  }, async (request) => calls.send(await intake.partner(sessionOf(request), request.params.id, request.params.address_id)));

  app.get('/occupant/intake/form/:id/occupants', {
    config: { access: access.resident({ personalData: true }) },
    schema: { tags, summary: "The address's occupants for contact inputs", params: ZIntakeParams, querystring: ZLanguageQuery, security, response: { 200: z.array(ZFormOccupant), ...errors } },
  }, async (request) => calls.occupants(await intake.occupant(sessionOf(request), request.params.id)));

  app.get('/partner/intake/form/:id/address/:address_id/occupants', {
    config: { access: access.partner('forms.read', access.form('id'), { personalData: true }) },
    schema: { tags, summary: "The address's occupants for contact inputs", params: ZPartnerIntakeParams, querystring: ZLanguageQuery, security, response: { 200: z.array(ZFormOccupant), ...errors } },
  }, async (request) => calls.occupants(await intake.partner(sessionOf(request), request.params.id, request.params.address_id)));

  app.post('/occupant/intake/form/:id/section/:section/element/:element_id', {
    config: { access: access.resident() },
    schema: {
      tags, summary: 'Uploads a photo for a photo element', description: UPLOAD_DESCRIPTION, consumes: ['multipart/form-data'],
      params: ZIntakeUploadParams, querystring: ZLanguageQuery, security, response: { 200: ZFormPhoto, ...uploadErrors },
    },
  }, async (request) => {
    const { id, section, element_id: elementId } = request.params;
    const store = await calls.uploadTarget(await intake.occupant(sessionOf(request), id), Number(section), elementId);
    return store(await readImageUpload(request, maxBytes, imageTexts));
  });

  app.post('/partner/intake/form/:id/section/:section/element/:element_id/address/:address_id', {
    config: { access: access.partner('forms.fill', access.form('id')) },
    schema: {
      tags, summary: 'Uploads a photo for a photo element, for an address', description: UPLOAD_DESCRIPTION, consumes: ['multipart/form-data'],
      params: ZPartnerIntakeUploadParams, querystring: ZLanguageQuery, security, response: { 200: ZFormPhoto, ...uploadErrors },
    },
  }, async (request) => {
    const { id, section, element_id: elementId, address_id: addressId } = request.params;
    const store = await calls.uploadTarget(await intake.partner(sessionOf(request), id, addressId), Number(section), elementId);
    return store(await readImageUpload(request, maxBytes, imageTexts));
  });
};
