import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HAS_MORE_HEADER, pagedAnswer, staffContentBPaths as paths, ZStaffContact, ZStaffContactBody, ZStaffContactList, ZStaffContentBItemParams, ZStaffContentBParams, ZStaffListQuery, ZSuccess,
} from '@portal/contract';
import { signedFor, staffReadErrors, staffSecurity as security, staffTags as tags, staffWriteErrors } from '../../lib/staff-content-b.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';
import { createContactsStaffService } from './contacts.staff.service.ts';
import { contentAccess } from '../../lib/staff-routes.ts';

const ACCESS = "Staff of the project (customer administrators: every project of their customer; project editors: the projects they were given); another customer's project or contact answers 404. Every change is audited.";

/** The console's contact persons: /staff/projects/{projectId}/contacts/... */
export const contactsStaffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { files } = services;
  const contacts = createContactsStaffService(services);

  app.get(paths.contacts, {
    config: contentAccess,
    schema: {
      tags, summary: "The project's contact persons, in their order",
      description: `Paged (before: the id of the last contact held; limit; X-Has-More) and searchable (q: name, function, organisation, e-mail). ${ACCESS}`,
      params: ZStaffContentBParams, querystring: ZStaffListQuery, security, response: { 200: pagedAnswer(ZStaffContactList), ...staffReadErrors },
    },
  }, async (request, reply) => {
    const ctx = staffOf(request);
    const page = await contacts.list(ctx, request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return signedFor(files, ctx, page.items);
  });

  app.get(paths.contact, {
    config: contentAccess,
    schema: { tags, summary: 'One contact person', params: ZStaffContentBItemParams, security, response: { 200: ZStaffContact, ...staffReadErrors } },
  }, async (request) => {
    const ctx = staffOf(request);
    return signedFor(files, ctx, await contacts.get(ctx, request.params.projectId, request.params.id));
  });

  app.post(paths.contacts, {
    config: contentAccess,
    schema: {
      tags, summary: 'Adds a contact person',
      description: `can_chat shows residents a Chat link to /berichten/ on the card. avatar_id and logo_id: images uploaded for this project's contacts (POST .../images/contacts), else 422. ${ACCESS}`,
      params: ZStaffContentBParams, body: ZStaffContactBody, security, response: { 201: ZStaffContact, ...staffWriteErrors },
    },
  }, async (request, reply) => {
    const ctx = staffOf(request);
    return reply.status(201).send(await signedFor(files, ctx, await contacts.create(ctx, request.params.projectId, request.body)));
  });

  app.put(paths.contact, {
    config: contentAccess,
    schema: {
      tags, summary: 'Changes a contact person', description: 'The same fields and rules as adding one (an image id null removes that image).',
      params: ZStaffContentBItemParams, body: ZStaffContactBody, security, response: { 200: ZStaffContact, ...staffWriteErrors },
    },
  }, async (request) => {
    const ctx = staffOf(request);
    return signedFor(files, ctx, await contacts.update(ctx, request.params.projectId, request.params.id, request.body));
  });

  app.delete(paths.contact, {
    config: contentAccess,
    schema: { tags, summary: 'Deletes a contact person', params: ZStaffContentBItemParams, security, response: { 200: ZSuccess, ...staffReadErrors } },
  }, async (request) => {
    await contacts.remove(staffOf(request), request.params.projectId, request.params.id);
    return { success: true };
  });
};
