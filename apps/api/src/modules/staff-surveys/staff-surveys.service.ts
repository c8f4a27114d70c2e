import { and, eq, sql } from 'drizzle-orm';
import {
  staffSurveysMessages, staffSurveyStatus, surveyBreakingChanges, validateSurveyDefinition, ZSurveySectionDefinition,
  type SurveyDefinitionInput, type TStaffSurvey, type TStaffSurveyBody, type TStaffSurveyListItem, type TStaffSurveyListQuery, type TStaffSurveyQuestion,
  type TStaffSurveyUpdateBody, type TSurveySectionDefinition,
} from '@portal/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError, UnprocessableError, type FieldError } from '../../lib/errors.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ProjectService } from '../project/project.service.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import { surveys, type SurveyQuestionDefinition } from '../survey/index.ts';
import { findProjectSurvey, listProjectSurveys, nextPosition, projectSurveyIds, setPositions, type StaffSurveyRow } from './staff-surveys.repository.ts';

export type StaffSurveysDeps = { db: Db; audit: AuditService; access: StaffAccess; projects: Pick<ProjectService, 'invalidateNewItems'> };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const ZForm = z.array(ZSurveySectionDefinition);

function toListItem(row: StaffSurveyRow): TStaffSurveyListItem {
  const dates = { opens_at: iso(row.opensAt), closes_at: iso(row.closesAt) };
  const questionCount = row.version === 1 ? row.questions.length : row.form.flatMap((s) => s.elements).filter((e) => e.type !== 's_title').length;
  return {
    id: row.id, project_id: row.projectId, name: row.name, version: row.version, is_public: row.isPublic, ...dates,
    status: staffSurveyStatus(dates), question_count: questionCount, response_count: row.responseCount, position: row.position,
    updated_at: row.updatedAt.toISOString(),
  };
}

function toDetail(row: StaffSurveyRow): TStaffSurvey {
  return { ...toListItem(row), revision: row.revision, questions: row.questions as TStaffSurveyQuestion[], form: row.form };
}

type Definition = { name: string; version: 1 | 2; isPublic: boolean; opensAt: Date | null; closesAt: Date | null; questions: SurveyQuestionDefinition[]; form: TSurveySectionDefinition[] };

/** The body checked by the contract's definition rules (422 naming each question) and then by the element model's schema. */
function checkedDefinition(body: TStaffSurveyBody): Definition {
  const input: SurveyDefinitionInput = {
    name: body.name, version: body.version, opens_at: body.opens_at, closes_at: body.closes_at,
    questions: body.version === 1 ? (body.questions ?? []) : [], form: body.version === 2 ? (body.form ?? []) : [],
  };
  const problems = validateSurveyDefinition(input);
  if (problems.length) throw new UnprocessableError(staffSurveysMessages.invalid, problems);
  let form: TSurveySectionDefinition[] = [];
  if (body.version === 2) {
    const cleaned = (body.form ?? []).map((section) => ({
      ...section,
      label: section.label?.trim() ? section.label.trim() : null,
      elements: section.elements.map((element) => ({ ...element, data: cleanData(element.type, element.data) })),
    }));
    const parsed = ZForm.safeParse(cleaned);
    if (!parsed.success) {
      const errors: FieldError[] = parsed.error.issues.map((issue) => ({ field: ['form', ...issue.path.map(String)].join('.'), message: 'Deze waarde is ongeldig' }));
      throw new UnprocessableError(staffSurveysMessages.invalid, errors);
    }
    form = parsed.data;
  }
  return {
    name: body.name.trim(), version: body.version, isPublic: body.is_public,
    opensAt: body.opens_at ? new Date(body.opens_at) : null, closesAt: body.closes_at ? new Date(body.closes_at) : null,
    questions: body.version === 1 ? (body.questions ?? []).map((q) => ({ id: q.id, question: q.question.trim(), type: q.type as SurveyQuestionDefinition['type'] })) : [],
    form,
  };
}

