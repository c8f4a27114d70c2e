import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  occupantWaitlistPaths, plannerMessages, ZApiError, ZOccupantWaitlistBody, ZOccupantWaitlistParams, ZOccupantWaitlistQuery, ZSuccess, ZWaiter, ZWaiterList,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { findPlanningOfProject } from './appointment.waiting.ts';

const tags = ['appointments'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError };

/**
 * The waiting list for residents (issue 17): the address joins the list of an appointment type of its project
 * when every slot is full, sees its place in the queue, and leaves it. See appointment.waiting.ts for what fills.
 */
export const appointmentWaitlistRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { projects, waitlist, db } = services;

  async function scopeOf(request: FastifyRequest, projectId?: number) {
    const session = sessionOf(request);
    if (session.addressId === null) throw new ForbiddenError();
    const { project } = await projects.occupantModuleProject(session, projectId, 'appointments');
    return { addressId: session.addressId, projectId: project.id };
  }

  app.get(occupantWaitlistPaths.list, {
    config: { access: access.resident() },
    schema: {
      tags, summary: "The address's places on waiting lists in the chosen project", querystring: ZOccupantWaitlistQuery, security,
      response: { 200: ZWaiterList, ...errors },
    },
  }, async (request) => {
    const scope = await scopeOf(request, request.query.project_id);
    return waitlist.list(db, scope.projectId, { addressId: scope.addressId });
  });

  app.post(occupantWaitlistPaths.list, {
    config: { access: access.resident() },
    schema: {
      tags, summary: "Puts the address on an appointment type's waiting list",
      description: 'Only while every slot of the type is full (else 409: choose a slot); 409 too when the address already has a booking of the type '
        + 'or already waits. When a place frees up, the first waiter is booked into it automatically and told by e-mail (the given address and the '
        + 'occupants\') and SMS (the given number).',
      querystring: ZOccupantWaitlistQuery, body: ZOccupantWaitlistBody, security, response: { 201: ZWaiter, ...errors },
    },
  }, async (request, reply) => {
    const scope = await scopeOf(request, request.query.project_id);
    const id = await db.transaction(async (tx) => {
      const planning = await findPlanningOfProject(tx, scope.projectId, request.body.planning_id);
      return waitlist.join(tx, { planningId: planning.id, addressId: scope.addressId, by: 'resident', email: request.body.email_address, mobile: request.body.mobile_number });
    });
    const mine = await waitlist.list(db, scope.projectId, { addressId: scope.addressId });
    return reply.code(201).send(mine.find((w) => w.id === id)!);
  });

  app.delete(occupantWaitlistPaths.one, {
    config: { access: access.resident() },
    schema: {
      tags, summary: 'Takes the address off a waiting list', params: ZOccupantWaitlistParams, querystring: ZOccupantWaitlistQuery, security,
      response: { 200: ZSuccess, ...errors },
    },
  }, async (request) => {
    const scope = await scopeOf(request, request.query.project_id);
    const row = await db.transaction((tx) => waitlist.leave(tx, request.params.id, scope));
    if (!row) throw new NotFoundError(plannerMessages.waiterNotFound);
    return { success: true, message: plannerMessages.waitlistLeft };
  });
};
