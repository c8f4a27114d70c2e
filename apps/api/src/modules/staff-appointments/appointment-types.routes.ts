import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffAppointmentTypePaths as paths, ZApiError, ZAppointmentType, ZAppointmentTypeBody, ZAppointmentTypeExportQuery, ZAppointmentTypeListItem,
  ZAppointmentTypeListQuery, ZAppointmentTypeOptions, ZAppointmentTypeParams, ZAppointmentTypePreviewBody, ZAppointmentTypesParams, ZAppointmentTypeSlot,
  ZAppointmentTypeSlotsQuery,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { sendExport } from '../../lib/table-export.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const ACCESS = 'Reading: appointments.read; changes: appointments.manage, on a project the account reaches. Another customer\'s project, or a type '
  + 'of another project, answers 404 as one that does not exist. Every change is written to the audit log.';
const RULES = 'Rules refused with Dutch messages naming the field (422): a range ending at or before its start, overlapping ranges of a day, a range '
  + 'shorter than the duration, a weekday or date twice, capacity below 1, a building unit or address not of the project. Saving regenerates the '
  + 'slots up to the horizon in the same transaction; slots with bookings are never moved, resized or removed.';

const read = { access: access.console('appointments.read', access.project('projectId')) };
const manage = (action: string) => ({ access: access.console('appointments.manage', access.project('projectId'), { action }) });

/** Appointment types and their availability rules in the console (contract: staff-appointment-types.ts). */
export const appointmentTypesRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { appointmentTypes } = services;

  app.get(paths.list, {
    config: read,
    schema: {
      tags, security, summary: "A project's appointment types with their bookings, future slots and free places",
      description: `Filter q (part of the subject). ${ACCESS}`, params: ZAppointmentTypesParams, querystring: ZAppointmentTypeListQuery,
      response: { 200: z.array(ZAppointmentTypeListItem), ...errors },
    },
  }, async (request) => appointmentTypes.list(staffOf(request), request.params.projectId, request.query.q));

  app.get(paths.export, {
    config: read,
    schema: {
      tags, security, summary: "A project's appointment types as CSV or XLSX", description: `The list's filter. Settings and counts only, no personal data (so not logged as a read of it). ${ACCESS}`,
      params: ZAppointmentTypesParams, querystring: ZAppointmentTypeExportQuery,
      produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('The list: text/csv or xlsx'), ...errors },
    },
  }, async (request, reply) => sendExport(reply, await appointmentTypes.exportList(staffOf(request), request.params.projectId, request.query.q, request.query.format)));

  app.get(paths.options, {
    config: read,
    schema: { tags, security, summary: 'The building units of the project, to choose who may book', description: ACCESS, params: ZAppointmentTypesParams, response: { 200: ZAppointmentTypeOptions, ...errors } },
  }, async (request) => appointmentTypes.options(staffOf(request), request.params.projectId));

  app.post(paths.preview, {
    config: read,
    schema: {
      tags, security, summary: 'The slots unsaved rules would make in the next four weeks (nothing stored)',
      description: `${RULES} ${ACCESS}`, params: ZAppointmentTypesParams, body: ZAppointmentTypePreviewBody, response: { 200: z.array(ZAppointmentTypeSlot), ...errors },
    },
  }, async (request) => appointmentTypes.preview(staffOf(request), request.params.projectId, request.body));

  app.post(paths.list, {
    config: manage('appointment-type-create'),
    schema: {
      tags, security, summary: 'A new appointment type with its availability rules; its slots are made at once',
      description: `${RULES} ${ACCESS}`, params: ZAppointmentTypesParams, body: ZAppointmentTypeBody, response: { 201: ZAppointmentType, ...errors },
    },
  }, async (request, reply) => reply.code(201).send(await appointmentTypes.create(staffOf(request), request.params.projectId, request.body)));

  app.get(paths.one, {
    config: read,
    schema: { tags, security, summary: 'An appointment type with every setting and rule', description: ACCESS, params: ZAppointmentTypeParams, response: { 200: ZAppointmentType, ...errors } },
  }, async (request) => appointmentTypes.get(staffOf(request), request.params.projectId, request.params.typeId));

  app.put(paths.one, {
    config: manage('appointment-type-update'),
    schema: {
      tags, security, summary: 'Saves an appointment type (every field); its slots follow the rules',
      description: `A planning made before the console becomes rule-made: its free future slots are replaced by the rules' slots. ${RULES} ${ACCESS}`,
      params: ZAppointmentTypeParams, body: ZAppointmentTypeBody, response: { 200: ZAppointmentType, ...errors },
    },
  }, async (request) => appointmentTypes.update(staffOf(request), request.params.projectId, request.params.typeId, request.body));

  app.delete(paths.one, {
    config: manage('appointment-type-delete'),
    schema: {
      tags, security, summary: 'Removes an appointment type without bookings', description: `With bookings: 409 (move or cancel them first). ${ACCESS}`,
      params: ZAppointmentTypeParams, response: { 204: z.null().describe('Removed'), ...errors, 409: ZApiError },
    },
  }, async (request, reply) => {
    await appointmentTypes.remove(staffOf(request), request.params.projectId, request.params.typeId);
    return reply.code(204).send(null);
  });

  app.get(paths.slots, {
    config: read,
    schema: {
      tags, security, summary: "An appointment type's slots with capacity and places taken",
      description: `\`days\` days (default 28, at most 92) from \`from\` (YYYY-MM-DD, default today in Amsterdam). ${ACCESS}`,
      params: ZAppointmentTypeParams, querystring: ZAppointmentTypeSlotsQuery, response: { 200: z.array(ZAppointmentTypeSlot), ...errors },
    },
  }, async (request) => appointmentTypes.slots(staffOf(request), request.params.projectId, request.params.typeId, request.query));
};
