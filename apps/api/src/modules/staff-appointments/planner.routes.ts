import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HAS_MORE_HEADER, pagedAnswer, plannerPaths, ZApiError, ZPlannerAppointmentParams, ZPlannerBookBody, ZPlannerCancelBody, ZPlannerChangeResult, ZPlannerDayBody,
  ZPlannerDayResult, ZPlannerParams, ZPlannerQuery, ZPlannerView, ZPlannerWaiterParams, ZStaffWaitlistBody, ZSuccess, ZWaiter, ZWaiterList, ZWaitlistExportQuery, ZWaitlistQuery,
  ZWithoutExportQuery, ZWithoutList, ZWithoutQuery,
} from '@portal/contract';
import { sendJsonText } from '../../lib/answer-memo.ts';
import { sendExport } from '../../lib/table-export.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const writeErrors = { ...errors, 409: ZApiError };
const SCOPE = 'A type, appointment or waiter of another project (or customer) answers 404 as one that does not exist.';

/**
 * The appointment planner of the console (issue 17): reads with appointments.read (audited: addresses and
 * names), changes with appointments.manage (audited in their transaction). The project is the guarded resource.
 */
export const plannerRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { planner } = services;
  const project = access.project('projectId');
  const manage = (action: string) => ({ access: access.console('appointments.manage', project, { action }) });

  app.get(plannerPaths.view, {
    config: { access: access.console('appointments.read', project, { personalData: true, action: 'planner-read' }) },
    schema: {
      tags, summary: "The planner's calendar: a day or an ISO week of the project's appointment slots with who booked them",
      description: `\`date\` (default today, Europe/Amsterdam), \`view\` day or week, \`type\` one appointment type. Each slot with its capacity, places taken and live bookings (address, household, confirmed). The project's types with their waiting lists. ${SCOPE}`,
      params: ZPlannerParams, querystring: ZPlannerQuery, security, response: { 200: ZPlannerView, ...errors },
    },
  }, async (request, reply) => sendJsonText(reply, await planner.view(request.params.projectId, request.query)));

  app.get(plannerPaths.without, {
    config: { access: access.console('appointments.read', project, { personalData: true, action: 'planner-without-read' }) },
    schema: {
      tags, summary: 'The addresses of the project without an appointment of a type (none made, not planned or cancelled)',
      description: `Postcode and house-number order, keyset paging (\`before\`: the last address id held; X-Has-More); \`q\` searches the address. ${SCOPE}`,
      params: ZPlannerParams, querystring: ZWithoutQuery, security, response: { 200: pagedAnswer(ZWithoutList), ...errors },
    },
  }, async (request, reply) => {
    const page = await planner.without(request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.get(plannerPaths.withoutExport, {
    config: { access: access.console('appointments.read', project, { personalData: true, action: 'planner-without-export' }) },
    schema: {
      tags, summary: 'The addresses without an appointment of a type as CSV or XLSX',
      description: 'The same rows as the list (all of them, `q` applies). Text that starts with = + - @ is written as text. Audited.',
      params: ZPlannerParams, querystring: ZWithoutExportQuery, security, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('The file'), ...errors },
    },
  }, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, await planner.exportWithout(request.params.projectId, query, format));
  });

  app.post(plannerPaths.book, {
    config: manage('appointment-book'),
    schema: {
      tags, summary: "Books or moves an address's appointment of a type into a slot (staff, for the address)",
      description: 'The appointment is made when the address has none of the type. A full or past slot: 409. The old place goes to the waiting '
        + `list. With \`notify\` (default) the occupants are told by e-mail and SMS (a job). ${SCOPE}`,
      params: ZPlannerParams, body: ZPlannerBookBody, security, response: { 200: ZPlannerChangeResult, ...writeErrors },
    },
  }, async (request) => planner.book(staffOf(request), request.params.projectId, request.body));

  app.post(plannerPaths.cancel, {
    config: manage('appointment-cancel'),
    schema: {
      tags, summary: 'Cancels an appointment (staff); its place goes to the waiting list',
      description: `Already cancelled or not planned: 409. With \`notify\` (default) the occupants are told and offered the free slots. ${SCOPE}`,
      params: ZPlannerAppointmentParams, body: ZPlannerCancelBody, security, response: { 200: ZPlannerChangeResult, ...writeErrors },
    },
  }, async (request) => planner.cancel(staffOf(request), request.params.projectId, request.params.appointmentId, { notify: request.body?.notify ?? true, reason: request.body?.reason }));

  app.post(plannerPaths.day, {
    config: manage('appointment-day'),
    schema: {
      tags, summary: 'A day falls out: moves all appointments of a type on a date to the slots of another date, or cancels them all',
      description: 'One transaction: every live appointment of the type on `date` is moved (to the same time on `to_date` when it has room, else the '
        + 'nearest later time, else the earliest free place) or cancelled; the day\'s slots are closed (capacity 0). Not enough free places on `to_date`: '
        + `409 and nothing changes. Every resident is told (moved: the new time; cancelled: a link to the portal and the free slots). ${SCOPE}`,
      params: ZPlannerParams, body: ZPlannerDayBody, security, response: { 200: ZPlannerDayResult, ...writeErrors },
    },
  }, async (request) => planner.day(staffOf(request), request.params.projectId, request.body));

  app.get(plannerPaths.waitlist, {
    config: { access: access.console('appointments.read', project, { personalData: true, action: 'planner-waitlist-read' }) },
    schema: {
      tags, summary: "A type's waiting list in queue order with each waiter's place",
      description: `Keyset paging (\`before\`: the last waiter id held; X-Has-More); \`q\` searches the address (places stay the queue's). ${SCOPE}`,
      params: ZPlannerParams, querystring: ZWaitlistQuery, security, response: { 200: pagedAnswer(ZWaiterList), ...errors },
    },
  }, async (request, reply) => {
    const page = await planner.waiters(request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.get(plannerPaths.waitlistExport, {
    config: { access: access.console('appointments.read', project, { personalData: true, action: 'planner-waitlist-export' }) },
    schema: {
      tags, summary: "A type's waiting list as CSV or XLSX",
      description: 'The same rows as the list (all of them, `q` applies). Text that starts with = + - @ is written as text. Audited.',
      params: ZPlannerParams, querystring: ZWaitlistExportQuery, security, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('The file'), ...errors },
    },
  }, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, await planner.exportWaiters(request.params.projectId, query, format));
  });

  app.post(plannerPaths.waitlist, {
    config: manage('appointment-waitlist-add'),
    schema: {
      tags, summary: "Puts an address on a type's waiting list (staff)",
      description: `409 when the address already has a booking of the type, already waits, or the type still has free places. ${SCOPE}`,
      params: ZPlannerParams, body: ZStaffWaitlistBody, security, response: { 201: ZWaiter, ...writeErrors },
    },
  }, async (request, reply) => reply.code(201).send(await planner.addWaiter(staffOf(request), request.params.projectId, request.body)));

  app.delete(plannerPaths.waitlistOne, {
    config: manage('appointment-waitlist-remove'),
    schema: { tags, summary: 'Takes a waiter off the waiting list', description: SCOPE, params: ZPlannerWaiterParams, security, response: { 200: ZSuccess, ...errors } },
  }, async (request) => {
    await planner.removeWaiter(staffOf(request), request.params.projectId, request.params.waiterId);
    return { success: true as const };
  });
};
