import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HAS_MORE_HEADER, pagedAnswer, staffContentBPaths as paths, ZStaffContentBItemParams, ZStaffContentBParams,
  ZStaffInformationOptionList, ZStaffListQuery, ZStaffPartner, ZStaffPartnerBody, ZStaffPartnerList, ZSuccess,
} from '@portal/contract';
import { signedFor, staffReadErrors, staffSecurity as security, staffTags as tags, staffWriteErrors } from '../../lib/staff-content-b.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';
import { createPartnersStaffService } from './partners.staff.service.ts';
import { contentAccess } from '../../lib/staff-routes.ts';

const ACCESS = "Staff of the project (customer administrators: every project of their customer; project editors: the projects they were given); another customer's project or partner answers 404. Every change is audited.";

/** The console's partners: /staff/projects/{projectId}/partners/... */
export const partnersStaffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { files } = services;
  const partners = createPartnersStaffService(services);

  app.get(paths.partners, {
    config: contentAccess,
    schema: {
      tags, summary: "The project's partners, in their order",
      description: `Paged (before: the id of the last partner held; limit; X-Has-More) and searchable (q: name and website). Non-public partners included. ${ACCESS}`,
      params: ZStaffContentBParams, querystring: ZStaffListQuery, security, response: { 200: pagedAnswer(ZStaffPartnerList), ...staffReadErrors },
    },
  }, async (request, reply) => {
    const ctx = staffOf(request);
    const page = await partners.list(ctx, request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return signedFor(files, ctx, page.items);
  });

  app.get(paths.partnerInformationItems, {
    config: contentAccess,
    schema: {
      tags, summary: "The project's information items (not FAQ) a partner can carry out, drafts included",
      params: ZStaffContentBParams, security, response: { 200: ZStaffInformationOptionList, ...staffReadErrors },
    },
  }, async (request) => partners.informationOptions(staffOf(request), request.params.projectId));

  app.get(paths.partner, {
    config: contentAccess,
    schema: { tags, summary: 'One partner', params: ZStaffContentBItemParams, security, response: { 200: ZStaffPartner, ...staffReadErrors } },
  }, async (request) => {
    const ctx = staffOf(request);
    return signedFor(files, ctx, await partners.get(ctx, request.params.projectId, request.params.id));
  });

  app.post(paths.partners, {
    config: contentAccess,
    schema: {
      tags, summary: 'Adds a partner',
      description: `Coordinates both or neither; information_item_ids the project's information items (not FAQ), else 422. logo_id: an image uploaded for this project's partners (POST .../images/partners), else 422. ${ACCESS}`,
      params: ZStaffContentBParams, body: ZStaffPartnerBody, security, response: { 201: ZStaffPartner, ...staffWriteErrors },
    },
  }, async (request, reply) => {
    const ctx = staffOf(request);
    return reply.status(201).send(await signedFor(files, ctx, await partners.create(ctx, request.params.projectId, request.body)));
  });

  app.put(paths.partner, {
    config: contentAccess,
    schema: {
      tags, summary: 'Changes a partner', description: 'The same fields and rules as adding one (logo_id null removes the logo).',
      params: ZStaffContentBItemParams, body: ZStaffPartnerBody, security, response: { 200: ZStaffPartner, ...staffWriteErrors },
    },
  }, async (request) => {
    const ctx = staffOf(request);
    return signedFor(files, ctx, await partners.update(ctx, request.params.projectId, request.params.id, request.body));
  });

  app.delete(paths.partner, {
    config: contentAccess,
    schema: {
      tags, summary: 'Deletes a partner (its links to information items and its logo go with it)',
      params: ZStaffContentBItemParams, security, response: { 200: ZSuccess, ...staffReadErrors },
    },
  }, async (request) => {
    await partners.remove(staffOf(request), request.params.projectId, request.params.id);
    return { success: true };
  });
};
