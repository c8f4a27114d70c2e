/**
 * The form engine's rules, shared by the portal and the server (no zod, so the web may import them):
 * one element model for the four form families, one validator and one counter of required fields.
 * The server runs the same functions on every save and send, so a section the portal accepts is a
 * section the server accepts, with the same Dutch messages per field.
 *
 * Families and their element type names (spec 3.1, 3.2):
 *   generic (formulier, also public)   f_{kind}      e.g. f_textinput
 *   intake (opname)                    {kind}        e.g. textinput
 *   choice (keuze)                     c_{kind}      e.g. c_choice
 *   support-base (draagvlak)           sb_{kind}     e.g. sb_agreeinput
 *
 * Values of an entry are one flat map (TFormValues), keyed by element id:
 *   '{id}'              the element's value: text, a number, 'HH:mm', 'DD-MM-YYYY', the chosen option's
 *                       label (dropdown/radio), 'agree'/'disagree', a photo's upload id, a signature as
 *                       a PNG data URL, or a contact ({ cp_id, cp })
 *   '{id}-value-{i}'    true when option i (0-based) of a check group is ticked
 *   '{id}-pinpoints'    the pins on a drawing: [{ id, x, y, value, comment, label: 'Pin n', nr: n }]
 * A save sends the keys of one section; the server keeps the rest of the entry as it was.
 */
import { normalizeDutchPhone, PHONE_MAX_LENGTH, PORTAL_EMAIL_PATTERN } from './appointment-rules.ts';
import { EMAIL_MAX_LENGTH, POSTCODE_MAX_LENGTH } from './validation.ts';

export const FORM_FAMILIES = ['generic', 'intake', 'choice', 'support-base'] as const;
export type TFormFamily = (typeof FORM_FAMILIES)[number];

export const FORM_ELEMENT_KINDS = [
  'title', 'addressinput', 'textinput', 'textareainput', 'numberinput', 'calculatorinput', 'timeinput', 'dateinput',
  'select', 'choice', 'agreeinput', 'photoinput', 'contactinput', 'drawinginput', 'signatureinput',
] as const;
export type TFormElementKind = (typeof FORM_ELEMENT_KINDS)[number];

export const FORM_TYPE_PREFIX: Record<TFormFamily, string> = { generic: 'f_', intake: '', choice: 'c_', 'support-base': 'sb_' };

/** The kinds each family has (spec 3.1, 3.2). */
export const FAMILY_KINDS: Record<TFormFamily, readonly TFormElementKind[]> = {
  generic: ['title', 'textinput', 'textareainput', 'numberinput', 'timeinput', 'dateinput', 'select', 'photoinput', 'contactinput', 'signatureinput', 'drawinginput'],
  intake: ['title', 'textinput', 'textareainput', 'numberinput', 'timeinput', 'dateinput', 'select', 'contactinput', 'photoinput', 'drawinginput', 'signatureinput'],
  choice: ['title', 'addressinput', 'textinput', 'textareainput', 'numberinput', 'calculatorinput', 'timeinput', 'dateinput', 'select', 'choice', 'photoinput', 'contactinput', 'signatureinput'],
  'support-base': ['title', 'textinput', 'textareainput', 'numberinput', 'timeinput', 'dateinput', 'select', 'agreeinput', 'contactinput', 'signatureinput'],
};

/** Every element type name of every family ('f_textinput', 'textinput', 'c_choice', 'sb_agreeinput', ...). */
export const FORM_ELEMENT_TYPES: readonly string[] = FORM_FAMILIES.flatMap((family) => FAMILY_KINDS[family].map((kind) => FORM_TYPE_PREFIX[family] + kind));

export const formElementType = (family: TFormFamily, kind: TFormElementKind) => FORM_TYPE_PREFIX[family] + kind;

/** The kind of an element type of `family`, or null when the family has no such type. */
export function formElementKind(family: TFormFamily, type: string): TFormElementKind | null {
  const prefix = FORM_TYPE_PREFIX[family];
  if (!type.startsWith(prefix)) return null;
  const kind = type.slice(prefix.length) as TFormElementKind;
  return FAMILY_KINDS[family].includes(kind) ? kind : null;
}

/** Kinds that hold no value of their own. */
const DISPLAY_KINDS: ReadonlySet<TFormElementKind> = new Set(['title', 'addressinput']);
export const isInputKind = (kind: TFormElementKind) => !DISPLAY_KINDS.has(kind);

