import { z } from 'zod';
import { ZDutchDate, ZHtml, ZId, ZLanguage, ZOccupantQuery, ZPageQuery, ZVisitorUnique } from './common.ts';
import { CONTACT_GENDERS, CONTACT_OPTIONAL_FIELDS, FORM_ELEMENT_TYPES, FORM_LIMITS, SELECT_TYPES, SIGNING_MOBILE_MAX_LENGTH, signingMobile, type TFormFamily } from './form-rules.ts';

/**
 * The form engine on the wire: one element and section model for every family (rules in form-rules.ts),
 * the generic/public forms (formulier, spec 3.7, 7.4), intake forms (opname, spec 3.5, 7.2) and the
 * forms overview (3.8). Support-base (draagvlak) and choice (keuze) forms use the same sections.
 *
 * A form's `form` is its list of sections; each element carries its definition and, in answers, what
 * the entry holds for it: `value`, `photo`, `pinpoints`, `cp_id`, `cp` (spec 3.2), and for a check
 * group `checked` (the options' `value-{i}` flags in order). Saves send one flat map of values
 * (TFormValues in form-rules.ts): `{ values: { e1: 'tekst', 'e2-value-0': true, 'e3-pinpoints': [...] } }`.
 * A failed save answers 422 'Formulier niet goed ingevuld' with errors per `values.{key}`.
 */

export const ZFormElementId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const ZLabel = z.string().max(1000);
const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const ZFormOption = z.object({
  label: z.string().min(1).max(500),
  /** An option's picture (choice forms): a file link. */
  image: z.string().nullable().optional(),
  /** A surcharge in Dutch format ('1.250,00'); '0,00' means none (choice forms). */
  price: z.string().regex(/^\d{1,3}(\.?\d{3})*,\d{2}$/).nullable().optional(),
});


export const ZFormElementData = z.object({
  label: ZLabel.nullable().optional(),
  requiredField: z.boolean().nullable().optional(),
  placeholder: z.string().max(500).nullable().optional(),
  defaultValue: z.string().max(FORM_LIMITS.textMax).nullable().optional(),
  /** Enforced when greater than 0. */
  maxLength: z.number().int().nullable().optional(),
  minValue: z.number().nullable().optional(),
  maxValue: z.number().nullable().optional(),
  type: z.enum(SELECT_TYPES).nullable().optional(),
  options: z.array(ZFormOption).max(100).nullable().optional(),
  /** Staff HTML of a title element (sanitised when stored and when rendered). */
  wysiwyg: ZHtml.nullable().optional(),
  agree: z.string().max(1000).nullable().optional(),
  disagree: z.string().max(1000).nullable().optional(),
  fromHour: ZTime.nullable().optional(),
  tillHour: ZTime.nullable().optional(),
  price_per_unit: z.string().nullable().optional(),
  unit: z.string().max(50).nullable().optional(),
  pinpointsEnabled: z.boolean().nullable().optional(),
  commentsEnabled: z.boolean().nullable().optional(),
  /** The drawing pins are placed on: a file link. */
  drawing: z.string().nullable().optional(),
  image_width: z.number().int().positive().nullable().optional(),
  image_height: z.number().int().positive().nullable().optional(),
  /**
   * Contact inputs: which fields are asked, a flag per field (spec 3.2); Achternaam is always asked and
   * `different_address` brings the address fields. Left out, every field is asked.
   */
  contact_fields: z.partialRecord(z.enum(CONTACT_OPTIONAL_FIELDS), z.boolean()).nullable().optional(),
});
export type TFormElementDataWire = z.infer<typeof ZFormElementData>;

/** An element as staff define it (stored in the form's definition). */
export const ZFormElementDefinition = z.object({
  id: ZFormElementId,
  type: z.string().refine((t) => FORM_ELEMENT_TYPES.includes(t), { message: 'Onbekend elementtype' }),
  data: ZFormElementData,
});
export type TFormElementDefinition = z.infer<typeof ZFormElementDefinition>;
export const ZFormSectionDefinition = z.object({
  id: ZFormElementId,
  label: z.string().max(500).nullable().optional(),
  elements: z.array(ZFormElementDefinition).max(300),
});
export type TFormSectionDefinition = z.infer<typeof ZFormSectionDefinition>;

export const ZPinpoint = z.object({
  id: z.string().min(1).max(64),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  value: z.string().max(FORM_LIMITS.contactFieldMax),
  comment: z.string().max(FORM_LIMITS.pinCommentMax),
  label: z.string().max(20),
  nr: z.number().int().min(1),
});
export type TPinpointWire = z.infer<typeof ZPinpoint>;

