import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { addressProjects } from '../project/project.table.ts';
import { files } from '../files/files.table.ts';
import { surveyPhotos, surveyResponses, surveys, type SurveyAnswers } from '../survey/survey.table.ts';

/**
 * The queries behind a survey's results in the console. Each read is one aggregate query over the survey's
 * responses (survey_responses_survey_idx: survey, submitted_at, id), never a query per response or question.
 */

export type ResultFilter = { surveyId: number; projectId: number; buildingUnit?: string; from?: string; to?: string };

/** A day in Europe/Amsterdam as the moment it starts. */
const dayStart = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE 'Europe/Amsterdam')`;

/** The date filter on the responses (`r`). */
function dateConditions(f: ResultFilter): SQL[] {
  const where: SQL[] = [];
  if (f.from) where.push(sql`r.submitted_at >= ${dayStart(f.from)}`);
  if (f.to) where.push(sql`r.submitted_at < ${dayStart(f.to, 1)}`);
  return where;
}

/**
 * The filtered responses as `r`, with the address's building unit in this project as `ap` (left joined:
 * visitors have none). A building-unit filter keeps only that unit's addresses.
 */
function filtered(f: ResultFilter, columns: SQL) {
  const where = [sql`r.survey_id = ${f.surveyId}`, ...dateConditions(f)];
  if (f.buildingUnit !== undefined) where.push(sql`ap.building_unit = ${f.buildingUnit}`);
  return sql`SELECT ${columns} FROM ${surveyResponses} r
    LEFT JOIN ${addressProjects} ap ON ap.address_id = r.address_id AND ap.project_id = ${f.projectId}
    WHERE ${sql.join(where, sql` AND `)}`;
}

/** A text[] parameter (element ids are letters, digits, '-' and '_'; quoted all the same). */
const textArray = (items: string[]) => sql`${`{${items.map((i) => `"${i.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

export async function findProjectSurvey(db: Db, projectId: number, surveyId: number) {
  const [row] = await db.select().from(surveys).where(and(eq(surveys.id, surveyId), eq(surveys.projectId, projectId))).limit(1);
  return row ?? null;
}

export type ValueCount = { q: string; value: string | null; n: number; answered: number };

/**
 * Per question and value, in one pass over the filtered responses: `n` how often the value was given, `answered`
 * how many responses gave it as their first (so that summed per question it counts responses, also for a check
 * group, which counts for each option ticked). Only the questions in `grouped` (choices, ratings, scales) are
 * split by value; the others (open answers, photos) come as one row with `value` null. Version 2 answers are
 * `values: { elementId: value }`, version 1 `answers: [{ question_id, answer }]`.
 */
export async function countValues(db: Db, f: ResultFilter, version: 1 | 2, grouped: string[]): Promise<ValueCount[]> {
  const pairs = version === 2
    ? sql`jsonb_each(CASE WHEN jsonb_typeof(f.answers->'values') = 'object' THEN f.answers->'values' ELSE '{}'::jsonb END) k(key, value)`
    : sql`LATERAL (SELECT a->>'question_id', a->'answer'
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(f.answers->'answers') = 'array' THEN f.answers->'answers' ELSE '[]'::jsonb END) a) k(key, value)`;
  const result = await db.execute<ValueCount>(sql`
    SELECT k.key AS q, CASE WHEN k.key = ANY(${textArray(grouped)}) THEN x.v END AS value, count(*)::int AS n, count(*) FILTER (WHERE x.o = 1)::int AS answered
      FROM (${filtered(f, sql`r.answers`)}) f
      CROSS JOIN ${pairs}
      CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(k.value) = 'array' THEN k.value ELSE jsonb_build_array(k.value) END) WITH ORDINALITY x(v, o)
      WHERE k.value NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
      GROUP BY 1, 2`);
  return result.rows;
}

/**
 * What the summary of a survey depends on besides its definition: its responses (count and newest id: they are
 * never changed, only added or removed) and the building units of the project's addresses. Two index reads.
 */
export async function resultsFingerprint(db: Db, surveyId: number, projectId: number): Promise<string> {
  const result = await db.execute<{ responses: string; units: string }>(sql`
    SELECT (SELECT count(*) || '.' || coalesce(max(r.id), 0) FROM ${surveyResponses} r WHERE r.survey_id = ${surveyId}) AS responses,
           (SELECT count(*) || '.' || coalesce(sum(hashtext(ap.address_id || ':' || coalesce(ap.building_unit, ''))), 0)
              FROM ${addressProjects} ap WHERE ap.project_id = ${projectId}) AS units`);
  const row = result.rows[0]!;
  return `${row.responses}|${row.units}`;
}

export type Totals = { total: number; residents: number; first: Date | null; last: Date | null };

export async function countResponses(db: Db, f: ResultFilter): Promise<Totals> {
  const result = await db.execute<{ total: number; residents: number; first: string | null; last: string | null }>(sql`
    SELECT count(*)::int AS total, count(r.address_id)::int AS residents, min(r.submitted_at) AS first, max(r.submitted_at) AS last
      FROM (${filtered(f, sql`r.address_id, r.submitted_at`)}) r`);
  const row = result.rows[0]!;
  return { total: row.total, residents: row.residents, first: row.first ? new Date(row.first) : null, last: row.last ? new Date(row.last) : null };
}

export type UnitRate = { unit: string | null; addresses: number; answered: number };

/** Per building unit of the project: its addresses and how many of them answered (within the date filter). */
export async function ratePerUnit(db: Db, f: ResultFilter): Promise<UnitRate[]> {
  const join = [sql`r.survey_id = ${f.surveyId}`, sql`r.address_id = ap.address_id`, ...dateConditions(f)];
  const result = await db.execute<UnitRate>(sql`
    SELECT ap.building_unit AS unit, count(*)::int AS addresses, count(r.id)::int AS answered
      FROM ${addressProjects} ap LEFT JOIN ${surveyResponses} r ON ${sql.join(join, sql` AND `)}
      WHERE ap.project_id = ${f.projectId}
      GROUP BY ap.building_unit ORDER BY ap.building_unit NULLS LAST`);
  return result.rows;
}

const respondentColumns = sql`r.id, r.submitted_at, r.address_id, r.answers, r.building_unit,
  a.street, a.house_number, a.zipcode, a.city, o.first_name, o.affix, o.last_name`;
const respondentJoins = sql`LEFT JOIN ${addresses} a ON a.id = r.address_id LEFT JOIN ${occupants} o ON o.id = r.occupant_id`;

export type ResponseRow = {
  id: number; submitted_at: string | Date; address_id: number | null; answers: SurveyAnswers; building_unit: string | null;
  street: string | null; house_number: string | null; zipcode: string | null; city: string | null;
  first_name: string | null; affix: string | null; last_name: string | null;
};

/** The keyset after response `before` (newest first: submitted_at, id). */
const afterResponse = (f: ResultFilter, before: number | undefined) => before === undefined ? sql`true`
  : sql`(r.submitted_at, r.id) < (SELECT b.submitted_at, b.id FROM ${surveyResponses} b WHERE b.id = ${before} AND b.survey_id = ${f.surveyId})`;

/** The filtered responses, newest first, with address, building unit and the occupant who sent them. */
export async function listResponses(db: Db, f: ResultFilter, page: { before?: number; limit: number }): Promise<ResponseRow[]> {
  const result = await db.execute<ResponseRow>(sql`
    SELECT ${respondentColumns} FROM (${filtered(f, sql`r.*, ap.building_unit`)}) r
      ${respondentJoins}
      WHERE ${afterResponse(f, page.before)}
      ORDER BY r.submitted_at DESC, r.id DESC LIMIT ${page.limit}`);
  return result.rows;
}

/** The answer to question `q` as text: a version 2 element's value or a version 1 question's answer. */
const answerText = (q: string) => sql`COALESCE(r.answers->'values'->>${q},
  (SELECT x->>'answer' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.answers->'answers') = 'array' THEN r.answers->'answers' ELSE '[]'::jsonb END) x
    WHERE x->>'question_id' = ${q} LIMIT 1))`;

export type OpenAnswerRow = ResponseRow & { text: string };

/** The non-empty answers to an open question, newest first. */
export async function listOpenAnswers(db: Db, f: ResultFilter, q: string, page: { before?: number; limit: number }): Promise<OpenAnswerRow[]> {
  const result = await db.execute<OpenAnswerRow>(sql`
    SELECT ${respondentColumns}, t.text FROM (${filtered(f, sql`r.*, ap.building_unit`)}) r
      CROSS JOIN LATERAL (SELECT ${answerText(q)} AS text) t ${respondentJoins}
      WHERE btrim(COALESCE(t.text, '')) <> '' AND ${afterResponse(f, page.before)}
      ORDER BY r.submitted_at DESC, r.id DESC LIMIT ${page.limit}`);
  return result.rows;
}

export type PhotoRow = ResponseRow & { photo_id: number; element_id: string; file_id: number; filename: string; image_width: number; image_height: number };

/**
 * The photos the filtered responses answered with (a photo element's value is the photo's id; photos uploaded
 * but not sent are left out), newest photo first; keyset on the photo id. From the survey's photos to their
 * response: the photos are far fewer than the responses.
 */
export async function listPhotos(db: Db, f: ResultFilter, photoElements: string[], page: { before?: number; limit: number }): Promise<PhotoRow[]> {
  if (!photoElements.length) return [];
  const where = [sql`p.survey_id = ${f.surveyId}`, sql`p.element_id = ANY(${textArray(photoElements)})`, ...dateConditions(f)];
  if (page.before !== undefined) where.push(sql`p.id < ${page.before}`);
  if (f.buildingUnit !== undefined) where.push(sql`r.building_unit = ${f.buildingUnit}`);
  const result = await db.execute<PhotoRow>(sql`
    SELECT ${respondentColumns}, p.id AS photo_id, p.element_id, p.file_id, fl.filename, p.image_width, p.image_height
      FROM ${surveyPhotos} p
      JOIN LATERAL (
        SELECT r.*, ap.building_unit FROM ${surveyResponses} r
          LEFT JOIN ${addressProjects} ap ON ap.address_id = r.address_id AND ap.project_id = ${f.projectId}
          WHERE r.survey_id = p.survey_id AND (r.address_id = p.address_id OR r.visitor_token_hash = p.visitor_token_hash)
          LIMIT 1) r ON r.answers->'values'->>p.element_id = p.id::text
      JOIN ${files} fl ON fl.id = p.file_id
      ${respondentJoins}
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY p.id DESC LIMIT ${page.limit}`);
  return result.rows;
}