// ---- limits ------------------------------------------------------------------------------------

export const FORM_LIMITS = {
  /** Number input bounds when minValue/maxValue are left out. */
  numberMin: -1e12,
  numberMax: 1e12,
  /** A text or textarea value without a maxLength of its own. */
  textMax: 20_000,
  /** Text fields of a contact person, a pin's value and comment. */
  contactFieldMax: 200,
  pinCommentMax: 1000,
  pinsMax: 200,
  /** A drawn signature: a PNG data URL of at most this many characters (a 922x300 canvas is well below). */
  signatureMax: 600_000,
  /** The textarea's rows (spec 9). */
  textareaRows: 4,
  /** Times: hours 0 to 8 are disabled; the window defaults to 09:00 - 12:00. */
  firstHour: 9,
  defaultFromHour: '09:00',
  defaultTillHour: '12:00',
  /** The date field's year selector: this many years around the current year. */
  yearRange: 10,
  /** Signatures: at least one. */
  minSignatures: 1,
  maxSignatures: 20,
  /** E-mailing a form: at most this many addresses. */
  emailMax: 20,
} as const;

export const FORM_PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;
export const CONTACT_GENDERS = ['m', 'f', 'u'] as const;
export type TContactGender = (typeof CONTACT_GENDERS)[number];
export const CONTACT_GENDER_LABELS: Record<TContactGender, string> = { m: 'Man', f: 'Vrouw', u: 'Onbekend' };
export const SELECT_TYPES = ['dropdown', 'radio', 'check'] as const;
export const AGREE_VALUES = ['agree', 'disagree'] as const;

// ---- texts -------------------------------------------------------------------------------------

/** The longest mobile number as typed (spaces, dashes, +31): the inputs' maxLength and the server's limit. */
export const SIGNING_MOBILE_MAX_LENGTH = PHONE_MAX_LENGTH;

/**
 * A mobile number for SMS verification when signing, in its stored 10-digit form (spec 5, 9: 06 plus 8
 * digits): spaces, dashes, dots and brackets are dropped and +31 / 0031 becomes 0, so '06 1234 5678' and
 * '+31 6-1234-5678' are both '0612345678'. Null when it is not a Dutch mobile number.
 */
export function signingMobile(value: string | null | undefined): string | null {
  const compact = normalizeDutchPhone(value ?? '');
  return /^06\d{8}$/.test(compact) ? compact : null;
}

/** A mobile number for SMS verification when signing: 06 plus 8 digits, written in any way signingMobile reads. */
export const isSigningMobile = (value: string | null | undefined) => signingMobile(value) !== null;

/**
 * Signer nr's mobile number problem: the spec's message ('Er is geen geldig mobiel nummer n ingevuld,
 * bijvoorbeeld: 0612345678.') followed by what is wrong with what was typed; null for a good number.
 */
export function signingMobileError(nr: number, value: string | null | undefined): string | null {
  if (isSigningMobile(value)) return null;
  const base = formMessages.mobileInvalid(nr);
  const raw = (value ?? '').trim();
  if (!raw) return base;
  const compact = normalizeDutchPhone(raw);
  if (!/^\d+$/.test(compact)) return `${base} ${formMessages.mobileCharacters}`;
  if (compact.length !== 10) return `${base} ${formMessages.mobileDigits(compact.length)}`;
  return `${base} ${formMessages.mobileStart}`;
}

/** A signer's mobile number as it may be shown: 06****5678. */
export const maskMobile = (mobile: string) => `${mobile.slice(0, 2)}****${mobile.slice(-4)}`;

