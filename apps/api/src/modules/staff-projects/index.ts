export { createStaffProjectsService, BRANDING_FILE_OWNER, type StaffProjectsService } from './staff-projects.service.ts';
export { staffProjectsRoutes } from './staff-projects.routes.ts';
