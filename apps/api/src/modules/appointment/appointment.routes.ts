import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentMessages, appointmentPaths, ZApiError, ZAppointmentActionBody, ZAppointmentChangeBody, ZAppointmentChangeV2Body, ZAppointmentDetail,
  ZAppointmentList, ZAppointmentParams, ZAppointmentResult, ZClusterScheduleParams, ZOccupantQuery,
  type TAppointment, type TAppointmentResult,
} from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError };
const tags = ['appointments'];
const security = [{ bearer: [] }];

const changeDescription = (extra: string) =>
  'Plans the appointment in the chosen slot (`cluster_schedule_id` = an id of `available_slots`), or moves it there. ' +
  'The old slot\'s place is released; a full or past slot answers 409, as does a change on an older `version` than the stored one ' +
  `('${appointmentMessages.stale}'). The slot it already has changes nothing and sends nothing (\`confirmation\` 'unchanged'). ` +
  'With send_confirmation_email an e-mail goes to email_address, with send_confirmation_sms an SMS to mobile_number, each limited per address ' +
  'and per recipient (CONFIRMATION_MAX_PER_ADDRESS, CONFIRMATION_MAX_PER_RECIPIENT a day); over a limit the booking is stored and ' +
  `\`confirmation\` is 'limited'. ${extra}`;

/** The answer to a change, confirmation or cancellation: its Dutch message and the appointment as it is now. */
const result = (message: string, appointment: TAppointment): TAppointmentResult => ({ success: true, message, appointment });

/** A change's answer says what became of its confirmations. */
const changeResult = ({ appointment, confirmation }: { appointment: TAppointment; confirmation: NonNullable<TAppointmentResult['confirmation']> }): TAppointmentResult => {
  const message = confirmation === 'unchanged' ? appointmentMessages.unchanged
    : confirmation === 'limited' ? `${appointmentMessages.changed} ${appointmentMessages.confirmationLimited}`
      : appointmentMessages.changed;
  return { ...result(message, appointment), confirmation };
};

export const appointmentRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { appointments } = services;

  app.get(appointmentPaths.list, {
    config: { access: access.resident({ personalData: true }) },
    schema: { tags, summary: "The address's appointments in the chosen project", querystring: ZOccupantQuery, security, response: { 200: ZAppointmentList, ...errors } },
  }, async (request) => appointments.list(sessionOf(request), request.query.project_id));

  app.get(appointmentPaths.one, {
    config: { access: access.resident({ personalData: true }) },
    schema: {
      tags, summary: 'One appointment with the slots it can be planned in',
      description: '`available_slots`: slots of the same planning with a free place that start in the future (the booked one excluded), soonest first, at most 200.',
      params: ZAppointmentParams, querystring: ZOccupantQuery, security, response: { 200: ZAppointmentDetail, ...errors },
    },
  }, async (request) => appointments.get(sessionOf(request), request.params.id, request.query.project_id));

  app.post(appointmentPaths.changeV2, {
    config: { access: access.resident() },
    schema: {
      tags, summary: 'Plan or move an appointment (version required)', description: changeDescription('`version` is required.'),
      params: ZAppointmentParams, querystring: ZOccupantQuery, body: ZAppointmentChangeV2Body, security, response: { 200: ZAppointmentResult, ...errors },
    },
  }, async (request) => changeResult(await appointments.change(sessionOf(request), request.params.id, request.body, request.query.project_id)));

  app.post(appointmentPaths.change, {
    config: { access: access.resident() },
    schema: {
      tags, summary: 'Plan or move an appointment (older call: version optional)',
      description: changeDescription('Unlike v2, `version` may be left out; then the change applies to the stored version (slot capacity is enforced either way).'),
      params: ZAppointmentParams, querystring: ZOccupantQuery, body: ZAppointmentChangeBody, security, response: { 200: ZAppointmentResult, ...errors },
    },
  }, async (request) => changeResult(await appointments.change(sessionOf(request), request.params.id, request.body, request.query.project_id)));

  app.post(appointmentPaths.confirm, {
    config: { access: access.resident() },
    schema: {
      tags, summary: "Confirm the address's appointment booked in this slot",
      description: '`cluster_schedule_id` is the slot the appointment is booked in (its `cluster_schedule_id`); with the caller\'s address it names one appointment. Allowed while `show_confirm_option_for_occupants`; otherwise 409. An optional body `version` is checked like a change\'s.',
      params: ZClusterScheduleParams, querystring: ZOccupantQuery, body: ZAppointmentActionBody, security, response: { 200: ZAppointmentResult, ...errors },
    },
  }, async (request) => result(appointmentMessages.confirmed, await appointments.confirm(sessionOf(request), request.params.cluster_schedule_id, request.body?.version, request.query.project_id)));

  app.post(appointmentPaths.cancel, {
    config: { access: access.resident() },
    schema: {
      tags, summary: "Cancel the address's appointment booked in this slot",
      description: '`cluster_schedule_id` is the slot the appointment is booked in; its place is released. Allowed while `can_be_cancelled`; otherwise 409. An optional body `version` is checked like a change\'s.',
      params: ZClusterScheduleParams, querystring: ZOccupantQuery, body: ZAppointmentActionBody, security, response: { 200: ZAppointmentResult, ...errors },
    },
  }, async (request) => result(appointmentMessages.cancelled, await appointments.cancel(sessionOf(request), request.params.cluster_schedule_id, request.body?.version, request.query.project_id)));
};
