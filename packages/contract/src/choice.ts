import { z } from 'zod';
import { ZDutchDate, ZHtml, ZId, ZLanguage } from './common.ts';
import {
  formElementKind, FORM_LIMITS, isFormEmail, optionKey, signingMobileError, validateFormElement,
  type FormRuleContext, type TFormElementRule, type TFormValues,
} from './form-rules.ts';
import { ZFormElementId, ZFormSection, ZFormSignature, ZFormValues, ZSigningMobileInput } from './forms.ts';
import { calculatorCents, choiceMessages, choiceTexts, priceCents } from './choice-rules.ts';

/**
 * The choice form (keuze, spec 2.5, 3.6, 4.3, 7.3): sections of c_ elements on the form engine, a
 * summary that locks the form and fixes the extra costs (computed on the server in cents from the
 * stored definition), signatures (drawn or through the signing service), online payment of the extra
 * costs and a confirmation. Residents call /occupant/choice/form/{id}; a partner or administrator acting
 * for an address /partner/choice/form/{id}/.../address/{address_id} (spec 6: the admin token).
 */

const noRules: FormRuleContext = { hasPhoto: () => false, occupantIds: null };

/** The extra costs of one element for the values (only valid values count). */
export function elementCostCents(element: TFormElementRule, values: Readonly<TFormValues>): number {
  const kind = formElementKind('choice', element.type);
  if (kind === 'choice' || kind === 'select') {
    const options = element.data.options ?? [];
    if (element.data.type === 'check') {
      return options.reduce((sum, option, i) => sum + (values[optionKey(element.id, i)] === true ? (priceCents(option.price) ?? 0) : 0), 0);
    }
    const chosen = options.find((o) => o.label === values[element.id]);
    return chosen ? (priceCents(chosen.price) ?? 0) : 0;
  }
  if (kind === 'calculatorinput') {
    const value = values[element.id];
    const unit = priceCents(element.data.price_per_unit);
    if (typeof value !== 'number' || unit === null) return 0;
    if (validateFormElement('choice', element, { [element.id]: value }, noRules)) return 0;
    return calculatorCents(unit, value);
  }
  return 0;
}

/** The extra costs of a whole form (its sections' elements) for the values, in cents. */
export function choiceCostCents(sections: ReadonlyArray<{ elements: readonly TFormElementRule[] }>, values: Readonly<TFormValues>): number {
  return sections.reduce((sum, s) => sum + s.elements.reduce((inner, e) => inner + elementCostCents(e, values), 0), 0);
}

// ---- steps and read-only rules (spec 2.5, 4.3) --------------------------------------------------------

export const CHOICE_STEP_SLUGS = {
  summary: 'samenvatting',
  nrOfSignatures: 'handtekening',
  signature: 'zet-handtekening',
  pay: 'betalen',
  status: 'status',
} as const;

export type ChoiceStep =
  | { kind: 'section'; index: number }
  | { kind: 'summary' }
  | { kind: 'nr-of-signatures' }
  | { kind: 'signature'; nr: number }
  | { kind: 'pay' }
  | { kind: 'status' };

/** What the step rules need of a choice form (TChoiceForm has it all). */
export type ChoiceStepState = {
  form: ReadonlyArray<{ nr_of_required_fields: number; nr_of_required_fields_filled_in: number }>;
  status: string;
  completed: boolean;
  locked: boolean;
  deadline_reached: boolean;
  require_to_sign_form: boolean;
  nr_of_signatures: number | null;
  all_signed: boolean;
  has_additional_work: boolean;
  c_enable_mollie: boolean;
  mollie_url: string | null;
  paid: boolean;
  total_not_paid_cents: number;
  is_admin: boolean;
  /** When the form was sent (null before): the confirmation is done only then. */
  sent_at: string | null;
};

const EDITABLE_CHOICE_STATUSES = ['', 'answered', 'answering'];
/** The deadline blocks residents only (spec 4.3, 6). */
const deadlineBlocks = (s: Pick<ChoiceStepState, 'deadline_reached' | 'is_admin'>) => s.deadline_reached && !s.is_admin;

/** Numbered sections are read-only (spec 4.3). */
export const choiceSectionsReadOnly = (s: Pick<ChoiceStepState, 'status' | 'locked' | 'deadline_reached' | 'is_admin'>) =>
  !EDITABLE_CHOICE_STATUSES.includes(s.status) || deadlineBlocks(s) || s.locked;

