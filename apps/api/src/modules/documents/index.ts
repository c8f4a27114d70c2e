export { documents, type DocumentMethod } from './documents.table.ts';
export { createDocumentsService, type DocumentsService } from './documents.service.ts';
export { documentsRoutes } from './documents.routes.ts';
export { documentsStaffRoutes } from './documents.staff.routes.ts';
