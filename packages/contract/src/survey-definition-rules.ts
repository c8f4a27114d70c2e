/**
 * The rules of a survey's DEFINITION (what staff build in the console), shared by the console's editor
 * (live) and the server (on every save), so both refuse the same with the same Dutch words. The answers
 * residents give are checked by survey-rules.ts.
 *
 * validateSurveyDefinition(input) answers every problem, [] when the definition is valid. Each problem's
 * `field` is a path of immutable ids, never of positions:
 *   name | opens_at | closes_at | questions | form              the survey as a whole
 *   questions.{questionId}.question | .type                     a version 1 question
 *   form.{sectionId}.id | .label                                a version 2 section
 *   form.{sectionId}.elements.{elementId}.id | .type            an element
 *   form.{sectionId}.elements.{elementId}.data.{key}            a setting (data.options.{i}.label, data.value_3, ...)
 * Every message names the question or element by its kind and text, never by its place.
 *
 * surveyBreakingChanges(before, after) answers the changes that would break answers already given; the
 * server refuses them once a survey has responses (see staff-surveys.ts for the reasoning).
 */
import { SURVEY_ELEMENT_TYPES, SURVEY_QUESTION_TYPES, SURVEY_SCALE_MAX, SURVEY_SELECT_TYPES, SURVEY_SMILEY_ICONS, SURVEY_TEXT_MAX_LENGTH, type TSurveyFieldError } from './survey-rules.ts';

export const SURVEY_NAME_MAX = 200;
export const SURVEY_LABEL_MAX = 1000;
export const SURVEY_OPTION_MAX = 500;
export const SURVEY_OPTIONS_MAX = 50;
export const SURVEY_ELEMENTS_MAX = 200;
export const SURVEY_QUESTIONS_MAX = 200;
export const SURVEY_SECTIONS_MAX = 50;
export const SURVEY_PHOTO_SIZE_MAX = 4000;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const SHORT = 60;

/** The Dutch name of each element kind, as the builder shows it and as messages name it. */
export const SURVEY_ELEMENT_LABELS: Record<(typeof SURVEY_ELEMENT_TYPES)[number], string> = {
  s_title: 'Titel',
  s_textinput: 'Tekstveld',
  s_textareainput: 'Tekstvak',
  s_select: 'Keuzevraag',
  s_smileyinput: 'Waardering',
  s_photoinput: 'Foto',
};
export const SURVEY_SELECT_LABELS: Record<(typeof SURVEY_SELECT_TYPES)[number], string> = { dropdown: 'Keuzelijst', radio: 'Keuzerondjes', check: 'Vinkjes (meerdere keuzes)' };
export const SURVEY_ICON_LABELS: Record<(typeof SURVEY_SMILEY_ICONS)[number], string> = { smiley: 'Smileys', star: 'Sterren' };
export const SURVEY_QUESTION_LABELS: Record<(typeof SURVEY_QUESTION_TYPES)[number], string> = { rating: 'Cijfer (0 tot en met 10)', open: 'Open vraag' };

export const surveyDefinitionMessages = {
  invalid: 'De enquête is niet goed opgebouwd. Los de gemarkeerde punten op.',
  nameRequired: 'Vul een naam in',
  nameTooLong: `Gebruik maximaal ${SURVEY_NAME_MAX} tekens`,
  datesOrder: 'De sluitingsdatum moet na de openingsdatum liggen',
  noQuestions: 'Voeg minstens één vraag toe',
  noSections: 'Voeg minstens één onderdeel toe',
  noAnswerable: 'Voeg minstens één vraag toe die bewoners kunnen beantwoorden (geen titel)',
  tooManyQuestions: `Gebruik maximaal ${SURVEY_QUESTIONS_MAX} vragen`,
  tooManySections: `Gebruik maximaal ${SURVEY_SECTIONS_MAX} onderdelen`,
  tooManyElements: `Gebruik maximaal ${SURVEY_ELEMENTS_MAX} vragen`,
  sectionId: 'Een onderdeel heeft een ongeldige of dubbele sleutel',
  sectionLabel: `Gebruik voor de kop van een onderdeel maximaal ${SURVEY_LABEL_MAX} tekens`,
  answered: 'Deze enquête is al ingevuld. Vragen verwijderen of van soort veranderen kan niet meer: de gegeven antwoorden zouden niet meer kloppen. '
    + 'Maak een kopie voor een nieuwe opzet, of pas alleen teksten aan en voeg vragen toe.',
} as const;

