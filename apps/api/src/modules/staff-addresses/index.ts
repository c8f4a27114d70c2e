export { createStaffAddressesService, residentLoginUrl, type StaffAddressesService } from './staff-addresses.service.ts';
export { staffAddressesRoutes } from './staff-addresses.routes.ts';
