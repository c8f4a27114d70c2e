import { z } from 'zod';
import { ZExportFormat, ZId, ZLanguage, ZPageQuery } from './common.ts';

/**
 * The results of one survey of a project in the staff console (issue 17, "Surveys"):
 * /beheer/projecten/:projectId/enquetes/:surveyId/resultaten.
 *
 * Who: `surveys.read` reads the summary (no personal data: counts only) and the lists that carry addresses
 * (open answers, photos, responses: audited as personal-data reads); `surveys.export` downloads every response
 * as CSV or XLSX (audited). Another customer's or another project's survey answers 404.
 *
 * Filters, applied to everything (summary, rates, lists, export): `building_unit` (one of the project's
 * building units; public visitors have none and drop out), `from`/`to` (days in Europe/Amsterdam of
 * `submitted_at`, both included). An unknown building unit or `to` before `from`: 400 with a Dutch message.
 *
 * The lists are paged by keyset, newest first: `before` is the id of the last item held (a response id for the
 * responses and open answers, a photo id for the gallery), `limit` up to 100, and the X-Has-More header.
 */
export const staffSurveyResultPaths = {
  summary: '/staff/projects/:projectId/surveys/:surveyId/results',
  answers: '/staff/projects/:projectId/surveys/:surveyId/results/answers',
  photos: '/staff/projects/:projectId/surveys/:surveyId/results/photos',
  responses: '/staff/projects/:projectId/surveys/:surveyId/results/responses',
  export: '/staff/projects/:projectId/surveys/:surveyId/results/export',
} as const;

export const surveyResultMessages = {
  badDateRange: 'De einddatum ligt voor de begindatum.',
  unknownBuildingUnit: 'Dit bouwdeel bestaat niet in dit project.',
  unknownQuestion: 'Deze vraag heeft geen open antwoorden.',
  badDate: 'Vul een datum in als JJJJ-MM-DD.',
} as const;

export const ZSurveyResultParams = z.object({ projectId: ZId, surveyId: ZId });

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, surveyResultMessages.badDate);

export const ZSurveyResultFilter = z.object({
  building_unit: z.string().trim().min(1).max(200).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  language: ZLanguage,
});
export type TSurveyResultFilter = z.infer<typeof ZSurveyResultFilter>;
export const ZSurveyResultPageQuery = ZSurveyResultFilter.extend(ZPageQuery.shape);
export type TSurveyResultPageQuery = z.infer<typeof ZSurveyResultPageQuery>;
export const ZSurveyAnswersQuery = ZSurveyResultPageQuery.extend({
  /** The open question: a version 2 element id or a version 1 question id. */
  question: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, surveyResultMessages.unknownQuestion),
});
export type TSurveyAnswersQuery = z.infer<typeof ZSurveyAnswersQuery>;
export const ZSurveyResultExportQuery = ZSurveyResultFilter.extend({ format: ZExportFormat });

/**
 * How a question is summarised: `choice` (dropdown, radio, check: a count per option; a check answer counts
 * for each option ticked), `rating` (version 1, 0-10: a count per value and the average), `scale` (smiley or
 * star, 1..n: a count per value with its label and the average), `text` (open answers: a list), `photo`
 * (a gallery).
 */
export const SURVEY_RESULT_KINDS = ['choice', 'rating', 'scale', 'text', 'photo'] as const;
export const ZSurveyResultKind = z.enum(SURVEY_RESULT_KINDS);
export type TSurveyResultKind = z.infer<typeof ZSurveyResultKind>;

export const ZSurveyResultBar = z.object({
  label: z.string(),
  /** The rating or scale value; null for a choice option. */
  value: z.number().int().nullable(),
  count: z.number().int(),
});
export type TSurveyResultBar = z.infer<typeof ZSurveyResultBar>;

