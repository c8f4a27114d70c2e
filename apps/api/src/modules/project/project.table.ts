import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { TModuleName } from '@portal/contract';
import { changeLogTable } from '../../lib/change-log.ts';
import { customers } from '../customer/customer.table.ts';
import { addresses } from '../address/address.table.ts';

export type ProjectModuleSetting = { name: TModuleName; display_name?: string };

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    name: text('name').notNull(),
    description: text('description'),
    logoUrl: text('logo_url'),
    corporateIdentityColor: text('corporate_identity_color').notNull().default('#1d4ed8'),
    colorPrimary: text('color_primary'),
    colorSecondary: text('color_secondary'),
    website: text('website'),
    notification: text('notification'),
    welcomeMessage: text('welcome_message').notNull().default(''),
    supportBaseProgress: text('support_base_progress'),
    modules: jsonb('modules').$type<ProjectModuleSetting[]>().notNull().default([]),
    module18Name: text('module_18_name').notNull().default('Klachten'),
    workOrderShowImage: boolean('work_order_show_image').notNull().default(false),
    workOrderMessage: text('work_order_message'),
    workOrderImageUrl: text('work_order_image_url'),
    /** Whether public visitors see every full address in the work order; otherwise streets with house-number ranges. */
    workOrderPublicAddresses: boolean('work_order_public_addresses').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(true),
    /**
     * The 70% rule (art. 7:220 lid 3 BW, INTEGRATIONS.md): whether vacant homes count in the tally's
     * denominator. The sources do not settle it, so it is a setting and the tally shows both counts.
     */
    consentCountsVacant: boolean('consent_counts_vacant').notNull().default(true),
    /**
     * How a home with several households (co-tenants, rooms let apart) counts in the 70% rule: 'home' one vote
     * per home (the common practice), 'household' one vote per household (`address_projects.households`), the
     * address's answer counting for each. The sources do not settle it: the editor sets it, the tally states it.
     */
    consentHouseholdRule: text('consent_household_rule').$type<'home' | 'household'>().notNull().default('home'),
    /**
     * Archived projects are gone from residents, partners and the public; staff can restore them. The archiving
     * is the project's end: the retention clock (modules/retention) counts from it, and stops when it is restored.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_customer_idx').on(t.customerId),
    index('projects_archived_idx').on(t.archivedAt).where(sql`${t.archivedAt} IS NOT NULL`),
    check('projects_consent_household_rule_check', sql`${t.consentHouseholdRule} IN ('home', 'household')`),
  ],
);

export const addressProjects = pgTable(
  'address_projects',
  {
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    /** The building unit (bouwkundige eenheid) the address belongs to in this project: the 70% rule counts per unit. */
    buildingUnit: text('building_unit'),
    /** A vacant home (no tenant to agree); the consent tally counts it or not by the project's setting. */
    vacant: boolean('vacant').notNull().default(false),
    /** The households living in the home (1..20); counts only under the project's consent rule 'household'. */
    households: integer('households').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.addressId, t.projectId] }), index('address_projects_project_idx').on(t.projectId),
    check('address_projects_households_check', sql`${t.households} BETWEEN 1 AND 20`),
  ],
);

/**
 * The change log of the console's cached project reads (the overview, the planner, a form's entry counts, the
 * notification reach; lib/change-log.ts): triggers (migrations 0043, 0044) append the project of every write those
 * reads see (conversations, forms and entries, payments, appointment types, slots, appointments and waiting lists,
 * the project's addresses, their activation and occupants, the occupants' push devices and preferences). Insert-only; the sweep job deletes rows older than 10 minutes but the newest per project. No foreign
 * key: a deleted project's rows are harmless and go with the sweep.
 */
export const projectChanges = changeLogTable('project_changes');
