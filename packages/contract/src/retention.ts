import { z } from 'zod';
import { ZId } from './common.ts';

/**
 * Retention (issue 20): how long the portal keeps each category of personal data, per customer with
 * per-project overrides, and what happens when the time is up (delete, or anonymise: keep the counts,
 * drop the person). Legal holds are minimums the server enforces (a lower value answers 422):
 * payment records 7 years (fiscal, art. 52 AWR), consent evidence until the eight-week court period
 * (art. 7:220 lid 3 BW) of every address is over plus a margin the customer sets.
 *
 * Console: GET/PUT /staff/retention (the customer's policy), GET/PUT /staff/projects/:id/retention (the
 * project's overrides, what is due and the confirmation), POST /staff/projects/:id/retention/confirm.
 * Resident side: GET /public/privacy (the customer's privacy page, written from the policy).
 */

export const RETENTION_CATEGORIES = [
  'chat_messages', 'form_entries', 'survey_responses', 'appointments', 'dossier_documents', 'payments',
  'consent_evidence', 'outbox', 'sessions', 'audit_log',
] as const;
export const ZRetentionCategory = z.enum(RETENTION_CATEGORIES);
export type TRetentionCategory = z.infer<typeof ZRetentionCategory>;

/**
 * From when the months count: the project's end (its archiving), the row's creation, or (consent evidence
 * only) the end of the court period: eight weeks after the last 70% notice of the project, never before the
 * project's end.
 */
export const RETENTION_BASES = ['project_end', 'created', 'court_period_end'] as const;
export const ZRetentionBasis = z.enum(RETENTION_BASES);
export type TRetentionBasis = z.infer<typeof ZRetentionBasis>;

export const RETENTION_ACTIONS = ['delete', 'anonymise'] as const;
export const ZRetentionAction = z.enum(RETENTION_ACTIONS);
export type TRetentionAction = z.infer<typeof ZRetentionAction>;

/** Eight weeks (art. 7:220 lid 3 BW) in days. */
export const COURT_PERIOD_DAYS = 56;
/** Payment and sales records: 7 years (fiscal). */
export const PAYMENT_HOLD_MONTHS = 84;
/** Consent evidence: at least this margin after the court period (a claim filed on the last day reaches the landlord later). */
export const CONSENT_MARGIN_MIN_MONTHS = 1;
export const RETENTION_MAX_MONTHS = 240;

export type TRetentionCategoryInfo = {
  label: string;
  /** What a count counts ('3 gesprekken'). */
  unit: string;
  /** What it holds, for staff and the privacy page. */
  holds: string;
  /** Per project (overridable per project) or per customer only (no project: sessions, outbox, audit log). */
  perProject: boolean;
  bases: readonly TRetentionBasis[];
  actions: readonly TRetentionAction[];
  /** The lowest number of months the server accepts. */
  minMonths: number;
  /** Why the minimum, in Dutch (null: no legal hold). */
  hold: string | null;
};

