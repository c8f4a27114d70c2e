import { z } from 'zod';
import { ZDutchDate, ZHtml, ZId, ZLanguage, ZVisitorUnique } from './common.ts';
import { SURVEY_ANSWER_MAX_LENGTH, SURVEY_QUESTION_TYPES, SURVEY_SELECT_TYPES, SURVEY_SMILEY_ICONS, SURVEY_TEXT_MAX_LENGTH } from './survey-rules.ts';

/**
 * Surveys (enquêtes). Version 1 has questions (a rating 0-10 or an open answer); version 2 has a form:
 * sections of elements (s_title, s_textinput, s_textareainput, s_select, s_smileyinput, s_photoinput).
 *
 * Residents:  GET  /occupant/surveys/                       -> TSurveyListItem[]
 *             GET  /occupant/survey/{id}                    -> TSurvey
 *             POST /occupant/survey/{id}                    TSurveySubmitBody -> { success: true }
 *             POST /occupant/survey/{id}/element/{element_id}   multipart field `image` or `files[image]` -> TSurveyPhoto
 *             (the photo's url is a file link, /api/files/{file_id}/{filename}?token=, signed for the session)
 * (occupant calls take `project_id` in the query, like every occupant read)
 * Visitors:   GET  /public/surveys/{project_id}?unique=     -> TSurveyListItem[], the code in X-Visitor-Unique (issued when none/malformed)
 *             GET  /public/survey/{id}?unique=              -> TSurvey (answers only for the visitor's own unique)
 *             POST /public/survey/{id}/{unique}             TSurveySubmitBody -> { success: true }
 *             POST /public/survey/{id}/{unique}/element/{element_id}  multipart field `image` or `files[image]` -> TSurveyPhoto
 *             GET  /public/survey/{id}/{unique}/photo/{photo_id}      the stored photo
 *
 * The submit body names answers by question or element:
 *   version 1: { answers: [{ question_id: 12, answer: 7 }, { question_id: 13, answer: 'Prima' }] }
 *   version 2: { values: { e1: 'tekst', e2: 'Ja', e3: ['Keuken', 'Badkamer'], e4: 4, e5: 31 } }
 * (a check group is a string array of option labels, a smiley/star value an integer 1..n, a photo the
 * id answered by the upload). Invalid answers: 422 'Formulier niet goed ingevuld' with errors per
 * `answers.{question_id}` / `values.{element_id}`. A survey is answered once per address (or per
 * visitor): a second submit is a 409.
 */

// ---- version 1 ---------------------------------------------------------------------------------

export const ZSurveyQuestionType = z.enum(SURVEY_QUESTION_TYPES);
export const ZSurveyQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  type: ZSurveyQuestionType,
  /** The submitted answer once the survey is done (a number for a rating, text for an open question). */
  answer: z.union([z.number(), z.string()]).nullable(),
});
export type TSurveyQuestion = z.infer<typeof ZSurveyQuestion>;

// ---- version 2 ---------------------------------------------------------------------------------

const ZElementId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const ZLabel = z.string().max(1000);
const ZScaleValues = {
  value_1: z.string().nullable().optional(),
  value_2: z.string().nullable().optional(),
  value_3: z.string().nullable().optional(),
  value_4: z.string().nullable().optional(),
  value_5: z.string().nullable().optional(),
};

export const ZSurveyPhoto = z.object({
  id: z.number().int(),
  image_width: z.number().int(),
  image_height: z.number().int(),
  /** Relative address of the stored photo: a signed file link for residents (see ZFileQuery), a visitor-code link for visitors. */
  url: z.string(),
});
export type TSurveyPhoto = z.infer<typeof ZSurveyPhoto>;

/** What is answered in an element, once the survey is done. */
export const ZSurveyValue = z.union([z.string(), z.array(z.string()), z.number()]).nullable();
export type TSurveyValue = z.infer<typeof ZSurveyValue>;

const answered = { value: ZSurveyValue, photo: ZSurveyPhoto.nullable() };

export const ZSurveyTitleData = z.object({ label: ZLabel, wysiwyg: ZHtml.nullable().optional() });
export const ZSurveyTextData = z.object({
  label: ZLabel,
  requiredField: z.boolean().optional(),
  placeholder: z.string().nullable().optional(),
  defaultValue: z.string().nullable().optional(),
  /** Enforced when greater than 0. */
  maxLength: z.number().int().nullable().optional(),
});
export const ZSurveySelectData = z.object({
  label: ZLabel,
  requiredField: z.boolean().optional(),
  type: z.enum(SURVEY_SELECT_TYPES),
  options: z.array(z.object({ label: z.string().min(1).max(500) })).min(1).max(50),
  placeholder: z.string().nullable().optional(),
  /** The option label chosen at first (dropdown and radio). */
  defaultValue: z.string().nullable().optional(),
});
export const ZSurveySmileyData = z.object({
  label: ZLabel,
  requiredField: z.boolean().optional(),
  icon: z.enum(SURVEY_SMILEY_ICONS),
  ...ZScaleValues,
  /** Hides the value labels on screen; screen readers still read them. */
  hideLabels: z.boolean().optional(),
});
export const ZSurveyPhotoData = z.object({
  label: ZLabel,
  requiredField: z.boolean().optional(),
  /** The largest size a photo is kept at (scaled down, never up). */
  image_width: z.number().int().positive().nullable().optional(),
  image_height: z.number().int().positive().nullable().optional(),
});

