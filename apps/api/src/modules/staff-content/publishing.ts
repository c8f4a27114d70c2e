import type { Queryable } from '../../lib/queryable.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { ProjectService } from '../project/project.service.ts';

/** Tells residents that an item appeared (a notification), in the transaction of the change or of its scheduled job; must be idempotent. */
export type PublishedAnnouncer = (tx: Queryable, item: { projectId: number; id: number }) => Promise<void>;

/**
 * Residents' new-item counts are cached per address until a module announces a change (project.service).
 * A content change announces itself after its transaction; an item scheduled for later also enqueues a
 * job at its publish_at ('content-published', keyed per item so that a new date replaces the old one),
 * which announces the change when the item actually appears. A module may register an announcer for its
 * entity (news, planning: issue 19's notifications): it runs when the item is published, at once or at its moment.
 */
export function createContentPublishing({ projects, jobs }: { projects: ProjectService; jobs: JobQueue }) {
  const announcers = new Map<string, PublishedAnnouncer>();
  const parse = (key: string) => {
    const [entity = '', id = ''] = key.split(':');
    return { entity, id: Number(id) };
  };
  return {
    register(entity: string, announcer: PublishedAnnouncer) {
      announcers.set(entity, announcer);
    },
    /** In the change's transaction: when the item is scheduled, the job that announces its moment; when it is out, its announcer. */
    async schedule(item: { projectId: number; key: string; publishAt: Date | null }, tx?: Queryable): Promise<void> {
      if (item.publishAt && item.publishAt.getTime() > Date.now()) {
        await jobs.add('content-published', { projectId: item.projectId, key: item.key }, { tx, jobKey: `content-published:${item.key}`, runAt: item.publishAt });
      } else if (item.publishAt && tx) {
        await this.published(tx, item.projectId, item.key);
      }
    },
    /** The item `key` ('news:12') is out: its entity's announcer, if any. */
    async published(tx: Queryable, projectId: number, key: string | undefined): Promise<void> {
      if (!key) return;
      const { entity, id } = parse(key);
      const announcer = announcers.get(entity);
      if (announcer && Number.isInteger(id)) await announcer(tx, { projectId, id });
    },
    /** After the change is committed: every process drops the project's cached counts. */
    announce: (projectId: number) => projects.invalidateNewItems({ projectId }),
  };
}
export type ContentPublishing = ReturnType<typeof createContentPublishing>;