/** Trims labels and drops empty optional texts; a title's rich text is sanitised staff HTML. */
function cleanData(type: string, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (key === 'options' && Array.isArray(value)) out[key] = (value as Array<{ label?: unknown }>).map((o) => ({ label: String(o?.label ?? '').trim() }));
    else if (key === 'wysiwyg') out[key] = typeof value === 'string' && value.trim() ? sanitizeStaffHtml(value) : null;
    else if (typeof value === 'string') out[key] = value.trim() || (key === 'label' ? '' : null);
    else out[key] = value;
  }
  if (type === 's_select' && out.type === 'check') delete out.defaultValue;
  return out;
}

const definitionColumns = (d: Definition) => ({
  name: d.name, version: d.version, isPublic: d.isPublic, opensAt: d.opensAt, closesAt: d.closesAt, questions: d.questions, form: d.form,
});
const auditView = (row: { name: string; version: number; isPublic: boolean; opensAt: Date | null; closesAt: Date | null; questions: unknown; form: unknown }) => ({
  name: row.name, version: row.version, is_public: row.isPublic, opens_at: iso(row.opensAt), closes_at: iso(row.closesAt), questions: row.questions, form: row.form,
});

/**
 * The console's survey builder: a project's surveys (version 1 and 2) with response counts, create,
 * read, save (with a revision: 409 on a stale one; 409 naming the questions when an answered survey
 * would lose or retype one), delete while unanswered, close now, copy to another project of the
 * customer, reorder. Every change is audited in its transaction and refreshes residents' tile counts.
 */
