import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { TIndicator } from '@portal/contract';
import { files } from '../files/files.table.ts';
import { partners } from '../partners/partners.table.ts';
import { projects } from '../project/project.table.ts';

export type InformationKind = 'information' | 'faq';

/**
 * Information items (kind 'information', in menu group 1 = work inside, 2 = work outside, 3 = other) and
 * FAQ items (kind 'faq', no menu). Icons are names of the icon set in assets/icons.
 */
export const informationItems = pgTable(
  'information_items',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InformationKind>().notNull().default('information'),
    menuitemId: smallint('menuitem_id'),
    title: text('title').notNull(),
    /** Staff HTML, sanitised when stored. */
    content: text('content').notNull().default(''),
    imageFileId: integer('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    icons: text('icons').array().notNull().default([]),
    accessToHomeRequired: boolean('access_to_home_required').notNull().default(false),
    indicators: jsonb('indicators').$type<TIndicator[]>().notNull().default([]),
    /** Shown to residents from this moment; null = a draft. Counts of new items move only then. */
    publishAt: timestamp('publish_at', { withTimezone: true }).defaultNow(),
    isPublic: boolean('is_public').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('information_items_project_idx').on(t.projectId, t.kind, t.position, t.id),
    index('information_items_image_idx').on(t.imageFileId),
  ],
);

/** Which partners carry out the work an information item describes ('Deze werkzaamheden worden uitgevoerd door:'). */
export const informationItemPartners = pgTable(
  'information_item_partners',
  {
    itemId: integer('item_id').notNull().references(() => informationItems.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.partnerId] }), index('information_item_partners_partner_idx').on(t.partnerId)],
);
