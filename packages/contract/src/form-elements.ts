/**
 * The element registry of the form builder: one entry per element kind (spec 3.1-3.6) with its Dutch
 * name, the settings that apply to it and the data of a new element. The kinds, the per-family type
 * names ('f_', '', 'c_', 'sb_') and the element model itself live in form-rules.ts (TFormElementData,
 * read by the resident's renderer); this registry only says which parts of that one model a kind uses,
 * so the console's editor, the definition validator (form-definition-rules.ts) and the renderer agree.
 * No zod here: the web imports it.
 */
import {
  CONTACT_OPTIONAL_FIELDS, FAMILY_KINDS, FORM_LIMITS, FORM_TYPE_PREFIX, formElementKind,
  type TContactOptionalField, type TFormElementData, type TFormElementKind, type TFormElementRule, type TFormFamily,
} from './form-rules.ts';

/** The groups of settings an element kind may have; the editor shows a group's inputs, the validator checks it. */
export const ELEMENT_SETTINGS = [
  /** data.label: the question (or the title of a text block). */
  'label',
  /** data.requiredField. */
  'required',
  /** data.placeholder. */
  'placeholder',
  /** data.defaultValue: text, a number, 'HH:mm', 'DD-MM-JJJJ' or an option's label. */
  'defaultValue',
  /** data.minValue, data.maxValue. */
  'minMax',
  /** data.maxLength (enforced when greater than 0). */
  'maxLength',
  /** data.fromHour, data.tillHour. */
  'hours',
  /** data.type: dropdown, radio or check. */
  'selectType',
  /** data.options[].label. */
  'options',
  /** data.options[].image: a picture per option. */
  'optionImages',
  /** data.options[].price: a surcharge in euros, Dutch format ('1.250,00'). */
  'optionPrices',
  /** data.unit, data.price_per_unit. */
  'calculator',
  /** data.agree, data.disagree. */
  'agreeTexts',
  /** data.drawing (the image pins are placed on), data.pinpointsEnabled, data.commentsEnabled, data.options (the pins' choices). */
  'drawing',
  /** data.image_width, data.image_height: the largest size a photo is kept at. */
  'photoSize',
  /** data.contact_fields: a flag per optional contact field. */
  'contactFields',
  /** data.wysiwyg: staff HTML. */
  'wysiwyg',
] as const;
export type TElementSetting = (typeof ELEMENT_SETTINGS)[number];

export type TElementSpec = {
  /** The kind's Dutch name, as the builder's 'add' menu and the validator's messages show it. */
  name: string;
  /** How the validator names such an element: 'Vraag' for inputs, 'Tekstblok' for text. */
  noun: 'Vraag' | 'Tekstblok';
  settings: readonly TElementSetting[];
  /** The select types this kind offers (select and choice). */
  selectTypes?: readonly ('dropdown' | 'radio' | 'check')[];
  /** The data of a new element of this kind. */
  defaults: () => TFormElementData;
};

const allContactFields = (): Partial<Record<TContactOptionalField, boolean>> => Object.fromEntries(CONTACT_OPTIONAL_FIELDS.map((f) => [f, true]));

