import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZIdParams, ZLanguageQuery, ZOccupantQuery, ZPartnerCustomer, ZProject, ZProjectSummary, type TProject } from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError };

export const projectRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { projects } = services;

  app.get('/public/projects/:id', {
    config: { access: access.public, publicScope: { kind: 'customer', param: 'id' } },
    schema: { tags: ['projects'], summary: "A customer's public projects", params: ZIdParams, querystring: ZLanguageQuery, response: { 200: z.array(ZProjectSummary), ...errors } },
  }, async (request) => projects.publicProjects(request.params.id));

  app.get('/public/project/:id', {
    config: { access: access.public, publicScope: { kind: 'project', param: 'id' } },
    schema: { tags: ['projects'], summary: 'A public project with its public modules', params: ZIdParams, querystring: ZLanguageQuery, response: { 200: ZProject, ...errors } },
  }, async (request) => projects.publicProject(request.params.id));

  app.get('/occupant/projects', {
    config: { access: access.resident() },
    schema: { tags: ['projects'], summary: "The occupant's projects", querystring: ZLanguageQuery, security: [{ bearer: [] }], response: { 200: z.array(ZProjectSummary), ...errors } },
  }, async (request) => projects.occupantProjects(sessionOf(request)));

  app.get('/occupant/project', {
    config: { access: access.resident() },
    schema: { tags: ['projects'], summary: 'The chosen project with modules and new-item counts for this address', querystring: ZOccupantQuery, security: [{ bearer: [] }], response: { 200: ZProject, ...errors } },
  }, async (request, reply) => {
    // A prepared JSON string, validated by the contract when it was cached: Fastify sends a string
    // with a JSON content type as it is, so the per-request serialisation is skipped.
    const json = await projects.occupantProjectJson(sessionOf(request), request.query.project_id);
    return reply.type('application/json; charset=utf-8').send(json as unknown as TProject);
  });

  app.get('/partner/project/:id', {
    config: { access: access.partner('project.read', access.project('id')) },
    schema: { tags: ['projects'], summary: 'A project of one of the partner’s customers', params: ZIdParams, querystring: ZLanguageQuery, security: [{ bearer: [] }], response: { 200: ZProject, ...errors } },
  }, async (request) => projects.partnerProject(sessionOf(request), request.params.id));

  app.get('/partner/customers/', {
    config: { access: access.partner('project.read') },
    schema: { tags: ['projects'], summary: 'The customers a partner works for', querystring: ZLanguageQuery, security: [{ bearer: [] }], response: { 200: z.array(ZPartnerCustomer), ...errors } },
  }, async (request) => projects.partnerCustomers(sessionOf(request)));

  app.get('/partner/customer/:id/projects', {
    config: { access: access.partner('project.read', access.customer('id')) },
    schema: { tags: ['projects'], summary: "A customer's projects, for its partners", params: ZIdParams, querystring: ZLanguageQuery, security: [{ bearer: [] }], response: { 200: z.array(ZProjectSummary), ...errors } },
  }, async (request) => projects.partnerCustomerProjects(sessionOf(request), request.params.id));
};
