import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError, ZCustomerQuery, ZPrivacyPage, ZRetentionParams, ZRetentionPolicy, ZRetentionPolicyBody, ZRetentionProject, ZRetentionProjectBody,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError };
const writeErrors = { ...errors, 422: ZApiError };

/** The customer's retention policy, a project's overrides and its confirmation (console), and the privacy page (public). */
export const retentionRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { retention } = services;

  app.get('/staff/retention', {
    config: { access: access.console('retention.manage') },
    schema: {
      tags, summary: "The customer's retention policy: per category how long, from when, and what happens",
      description: 'Categories without a rule of the customer show the portal\'s default (`is_default`). `min_months` and `hold` are the legal holds.',
      security, response: { 200: ZRetentionPolicy, ...errors },
    },
  }, async (request) => retention.getPolicy(staffOf(request)));

  app.put('/staff/retention', {
    config: { access: access.console('retention.manage') },
    schema: {
      tags, summary: "Changes the customer's retention policy and the privacy contact",
      description: 'Each rule sent replaces the customer\'s rule of its category; categories not sent keep theirs. A value below a legal hold '
        + '(payments 84 months; consent evidence at least 1 month after the court period), a basis or an action the category does not allow answers 422 at `rules.{i}.{field}`.',
      body: ZRetentionPolicyBody, security, response: { 200: ZRetentionPolicy, ...writeErrors },
    },
  }, async (request) => retention.savePolicy(staffOf(request), request.body));

  app.get('/staff/projects/:id/retention', {
    config: { access: access.console('retention.manage', access.project('id')) },
    schema: {
      tags, summary: "A project's retention: its overrides, when each category is due, and what would go now (counts, never content)",
      params: ZRetentionParams, security, response: { 200: ZRetentionProject, ...errors },
    },
  }, async (request) => retention.getProject(staffOf(request), request.params.id));

  app.put('/staff/projects/:id/retention', {
    config: { access: access.console('retention.manage', access.project('id')) },
    schema: {
      tags, summary: "Replaces a project's retention overrides (a category left out follows the customer's policy)",
      description: 'The same holds as the customer\'s policy (422 at `overrides.{i}.{field}`); sessions, outbox and audit log have no project rule.',
      params: ZRetentionParams, body: ZRetentionProjectBody, security, response: { 200: ZRetentionProject, ...writeErrors },
    },
  }, async (request) => retention.saveProject(staffOf(request), request.params.id, request.body));

  app.post('/staff/projects/:id/retention/confirm', {
    config: { access: access.console('retention.manage', access.project('id')) },
    schema: {
      tags, summary: 'Confirms what will be deleted or anonymised in this project; the job applies the policy from now on',
      description: 'Until a project is confirmed the daily job leaves it alone. 409 when nothing is due yet or it was confirmed before. The first run is queued at once; '
        + 'the confirmation and every run are written to the audit log with categories and counts.',
      params: ZRetentionParams, security, response: { 200: ZRetentionProject, ...errors, 409: ZApiError },
    },
  }, async (request) => retention.confirm(staffOf(request), request.params.id));

  app.get('/public/privacy', {
    config: { access: access.public },
    schema: {
      tags: ['customer'], summary: "The customer's privacy page (found by host): what is kept, how long, and whom to ask",
      querystring: ZCustomerQuery, response: { 200: ZPrivacyPage, 404: ZApiError },
    },
  }, async (request) => {
    const customer = await services.customers.forHost(request.query.domain || request.headers.host);
    return retention.privacyPage(customer);
  });
};