export const RETENTION_CATEGORY_INFO: Record<TRetentionCategory, TRetentionCategoryInfo> = {
  chat_messages: {
    unit: 'gesprekken', label: 'Chatberichten', holds: 'Gesprekken met bewoners en bezoekers: berichten, namen, e-mailadressen en notities van medewerkers.',
    perProject: true, bases: ['project_end', 'created'], actions: ['delete', 'anonymise'], minMonths: 0, hold: null,
  },
  form_entries: {
    unit: 'invullingen', label: 'Formulieren en foto\'s', holds: 'Ingevulde formulieren (opname, keuze, algemene formulieren), hun foto\'s, samenvattingen en handtekeningen.',
    perProject: true, bases: ['project_end', 'created'], actions: ['delete', 'anonymise'], minMonths: 0, hold: null,
  },
  survey_responses: {
    unit: 'antwoorden', label: 'Enquêteantwoorden', holds: 'Antwoorden op enquêtes en de foto\'s die daarbij zijn geüpload.',
    perProject: true, bases: ['project_end', 'created'], actions: ['delete', 'anonymise'], minMonths: 0, hold: null,
  },
  appointments: {
    unit: 'afspraken', label: 'Afspraken', holds: 'Afspraken per adres, wachtlijsten en verstuurde herinneringen.',
    perProject: true, bases: ['project_end', 'created'], actions: ['delete'], minMonths: 0, hold: null,
  },
  dossier_documents: {
    unit: 'stukken', label: 'Dossier en documenten', holds: 'Het dossier per adres en de documenten die voor één adres zijn geplaatst, met hun bestanden.',
    perProject: true, bases: ['project_end', 'created'], actions: ['delete'], minMonths: 0, hold: null,
  },
  payments: {
    unit: 'betalingen', label: 'Betalingen', holds: 'Betalingen, terugbetalingen en terugboekingen met hun bedragen, omschrijving en status.',
    perProject: true, bases: ['project_end', 'created'], actions: ['delete', 'anonymise'], minMonths: PAYMENT_HOLD_MONTHS,
    hold: 'De fiscale bewaarplicht is 7 jaar: betalingen blijven minstens 84 maanden bewaard.',
  },
  consent_evidence: {
    unit: 'stukken', label: 'Bewijs van instemming', holds: 'Ingevulde draagvlakformulieren, ondertekende documenten en ontvangstbewijzen, papieren instemmingen met hun scans, kennisgevingen, brieven en herinneringen.',
    perProject: true, bases: ['court_period_end'], actions: ['delete'], minMonths: CONSENT_MARGIN_MIN_MONTHS,
    hold: 'Een huurder kan binnen acht weken na de kennisgeving van 70% naar de rechter. Het bewijs blijft tot die termijn voor elk adres voorbij is, plus de marge (minstens 1 maand).',
  },
  outbox: {
    unit: 'berichten', label: 'Verzonden e-mail en sms', holds: 'De kopie van verzonden e-mails en sms-berichten (ontvanger en tekst).',
    perProject: false, bases: ['created'], actions: ['delete'], minMonths: 0, hold: null,
  },
  sessions: {
    unit: 'sessies', label: 'Sessies en inloggegevens', holds: 'Beëindigde sessies: wanneer iemand inlogde en tot wanneer.',
    perProject: false, bases: ['created'], actions: ['delete'], minMonths: 0, hold: null,
  },
  audit_log: {
    unit: 'regels', label: 'Auditlog', holds: 'Wie in de beheeromgeving wat deed en wanneer, en welke persoonsgegevens werden bekeken of geëxporteerd.',
    perProject: false, bases: ['created'], actions: ['delete', 'anonymise'], minMonths: 0, hold: null,
  },
};

export const RETENTION_BASIS_LABELS: Record<TRetentionBasis, string> = {
  project_end: 'na het einde van het project',
  created: 'na het aanmaken',
  court_period_end: 'na afloop van de termijn om naar de rechter te gaan',
};
export const RETENTION_ACTION_LABELS: Record<TRetentionAction, string> = {
  delete: 'verwijderen',
  anonymise: 'anonimiseren (aantallen blijven, de persoon verdwijnt)',
};

export const ZRetentionRule = z.object({
  category: ZRetentionCategory,
  months: z.number({ error: 'Vul een aantal maanden in' }).int('Vul een heel aantal maanden in').min(0, 'Het aantal maanden kan niet negatief zijn')
    .max(RETENTION_MAX_MONTHS, `Vul hoogstens ${RETENTION_MAX_MONTHS} maanden in`),
  basis: ZRetentionBasis,
  action: ZRetentionAction,
});
export type TRetentionRule = z.infer<typeof ZRetentionRule>;

/**
 * The defaults a provider can defend (the README gives the reasons): kept as long as the project and its
 * after-care need, the legal holds above, operational logs short.
 */
