import { z } from 'zod';
import { ZDutchDate, ZId, ZLanguage } from './common.ts';
import { CONSENT_HOUSEHOLD_RULES, SUPPORT_BASE_ADDRESS_STATUSES, ZConsentFigures } from './support-base.ts';

/**
 * The consent campaign in the staff console (/beheer/projecten/:projectId/draagvlak, issue 16; art. 7:220 lid 3
 * BW, INTEGRATIONS.md): the tally per building unit under the project's rule (one tally, support-base.tally.ts),
 * the moments a unit reached 70% and fell below it again, the written notices to the tenants who did not agree
 * with the eight weeks in which each may go to court, reminders by e-mail and SMS to addresses that did not
 * answer, a visit list and the evidence pack of an address.
 */

/** Weeks after the notice in which a tenant who did not agree may ask the court (art. 7:220 lid 3 BW). */
export const CONSENT_COURT_WEEKS = 8;
/** Addresses per page of the campaign's address list. */
export const CAMPAIGN_PAGE_SIZE = 50;

export const consentCampaignPaths = {
  overview: '/staff/projects/:projectId/consent-campaign',
  rule: '/staff/projects/:projectId/consent-campaign/rule',
  households: '/staff/projects/:projectId/consent-campaign/addresses/:addressId/households',
  addresses: '/staff/projects/:projectId/consent-forms/:formId/campaign/addresses',
  export: '/staff/projects/:projectId/consent-forms/:formId/campaign/export',
  noticeLetters: '/staff/projects/:projectId/consent-forms/:formId/campaign/notices/letters',
  noticesSent: '/staff/projects/:projectId/consent-forms/:formId/campaign/notices/sent',
  reminderSettings: '/staff/projects/:projectId/consent-forms/:formId/campaign/reminders/settings',
  reminders: '/staff/projects/:projectId/consent-forms/:formId/campaign/reminders',
  remindersRun: '/staff/projects/:projectId/consent-forms/:formId/campaign/reminders/run',
  visitList: '/staff/projects/:projectId/consent-forms/:formId/campaign/visit-list',
  evidence: '/staff/projects/:projectId/consent-forms/:formId/campaign/addresses/:addressId/evidence',
} as const;

export const consentCampaignMessages = {
  fewHomes: (homes: number) =>
    `Deze eenheid telt ${homes} ${homes === 1 ? 'woning' : 'woningen'}: de 70%-regel geldt pas vanaf 10 woningen die een bouwkundige eenheid vormen. Zonder voldoende instemming beslist de rechter over de redelijkheid van het voorstel.`,
  notReached: 'Deze eenheid heeft de 70% (nog) niet bereikt: er kan geen kennisgeving worden gemaakt.',
  nobodyToNotify: 'In deze eenheid is iedereen akkoord: er hoeft geen kennisgeving te worden verstuurd.',
  noDrafts: 'Maak eerst de kennisgevingen van deze eenheid.',
  unitUnknown: 'Deze eenheid bestaat niet in dit project.',
  sentOnInvalid: 'Vul een geldige datum in (dd-mm-jjjj).',
  sentOnFuture: 'De verzenddatum kan niet in de toekomst liggen.',
  startsOnInvalid: 'Vul een geldige startdatum in (dd-mm-jjjj).',
  firstAfter: 'De eerste herinnering gaat na 0 tot 90 dagen.',
  interval: 'Tussen twee herinneringen zitten 1 tot 90 dagen.',
  maxCount: 'Stuur 1 tot 10 herinneringen.',
  channel: 'Kies e-mail, sms of allebei.',
  households: 'Vul een aantal huishoudens in van 1 tot 20.',
  addressNotFound: 'Adres niet gevonden',
  notFound: 'Formulier niet gevonden',
  nothingToVisit: 'Er zijn geen adressen om te bezoeken: iedereen heeft gereageerd.',
} as const;

