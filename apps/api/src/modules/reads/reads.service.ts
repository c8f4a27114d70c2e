import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/**
 * For a list of one range of a large module (a month of the planning, whose resident has read marks for
 * the whole planning): true for an item a resident has not opened, as one primary-key probe per listed
 * item inside the query, however many marks the address has; for other readers true (they have no marks).
 */
export function unreadProbe(reader: Reader, module: ReadModule, itemId: AnyPgColumn): SQL<boolean> {
  if (reader.kind !== 'occupant') return sql<boolean>`true`;
  return sql<boolean>`not exists (select 1 from ${contentReads} where ${readMarkJoin(module, reader.addressId, itemId)})`;
}

export function createReadsService(db: Db, projects: Pick<ProjectService, 'invalidateNewItems'>) {
  return {
    /** A reader's read: recorded for a resident, not for an administrator acting for the address, nor for anyone else. */
    async markFor(reader: Reader, module: ReadModule, itemIds: number[]): Promise<number> {
      return reader.kind === 'occupant' && !reader.actingAdmin ? this.mark(reader.addressId, module, itemIds) : 0;
    },

    /**
     * A reader's opening of a whole module (the planning, which has no detail read): records, in one
     * statement, that the resident opened every item of `items` (a table, its id column and the condition
     * that picks the module's items, e.g. the project's) not opened before. As markFor: only a resident.
     */
    async markAllFor(reader: Reader, module: ReadModule, items: { table: PgTable; id: AnyPgColumn; where: SQL }): Promise<number> {
      if (reader.kind !== 'occupant' || reader.actingAdmin) return 0;
      const { addressId } = reader;
      const notOpened = db
        .select({
          addressId: sql<number>`${addressId}::int`.as('address_id'), module: sql<ReadModule>`${module}`.as('module'),
          itemId: items.id, readAt: sql<Date>`now()`.as('read_at'),
        })
        .from(items.table)
        .leftJoin(contentReads, readMarkJoin(module, addressId, items.id))
        .where(and(items.where, unread()));
      const inserted = await db.insert(contentReads).select(notOpened).onConflictDoNothing().returning({ itemId: contentReads.itemId });
      if (inserted.length) await projects.invalidateNewItems({ addressId });
      return inserted.length;
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
