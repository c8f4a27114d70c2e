import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';

export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The publication date shown with the article. */
    date: date('date', { mode: 'string' }).notNull(),
    imageFileId: integer('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Staff HTML, sanitised when stored. */
    content: text('content').notNull().default(''),
    /** Shown to residents from this moment; null = a draft. Counts of new items move only then. */
    publishAt: timestamp('publish_at', { withTimezone: true }).defaultNow(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_articles_project_date_idx').on(t.projectId, t.date, t.id),
    index('news_articles_image_idx').on(t.imageFileId),
  ],
);
