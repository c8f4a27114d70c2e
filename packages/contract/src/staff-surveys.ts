import { z } from 'zod';
import { ZId } from './common.ts';
import { SURVEY_NAME_MAX, surveyDefinitionMessages } from './survey-definition-rules.ts';
import { SURVEY_QUESTION_TYPES } from './survey-rules.ts';
import { ZSurveySectionDefinition } from './survey.ts';

/**
 * The console's survey builder (Enquêtes). Surveys of a project, version 1 (questions: a rating 0-10
 * or an open answer) or version 2 (sections of elements, see survey.ts), public or residents only, open
 * from `opens_at` until `closes_at` (either may be empty).
 *
 *   GET    /staff/projects/{projectId}/surveys                  ?q=&status=  -> TStaffSurveyListItem[] (with response counts)
 *   POST   /staff/projects/{projectId}/surveys                  TStaffSurveyBody -> TStaffSurvey (201)
 *   PUT    /staff/projects/{projectId}/survey-order             { ids } -> TStaffSurveyListItem[]
 *   GET    /staff/projects/{projectId}/surveys/{surveyId}       -> TStaffSurvey
 *   PUT    /staff/projects/{projectId}/surveys/{surveyId}       TStaffSurveyUpdateBody -> TStaffSurvey
 *   DELETE /staff/projects/{projectId}/surveys/{surveyId}       only while nobody answered it (else 409)
 *   POST   /staff/projects/{projectId}/surveys/{surveyId}/close  closes_at = now
 *   POST   /staff/projects/{projectId}/surveys/{surveyId}/copy   { project_id } -> TStaffSurvey (201) in a project of the same customer
 *
 * Reads need surveys.read, changes surveys.manage; every change is audited. A definition the rules refuse
 * (survey-definition-rules.ts): 422 with Dutch messages per field that name the question.
 *
 * Answered surveys: answers name questions (v1), elements and option labels (v2) and are stored with the
 * survey. We chose to keep ONE definition per survey and refuse, once anyone answered, the edits that
 * would make stored answers wrong (409 with per-field messages, surveyBreakingChanges): removing or
 * retyping a question or element, one/many choice switches, removing or renaming an option, a shorter
 * scale. Texts, required flags, new questions and options, the order and the dates may still change.
 * A new set-up of an answered survey is a copy. (Freezing versions as the form builder does would let
 * results mix two question sets in one chart; a copy keeps each survey's results readable.)
 */

export const staffSurveysMessages = {
  ...surveyDefinitionMessages,
  notFound: 'Enquête niet gevonden',
  stale: 'Iemand anders heeft deze enquête intussen opgeslagen. Laad de nieuwste versie en breng uw wijzigingen opnieuw aan.',
  hasResponses: 'Deze enquête is al ingevuld en kan daarom niet worden verwijderd. Sluit de enquête in plaats daarvan.',
  alreadyClosed: 'Deze enquête is al gesloten',
  copyTargetNotFound: 'Dit project is niet gevonden of u heeft er geen toegang toe',
  order: 'Noem elke enquête van dit project precies één keer',
  momentInvalid: 'Vul een geldige datum en tijd in',
} as const;

export const STAFF_SURVEY_STATUSES = ['scheduled', 'open', 'closed'] as const;
export const ZStaffSurveyStatus = z.enum(STAFF_SURVEY_STATUSES);
export type TStaffSurveyStatus = z.infer<typeof ZStaffSurveyStatus>;
export const STAFF_SURVEY_STATUS_LABELS: Record<TStaffSurveyStatus, string> = { scheduled: 'Gepland', open: 'Open', closed: 'Gesloten' };

/** A survey's status at a moment: before opens_at 'scheduled', from closes_at 'closed', else 'open'. */
export function staffSurveyStatus(s: { opens_at: string | null; closes_at: string | null }, now = new Date()): TStaffSurveyStatus {
  if (s.closes_at && new Date(s.closes_at) <= now) return 'closed';
  if (s.opens_at && new Date(s.opens_at) > now) return 'scheduled';
  return 'open';
}

