import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TRetentionAction, TRetentionBasis, TRetentionCategory } from '@portal/contract';
import { users } from '../auth/auth.table.ts';
import { customers } from '../customer/customer.table.ts';
import { projects } from '../project/project.table.ts';

/** The retention policy: one row per customer and category (project_id null), and a project's overrides. */
export const retentionRules = pgTable(
  'retention_rules',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    category: text('category').$type<TRetentionCategory>().notNull(),
    months: integer('months').notNull(),
    basis: text('basis').$type<TRetentionBasis>().notNull(),
    action: text('action').$type<TRetentionAction>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('retention_rules_customer_idx').on(t.customerId, t.category).where(sql`${t.projectId} IS NULL`),
    uniqueIndex('retention_rules_project_idx').on(t.projectId, t.category).where(sql`${t.projectId} IS NOT NULL`),
    check('retention_rules_months_check', sql`${t.months} >= 0 AND ${t.months} <= 240`),
    check('retention_rules_basis_check', sql`${t.basis} IN ('project_end', 'created', 'court_period_end')`),
    check('retention_rules_action_check', sql`${t.action} IN ('delete', 'anonymise')`),
  ],
);

/** Whom residents ask about their data (the privacy page). */
export const retentionSettings = pgTable('retention_settings', {
  customerId: integer('customer_id').primaryKey().references(() => customers.id, { onDelete: 'cascade' }),
  privacyContact: text('privacy_contact').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per project: the staff confirmation before the first deletion, and the job's last run. */
export const retentionProjects = pgTable('retention_projects', {
  projectId: integer('project_id').primaryKey().references(() => projects.id, { onDelete: 'cascade' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  confirmedByName: text('confirmed_by_name'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