/** Named steps are read-only (spec 4.3): deadline, or signed without online payment, or a payment link exists; never the status step. */
export function choiceNamedStepReadOnly(s: Pick<ChoiceStepState, 'deadline_reached' | 'is_admin' | 'c_enable_mollie' | 'all_signed' | 'mollie_url'>, step: ChoiceStep['kind']): boolean {
  if (step === 'status') return false;
  return deadlineBlocks(s) || (!s.c_enable_mollie && s.all_signed) || (s.c_enable_mollie && !!s.mollie_url);
}

export const choiceSigningRequired = (s: Pick<ChoiceStepState, 'require_to_sign_form'>) => s.require_to_sign_form;
/** The payment step shows when online payment is on and there is additional work. */
export const choicePaymentShown = (s: Pick<ChoiceStepState, 'c_enable_mollie' | 'has_additional_work' | 'is_admin'>) => s.c_enable_mollie && s.has_additional_work;

/** The sidebar's steps in order (spec 2.5). */
export function choiceStepList(s: ChoiceStepState): ChoiceStep[] {
  const steps: ChoiceStep[] = s.form.map((_, index) => ({ kind: 'section', index }));
  steps.push({ kind: 'summary' });
  if (choiceSigningRequired(s)) {
    steps.push({ kind: 'nr-of-signatures' });
    const count = Math.max(s.nr_of_signatures ?? 0, 1);
    for (let nr = 1; nr <= count; nr++) steps.push({ kind: 'signature', nr });
  }
  if (choicePaymentShown(s)) steps.push({ kind: 'pay' });
  steps.push({ kind: 'status' });
  return steps;
}

const sectionDone = (section: ChoiceStepState['form'][number]) => section.nr_of_required_fields_filled_in >= section.nr_of_required_fields;
const signedOrFree = (s: ChoiceStepState) => !choiceSigningRequired(s) || s.all_signed;
/**
 * Nothing (more) to pay: no payment step, paid, or nothing unpaid. Staff acting for the address may go
 * past Betalen (spec 6), but that does not pay it: the step stays open until the resident has paid.
 */
const paidOrFree = (s: ChoiceStepState) => !choicePaymentShown(s) || s.paid || s.total_not_paid_cents === 0;

/**
 * A payment waits for the resident: online payment of extra costs on a locked (and, where asked,
 * signed) form that is not paid. The resident is sent to the checkout ('Naar betaling', spec 4.3, 6).
 */
export const choicePaymentDue = (s: Pick<ChoiceStepState, 'c_enable_mollie' | 'has_additional_work' | 'is_admin' | 'locked' | 'paid' | 'total_not_paid_cents' | 'require_to_sign_form' | 'all_signed'>) =>
  choicePaymentShown(s) && s.locked && !s.paid && s.total_not_paid_cents > 0 && (!choiceSigningRequired(s) || s.all_signed);

export function choiceStepDone(s: ChoiceStepState, step: ChoiceStep, signed: (nr: number) => boolean): boolean {
  switch (step.kind) {
    case 'section': {
      const section = s.form[step.index];
      return !!section && sectionDone(section);
    }
    case 'summary':
      return s.locked;
    case 'nr-of-signatures':
      return s.locked && s.nr_of_signatures !== null;
    case 'signature':
      return signed(step.nr);
    case 'pay':
      return s.paid || (s.locked && signedOrFree(s) && paidOrFree(s));
    case 'status':
      // Done once sent ('Formulier verzenden' at Bevestiging), not when it can be sent.
      return s.sent_at !== null;
  }
}

/** Whether a step can be opened now (items are not clickable until reachable). Administrators see payment and confirmation regardless. */
export function choiceStepReachable(s: ChoiceStepState, step: ChoiceStep): boolean {
  switch (step.kind) {
    case 'section':
      return step.index < s.form.length;
    case 'summary':
      return s.completed || s.locked;
    case 'nr-of-signatures':
      return choiceSigningRequired(s) && s.locked;
    case 'signature':
      return choiceSigningRequired(s) && s.locked && s.nr_of_signatures !== null && step.nr <= s.nr_of_signatures;
    case 'pay':
      return choicePaymentShown(s) && s.locked && (s.is_admin || signedOrFree(s));
    case 'status':
      return s.locked && (s.is_admin || (signedOrFree(s) && paidOrFree(s)));
  }
}

