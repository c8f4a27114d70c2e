export { createPersonalDataService, type PersonalDataDocument, type PersonalDataService } from './personal-data.service.ts';
export { personalDataRoutes } from './personal-data.routes.ts';
export { COLLECTORS, type Collector } from './personal-data.collectors.ts';
export { personalDataExports } from './personal-data.table.ts';