const contactText = z.string().max(FORM_LIMITS.contactFieldMax).nullable();
export const ZContactPerson = z.object({
  gender: z.enum(CONTACT_GENDERS).nullable(),
  initials: contactText,
  first_name: contactText,
  affix: contactText,
  last_name: contactText,
  description: contactText,
  email_address: contactText,
  prefer_email: z.boolean(),
  telephone: contactText,
  mobile: contactText,
  different_address: z.boolean(),
  street: contactText,
  house_number: contactText,
  house_number_suffix: contactText,
  zipcode: contactText,
  city: contactText,
});
export const ZContactChoice = z.union([z.literal('none'), z.literal('custom'), z.number().int().positive()]);
export const ZContactValue = z.object({ cp_id: ZContactChoice, cp: ZContactPerson.nullable() });

/** One value of the flat values map (see form-rules.ts for the keys). */
export const ZFormValue = z.union([
  z.string().max(FORM_LIMITS.signatureMax),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(ZPinpoint).max(FORM_LIMITS.pinsMax),
  ZContactValue,
]);
export const ZFormValues = z
  .record(z.string().max(100), ZFormValue)
  .refine((v) => Object.keys(v).length <= 1000, { message: 'Te veel velden' });

export const ZFormPhoto = z.object({
  id: z.number().int(),
  image_width: z.number().int(),
  image_height: z.number().int(),
  /** A file link (signed for the caller's session, or the visitor's code link). */
  url: z.string(),
});
export type TFormPhoto = z.infer<typeof ZFormPhoto>;

/** An element as the portal gets it: the definition plus what the entry holds for it. */
export const ZFormElement = ZFormElementDefinition.extend({
  value: z.union([z.string(), z.number(), z.null()]).optional(),
  /** Check groups: option i ticked (the stored `{id}-value-{i}`), in the options' order. */
  checked: z.array(z.boolean()).optional(),
  photo: ZFormPhoto.nullable().optional(),
  pinpoints: z.array(ZPinpoint).optional(),
  cp_id: ZContactChoice.nullable().optional(),
  cp: ZContactPerson.nullable().optional(),
});
export type TFormElement = z.infer<typeof ZFormElement>;

export const ZFormSection = z.object({
  id: z.string(),
  label: z.string().nullable(),
  elements: z.array(ZFormElement),
  nr_of_required_fields: z.number().int(),
  nr_of_required_fields_filled_in: z.number().int(),
});
export type TFormSection = z.infer<typeof ZFormSection>;

// ---- forms overview (spec 2.2, 3.8) ------------------------------------------------------------


/**
 * What is left to do with a form, in the order a resident meets them: not started, being filled in, waiting
 * for signatures, waiting for payment, sent to the provider, and finished without a send step (a generic
 * form at its status step, a consent form recorded on paper, an intake form staff handled after sending).
 */
export const FORM_LIST_STATES = ['not_started', 'filling', 'signing', 'paying', 'sent', 'completed'] as const;
export type TFormListState = (typeof FORM_LIST_STATES)[number];

/** What formListState needs of the owner's latest entry of a form (null: no entry yet). */
export type FormListFacts = {
  status: string;
  locked: boolean;
  /** The entry holds at least one answer. */
  answered: boolean;
  /** Signing is part of the form and not every signer has signed. */
  signingOpen: boolean;
  /** A signature was asked for (number of signers chosen, or a request at the signing service). */
  signingStarted: boolean;
  /** Choice: extra costs wait for the online payment (choicePaymentDue). */
  paymentDue: boolean;
  /** Generic: e-mailed at the status step. */
  emailed: boolean;
  /** Support-base: finished on paper. */
  onPaper: boolean;
};

/** A form's state in the forms overview, per family (statuses in form-engine.table.ts, support-base.ts, choice.ts). */
export function formListState(family: TFormFamily, entry: FormListFacts | null): TFormListState {
  if (!entry) return 'not_started';
  const untouched = !entry.answered && !entry.locked && (entry.status === '' || entry.status === 'answered' || entry.status === 'answering' || entry.status === 'open');
  switch (family) {
    case 'intake':
      if (entry.status === 'sent') return 'sent';
      if (['', 'open', 'new', 'denied'].includes(entry.status)) return untouched ? 'not_started' : 'filling';
      return 'completed';
    case 'support-base':
      // Signed or confirmed shows as 'afgerond' in the wizard (spec 4.1), and so does a form finished on paper.
      if (entry.onPaper || entry.status === 'signed' || entry.status === 'confirmed') return 'completed';
      if (entry.signingStarted && entry.signingOpen) return 'signing';
      return untouched ? 'not_started' : 'filling';
    case 'choice':
      if (entry.paymentDue) return 'paying'; // also after staff sent it for the address: the payment still waits (spec 6)
      if (entry.status === 'send') return 'sent';
      if (entry.locked && entry.signingOpen) return 'signing';
      return untouched ? 'not_started' : 'filling';
    case 'generic':
      if (!entry.locked) return untouched ? 'not_started' : 'filling';
      if (entry.signingOpen) return 'signing';
      return entry.emailed ? 'sent' : 'completed';
  }
}