/** The step after a section or signature (spec 4.3). */
export function choiceNextStep(s: ChoiceStepState, step: ChoiceStep): ChoiceStep {
  const needsPayment = choicePaymentShown(s) && s.status !== 'paid' && !s.paid && s.total_not_paid_cents > 0;
  switch (step.kind) {
    case 'section':
      return step.index + 1 < s.form.length ? { kind: 'section', index: step.index + 1 } : { kind: 'summary' };
    case 'summary':
      if (choiceSigningRequired(s) && !s.all_signed) return { kind: 'nr-of-signatures' };
      return needsPayment && !s.is_admin ? { kind: 'pay' } : { kind: 'status' };
    case 'nr-of-signatures':
      return { kind: 'signature', nr: 1 };
    case 'signature':
      if (s.nr_of_signatures !== null && step.nr < s.nr_of_signatures) return { kind: 'signature', nr: step.nr + 1 };
      return needsPayment && !s.is_admin ? { kind: 'pay' } : { kind: 'status' };
    case 'pay':
    case 'status':
      return { kind: 'status' };
  }
}

export function choiceStepSegments(step: ChoiceStep): string {
  switch (step.kind) {
    case 'section':
      return String(step.index);
    case 'summary':
      return CHOICE_STEP_SLUGS.summary;
    case 'nr-of-signatures':
      return CHOICE_STEP_SLUGS.nrOfSignatures;
    case 'signature':
      return `${CHOICE_STEP_SLUGS.signature}/${step.nr}`;
    case 'pay':
      return CHOICE_STEP_SLUGS.pay;
    case 'status':
      return CHOICE_STEP_SLUGS.status;
  }
}

/** The step of /formulier/keuze/{form_id}/{section_id}/{nr}; null when the segments name none. */
export function parseChoiceStep(section: string | undefined, nr: string | undefined): ChoiceStep | null {
  if (section === undefined) return null;
  if (/^\d{1,3}$/.test(section)) return { kind: 'section', index: Number(section) };
  if (section === CHOICE_STEP_SLUGS.signature) {
    return nr !== undefined && /^\d{1,2}$/.test(nr) && Number(nr) >= 1 ? { kind: 'signature', nr: Number(nr) } : null;
  }
  if (section === CHOICE_STEP_SLUGS.summary) return { kind: 'summary' };
  if (section === CHOICE_STEP_SLUGS.nrOfSignatures) return { kind: 'nr-of-signatures' };
  if (section === CHOICE_STEP_SLUGS.pay) return { kind: 'pay' };
  if (section === CHOICE_STEP_SLUGS.status) return { kind: 'status' };
  return null;
}

/** The sidebar label of a step ('Vragen' is shown as 'Keuze'). */
export function choiceStepLabel(sections: ReadonlyArray<{ label?: string | null }>, step: ChoiceStep): string {
  switch (step.kind) {
    case 'section': {
      const label = sections[step.index]?.label?.trim();
      return !label || label === choiceTexts.questions ? choiceTexts.choice : label;
    }
    case 'summary':
      return choiceTexts.summary;
    case 'nr-of-signatures':
      return choiceTexts.nrOfSignatures;
    case 'signature':
      return choiceTexts.signature(step.nr);
    case 'pay':
      return choiceTexts.pay;
    case 'status':
      return choiceTexts.confirmation;
  }
}


/** The number-of-signatures step's errors (spec 5): at least 1; names with legal signing; mobiles with SMS. */
export function choiceSignersErrors(
  input: { nr_of_signatures: unknown; names?: readonly string[]; mobile_numbers?: readonly string[] },
  options: { legal: boolean; sms: boolean },
): Array<{ field: string; message: string }> {
  const text = typeof input.nr_of_signatures === 'number' ? String(input.nr_of_signatures) : typeof input.nr_of_signatures === 'string' ? input.nr_of_signatures.trim() : '';
  if (!/^\d{1,2}$/.test(text) || Number(text) < FORM_LIMITS.minSignatures || Number(text) > FORM_LIMITS.maxSignatures) {
    return [{ field: 'nr_of_signatures', message: choiceMessages.minSignatures }];
  }
  const n = Number(text);
  const errors: Array<{ field: string; message: string }> = [];
  for (let i = 0; i < n; i++) {
    if (options.legal && !(input.names?.[i] ?? '').trim()) errors.push({ field: `names.${i}`, message: choiceMessages.nameRequired(i + 1) });
    const mobileError = options.legal && options.sms ? signingMobileError(i + 1, input.mobile_numbers?.[i]) : null;
    if (mobileError) errors.push({ field: `mobile_numbers.${i}`, message: mobileError });
  }
  return errors;
}