export const DEFAULT_RETENTION: Record<TRetentionCategory, Omit<TRetentionRule, 'category'>> = {
  chat_messages: { months: 12, basis: 'project_end', action: 'delete' },
  form_entries: { months: 24, basis: 'project_end', action: 'anonymise' },
  survey_responses: { months: 6, basis: 'project_end', action: 'anonymise' },
  appointments: { months: 6, basis: 'project_end', action: 'delete' },
  dossier_documents: { months: 24, basis: 'project_end', action: 'delete' },
  payments: { months: 84, basis: 'project_end', action: 'anonymise' },
  consent_evidence: { months: 6, basis: 'court_period_end', action: 'delete' },
  outbox: { months: 3, basis: 'created', action: 'delete' },
  sessions: { months: 6, basis: 'created', action: 'delete' },
  audit_log: { months: 24, basis: 'created', action: 'delete' },
};

export const retentionMessages = {
  basisNotAllowed: (label: string, basis: TRetentionBasis) => `${label}: tellen vanaf '${RETENTION_BASIS_LABELS[basis]}' kan hier niet`,
  actionNotAllowed: (label: string) => `${label}: anonimiseren kan hier niet, alleen verwijderen`,
  belowHold: (label: string, min: number) => `${label}: de wettelijke bewaartermijn is minstens ${min} maanden`,
  notPerProject: (label: string) => `${label} gelden voor de hele klant en hebben geen instelling per project`,
  twice: (label: string) => `${label} staat twee keer in de lijst`,
  incomplete: 'Stel elke categorie in',
  contactTooLong: 'De contactgegevens zijn te lang (hoogstens 500 tekens)',
  notEnded: 'Dit project is nog niet beëindigd: er is nog niets te verwijderen',
  nothingDue: 'Er is nu niets te verwijderen in dit project',
  alreadyConfirmed: 'Het bewaarbeleid is voor dit project al bevestigd',
} as const;

export const ZRetentionRuleView = ZRetentionRule.extend({
  label: z.string(),
  holds: z.string(),
  per_project: z.boolean(),
  bases: z.array(ZRetentionBasis),
  actions: z.array(ZRetentionAction),
  min_months: z.number(),
  hold: z.string().nullable(),
  /** Whether the customer set it (false: the portal's default). */
  is_default: z.boolean(),
});
export type TRetentionRuleView = z.infer<typeof ZRetentionRuleView>;

