import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';
import { appointmentTypesRoutes } from './appointment-types.routes.ts';
import { plannerRoutes } from './planner.routes.ts';

export { createAppointmentTypesService, type AppointmentTypesService } from './appointment-types.service.ts';
export { regenerateAllSlots, regenerateSlots, slotsFromRules } from './appointment-types.slots.ts';
export { createPlannerService, type PlannerService } from './planner.service.ts';

/** The console's appointments (issue 17): appointment types and availability (appointment-types.*), the planner (planner.*). */
export const staffAppointmentsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  await app.register(appointmentTypesRoutes(services));
  await app.register(plannerRoutes(services));
};
