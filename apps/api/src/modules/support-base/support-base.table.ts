import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TConsentAgreement, TConsentPaperState } from '@portal/contract';
import { changeLogTable } from '../../lib/change-log.ts';
import { addresses } from '../address/address.table.ts';
import { users } from '../auth/auth.table.ts';
import { files } from '../files/files.table.ts';
import { formEntries, forms } from '../form-engine/form-engine.table.ts';
import { projects } from '../project/project.table.ts';

/**
 * The personal links printed on consent letters (a credential of the address): one row per printed letter.
 * Only the SHA-256 of the token is kept; the token itself exists on the paper alone. A link works for its
 * form and address while it is not revoked, before `expires_at` (the end of the deadline day printed on the
 * letter) and while the form is active and before its close date. Printing an address's letter again
 * revokes the earlier row in the same transaction, so an address has at most one unrevoked link per form.
 * Revoked rows stay: they say which letter was out when.
 */
export const consentLetters = pgTable(
  'consent_letters',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('consent_letters_token_idx').on(t.tokenHash),
    uniqueIndex('consent_letters_live_idx').on(t.formId, t.addressId).where(sql`${t.revokedAt} IS NULL`),
    index('consent_letters_address_idx').on(t.formId, t.addressId, t.id),
  ],
);

/**
 * Paper consent (a support-base form finished on paper): one row per record, kept for good. A row never
 * changes after it was written except its state: `pending` → `confirmed` or `rejected` (who decided,
 * when, why) and, for a confirmed one, `superseded_*` when a confirmed correction replaced it. A database
 * trigger (migration 0019) refuses any other change. A correction is a new row that names the row it
 * corrects and a reason. The tally counts only the confirmed row that nothing superseded.
 */
export const consentPaperRecords = pgTable(
  'consent_paper_records',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id').notNull().references(() => formEntries.id, { onDelete: 'cascade' }),
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    agreement: text('agreement').$type<TConsentAgreement>().notNull(),
    /** The scan of the signed paper (PDF, PNG or JPEG, checked by content). */
    scanFileId: integer('scan_file_id').notNull().references(() => files.id),
    /** The record this one corrects, with the reason. */
    correctsId: integer('corrects_id').references((): AnyPgColumn => consentPaperRecords.id),
    reason: text('reason'),
    /** Who recorded it: the account (gone: null) and its name at the time. */
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state').$type<TConsentPaperState>().notNull().default('pending'),
    /** The second staff member who confirmed or rejected it (never the recorder for a confirmation). */
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** A confirmed correction replaced it. */
    supersededById: integer('superseded_by_id').references((): AnyPgColumn => consentPaperRecords.id),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    index('consent_paper_records_entry_idx').on(t.entryId, t.id),
    index('consent_paper_records_scan_idx').on(t.scanFileId),
    index('consent_paper_records_corrects_idx').on(t.correctsId),
    index('consent_paper_records_superseded_by_idx').on(t.supersededById),
    // At most one record waits per entry, and at most one counts.
    uniqueIndex('consent_paper_records_pending_idx').on(t.entryId).where(sql`${t.state} = 'pending'`),
    uniqueIndex('consent_paper_records_counted_idx').on(t.entryId).where(sql`${t.state} = 'confirmed' AND ${t.supersededAt} IS NULL`),
    check('consent_paper_records_state_check', sql`${t.state} IN ('pending', 'confirmed', 'rejected')`),
    check('consent_paper_records_agreement_check', sql`${t.agreement} IN ('agree', 'disagree')`),
    check('consent_paper_records_decided_check', sql`(${t.state} = 'pending') = (${t.decidedAt} IS NULL)`),
    check('consent_paper_records_correction_check', sql`${t.correctsId} IS NULL OR ${t.reason} IS NOT NULL`),
    check('consent_paper_records_superseded_check', sql`${t.supersededAt} IS NULL OR ${t.state} = 'confirmed'`),
  ],
);
export type ConsentPaperRow = typeof consentPaperRecords.$inferSelect;

