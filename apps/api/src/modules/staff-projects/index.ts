export { createStaffProjectsService, BRANDING_FILE_OWNER, type StaffProjectsService } from './staff-projects.service.ts';
export { staffProjectsRoutes } from './staff-projects.routes.ts';
export { createProjectOverview, type ProjectOverview } from './staff-projects.overview.service.ts';
export { projectOverviewRoutes } from './staff-projects.overview.routes.ts';
