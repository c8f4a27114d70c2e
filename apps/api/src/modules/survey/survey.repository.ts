import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';
import { surveyPhotos, surveyResponses, surveys, type SurveyAnswers } from './survey.table.ts';

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyResponseRow = typeof surveyResponses.$inferSelect;
export type SurveyPhotoRow = typeof surveyPhotos.$inferSelect;

/** Who answers: an address (resident) or a visitor code's hash (public visitor). */
export type Respondent = { addressId: number; visitorTokenHash?: undefined } | { addressId?: undefined; visitorTokenHash: string };

const LIST_LIMIT = 200;

const responseOf = (respondent: Respondent) =>
  respondent.addressId !== undefined ? eq(surveyResponses.addressId, respondent.addressId) : eq(surveyResponses.visitorTokenHash, respondent.visitorTokenHash);
const photoOf = (respondent: Respondent) =>
  respondent.addressId !== undefined ? eq(surveyPhotos.addressId, respondent.addressId) : eq(surveyPhotos.visitorTokenHash, respondent.visitorTokenHash);

/** Surveys residents may answer now: opened (opens_at passed or none) and not closed (closes_at in the future or none). */
const hasOpened = sql`(${surveys.opensAt} IS NULL OR ${surveys.opensAt} <= now())`;
const isNotClosed = sql`(${surveys.closesAt} IS NULL OR ${surveys.closesAt} > now())`;
export const isAnswerableNow = (row: Pick<SurveyRow, 'opensAt' | 'closesAt'>, now = new Date()) => (!row.opensAt || row.opensAt <= now) && (!row.closesAt || row.closesAt > now);
export const hasOpenedAt = (row: Pick<SurveyRow, 'opensAt'>, now = new Date()) => !row.opensAt || row.opensAt <= now;

/** A project's active surveys (public ones only when asked) with whether this respondent answered each: one query. */
export function listSurveys(db: Db, projectId: number, respondent: Respondent | null, options: { publicOnly: boolean }) {
  // Open now, or closed but answered by this respondent (their answers stay readable); a survey not yet open is not shown.
  const conditions = [
    eq(surveys.projectId, projectId), eq(surveys.isActive, true), options.publicOnly ? eq(surveys.isPublic, true) : undefined, hasOpened,
    respondent ? sql`(${isNotClosed} OR ${surveyResponses.id} IS NOT NULL)` : isNotClosed,
  ].filter(Boolean);
  return db
    .select({
      id: surveys.id,
      name: surveys.name,
      version: surveys.version,
      done: respondent ? sql<boolean>`${surveyResponses.id} IS NOT NULL` : sql<boolean>`false`,
    })
    .from(surveys)
    .leftJoin(surveyResponses, respondent ? and(eq(surveyResponses.surveyId, surveys.id), responseOf(respondent)) : sql`false`)
    .where(and(...conditions))
    .orderBy(asc(surveys.position), asc(surveys.id))
    .limit(LIST_LIMIT);
}

/**
 * The survey tile's new-item count: the project's surveys this address can answer now and has not answered
 * (a closed survey, or one not open yet, is nothing the resident can do anything with).
 */
export async function countOpenSurveys(db: Db, projectId: number, addressId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(surveys)
    .leftJoin(surveyResponses, and(eq(surveyResponses.surveyId, surveys.id), eq(surveyResponses.addressId, addressId)))
    .where(and(eq(surveys.projectId, projectId), eq(surveys.isActive, true), hasOpened, isNotClosed, sql`${surveyResponses.id} IS NULL`));
  return row?.n ?? 0;
}

export async function findSurvey(db: Db, surveyId: number): Promise<SurveyRow | null> {
  const [row] = await db.select().from(surveys).where(and(eq(surveys.id, surveyId), eq(surveys.isActive, true))).limit(1);
  return row ?? null;
}

export async function findResponse(db: Db, surveyId: number, respondent: Respondent): Promise<SurveyResponseRow | null> {
  const [row] = await db.select().from(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), responseOf(respondent))).limit(1);
  return row ?? null;
}

