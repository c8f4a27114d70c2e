import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { TIndicator } from '@portal/contract';
import { files } from '../files/files.table.ts';
import { partners } from '../partners/partners.table.ts';
import { projects } from '../project/project.table.ts';

/** A project's planning page: an optional comment (staff HTML) and image, and whether dates are shown. */
export const schedules = pgTable('schedules', {
  projectId: integer('project_id').primaryKey().references(() => projects.id, { onDelete: 'cascade' }),
  comment: text('comment'),
  imageFileId: integer('image_file_id').references(() => files.id, { onDelete: 'set null' }),
  showDate: boolean('show_date').notNull().default(true),
}, (t) => [index('schedules_image_idx').on(t.imageFileId)]);

/** One planned activity on one day; `highlight` shows it as 'Belangrijk: ...'. */
export const scheduleItems = pgTable(
  'schedule_items',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    /** A short plain-text line under the title. */
    description: text('description'),
    /** Staff HTML, sanitised when stored. */
    content: text('content').notNull().default(''),
    imageFileId: integer('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    highlight: boolean('highlight').notNull().default(false),
    accessToHomeRequired: boolean('access_to_home_required').notNull().default(false),
    icons: text('icons').array().notNull().default([]),
    indicators: jsonb('indicators').$type<TIndicator[]>().notNull().default([]),
    /** Shown to residents from this moment; null = a draft. Counts of new items move only then. */
    publishAt: timestamp('publish_at', { withTimezone: true }).defaultNow(),
    isPublic: boolean('is_public').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedule_items_project_date_idx').on(t.projectId, t.date, t.position, t.id),
    index('schedule_items_image_idx').on(t.imageFileId),
  ],
);

export const scheduleItemPartners = pgTable(
  'schedule_item_partners',
  {
    itemId: integer('item_id').notNull().references(() => scheduleItems.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.partnerId] }), index('schedule_item_partners_partner_idx').on(t.partnerId)],
);
