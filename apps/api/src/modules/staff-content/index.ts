import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createContentChanges } from './content-changes.ts';
import type { FilesService } from '../files/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { ProjectService } from '../project/project.service.ts';
import { createPartnerLinks } from './partner-links.ts';
import { createContentPublishing } from './publishing.ts';
import { createStaffImages } from './staff-images.ts';

export { staffContentRoutes } from './staff-content.routes.ts';
export type { StaffImages } from './staff-images.ts';
export type { ContentPublishing } from './publishing.ts';

/** What every content module's staff service shares: checked image uploads, partner links and the publishing announcements. */
export function createStaffContent(deps: { db: Db; files: FilesService; projects: ProjectService; jobs: JobQueue; audit: AuditService }) {
  const publishing = createContentPublishing(deps);
  return {
    images: createStaffImages(deps), publishing, partnerLinks: createPartnerLinks(deps.db),
    changes: createContentChanges({ db: deps.db, audit: deps.audit, publishing }),
  };
}
export type StaffContent = ReturnType<typeof createStaffContent>;