/** Stores the answers unless this respondent answered already; null when they had (the unique index decides). */
export async function insertResponse(
  db: Db,
  input: { surveyId: number; projectId: number; respondent: Respondent; occupantId: number | null; version: 1 | 2; answers: SurveyAnswers },
): Promise<SurveyResponseRow | null> {
  const [row] = await db
    .insert(surveyResponses)
    .values({
      surveyId: input.surveyId,
      projectId: input.projectId,
      addressId: input.respondent.addressId ?? null,
      visitorTokenHash: input.respondent.visitorTokenHash ?? null,
      occupantId: input.occupantId,
      version: input.version,
      answers: input.answers,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

const photoColumns = {
  id: surveyPhotos.id,
  surveyId: surveyPhotos.surveyId,
  elementId: surveyPhotos.elementId,
  fileId: surveyPhotos.fileId,
  imageWidth: surveyPhotos.imageWidth,
  imageHeight: surveyPhotos.imageHeight,
  filename: files.filename,
};
export type SurveyPhoto = { id: number; surveyId: number; elementId: string; fileId: number; imageWidth: number; imageHeight: number; filename: string };

/** This respondent's photos of one survey, with their file names (bounded: a respondent keeps at most a few dozen). */
export function listPhotos(db: Db, surveyId: number, respondent: Respondent): Promise<SurveyPhoto[]> {
  return db
    .select(photoColumns)
    .from(surveyPhotos)
    .innerJoin(files, eq(files.id, surveyPhotos.fileId))
    .where(and(eq(surveyPhotos.surveyId, surveyId), photoOf(respondent)))
    .orderBy(asc(surveyPhotos.id))
    .limit(500);
}

export async function findPhoto(db: Db, surveyId: number, photoId: number, respondent: Respondent) {
  const [row] = await db
    .select({ ...photoColumns, file: files })
    .from(surveyPhotos)
    .innerJoin(files, eq(files.id, surveyPhotos.fileId))
    .where(and(eq(surveyPhotos.id, photoId), eq(surveyPhotos.surveyId, surveyId), photoOf(respondent)))
    .limit(1);
  return row ?? null;
}

export async function insertPhoto(db: Queryable, values: typeof surveyPhotos.$inferInsert): Promise<SurveyPhotoRow> {
  const [row] = await db.insert(surveyPhotos).values(values).returning();
  return row!;
}

/** For the files module: may this address, or staff of these customers, read survey file `fileId`? */
export async function photoFileReadable(db: Db, fileId: number, reader: { addressId: number } | { customerIds: number[] }): Promise<boolean> {
  const condition = 'addressId' in reader
    ? eq(surveyPhotos.addressId, reader.addressId)
    : inArray(projects.customerId, reader.customerIds.length ? reader.customerIds : [-1]);
  const [row] = await db
    .select({ id: surveyPhotos.id })
    .from(surveyPhotos)
    .innerJoin(surveys, eq(surveys.id, surveyPhotos.surveyId))
    .innerJoin(projects, eq(projects.id, surveys.projectId))
    .where(and(eq(surveyPhotos.fileId, fileId), condition))
    .limit(1);
  return Boolean(row);
}

/** After a submit: the respondent's photos the answers do not use go (rows and files); returns the storage keys to delete. */
export async function deleteUnusedPhotos(db: Db, surveyId: number, respondent: Respondent, keepIds: number[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(surveyPhotos)
      .where(and(eq(surveyPhotos.surveyId, surveyId), photoOf(respondent), keepIds.length ? notInArray(surveyPhotos.id, keepIds) : undefined))
      .returning({ fileId: surveyPhotos.fileId });
    if (!removed.length) return [];
    const gone = await tx.delete(files).where(inArray(files.id, removed.map((r) => r.fileId))).returning({ key: files.key });
    return gone.map((f) => f.key);
  });
}

/**
 * Photos uploaded more than `olderThanHours` ago by a respondent who never submitted the survey: the
 * upload was abandoned. Removes rows and file records; returns the storage keys to delete.
 */
export async function deleteAbandonedPhotos(db: Db, olderThanHours: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(surveyPhotos)
      .where(and(
        sql`${surveyPhotos.createdAt} < now() - make_interval(hours => ${olderThanHours})`,
        sql`NOT EXISTS (SELECT 1 FROM ${surveyResponses} r WHERE r.survey_id = ${surveyPhotos.surveyId}
              AND (r.address_id = ${surveyPhotos.addressId} OR r.visitor_token_hash = ${surveyPhotos.visitorTokenHash}))`,
      ))
      .returning({ fileId: surveyPhotos.fileId });
    if (!removed.length) return [];
    const gone = await tx.delete(files).where(inArray(files.id, removed.map((r) => r.fileId))).returning({ key: files.key });
    return gone.map((f) => f.key);
  });
}
