export { createSupportBaseService, agreementOf, type SupportBaseService, type SupportBaseAccess } from './support-base.service.ts';
export { supportBaseRoutes } from './support-base.routes.ts';
