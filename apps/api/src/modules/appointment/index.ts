export { appointmentRoutes } from './appointment.routes.ts';
export { createAppointmentService, type AppointmentService } from './appointment.service.ts';
export { listAppointments } from './appointment.repository.ts';
