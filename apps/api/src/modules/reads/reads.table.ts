import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { addresses } from '../address/address.table.ts';

/** Content modules whose items an address opens; 'information' covers FAQ items too (one table). */
export type ReadModule = 'news' | 'complaints' | 'information' | 'schedule' | 'documents' | 'dossier';

/**
 * Which items an address has opened. The primary key (address_id, module, item_id) is both the
 * uniqueness rule and the index behind every "not read yet" join.
 */
export const contentReads = pgTable(
  'content_reads',
  {
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    module: text('module').$type<ReadModule>().notNull(),
    itemId: integer('item_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.addressId, t.module, t.itemId] })],
);