const blank = (text: unknown) => typeof text !== 'string' || !text.trim();
const str = (text: unknown) => (typeof text === 'string' ? text : '');
const short = (text: string) => {
  const clean = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > SHORT ? `${clean.slice(0, SHORT - 1)}…` : clean;
};

/** "Vraag 'Hoe tevreden bent u?'" / "Keuzevraag 'Welke kleur?'" / "Tekstveld zonder vraagtekst". */
export function surveyQuestionName(text: string): string {
  return blank(text) ? 'Vraag zonder tekst' : `Vraag '${short(text)}'`;
}
export function surveyElementName(type: string, label: unknown): string {
  const kind = SURVEY_ELEMENT_LABELS[type as keyof typeof SURVEY_ELEMENT_LABELS] ?? 'Onderdeel';
  return blank(label) ? `${kind} zonder tekst` : `${kind} '${short(str(label))}'`;
}

// ---- the loose shape the validator reads (it checks what the schema has not checked yet) ----------------

type LooseData = Record<string, unknown>;
export type SurveyElementInput = { id: string; type: string; data: LooseData };
export type SurveySectionInput = { id: string; label?: string | null; elements: SurveyElementInput[] };
export type SurveyQuestionInput = { id: number; question: string; type: string };
export type SurveyDefinitionInput = {
  name?: string;
  version: 1 | 2;
  opens_at?: string | null;
  closes_at?: string | null;
  questions?: SurveyQuestionInput[];
  form?: SurveySectionInput[];
};

const SCALE_KEYS = ['value_1', 'value_2', 'value_3', 'value_4', 'value_5'] as const;

function validateElement(sectionId: string, element: SurveyElementInput, push: (field: string, message: string) => void) {
  const base = `form.${sectionId}.elements.${element.id}`;
  const data = (element.data ?? {}) as LooseData;
  const name = surveyElementName(element.type, data.label);
  if (!(SURVEY_ELEMENT_TYPES as readonly string[]).includes(element.type)) {
    push(`${base}.type`, `${name}: kies een soort vraag`);
    return;
  }
  if (blank(data.label)) push(`${base}.data.label`, `${name}: vul de ${element.type === 's_title' ? 'titel' : 'vraag'} in`);
  else if (str(data.label).length > SURVEY_LABEL_MAX) push(`${base}.data.label`, `${name}: gebruik maximaal ${SURVEY_LABEL_MAX} tekens`);
  if (data.requiredField !== undefined && typeof data.requiredField !== 'boolean') push(`${base}.data.requiredField`, `${name}: kies of de vraag verplicht is`);

  switch (element.type) {
    case 's_textinput':
    case 's_textareainput': {
      const max = data.maxLength;
      if (max !== undefined && max !== null && (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > SURVEY_TEXT_MAX_LENGTH)) {
        push(`${base}.data.maxLength`, `${name}: het maximum aantal tekens is een heel getal van 0 tot en met ${SURVEY_TEXT_MAX_LENGTH} (0: geen maximum)`);
      } else if (typeof max === 'number' && max > 0 && str(data.defaultValue).length > max) {
        push(`${base}.data.defaultValue`, `${name}: het antwoord dat al is ingevuld is langer dan ${max} tekens`);
      }
      break;
    }
    case 's_select': {
      if (!(SURVEY_SELECT_TYPES as readonly string[]).includes(str(data.type))) push(`${base}.data.type`, `${name}: kies keuzelijst, keuzerondjes of vinkjes`);
      const options = Array.isArray(data.options) ? (data.options as Array<{ label?: unknown }>) : [];
      if (options.length < 2) push(`${base}.data.options`, `${name}: voeg minstens twee opties toe`);
      else if (options.length > SURVEY_OPTIONS_MAX) push(`${base}.data.options`, `${name}: gebruik maximaal ${SURVEY_OPTIONS_MAX} opties`);
      const seen = new Set<string>();
      options.forEach((option, i) => {
        const label = str(option?.label).trim();
        if (!label) push(`${base}.data.options.${i}.label`, `${name}: vul de tekst van elke optie in`);
        else if (label.length > SURVEY_OPTION_MAX) push(`${base}.data.options.${i}.label`, `${name}: gebruik voor een optie maximaal ${SURVEY_OPTION_MAX} tekens`);
        else if (seen.has(label)) push(`${base}.data.options.${i}.label`, `${name}: optie '${short(label)}' staat er twee keer in`);
        seen.add(label);
      });
      if (!blank(data.defaultValue)) {
        if (data.type === 'check') push(`${base}.data.defaultValue`, `${name}: bij vinkjes is geen vooraf gekozen optie mogelijk`);
        else if (!seen.has(str(data.defaultValue).trim())) push(`${base}.data.defaultValue`, `${name}: de vooraf gekozen optie staat niet in de lijst`);
      }
      break;
    }
    case 's_smileyinput': {
      if (!(SURVEY_SMILEY_ICONS as readonly string[]).includes(str(data.icon))) push(`${base}.data.icon`, `${name}: kies smileys of sterren`);
      const filled = SCALE_KEYS.map((key) => !blank(data[key]));
      const count = filled.filter(Boolean).length;
      const firstGap = filled.indexOf(false);
      if (count > 0 && firstGap !== -1 && filled.slice(firstGap).some(Boolean)) {
        push(`${base}.data.value_${firstGap + 1}`, `${name}: vul de waarden op volgorde in, zonder lege waarde ertussen`);
      } else if (count === 1) {
        push(`${base}.data.value_2`, `${name}: geef minstens twee waarden (of laat alle leeg voor 1 tot en met ${SURVEY_SCALE_MAX})`);
      }
      for (const key of SCALE_KEYS) {
        if (str(data[key]).length > SURVEY_OPTION_MAX) push(`${base}.data.${key}`, `${name}: gebruik voor een waarde maximaal ${SURVEY_OPTION_MAX} tekens`);
      }
      break;
    }
    case 's_photoinput': {
      for (const key of ['image_width', 'image_height'] as const) {
        const v = data[key];
        if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isInteger(v) || v < 100 || v > SURVEY_PHOTO_SIZE_MAX)) {
          push(`${base}.data.${key}`, `${name}: de grootste ${key === 'image_width' ? 'breedte' : 'hoogte'} is een heel getal van 100 tot en met ${SURVEY_PHOTO_SIZE_MAX} pixels (leeg: geen maximum)`);
        }
      }
      break;
    }
    default:
      break;
  }
}

