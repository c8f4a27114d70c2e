import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HAS_MORE_HEADER, pagedAnswer, staffContentBPaths as paths, ZStaffContentBParams, ZStaffListQuery,
  ZStaffWorkOrderEntry, ZStaffWorkOrderEntryBody, ZStaffWorkOrderEntryList, ZStaffWorkOrderEntryParams, ZStaffWorkOrderOrderBody,
  ZStaffWorkOrderSettings, ZStaffWorkOrderSettingsBody, ZStaffWorkOrderStatusBody, ZSuccess,
} from '@portal/contract';
import { signedFor, staffReadErrors, staffSecurity as security, staffTags as tags, staffWriteErrors } from '../../lib/staff-content-b.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';
import { createWorkOrderStaffService } from './work-order.staff.service.ts';
import { contentAccess } from '../../lib/staff-routes.ts';

/** The console's work order: /staff/projects/{projectId}/work-order/... (staff of the project; another's project 404). */
export const workOrderStaffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { files } = services;
  const workOrder = createWorkOrderStaffService(services);

  app.get(paths.workOrder, {
    config: contentAccess,
    schema: {
      tags, summary: "The work order's settings: image and message, public detail, and how many addresses are in the order",
      params: ZStaffContentBParams, security, response: { 200: ZStaffWorkOrderSettings, ...staffReadErrors },
    },
  }, async (request) => {
    const ctx = staffOf(request);
    return signedFor(files, ctx, await workOrder.settings(ctx, request.params.projectId));
  });

  app.put(paths.workOrder, {
    config: contentAccess,
    schema: {
      tags, summary: "Changes the work order's settings",
      description: 'show_image: residents and visitors see the image and the message instead of the map and list; it needs an image (422 at show_image). '
        + 'image_id: an image uploaded for this project\'s work order (POST .../images/work-order), the one it has, or null to remove it (422 for any other file). '
        + 'public_addresses: public visitors see full addresses instead of street ranges.',
      params: ZStaffContentBParams, body: ZStaffWorkOrderSettingsBody, security, response: { 200: ZStaffWorkOrderSettings, ...staffWriteErrors },
    },
  }, async (request) => {
    const ctx = staffOf(request);
    return signedFor(files, ctx, await workOrder.updateSettings(ctx, request.params.projectId, request.body));
  });

  app.get(paths.workOrderEntries, {
    config: contentAccess,
    schema: {
      tags, summary: "The project's addresses with their work-order number and status",
      description: 'The addresses in the order first (by number), then the others (number and status null) by street and house number. '
        + '`q` searches street, house number, postcode and city (every word); paged with `before` (the id of the last address held) and `limit`, X-Has-More.',
      params: ZStaffContentBParams, querystring: ZStaffListQuery, security, response: { 200: pagedAnswer(ZStaffWorkOrderEntryList), ...staffReadErrors },
    },
  }, async (request, reply) => {
    const page = await workOrder.entries(staffOf(request), request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.patch(paths.workOrderEntry, {
    config: contentAccess,
    schema: {
      tags, summary: "Sets an address's status, public flag or place in the order",
      description: 'An address not in the order yet is added at the end (in_preparation unless `status` says otherwise). '
        + '`position` moves it there (1 = first; beyond the end = last) and renumbers the others 1..n.',
      params: ZStaffWorkOrderEntryParams, body: ZStaffWorkOrderEntryBody, security, response: { 200: ZStaffWorkOrderEntry, ...staffWriteErrors },
    },
  }, async (request) => workOrder.updateEntry(staffOf(request), request.params.projectId, request.params.addressId, request.body));

  app.delete(paths.workOrderEntry, {
    config: contentAccess,
    schema: {
      tags, summary: 'Takes an address out of the work order; the numbers after it close up',
      params: ZStaffWorkOrderEntryParams, security, response: { 200: ZSuccess, ...staffReadErrors },
    },
  }, async (request) => {
    await workOrder.removeEntry(staffOf(request), request.params.projectId, request.params.addressId);
    return { success: true };
  });

  app.put(paths.workOrderOrder, {
    config: contentAccess,
    schema: {
      tags, summary: 'Sets the whole order at once',
      description: 'Every address now in the order, each once, in the new sequence; numbered 1..n. Anything else answers 422.',
      params: ZStaffContentBParams, body: ZStaffWorkOrderOrderBody, security, response: { 200: ZStaffWorkOrderSettings, ...staffWriteErrors },
    },
  }, async (request) => {
    const ctx = staffOf(request);
    return signedFor(files, ctx, await workOrder.setOrder(ctx, request.params.projectId, request.body.address_ids));
  });

  app.post(paths.workOrderStatus, {
    config: contentAccess,
    schema: {
      tags, summary: 'Sets one status for several addresses',
      description: 'Addresses not in the order yet join it at the end in the given sequence. An address outside the project answers 404.',
      params: ZStaffContentBParams, body: ZStaffWorkOrderStatusBody, security, response: { 200: ZStaffWorkOrderSettings, ...staffWriteErrors },
    },
  }, async (request) => {
    const ctx = staffOf(request);
    return signedFor(files, ctx, await workOrder.setStatus(ctx, request.params.projectId, request.body.address_ids, request.body.status));
  });
};
