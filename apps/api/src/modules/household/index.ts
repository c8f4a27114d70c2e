export { householdRoutes } from './household.routes.ts';
export { createHouseholdService, type HouseholdService } from './household.service.ts';
