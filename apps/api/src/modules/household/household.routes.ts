import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EMAIL_CHANGE_HOURS, householdMessages, ZApiError, ZConfirmEmailBody, ZConfirmEmailResult, ZNewPasswordBody, ZOccupantQuery, ZNewPasswordResult, ZOccupant, ZOccupantCreateBody, ZOccupantDeleteResult,
  ZOccupantList, ZOccupantParams, ZOccupantResult, ZOccupantUpdateBody,
} from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError, 429: ZApiError };
const tags = ['household'];
const security = [{ bearer: [] }];
// Occupant calls may carry the chosen project (ignored here): the household belongs to the address.
const ZQuery = ZOccupantQuery;

export const householdRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { household } = services;

  app.get('/occupant/occupants', {
    config: { access: access.resident({ personalData: true }) },
    schema: {
      tags, summary: "The household of the caller's address",
      description: 'The holder (is_holder) first. can_change_email and can_delete tell what the caller may do with each person; pending_email_address is a new address waiting for its confirmation link.',
      querystring: ZQuery, security, response: { 200: ZOccupantList, ...errors },
    },
  }, async (request) => household.list(sessionOf(request)));

  app.get('/occupant/occupant/:id', {
    config: { access: access.resident({ personalData: true }) },
    schema: { tags, summary: 'One member of the household', params: ZOccupantParams, querystring: ZQuery, security, response: { 200: ZOccupant, ...errors } },
  }, async (request) => household.get(sessionOf(request), request.params.id));

  app.post('/occupant/occupants/', {
    config: { access: access.resident() },
    schema: {
      tags, summary: 'Add a member to the household, with an account',
      description: `The new member logs in with the address's postcode and house number and this password. At most 10 members per address (409). Answers '${householdMessages.created}'.`,
      querystring: ZQuery, body: ZOccupantCreateBody, security, response: { 200: ZOccupantResult, ...errors },
    },
  }, async (request) => ({ success: true as const, message: householdMessages.created, occupant: await household.create(sessionOf(request), request.body) }));

  app.post('/occupant/occupant/:id', {
    config: { access: access.resident({ personalData: true }) },
    schema: {
      tags, summary: 'Change a person of the household (not the password)',
      description: `Answers '${householdMessages.saved}'. The holder's e-mail address is changed only by the holder, a member's with an account only by that member or the holder (403 otherwise). `
        + `A new e-mail address for a person with an account is not stored at once: a link to confirm it (valid ${EMAIL_CHANGE_HOURS} hours, single use) goes to the new address and a notice to the old one; `
        + 'the answer shows it as pending_email_address and its message says where the link went. An emptied address of an account is removed at once and the old address told.',
      params: ZOccupantParams, querystring: ZQuery, body: ZOccupantUpdateBody, security, response: { 200: ZOccupantResult, ...errors },
    },
  }, async (request) => {
    const { occupant, confirmationSentTo } = await household.update(sessionOf(request), request.params.id, request.body);
    const message = confirmationSentTo ? `${householdMessages.saved} ${householdMessages.emailConfirmationSent(confirmationSentTo)}` : householdMessages.saved;
    return { success: true as const, message, occupant };
  });

  app.post('/public/confirm-email', {
    config: { access: access.public },
    schema: {
      tags, summary: 'Confirm a new e-mail address with the code of the link /email/bevestigen/{code}',
      description: `Sets the new address of the e-mail change, once and within ${EMAIL_CHANGE_HOURS} hours, and tells the old address. A used, expired or unknown code answers 422 with a Dutch message on field code. Counted per client (429).`,
      body: ZConfirmEmailBody, response: { 200: ZConfirmEmailResult, ...errors },
    },
  }, async (request) => ({
    success: true as const,
    message: householdMessages.emailChanged,
    email_address: await household.confirmEmail(request.body.code, request.ip),
  }));

  app.post('/occupant/new-password', {
    config: { access: access.residentOnly },
    schema: {
      tags, summary: "Change the caller's own password (the only call that changes a password: nobody changes another person's)",
      description: 'password is the current password (wrong: 422 on field password), new_password the new one (the strength rules). Every session of the account ends, the current one included; the answer carries a new token for this device.',
      querystring: ZQuery, body: ZNewPasswordBody, security, response: { 200: ZNewPasswordResult, ...errors },
    },
  }, async (request) => ({
    success: true as const,
    message: householdMessages.passwordChanged,
    token: await household.changePassword(sessionOf(request), request.body),
  }));

  app.get('/occupant/occupant/delete/:id', {
    config: { access: access.resident() },
    schema: {
      tags, summary: 'Remove a member of the household (the spec’s GET)',
      description: "The member's sessions end. One's own account cannot be removed here (422), nor the holder's (403).",
      params: ZOccupantParams, querystring: ZQuery, security, response: { 200: ZOccupantDeleteResult, ...errors },
    },
  }, async (request) => {
    await household.remove(sessionOf(request), request.params.id);
    return { success: true as const, message: householdMessages.deleted };
  });
};