export const formMessages = {
  invalid: 'Formulier niet goed ingevuld',
  supportBaseInvalid: 'Controleer de formulier velden',
  stepNotDone: 'Deze stap is nog niet afgerond',
  notComplete: 'Het formulier is nog niet volledig ingevuld.',
  notCompleteApproved: 'Het formulier is nog niet volledig ingevuld en goedgekeurd.',
  notFound: 'Formulier niet gevonden',
  saved: 'Formulier opgeslagen',
  savedShort: 'Opgeslagen',
  sent: 'Formulier verzonden',
  confirmTitle: 'Formulier afronden',
  confirmText: 'Klik op JA om deze actie te bevestigen. Hierna kan het formulier niet meer worden aangepast.',
  yes: 'Ja',
  no: 'Nee',
  required: 'Dit veld is verplicht',
  invalidValue: 'Deze waarde is ongeldig',
  notAnOption: 'Kies een van de opties',
  checkRequired: 'Kies minimaal één optie',
  agreeRequired: 'Geef aan of u akkoord gaat',
  photoRequired: 'Voeg een foto toe',
  photoUnknown: 'Deze foto is niet gevonden. Voeg de foto opnieuw toe.',
  photoType: 'Alleen foto’s van het type png of jpeg zijn toegestaan.',
  photoMissing: 'Kies een foto om te uploaden.',
  photoNotAPhotoField: 'Bij dit veld kan geen foto worden toegevoegd.',
  pinRequired: 'Plaats minimaal één pin op de tekening',
  pinInvalid: 'Deze pin is ongeldig',
  signatureRequired: 'Geef een handtekening op',
  signatureWho: 'Geef op door wie de handtekening is gezet',
  signatureDescription: 'Geef een omschrijving op door wie de handtekening is gezet',
  lastNameRequired: 'Vul een achternaam in',
  contactUnknown: 'Kies een bewoner van dit adres',
  emailInvalid: 'Vul een geldig e-mailadres in.',
  zipcodeInvalid: 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.',
  dateInvalid: 'Vul een datum in als DD-MM-JJJJ',
  timeInvalid: (from: string, till: string) => `Kies een tijd tussen ${from} en ${till}`,
  unknownElement: 'Dit veld hoort niet bij dit onderdeel',
  tooLong: (max: number) => `Gebruik maximaal ${max} tekens`,
  /** The textarea counter: '(12 van 200 tekens)'. */
  counter: (length: number, max: number) => `(${length} van ${max} tekens)`,
  nrOfSignatures: 'Het aantal handtekeningen moet groter of gelijk zijn aan 1',
  emailPositions: (positions: number[]) => `Er is geen geldig e-mailadres ingevuld op positie: ${positions.join(' en ')}`,
  locked: 'Dit formulier is afgerond en kan niet meer worden aangepast.',
  /** A form is sent once: a second send answers this (409) and sends nothing. */
  alreadySent: 'Het formulier is al verzonden.',
  contactFieldNotAsked: 'Dit gegeven wordt bij deze contactpersoon niet gevraagd',
  /** A save that started from an older version of the entry (someone else saved in between). */
  changed: 'Het formulier is intussen gewijzigd. Laad het formulier opnieuw.',
  moduleUnavailable: 'Formulieren zijn niet beschikbaar voor dit project',
  photoTooLarge: (maxMb: number) => `De foto is te groot; het maximum is ${maxMb} MB.`,
  photosMax: (max: number) => `U kunt bij dit formulier maximaal ${max} foto’s toevoegen.`,
  entriesMax: (max: number) => `U kunt dit formulier maximaal ${max} keer invullen.`,
  signerUnknown: 'Deze ondertekenaar hoort niet bij dit formulier',
  signersFixed: 'Het aantal handtekeningen kan niet meer worden gewijzigd: het ondertekenen is al begonnen.',
  signLegally: 'Dit formulier wordt ondertekend via de ondertekenlink.',
  signDrawn: 'Dit formulier wordt ondertekend met een getekende handtekening.',
  signingUnavailable: 'Ondertekenen is op dit moment niet mogelijk. Probeer het later opnieuw.',
  emailNotAllowed: 'Dit formulier kan niet worden gemaild.',
  emailMissing: 'Vul minimaal één e-mailadres in.',
  /** A visitor's entry (no login): one address, once (the portal is no mail relay). */
  emailOneAddress: 'U kunt dit formulier naar één e-mailadres sturen.',
  emailedOnce: 'Dit formulier is al gemaild. Het kan maar één keer worden verstuurd.',
  simpleSubmitted: 'Bedankt, het formulier is ingediend.',
  mobileInvalid: (nr: number) => `Er is geen geldig mobiel nummer ${nr} ingevuld, bijvoorbeeld: 0612345678.`,
  /** What is wrong with a typed mobile number (after mobileInvalid). */
  mobileCharacters: 'Gebruik alleen cijfers, spaties en streepjes, met eventueel +31 vooraan.',
  mobileDigits: (count: number) => `U vulde ${count} ${count === 1 ? 'cijfer' : 'cijfers'} in; een mobiel nummer heeft er 10.`,
  mobileStart: 'Een mobiel nummer begint met 06.',
  /** Legal signing names each signer (in the signed document and the receipt). */
  signerNameRequired: (nr: number) => `Vul de naam van ondertekenaar ${nr} in`,
  /** The address has known mobile numbers (its household's): the SMS code goes only to one of them. */
  mobileNotKnown: (masked: string[]) =>
    `De sms-code kan alleen naar het mobiele nummer dat bij ons bekend is voor dit adres (${masked.join(' of ')}). Vul dat nummer in.`,
  /** The form's max_signers. */
  maxSigners: (max: number) => `Dit formulier kan door maximaal ${max} ${max === 1 ? 'persoon' : 'personen'} worden ondertekend.`,
  pinLabel: (nr: number) => `Pin ${nr}`,
  contactNone: 'Geen contactpersoon',
  /** A required contact input with 'Geen contactpersoon' chosen: there is no last name to fill in yet. */
  contactRequired: 'Kies een contactpersoon of vul er zelf een in',
  /** What is wrong with a number of an intake or support-base form (whose hint '(min. X en max. Y)' is no message). */
  numberWhole: 'Vul een heel getal in',
  numberBelow: (min: number) => `Dit getal is lager dan het minimum van ${min}`,
  numberAbove: (max: number) => `Dit getal is hoger dan het maximum van ${max}`,
  contactCustom: 'Vul zelf een contactpersoon in',
} as const;

