import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';

/** The complaints module's items (module 18, titled by the project's module_18_name): how to report what. */
export const complaintItems = pgTable(
  'complaint_items',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    imageFileId: integer('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Staff HTML, sanitised when stored. */
    content: text('content').notNull().default(''),
    /** Shown to residents from this moment; null = a draft. Counts of new items move only then. */
    publishAt: timestamp('publish_at', { withTimezone: true }).defaultNow(),
    isPublic: boolean('is_public').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('complaint_items_project_idx').on(t.projectId, t.position, t.id),
    index('complaint_items_image_idx').on(t.imageFileId),
  ],
);