export const ZFormListItem = z.object({
  id: z.number(),
  /** The generic form's id (for `module` null), else the id of the intake/support-base/choice form. */
  form_id: z.number(),
  name: z.string(),
  module: z.union([z.literal('menu'), z.literal(13), z.literal(14), z.literal(16), z.null()]),
  type: z.enum(['menu', 'form']),
  allow_multiple_entries: z.boolean(),
  /** The caller has opened (fetched) the form before. */
  fetched: z.boolean(),
  /**
   * A choice form whose extra costs wait for this address's online payment (locked, signed where asked,
   * not paid): the amount in Dutch format ('1.250,50'); null otherwise. The overview offers 'Naar betaling'.
   */
  total_not_paid: z.string().nullable(),
  /** Where this address (or visitor) stands with the form, computed on the server (formListState); null for a menu. */
  state: z.enum(FORM_LIST_STATES).nullable(),
  /** The last day the form can be changed (a choice form's deadline, else its closing moment), DD-MM-YYYY; null when there is none. */
  deadline: ZDutchDate.nullable(),
});
export type TFormListItem = z.infer<typeof ZFormListItem>;

export const ZFormMenu = z.object({ id: z.number(), name: z.string(), parent_id: z.number().nullable(), items: z.array(ZFormListItem) });
export type TFormMenu = z.infer<typeof ZFormMenu>;

// ---- generic and public forms (spec 3.7, 4.4, 7.4) ---------------------------------------------

export const ZFormSignature = z.object({
  /** The drawn signature (PNG data URL), or null for one placed through the signing service. */
  image: z.string().nullable(),
  who: z.string().nullable(),
  description: z.string().nullable(),
  mobile: z.string().nullable(),
  signed: z.boolean(),
});
export type TFormSignature = z.infer<typeof ZFormSignature>;

export const GENERIC_ENTRY_STATUSES = ['answered', 'locked', 'signed', 'completed'] as const;

export const ZGenericEntry = z.object({
  id: z.number(),
  form_id: z.number(),
  name: z.string(),
  description: ZHtml.nullable(),
  form: z.array(ZFormSection),
  completed: z.boolean(),
  locked: z.boolean(),
  status: z.enum(GENERIC_ENTRY_STATUSES),
  signature_not_required: z.boolean(),
  require_to_sign_form: z.boolean(),
  require_to_sign_form_legally: z.boolean(),
  nr_of_signatures: z.number().int().nullable(),
  /** Keyed by signer number ('1', '2', ...). */
  signature: z.record(z.string(), ZFormSignature),
  signatures_completed: z.boolean(),
  summary_enabled: z.boolean(),
  summary_completed: z.boolean(),
  nr_of_signatures_enabled: z.boolean(),
  nr_of_signatures_completed: z.boolean(),
  signatures_enabled: z.boolean(),
  status_enabled: z.boolean(),
  status_completed: z.boolean(),
  allow_form_to_be_emailed: z.boolean(),
  /** Where the form was e-mailed; it is e-mailed once (a second time answers 409 formMessages.alreadySent). */
  email_to: z.array(z.string()),
  /** When it was e-mailed, DD-MM-YYYY; null before. */
  sent_at: ZDutchDate.nullable(),
  /** A visitor's (anonymous) entry is e-mailed to one address (a second time answers 409 formMessages.emailedOnce). */
  email_once: z.boolean(),
  status_text: ZHtml.nullable(),
  /**
   * A link to the summary PDF of this entry (signed for the caller; a visitor's is publicSummary); opening it marks
   * the summary viewed (`summary_completed`). '' while the summary is not enabled (sections not done).
   */
  summary_pdf: z.string(),
  /** The public visitor's code the entry belongs to (public entries only). */
  unique: z.string().nullable(),
  menu_id: z.number().nullable(),
  /** A signing request is open at the signing service for some signer. */
  sign_request: z.boolean(),
  allow_multiple_entries: z.boolean(),
  updated_at: ZDutchDate,
  /** Goes up with every change; send it back with a save to refuse (409) a save over someone else's. */
  version: z.number().int(),
});
export type TGenericEntry = z.infer<typeof ZGenericEntry>;

