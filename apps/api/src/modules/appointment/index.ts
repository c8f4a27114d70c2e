export { appointmentRoutes } from './appointment.routes.ts';
export { createAppointmentService, type AppointmentService } from './appointment.service.ts';