/** Sending (spec 5): an e-mail address that is given must be valid ('Ongeldig e-mailadres'). */
export const choiceEmailError = (value: string | null | undefined): string | null =>
  value && value.trim() && !isFormEmail(value.trim()) ? choiceMessages.emailInvalid : null;

// ---- the wire -------------------------------------------------------------------------------------

export const ZChoiceSection = ZFormSection.extend({
  /** The entry holds values of this section. */
  saved: z.boolean(),
  /** Every required field is filled in. */
  completed: z.boolean(),
  /** The section is shown read-only (spec 4.3). */
  read: z.boolean(),
});
export type TChoiceSection = z.infer<typeof ZChoiceSection>;

export const ZChoiceForm = z.object({
  id: z.number(),
  entry_id: z.number().nullable(),
  name: z.string(),
  /** Shown as the page's heading. */
  description: ZHtml.nullable(),
  /** '' or 'answering' / 'answered' (being filled), 'summary' (locked), 'paid', 'send'. */
  status: z.string(),
  project_id: z.number(),
  /** The project the form is sent to (its team), named on the confirmation. */
  project_name: z.string(),
  address: z.object({ id: z.number(), full_address: z.string() }),
  form: z.array(ZChoiceSection),
  completed: z.boolean(),
  locked: z.boolean(),
  deadline: ZDutchDate.nullable(),
  deadline_reached: z.boolean(),
  require_to_sign_form: z.boolean(),
  require_to_sign_form_legally: z.boolean(),
  use_sms_authentication_for_signing: z.boolean(),
  nr_of_signatures: z.number().int().nullable(),
  names: z.array(z.string()),
  mobile_numbers: z.array(z.string()),
  /** Keyed by signer number ('1', '2', ...). */
  signature: z.record(z.string(), ZFormSignature),
  all_signed: z.boolean(),
  signature_not_required: z.boolean(),
  sign_requested: z.boolean(),
  has_additional_work: z.boolean(),
  /** The extra costs: fixed when the form is locked, else the stored answers' total. */
  additional_costs_cents: z.number().int(),
  /** The same in Dutch format ('1.250,50'). */
  additional_costs: z.string(),
  total_not_paid_cents: z.number().int(),
  total_not_paid: z.string(),
  disable_prices: z.boolean(),
  /** Online payment is enabled for the form. */
  c_enable_mollie: z.boolean(),
  /** Online payment can be used now (the payment service is there). */
  mollie_enabled: z.boolean(),
  /** The open payment's checkout link, or null. */
  mollie_url: z.string().nullable(),
  paid: z.boolean(),
  paid_at: ZDutchDate.nullable(),
  /** The latest payment's status at the provider, or null. */
  payment_status: z.string().nullable(),
  summary_text: ZHtml.nullable(),
  status_text: ZHtml.nullable(),
  email_address: z.string().nullable(),
  comment: z.string().nullable(),
  /** When the form was sent (once: a second send is refused), DD-MM-YYYY; null before. */
  sent_at: ZDutchDate.nullable(),
  /** The summary PDF (a signed file link), '' until the form is locked. */
  download_url: z.string(),
  filename: z.string(),
  /** The caller acts as administrator (partner for an address, or an is_admin session). */
  is_admin: z.boolean(),
  version: z.number().int(),
});
export type TChoiceForm = z.infer<typeof ZChoiceForm>;

export const ZChoiceTotal = z.object({ additional_costs_cents: z.number().int(), additional_costs: z.string() });
export type TChoiceTotal = z.infer<typeof ZChoiceTotal>;