export const ZGenericEntrySummary = z.object({ id: z.number(), status: z.enum(GENERIC_ENTRY_STATUSES), locked: z.boolean(), updated_at: ZDutchDate, label: z.string() });
export type TGenericEntrySummary = z.infer<typeof ZGenericEntrySummary>;

/** The simple public form (GET/POST /public/form/{id}): one page, 'Indienen'. */
export const ZPublicSimpleForm = z.object({ id: z.number(), name: z.string(), description: ZHtml.nullable(), form: z.array(ZFormSection) });
export type TPublicSimpleForm = z.infer<typeof ZPublicSimpleForm>;

// ---- intake forms (spec 3.5, 4.2, 7.2) ---------------------------------------------------------

export const ZIntakeAddress = z.object({ id: z.number(), full_address: z.string() });
export const ZIntake = z.object({
  id: z.number(),
  name: z.string(),
  description: ZHtml.nullable(),
  /** '' (not started), 'open', 'new', 'denied' (editable), 'sent' and later statuses (read-only). */
  status: z.string(),
  form: z.array(ZFormSection),
  address: ZIntakeAddress,
  /** Whether the caller may still change it (the status is editable). */
  editable: z.boolean(),
  sent_at: ZDutchDate.nullable(),
  /**
   * Once sent: the PDF of what was sent (a signed file link, served as a download), for the address's
   * residents and the project's staff; '' before.
   */
  download_url: z.string(),
  filename: z.string(),
  /** Goes up with every change; 0 before the first save. Send it back with a save (optional). */
  version: z.number().int(),
});
export type TIntake = z.infer<typeof ZIntake>;

// ---- a partner's lists: the project's forms of a kind and, per form, its addresses (intake and choice) ----

/** The form kinds a partner fills in for an address, with their path segment on the API and in the portal. */
export const PARTNER_FORM_KINDS = ['intake', 'choice'] as const;
export type TPartnerFormKind = (typeof PARTNER_FORM_KINDS)[number];

/** Where an address stands with a form, from its entry (spec 4.2, 4.3). */
export const PARTNER_ENTRY_STATES = ['not_started', 'filling', 'summary', 'signed', 'paid', 'sent'] as const;
export type TPartnerEntryState = (typeof PARTNER_ENTRY_STATES)[number];

/** What partnerEntryState needs of an address's entry (null: none yet). */
export type PartnerEntryFacts = { status: string; locked: boolean; paid: boolean; allSigned: boolean; signingRequired: boolean };

/**
 * An address's state with a form. Intake: none or '' is not started, 'sent' sent, else being filled.
 * Choice: 'send' sent; paid (paid_at or 'paid'); signed (signing required and all signed, on a locked form);
 * locked or 'summary' summary-locked; else being filled.
 */
export function partnerEntryState(kind: TPartnerFormKind, entry: PartnerEntryFacts | null): TPartnerEntryState {
  if (!entry) return 'not_started';
  if (kind === 'intake') return entry.status === '' ? 'not_started' : entry.status === 'sent' ? 'sent' : 'filling';
  if (entry.status === 'send') return 'sent';
  if (entry.paid || entry.status === 'paid') return 'paid';
  if (entry.locked && entry.signingRequired && entry.allSigned) return 'signed';
  if (entry.locked || entry.status === 'summary') return 'summary';
  return 'filling';
}

export const ZIntakeFormListItem = z.object({
  id: z.number(), name: z.string(), kind: z.enum(PARTNER_FORM_KINDS), nr_of_addresses: z.number().int(), nr_sent: z.number().int(),
});
export type TIntakeFormListItem = z.infer<typeof ZIntakeFormListItem>;

export const ZIntakeAddressProgress = z.object({
  id: z.number(),
  full_address: z.string(),
  status: z.string(),
  state: z.enum(PARTNER_ENTRY_STATES),
  nr_of_sections: z.number().int(),
  nr_of_sections_done: z.number().int(),
  /** Choice forms: extra costs the resident has not paid online yet, in Dutch format; null when nothing waits. */
  total_not_paid: z.string().nullable(),
});
export type TIntakeAddressProgress = z.infer<typeof ZIntakeAddressProgress>;

export const ZFormOccupant = z.object({ id: z.number(), full_name: z.string() });
export type TFormOccupant = z.infer<typeof ZFormOccupant>;

