import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';
import { appointmentTypesRoutes } from './appointment-types.routes.ts';

export { createAppointmentTypesService, type AppointmentTypesService } from './appointment-types.service.ts';
export { appointmentTypesRoutes } from './appointment-types.routes.ts';
export { regenerateAllSlots, regenerateSlots, slotsFromRules } from './appointment-types.slots.ts';

/** The console's appointments (issue 17): appointment types and availability (appointment-types.*). */
export const staffAppointmentsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  await app.register(appointmentTypesRoutes(services));
};
