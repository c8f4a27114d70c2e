import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { TStaffSurveyStatus } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { surveyResponses, surveys } from '../survey/index.ts';

export type StaffSurveyRow = typeof surveys.$inferSelect & { responseCount: number };

const LIST_LIMIT = 500;

/** The response count of each survey in one aggregate over the project's responses (no query per row). */
// Qualified by hand: in a one-table select Drizzle writes a column without its table, which the subquery would read as r.id.
const responseCount = sql<number>`(SELECT count(*)::int FROM ${surveyResponses} r WHERE r.survey_id = "surveys"."id")`;

const statusCondition = (status: TStaffSurveyStatus): SQL => {
  switch (status) {
    case 'closed': return sql`${surveys.closesAt} IS NOT NULL AND ${surveys.closesAt} <= now()`;
    case 'scheduled': return sql`${surveys.opensAt} IS NOT NULL AND ${surveys.opensAt} > now() AND (${surveys.closesAt} IS NULL OR ${surveys.closesAt} > now())`;
    case 'open': return sql`(${surveys.opensAt} IS NULL OR ${surveys.opensAt} <= now()) AND (${surveys.closesAt} IS NULL OR ${surveys.closesAt} > now())`;
    default: {
      const never: never = status;
      return never;
    }
  }
};

/** A project's surveys in the residents' order, with their response counts; filtered by name and status. */
export function listProjectSurveys(db: Db, projectId: number, filter: { q?: string; status?: TStaffSurveyStatus } = {}): Promise<StaffSurveyRow[]> {
  const conditions = [
    eq(surveys.projectId, projectId),
    eq(surveys.isActive, true),
    filter.q ? ilike(surveys.name, `%${filter.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined,
    filter.status ? statusCondition(filter.status) : undefined,
  ].filter(Boolean);
  return db.select({ ...surveyColumns, responseCount }).from(surveys).where(and(...conditions)).orderBy(asc(surveys.position), asc(surveys.id)).limit(LIST_LIMIT);
}

const surveyColumns = {
  id: surveys.id, projectId: surveys.projectId, name: surveys.name, version: surveys.version, isPublic: surveys.isPublic, isActive: surveys.isActive,
  questions: surveys.questions, form: surveys.form, position: surveys.position, createdAt: surveys.createdAt, updatedAt: surveys.updatedAt,
  opensAt: surveys.opensAt, closesAt: surveys.closesAt, revision: surveys.revision,
};

/** One survey of a project (the project already checked against the caller), or null. */
export async function findProjectSurvey(db: Queryable, projectId: number, surveyId: number, options: { lock?: boolean } = {}): Promise<StaffSurveyRow | null> {
  const query = db.select({ ...surveyColumns, responseCount }).from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.projectId, projectId), eq(surveys.isActive, true))).limit(1);
  const [row] = options.lock ? await query.for('update', { of: surveys }) : await query;
  return row ?? null;
}

/** The project's survey ids (to check an ordering names each exactly once). */
export async function projectSurveyIds(db: Queryable, projectId: number): Promise<number[]> {
  const rows = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.projectId, projectId), eq(surveys.isActive, true)));
  return rows.map((r) => r.id);
}

/** Next position in a project: after its other surveys. */
export const nextPosition = (projectId: number) => sql<number>`(SELECT coalesce(max(s.position) + 1, 0) FROM ${surveys} s WHERE s.project_id = ${projectId})`;

export async function setPositions(db: Queryable, projectId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const cases = sql.join(ids.map((id, i) => sql`WHEN ${id}::int THEN ${i}::int`), sql` `);
  await db.update(surveys).set({ position: sql`CASE ${surveys.id} ${cases} END` }).where(and(eq(surveys.projectId, projectId), inArray(surveys.id, ids)));
}