/** The number input's hint per family (spec 5), also its error when a value is out of bounds. */
export function numberHint(family: TFormFamily, min: number, max: number): string {
  switch (family) {
    case 'generic':
      return `Vul een getal van ${min} t/m ${max} in`;
    case 'choice':
      return `De min. waarde is: ${min} en de max. waarde is: ${max}`;
    case 'intake':
    case 'support-base':
      return `(min. ${min} en max. ${max})`;
    default: {
      const never: never = family;
      return never;
    }
  }
}

/** The label as shown: required fields end in ' *' (agreement inputs are always required). */
export const requiredLabel = (label: string, required: boolean) => (required ? `${label} *` : label);

// ---- the element model -------------------------------------------------------------------------

export type TFormOption = { label: string; image?: string | null; price?: string | null };

/** What a staff member sets on an element (spec 3.2); each kind reads the part it needs. */
export type TFormElementData = {
  label?: string | null;
  requiredField?: boolean | null;
  placeholder?: string | null;
  defaultValue?: string | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  type?: (typeof SELECT_TYPES)[number] | null;
  options?: TFormOption[] | null;
  wysiwyg?: string | null;
  agree?: string | null;
  disagree?: string | null;
  fromHour?: string | null;
  tillHour?: string | null;
  price_per_unit?: string | null;
  unit?: string | null;
  pinpointsEnabled?: boolean | null;
  commentsEnabled?: boolean | null;
  /** The drawing's image (a file link) that pins are placed on. */
  drawing?: string | null;
  /** The largest size a photo is kept at (scaled down, never up). */
  image_width?: number | null;
  image_height?: number | null;
  /** A contact input's per-field flags (spec 3.2): which fields it asks; without them it asks every field. */
  contact_fields?: TContactFieldFlags | null;
};

export type TFormElementRule = { id: string; type: string; data: TFormElementData };

export type TPinpoint = { id: string; x: number; y: number; value: string; comment: string; label: string; nr: number };

export const CONTACT_FIELDS = [
  'gender', 'initials', 'first_name', 'affix', 'last_name', 'description', 'email_address', 'prefer_email', 'telephone', 'mobile',
  'different_address', 'street', 'house_number', 'house_number_suffix', 'zipcode', 'city',
] as const;
/**
 * The contact fields a contact input may leave out (spec 3.2, 3.4), each a flag in `contact_fields`:
 * Achternaam is always asked once a contact is chosen (spec 5), and 'different_address' brings the
 * address fields (street, house number, suffix, postcode, city) with it.
 */