export const ZCampaignRule = z.object({
  counts_vacant: z.boolean(),
  household_rule: z.enum(CONSENT_HOUSEHOLD_RULES),
  /** The rule in words (consentRuleText). */
  rule_text: z.string(),
});
export type TCampaignRule = z.infer<typeof ZCampaignRule>;

export const ZCampaignMilestone = z.object({ kind: z.enum(['reached', 'dropped']), at: ZDutchDate, percentage: z.number() });

export const ZCampaignUnit = ZConsentFigures.extend({
  building_unit: z.string(),
  /** The warning when the unit has fewer than 10 homes (the rule does not apply), else null. */
  warning: z.string().nullable(),
  /** The first moment the unit reached 70% (recorded once), DD-MM-YYYY. */
  reached_on: ZDutchDate.nullable(),
  /** When it fell below 70% again after that (the last time), and whether it is below now. */
  dropped_on: ZDutchDate.nullable(),
  milestones: z.array(ZCampaignMilestone),
  /** Notices drafted and marked sent for the unit. */
  notices_drafted: z.number().int(),
  notices_sent: z.number().int(),
  /** Addresses that may still get a notice: not agreeing, not vacant. */
  not_agreeing: z.number().int(),
});
export type TCampaignUnit = z.infer<typeof ZCampaignUnit>;

export const ZReminderSettings = z.object({
  enabled: z.boolean(),
  /** The day the proposal went out: reminders count from it. */
  starts_on: ZDutchDate,
  first_after_days: z.number().int(),
  interval_days: z.number().int(),
  max_count: z.number().int(),
  by_email: z.boolean(),
  by_sms: z.boolean(),
});
export type TReminderSettings = z.infer<typeof ZReminderSettings>;

export const ZCampaignOverview = z.object({
  forms: z.array(z.object({ id: z.number(), name: z.string() })),
  form_id: z.number().nullable(),
  rule: ZCampaignRule,
  total: ZConsentFigures.nullable(),
  units: z.array(ZCampaignUnit),
  reminders: ZReminderSettings.nullable(),
});
export type TCampaignOverview = z.infer<typeof ZCampaignOverview>;

export const ZCampaignNotice = z.object({
  drafted_at: ZDutchDate,
  sent_on: ZDutchDate.nullable(),
  /** The last day the tenant may go to court: eight weeks after `sent_on`. */
  court_deadline: ZDutchDate.nullable(),
});

export const ZCampaignAddress = z.object({
  address_id: z.number(),
  full_address: z.string(),
  building_unit: z.string(),
  vacant: z.boolean(),
  households: z.number().int(),
  status: z.enum(SUPPORT_BASE_ADDRESS_STATUSES),
  agreement_at: ZDutchDate.nullable(),
  reminders: z.number().int(),
  last_reminder_at: ZDutchDate.nullable(),
  notice: ZCampaignNotice.nullable(),
  /** The address's entry on the form (its history), null before one exists. */
  entry_id: z.number().nullable(),
});
export type TCampaignAddress = z.infer<typeof ZCampaignAddress>;

export const ZCampaignAddressPage = z.object({
  items: z.array(ZCampaignAddress), page: z.number().int(), pages: z.number().int(), total: z.number().int(),
});
export type TCampaignAddressPage = z.infer<typeof ZCampaignAddressPage>;

/** 'no_answer': not started or still answering (the reminders' and the visit list's addresses). */
export const CAMPAIGN_STATUS_FILTERS = [...SUPPORT_BASE_ADDRESS_STATUSES, 'no_answer', 'vacant'] as const;
export type TCampaignStatusFilter = (typeof CAMPAIGN_STATUS_FILTERS)[number];
export const campaignStatusFilterLabels: Record<'no_answer' | 'vacant', string> = { no_answer: 'Nog niet gereageerd', vacant: 'Leegstaand' };

