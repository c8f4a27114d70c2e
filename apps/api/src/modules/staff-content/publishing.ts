import type { Queryable } from '../../lib/queryable.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { ProjectService } from '../project/project.service.ts';

/**
 * Residents' new-item counts are cached per address until a module announces a change (project.service).
 * A content change announces itself after its transaction; an item scheduled for later also enqueues a
 * job at its publish_at ('content-published', keyed per item so that a new date replaces the old one),
 * which announces the change when the item actually appears.
 */
export function createContentPublishing({ projects, jobs }: { projects: ProjectService; jobs: JobQueue }) {
  return {
    /** In the change's transaction: when the item is scheduled, the job that announces its moment. */
    async schedule(item: { projectId: number; key: string; publishAt: Date | null }, tx?: Queryable): Promise<void> {
      if (item.publishAt && item.publishAt.getTime() > Date.now()) {
        await jobs.add('content-published', { projectId: item.projectId }, { tx, jobKey: `content-published:${item.key}`, runAt: item.publishAt });
      }
    },
    /** After the change is committed: every process drops the project's cached counts. */
    announce: (projectId: number) => projects.invalidateNewItems({ projectId }),
  };
}
export type ContentPublishing = ReturnType<typeof createContentPublishing>;
