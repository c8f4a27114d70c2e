export { partners } from './partners.table.ts';
export { createPartnersService, type PartnersService } from './partners.service.ts';
export { partnersRoutes } from './partners.routes.ts';
export { partnersStaffRoutes } from './partners.staff.routes.ts';