export const ZCampaignFilter = z.object({
  building_unit: z.string().max(100).optional(),
  status: z.enum(CAMPAIGN_STATUS_FILTERS).optional(),
  q: z.string().max(100).optional(),
});
export const ZCampaignAddressQuery = ZCampaignFilter.extend({ language: ZLanguage, page: z.coerce.number().int().min(1).max(10_000).optional() });
export const ZCampaignExportQuery = ZCampaignFilter.extend({ language: ZLanguage, format: z.enum(['csv', 'xlsx']) });
export const ZCampaignOverviewQuery = z.object({ language: ZLanguage, form_id: ZId.optional() });
export const ZCampaignVisitQuery = z.object({ language: ZLanguage, building_unit: z.string().max(100).optional() });

export const ZCampaignRuleBody = z.object({
  language: ZLanguage, counts_vacant: z.boolean(), household_rule: z.enum(CONSENT_HOUSEHOLD_RULES),
});
export const ZCampaignHouseholdsBody = z.object({
  language: ZLanguage,
  households: z.number({ error: consentCampaignMessages.households }).int({ error: consentCampaignMessages.households })
    .min(1, { error: consentCampaignMessages.households }).max(20, { error: consentCampaignMessages.households }),
});
export const ZCampaignHouseholds = z.object({ address_id: z.number(), households: z.number().int() });

export const ZReminderSettingsBody = z.object({
  language: ZLanguage,
  enabled: z.boolean(),
  starts_on: z.string().max(20),
  first_after_days: z.number({ error: consentCampaignMessages.firstAfter }).int({ error: consentCampaignMessages.firstAfter })
    .min(0, { error: consentCampaignMessages.firstAfter }).max(90, { error: consentCampaignMessages.firstAfter }),
  interval_days: z.number({ error: consentCampaignMessages.interval }).int({ error: consentCampaignMessages.interval })
    .min(1, { error: consentCampaignMessages.interval }).max(90, { error: consentCampaignMessages.interval }),
  max_count: z.number({ error: consentCampaignMessages.maxCount }).int({ error: consentCampaignMessages.maxCount })
    .min(1, { error: consentCampaignMessages.maxCount }).max(10, { error: consentCampaignMessages.maxCount }),
  by_email: z.boolean(),
  by_sms: z.boolean(),
});
export type TReminderSettingsBody = z.infer<typeof ZReminderSettingsBody>;

/** The schedule a form starts with (issue 16): after 5 days, then every 2 days, at most 4. */
export const DEFAULT_REMINDER_SCHEDULE = { first_after_days: 5, interval_days: 2, max_count: 4, by_email: true, by_sms: true } as const;

export const ZReminderSent = z.object({
  id: z.number(),
  address_id: z.number(),
  full_address: z.string(),
  nr: z.number().int(),
  emails: z.number().int(),
  sms: z.number().int(),
  /** SMS held back by the SMS limits. */
  sms_skipped: z.number().int(),
  /** ISO moment. */
  sent_at: z.string(),
});
export type TReminderSent = z.infer<typeof ZReminderSent>;
export const ZReminderListQuery = z.object({ language: ZLanguage, before: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(100).optional() });
export const ZReminderRun = z.object({ sent: z.number().int() });

export const ZNoticeLettersBody = z.object({ language: ZLanguage, building_unit: z.string().min(1).max(100) });
export const ZNoticesSentBody = z.object({ language: ZLanguage, building_unit: z.string().min(1).max(100), sent_on: z.string().max(20) });
export const ZNoticesSent = z.object({ marked: z.number().int(), sent_on: ZDutchDate, court_deadline: ZDutchDate });

export const ZCampaignFormParams = z.object({ projectId: ZId, formId: ZId });
export const ZCampaignAddressParams = ZCampaignFormParams.extend({ addressId: ZId });
export const ZCampaignProjectParams = z.object({ projectId: ZId });
export const ZCampaignHouseholdsParams = ZCampaignProjectParams.extend({ addressId: ZId });
