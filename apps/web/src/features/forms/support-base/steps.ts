import { supportBaseMessages, supportBaseMobileError, supportBaseTexts, type TSupportBaseForm } from '@portal/contract';
import { isSectionDone } from '../steps';

/**
 * The wizard's steps (spec 2.3, 4.1) and their URL segments after /formulier/draagvlak/{form_id}:
 *   /{n}                      form section n (0 = Akkoordverklaring)
 *   /bijlages                 the attachments (only when there are)
 *   /document                 the document of the answers (opening it is the check)
 *   /aantal_handtekeningen    the number of signers and each one's name
 *   /mobiel_nummer/{nr}       signer nr's mobile number (only with SMS verification)
 *   /ondertekenen/{nr}        signer nr signs in a frame
 *   /afronden                 e-mail address, comment, 'Afronden'
 *   /afgerond                 finished (also on paper)
 */
export type SupportBaseStep =
  | { kind: 'section'; index: number }
  | { kind: 'bijlages' }
  | { kind: 'document' }
  | { kind: 'aantal_handtekeningen' }
  | { kind: 'mobiel_nummer'; nr: number }
  | { kind: 'ondertekenen'; nr: number }
  | { kind: 'afronden' }
  | { kind: 'afgerond' };

export function parseSupportBaseStep(section: string | undefined, nr: string | undefined): SupportBaseStep | null {
  if (section === undefined) return null;
  if (/^\d{1,3}$/.test(section)) return nr === undefined ? { kind: 'section', index: Number(section) } : null;
  if (section === 'mobiel_nummer' || section === 'ondertekenen') {
    const n = nr === undefined ? 1 : /^\d{1,2}$/.test(nr) && Number(nr) >= 1 ? Number(nr) : null;
    return n === null ? null : { kind: section, nr: n };
  }
  if (nr !== undefined) return null;
  if (section === 'bijlages' || section === 'document' || section === 'aantal_handtekeningen' || section === 'afronden' || section === 'afgerond') return { kind: section };
  return null;
}

export function stepPath(step: SupportBaseStep): string {
  switch (step.kind) {
    case 'section':
      return String(step.index);
    case 'mobiel_nummer':
    case 'ondertekenen':
      return `${step.kind}/${step.nr}`;
    default:
      return step.kind;
  }
}

/** The wizard's pages: the resident's, or a letter holder's under /public. */
export const supportBasePage = (publicPages: boolean, formId: number, step?: SupportBaseStep) =>
  `${publicPages ? '/public' : ''}/formulier/draagvlak/${formId}${step ? `/${stepPath(step)}` : ''}`;

const signerNrs = (form: TSupportBaseForm) => Array.from({ length: Math.max(form.nr_of_signatures ?? 1, 1) }, (_, i) => i + 1);
/** Every signer has a name (asked with the number of signatures; the signed document and the receipt name them). */
export const signersNamed = (form: TSupportBaseForm) => form.nr_of_signatures !== null && signerNrs(form).every((nr) => !!form.signers.find((s) => s.nr === nr)?.name?.trim());
export const mobilesDone = (form: TSupportBaseForm) => form.nr_of_signatures !== null && signerNrs(form).every((nr) => !supportBaseMobileError(nr, form.mobile[String(nr)]));
/**
 * Finished, the flow hidden and the section afgerond (spec 4.1): on paper, confirmed, or signed (status
 * 'signed', every signer signed) with no signing request open. A signed form may still be finished with
 * an e-mail address and a comment on the afgerond page.
 */
export const isFinished = (form: TSupportBaseForm) =>
  form.on_paper || form.status === 'confirmed' || (form.status === 'signed' && form.signed && !form.sign_requested);

/** Why a step cannot be opened yet: signing before the questions, finishing before the signature (spec 2.3, 8), else the step before it. */
export function blockedMessage(form: TSupportBaseForm, step: SupportBaseStep): string {
  if (step.kind === 'ondertekenen' && !form.completed) return supportBaseMessages.signFirst;
  if (step.kind === 'afronden' && !form.signed) return supportBaseMessages.notSigned;
  return supportBaseMessages.stepNotDone;
}