export const CONTACT_OPTIONAL_FIELDS = [
  'gender', 'initials', 'first_name', 'affix', 'description', 'email_address', 'prefer_email', 'telephone', 'mobile', 'different_address',
] as const;
export type TContactOptionalField = (typeof CONTACT_OPTIONAL_FIELDS)[number];
export type TContactFieldFlags = Partial<Record<TContactOptionalField, boolean>>;
const CONTACT_ADDRESS_FIELDS: ReadonlySet<string> = new Set(['street', 'house_number', 'house_number_suffix', 'zipcode', 'city']);

/** Whether a contact input asks `field`: Achternaam always; without flags every field (forms made before them). */
export function contactFieldAsked(data: Pick<TFormElementData, 'contact_fields'>, field: (typeof CONTACT_FIELDS)[number]): boolean {
  const flags = data.contact_fields;
  if (field === 'last_name' || !flags) return true;
  return flags[(CONTACT_ADDRESS_FIELDS.has(field) ? 'different_address' : field) as TContactOptionalField] === true;
}

/** The contact with the fields the input does not ask left blank (what a save sends). */
export function askedContact(data: Pick<TFormElementData, 'contact_fields'>, cp: TContactPerson): TContactPerson {
  if (!data.contact_fields) return cp;
  const blank = (field: (typeof CONTACT_FIELDS)[number]) => (field === 'prefer_email' || field === 'different_address' ? false : null);
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, contactFieldAsked(data, field) ? cp[field] : blank(field)])) as TContactPerson;
}

export type TContactPerson = {
  gender: TContactGender | null;
  initials: string | null;
  first_name: string | null;
  affix: string | null;
  last_name: string | null;
  description: string | null;
  email_address: string | null;
  prefer_email: boolean;
  telephone: string | null;
  mobile: string | null;
  different_address: boolean;
  street: string | null;
  house_number: string | null;
  house_number_suffix: string | null;
  zipcode: string | null;
  city: string | null;
};
/** A contact input's value: no contact, one typed in ('custom'), or an occupant of the address (their id). */
export type TContactValue = { cp_id: 'none' | 'custom' | number; cp: TContactPerson | null };

export type TFormValue = string | number | boolean | null | TPinpoint[] | TContactValue;
export type TFormValues = Record<string, TFormValue>;

export const optionKey = (elementId: string, index: number) => `${elementId}-value-${index}`;
export const pinpointsKey = (elementId: string) => `${elementId}-pinpoints`;
/** The field name of a per-field error: a 422 maps straight onto the input. */
export const formValueField = (key: string) => `values.${key}`;

export type TFormFieldError = { field: string; message: string };

/** The keys an element may have in the values map. */
export function elementKeys(family: TFormFamily, element: TFormElementRule): string[] {
  const kind = formElementKind(family, element.type);
  if (!kind || !isInputKind(kind)) return [];
  if ((kind === 'select' || kind === 'choice') && element.data.type === 'check') {
    return (element.data.options ?? []).map((_, i) => optionKey(element.id, i));
  }
  if (kind === 'drawinginput') return [pinpointsKey(element.id)];
  return [element.id];
}

export function isRequired(family: TFormFamily, element: TFormElementRule): boolean {
  const kind = formElementKind(family, element.type);
  if (!kind || !isInputKind(kind)) return false;
  return kind === 'agreeinput' || element.data.requiredField === true;
}

// ---- validation --------------------------------------------------------------------------------

/** What the rules need to know beyond the values: uploads of this entry, the address's occupants. */
export type FormRuleContext = {
  /** True when `photoId` was uploaded for this entry's element (the server's check; the portal trusts its own uploads). */
  hasPhoto: (elementId: string, photoId: number) => boolean;
  /** Occupant ids a contact input may name; null where the list is not known (then any whole number passes). */
  occupantIds: ReadonlySet<number> | null;
};

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && !value.trim());
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DUTCH_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const ZIPCODE = /^[1-9]\d{3} ?[A-Za-z]{2}$/;
const DATA_URL_PNG = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;

export const textMaxLength = (data: TFormElementData): number => (typeof data.maxLength === 'number' && data.maxLength > 0 ? Math.min(data.maxLength, FORM_LIMITS.textMax) : FORM_LIMITS.textMax);
export const numberBounds = (data: TFormElementData) => ({
  min: typeof data.minValue === 'number' ? data.minValue : FORM_LIMITS.numberMin,
  max: typeof data.maxValue === 'number' ? data.maxValue : FORM_LIMITS.numberMax,
});
export const timeWindow = (data: TFormElementData) => {
  const first = `${String(FORM_LIMITS.firstHour).padStart(2, '0')}:00`;
  const from = data.fromHour && TIME.test(data.fromHour) ? data.fromHour : FORM_LIMITS.defaultFromHour;
  const till = data.tillHour && TIME.test(data.tillHour) ? data.tillHour : FORM_LIMITS.defaultTillHour;
  return { from: from < first ? first : from, till };
};

