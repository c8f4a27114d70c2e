import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messages, ZActivateBody, ZLoginLinkBody, ZLoginLinkRequest, ZLoginLinkResponse, ZLoginLinkTicket, ZActivateResponse, ZApiError, ZAutoLoginParams, ZAutoLoginQuery, ZForgotPasswordBody, ZLanguageQuery,
  ZLoginBody, ZLoginResponse, ZLoginTotpBody, type TLoginResponse, type TStaffLoginAnswer, type TStaffSignedIn, ZMe, ZResetLinkCheck, ZResetLinkCheckBody, ZSetPasswordBody, ZSuccess, ZTokenResponse, ZWocoLoginParams,
} from '@portal/contract';
import { z } from 'zod';
import { UnauthorizedError } from '../../lib/errors.ts';
import { access, actorOf } from '../../plugins/access.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { CustomerRow } from '../customer/customer.service.ts';
import type { Services } from '../../services.ts';
import type { LoginClient } from './login-guard.ts';

/** The client of a login attempt: its address and the device cookie it may carry. */
const loginClient = (request: FastifyRequest): LoginClient => ({ ip: request.ip, cookieHeader: request.headers.cookie });

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError, 429: ZApiError };

export const authRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { auth, customers, sessions, staffAuth } = services;

  /** The partner portal's answer to a staff login step: signed in, or the second factor asked with a ticket. */
  const staffAnswer = async (customer: CustomerRow, answer: TStaffLoginAnswer | TStaffSignedIn): Promise<TLoginResponse> => {
    if (answer.status === 'signed-in') return auth.staffLoginResponse(customer, answer.token);
    return { success: false, action: 'totp', ticket: answer.ticket, message: 'Vul de code uit uw authenticator-app in.' };
  };

  app.post('/public/login', {
    config: { access: access.public },
    schema: {
      tags: ['auth'],
      summary: 'Log in: a resident with postcode + house number, a partner with a username',
      description: 'An activation code in the password field answers `{ success: false, action: "activate-account" }`. Wrong credentials answer 401. '
        + 'A staff account (username) logs in to the partner portal when its role allows it; with its second factor on, or required by a customer it works for, '
        + 'the answer is `{ success: false, action: "totp", ticket }` for POST /public/login/totp (403 when the customer requires a second factor the account has not set up yet: that is done in the console).',
      body: ZLoginBody,
      response: { 200: ZLoginResponse, ...errors },
    },
  }, async (request, reply) => {
    const customer = await customers.forHost(request.headers.host);
    const { username, zipcode, house_number } = request.body;
    const password = request.body.password!; // required by the schema's refinement
    const client = loginClient(request);
    if (username) {
      const { answer, deviceCookie } = await staffAuth.login(customer.id, { email: username, password }, client, 'partner');
      reply.header('set-cookie', deviceCookie);
      return staffAnswer(customer, answer);
    }
    const { answer, deviceCookie } = await auth.loginOccupant(customer, { zipcode: zipcode!, house_number: house_number!, password }, client);
    if (deviceCookie) reply.header('set-cookie', deviceCookie);
    return answer;
  });

  app.post('/public/login/totp', {
    config: { access: access.public },
    schema: {
      tags: ['auth'],
      summary: 'The second step of a staff login to the partner portal: a code from the authenticator app, or a recovery code',
      description: 'With the ticket of the `totp` answer (single use, 10 minutes). A wrong code answers 422 and counts against the account\'s limit.',
      body: ZLoginTotpBody,
      response: { 200: ZLoginResponse, ...errors },
    },
  }, async (request) => {
    const customer = await customers.forHost(request.headers.host);
    return staffAnswer(customer, await staffAuth.loginWithCode(customer.id, request.body, loginClient(request), 'partner'));
  });

  app.post('/public/activate', {
    config: { access: access.public },
    schema: {
      tags: ['auth'],
      summary: 'Activate an address: the code, the accepted terms and a new password',
      description: 'username is the postcode plus house number and suffix (1234AB14). The answer carries a single-use ticket for GET /occupant/auth/{id}.',
      body: ZActivateBody,
      response: { 200: ZActivateResponse, ...errors },
    },
  }, async (request) => auth.activate(await customers.forHost(request.headers.host), request.body, loginClient(request)));

  app.get('/occupant/auth/:id', {
    // The bearer here is the activation's single-use ticket, not a session.
    config: { access: access.public },
    schema: {
      tags: ['auth'],
      summary: 'Auto-login at an address',
      description: 'The bearer is the single-use ticket from /public/activate. Staff act for an address only through a login link (/public/setlogin).',
      params: ZAutoLoginParams,
      querystring: ZAutoLoginQuery,
      security: [{ bearer: [] }],
      response: { 200: ZTokenResponse, ...errors },
    },
  }, async (request) => auth.autoLogin(request.bearer, request.params.id, request.ip));

  app.post('/public/setlogin', {
    config: { access: access.public },
    schema: {
      tags: ['auth'],
      summary: 'Exchange the ticket of a login link (/setlogin/{token}/...) for a session',
      description: 'The ticket works once, within 15 minutes, while its maker still may act for the address. The answer is ONE session acting for the link’s address (is_admin; `admin_token` is the same token): it reaches that address alone and mints no link or session. A session token is not a ticket: 401.',
      body: ZLoginLinkBody,
      response: { 200: ZLoginLinkResponse, ...errors },
    },
  }, async (request) => auth.redeemLoginLink(request.body.token, request.ip));

  app.post('/admin/login-link', {
    config: { access: access.partner('login-links.create', access.addressInBody('address_id'), { action: 'login-link' }) },
    schema: {
      tags: ['auth'],
      summary: 'Make a login link ticket for an address (staff with the permission login-links.create on a project of the address)',
      description: 'Answers the ticket for /setlogin/{token}/...; it works once, within 15 minutes.',
      body: ZLoginLinkRequest,
      security: [{ bearer: [] }],
      response: { 200: ZLoginLinkTicket, ...errors },
    },
  }, async (request) => {
    const { token, expiresAt } = await auth.issueLoginLink(actorOf(request).userId, request.body.address_id);
    return { success: true as const, token, expires_at: expiresAt.toISOString() };
  });

  app.post('/public/forgot-password', {
    config: { access: access.public },
    schema: {
      tags: ['auth'], summary: 'Mail a reset link', description: 'username: an e-mail address, or postcode plus house number. The answer never tells whether the account exists.',
      body: ZForgotPasswordBody, response: { 200: ZSuccess, ...errors },
    },
  }, async (request) => {
    await auth.forgotPassword(await customers.forHost(request.headers.host), request.body.username, request.ip);
    return { success: true, message: messages.forgotSent };
  });

  app.post('/public/set-password', {
    config: { access: access.public },
    schema: { tags: ['auth'], summary: 'Set a new password with the code from the reset link', body: ZSetPasswordBody, response: { 200: ZSuccess, ...errors } },
  }, async (request) => {
    await auth.setPassword(request.body);
    return { success: true, message: messages.passwordChanged };
  });

  app.post('/public/reset-link', {
    config: { access: access.public },
    schema: {
      tags: ['auth'], summary: 'Whether a password-reset link still works',
      description: 'Not in the spec: the set-password page asks when it opens, so a used or expired link offers a new one at once instead of after the password was typed twice.',
      body: ZResetLinkCheckBody, response: { 200: ZResetLinkCheck, ...errors },
    },
  }, async (request) => ({ valid: await auth.checkResetLink(request.body) }));

  app.post('/public/woco/login', {
    config: { access: access.public },
    schema: {
      tags: ['auth'], summary: 'Log in a housing-corporation user with the token of /woco/login/{token}',
      body: ZWocoLoginParams.extend({ language: z.literal('nl').optional() }), response: { 200: ZLoginResponse, ...errors },
    },
  }, async (request) => {
    const customer = await customers.forHost(request.headers.host);
    const user = await auth.wocoUser(request.body.token, request.ip);
    const rule = await staffAuth.faceRule(user, customer.id, 'partner');
    if (!rule.allowed) throw new UnauthorizedError('Deze inloglink is ongeldig of verlopen.');
    return staffAnswer(customer, await staffAuth.secondStep(user, customer.id, 'partner', rule.requireTotp, 'woco-link'));
  });

  app.post('/auth/logout', {
    config: { access: access.anySession },
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
    config: { access: access.anySession },
    schema: { tags: ['auth'], summary: 'Who the token belongs to', querystring: ZLanguageQuery, security: [{ bearer: [] }], response: { 200: ZMe, ...errors } },
  }, async (request) => auth.describe(sessionOf(request)));
};
