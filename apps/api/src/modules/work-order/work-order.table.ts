import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WORK_ORDER_STATUSES } from '@portal/contract';
import { addresses } from '../address/address.table.ts';
import { projects } from '../project/project.table.ts';

export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/**
 * The order in which a project's addresses are worked on: `number` is the work-order number shown on
 * the map and in the list. An entry can be left out of the public list (is_public false).
 */
export const workOrderEntries = pgTable(
  'work_order_entries',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').$type<WorkOrderStatus>().notNull().default('in_preparation'),
    isPublic: boolean('is_public').notNull().default(true),
  },
  (t) => [
    uniqueIndex('work_order_entries_address_idx').on(t.projectId, t.addressId),
    // The number is the entry's id on the wire (the spec's work-order number): unique per project, and the
    // index that pages the list in order.
    uniqueIndex('work_order_entries_number_idx').on(t.projectId, t.number),
  ],
);