export const ZRetentionPolicy = z.object({
  rules: z.array(ZRetentionRuleView),
  /** Whom a resident asks about their data (shown on the privacy page): name, e-mail address, phone. */
  privacy_contact: z.string(),
  /** The address of the portal's own privacy page (/privacy) and whether the customer links to it. */
  privacy_page_path: z.string(),
  privacy_page_linked: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TRetentionPolicy = z.infer<typeof ZRetentionPolicy>;

export const ZRetentionPolicyBody = z.object({
  rules: z.array(ZRetentionRule).max(RETENTION_CATEGORIES.length * 2),
  privacy_contact: z.string().trim().max(500, retentionMessages.contactTooLong),
});
export type TRetentionPolicyBody = z.infer<typeof ZRetentionPolicyBody>;

/** One category of a project: the customer's rule, the project's own (null: inherits), what is due now. */
export const ZRetentionProjectCategory = z.object({
  category: ZRetentionCategory,
  label: z.string(),
  customer_rule: ZRetentionRule,
  override: ZRetentionRule.nullable(),
  effective: ZRetentionRule,
  bases: z.array(ZRetentionBasis),
  actions: z.array(ZRetentionAction),
  min_months: z.number(),
  hold: z.string().nullable(),
  /** From when the rule applies to this project's rows (ISO date), null while the clock has not started. */
  due_from: z.string().nullable(),
  /** Rows the job would delete or anonymise if it ran now. */
  due_count: z.number(),
  /** Files in storage that go with them. */
  due_files: z.number(),
});
export type TRetentionProjectCategory = z.infer<typeof ZRetentionProjectCategory>;

export const ZRetentionProject = z.object({
  project_id: z.number(),
  /** When the project ended (was archived): the clock starts. */
  ended_at: z.string().nullable(),
  /** End of the eight-week court period of the last address told that 70% agreed (null: no notice sent). */
  court_period_ends_at: z.string().nullable(),
  /** Before the first deletion in a project staff confirm what goes; until then the job leaves it alone. */
  confirmed_at: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  last_run_at: z.string().nullable(),
  categories: z.array(ZRetentionProjectCategory),
});
export type TRetentionProject = z.infer<typeof ZRetentionProject>;

export const ZRetentionProjectBody = z.object({
  /** The project's own rules; a category left out follows the customer's policy. */
  overrides: z.array(ZRetentionRule).max(RETENTION_CATEGORIES.length * 2),
});
export type TRetentionProjectBody = z.infer<typeof ZRetentionProjectBody>;

export const ZRetentionParams = z.object({ id: ZId });

/** The privacy page (public, per customer by host). */
export const ZPrivacyPage = z.object({
  customer_name: z.string(),
  contact: z.string(),
  website: z.string().nullable(),
  items: z.array(z.object({
    category: ZRetentionCategory,
    label: z.string(),
    holds: z.string(),
    /** 'Tot 12 maanden na het einde van het project, daarna verwijderd.' */
    kept: z.string(),
  })),
});
export type TPrivacyPage = z.infer<typeof ZPrivacyPage>;

/** The portal's own privacy page; the default privacy_url setting ('/privacyverklaring') is served by it too. */
export const PRIVACY_PAGE_PATH = '/privacy';

/** A rule as a Dutch sentence for residents. */
export function describeRetention(rule: Omit<TRetentionRule, 'category'>): string {
  const span = rule.months === 0 ? 'Tot direct' : `Tot ${rule.months} ${rule.months === 1 ? 'maand' : 'maanden'}`;
  const from = rule.basis === 'project_end' ? 'na het einde van het project'
    : rule.basis === 'created' ? 'nadat ze zijn vastgelegd'
      : 'na afloop van de acht weken waarin u naar de rechter kunt gaan, en nooit voor het einde van het project';
  const then = rule.action === 'delete' ? 'daarna verwijderd' : 'daarna geanonimiseerd: alleen aantallen blijven over, niet wie het was';
  return `${span} ${from}, ${then}.`;
}

/** The first refusal of a rule against its category's rules (null: allowed). */
export function retentionRuleProblem(rule: TRetentionRule, scope: 'customer' | 'project'): string | null {
  const info = RETENTION_CATEGORY_INFO[rule.category];
  if (scope === 'project' && !info.perProject) return retentionMessages.notPerProject(info.label);
  if (!info.bases.includes(rule.basis)) return retentionMessages.basisNotAllowed(info.label, rule.basis);
  if (!info.actions.includes(rule.action)) return retentionMessages.actionNotAllowed(info.label);
  if (rule.months < info.minMonths) return retentionMessages.belowHold(info.label, info.minMonths);
  return null;
}

export const retentionPaths = {
  policy: '/staff/retention',
  project: (id: number) => `/staff/projects/${id}/retention`,
  confirm: (id: number) => `/staff/projects/${id}/retention/confirm`,
  privacy: '/public/privacy',
} as const;

/** The form's check of a whole policy body: each rule against its category's holds, at the field that is wrong. */
export function checkRetentionRules(rules: readonly TRetentionRule[], scope: 'customer' | 'project', ctx: z.RefinementCtx, list: 'rules' | 'overrides'): void {
  rules.forEach((rule, i) => {
    const problem = retentionRuleProblem(rule, scope);
    if (!problem) return;
    const field = problem.includes('maanden') ? 'months' : problem.includes('anonimiseren') ? 'action' : problem.includes('tellen') ? 'basis' : 'category';
    ctx.addIssue({ code: 'custom', path: [list, i, field], message: problem });
  });
}
