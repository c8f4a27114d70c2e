import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONSENT_LETTERS_MAX, consentLetterPaths, HAS_MORE_HEADER, LETTER_COUNT_HEADER, pagedAnswer, ZApiError, ZConsentFormParams, ZConsentLetterAddress,
  ZConsentLetterForm, ZConsentLetterListQuery, ZConsentLetterParams, ZConsentLettersBody, ZConsentLettersRevoked, ZLanguageQuery, ZStaffAddressesParams,
} from '@portal/contract';
import { sendLetters } from '../../lib/letter-pdf.ts';
import { access } from '../../plugins/access.ts';
import { staffOf } from '../staff/staff-access.ts';
import type { ConsentLetters } from './consent-letters.service.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const writeErrors = { ...errors, 409: ZApiError };
const LINKS = 'A letter link is a credential of its address: it is printed on the letter only and never in any answer or page for staff.';

/** What the routes need (services.ts has it). */
type Deps = { consentLetters: ConsentLetters };

/**
 * The consent letters of a project's support-base forms in the staff console (/beheer/projecten/:projectId/draagvlak):
 * the forms, their addresses with the state of their letter, printing (the PDF) and revoking.
 */
export const consentLettersRoutes = (services: Deps): FastifyPluginAsyncZod => async (app) => {
  const { consentLetters } = services;
  const config = { access: access.console('consent.letters.print', access.project('projectId')) };

  app.get(consentLetterPaths.forms, {
    config,
    schema: {
      tags, summary: "The project's consent forms with their letters", description: `Active support-base forms with address counts, live letters and the last printing. ${LINKS}`,
      params: ZStaffAddressesParams, querystring: ZLanguageQuery, security, response: { 200: z.array(ZConsentLetterForm), ...errors },
    },
  }, async (request) => consentLetters.forms(staffOf(request), request.params.projectId));

  app.get(consentLetterPaths.addresses, {
    config,
    schema: {
      tags, summary: "The project's addresses with their consent status and letter",
      description: 'In postcode and house-number order, paged (`before`: the last address held; X-Has-More); `q` as the console\'s address list. '
        + `The letter: none, live, revoked or expired, with when it was printed, by whom and until when it works. ${LINKS}`,
      params: ZConsentFormParams, querystring: ZConsentLetterListQuery, security, response: { 200: pagedAnswer(z.array(ZConsentLetterAddress)), ...errors },
    },
  }, async (request, reply) => {
    const page = await consentLetters.addresses(staffOf(request), request.params.projectId, request.params.formId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.post(consentLetterPaths.print, {
    config,
    schema: {
      tags, summary: 'Prints consent letters (PDF) with new personal links',
      description: 'For `address_ids` of the project or `all` (every address that is not vacant). Each address gets a new random link (stored hashed) '
        + 'that replaces, and so revokes, its earlier one. `deadline` (DD-MM-YYYY, from today, within a year, not after the form\'s close date) is printed '
        + 'and the links work until the end of that day. The answer is application/pdf: one A4 letter per address with the address in the envelope window, '
        + `the link and a QR code to it, the steps and the deadline. Header ${LETTER_COUNT_HEADER}: the number of letters. At most ${CONSENT_LETTERS_MAX} at once. Audited.`,
      params: ZConsentFormParams, body: ZConsentLettersBody, security, produces: ['application/pdf'],
      response: { 200: z.any().describe('The letters: application/pdf'), ...writeErrors },
    },
  }, async (request, reply) => {
    return sendLetters(reply, await consentLetters.print(staffOf(request), request.params.projectId, request.params.formId, request.body));
  });

  app.post(consentLetterPaths.revokeOne, {
    config,
    schema: {
      tags, summary: "Revokes an address's letter link", description: 'The link of its letter stops working at once; 409 when there is none to revoke. Audited.',
      params: ZConsentLetterParams, security, response: { 200: ZConsentLettersRevoked, ...writeErrors },
    },
  }, async (request) => consentLetters.revokeOne(staffOf(request), request.params.projectId, request.params.formId, request.params.addressId));

  app.post(consentLetterPaths.revokeAll, {
    config,
    schema: {
      tags, summary: 'Revokes every letter link of the form', description: 'Every printed link of the form stops working at once (the answer counts them). Audited.',
      params: ZConsentFormParams, security, response: { 200: ZConsentLettersRevoked, ...writeErrors },
    },
  }, async (request) => consentLetters.revokeAll(staffOf(request), request.params.projectId, request.params.formId));
};
