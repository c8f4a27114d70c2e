import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError, ZChoiceForm, ZChoiceMollie, ZChoiceParams, ZChoicePartnerParams, ZChoicePartnerSectionParams, ZChoicePartnerSignerParams, ZChoiceProject,
  ZChoiceSaveBody, ZChoiceSectionParams, ZChoiceSendBody, ZChoiceSignatureBody, ZChoiceSignerParams, ZChoiceSignersBody, ZChoiceTotal, ZFormOccupant,
  ZChoicePartnerUploadParams, ZChoiceUploadParams, formMessages, ZFormPhoto, ZIsSigned, ZLanguageQuery, ZSigningUrl, ZSuccess,
} from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { readImageUpload } from '../files/index.ts';
import type { ChoiceAccess } from './choice-form.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const changeErrors = { ...errors, 409: ZApiError, 422: ZApiError };
const uploadErrors = { ...changeErrors, 413: ZApiError };
const imageTexts = { type: formMessages.photoType, missing: formMessages.photoMissing, tooLarge: formMessages.photoTooLarge };
const security = [{ bearer: [] }];
const tags = ['choice'];
/** A POST without a body reaches validation as null. */
const ZEmptyBody = z.object({ language: z.literal('nl').optional() }).nullish();

const FORM_DESCRIPTION =
  'The choice form for the address (spec 3.6): sections with their counters and `saved`/`completed`/`read`, the signing and payment state, ' +
  'and the extra costs in cents (`additional_costs_cents`, fixed when the form is locked) with the Dutch text (`additional_costs`). ' +
  'With an open payment the server asks the payment provider first (the payer may come back from the checkout).';
const SAVE_DESCRIPTION =
  "Section n (0-based): `{ values: {...}, version? }` as in every form (form-rules.ts); every required field must be filled in (422 'Formulier niet goed ingevuld'). " +
  "Section 'summary' completes the form ('Formulier afronden'): every section must be complete (422), the form is locked and its extra costs are " +
  "computed from the stored definition and answers. A locked form 409; after the deadline 409 for residents (staff may still change it). Answers the choice form.";

/**
 * Choice forms (keuze, spec 7.3). Residents under /occupant/choice/form/{form_id}; staff (partner or
 * administrator of the project's customer) under /partner/choice/form/{form_id}/.../address/{address_id}.
 */