/** 'DD-MM-YYYY' of a real calendar day. */
export function isDutchDate(value: string): boolean {
  const match = DUTCH_DATE.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const isFormEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && PORTAL_EMAIL_PATTERN.test(value) && /\.[A-Za-z]{2,4}$/.test(value);

/**
 * A number's problem. The generic and choice forms' hints are sentences that say what to fill in, and are
 * their error too (spec 5). The intake's and support-base's hint '(min. X en max. Y)' is no message: there
 * the error says what is wrong with the number (not whole, below the minimum, above the maximum).
 */
function checkNumber(family: TFormFamily, kind: 'numberinput' | 'calculatorinput', data: TFormElementData, value: unknown): string | null {
  const { min, max } = numberBounds(data);
  const hint = numberHint(family, min, max);
  const says = family === 'intake' || family === 'support-base';
  const notANumber = formMessages.numberWhole; // only the choice form has a calculator
  if (typeof value !== 'number' || !Number.isFinite(value)) return says ? notANumber : hint;
  if (kind === 'calculatorinput') {
    if (Math.round(value * 100) !== value * 100) return says ? notANumber : hint;
  } else if (!Number.isInteger(value)) return says ? notANumber : hint;
  // the choice form's number input takes one or two digits (spec 5, 9)
  if (family === 'choice' && kind === 'numberinput' && !/^\d{1,2}$/.test(String(value))) return hint;
  if (value < min) return says ? formMessages.numberBelow(min) : hint;
  if (value > max) return says ? formMessages.numberAbove(max) : hint;
  return null;
}

function checkContact(data: TFormElementData, value: unknown, required: boolean, context: FormRuleContext): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return formMessages.invalidValue;
  const { cp_id: cpId, cp } = value as Partial<TContactValue>;
  if (cpId === 'none' || cpId === undefined) return required ? formMessages.contactRequired : null;
  if (cpId !== 'custom' && !(typeof cpId === 'number' && Number.isInteger(cpId) && (context.occupantIds === null || context.occupantIds.has(cpId)))) {
    return formMessages.contactUnknown;
  }
  if (typeof cp !== 'object' || cp === null) return formMessages.lastNameRequired;
  for (const field of CONTACT_FIELDS) {
    const v = (cp as Record<string, unknown>)[field];
    if (field === 'prefer_email' || field === 'different_address') {
      if (v !== undefined && typeof v !== 'boolean') return formMessages.invalidValue;
    } else if (field === 'gender') {
      if (v !== undefined && v !== null && !CONTACT_GENDERS.includes(v as TContactGender)) return formMessages.invalidValue;
    } else if (v !== undefined && v !== null && (typeof v !== 'string' || v.length > FORM_LIMITS.contactFieldMax)) {
      return typeof v === 'string' ? formMessages.tooLong(FORM_LIMITS.contactFieldMax) : formMessages.invalidValue;
    }
  }
  // Only what the input asks is kept: a field it does not ask (spec 3.2) is refused, not stored.
  for (const field of CONTACT_FIELDS) {
    const v = (cp as Record<string, unknown>)[field];
    if (!contactFieldAsked(data, field) && v !== undefined && v !== null && v !== false && !isBlank(v)) return formMessages.contactFieldNotAsked;
  }
  if (isBlank(cp.last_name)) return formMessages.lastNameRequired;
  if (!isBlank(cp.email_address) && !isFormEmail(String(cp.email_address).trim())) return formMessages.emailInvalid;
  if (cp.different_address && !isBlank(cp.zipcode) && (String(cp.zipcode).replace(/\s/g, '').length > POSTCODE_MAX_LENGTH || !ZIPCODE.test(String(cp.zipcode).trim()))) {
    return formMessages.zipcodeInvalid;
  }
  return null;
}

