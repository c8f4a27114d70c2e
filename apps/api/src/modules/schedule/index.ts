export { scheduleItemPartners, scheduleItems, schedules } from './schedule.table.ts';
export { createScheduleService, type NewSchedule, type ScheduleService } from './schedule.service.ts';
export { scheduleRoutes } from './schedule.routes.ts';
export { scheduleStaffRoutes } from './schedule.staff.routes.ts';
export { announcePlanning } from './schedule.notify.ts';