/**
 * The consent campaign (art. 7:220 lid 3 BW): per form and building unit the moments the unit reached 70%
 * and fell below it again. Rows are only added: the first 'reached' is the legal moment, later rows say
 * what happened after it (consent-campaign.service.ts writes them when it computes the tally).
 */
export const consentMilestones = pgTable(
  'consent_milestones',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    buildingUnit: text('building_unit').notNull(),
    kind: text('kind').$type<'reached' | 'dropped'>().notNull(),
    /** The moment it happened: for the first 'reached' the agreement that made 70%, else when the tally saw it. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    percentage: doublePrecision('percentage').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consent_milestones_unit_idx').on(t.formId, t.buildingUnit, t.id),
    check('consent_milestones_kind_check', sql`${t.kind} IN ('reached', 'dropped')`),
  ],
);

/**
 * The written notice to a tenant who did not agree once the unit reached 70%: drafted when its letter was
 * made, `sent_on` when staff mark it sent. The tenant may go to court within eight weeks of that date.
 */
export const consentNotices = pgTable(
  'consent_notices',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    buildingUnit: text('building_unit').notNull(),
    draftedAt: timestamp('drafted_at', { withTimezone: true }).notNull().defaultNow(),
    draftedBy: integer('drafted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The calendar date the notice was sent ('YYYY-MM-DD'). */
    sentOn: date('sent_on', { mode: 'string' }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('consent_notices_address_idx').on(t.formId, t.addressId), index('consent_notices_address_fk_idx').on(t.addressId)],
);

/** A consent form's reminder schedule: reminder n goes `first_after_days + (n-1) * interval_days` after `starts_on`, at most `max_count`. */
export const consentReminderSettings = pgTable(
  'consent_reminder_settings',
  {
    formId: integer('form_id').primaryKey().references(() => forms.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** The day the proposal went out ('YYYY-MM-DD'). */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    firstAfterDays: integer('first_after_days').notNull().default(5),
    intervalDays: integer('interval_days').notNull().default(2),
    maxCount: integer('max_count').notNull().default(4),
    byEmail: boolean('by_email').notNull().default(true),
    bySms: boolean('by_sms').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('consent_reminder_settings_enabled_idx').on(t.formId).where(sql`${t.enabled}`),
    check('consent_reminder_settings_days_check', sql`${t.firstAfterDays} BETWEEN 0 AND 90 AND ${t.intervalDays} BETWEEN 1 AND 90 AND ${t.maxCount} BETWEEN 1 AND 10`),
  ],
);

/** A reminder sent to an address that had not answered: its number, what went out (also in form_entry_events). */
export const consentReminders = pgTable(
  'consent_reminders',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').notNull().references(() => formEntries.id, { onDelete: 'cascade' }),
    nr: integer('nr').notNull(),
    emails: integer('emails').notNull().default(0),
    sms: integer('sms').notNull().default(0),
    /** SMS not sent because of the SMS limits (per number per day, the customer's hourly budget). */
    smsSkipped: integer('sms_skipped').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consent_reminders_nr_idx').on(t.formId, t.addressId, t.nr),
    index('consent_reminders_form_idx').on(t.formId, t.sentAt, t.id),
    index('consent_reminders_address_fk_idx').on(t.addressId),
    index('consent_reminders_entry_idx').on(t.entryId),
  ],
);

/**
 * The consent tally's change log: triggers (migration 0026) append the project of every write that can change its
 * tally (entries, signing requests, paper records, letters, entry events, address_projects, addresses, projects,
 * consent forms). Insert-only; the tally cache (support-base.tally.ts) compares count and max id per project.
 * The sweep job deletes rows older than 10 minutes but the newest per project. No foreign key: a deleted project's
 * rows are harmless and go with the sweep.
 */
export const consentTallyChanges = changeLogTable('consent_tally_changes');
