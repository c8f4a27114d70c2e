import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  householdMessages, ZApiError, ZNewPasswordBody, ZOccupantQuery, ZNewPasswordResult, ZOccupant, ZOccupantCreateBody, ZOccupantDeleteResult,
  ZOccupantList, ZOccupantParams, ZOccupantResult, ZOccupantUpdateBody,
} from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError, 429: ZApiError };
const tags = ['household'];
const security = [{ bearer: [] }];
// Occupant calls may carry the chosen project (ignored here): the household belongs to the address.
const ZQuery = ZOccupantQuery;

export const householdRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { household, guard } = services;

  app.get('/occupant/occupants', {
    preHandler: guard.occupant,
    schema: { tags, summary: "The household of the caller's address", querystring: ZQuery, security, response: { 200: ZOccupantList, ...errors } },
  }, async (request) => household.list(sessionOf(request)));

  app.get('/occupant/occupant/:id', {
    preHandler: guard.occupant,
    schema: { tags, summary: 'One member of the household', params: ZOccupantParams, querystring: ZQuery, security, response: { 200: ZOccupant, ...errors } },
  }, async (request) => household.get(sessionOf(request), request.params.id));

  app.post('/occupant/occupants/', {
    preHandler: guard.occupant,
    schema: {
      tags, summary: 'Add a member to the household, with an account',
      description: `The new member logs in with the address's postcode and house number and this password. At most 10 members per address (409). Answers '${householdMessages.created}'.`,
      querystring: ZQuery, body: ZOccupantCreateBody, security, response: { 200: ZOccupantResult, ...errors },
    },
  }, async (request) => ({ success: true as const, message: householdMessages.created, occupant: await household.create(sessionOf(request), request.body) }));

  app.post('/occupant/occupant/:id', {
    preHandler: guard.occupant,
    schema: {
      tags, summary: 'Change a member of the household (not the password)', description: `Answers '${householdMessages.saved}'.`,
      params: ZOccupantParams, querystring: ZQuery, body: ZOccupantUpdateBody, security, response: { 200: ZOccupantResult, ...errors },
    },
  }, async (request) => ({ success: true as const, message: householdMessages.saved, occupant: await household.update(sessionOf(request), request.params.id, request.body) }));

  app.post('/occupant/new-password', {
    preHandler: guard.occupant,
    schema: {
      tags, summary: "Change the caller's own password",
      description: 'password is the current password (wrong: 422 on field password), new_password the new one (the strength rules). Every session of the account ends, the current one included; the answer carries a new token for this device.',
      querystring: ZQuery, body: ZNewPasswordBody, security, response: { 200: ZNewPasswordResult, ...errors },
    },
  }, async (request) => ({
    success: true as const,
    message: householdMessages.passwordChanged,
    token: await household.changePassword(sessionOf(request), request.body),
  }));

  app.get('/occupant/occupant/delete/:id', {
    preHandler: guard.occupant,
    schema: {
      tags, summary: 'Remove a member of the household (the spec’s GET)',
      description: "The member's sessions end. One's own account cannot be removed here (422).",
      params: ZOccupantParams, querystring: ZQuery, security, response: { 200: ZOccupantDeleteResult, ...errors },
    },
  }, async (request) => {
    await household.remove(sessionOf(request), request.params.id);
    return { success: true as const, message: householdMessages.deleted };
  });
};
