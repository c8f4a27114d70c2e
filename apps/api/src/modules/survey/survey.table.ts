import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TSurveySectionDefinition, TSurveyValue } from '@portal/contract';
import { addresses, occupants } from '../address/address.table.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';

/** A version 1 question as staff define it. */
export type SurveyQuestionDefinition = { id: number; question: string; type: 'rating' | 'open' };
/** What a respondent answered: version 1 per question, version 2 per element. */
export type SurveyAnswers =
  | { version: 1; answers: Array<{ question_id: number; answer: number | string }> }
  | { version: 2; values: Record<string, TSurveyValue> };

/**
 * Surveys of a project (made in the console's survey builder, modules/staff-surveys). Version 1 keeps its questions, version 2 its form (sections of elements), both
 * as JSON: they are read and written whole. `is_public` surveys are open to visitors of a public project.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: smallint('version').$type<1 | 2>().notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    questions: jsonb('questions').$type<SurveyQuestionDefinition[]>().notNull().default([]),
    form: jsonb('form').$type<TSurveySectionDefinition[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Residents and visitors answer from opens_at (none: at once) until closes_at (none: no end); the console sets both. */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** Raised by every save in the console; a save naming an older revision is refused (409). */
    revision: integer('revision').notNull().default(1),
  },
  (t) => [
    index('surveys_project_idx').on(t.projectId, t.position, t.id),
    check('surveys_version_check', sql`${t.version} IN (1, 2)`),
  ],
);

/**
 * One answered survey per address (resident) or per visitor code (public visitor). The unique indexes
 * make a second submit impossible, also when two arrive at the same moment. The answers are kept with
 * the survey version they were given under.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'cascade' }),
    /** SHA-256 of the visitor code (`unique`), as the chat keeps it; the code itself stays in the browser. */
    visitorTokenHash: text('visitor_token_hash'),
    /** The occupant who sent it (for the staff console); null for visitors. */
    occupantId: integer('occupant_id').references(() => occupants.id, { onDelete: 'set null' }),
    version: smallint('version').$type<1 | 2>().notNull(),
    answers: jsonb('answers').$type<SurveyAnswers>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_responses_address_idx').on(t.surveyId, t.addressId).where(sql`${t.addressId} IS NOT NULL`),
    uniqueIndex('survey_responses_visitor_idx').on(t.surveyId, t.visitorTokenHash).where(sql`${t.visitorTokenHash} IS NOT NULL`),
    index('survey_responses_project_idx').on(t.projectId, t.submittedAt),
    // The console's results read a survey's responses newest first, filtered by submitted_at (migration 0029).
    index('survey_responses_survey_idx').on(t.surveyId, t.submittedAt, t.id),
    check('survey_responses_owner_check', sql`(${t.addressId} IS NULL) <> (${t.visitorTokenHash} IS NULL)`),
  ],
);

/**
 * Photos uploaded to a version 2 photo element, before (and kept with) the submit: re-encoded without
 * metadata and stored through the files module (owner 'survey'), which serves a resident's photos at
 * /api/files/{id}/{filename} after asking this module; a visitor's photos are served by this module.
 */
export const surveyPhotos = pgTable(
  'survey_photos',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    elementId: text('element_id').notNull(),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'cascade' }),
    visitorTokenHash: text('visitor_token_hash'),
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('survey_photos_address_idx').on(t.surveyId, t.addressId).where(sql`${t.addressId} IS NOT NULL`),
    index('survey_photos_visitor_idx').on(t.surveyId, t.visitorTokenHash).where(sql`${t.visitorTokenHash} IS NOT NULL`),
    uniqueIndex('survey_photos_file_idx').on(t.fileId),
    check('survey_photos_owner_check', sql`(${t.addressId} IS NULL) <> (${t.visitorTokenHash} IS NULL)`),
  ],
);