export const ZChoiceSaveBody = z.object({ language: ZLanguage, values: ZFormValues.optional(), version: z.number().int().min(0).optional() });
export type TChoiceSaveBody = z.infer<typeof ZChoiceSaveBody>;
export const ZChoiceSignersBody = z.object({
  language: ZLanguage,
  nr_of_signatures: z.union([z.number(), z.string().max(10)]),
  names: z.array(z.string().max(FORM_LIMITS.contactFieldMax)).max(FORM_LIMITS.maxSignatures).optional(),
  mobile_numbers: z.array(ZSigningMobileInput).max(FORM_LIMITS.maxSignatures).optional(),
});
export type TChoiceSignersBody = z.infer<typeof ZChoiceSignersBody>;
export const ZChoiceSignatureBody = z.object({
  language: ZLanguage,
  signature: z.string().max(FORM_LIMITS.signatureMax).nullable().optional(),
  who: z.string().max(FORM_LIMITS.contactFieldMax).nullable().optional(),
});
export type TChoiceSignatureBody = z.infer<typeof ZChoiceSignatureBody>;
export const ZChoiceSendBody = z.object({
  language: ZLanguage,
  email_address: z.string().max(320).nullable().optional(),
  comment: z.string().max(FORM_LIMITS.textMax).nullable().optional(),
});
export type TChoiceSendBody = z.infer<typeof ZChoiceSendBody>;
export const ZChoiceMollie = z.object({ mollie_url: z.string() });

export const ZChoiceParams = z.object({ form_id: ZId });
export const ZChoicePartnerParams = ZChoiceParams.extend({ address_id: ZId });
const ZSectionName = z.string().regex(/^(\d{1,3}|summary)$/);
export const ZChoiceSectionParams = ZChoiceParams.extend({ section: ZSectionName });
export const ZChoicePartnerSectionParams = ZChoicePartnerParams.extend({ section: ZSectionName });
export const ZChoiceUploadParams = ZChoiceParams.extend({ section: z.string().regex(/^\d{1,3}$/), element_id: ZFormElementId });
export const ZChoicePartnerUploadParams = ZChoiceUploadParams.extend({ address_id: ZId });
export const ZChoiceSignerParams = ZChoiceParams.extend({ nr: z.coerce.number().int().min(1).max(FORM_LIMITS.maxSignatures) });
export const ZChoicePartnerSignerParams = ZChoicePartnerParams.extend({ nr: z.coerce.number().int().min(1).max(FORM_LIMITS.maxSignatures) });

/** The calls' paths: `base` is occupantBase(id) or partnerBase(id); partner calls end in /address/{address_id}. */
export type ChoiceScope = { kind: 'occupant'; formId: number } | { kind: 'partner'; formId: number; addressId: number };
const tail = (scope: ChoiceScope) => (scope.kind === 'partner' ? `/address/${scope.addressId}` : '');
const root = (scope: ChoiceScope) => `/${scope.kind}/choice/form/${scope.formId}`;
export const choicePaths = {
  form: (scope: ChoiceScope) => `${root(scope)}${tail(scope)}`,
  section: (scope: ChoiceScope, section: number | 'summary') => `${root(scope)}/section/${section}${tail(scope)}`,
  upload: (scope: ChoiceScope, section: number, elementId: string) => `${root(scope)}/section/${section}/element/${encodeURIComponent(elementId)}${tail(scope)}`,
  total: (scope: ChoiceScope, section: number) => `${root(scope)}/section/${section}/calculate-total-price${tail(scope)}`,
  nrOfSignatures: (scope: ChoiceScope) => `${root(scope)}/nr-of-signatures${tail(scope)}`,
  signature: (scope: ChoiceScope, nr: number) => `${root(scope)}/signature/${nr}${tail(scope)}`,
  signingUrl: (scope: ChoiceScope, nr: number) => `${root(scope)}/signage/url/${nr}${tail(scope)}`,
  isSigned: (scope: ChoiceScope, nr: number) => `${root(scope)}/is-signed/${nr}${tail(scope)}`,
  send: (scope: ChoiceScope) => `${root(scope)}${tail(scope)}`,
  mollie: (formId: number) => `/occupant/choice/form/${formId}/mollie`,
  project: (scope: ChoiceScope) => `${root(scope)}/project${tail(scope)}`,
  occupants: (scope: ChoiceScope) => `${root(scope)}/occupants${tail(scope)}`,
} as const;

export const ZChoiceProject = z.object({ id: z.number(), name: z.string() });
