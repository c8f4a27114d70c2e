/**
 * The rules of a form's DEFINITION (what staff build), shared by the console's editor (live, on every
 * change) and the server (on save, publish and import), so both refuse the same with the same words.
 * The values residents type are checked by form-rules.ts; the element registry is form-elements.ts.
 *
 * validateFormDefinition(family, sections) answers every problem, [] when the definition is valid.
 * Each problem's `field` is a path of immutable ids, never of positions (ids survive renames and drags):
 *   sections                                                 the definition as a whole
 *   sections.{sectionId}.id | .label                          a section
 *   sections.{sectionId}.elements.{elementId}.id | .type      an element
 *   sections.{sectionId}.elements.{elementId}.data.{key}      a setting, e.g. data.minValue, data.drawing
 *   sections.{sectionId}.elements.{elementId}.data.options.{i}.label | .price
 * Options have no ids in the element model; `{i}` is the option's 0-based place in its element's list.
 * Every message names the element by its kind and label ("Vraag 'Keuken kiezen': ..."), never by its place.
 */
import { FORM_FAMILY_LABELS, elementSpec } from './form-elements.ts';
import { FORM_ELEMENT_TYPES, FORM_LIMITS, isDutchDate, numberBounds, type TFormElementRule, type TFormFamily, type TFormFieldError } from './form-rules.ts';
import type { TFormSectionDefinition } from './forms.ts';

/** A price as stored: Dutch format with two decimals ('12,50', '1.250,00'; the same pattern as ZFormOption's price). */
export const DUTCH_AMOUNT = /^\d{1,3}(\.?\d{3})*,\d{2}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const LABEL_MAX = 1000;
const SECTION_LABEL_MAX = 500;
const OPTION_LABEL_MAX = 500;
const OPTIONS_MAX = 100;
const ELEMENTS_MAX = 300;
const SHORT = 60;

const blank = (text: unknown) => typeof text !== 'string' || !text.trim();
/** A text of the definition, '' where it is none (the validator also reads what the schema has not checked yet). */
const str = (text: unknown) => (typeof text === 'string' ? text : '');
const short = (text: string) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > SHORT ? `${clean.slice(0, SHORT - 1)}…` : clean;
};

