export { createStaffFormsService, type StaffFormsService } from './staff-forms.service.ts';
export { staffFormsRoutes } from './staff-forms.routes.ts';
export { createFormNotices, formNoticeTexts, FORM_DEADLINE_DAYS, type FormNotices } from './staff-forms.notices.ts';
