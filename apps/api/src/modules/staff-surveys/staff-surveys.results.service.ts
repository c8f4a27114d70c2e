import {
  accessMessages, SURVEY_RATING, surveyResultMessages, surveyScaleLabels,
  type TSurveyAnswersQuery, type TSurveyOpenAnswer, type TSurveyResponseRate, type TSurveyResponseRow, type TSurveyResultFilter,
  type TSurveyResultPageQuery, type TSurveyResultPhoto, type TSurveyResultQuestion, type TSurveyResults,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { exportTable, type ExportColumn, type ExportFile, type ExportFormat } from '../../lib/table-export.ts';
import { fileUrl } from '../files/index.ts';
import { fullAddress } from '../form-engine/index.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import type { SurveyAnswers } from '../survey/survey.table.ts';
import {
  countResponses, countValues, findProjectSurvey, resultsFingerprint, listOpenAnswers, listPhotos, listResponses, ratePerUnit,
  type ResponseRow, type ResultFilter, type UnitRate,
} from './staff-surveys.results.repository.ts';

/** The scoped project lookup (staff-access.ts), declared as this module needs it. */
type Deps = { db: Db; staffAccess: { project: (ctx: StaffContext, projectId: number) => Promise<unknown> } };

type SurveyRow = NonNullable<Awaited<ReturnType<typeof findProjectSurvey>>>;

/** A question of the survey as the results summarise it, with how an answer reads as text. */
type Question = Omit<TSurveyResultQuestion, 'answered' | 'bars' | 'average'> & {
  /** The bars in order (choice options, rating or scale values); empty for text and photo. */
  bars: Array<{ label: string; value: number | null; key: string }>;
  text: (value: unknown) => string | null;
};

/** Up to this many responses in one export (a survey answered by every home of a large project, and its visitors). */
export const SURVEY_EXPORT_MAX = 50_000;

const plain = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : null;
  const text = String(value);
  return text.trim() ? text : null;
};

/** The questions of a survey in order: a version 2 survey's elements (titles left out), a version 1 survey's questions. */
export function surveyQuestions(survey: Pick<SurveyRow, 'version' | 'questions' | 'form'>): Question[] {
  if (survey.version === 1) {
    return survey.questions.map((q): Question => q.type === 'rating'
      ? {
        id: String(q.id), kind: 'rating', label: q.question, variant: null, text: plain,
        bars: Array.from({ length: SURVEY_RATING.max - SURVEY_RATING.min + 1 }, (_, i) => {
          const v = SURVEY_RATING.min + i;
          return { label: String(v), value: v, key: String(v) };
        }),
      }
      : { id: String(q.id), kind: 'text', label: q.question, variant: null, bars: [], text: plain });
  }
  const out: Question[] = [];
  for (const element of survey.form.flatMap((s) => s.elements)) {
    const base = { id: element.id, label: element.data.label };
    switch (element.type) {
      case 's_title':
        break;
      case 's_textinput':
      case 's_textareainput':
        out.push({ ...base, kind: 'text', variant: null, bars: [], text: plain });
        break;
      case 's_select':
        out.push({
          ...base, kind: 'choice', variant: element.data.type, text: plain,
          bars: element.data.options.map((o) => ({ label: o.label, value: null, key: o.label })),
        });
        break;
      case 's_smileyinput': {
        const labels = surveyScaleLabels(element.data);
        out.push({
          ...base, kind: 'scale', variant: element.data.icon,
          bars: labels.map((label, i) => ({ label, value: i + 1, key: String(i + 1) })),
          // '4 - Tevreden'; a scale without labels (1..5) as the number alone.
          text: (value) => {
            if (typeof value !== 'number') return plain(value);
            const label = labels[value - 1];
            return label && label !== String(value) ? `${value} - ${label}` : String(value);
          },
        });
        break;
      }
      case 's_photoinput':
        out.push({ ...base, kind: 'photo', variant: null, bars: [], text: (value) => (value === null || value === undefined ? null : 'Foto') });
        break;
      default: {
        const never: never = element;
        void never;
      }
    }
  }
  return out;
}

/** The answer of one response to each question, by question id. */
function answersOf(answers: SurveyAnswers): Map<string, unknown> {
  if (answers.version === 2) return new Map(Object.entries(answers.values ?? {}));
  return new Map((answers.answers ?? []).map((a) => [String(a.question_id), a.answer]));
}

const iso = (d: Date | string) => new Date(d).toISOString();
const rateOf = (unit: string | null, addresses: number, answered: number): TSurveyResponseRate =>
  ({ building_unit: unit, addresses, answered, rate: addresses ? Math.round((answered / addresses) * 1000) / 1000 : 0 });

