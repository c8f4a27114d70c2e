import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TFormFamily, TFormSectionDefinition, TFormValues } from '@portal/contract';
import { addresses, occupants } from '../address/address.table.ts';
import { users } from '../auth/auth.table.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';

/**
 * The form engine's tables, shared by the four form families (generic, intake, support-base, choice):
 * definitions, menus, entries with their history, and the photos uploaded for an entry.
 */

/** Menus of a project's forms overview, nested by `parent_id`. */
export const formMenus = pgTable(
  'form_menus',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => formMenus.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_menus_project_idx').on(t.projectId, t.position, t.id), index('form_menus_parent_idx').on(t.parentId)],
);

/**
 * A form as staff define it: `definition` is its list of sections (read and written whole), the other
 * columns its settings. The step settings (summary, number of signatures, status) switch the generic
 * form's steps after the sections on or off; signing is asked for by `require_to_sign_form` (drawn
 * signatures) plus `require_to_sign_form_legally` (through the signing service).
 * A `simple` form is the one-page public form of GET/POST /public/form/{id}: every submit is a new entry.
 */
export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TFormFamily>().notNull(),
    name: text('name').notNull(),
    /** Staff HTML, sanitised when stored. */
    description: text('description'),
    definition: jsonb('definition').$type<TFormSectionDefinition[]>().notNull().default([]),
    menuId: integer('menu_id').references(() => formMenus.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isPublic: boolean('is_public').notNull().default(false),
    isSimple: boolean('is_simple').notNull().default(false),
    allowMultipleEntries: boolean('allow_multiple_entries').notNull().default(false),
    requireToSignForm: boolean('require_to_sign_form').notNull().default(false),
    requireToSignFormLegally: boolean('require_to_sign_form_legally').notNull().default(false),
    summaryEnabled: boolean('summary_enabled').notNull().default(true),
    nrOfSignaturesEnabled: boolean('nr_of_signatures_enabled').notNull().default(true),
    statusEnabled: boolean('status_enabled').notNull().default(true),
    allowFormToBeEmailed: boolean('allow_form_to_be_emailed').notNull().default(false),
    /** Staff HTML shown at the status step. */
    statusText: text('status_text'),
    /** Legal signing with an SMS code per signer (support-base, choice): each signer gives a mobile number. */
    useSmsAuthentication: boolean('use_sms_authentication').notNull().default(false),
    /**
     * At most this many signers per entry (the number-of-signatures step refuses more): each signer of an SMS
     * form gets codes sent, so this bounds what one entry can make the portal send.
     */
    maxSigners: integer('max_signers').notNull().default(4),
    /** Choice form: after the deadline residents can no longer change it (administrators still can). */
    deadline: timestamp('deadline', { withTimezone: true }),
    /** Choice form: prices are not shown and no total is computed. */
    disablePrices: boolean('disable_prices').notNull().default(false),
    /** Choice form: extra costs are paid online through the payment provider (c_enable_mollie). */
    enablePayment: boolean('enable_payment').notNull().default(false),
    /** Choice form: staff HTML shown on the summary step. */
    summaryText: text('summary_text'),
    /**
     * Versions (ARCHITECTURE.md, "Builders in the console"): `definition` (with `name` and `description`) is
     * what residents answer: the published version `published_version`, frozen in `form_versions`. Staff edit
     * `draft_definition`; NULL means the draft equals the published version. A form never published
     * (`published_version` NULL) is not shown to residents.
     */
    draftDefinition: jsonb('draft_definition').$type<TFormSectionDefinition[]>(),
    publishedVersion: integer('published_version'),
    /** Archived forms are hidden from residents and from the console's default list; entries are kept. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Residents can open the form from `opens_at` and change it until `closes_at` (either may be open-ended). */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** Raised by every change staff save (settings or draft): a save names the revision it read, a stale one answers 409. */
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forms_project_idx').on(t.projectId, t.position, t.id),
    index('forms_menu_idx').on(t.menuId),
    check('forms_kind_check', sql`${t.kind} IN ('generic', 'intake', 'support-base', 'choice')`),
    check('forms_max_signers_check', sql`${t.maxSigners} BETWEEN 1 AND 20`),
  ],
);

/**
 * A published version of a form, frozen: what an entry answered (`form_entries.form_version`) is read
 * against it. A support-base proposal republished after signing started records the editor's decision:
 * 'keep' (signed consent stays valid) or 'ask-again' (signed addresses are asked again), with the reason.
 */
export const formVersions = pgTable(
  'form_versions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    definition: jsonb('definition').$type<TFormSectionDefinition[]>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    consentDecision: text('consent_decision').$type<'keep' | 'ask-again'>(),
    consentDecisionReason: text('consent_decision_reason'),
  },
  (t) => [
    uniqueIndex('form_versions_form_version_idx').on(t.formId, t.version),
    check('form_versions_consent_decision_check', sql`${t.consentDecision} IN ('keep', 'ask-again')`),
  ],
);

/**
 * Files a form's definition uses (the drawing of a drawing input, an option's picture): whoever may
 * open the form may read them.
 */
export const formFiles = pgTable(
  'form_files',
  {
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.formId, t.fileId] }), index('form_files_file_idx').on(t.fileId)],
);

/** The attachments a support-base form shows on its 'bijlages' step, in order. */
export const formAttachments = pgTable(
  'form_attachments',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('form_attachments_form_idx').on(t.formId, t.position, t.id), index('form_attachments_file_idx').on(t.fileId)],
);