export const ELEMENT_REGISTRY: Record<TFormElementKind, TElementSpec> = {
  title: { name: 'Titel en tekst', noun: 'Tekstblok', settings: ['label', 'wysiwyg'], defaults: () => ({ label: '', wysiwyg: '' }) },
  addressinput: { name: 'Tekstblok', noun: 'Tekstblok', settings: ['label', 'wysiwyg'], defaults: () => ({ label: '', wysiwyg: '' }) },
  textinput: {
    name: 'Tekstveld', noun: 'Vraag', settings: ['label', 'required', 'placeholder', 'defaultValue', 'maxLength'],
    defaults: () => ({ label: '', requiredField: false, placeholder: '', defaultValue: '', maxLength: 0 }),
  },
  textareainput: {
    name: 'Tekstvak (meerdere regels)', noun: 'Vraag', settings: ['label', 'required', 'placeholder', 'defaultValue', 'maxLength'],
    defaults: () => ({ label: '', requiredField: false, placeholder: '', defaultValue: '', maxLength: 0 }),
  },
  numberinput: {
    name: 'Getal', noun: 'Vraag', settings: ['label', 'required', 'placeholder', 'defaultValue', 'minMax'],
    defaults: () => ({ label: '', requiredField: false, placeholder: '', defaultValue: '', minValue: null, maxValue: null }),
  },
  calculatorinput: {
    name: 'Rekenveld (aantal × prijs)', noun: 'Vraag', settings: ['label', 'required', 'placeholder', 'defaultValue', 'minMax', 'calculator'],
    defaults: () => ({ label: '', requiredField: false, placeholder: '', defaultValue: '', minValue: null, maxValue: null, unit: '', price_per_unit: '0,00' }),
  },
  timeinput: {
    name: 'Tijd', noun: 'Vraag', settings: ['label', 'required', 'defaultValue', 'hours'],
    defaults: () => ({ label: '', requiredField: false, defaultValue: '', fromHour: FORM_LIMITS.defaultFromHour, tillHour: FORM_LIMITS.defaultTillHour }),
  },
  dateinput: { name: 'Datum', noun: 'Vraag', settings: ['label', 'required', 'defaultValue'], defaults: () => ({ label: '', requiredField: false, defaultValue: '' }) },
  select: {
    name: 'Keuzelijst', noun: 'Vraag', settings: ['label', 'required', 'placeholder', 'defaultValue', 'selectType', 'options'],
    selectTypes: ['dropdown', 'radio', 'check'],
    defaults: () => ({ label: '', requiredField: false, placeholder: '', defaultValue: '', type: 'dropdown', options: [{ label: 'Optie 1' }, { label: 'Optie 2' }] }),
  },
  choice: {
    name: 'Keuze met prijzen', noun: 'Vraag', settings: ['label', 'required', 'defaultValue', 'selectType', 'options', 'optionImages', 'optionPrices'],
    selectTypes: ['radio', 'check'],
    defaults: () => ({
      label: '', requiredField: false, defaultValue: '', type: 'radio',
      options: [{ label: 'Optie 1', image: null, price: '0,00' }, { label: 'Optie 2', image: null, price: '0,00' }],
    }),
  },
  agreeinput: { name: 'Akkoordverklaring', noun: 'Vraag', settings: ['label', 'agreeTexts'], defaults: () => ({ label: '', agree: 'Akkoord', disagree: 'Niet akkoord' }) },
  photoinput: { name: 'Foto', noun: 'Vraag', settings: ['label', 'required', 'photoSize'], defaults: () => ({ label: '', requiredField: false, image_width: null, image_height: null }) },
  contactinput: {
    name: 'Contactpersoon', noun: 'Vraag', settings: ['label', 'required', 'contactFields'],
    defaults: () => ({ label: '', requiredField: false, contact_fields: allContactFields() }),
  },
  drawinginput: {
    name: 'Tekening met pins', noun: 'Vraag', settings: ['label', 'required', 'drawing'],
    defaults: () => ({ label: '', requiredField: false, drawing: null, pinpointsEnabled: true, commentsEnabled: true, options: [] }),
  },
  signatureinput: { name: 'Handtekening', noun: 'Vraag', settings: ['label', 'required'], defaults: () => ({ label: '', requiredField: false }) },
};

/** The Dutch names of the select types. */
export const SELECT_TYPE_LABELS = { dropdown: 'Uitklaplijst (één keuze)', radio: 'Keuzerondjes (één keuze)', check: 'Vinkjes (meer keuzes)' } as const;

/** The Dutch names of the contact fields a contact input may leave out (Achternaam is always asked). */
export const CONTACT_FIELD_LABELS: Record<TContactOptionalField, string> = {
  gender: 'Geslacht', initials: 'Voorletters', first_name: 'Voornaam', affix: 'Tussenvoegsel', description: 'Omschrijving',
  email_address: 'E-mailadres', prefer_email: 'Voorkeur voor e-mail', telephone: 'Telefoon', mobile: 'Mobiel',
  different_address: 'Ander adres (straat, huisnummer, postcode, plaats)',
};

/** The Dutch names of the families, as messages name them. */
export const FORM_FAMILY_LABELS: Record<TFormFamily, string> = {
  generic: 'algemeen formulier', intake: 'opnameformulier', choice: 'keuzeformulier', 'support-base': 'draagvlakformulier',
};

/** The element types (with the family's prefix) a family offers, with their kind and registry entry, in the registry's order. */
export function familyElementTypes(family: TFormFamily): { type: string; kind: TFormElementKind; spec: TElementSpec }[] {
  return FAMILY_KINDS[family].map((kind) => ({ type: FORM_TYPE_PREFIX[family] + kind, kind, spec: ELEMENT_REGISTRY[kind] }));
}

/** The registry entry of an element type of `family`, or null when the family has no such type. */
export function elementSpec(family: TFormFamily, type: string): (TElementSpec & { kind: TFormElementKind }) | null {
  const kind = formElementKind(family, type);
  return kind ? { ...ELEMENT_REGISTRY[kind], kind } : null;
}

export const hasSetting = (family: TFormFamily, type: string, setting: TElementSetting) => elementSpec(family, type)?.settings.includes(setting) === true;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new immutable id for an element or a section ('e' or 's' and 12 random letters and digits; the form's
 * values are keyed by it, so it never changes, not on a rename nor on a move). `taken` avoids the (unlikely) clash.
 */
export function newDefinitionId(prefix: 'e' | 's', taken: ReadonlySet<string> = new Set()): string {
  for (;;) {
    const bytes = new Uint8Array(12);
    globalThis.crypto.getRandomValues(bytes);
    const id = prefix + Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
    if (!taken.has(id)) return id;
  }
}

/** A new element of `kind` for `family`, with its registry defaults and a fresh id. */
export function newFormElement(family: TFormFamily, kind: TFormElementKind, taken?: ReadonlySet<string>): TFormElementRule {
  return { id: newDefinitionId('e', taken), type: FORM_TYPE_PREFIX[family] + kind, data: ELEMENT_REGISTRY[kind].defaults() };
}
