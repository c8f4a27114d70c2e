export { createStaffAddressesService, customerPortalOrigin, residentLoginUrl, type StaffAddressesService } from './staff-addresses.service.ts';
export { listProjectAddresses, numberPart, countNotActivated, searchConditions as addressSearchConditions, type AddressListRow } from './staff-addresses.repository.ts';
export { staffAddressesRoutes } from './staff-addresses.routes.ts';
