export { informationItemPartners, informationItems, type InformationKind } from './information.table.ts';
export { createInformationService, type InformationService, type NewInformation } from './information.service.ts';
export { informationRoutes } from './information.routes.ts';
export { informationStaffRoutes } from './information.staff.routes.ts';
