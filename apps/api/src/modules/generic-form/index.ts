export { createGenericFormService, ENTRIES_PER_OWNER, type GenericFormService } from './generic-form.service.ts';
export { genericFormRoutes } from './generic-form.routes.ts';
