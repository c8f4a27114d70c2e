import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messages, ZActivateBody, ZLoginLinkBody, ZLoginLinkRequest, ZLoginLinkResponse, ZLoginLinkTicket, ZActivateResponse, ZApiError, ZAutoLoginParams, ZAutoLoginQuery, ZForgotPasswordBody, ZLanguageQuery,
  ZLoginBody, ZLoginResponse, ZMe, ZResetLinkCheck, ZResetLinkCheckBody, ZSetPasswordBody, ZSuccess, ZTokenResponse, ZWocoLoginParams,
} from '@portal/contract';
import { z } from 'zod';
import { sessionOf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import type { LoginClient } from './login-guard.ts';

/** The client of a login attempt: its address and the device cookie it may carry. */
const loginClient = (request: FastifyRequest): LoginClient => ({ ip: request.ip, cookieHeader: request.headers.cookie });

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError, 429: ZApiError };

export const authRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { auth, customers, sessions, guard } = services;

  app.post('/public/login', {
    schema: {
      tags: ['auth'],
      summary: 'Log in: a resident with postcode + house number, a partner with a username',
      description: 'An activation code in the password field answers `{ success: false, action: "activate-account" }`. Wrong credentials answer 401.',
      body: ZLoginBody,
      response: { 200: ZLoginResponse, ...errors },
    },
  }, async (request, reply) => {
    const customer = await customers.forHost(request.headers.host);
    const { username, zipcode, house_number } = request.body;
    const password = request.body.password!; // required by the schema's refinement
    const client = loginClient(request);
    const { answer, deviceCookie } = username
      ? await auth.loginUser(customer, { username, password }, client)
      : await auth.loginOccupant(customer, { zipcode: zipcode!, house_number: house_number!, password }, client);
    if (deviceCookie) reply.header('set-cookie', deviceCookie);
    return answer;
  });

  app.post('/public/activate', {
    schema: {
      tags: ['auth'],
      summary: 'Activate an address: the code, the accepted terms and a new password',
      description: 'username is the postcode plus house number and suffix (1234AB14). The answer carries a single-use ticket for GET /occupant/auth/{id}.',
      body: ZActivateBody,
      response: { 200: ZActivateResponse, ...errors },
    },
  }, async (request) => auth.activate(await customers.forHost(request.headers.host), request.body, loginClient(request)));

  app.get('/occupant/auth/:id', {
    schema: {
      tags: ['auth'],
      summary: 'Auto-login at an address',
      description: 'The bearer is either the single-use ticket from /public/activate or an administrator token for the address’s customer (then the session is marked is_admin).',
      params: ZAutoLoginParams,
      querystring: ZAutoLoginQuery,
      security: [{ bearer: [] }],
      response: { 200: ZTokenResponse, ...errors },
    },
  }, async (request) => auth.autoLogin(request.bearer, request.params.id, request.ip));

  app.post('/public/setlogin', {
    schema: {
      tags: ['auth'],
      summary: 'Exchange the ticket of a login link (/setlogin/{token}/...) for a session',
      description: 'The ticket works once, within 15 minutes. The answer is an occupant session marked is_admin for the link’s address and a new administrator token (admin_token). A session token is not a ticket: 401.',
      body: ZLoginLinkBody,
      response: { 200: ZLoginLinkResponse, ...errors },
    },
  }, async (request) => auth.redeemLoginLink(request.body.token, request.ip));

  app.post('/admin/login-link', {
    preHandler: guard.administrator,
    schema: {
      tags: ['auth'],
      summary: 'Make a login link ticket for an address (administrators of the address’s customer)',
      description: 'Answers the ticket for /setlogin/{token}/...; it works once, within 15 minutes.',
      body: ZLoginLinkRequest,
      security: [{ bearer: [] }],
      response: { 200: ZLoginLinkTicket, ...errors },
    },
  }, async (request) => {
    const { token, expiresAt } = await auth.issueLoginLink(sessionOf(request).userId!, request.body.address_id);
    return { success: true as const, token, expires_at: expiresAt.toISOString() };
  });

  app.post('/public/forgot-password', {
    schema: {
      tags: ['auth'], summary: 'Mail a reset link', description: 'username: an e-mail address, or postcode plus house number. The answer never tells whether the account exists.',
      body: ZForgotPasswordBody, response: { 200: ZSuccess, ...errors },
    },
  }, async (request) => {
    await auth.forgotPassword(await customers.forHost(request.headers.host), request.body.username, request.ip);
    return { success: true, message: messages.forgotSent };
  });

  app.post('/public/set-password', {
    schema: { tags: ['auth'], summary: 'Set a new password with the code from the reset link', body: ZSetPasswordBody, response: { 200: ZSuccess, ...errors } },
  }, async (request) => {
    await auth.setPassword(request.body);
    return { success: true, message: messages.passwordChanged };
  });

  app.post('/public/reset-link', {
    schema: {
      tags: ['auth'], summary: 'Whether a password-reset link still works',
      description: 'Not in the spec: the set-password page asks when it opens, so a used or expired link offers a new one at once instead of after the password was typed twice.',
      body: ZResetLinkCheckBody, response: { 200: ZResetLinkCheck, ...errors },
    },
  }, async (request) => ({ valid: await auth.checkResetLink(request.body) }));

  app.post('/public/woco/login', {
    schema: {
      tags: ['auth'], summary: 'Log in a housing-corporation user with the token of /woco/login/{token}',
      body: ZWocoLoginParams.extend({ language: z.literal('nl').optional() }), response: { 200: ZLoginResponse, ...errors },
    },
  }, async (request) => auth.wocoLogin(await customers.forHost(request.headers.host), request.body.token, request.ip));

  app.post('/auth/logout', {
    preHandler: guard.any,
    schema: {
      tags: ['auth'], summary: 'Revoke the current token',
      // nullish: a POST without a body reaches validation as null, and a logout needs none
      body: z.object({ language: z.literal('nl').optional() }).nullish(),
      security: [{ bearer: [] }], response: { 200: ZSuccess, ...errors },
    },
  }, async (request) => {
    await sessions.revoke(request.bearer!);
    return { success: true };
  });

  app.get('/auth/me', {
    preHandler: guard.any,
    schema: { tags: ['auth'], summary: 'Who the token belongs to', querystring: ZLanguageQuery, security: [{ bearer: [] }], response: { 200: ZMe, ...errors } },
  }, async (request) => auth.describe(sessionOf(request)));
};
