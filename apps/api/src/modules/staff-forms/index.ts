export { createStaffFormsService, type StaffFormsService } from './staff-forms.service.ts';
export { staffFormsRoutes } from './staff-forms.routes.ts';
