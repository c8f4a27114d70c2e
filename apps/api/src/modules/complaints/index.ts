export { complaintItems } from './complaints.table.ts';
export { createComplaintsService, type ComplaintsService } from './complaints.service.ts';
export { complaintsRoutes } from './complaints.routes.ts';
export { complaintsStaffRoutes } from './complaints.staff.routes.ts';