export function createStaffSurveysService({ db, audit, access, projects }: StaffSurveysDeps) {
  async function surveyOf(ctx: StaffContext, projectId: number, surveyId: number): Promise<StaffSurveyRow> {
    await access.project(ctx, projectId);
    const row = await findProjectSurvey(db, projectId, surveyId);
    if (!row) throw new NotFoundError(staffSurveysMessages.notFound);
    return row;
  }

  async function reread(projectId: number, surveyId: number): Promise<TStaffSurvey> {
    const row = await findProjectSurvey(db, projectId, surveyId);
    if (!row) throw new NotFoundError(staffSurveysMessages.notFound);
    return toDetail(row);
  }

  async function insert(ctx: StaffContext, projectId: number, d: Definition, action: string, extra?: Record<string, unknown>): Promise<TStaffSurvey> {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(surveys).values({ projectId, ...definitionColumns(d), position: nextPosition(projectId) }).returning();
      await audit.record(ctx, { action, entity: 'survey', entityId: row!.id, projectId, after: { ...auditView(row!), ...extra } }, tx);
      await projects.invalidateNewItems({ projectId }, tx);
      return row!.id;
    });
    return reread(projectId, id);
  }

  return {
    async list(ctx: StaffContext, projectId: number, query: TStaffSurveyListQuery): Promise<TStaffSurveyListItem[]> {
      await access.project(ctx, projectId);
      return (await listProjectSurveys(db, projectId, query)).map(toListItem);
    },

    async get(ctx: StaffContext, projectId: number, surveyId: number): Promise<TStaffSurvey> {
      return toDetail(await surveyOf(ctx, projectId, surveyId));
    },

    async create(ctx: StaffContext, projectId: number, body: TStaffSurveyBody): Promise<TStaffSurvey> {
      await access.project(ctx, projectId);
      return insert(ctx, projectId, checkedDefinition(body), 'create');
    },

    /** Saves the survey if nobody saved since `revision`; an answered survey keeps every answered question (see the contract). */
    async update(ctx: StaffContext, projectId: number, surveyId: number, body: TStaffSurveyUpdateBody): Promise<TStaffSurvey> {
      await surveyOf(ctx, projectId, surveyId);
      const next = checkedDefinition(body);
      await db.transaction(async (tx) => {
        const before = await findProjectSurvey(tx, projectId, surveyId, { lock: true });
        if (!before) throw new NotFoundError(staffSurveysMessages.notFound);
        if (before.revision !== body.revision) throw new ConflictError(staffSurveysMessages.stale);
        if (before.responseCount > 0) {
          const broken = surveyBreakingChanges(before, next);
          if (broken.length) throw new ConflictError(staffSurveysMessages.answered, broken);
        }
        const [row] = await tx.update(surveys)
          .set({ ...definitionColumns(next), revision: sql`${surveys.revision} + 1`, updatedAt: new Date() })
          .where(and(eq(surveys.id, surveyId), eq(surveys.revision, body.revision))).returning();
        if (!row) throw new ConflictError(staffSurveysMessages.stale);
        await audit.record(ctx, { action: 'update', entity: 'survey', entityId: surveyId, projectId, before: auditView(before), after: auditView(row) }, tx);
        await projects.invalidateNewItems({ projectId }, tx);
      });
      return reread(projectId, surveyId);
    },

    /** Only a survey nobody answered can go; an answered one is closed instead (its results stay). */
    async remove(ctx: StaffContext, projectId: number, surveyId: number): Promise<void> {
      await surveyOf(ctx, projectId, surveyId);
      await db.transaction(async (tx) => {
        const before = await findProjectSurvey(tx, projectId, surveyId, { lock: true });
        if (!before) throw new NotFoundError(staffSurveysMessages.notFound);
        if (before.responseCount > 0) throw new ConflictError(staffSurveysMessages.hasResponses);
        // Photos uploaded to it but never sent go with it (cascade); the sweep removes their stored files.
        await tx.delete(surveys).where(eq(surveys.id, surveyId));
        await audit.record(ctx, { action: 'delete', entity: 'survey', entityId: surveyId, projectId, before: auditView(before) }, tx);
        await projects.invalidateNewItems({ projectId }, tx);
      });
    },

    /** Closes the survey now: residents and visitors see their answers but can no longer send any. */
    async close(ctx: StaffContext, projectId: number, surveyId: number): Promise<TStaffSurvey> {
      const found = await surveyOf(ctx, projectId, surveyId);
      if (found.closesAt && found.closesAt <= new Date()) throw new ConflictError(staffSurveysMessages.alreadyClosed);
      await db.transaction(async (tx) => {
        const [row] = await tx.update(surveys)
          .set({ closesAt: sql`now()`, opensAt: sql`least(${surveys.opensAt}, now())`, revision: sql`${surveys.revision} + 1`, updatedAt: new Date() })
          .where(eq(surveys.id, surveyId)).returning();
        await audit.record(ctx, { action: 'close', entity: 'survey', entityId: surveyId, projectId, before: { closes_at: iso(found.closesAt) }, after: { closes_at: iso(row!.closesAt) } }, tx);
        await projects.invalidateNewItems({ projectId }, tx);
      });
      return reread(projectId, surveyId);
    },

    /** A copy (without responses, open at once, no close date) in this or another project of the customer that the account reaches. */
    async copy(ctx: StaffContext, projectId: number, surveyId: number, targetProjectId: number): Promise<TStaffSurvey> {
      const source = await surveyOf(ctx, projectId, surveyId);
      try {
        await access.project(ctx, targetProjectId);
      } catch (error) {
        if (error instanceof NotFoundError) throw new NotFoundError(staffSurveysMessages.copyTargetNotFound);
        throw error;
      }
      const name = targetProjectId === projectId ? `${source.name} (kopie)`.slice(0, 200) : source.name;
      return insert(ctx, targetProjectId, {
        name, version: source.version, isPublic: source.isPublic, opensAt: null, closesAt: null, questions: source.questions, form: source.form,
      }, 'copy', { copied_from: { project_id: projectId, survey_id: surveyId } });
    },

    /** The residents' order of the project's surveys: every survey of the project exactly once. */
    async reorder(ctx: StaffContext, projectId: number, ids: number[]): Promise<TStaffSurveyListItem[]> {
      await access.project(ctx, projectId);
      await db.transaction(async (tx) => {
        const existing = await projectSurveyIds(tx, projectId);
        const given = new Set(ids);
        if (given.size !== ids.length || given.size !== existing.length || existing.some((id) => !given.has(id))) {
          throw new UnprocessableError(staffSurveysMessages.order, [{ field: 'ids', message: staffSurveysMessages.order }]);
        }
        await setPositions(tx, projectId, ids);
        await audit.record(ctx, { action: 'reorder', entity: 'survey', entityId: null, projectId, after: { ids } }, tx);
      });
      return (await listProjectSurveys(db, projectId)).map(toListItem);
    },
  };
}
export type StaffSurveysService = ReturnType<typeof createStaffSurveysService>;