/** '12,5' -> '12,50'; a sample otherwise: what the message suggests instead of a price that is no amount. */
function amountExample(text: string): string {
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return '12,50';
  const euros = String(Number(match[1])).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${euros},${(match[2] ?? '').padEnd(2, '0')}`;
}

export const definitionMessages = {
  noSections: 'Voeg minstens één onderdeel toe',
  sectionName: (label: string | null | undefined) => (blank(label) ? 'Onderdeel zonder naam' : `Onderdeel '${short(label!)}'`),
  sectionLabel: 'geef het onderdeel een naam',
  sectionLabelTooLong: `gebruik voor de naam maximaal ${SECTION_LABEL_MAX} tekens`,
  tooManyElements: `een onderdeel heeft maximaal ${ELEMENTS_MAX} elementen`,
  /** 'Vraag 'Keuken kiezen'' or 'Vraag zonder tekst (Keuzelijst)'. */
  elementName: (noun: string, kindName: string, label: string | null | undefined) =>
    blank(label) ? `${noun} zonder tekst (${kindName})` : `${noun} '${short(label!)}'`,
  duplicateId: (id: string) => `het id '${short(id)}' komt vaker voor in dit formulier`,
  invalidId: (id: string) => `het id '${short(id)}' is ongeldig (gebruik letters, cijfers, - en _)`,
  wrongFamily: (type: string, family: TFormFamily) => `het type '${short(type)}' hoort niet bij een ${FORM_FAMILY_LABELS[family]}`,
  unknownType: (type: string) => `het type '${short(type)}' bestaat niet`,
  label: 'geef de vraag een tekst',
  titleEmpty: 'vul een titel of een tekst in',
  labelTooLong: `gebruik voor de vraag maximaal ${LABEL_MAX} tekens`,
  noOptions: 'voeg minstens één optie toe',
  twoOptions: 'voeg minstens twee opties toe',
  tooManyOptions: `gebruik maximaal ${OPTIONS_MAX} opties`,
  optionWithoutLabel: 'een optie heeft geen naam',
  optionLabelTooLong: `gebruik voor een optie maximaal ${OPTION_LABEL_MAX} tekens`,
  duplicateOption: (label: string) => `de optie '${short(label)}' komt vaker voor`,
  notAnAmount: (text: string) => `'${short(text)}' is geen bedrag; schrijf bijvoorbeeld ${amountExample(text)}`,
  selectType: (allowed: string) => `kies hoe de opties worden getoond (${allowed})`,
  minAboveMax: (min: number, max: number) => `de minimumwaarde (${min}) is groter dan de maximumwaarde (${max})`,
  boundOutOfRange: `gebruik een grens tussen ${FORM_LIMITS.numberMin} en ${FORM_LIMITS.numberMax}`,
  maxLength: `de maximale lengte moet een geheel getal van 0 tot en met ${FORM_LIMITS.textMax} zijn (0 is geen maximum)`,
  hour: (text: string) => `'${short(text)}' is geen tijd; schrijf bijvoorbeeld 09:00`,
  fromAfterTill: (from: string, till: string) => `de eerste tijd (${from}) ligt na de laatste tijd (${till})`,
  /** Hours 0 to 8 cannot be chosen (spec 5): an earlier first time would be shown as 09:00. */
  fromTooEarly: (from: string, first: string) => `de eerste tijd (${from}) ligt voor ${first}; eerdere tijden kunnen bewoners niet kiezen`,
  defaultNotAnOption: (value: string) => `de standaardwaarde '${short(value)}' is geen van de opties`,
  defaultNotANumber: (value: string) => `de standaardwaarde '${short(value)}' is geen getal tussen de minimum- en maximumwaarde`,
  defaultNotADate: (value: string) => `de standaardwaarde '${short(value)}' is geen datum; schrijf bijvoorbeeld 01-04-2026`,
  defaultNotATime: (value: string) => `de standaardwaarde '${short(value)}' is geen tijd binnen de gekozen tijden`,
  defaultTooLong: 'de standaardwaarde is langer dan de maximale lengte',
  noDrawing: 'voeg een tekening toe waarop pins worden geplaatst',
  unitTooLong: 'gebruik voor de eenheid maximaal 50 tekens',
  textTooLong: 'gebruik maximaal 1000 tekens',
  photoSize: 'de breedte en hoogte van een foto zijn hele getallen groter dan 0',
} as const;

/** Joins a name and a problem: "Vraag 'Keuken kiezen': een optie heeft geen naam". */
const says = (name: string, problem: string) => `${name}: ${problem}`;

/** The name messages use for an element: its kind's noun and its label. */
export function definitionElementName(family: TFormFamily, element: Pick<TFormElementRule, 'type' | 'data'>): string {
  const spec = elementSpec(family, element.type);
  const label = element.data?.label;
  if (spec) return definitionMessages.elementName(spec.noun, spec.name, label);
  return definitionMessages.elementName('Element', element.type, label);
}

/** The path of an element's problem ('sections.s1.elements.e1' plus `rest`). */
export const elementField = (sectionId: string, elementId: string, rest?: string) => `sections.${sectionId}.elements.${elementId}${rest ? `.${rest}` : ''}`;
export const sectionField = (sectionId: string, rest: 'id' | 'label') => `sections.${sectionId}.${rest}`;

function checkElement(family: TFormFamily, sectionId: string, element: TFormElementRule, ids: Map<string, number>, out: TFormFieldError[]) {
  const elementId = str(element.id);
  const type = str(element.type);
  const data = element.data ?? {};
  const name = definitionElementName(family, { type, data });
  const add = (rest: string, problem: string) => out.push({ field: elementField(sectionId, elementId, rest), message: says(name, problem) });

  if (!ID.test(elementId)) add('id', definitionMessages.invalidId(elementId));
  else if ((ids.get(elementId) ?? 0) > 1) add('id', definitionMessages.duplicateId(elementId));

  const spec = elementSpec(family, type);
  if (!spec) {
    add('type', FORM_ELEMENT_TYPES.includes(type) ? definitionMessages.wrongFamily(type, family) : definitionMessages.unknownType(type));
    return;
  }
  const has = (setting: (typeof spec.settings)[number]) => spec.settings.includes(setting);

  // the question (or a text block's title or text)
  if (spec.noun === 'Tekstblok') {
    if (blank(data.label) && blank(str(data.wysiwyg).replace(/<[^>]*>/g, ''))) add('data.label', definitionMessages.titleEmpty);
  } else if (blank(data.label)) add('data.label', definitionMessages.label);
  if (str(data.label).length > LABEL_MAX) add('data.label', definitionMessages.labelTooLong);

  // options: selects, choices and a drawing's pin choices
  const options = Array.isArray(data.options) ? data.options : [];
  if (has('options') || has('drawing')) {
    if (has('options') && options.length === 0) add('data.options', definitionMessages.noOptions);
    else if (has('options') && options.length === 1 && data.type !== 'check') add('data.options', definitionMessages.twoOptions);
    if (options.length > OPTIONS_MAX) add('data.options', definitionMessages.tooManyOptions);
    const seen = new Set<string>();
    options.forEach((option, i) => {
      const label = str(option?.label);
      if (blank(label)) add(`data.options.${i}.label`, definitionMessages.optionWithoutLabel);
      else if (label.length > OPTION_LABEL_MAX) add(`data.options.${i}.label`, definitionMessages.optionLabelTooLong);
      else if (seen.has(label.trim())) add(`data.options.${i}.label`, definitionMessages.duplicateOption(label));
      seen.add(label.trim());
      const price = option?.price;
      if (price !== null && price !== undefined && price !== '' && !DUTCH_AMOUNT.test(String(price))) add(`data.options.${i}.price`, definitionMessages.notAnAmount(String(price)));
    });
  }
  if (has('selectType')) {
    const allowed = spec.selectTypes ?? [];
    if (!data.type || !allowed.includes(data.type)) add('data.type', definitionMessages.selectType(allowed.join(', ')));
  }

  // numbers
  if (has('minMax')) {
    const inRange = (n: number | null | undefined) => n === null || n === undefined || (Number.isFinite(n) && n >= FORM_LIMITS.numberMin && n <= FORM_LIMITS.numberMax);
    if (!inRange(data.minValue)) add('data.minValue', definitionMessages.boundOutOfRange);
    if (!inRange(data.maxValue)) add('data.maxValue', definitionMessages.boundOutOfRange);
    if (typeof data.minValue === 'number' && typeof data.maxValue === 'number' && data.minValue > data.maxValue) {
      add('data.minValue', definitionMessages.minAboveMax(data.minValue, data.maxValue));
    }
  }
  if (has('maxLength') && data.maxLength !== null && data.maxLength !== undefined) {
    if (!Number.isInteger(data.maxLength) || data.maxLength < 0 || data.maxLength > FORM_LIMITS.textMax) add('data.maxLength', definitionMessages.maxLength);
  }
  if (has('calculator')) {
    const price = data.price_per_unit;
    if (price !== null && price !== undefined && price !== '' && !DUTCH_AMOUNT.test(String(price))) add('data.price_per_unit', definitionMessages.notAnAmount(String(price)));
    if (str(data.unit).length > 50) add('data.unit', definitionMessages.unitTooLong);
  }
  let window: { from: string; till: string } | null = null;
  if (has('hours')) {
    const from = data.fromHour || FORM_LIMITS.defaultFromHour;
    const till = data.tillHour || FORM_LIMITS.defaultTillHour;
    if (!TIME.test(from)) add('data.fromHour', definitionMessages.hour(from));
    if (!TIME.test(till)) add('data.tillHour', definitionMessages.hour(till));
    const first = `${String(FORM_LIMITS.firstHour).padStart(2, '0')}:00`;
    if (TIME.test(from) && TIME.test(till)) {
      if (from < first) add('data.fromHour', definitionMessages.fromTooEarly(from, first));
      else if (from > till) add('data.fromHour', definitionMessages.fromAfterTill(from, till));
      else window = { from, till };
    }
  }
  if (has('agreeTexts')) {
    if (str(data.agree).length > 1000) add('data.agree', definitionMessages.textTooLong);
    if (str(data.disagree).length > 1000) add('data.disagree', definitionMessages.textTooLong);
  }
  if (has('drawing') && blank(data.drawing)) add('data.drawing', definitionMessages.noDrawing);
  if (has('photoSize')) {
    for (const key of ['image_width', 'image_height'] as const) {
      const n = data[key];
      if (n !== null && n !== undefined && !(Number.isInteger(n) && n > 0)) add(`data.${key}`, definitionMessages.photoSize);
    }
  }

  // the default value must be one the resident could give
  const preset = data.defaultValue;
  if (has('defaultValue') && typeof preset === 'string' && preset.trim() !== '') {
    switch (spec.kind) {
      case 'select':
      case 'choice':
        if (data.type !== 'check' && !options.some((o) => o?.label === preset)) add('data.defaultValue', definitionMessages.defaultNotAnOption(preset));
        break;
      case 'numberinput':
      case 'calculatorinput': {
        const { min, max } = numberBounds(data);
        const n = Number(preset.replace(',', '.'));
        if (!Number.isFinite(n) || n < min || n > max) add('data.defaultValue', definitionMessages.defaultNotANumber(preset));
        break;
      }
      case 'dateinput':
        if (!isDutchDate(preset)) add('data.defaultValue', definitionMessages.defaultNotADate(preset));
        break;
      case 'timeinput':
        if (!TIME.test(preset) || (window && (preset < window.from || preset > window.till))) add('data.defaultValue', definitionMessages.defaultNotATime(preset));
        break;
      case 'textinput':
      case 'textareainput':
        if (typeof data.maxLength === 'number' && data.maxLength > 0 && preset.length > data.maxLength) add('data.defaultValue', definitionMessages.defaultTooLong);
        break;
      default:
        break;
    }
  }
}

/**
 * Every problem of a definition of `family` (spec 3.1-3.6), [] when it is valid: sections named (a form of
 * one section may leave its name out), ids
 * unique across the form (the entry's values are one map keyed by element id), element types of the
 * family, and each element's settings as its registry entry (form-elements.ts) describes them.
 */
export function validateFormDefinition(family: TFormFamily, sections: readonly TFormSectionDefinition[]): TFormFieldError[] {
  const out: TFormFieldError[] = [];
  if (sections.length === 0) return [{ field: 'sections', message: definitionMessages.noSections }];
  const sectionIds = new Map<string, number>();
  const elementIds = new Map<string, number>();
  const elementsOf = (section: TFormSectionDefinition) => (Array.isArray(section.elements) ? section.elements : []);
  for (const section of sections) {
    sectionIds.set(section.id, (sectionIds.get(section.id) ?? 0) + 1);
    for (const element of elementsOf(section)) elementIds.set(element.id, (elementIds.get(element.id) ?? 0) + 1);
  }
  for (const section of sections) {
    const name = definitionMessages.sectionName(section.label);
    const add = (rest: 'id' | 'label', problem: string) => out.push({ field: sectionField(section.id, rest), message: says(name, problem) });
    if (!ID.test(str(section.id))) add('id', definitionMessages.invalidId(str(section.id)));
    else if ((sectionIds.get(section.id) ?? 0) > 1) add('id', definitionMessages.duplicateId(section.id));
    // A one-page form (the simple public form) needs no section name; with more sections each is a step with a name.
    if (blank(section.label) && sections.length > 1) add('label', definitionMessages.sectionLabel);
    else if (str(section.label).length > SECTION_LABEL_MAX) add('label', definitionMessages.sectionLabelTooLong);
    if (elementsOf(section).length > ELEMENTS_MAX) add('label', definitionMessages.tooManyElements);
    for (const element of elementsOf(section)) checkElement(family, section.id, element, elementIds, out);
  }
  return out;
}

/** The problems whose field lies at or under `field` (an element's or a section's path), for marking it. */
export const problemsAt = (problems: readonly TFormFieldError[], field: string) =>
  problems.filter((p) => p.field === field || p.field.startsWith(`${field}.`));