function respondentOf(r: ResponseRow) {
  const name = r.first_name !== null ? [r.first_name, r.affix, r.last_name].filter((p) => p && p.trim()).join(' ') : null;
  return {
    submitted_at: iso(r.submitted_at),
    address_id: r.address_id,
    full_address: r.street !== null ? fullAddress({ street: r.street, houseNumber: r.house_number!, zipcode: r.zipcode!, city: r.city! }) : null,
    building_unit: r.building_unit,
    occupant_name: name,
  };
}

/** Summaries kept per survey and filter (least recently used goes first). */
const SUMMARIES_KEPT = 200;

export function createStaffSurveyResults({ db, staffAccess }: Deps) {
  const summaries = new Map<string, { fingerprint: string; value: TSurveyResults }>();
  /** The survey of this project (another project's or customer's: the guard's 404) and the filter, checked. */
  async function scope(ctx: StaffContext, projectId: number, surveyId: number, filter: TSurveyResultFilter) {
    await staffAccess.project(ctx, projectId);
    const survey = await findProjectSurvey(db, projectId, surveyId);
    if (!survey) throw new NotFoundError(accessMessages.notReached);
    if (filter.from && filter.to && filter.to < filter.from) {
      throw new BadRequestError(surveyResultMessages.badDateRange, [{ field: 'to', message: surveyResultMessages.badDateRange }]);
    }
    const f: ResultFilter = { surveyId, projectId, buildingUnit: filter.building_unit, from: filter.from, to: filter.to };
    let units: UnitRate[] | undefined;
    if (filter.building_unit !== undefined) {
      units = await ratePerUnit(db, { ...f, buildingUnit: undefined });
      if (!units.some((u) => u.unit === filter.building_unit)) {
        throw new BadRequestError(surveyResultMessages.unknownBuildingUnit, [{ field: 'building_unit', message: surveyResultMessages.unknownBuildingUnit }]);
      }
    }
    return { survey, f, questions: surveyQuestions(survey), units };
  }

  function toRow(r: ResponseRow, questions: Question[]): TSurveyResponseRow {
    const given = answersOf(r.answers);
    return { id: r.id, ...respondentOf(r), answers: Object.fromEntries(questions.map((q) => [q.id, q.text(given.get(q.id))])) };
  }

  return {
    /**
     * The summary: three aggregate queries (values per question, totals, rates per unit). At thousands of responses
     * the first of them expands every answer; its result is kept per survey and filter and served again while the
     * survey's fingerprint (its definition, its responses, the project's building units: two index reads) is the
     * same. Responses are never changed, only added or removed, so a kept summary is never stale; each server
     * process keeps its own.
     */
    async summary(ctx: StaffContext, projectId: number, surveyId: number, filter: TSurveyResultFilter): Promise<TSurveyResults> {
      const { survey, f, questions, units: checked } = await scope(ctx, projectId, surveyId, filter);
      const key = JSON.stringify([surveyId, filter.building_unit ?? null, filter.from ?? null, filter.to ?? null]);
      const fingerprint = `${survey.updatedAt.toISOString()}|${await resultsFingerprint(db, surveyId, projectId)}`;
      const kept = summaries.get(key);
      if (kept && kept.fingerprint === fingerprint) return kept.value;

      const grouped = questions.filter((q) => q.bars.length).map((q) => q.id);
      // The rates per unit are read without the unit filter: they are also the filter's choices.
      const [units, values, totals] = await Promise.all([
        checked ? Promise.resolve(checked) : ratePerUnit(db, { ...f, buildingUnit: undefined }), countValues(db, f, survey.version, grouped), countResponses(db, f),
      ]);
      const answered = new Map<string, number>();
      const counts = new Map<string, number>();
      for (const v of values) {
        answered.set(v.q, (answered.get(v.q) ?? 0) + v.answered);
        if (v.value !== null) counts.set(`${v.q}\u0000${v.value}`, v.n);
      }
      const shown = filter.building_unit !== undefined ? units.filter((u) => u.unit === filter.building_unit) : units;
      const sum = shown.reduce((acc, u) => ({ addresses: acc.addresses + u.addresses, answered: acc.answered + u.answered }), { addresses: 0, answered: 0 });
      const value: TSurveyResults = {
        survey: { id: survey.id, name: survey.name, version: survey.version, is_public: survey.isPublic, is_active: survey.isActive },
        responses: totals.total,
        resident_responses: totals.residents,
        visitor_responses: totals.total - totals.residents,
        rate: rateOf(filter.building_unit ?? null, sum.addresses, sum.answered),
        rate_per_unit: shown.map((u) => rateOf(u.unit, u.addresses, u.answered)),
        building_units: units.flatMap((u) => (u.unit === null ? [] : [u.unit])),
        questions: questions.map((q) => {
          const bars = q.bars.map((b) => ({ label: b.label, value: b.value, count: counts.get(`${q.id}\u0000${b.key}`) ?? 0 }));
          const valued = bars.filter((b) => b.value !== null);
          const n = valued.reduce((acc, b) => acc + b.count, 0);
          const average = (q.kind === 'rating' || q.kind === 'scale') && n
            ? Math.round((valued.reduce((acc, b) => acc + b.count * b.value!, 0) / n) * 10) / 10 : null;
          return { id: q.id, kind: q.kind, label: q.label, variant: q.variant, answered: answered.get(q.id) ?? 0, bars, average };
        }),
        first_submitted_at: totals.first?.toISOString() ?? null,
        last_submitted_at: totals.last?.toISOString() ?? null,
      };
      summaries.delete(key);
      summaries.set(key, { fingerprint, value });
      if (summaries.size > SUMMARIES_KEPT) summaries.delete(summaries.keys().next().value!);
      return value;
    },

    async answers(ctx: StaffContext, projectId: number, surveyId: number, query: TSurveyAnswersQuery): Promise<Page<TSurveyOpenAnswer>> {
      const { f, questions } = await scope(ctx, projectId, surveyId, query);
      if (!questions.some((q) => q.id === query.question && q.kind === 'text')) {
        throw new BadRequestError(surveyResultMessages.unknownQuestion, [{ field: 'question', message: surveyResultMessages.unknownQuestion }]);
      }
      const size = pageSize(query);
      const rows = await listOpenAnswers(db, f, query.question, { before: query.before, limit: size + 1 });
      return toPage(rows.map((r) => ({ response_id: r.id, text: r.text, ...respondentOf(r) })), size);
    },

    async photos(ctx: StaffContext, projectId: number, surveyId: number, query: TSurveyResultPageQuery): Promise<Page<TSurveyResultPhoto>> {
      const { f, questions } = await scope(ctx, projectId, surveyId, query);
      const size = pageSize(query);
      const rows = await listPhotos(db, f, questions.filter((q) => q.kind === 'photo').map((q) => q.id), { before: query.before, limit: size + 1 });
      return toPage(rows.map((r) => ({
        id: r.photo_id, response_id: r.id, element_id: r.element_id, image_width: r.image_width, image_height: r.image_height,
        // A file link: the answer's links are signed for the caller's session (files.routes.ts), never the token in the URL.
        url: fileUrl({ id: r.file_id, filename: r.filename }),
        ...respondentOf(r),
      })), size);
    },

    async responses(ctx: StaffContext, projectId: number, surveyId: number, query: TSurveyResultPageQuery): Promise<Page<TSurveyResponseRow>> {
      const { f, questions } = await scope(ctx, projectId, surveyId, query);
      const size = pageSize(query);
      const rows = await listResponses(db, f, { before: query.before, limit: size + 1 });
      return toPage(rows.map((r) => toRow(r, questions)), size);
    },

    async export(ctx: StaffContext, projectId: number, surveyId: number, filter: TSurveyResultFilter, format: ExportFormat): Promise<ExportFile> {
      const { survey, f, questions } = await scope(ctx, projectId, surveyId, filter);
      const rows = (await listResponses(db, f, { limit: SURVEY_EXPORT_MAX })).map((r) => toRow(r, questions));
      const columns: ExportColumn<TSurveyResponseRow>[] = [
        { header: 'Ingevuld op', value: (r) => new Date(r.submitted_at), kind: 'date', width: 18 },
        { header: 'Ingevuld door', value: (r) => (r.address_id === null ? 'Bezoeker' : 'Bewoner') },
        { header: 'Adres', value: (r) => r.full_address, width: 36 },
        { header: 'Bouwdeel', value: (r) => r.building_unit },
        { header: 'Bewoner', value: (r) => r.occupant_name, width: 24 },
        ...questions.map((q): ExportColumn<TSurveyResponseRow> => ({ header: q.label, value: (r) => r.answers[q.id] ?? null, width: 30 })),
      ];
      return exportTable(format, `Resultaten ${survey.name}`, columns, rows);
    },
  };
}
export type StaffSurveyResults = ReturnType<typeof createStaffSurveyResults>;
