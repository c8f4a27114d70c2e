import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HAS_MORE_HEADER, LOGO_MAX_BYTES, pagedAnswer, staffProjectMessages, ZApiError, ZStaffCustomer, ZStaffCustomerBody, ZStaffProject,
  ZStaffProjectBody, ZStaffProjectCreateBody, ZStaffProjectList, ZStaffProjectListQuery, ZStaffProjectParams,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { readImageUpload } from '../files/index.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError };
const writeErrors = { ...errors, 422: ZApiError };
const uploadErrors = { ...writeErrors, 413: ZApiError };

const LOGO_DESCRIPTION =
  `multipart/form-data with the image in field \`image\`: png or jpeg by content, at most ${LOGO_MAX_BYTES / 1024 / 1024} MB; stored upright, `
  + 'scaled down and without metadata (EXIF, GPS) through the portal\'s file storage. A logo is public: it loads without a session.';

const readLogo = (request: FastifyRequest) =>
  readImageUpload(request, LOGO_MAX_BYTES, { type: staffProjectMessages.logoType, missing: staffProjectMessages.logoMissing, tooLarge: staffProjectMessages.logoTooLarge });

/**
 * The console's customer settings (customer administrators only) and projects. Project editors reach the
 * projects they were given; another customer's project answers 404 like one that does not exist.
 */
export const staffProjectsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffProjects } = services;
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });

  // ---- customer ----------------------------------------------------------------------------------

  app.get('/staff/customer', {
    config: { access: access.console('customer.manage') },
    schema: { tags, summary: "The customer's settings: branding, host names, login address, chat notification", security, response: { 200: ZStaffCustomer, ...errors } },
  }, async (request) => staffProjects.getCustomer(staffOf(request)));

  app.put('/staff/customer', {
    config: { access: access.console('customer.manage') },
    schema: {
      tags, summary: "Changes the customer's settings",
      description: 'Colours must carry white text (contrast of at least 4.5:1). Host names are unique across customers: one that another customer answers on is refused (422 at `domains.{i}`). '
        + 'The notification is the customer\'s chat notification (the default of every project without one of its own). The portal serves the change at once.',
      body: ZStaffCustomerBody, security, response: { 200: ZStaffCustomer, ...writeErrors },
    },
  }, async (request) => staffProjects.updateCustomer(staffOf(request), request.body));

  app.post('/staff/customer/logo', {
    config: { access: access.console('customer.manage') },
    schema: { tags, summary: "Uploads the customer's logo", description: LOGO_DESCRIPTION, consumes: ['multipart/form-data'], security, response: { 200: ZStaffCustomer, ...uploadErrors } },
  }, async (request) => staffProjects.setCustomerLogo(staffOf(request), await readLogo(request)));

  app.delete('/staff/customer/logo', {
    config: { access: access.console('customer.manage') },
    schema: { tags, summary: "Removes the customer's logo", security, response: { 200: ZStaffCustomer, ...errors } },
  }, async (request) => staffProjects.setCustomerLogo(staffOf(request), null));

  // ---- projects ----------------------------------------------------------------------------------

  app.get('/staff/projects', {
    config: { access: access.console('project.read') },
    schema: {
      tags, summary: 'The projects this account reaches, by name',
      description: 'Paged (`before` = the last project held, `limit`; X-Has-More). `q` searches the name; `status` is active (default), archived or all. '
        + 'Customer administrators see every project of their customer, project editors those they were given.',
      querystring: ZStaffProjectListQuery, security, response: { 200: pagedAnswer(ZStaffProjectList), ...writeErrors },
    },
  }, async (request, reply) => {
    const page = await staffProjects.listProjects(staffOf(request), request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.post('/staff/projects', {
    config: { access: access.console('project.manage') },
    schema: {
      tags, summary: 'Creates a project',
      description: 'It starts hidden from the public, with the modules that need no set-up (news, information, planning, work order, contacts, FAQ, chat, documents, complaints).',
      body: ZStaffProjectCreateBody, security, response: { 201: ZStaffProject, ...writeErrors },
    },
  }, async (request, reply) => reply.status(201).send(await staffProjects.createProject(staffOf(request), request.body)));

  app.get('/staff/projects/:id', {
    config: { access: access.console('project.read', access.project('id')) },
    schema: { tags, summary: 'One project with its settings', params: ZStaffProjectParams, security, response: { 200: ZStaffProject, ...writeErrors } },
  }, async (request) => staffProjects.getProject(staffOf(request), request.params.id));

  app.put('/staff/projects/:id', {
    config: { access: access.console('content.edit', access.project('id')) },
    schema: {
      tags, summary: "Changes a project's settings",
      description: 'Empty colours and website fall back on the customer\'s. `modules` are the modules that are on, in order, each once; the complaints module is named by `module_18_name`. '
        + '`welcome_message` is HTML, sanitised when stored.',
      params: ZStaffProjectParams, body: ZStaffProjectBody, security, response: { 200: ZStaffProject, ...writeErrors },
    },
  }, async (request) => staffProjects.updateProject(staffOf(request), request.params.id, request.body));

  app.post('/staff/projects/:id/logo', {
    config: { access: access.console('content.edit', access.project('id')) },
    schema: { tags, summary: "Uploads a project's own logo", description: LOGO_DESCRIPTION, params: ZStaffProjectParams, consumes: ['multipart/form-data'], security, response: { 200: ZStaffProject, ...uploadErrors } },
  }, async (request) => {
    const ctx = staffOf(request);
    await staffProjects.getProject(ctx, request.params.id); // 404 before the upload is read
    return staffProjects.setProjectLogo(ctx, request.params.id, await readLogo(request));
  });

  app.delete('/staff/projects/:id/logo', {
    config: { access: access.console('content.edit', access.project('id')) },
    schema: { tags, summary: "Removes a project's own logo (the customer's shows again)", params: ZStaffProjectParams, security, response: { 200: ZStaffProject, ...writeErrors } },
  }, async (request) => staffProjects.setProjectLogo(staffOf(request), request.params.id, null));

  app.post('/staff/projects/:id/archive', {
    config: { access: access.console('project.manage', access.project('id')) },
    schema: {
      tags, summary: 'Archives a project: residents, partners and the public no longer see it',
      params: ZStaffProjectParams, security, response: { 200: ZStaffProject, ...writeErrors },
    },
  }, async (request) => staffProjects.archiveProject(staffOf(request), request.params.id));

  app.post('/staff/projects/:id/restore', {
    config: { access: access.console('project.manage', access.project('id')) },
    schema: { tags, summary: 'Restores an archived project', params: ZStaffProjectParams, security, response: { 200: ZStaffProject, ...writeErrors } },
  }, async (request) => staffProjects.restoreProject(staffOf(request), request.params.id));
};