/** Every problem of a survey's definition (name, dates, questions or sections), [] when it is valid. */
export function validateSurveyDefinition(input: SurveyDefinitionInput): TSurveyFieldError[] {
  const errors: TSurveyFieldError[] = [];
  const push = (field: string, message: string) => errors.push({ field, message });
  if (input.name !== undefined) {
    if (blank(input.name)) push('name', surveyDefinitionMessages.nameRequired);
    else if (input.name.trim().length > SURVEY_NAME_MAX) push('name', surveyDefinitionMessages.nameTooLong);
  }
  if (input.opens_at && input.closes_at && new Date(input.closes_at) <= new Date(input.opens_at)) push('closes_at', surveyDefinitionMessages.datesOrder);

  if (input.version === 1) {
    const questions = input.questions ?? [];
    if (!questions.length) push('questions', surveyDefinitionMessages.noQuestions);
    if (questions.length > SURVEY_QUESTIONS_MAX) push('questions', surveyDefinitionMessages.tooManyQuestions);
    const ids = new Set<number>();
    for (const q of questions) {
      const name = surveyQuestionName(str(q.question));
      if (!Number.isInteger(q.id) || q.id < 1 || ids.has(q.id)) push(`questions.${q.id}.id`, `${name}: de vraag heeft een ongeldige of dubbele sleutel`);
      ids.add(q.id);
      if (blank(q.question)) push(`questions.${q.id}.question`, `${name}: vul de vraag in`);
      else if (q.question.length > SURVEY_LABEL_MAX) push(`questions.${q.id}.question`, `${name}: gebruik maximaal ${SURVEY_LABEL_MAX} tekens`);
      if (!(SURVEY_QUESTION_TYPES as readonly string[]).includes(q.type)) push(`questions.${q.id}.type`, `${name}: kies cijfer of open vraag`);
    }
    return errors;
  }

  const sections = input.form ?? [];
  if (!sections.length) push('form', surveyDefinitionMessages.noSections);
  if (sections.length > SURVEY_SECTIONS_MAX) push('form', surveyDefinitionMessages.tooManySections);
  const sectionIds = new Set<string>();
  const elementIds = new Set<string>();
  let answerable = 0;
  let total = 0;
  for (const section of sections) {
    if (!ID.test(str(section.id)) || sectionIds.has(section.id)) push(`form.${section.id}.id`, surveyDefinitionMessages.sectionId);
    sectionIds.add(section.id);
    if (str(section.label).length > SURVEY_LABEL_MAX) push(`form.${section.id}.label`, surveyDefinitionMessages.sectionLabel);
    for (const element of section.elements ?? []) {
      total++;
      if (!ID.test(str(element.id)) || elementIds.has(element.id)) {
        push(`form.${section.id}.elements.${element.id}.id`, `${surveyElementName(element.type, element.data?.label)}: ongeldige of dubbele sleutel`);
      }
      elementIds.add(element.id);
      if (element.type !== 's_title') answerable++;
      validateElement(section.id, element, push);
    }
  }
  if (total > SURVEY_ELEMENTS_MAX) push('form', surveyDefinitionMessages.tooManyElements);
  if (sections.length && !answerable) push('form', surveyDefinitionMessages.noAnswerable);
  return errors;
}

