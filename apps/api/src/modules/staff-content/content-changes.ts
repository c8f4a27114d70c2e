import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import type { ContentPublishing } from './publishing.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * How every content change is made: the write, the scheduled-publication job and the audit entry in one
 * transaction, then the announcement that drops the residents' cached new-item counts.
 */
export function createContentChanges({ db, audit, publishing }: { db: Db; audit: AuditService; publishing: ContentPublishing }) {
  return {
    /** Creates or changes an item; `write` answers its id. */
    async save(
      ctx: StaffContext,
      change: { entity: string; projectId: number; before: unknown; after: unknown; publishAt: Date | null },
      write: (tx: Tx) => Promise<number>,
    ): Promise<number> {
      const id = await db.transaction(async (tx) => {
        const itemId = await write(tx);
        await publishing.schedule({ projectId: change.projectId, key: `${change.entity}:${itemId}`, publishAt: change.publishAt }, tx as Queryable);
        await audit.record(ctx, { action: change.before ? 'update' : 'create', entity: change.entity, entityId: itemId, projectId: change.projectId, before: change.before, after: change.after }, tx);
        return itemId;
      });
      await publishing.announce(change.projectId);
      return id;
    },

    /** Deletes an item (its links go with it: foreign keys cascade). */
    async remove(ctx: StaffContext, change: { entity: string; projectId: number; id: number; before: unknown }, remove: (tx: Tx) => Promise<unknown>): Promise<void> {
      await db.transaction(async (tx) => {
        await remove(tx);
        await audit.record(ctx, { action: 'delete', entity: change.entity, entityId: change.id, projectId: change.projectId, before: change.before }, tx);
      });
      await publishing.announce(change.projectId);
    },
  };
}
export type ContentChanges = ReturnType<typeof createContentChanges>;
