import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messages, staffAuthPaths as paths, ZApiError, ZLanguageQuery, ZRecoveryCodes, ZStaffChangePasswordBody, ZStaffForgotPasswordBody, ZStaffLoginAnswer,
  ZStaffLoginBody, ZStaffMe, ZStaffPasswordLinkBody, ZStaffPasswordLinkCheck, ZStaffSignedIn, ZStaffTotpLoginBody, ZSuccess, ZTotpCodeBody, ZTotpConfirm,
  ZTotpConfirmBody, ZTotpStart, ZTotpStartBody,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import type { LoginClient } from '../auth/login-guard.ts';
import { staffOf } from './staff-access.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError, 429: ZApiError };
const loginClient = (request: FastifyRequest): LoginClient => ({ ip: request.ip, cookieHeader: request.headers.cookie });
const tags = ['staff'];
const security = [{ bearer: [] }];

/** The staff console's login, second factor and own account (issue 10). */
export const staffAuthRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffAuth, customers } = services;
  const hostCustomerId = async (request: FastifyRequest) => (await customers.forHost(request.headers.host)).id;

  app.post(paths.login, {
    config: { access: access.public },
    schema: {
      tags, summary: 'Console login, step 1: e-mail address and password',
      description: 'Unknown address, wrong password, no console access and a disabled account all answer the same 401. '
        + "Answers `totp` (send a code with the ticket to /staff/login/totp), `enrol` (the customer requires TOTP: enrol with the ticket) or `signed-in`. "
        + 'The ticket works once, within 10 minutes. Rate limited as the resident login.',
      body: ZStaffLoginBody, response: { 200: ZStaffLoginAnswer, ...errors },
    },
  }, async (request, reply) => {
    const { answer, deviceCookie } = await staffAuth.login(await hostCustomerId(request), request.body, loginClient(request));
    reply.header('set-cookie', deviceCookie);
    return answer;
  });

  app.post(paths.loginTotp, {
    config: { access: access.public },
    schema: {
      tags, summary: 'Console login, step 2: a TOTP code or a recovery code',
      description: 'A 6-digit code of the authenticator app (valid ±30 s, each code once) or one of the ten recovery codes (each once; '
        + '`recovery_codes_left` then says how many are left). A wrong code answers 422 and counts against the rate limit; the ticket stays usable until it expires.',
      body: ZStaffTotpLoginBody, response: { 200: ZStaffSignedIn, ...errors },
    },
  }, async (request) => staffAuth.loginWithCode(await hostCustomerId(request), request.body, loginClient(request)));

  app.post(paths.totpStart, {
    config: { access: access.public },
    schema: {
      tags, summary: 'Start enrolling TOTP: a new secret and its QR code',
      description: 'With the ticket of an `enrol` login answer, or in a console session (bearer) without TOTP. TOTP is on only after /staff/totp/confirm.',
      body: ZTotpStartBody, security, response: { 200: ZTotpStart, ...errors },
    },
  }, async (request) => {
    const host = await hostCustomerId(request);
    if (request.body?.ticket) return staffAuth.startTotp(host, { ticket: request.body.ticket });
    await app.checkAccess(request, access.console('account.self'));
    return staffAuth.startTotp(host, { ctx: staffOf(request) });
  });

  app.post(paths.totpConfirm, {
    config: { access: access.public },
    schema: {
      tags, summary: 'Confirm TOTP with a code from the app: answers the ten recovery codes (shown once)',
      description: 'With the ticket of an `enrol` login answer (then also a console `token`: signed in) or in a console session.',
      body: ZTotpConfirmBody, security, response: { 200: ZTotpConfirm, ...errors },
    },
  }, async (request) => {
    const host = await hostCustomerId(request);
    const { ticket, code } = request.body;
    if (ticket) return staffAuth.confirmTotp(host, { ticket }, code, loginClient(request));
    await app.checkAccess(request, access.console('account.self'));
    return staffAuth.confirmTotp(host, { ctx: staffOf(request) }, code, loginClient(request));
  });

  app.post(paths.recoveryCodes, {
    config: { access: access.console('account.self') },
    schema: {
      tags, summary: 'Ten new recovery codes (the current TOTP code required); the old ones stop working',
      body: ZTotpCodeBody, security, response: { 200: ZRecoveryCodes, ...errors },
    },
  }, async (request) => ({ recovery_codes: await staffAuth.newRecoveryCodes(staffOf(request), request.body.code, loginClient(request)) }));

  app.delete(paths.totp, {
    config: { access: access.console('account.self') },
    schema: {
      tags, summary: 'Turn one’s own TOTP off (the current code required)',
      description: '409 while the customer requires TOTP for its staff.',
      body: ZTotpCodeBody, security, response: { 200: ZSuccess, ...errors },
    },
  }, async (request) => {
    await staffAuth.disableTotp(staffOf(request), request.body.code, loginClient(request));
    return { success: true };
  });

  app.get(paths.me, {
    config: { access: access.console('account.self') },
    schema: { tags, summary: 'The console account, its customer and whether it must enrol TOTP', querystring: ZLanguageQuery, security, response: { 200: ZStaffMe, ...errors } },
  }, async (request) => staffAuth.me(staffOf(request)));

  app.put(paths.password, {
    config: { access: access.console('account.self') },
    schema: {
      tags, summary: 'Change one’s own password (the current one required); every other session ends',
      body: ZStaffChangePasswordBody, security, response: { 200: ZSuccess, ...errors },
    },
  }, async (request) => {
    await staffAuth.changePassword(staffOf(request), request.body, loginClient(request));
    return { success: true, message: messages.passwordChanged };
  });

  app.post(`${paths.passwordLink}/check`, {
    config: { access: access.public },
    schema: {
      tags, summary: 'Whether the link of an invitation or reset mail still works',
      body: z.object({ token: z.string().min(1).max(200), language: z.literal('nl').optional() }), response: { 200: ZStaffPasswordLinkCheck, ...errors },
    },
  }, async (request) => staffAuth.checkPasswordLink(request.body.token, request.ip));

  app.post(paths.passwordLink, {
    config: { access: access.public },
    schema: {
      tags, summary: 'Set the password with the link of an invitation or reset mail (/beheer/wachtwoord/{token})',
      description: 'The link works once; every session of the account ends.',
      body: ZStaffPasswordLinkBody, response: { 200: ZSuccess, ...errors },
    },
  }, async (request) => {
    await staffAuth.setPasswordWithLink(request.body, request.ip);
    return { success: true, message: messages.passwordChanged };
  });

  app.post(paths.forgotPassword, {
    config: { access: access.public },
    schema: {
      tags, summary: 'Mail a staff account a reset link', description: 'The answer never tells whether the account exists.',
      body: ZStaffForgotPasswordBody, response: { 200: ZSuccess, ...errors },
    },
  }, async (request) => {
    await staffAuth.forgotPassword(await hostCustomerId(request), request.body.email, request.ip);
    return { success: true, message: messages.forgotSent };
  });
};