// ---- changes that break answers already given ------------------------------------------------------------

export type SurveyShape = { version: 1 | 2; questions: ReadonlyArray<{ id: number; question: string; type: string }>; form: ReadonlyArray<{ id?: string; elements: ReadonlyArray<SurveyElementInput> }> };

const scaleCount = (data: LooseData) => {
  const n = SCALE_KEYS.filter((key) => !blank(data[key])).length;
  return n || SURVEY_SCALE_MAX;
};

/**
 * What an edit of an answered survey may not do, because the stored answers name questions, elements and
 * option labels: change the version, remove or retype a question or element (titles excepted), switch a
 * select between one choice and several, remove or rename an option, shorten a smiley/star scale.
 * Texts, required flags, new questions, new options and the order may change.
 */
export function surveyBreakingChanges(before: SurveyShape, after: SurveyShape): TSurveyFieldError[] {
  const errors: TSurveyFieldError[] = [];
  if (before.version !== after.version) return [{ field: 'version', message: 'De soort enquête kan niet meer veranderen: er zijn al antwoorden gegeven.' }];
  if (before.version === 1) {
    const next = new Map(after.questions.map((q) => [q.id, q]));
    for (const q of before.questions) {
      const now = next.get(q.id);
      const name = surveyQuestionName(q.question);
      if (!now) errors.push({ field: 'questions', message: `${name} is al beantwoord en kan niet meer worden verwijderd.` });
      else if (now.type !== q.type) errors.push({ field: `questions.${q.id}.type`, message: `${name} is al beantwoord; de soort vraag kan niet meer veranderen.` });
    }
    return errors;
  }
  const located = new Map<string, { section: string; element: SurveyElementInput }>();
  for (const section of after.form) {
    for (const element of section.elements) located.set(element.id, { section: section.id ?? '', element });
  }
  for (const old of before.form.flatMap((s) => s.elements)) {
    if (old.type === 's_title') continue;
    const name = surveyElementName(old.type, old.data?.label);
    const found = located.get(old.id);
    if (!found) {
      errors.push({ field: 'form', message: `${name} is al beantwoord en kan niet meer worden verwijderd.` });
      continue;
    }
    const base = `form.${found.section}.elements.${old.id}`;
    const now = found.element;
    if (now.type !== old.type) {
      errors.push({ field: `${base}.type`, message: `${name} is al beantwoord; de soort vraag kan niet meer veranderen.` });
      continue;
    }
    if (old.type === 's_select') {
      if ((old.data.type === 'check') !== (now.data.type === 'check')) {
        errors.push({ field: `${base}.data.type`, message: `${name} is al beantwoord; wisselen tussen één keuze en meerdere keuzes kan niet meer.` });
      }
      const labels = new Set((Array.isArray(now.data.options) ? (now.data.options as Array<{ label?: unknown }>) : []).map((o) => str(o?.label).trim()));
      for (const option of (old.data.options as Array<{ label: string }>) ?? []) {
        if (!labels.has(option.label.trim())) {
          errors.push({ field: `${base}.data.options`, message: `${name} is al beantwoord; optie '${short(option.label)}' kan niet meer worden verwijderd of hernoemd.` });
        }
      }
    }
    if (old.type === 's_smileyinput' && scaleCount(now.data) < scaleCount(old.data)) {
      errors.push({ field: `${base}.data.value_1`, message: `${name} is al beantwoord; de schaal kan niet korter worden.` });
    }
  }
  return errors;
}
