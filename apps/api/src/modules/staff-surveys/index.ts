export { createStaffSurveysService, type StaffSurveysService } from './staff-surveys.service.ts';
export { staffSurveysRoutes } from './staff-surveys.routes.ts';
