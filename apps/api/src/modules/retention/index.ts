export { createRetentionService, addMonths, type RetentionService } from './retention.service.ts';
export { retentionRoutes } from './retention.routes.ts';
export { retentionRules, retentionSettings, retentionProjects } from './retention.table.ts';
