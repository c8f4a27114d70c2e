export { dossierItems } from './dossier.table.ts';
export { createDossierService, DOSSIER_LIMIT, DOSSIER_MAILS_PER_WINDOW, type DossierService } from './dossier.service.ts';
export { dossierRoutes } from './dossier.routes.ts';
export { dossierStaffRoutes } from './dossier.staff.routes.ts';
