import type { TGenericEntry } from '@portal/contract';
import { formTexts } from './texts';

/**
 * The steps of a generic form (spec 2.6, 4.4) and their URL slugs, in one place:
 *   /{n}                       section n (0-based)
 *   /samenvatting              the summary (a PDF to open, then 'Formulier afronden' locks the form)
 *   /aantal-handtekeningen     how many people sign (only when signing is required)
 *   /handtekening/{nr}         signature nr, from 1 (drawn, or through the signing service)
 *   /status                    the status, with download and e-mailing
 */
export type GenericStep =
  | { kind: 'section'; index: number }
  | { kind: 'summary' }
  | { kind: 'nr-of-signatures' }
  | { kind: 'signature'; nr: number }
  | { kind: 'status' };

export const STEP_SLUGS = {
  summary: 'samenvatting',
  'nr-of-signatures': 'aantal-handtekeningen',
  signature: 'handtekening',
  status: 'status',
} as const;

/** The step a URL names: its section_id and nr segments; null when they name none. */
export function parseStep(section: string | undefined, nr: string | undefined): GenericStep | null {
  if (section === undefined) return null;
  if (/^\d{1,3}$/.test(section) && nr === undefined) return { kind: 'section', index: Number(section) };
  if (section === STEP_SLUGS.signature) return nr !== undefined && /^\d{1,2}$/.test(nr) && Number(nr) >= 1 ? { kind: 'signature', nr: Number(nr) } : null;
  if (nr !== undefined) return null;
  if (section === STEP_SLUGS.summary) return { kind: 'summary' };
  if (section === STEP_SLUGS['nr-of-signatures']) return { kind: 'nr-of-signatures' };
  if (section === STEP_SLUGS.status) return { kind: 'status' };
  return null;
}

/** The URL segments after the entry id. */
export function stepSegments(step: GenericStep): string {
  switch (step.kind) {
    case 'section':
      return String(step.index);
    case 'signature':
      return `${STEP_SLUGS.signature}/${step.nr}`;
    case 'summary':
    case 'nr-of-signatures':
    case 'status':
      return STEP_SLUGS[step.kind];
    default: {
      const never: never = step;
      return never;
    }
  }
}

export const sameStep = (a: GenericStep, b: GenericStep) => stepSegments(a) === stepSegments(b);

const signingRequired = (entry: TGenericEntry) => entry.require_to_sign_form && !entry.signature_not_required;
const signatureCount = (entry: TGenericEntry) => Math.max(entry.nr_of_signatures ?? 0, 0);
export const isSectionDone = (section: TGenericEntry['form'][number]) => section.nr_of_required_fields_filled_in >= section.nr_of_required_fields;

/** Every step of the entry in order, as the sidebar 'Onderdelen' lists them. */
export function stepList(entry: TGenericEntry): GenericStep[] {
  const steps: GenericStep[] = entry.form.map((_, index) => ({ kind: 'section', index }));
  steps.push({ kind: 'summary' });
  if (signingRequired(entry)) {
    // A form without the number step has one signer once it is locked (the step then drops out).
    if (!entry.locked || entry.nr_of_signatures_enabled) steps.push({ kind: 'nr-of-signatures' });
    // Before the number is known the sidebar shows one signature to come.
    const count = Math.max(signatureCount(entry), 1);
    for (let nr = 1; nr <= count; nr++) steps.push({ kind: 'signature', nr });
  }
  steps.push({ kind: 'status' });
  return steps;
}

export function stepLabel(entry: TGenericEntry, step: GenericStep): string {
  switch (step.kind) {
    case 'section':
      return entry.form[step.index]?.label || formTexts.section(step.index + 1);
    case 'summary':
      return formTexts.summary;
    case 'nr-of-signatures':
      return formTexts.nrOfSignaturesStep;
    case 'signature':
      return formTexts.signatureStep(step.nr);
    case 'status':
      return formTexts.statusStep;
    default: {
      const never: never = step;
      return never;
    }
  }
}

/** Whether the step may be opened now (the server's enablement flags). */
export function isStepEnabled(entry: TGenericEntry, step: GenericStep): boolean {
  switch (step.kind) {
    case 'section':
      return step.index < entry.form.length;
    case 'summary':
      return entry.summary_enabled || entry.completed || entry.locked;
    case 'nr-of-signatures':
      return signingRequired(entry) && entry.nr_of_signatures_enabled;
    case 'signature':
      return signingRequired(entry) && entry.signatures_enabled && step.nr <= signatureCount(entry);
    case 'status':
      return entry.status_enabled;
    default: {
      const never: never = step;
      return never;
    }
  }
}

export function isStepDone(entry: TGenericEntry, step: GenericStep): boolean {
  switch (step.kind) {
    case 'section': {
      const section = entry.form[step.index];
      return !!section && isSectionDone(section);
    }
    case 'summary':
      return entry.locked;
    case 'nr-of-signatures':
      return entry.nr_of_signatures_completed;
    case 'signature':
      return entry.signature[String(step.nr)]?.signed === true;
    case 'status':
      return entry.status_completed;
    default: {
      const never: never = step;
      return never;
    }
  }
}

/**
 * Why a step cannot be opened (spec 4.4): right after the sections 'Het formulier is nog niet volledig
 * ingevuld.', further on '... en goedgekeurd.'; null when it can.
 */
export function blockedMessage(entry: TGenericEntry, step: GenericStep): string | null {
  if (isStepEnabled(entry, step)) return null;
  return step.kind === 'summary' ? formTexts.notComplete : formTexts.notCompleteApproved;
}

/** The step after `step` (the sections in order, then the summary, the signatures and the status). */
export function nextStep(entry: TGenericEntry, step: GenericStep): GenericStep {
  const steps = stepList(entry);
  const at = steps.findIndex((s) => sameStep(s, step));
  return steps[at + 1] ?? { kind: 'status' };
}

/**
 * Where a reopened entry resumes: a section with an unsaved draft, else the first section not done;
 * once every section is done, the first later step that is open and not done.
 */
export function resumeStep(entry: TGenericEntry, draftSections: readonly number[]): GenericStep {
  if (!entry.locked) {
    const drafted = [...draftSections].sort((a, b) => a - b).find((index) => index < entry.form.length);
    if (drafted !== undefined) return { kind: 'section', index: drafted };
    const open = entry.form.findIndex((section) => !isSectionDone(section));
    if (open >= 0 || !entry.form.length) return { kind: 'section', index: Math.max(open, 0) };
    return { kind: 'summary' };
  }
  const later = stepList(entry).filter((s) => s.kind !== 'section' && s.kind !== 'summary');
  return later.find((s) => isStepEnabled(entry, s) && !isStepDone(entry, s)) ?? (entry.status_enabled ? { kind: 'status' } : { kind: 'summary' });
}
