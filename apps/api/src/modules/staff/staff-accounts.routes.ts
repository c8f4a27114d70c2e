import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HAS_MORE_HEADER, pagedAnswer, staffAuthPaths as paths, ZApiError, ZIdParams, ZLanguageQuery, ZStaffAccount, ZStaffAccountCreate, ZStaffAccountList,
  ZStaffAccountQuery, ZStaffAccountUpdate, ZStaffProjectChoices, ZStaffSecurity, ZStaffSecurityBody, ZSuccess,
} from '@portal/contract';
import { z } from 'zod';
import { pageSize } from '../../lib/paging.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { staffOf } from './staff-access.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError, 429: ZApiError };
const tags = ['staff'];
const security = [{ bearer: [] }];
const ZEmptyBody = z.object({ language: z.literal('nl').optional() }).nullish();

/** Staff accounts and the customer's TOTP requirement: customer administrators only (403 for project editors). */
export const staffAccountsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffAccounts } = services;

  app.get(paths.accounts, {
    config: { access: access.console('accounts.manage') },
    schema: {
      tags, summary: 'The customer’s staff accounts, by name; searchable (q: name or e-mail), paged (before = the last id held, X-Has-More)',
      querystring: ZStaffAccountQuery, security, response: { 200: pagedAnswer(ZStaffAccountList), ...errors },
    },
  }, async (request, reply) => {
    const page = await staffAccounts.list(staffOf(request), { q: request.query.q || undefined, before: request.query.before, limit: pageSize(request.query) });
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.post(paths.accounts, {
    config: { access: access.console('accounts.manage') },
    schema: {
      tags, summary: 'Create a staff account; it gets an invitation mail with a link to choose its password',
      description: 'A customer administrator reaches every project; a project editor the project_ids given (the customer’s own, else 422). An e-mail address in use answers 409.',
      body: ZStaffAccountCreate, security, response: { 200: ZStaffAccount, ...errors },
    },
  }, async (request) => staffAccounts.create(staffOf(request), request.body));

  app.get(paths.accountProjects, {
    config: { access: access.console('accounts.manage') },
    schema: { tags, summary: 'The customer’s projects to give a project editor', querystring: ZLanguageQuery, security, response: { 200: ZStaffProjectChoices, ...errors } },
  }, async (request) => staffAccounts.projectChoices(staffOf(request)));

  app.put(paths.account, {
    config: { access: access.console('accounts.manage') },
    schema: {
      tags, summary: 'Change a staff account: name, role, projects, disabled',
      description: 'Not one’s own role or access (so an active administrator always remains). An account shared with another customer: only its projects (422). Disabling ends its sessions.',
      params: ZIdParams, body: ZStaffAccountUpdate, security, response: { 200: ZStaffAccount, ...errors },
    },
  }, async (request) => staffAccounts.update(staffOf(request), request.params.id, request.body));

  app.post(paths.accountResetTotp, {
    config: { access: access.console('accounts.manage') },
    schema: {
      tags, summary: 'Reset an account’s TOTP (a lost phone): TOTP and recovery codes cleared, its console sessions end',
      params: ZIdParams, body: ZEmptyBody, security, response: { 200: ZStaffAccount, ...errors },
    },
  }, async (request) => staffAccounts.resetTotp(staffOf(request), request.params.id));

  app.post(paths.accountInvite, {
    config: { access: access.console('accounts.manage') },
    schema: {
      tags, summary: 'Mail the account a new link to set its password (invitation or reset)',
      params: ZIdParams, body: ZEmptyBody, security, response: { 200: ZSuccess, ...errors },
    },
  }, async (request) => {
    await staffAccounts.invite(staffOf(request), request.params.id);
    return { success: true, message: 'De e-mail is verstuurd.' };
  });

  app.get(paths.security, {
    config: { access: access.console('customer.manage') },
    schema: { tags, summary: 'Whether the customer requires TOTP of all its staff', querystring: ZLanguageQuery, security, response: { 200: ZStaffSecurity, ...errors } },
  }, async (request) => staffAccounts.security(staffOf(request)));

  app.put(paths.security, {
    config: { access: access.console('customer.manage') },
    schema: {
      tags, summary: 'Require TOTP of all the customer’s staff (or not)',
      description: 'Turning it on needs the administrator’s own TOTP (422); console sessions of accounts without TOTP end, so they enrol at their next login.',
      body: ZStaffSecurityBody, security, response: { 200: ZStaffSecurity, ...errors },
    },
  }, async (request) => staffAccounts.setSecurity(staffOf(request), { require_totp: request.body.require_totp }));
};