function checkPinpoints(data: TFormElementData, value: unknown): string | null {
  if (!Array.isArray(value) || value.length > FORM_LIMITS.pinsMax) return formMessages.pinInvalid;
  const options = (data.options ?? []).map((o) => o.label);
  for (const [i, pin] of value.entries()) {
    if (typeof pin !== 'object' || pin === null) return formMessages.pinInvalid;
    const p = pin as Partial<TPinpoint>;
    const inside = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1;
    if (!inside(p.x) || !inside(p.y) || p.nr !== i + 1 || p.label !== formMessages.pinLabel(i + 1)) return formMessages.pinInvalid;
    if (typeof p.id !== 'string' || p.id.length === 0 || p.id.length > 64) return formMessages.pinInvalid;
    if (typeof p.value !== 'string' || p.value.length > FORM_LIMITS.contactFieldMax) return formMessages.pinInvalid;
    if (options.length && p.value !== '' && !options.includes(p.value)) return formMessages.notAnOption;
    if (typeof p.comment !== 'string' || p.comment.length > FORM_LIMITS.pinCommentMax) return formMessages.tooLong(FORM_LIMITS.pinCommentMax);
  }
  return null;
}

/** The error of one element (first rule that fails), or null. The values map is the whole entry's. */
export function validateFormElement(family: TFormFamily, element: TFormElementRule, values: Readonly<TFormValues>, context: FormRuleContext): TFormFieldError | null {
  const kind = formElementKind(family, element.type);
  if (!kind || !isInputKind(kind)) return null;
  const required = isRequired(family, element);
  const at = (message: string, key = element.id) => ({ field: formValueField(key), message });
  const value = values[element.id];
  const { data } = element;

  if ((kind === 'select' || kind === 'choice') && data.type === 'check') {
    const keys = elementKeys(family, element);
    for (const key of keys) if (values[key] !== undefined && values[key] !== null && typeof values[key] !== 'boolean') return at(formMessages.invalidValue, key);
    if (required && !keys.some((key) => values[key] === true)) return at(formMessages.checkRequired, keys[0] ?? element.id);
    return null;
  }
  if (kind === 'drawinginput') {
    const pins = values[pinpointsKey(element.id)];
    if (pins === undefined || pins === null || (Array.isArray(pins) && pins.length === 0)) return required ? at(formMessages.pinRequired, pinpointsKey(element.id)) : null;
    const problem = checkPinpoints(data, pins);
    return problem ? at(problem, pinpointsKey(element.id)) : null;
  }
  if (kind === 'contactinput') {
    if (value === undefined || value === null) return required ? at(formMessages.contactRequired) : null;
    const problem = checkContact(data, value, required, context);
    return problem ? at(problem) : null;
  }
  if (isBlank(value)) {
    if (!required) return null;
    const message = kind === 'photoinput' ? formMessages.photoRequired
      : kind === 'signatureinput' ? formMessages.signatureRequired
      : kind === 'agreeinput' ? formMessages.agreeRequired
      : kind === 'select' || kind === 'choice' ? formMessages.notAnOption
      : formMessages.required;
    return at(message);
  }
  switch (kind) {
    case 'textinput':
    case 'textareainput': {
      if (typeof value !== 'string') return at(formMessages.invalidValue);
      const max = textMaxLength(data);
      return value.length > max ? at(formMessages.tooLong(max)) : null;
    }
    case 'numberinput':
    case 'calculatorinput': {
      const problem = checkNumber(family, kind, data, value);
      return problem ? at(problem) : null;
    }
    case 'timeinput': {
      const { from, till } = timeWindow(data);
      return typeof value === 'string' && TIME.test(value) && value >= from && value <= till ? null : at(formMessages.timeInvalid(from, till));
    }
    case 'dateinput':
      return typeof value === 'string' && isDutchDate(value) ? null : at(formMessages.dateInvalid);
    case 'select':
    case 'choice':
      return typeof value === 'string' && (data.options ?? []).some((o) => o.label === value) ? null : at(formMessages.notAnOption);
    case 'agreeinput':
      return value === 'agree' || value === 'disagree' ? null : at(formMessages.agreeRequired);
    case 'photoinput':
      if (typeof value !== 'number' || !Number.isInteger(value)) return at(formMessages.invalidValue);
      return context.hasPhoto(element.id, value) ? null : at(formMessages.photoUnknown);
    case 'signatureinput':
      return typeof value === 'string' && value.length <= FORM_LIMITS.signatureMax && DATA_URL_PNG.test(value) ? null : at(formMessages.signatureRequired);
    default:
      return at(formMessages.invalidValue);
  }
}

