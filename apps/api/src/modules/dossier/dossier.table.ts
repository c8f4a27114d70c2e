import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { addresses } from '../address/address.table.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';

/**
 * The dossier of an address within a project: the files that came out of intake, choices, signatures
 * and delivery (type 'Opname', sub_type 'Opnamerapport', method_type 'Digitaal ondertekend', ...).
 * Only the address's residents read it.
 */
export const dossierItems = pgTable(
  'dossier_items',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull().references(() => files.id),
    type: text('type').notNull(),
    subType: text('sub_type'),
    methodType: text('method_type'),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dossier_items_address_idx').on(t.addressId, t.projectId, t.createdAt),
    index('dossier_items_project_idx').on(t.projectId),
    index('dossier_items_file_idx').on(t.fileId),
  ],
);