/** A placed signature (generic form); the key of `signatures` is the signer number ('1', '2', ...). */
export type StoredSignature = {
  image: string | null;
  who: string | null;
  description: string | null;
  mobile: string | null;
  signed: boolean;
  signedAt: string | null;
};

/**
 * What one address (resident or partner acting for it), one visitor code (public visitor, stored as its
 * SHA-256 like the chat and surveys keep it) or nobody (a simple public form's submit) filled in.
 * `values` is the flat map of form-rules.ts. `one_per_owner` is set for forms that allow one entry per
 * owner: the unique indexes then make a second one impossible, also when two arrive at the same moment.
 * Every change raises `version` (optimistic concurrency: an update names the version it read).
 * `status` is per family: generic 'answered' | 'locked' | 'signed' | 'completed'; intake '' | 'open' |
 * 'new' | 'denied' (editable) | 'sent'.
 */
export const formEntries = pgTable(
  'form_entries',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'cascade' }),
    visitorTokenHash: text('visitor_token_hash'),
    onePerOwner: boolean('one_per_owner').notNull().default(false),
    values: jsonb('values').$type<TFormValues>().notNull().default({}),
    status: text('status').notNull().default(''),
    locked: boolean('locked').notNull().default(false),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Sections whose required fields are all filled in, as of the last save (the partner's address list). */
    sectionsDone: integer('sections_done').notNull().default(0),
    signatures: jsonb('signatures').$type<Record<string, StoredSignature>>().notNull().default({}),
    nrOfSignatures: integer('nr_of_signatures'),
    /** A signing request was started at the signing service and not finished yet. */
    signRequested: boolean('sign_requested').notNull().default(false),
    /** The summary PDF, made from `summary_version` of the entry; viewing it sets `summary_viewed_at`. */
    summaryFileId: integer('summary_file_id').references(() => files.id, { onDelete: 'set null' }),
    summaryVersion: integer('summary_version'),
    summaryViewedAt: timestamp('summary_viewed_at', { withTimezone: true }),
    emailTo: text('email_to').array().notNull().default(sql`'{}'::text[]`),
    /** Support-base and choice: the comment sent with the form. */
    comment: text('comment'),
    /**
     * Support-base: what the signed document says ('agree' | 'disagree'), set only when the signing
     * service reports the document signed (or staff record a paper form), with the moment; the consent
     * tally counts only this.
     */
    agreement: text('agreement'),
    agreementAt: timestamp('agreement_at', { withTimezone: true }),
    /** Support-base: finished on paper (section 'afgerond'). */
    onPaper: boolean('on_paper').notNull().default(false),
    /** Choice: the extra costs in cents, computed on the server from the stored definition when the form is locked. */
    amountCents: integer('amount_cents'),
    /** Choice: set only by the payment provider's confirmed status (webhook or reconciliation). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    /** The form's published version this entry was last answered on (form_versions.version). */
    formVersion: integer('form_version'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_entries_address_idx').on(t.formId, t.addressId).where(sql`${t.addressId} IS NOT NULL`),
    index('form_entries_visitor_idx').on(t.formId, t.visitorTokenHash).where(sql`${t.visitorTokenHash} IS NOT NULL`),
    uniqueIndex('form_entries_one_address_idx').on(t.formId, t.addressId).where(sql`${t.onePerOwner} AND ${t.addressId} IS NOT NULL`),
    uniqueIndex('form_entries_one_visitor_idx').on(t.formId, t.visitorTokenHash).where(sql`${t.onePerOwner} AND ${t.visitorTokenHash} IS NOT NULL`),
    index('form_entries_project_address_idx').on(t.projectId, t.addressId),
    index('form_entries_summary_file_idx').on(t.summaryFileId),
    // The console's list of a public form's visitor entries, newest first (modules/staff-entries).
    index('form_entries_form_visitor_order_idx').on(t.formId, t.id).where(sql`${t.addressId} IS NULL`),
    index('form_entries_form_version_idx').on(t.formId, t.formVersion),
    // Entries that hold an answer (staff-entries hasAnswer): the console's "not answered" filter is an anti-join on it.
    index('form_entries_answered_idx').on(t.formId, t.addressId).where(sql`${t.values} <> '{}'::jsonb OR ${t.status} <> ''`),
    check('form_entries_owner_check', sql`${t.addressId} IS NULL OR ${t.visitorTokenHash} IS NULL`),
  ],
);

/** The history of an entry: who did what, when. */
export const formEntryEvents = pgTable(
  'form_entry_events',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id').notNull().references(() => formEntries.id, { onDelete: 'cascade' }),
    /** 'created', 'saved', 'photo', 'locked', 'nr-of-signatures', 'signed', 'sign-requested', 'emailed', 'sent'. */
    action: text('action').notNull(),
    /** 'occupant', 'staff', 'visitor' or 'system' (the signing service). */
    actorKind: text('actor_kind').notNull(),
    occupantId: integer('occupant_id').references(() => occupants.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A small note: the section saved, the signer number, the number of addresses mailed. */
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_entry_events_entry_idx').on(t.entryId, t.at)],
);

/**
 * Photos uploaded for a photo element of an entry: re-encoded without metadata and stored through the
 * files module (owner 'form-photo'). The element's value is the photo's id.
 */
export const formPhotos = pgTable(
  'form_photos',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id').notNull().references(() => formEntries.id, { onDelete: 'cascade' }),
    elementId: text('element_id').notNull(),
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_photos_entry_idx').on(t.entryId, t.elementId), uniqueIndex('form_photos_file_idx').on(t.fileId)],
);
