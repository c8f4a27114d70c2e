import { boolean, doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';

/** The companies that carry out a project's work, with their place on the partner map. */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    website: text('website'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    isPublic: boolean('is_public').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('partners_project_idx').on(t.projectId, t.position, t.id), index('partners_logo_idx').on(t.logoFileId)],
);
