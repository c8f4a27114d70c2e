import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { TStaffEntryFilter } from '@portal/contract';
import { users } from '../auth/auth.table.ts';
import { files } from '../files/files.table.ts';
import { forms } from '../form-engine/form-engine.table.ts';
import { projects } from '../project/project.table.ts';

/**
 * Exports of a form's entries (CSV, XLSX, a ZIP of summary PDFs), made by a background job that counts its
 * progress here. The file (owner 'staff-export', not readable through /api/files) is downloaded through the
 * console by staff who reach the project, until `expires_at`; the sweep removes it then.
 */
export const staffExports = pgTable(
  'staff_exports',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's name when the export was asked for. */
    createdBy: text('created_by'),
    kind: text('kind').$type<'csv' | 'xlsx' | 'zip'>().notNull(),
    filter: jsonb('filter').$type<TStaffEntryFilter>().notNull().default({}),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_exports_form_idx').on(t.formId, t.id),
    index('staff_exports_expires_idx').on(t.expiresAt).where(sql`${t.fileId} IS NOT NULL`),
    index('staff_exports_file_idx').on(t.fileId),
    check('staff_exports_kind_check', sql`${t.kind} IN ('csv', 'xlsx', 'zip')`),
    check('staff_exports_status_check', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
  ],
);