export const ZSurveyResultQuestion = z.object({
  /** The element id (version 2) or the question id as text (version 1). */
  id: z.string(),
  kind: ZSurveyResultKind,
  label: z.string(),
  /** s_select's type (dropdown, radio, check) or the scale's icon (smiley, star); null otherwise. */
  variant: z.string().nullable(),
  /** Responses (of those filtered) that answered this question. */
  answered: z.number().int(),
  /** Choice, rating and scale: every option or value in order, also those nobody chose. */
  bars: z.array(ZSurveyResultBar),
  /** Rating and scale: the mean of the values given, one decimal; null when none or another kind. */
  average: z.number().nullable(),
});
export type TSurveyResultQuestion = z.infer<typeof ZSurveyResultQuestion>;

export const ZSurveyResponseRate = z.object({
  /** The building unit; null: addresses without one. */
  building_unit: z.string().nullable(),
  /** The project's addresses (in this unit): the denominator. */
  addresses: z.number().int(),
  /** Of those, the addresses that answered (within the date filter). */
  answered: z.number().int(),
  /** answered / addresses, 0..1, three decimals; 0 when there are no addresses. */
  rate: z.number(),
});
export type TSurveyResponseRate = z.infer<typeof ZSurveyResponseRate>;

export const ZSurveyResults = z.object({
  survey: z.object({ id: z.number().int(), name: z.string(), version: z.union([z.literal(1), z.literal(2)]), is_public: z.boolean(), is_active: z.boolean() }),
  /** Every response that the filters keep: residents plus visitors. */
  responses: z.number().int(),
  resident_responses: z.number().int(),
  /** Public visitors (no address): counted apart, never in a response rate. */
  visitor_responses: z.number().int(),
  /** Over the project's addresses (the building unit's, when filtered). */
  rate: ZSurveyResponseRate,
  /** Per building unit of the project, in name order (addresses without a unit last); filtered to the unit when asked. */
  rate_per_unit: z.array(ZSurveyResponseRate),
  /** Every building unit of the project (the filter's choices), unfiltered. */
  building_units: z.array(z.string()),
  questions: z.array(ZSurveyResultQuestion),
  first_submitted_at: z.string().nullable(),
  last_submitted_at: z.string().nullable(),
});
export type TSurveyResults = z.infer<typeof ZSurveyResults>;

/** Who answered: the address (with its building unit and the occupant who sent it) or a public visitor. */
const respondent = {
  /** ISO 8601. */
  submitted_at: z.string(),
  address_id: z.number().int().nullable(),
  full_address: z.string().nullable(),
  building_unit: z.string().nullable(),
  /** The occupant who sent it (the household's member); null for a visitor or when gone. */
  occupant_name: z.string().nullable(),
};

export const ZSurveyOpenAnswer = z.object({ response_id: z.number().int(), text: z.string(), ...respondent });
export type TSurveyOpenAnswer = z.infer<typeof ZSurveyOpenAnswer>;
export const ZSurveyOpenAnswerList = z.array(ZSurveyOpenAnswer);

export const ZSurveyResultPhoto = z.object({
  id: z.number().int(),
  response_id: z.number().int(),
  element_id: z.string(),
  /** A file link, signed for the caller's session (short-lived, this file only). */
  url: z.string(),
  image_width: z.number().int(),
  image_height: z.number().int(),
  ...respondent,
});
export type TSurveyResultPhoto = z.infer<typeof ZSurveyResultPhoto>;
export const ZSurveyResultPhotoList = z.array(ZSurveyResultPhoto);

export const ZSurveyResponseRow = z.object({
  id: z.number().int(),
  ...respondent,
  /** Per question id (as in `questions`), the answer as text: options joined by ', ', a scale as 'n - label', a photo as 'Foto'. */
  answers: z.record(z.string(), z.string().nullable()),
});
export type TSurveyResponseRow = z.infer<typeof ZSurveyResponseRow>;
export const ZSurveyResponseList = z.array(ZSurveyResponseRow);
