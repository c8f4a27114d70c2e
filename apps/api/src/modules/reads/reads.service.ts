import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Reader } from '../../lib/content.ts';
import type { ProjectService } from '../project/project.service.ts';
import { contentReads, type ReadModule } from './reads.table.ts';

/**
 * The left-join condition that pairs an item with this address's read mark; with it, `unread()` is
 * true for items the address has not opened. One join per list or count, never a query per row.
 */
export function readMarkJoin(module: ReadModule, addressId: number, itemId: AnyPgColumn): SQL {
  return and(eq(contentReads.addressId, addressId), eq(contentReads.module, module), eq(contentReads.itemId, itemId))!;
}
export const unread = (): SQL<boolean> => sql<boolean>`${isNull(contentReads.itemId)}`;

/** For lists: a resident's read marks, or none at all (public visitors and partners have no read marks). */
export function readMarkJoinFor(reader: Reader, module: ReadModule, itemId: AnyPgColumn): SQL {
  return reader.kind === 'occupant' ? readMarkJoin(module, reader.addressId, itemId) : sql`false`;
}

export function createReadsService(db: Db, projects: Pick<ProjectService, 'invalidateNewItems'>) {
  return {
    /** A reader's read: recorded for a resident, not for an administrator acting for the address, nor for anyone else. */
    async markFor(reader: Reader, module: ReadModule, itemIds: number[]): Promise<number> {
      return reader.kind === 'occupant' && !reader.actingAdmin ? this.mark(reader.addressId, module, itemIds) : 0;
    },

    /**
     * Records that the address opened these items. Only when something was new does it announce the
     * change, so that the address's nr_of_new_items is counted again (in every process).
     */
    async mark(addressId: number, module: ReadModule, itemIds: number[]): Promise<number> {
      if (!itemIds.length) return 0;
      const inserted = await db
        .insert(contentReads)
        .values([...new Set(itemIds)].map((itemId) => ({ addressId, module, itemId })))
        .onConflictDoNothing()
        .returning({ itemId: contentReads.itemId });
      if (inserted.length) await projects.invalidateNewItems({ addressId });
      return inserted.length;
    },
  };
}
export type ReadsService = ReturnType<typeof createReadsService>;
