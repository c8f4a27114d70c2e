export { appointmentRoutes } from './appointment.routes.ts';
export { createAppointmentService, type AppointmentService } from './appointment.service.ts';
export { appointmentWaitlistRoutes } from './appointment.waiting.routes.ts';
export { createWaitlist, type Waitlist } from './appointment.waiting.ts';
export { createAppointmentMessaging, type AppointmentMessaging, type NoticeJob } from './appointment.reminders.ts';
export { listAppointments } from './appointment.repository.ts';