export const choiceFormRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { choiceForms: choice, env } = services;
  const maxBytes = env.SURVEY_PHOTO_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });

  const variants = [
    {
      who: 'resident',
      prefix: '/occupant/choice/form/:form_id',
      tail: '',
      read: { access: access.resident({ personalData: true }) },
      write: { access: access.resident() },
      params: { form: ZChoiceParams, section: ZChoiceSectionParams, signer: ZChoiceSignerParams, upload: ZChoiceUploadParams },
      access: (request: FastifyRequest): Promise<ChoiceAccess> => choice.occupant(sessionOf(request), (request.params as { form_id: number }).form_id),
    },
    {
      who: 'partner',
      prefix: '/partner/choice/form/:form_id',
      tail: '/address/:address_id',
      read: { access: access.partner('forms.read', access.form('form_id'), { address: 'address_id', personalData: true }) },
      write: { access: access.partner('forms.fill', access.form('form_id'), { address: 'address_id' }) },
      params: { form: ZChoicePartnerParams, section: ZChoicePartnerSectionParams, signer: ZChoicePartnerSignerParams, upload: ZChoicePartnerUploadParams },
      access: (request: FastifyRequest): Promise<ChoiceAccess> => {
        const { form_id: formId, address_id: addressId } = request.params as { form_id: number; address_id: number };
        return choice.partner(sessionOf(request), formId, addressId);
      },
    },
  ] as const;

  for (const v of variants) {
        const p = (request: FastifyRequest) => request.params as { section: string; nr: number };
    const section = (request: FastifyRequest) => p(request).section;

    app.get(`${v.prefix}${v.tail}`, {
      config: v.read,
      schema: { tags, summary: `The choice form (${v.who})`, description: FORM_DESCRIPTION, params: v.params.form, querystring: ZLanguageQuery, security, response: { 200: ZChoiceForm, ...errors } },
    }, async (request) => choice.get(await v.access(request)));

    app.post(`${v.prefix}/section/:section${v.tail}`, {
      config: v.write,
      schema: { tags, summary: "Saves a section, or completes the form (section 'summary')", description: SAVE_DESCRIPTION, params: v.params.section, body: ZChoiceSaveBody, security, response: { 200: ZChoiceForm, ...changeErrors } },
    }, async (request) => {
      const a = await v.access(request);
      const name = section(request);
      return name === 'summary' ? choice.complete(a) : choice.saveSection(a, Number(name), request.body);
    });

    app.post(`${v.prefix}/section/:section/element/:element_id${v.tail}`, {
      config: v.write,
      schema: {
        tags, summary: 'Uploads a photo for a photo element of section n', consumes: ['multipart/form-data'],
        description: "multipart/form-data with the photo in field `image` (png or jpeg); answers { id, image_width, image_height, url }: send the id as the element's value.",
        params: v.params.upload, querystring: ZLanguageQuery, security, response: { 200: ZFormPhoto, ...uploadErrors },
      },
    }, async (request) => {
      const { section: name, element_id: elementId } = request.params as { section: string; element_id: string };
      const store = await choice.uploadTarget(await v.access(request), Number(name), elementId);
      return store(await readImageUpload(request, maxBytes, imageTexts));
    });

    app.post(`${v.prefix}/section/:section/calculate-total-price${v.tail}`, {
      config: v.write,
      schema: {
        tags, summary: 'The extra costs of the whole form with the posted values of this section (a preview, nothing is stored)',
        description: 'Prices come from the stored definition; a price or amount in the request is ignored. Invalid values count as nothing. 0 when prices are disabled; the fixed amount once locked.',
        params: v.params.section, body: ZChoiceSaveBody, security, response: { 200: ZChoiceTotal, ...changeErrors },
      },
    }, async (request) => {
      const name = section(request);
      if (name === 'summary') return (({ additional_costs_cents, additional_costs }) => ({ additional_costs_cents, additional_costs }))(await choice.get(await v.access(request)));
      return choice.totalPrice(await v.access(request), Number(name), request.body);
    });

    app.post(`${v.prefix}/nr-of-signatures${v.tail}`, {
      config: v.write,
      schema: {
        tags, summary: 'Sets the number of signers, their names and (SMS authentication) mobile numbers',
        description: "At least 1 ('Minimaal 1 handtekening is verplicht'); with legal signing a name per signer, with SMS a mobile number 06 plus 8 digits per signer. Needs the locked form; fixed once signing started (409).",
        params: v.params.form, body: ZChoiceSignersBody, security, response: { 200: ZChoiceForm, ...changeErrors },
      },
    }, async (request) => choice.setSigners(await v.access(request), request.body));

    app.post(`${v.prefix}/signature/:nr${v.tail}`, {
      config: v.write,
      schema: {
        tags, summary: 'Places drawn signature nr',
        description: "Needs the drawing (PNG data URL) and who signed: 422 'Geef een handtekening op' / 'Geef op door wie de handtekening is gezet'. Forms signed legally: 409.",
        params: v.params.signer, body: ZChoiceSignatureBody, security, response: { 200: ZChoiceForm, ...changeErrors },
      },
    }, async (request) => choice.drawSignature(await v.access(request), p(request).nr, request.body));

    app.get(`${v.prefix}/signage/url/:nr${v.tail}`, {
      config: v.read,
      schema: {
        tags, summary: 'The signing link of signer nr (legal signing), to show in a frame; poll is-signed every 5 seconds',
        params: v.params.signer, querystring: ZLanguageQuery, security, response: { 200: ZSigningUrl, ...changeErrors, 503: ZApiError },
      },
    }, async (request) => choice.signingUrl(await v.access(request), p(request).nr));

    app.get(`${v.prefix}/is-signed/:nr${v.tail}`, {
      config: v.read,
      schema: { tags, summary: 'Whether signer nr has signed', params: v.params.signer, querystring: ZLanguageQuery, security, response: { 200: ZIsSigned, ...changeErrors } },
    }, async (request) => choice.isSigned(await v.access(request), p(request).nr));

    app.post(`${v.prefix}${v.tail}`, {
      config: v.write,
      schema: {
        tags, summary: "Sends the finished form with an optional e-mail address and comment ('Formulier verzonden')",
        description: "An invalid e-mail address: 422 'Ongeldig e-mailadres'. Needs the locked form, signed where required and (residents) paid where online payment is on. "
          + "Sent once: a second send answers 409 'Het formulier is al verzonden.' and sends no second mail (`sent_at` on the form says when it was sent).",
        params: v.params.form, body: ZChoiceSendBody, security, response: { 200: ZSuccess, ...changeErrors },
      },
    }, async (request) => choice.send(await v.access(request), request.body ?? {}));

    app.get(`${v.prefix}/project${v.tail}`, {
      config: v.read,
      schema: { tags, summary: "The choice form's project", params: v.params.form, querystring: ZLanguageQuery, security, response: { 200: ZChoiceProject, ...errors } },
    }, async (request) => choice.project(await v.access(request)));

    app.get(`${v.prefix}/occupants${v.tail}`, {
      config: v.read,
      schema: { tags, summary: "The address's occupants for contact inputs", params: v.params.form, querystring: ZLanguageQuery, security, response: { 200: z.array(ZFormOccupant), ...errors } },
    }, async (request) => choice.occupants(await v.access(request)));
  }

  app.post('/occupant/choice/form/:form_id/mollie', {
    config: { access: access.residentOnly },
    schema: {
      tags, summary: 'Starts (or reuses) the online payment of the fixed extra costs; answers the checkout link',
      description: 'The amount is the one fixed on the server when the form was locked. The payment becomes paid only through the payment service (webhook, return check, reconciliation).',
      params: ZChoiceParams, body: ZEmptyBody, security, response: { 200: ZChoiceMollie, ...changeErrors, 503: ZApiError },
    },
  }, async (request) => choice.pay(await choice.occupant(sessionOf(request), request.params.form_id)));
};