type SidebarStep = { key: string; label: string; step: SupportBaseStep; done: boolean };

/**
 * What only this browser knows: the attachments opened here, by name. The attachments are plain file
 * links, so the server does not see them opened; the wizard remembers it (lib/form-drafts.ts).
 */
export type LocalProgress = { openedAttachments: readonly string[] };
export const NOTHING_OPENED: LocalProgress = { openedAttachments: [] };

/**
 * Bijlages is done once the questions are answered and every attachment was opened here, or once the
 * form went further than the attachments (its document checked, a signature, finished): a step done on
 * another device is not asked again.
 */
export const attachmentsDone = (form: TSupportBaseForm, local: LocalProgress) =>
  form.completed && (form.attachments.every((a) => local.openedAttachments.includes(a.name))
    || form.document_checked || form.signed || form.sign_requested || form.signers.some((s) => s.signed) || isFinished(form));

/** The sidebar (spec 2.3): the sections, Bijlages (when any), Document controleren, Aantal handtekeningen, Mobiel nummer (SMS), Ondertekenen, Afronden. */
export function sidebarSteps(form: TSupportBaseForm, local: LocalProgress = NOTHING_OPENED): SidebarStep[] {
  const sections = form.form.map((s, i): SidebarStep => ({
    key: String(i), label: i === 0 ? supportBaseTexts.agreement : s.label || `Onderdeel ${i + 1}`, step: { kind: 'section', index: i }, done: isSectionDone(s),
  }));
  return [
    ...sections,
    ...(form.attachments.length ? [{ key: 'bijlages', label: supportBaseTexts.attachments, step: { kind: 'bijlages' }, done: attachmentsDone(form, local) } as SidebarStep] : []),
    { key: 'document', label: supportBaseTexts.document, step: { kind: 'document' }, done: form.document_checked },
    { key: 'aantal_handtekeningen', label: supportBaseTexts.nrOfSignatures, step: { kind: 'aantal_handtekeningen' }, done: signersNamed(form) },
    ...(form.use_sms_auth ? [{ key: 'mobiel_nummer', label: supportBaseTexts.mobile, step: { kind: 'mobiel_nummer', nr: 1 }, done: mobilesDone(form) } as SidebarStep] : []),
    { key: 'ondertekenen', label: supportBaseTexts.sign, step: { kind: 'ondertekenen', nr: 1 }, done: form.signed },
    { key: 'afronden', label: supportBaseTexts.finish, step: { kind: 'afronden' }, done: form.status === 'confirmed' },
  ];
}

/** A step can be opened when every step before it is done (spec 4.1: later steps are blocked). */
export function stepEnabled(form: TSupportBaseForm, key: string, local: LocalProgress = NOTHING_OPENED): boolean {
  const steps = sidebarSteps(form, local);
  const index = steps.findIndex((s) => s.key === key);
  return index >= 0 && steps.slice(0, index).every((s) => s.done);
}

export const keyOf = (step: SupportBaseStep) => (step.kind === 'section' ? String(step.index) : step.kind);

/** The step after this one (the next signer before the next kind of step). */
export function nextStep(form: TSupportBaseForm, step: SupportBaseStep, local: LocalProgress = NOTHING_OPENED): SupportBaseStep {
  const n = Math.max(form.nr_of_signatures ?? 1, 1);
  if (step.kind === 'mobiel_nummer' && step.nr < n) return { kind: 'mobiel_nummer', nr: step.nr + 1 };
  if (step.kind === 'ondertekenen' && step.nr < n) return { kind: 'ondertekenen', nr: step.nr + 1 };
  const steps = sidebarSteps(form, local);
  const index = steps.findIndex((s) => s.key === keyOf(step));
  return steps[index + 1]?.step ?? { kind: 'afronden' };
}

/** Where a visit without a step resumes: finished, or the first step not done. */
export function resumeStep(form: TSupportBaseForm, local: LocalProgress = NOTHING_OPENED): SupportBaseStep {
  if (isFinished(form)) return { kind: 'afgerond' };
  return sidebarSteps(form, local).find((s) => !s.done)?.step ?? { kind: 'afronden' };
}