// ---- requests ----------------------------------------------------------------------------------

export const ZFormSaveBody = z.object({
  language: ZLanguage,
  values: ZFormValues,
  /** The entry's `version` the portal started from: a save over a newer version answers 409 formMessages.changed. */
  version: z.number().int().min(0).optional(),
});
export type TFormSaveBody = z.infer<typeof ZFormSaveBody>;
/**
 * A signer's mobile number as typed: '06 1234 5678', '+31 6-1234-5678' and '0031612345678' arrive as
 * '0612345678' (the stored form); anything else arrives trimmed, for the service to refuse with its message.
 */
export const ZSigningMobileInput = z.string().max(SIGNING_MOBILE_MAX_LENGTH).transform((value) => signingMobile(value) ?? value.trim());

export const ZNrOfSignaturesBody = z.object({
  language: ZLanguage,
  nr_of_signatures: z.union([z.number(), z.string().max(10)]),
  mobile_numbers: z.array(ZSigningMobileInput).max(FORM_LIMITS.maxSignatures).optional(),
  /** The signers' names (legal signing shows them to the signing service); 'Ondertekenaar n' where left out. */
  names: z.array(z.string().max(FORM_LIMITS.contactFieldMax)).max(FORM_LIMITS.maxSignatures).optional(),
});
export const ZDrawnSignatureBody = z.object({
  language: ZLanguage,
  signature: z.string().max(FORM_LIMITS.signatureMax).nullable().optional(),
  who: z.string().max(FORM_LIMITS.contactFieldMax).nullable().optional(),
  description: z.string().max(FORM_LIMITS.contactFieldMax).nullable().optional(),
});
export const ZFormEmailBody = z.object({ language: ZLanguage, email_address: z.array(z.string().max(320)).max(FORM_LIMITS.emailMax) });
export const ZSigningUrl = z.object({ url: z.string() });
/** GET .../is-signed/{x}: a bare boolean. */
export const ZIsSigned = z.boolean();
/** Sending an intake form needs no fields. */
export const ZIntakeSendBody = z.object({ language: ZLanguage }).nullish();
/** Public lists: the visitor's code (when the portal has one) marks the forms this visitor opened (`fetched`). */
export const ZPublicFormsQuery = z.object({ language: ZLanguage, unique: ZVisitorUnique.optional().catch(undefined) });
export const ZUniqueAnswer = z.object({ unique: ZVisitorUnique });

export const ZFormParams = z.object({ id: ZId });
export const ZFormEntryParams = z.object({ id: ZId, fid: ZId });
export const ZFormSectionParams = ZFormEntryParams.extend({ section: z.string().regex(/^\d{1,3}$/) });
export const ZFormSignerParams = ZFormEntryParams.extend({ x: z.coerce.number().int().min(1).max(FORM_LIMITS.maxSignatures) });
export const ZFormUploadParams = ZFormSectionParams.extend({ element_id: ZFormElementId });
export const ZPublicFormParams = z.object({ id: ZId, unique: ZVisitorUnique });
export const ZPublicFormEntryParams = ZPublicFormParams.extend({ fid: ZId });
export const ZPublicFormPhotoParams = ZPublicFormEntryParams.extend({ photo_id: ZId });
export const ZFormMenuParams = z.object({ id: ZId });
export const ZFormProjectParams = z.object({ project_id: ZId });
export const ZFormsQuery = ZOccupantQuery;

export const ZIntakeParams = z.object({ id: ZId });
export const ZIntakeSectionParams = z.object({ id: ZId, section: z.string().regex(/^\d{1,3}$/) });
export const ZPartnerIntakeParams = z.object({ id: ZId, address_id: ZId });
export const ZPartnerIntakeSectionParams = ZPartnerIntakeParams.extend({ section: z.string().regex(/^\d{1,3}$/) });
/** Paged (ZPageQuery: `before` is the last address id held; X-Has-More), ordered by street and house number. */
export const ZIntakeAddressesQuery = z.object({ language: ZLanguage, q: z.string().max(100).optional() }).extend(ZPageQuery.shape);
export const ZPartnerIntakeFormsParams = z.object({ project_id: ZId });
export const ZPartnerIntakeAddressesParams = z.object({ project_id: ZId, id: ZId });
export const ZIntakeUploadParams = ZIntakeSectionParams.extend({ element_id: ZFormElementId });
export const ZPartnerIntakeUploadParams = ZPartnerIntakeSectionParams.extend({ element_id: ZFormElementId });