/**
 * Every error of a section's values: the elements' rules, and keys that belong to no element of the
 * section (refused, so that nothing is stored that no one asked for).
 */
export function validateFormSection(
  family: TFormFamily,
  elements: readonly TFormElementRule[],
  values: Readonly<TFormValues>,
  context: FormRuleContext,
  options: { onlyGiven?: boolean } = {},
): TFormFieldError[] {
  const errors: TFormFieldError[] = [];
  const known = new Set(elements.flatMap((e) => elementKeys(family, e)));
  for (const key of Object.keys(values)) if (!known.has(key)) errors.push({ field: formValueField(key), message: formMessages.unknownElement });
  for (const element of elements) {
    // A draft save (onlyGiven) checks what was typed, not what is still missing.
    if (options.onlyGiven && !elementKeys(family, element).some((key) => values[key] !== undefined && !isBlank(values[key]))) continue;
    const error = validateFormElement(family, element, values, context);
    if (error) errors.push(error);
  }
  return errors;
}

/** The section's counters (spec 3.1): required fields, and those filled in validly. */
export function countRequiredFields(family: TFormFamily, elements: readonly TFormElementRule[], values: Readonly<TFormValues>, context: FormRuleContext) {
  let required = 0;
  let filled = 0;
  for (const element of elements) {
    if (!isRequired(family, element)) continue;
    required++;
    if (!validateFormElement(family, element, values, context)) filled++;
  }
  return { nr_of_required_fields: required, nr_of_required_fields_filled_in: filled };
}

// ---- the steps after the sections ----------------------------------------------------------------

/** Number of signatures: digits only, at least 1 (values below 1 become 1 in the input). */
export function nrOfSignaturesError(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,2}$/.test(text) || Number(text) < FORM_LIMITS.minSignatures || Number(text) > FORM_LIMITS.maxSignatures) return formMessages.nrOfSignatures;
  return null;
}

/** What the number-of-signatures input holds once left or sent (spec 5): below 1, or empty, becomes 1. */
export const atLeastOneSignature = (count: string): string => (!/^\d+$/.test(count) || Number(count) < FORM_LIMITS.minSignatures ? String(FORM_LIMITS.minSignatures) : count);

/** E-mailing a form: empty entries are skipped; the 1-based positions of invalid ones are named. */
export function emailListError(list: readonly string[]): string | null {
  const bad = list.flatMap((entry, i) => (entry.trim() === '' || isFormEmail(entry.trim()) ? [] : [i + 1]));
  return bad.length ? formMessages.emailPositions(bad) : null;
}
export const emailListAddresses = (list: readonly string[]) => list.map((e) => e.trim()).filter(Boolean);

/** A drawn signature's details (generic form): the drawing, who, and a description. */
export function drawnSignatureErrors(input: { signature?: string | null; who?: string | null; description?: string | null }, withDescription: boolean): TFormFieldError[] {
  const errors: TFormFieldError[] = [];
  if (!input.signature || input.signature.length > FORM_LIMITS.signatureMax || !DATA_URL_PNG.test(input.signature)) errors.push({ field: 'signature', message: formMessages.signatureRequired });
  if (isBlank(input.who)) errors.push({ field: 'who', message: formMessages.signatureWho });
  if (withDescription && isBlank(input.description)) errors.push({ field: 'description', message: formMessages.signatureDescription });
  return errors;
}

/** The names of signers 1..n for legal signing: each one filled in; fields `names.{i}` (0-based), messages naming the signer. */
export function signerNameErrors(names: readonly (string | null | undefined)[] | undefined, n: number): TFormFieldError[] {
  const errors: TFormFieldError[] = [];
  for (let i = 0; i < n; i++) if (isBlank(names?.[i])) errors.push({ field: `names.${i}`, message: formMessages.signerNameRequired(i + 1) });
  return errors;
}

/** Intake and support-base statuses in which the form may still be changed (spec 4.1, 4.2). */
export const EDITABLE_STATUSES = ['', 'open', 'new', 'denied'] as const;
export const isEditableStatus = (status: string | null | undefined) => EDITABLE_STATUSES.includes((status ?? '') as (typeof EDITABLE_STATUSES)[number]);
