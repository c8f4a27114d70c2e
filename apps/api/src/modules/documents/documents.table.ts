import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { addresses } from '../address/address.table.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';

export type DocumentMethod = { type: string; message: string };

/**
 * Documents of a project: project-wide (address_id null) or for one address. `methods` tells how the
 * document reached the resident or what is asked of them (e.g. { type: 'post', message: '...' }).
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull().references(() => files.id),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    name: text('name').notNull(),
    methods: jsonb('methods').$type<DocumentMethod[]>().notNull().default([]),
    /** Shown to residents from this moment; null = a draft. Counts of new items move only then. */
    publishAt: timestamp('publish_at', { withTimezone: true }).defaultNow(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The lists, newest first, read one range per scope (documents.repository.ts): an address's documents,
    // and the project-wide ones (a partial index, since `address_id IS NULL` cannot order a scan of the first).
    index('documents_project_idx').on(t.projectId, t.addressId, t.createdAt, t.id),
    index('documents_project_wide_idx').on(t.projectId, t.createdAt, t.id).where(sql`${t.addressId} IS NULL`),
    index('documents_address_idx').on(t.addressId),
    index('documents_file_idx').on(t.fileId),
  ],
);