/** An element as staff define it (stored in the survey's form). */
export const ZSurveyElementDefinition = z.discriminatedUnion('type', [
  z.object({ id: ZElementId, type: z.literal('s_title'), data: ZSurveyTitleData }),
  z.object({ id: ZElementId, type: z.literal('s_textinput'), data: ZSurveyTextData }),
  z.object({ id: ZElementId, type: z.literal('s_textareainput'), data: ZSurveyTextData }),
  z.object({ id: ZElementId, type: z.literal('s_select'), data: ZSurveySelectData }),
  z.object({ id: ZElementId, type: z.literal('s_smileyinput'), data: ZSurveySmileyData }),
  z.object({ id: ZElementId, type: z.literal('s_photoinput'), data: ZSurveyPhotoData }),
]);
export type TSurveyElementDefinition = z.infer<typeof ZSurveyElementDefinition>;
export const ZSurveySectionDefinition = z.object({ id: ZElementId, label: z.string().nullable().optional(), elements: z.array(ZSurveyElementDefinition).max(200) });
export type TSurveySectionDefinition = z.infer<typeof ZSurveySectionDefinition>;

/** An element as the portal gets it: the definition plus what was answered (value, photo) once done. */
export const ZSurveyElement = z.discriminatedUnion('type', [
  z.object({ id: ZElementId, type: z.literal('s_title'), data: ZSurveyTitleData, ...answered }),
  z.object({ id: ZElementId, type: z.literal('s_textinput'), data: ZSurveyTextData, ...answered }),
  z.object({ id: ZElementId, type: z.literal('s_textareainput'), data: ZSurveyTextData, ...answered }),
  z.object({ id: ZElementId, type: z.literal('s_select'), data: ZSurveySelectData, ...answered }),
  z.object({ id: ZElementId, type: z.literal('s_smileyinput'), data: ZSurveySmileyData, ...answered }),
  z.object({ id: ZElementId, type: z.literal('s_photoinput'), data: ZSurveyPhotoData, ...answered }),
]);
export type TSurveyElement = z.infer<typeof ZSurveyElement>;
export const ZSurveySection = z.object({ id: z.string(), label: z.string().nullable().optional(), elements: z.array(ZSurveyElement) });
export type TSurveySection = z.infer<typeof ZSurveySection>;

// ---- one survey, the list ----------------------------------------------------------------------

const surveyHead = {
  id: z.number(),
  name: z.string(),
  /** Answered by this address (or this visitor): the portal shows it read-only. */
  done: z.boolean(),
  submitted_at: ZDutchDate.nullable(),
};
export const ZSurveyV1 = z.object({ ...surveyHead, version: z.literal(1), questions: z.array(ZSurveyQuestion) });
export const ZSurveyV2 = z.object({ ...surveyHead, version: z.literal(2), form: z.array(ZSurveySection) });
export const ZSurvey = z.discriminatedUnion('version', [ZSurveyV1, ZSurveyV2]);
export type TSurveyV1 = z.infer<typeof ZSurveyV1>;
export type TSurveyV2 = z.infer<typeof ZSurveyV2>;
export type TSurvey = z.infer<typeof ZSurvey>;

export const ZSurveyListItem = z.object({ id: z.number(), name: z.string(), version: z.union([z.literal(1), z.literal(2)]), done: z.boolean() });
export type TSurveyListItem = z.infer<typeof ZSurveyListItem>;
export const ZSurveyList = z.array(ZSurveyListItem);

/**
 * The public list is a list, as the spec gives it (GET /public/surveys/{project_id} "returns a list"); the visitor's
 * code (the one sent when it is well-formed, else a new one) comes in the header VISITOR_UNIQUE_HEADER.
 */
export const ZPublicSurveyList = ZSurveyList;
export type TPublicSurveyList = z.infer<typeof ZPublicSurveyList>;
/** The answer header of the public survey list that carries the visitor's code to keep. */
export const VISITOR_UNIQUE_HEADER = 'x-visitor-unique';

// ---- requests ----------------------------------------------------------------------------------

export const ZSurveyParams = z.object({ id: ZId });
export const ZPublicSurveyListParams = z.object({ project_id: ZId });
export const ZPublicSurveyParams = z.object({ id: ZId, unique: ZVisitorUnique });
export const ZSurveyElementParams = z.object({ id: ZId, element_id: ZElementId });
export const ZPublicSurveyElementParams = z.object({ id: ZId, unique: ZVisitorUnique, element_id: ZElementId });
export const ZPublicSurveyPhotoParams = z.object({ id: ZId, unique: ZVisitorUnique, photo_id: ZId });
export const ZPublicSurveyQuery = z.object({ language: ZLanguage, unique: ZVisitorUnique.optional().catch(undefined) });

export const ZSurveySubmitBody = z.object({
  language: ZLanguage,
  /** Version 1. */
  answers: z.array(z.object({ question_id: z.number().int(), answer: z.union([z.number(), z.string().max(SURVEY_ANSWER_MAX_LENGTH)]) })).max(200).optional(),
  /** Version 2, keyed by element id. */
  values: z
    .record(z.string().max(64), z.union([z.string().max(SURVEY_TEXT_MAX_LENGTH), z.array(z.string().max(500)).max(50), z.number(), z.null()]))
    .refine((v) => Object.keys(v).length <= 500, { message: 'Te veel antwoorden' })
    .optional(),
});
export type TSurveySubmitBody = z.infer<typeof ZSurveySubmitBody>;