export const ZStaffSurveyQuestion = z.object({ id: z.number().int(), question: z.string(), type: z.enum(SURVEY_QUESTION_TYPES) });
export type TStaffSurveyQuestion = z.infer<typeof ZStaffSurveyQuestion>;

export const ZStaffSurveyListItem = z.object({
  id: z.number(),
  project_id: z.number(),
  name: z.string(),
  version: z.union([z.literal(1), z.literal(2)]),
  is_public: z.boolean(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  status: ZStaffSurveyStatus,
  /** Questions residents answer (titles not counted). */
  question_count: z.number(),
  response_count: z.number(),
  position: z.number(),
  updated_at: z.string(),
});
export type TStaffSurveyListItem = z.infer<typeof ZStaffSurveyListItem>;

export const ZStaffSurvey = ZStaffSurveyListItem.extend({
  /** Names the state a save read; raised by every save (a stale one answers 409). */
  revision: z.number(),
  questions: z.array(ZStaffSurveyQuestion),
  form: z.array(ZSurveySectionDefinition),
});
export type TStaffSurvey = z.infer<typeof ZStaffSurvey>;

const ZMoment = z.iso.datetime({ offset: true, error: staffSurveysMessages.momentInvalid }).nullable();

/** What the editor sends: loose where the definition rules give better (Dutch, per element) messages than a schema. */
const ZLooseElement = z.object({ id: z.string().max(64), type: z.string().max(40), data: z.record(z.string(), z.unknown()) });
export const ZStaffSurveySectionInput = z.object({ id: z.string().max(64), label: z.string().max(2000).nullable().optional(), elements: z.array(ZLooseElement).max(400) });
export const ZStaffSurveyQuestionInput = z.object({ id: z.number().int(), question: z.string().max(5000), type: z.string().max(20) });

export const ZStaffSurveyBody = z.object({
  name: z.string({ error: staffSurveysMessages.nameRequired }).trim().max(SURVEY_NAME_MAX, staffSurveysMessages.nameTooLong),
  version: z.union([z.literal(1), z.literal(2)]),
  is_public: z.boolean(),
  opens_at: ZMoment,
  closes_at: ZMoment,
  /** Version 1 (ignored for version 2). */
  questions: z.array(ZStaffSurveyQuestionInput).max(400).default([]),
  /** Version 2 (ignored for version 1). */
  form: z.array(ZStaffSurveySectionInput).max(100).default([]),
});
export type TStaffSurveyBody = z.input<typeof ZStaffSurveyBody>;

export const ZStaffSurveyUpdateBody = ZStaffSurveyBody.extend({ revision: z.number().int().min(0) });
export type TStaffSurveyUpdateBody = z.input<typeof ZStaffSurveyUpdateBody>;

export const ZStaffSurveyCopyBody = z.object({ project_id: z.number().int().positive().max(2_147_483_647) });
export type TStaffSurveyCopyBody = z.infer<typeof ZStaffSurveyCopyBody>;
export const ZStaffSurveyOrderBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });
export type TStaffSurveyOrderBody = z.infer<typeof ZStaffSurveyOrderBody>;

export const ZStaffSurveyListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: ZStaffSurveyStatus.optional(),
});
export type TStaffSurveyListQuery = z.infer<typeof ZStaffSurveyListQuery>;

export const ZStaffSurveysProjectParams = z.object({ projectId: ZId });
export const ZStaffSurveyParams = z.object({ projectId: ZId, surveyId: ZId });

export const staffSurveysPaths = {
  list: '/staff/projects/:projectId/surveys',
  order: '/staff/projects/:projectId/survey-order',
  survey: '/staff/projects/:projectId/surveys/:surveyId',
  close: '/staff/projects/:projectId/surveys/:surveyId/close',
  copy: '/staff/projects/:projectId/surveys/:surveyId/copy',
} as const;
