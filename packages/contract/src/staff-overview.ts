import { z } from 'zod';
import { ZId, ZLanguage } from './common.ts';

/**
 * A project's overview in the console (issue 17): what needs attention today. Every part is there only when the
 * caller's role has its permission (an absent key: not allowed, never an empty part):
 * - `conversations` (chat.read): counts per inbox state and the conversations waiting longest for the team;
 * - `consent` (consent.tally.read): per consent form the percentage against 70%, the units that reached it, the lowest units;
 * - `forms` (forms.read): forms that close within 7 days and how many of the project's addresses have not answered;
 * - `payments` (payments.read): open payments and payments made twice (the extra ones), counts and amounts;
 * - `appointments` (appointments.read): today's and this week's (Monday to Sunday) appointments, the first of today;
 * - `activation` (addresses.read): addresses of the project without an activated account.
 * Times are ISO 8601 (UTC); the console shows them in Europe/Amsterdam.
 */
export const staffOverviewPaths = { overview: '/staff/projects/:projectId/overview' } as const;

export const ZStaffOverviewParams = z.object({ projectId: ZId });
export const ZStaffOverviewQuery = z.object({ language: ZLanguage });

/** How many conversations waiting longest are listed. */
export const OVERVIEW_WAITING_MAX = 5;
/** How many of today's appointments are listed. */
export const OVERVIEW_TODAY_MAX = 5;
/** How many building units of a consent form are listed: those with the lowest percentage. */
export const OVERVIEW_UNITS_MAX = 8;
/** Forms closing within this many days count as closing this week. */
export const OVERVIEW_FORM_DAYS = 7;

export const ZOverviewConversation = z.object({
  id: z.number().int(),
  /** The address of a resident's conversation, or null for a public visitor. */
  full_address: z.string().nullable(),
  /** A public visitor's name (or null). */
  visitor_name: z.string().nullable(),
  /** When the resident's (or visitor's) last message came in: the team has not answered since. */
  waiting_since: z.string(),
  waiting_minutes: z.number().int(),
  assigned: z.boolean(),
});

export const ZOverviewConversations = z.object({
  open: z.number().int(),
  waiting: z.number().int(),
  closed: z.number().int(),
  /** Open ones nobody was assigned to. */
  open_unassigned: z.number().int(),
  longest_waiting: z.array(ZOverviewConversation),
});

export const ZOverviewConsentUnit = z.object({
  building_unit: z.string(),
  percentage: z.number(),
  reached: z.boolean(),
  agreed_votes: z.number().int(),
  votes: z.number().int(),
  /** Fewer homes than the 70% rule needs (art. 7:220 lid 3 BW): the percentage is informative only. */
  rule_applies: z.boolean(),
});

export const ZOverviewConsentForm = z.object({
  form_id: z.number().int(),
  name: z.string(),
  threshold: z.number().int(),
  percentage: z.number(),
  reached: z.boolean(),
  units_total: z.number().int(),
  units_reached: z.number().int(),
  /** The OVERVIEW_UNITS_MAX building units with the lowest percentage, lowest first (the campaign lists them all). */
  units: z.array(ZOverviewConsentUnit),
});

export const ZOverviewForm = z.object({
  form_id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  closes_at: z.string(),
  addresses: z.number().int(),
  not_answered: z.number().int(),
});

export const ZOverviewMoney = z.object({ count: z.number().int(), amount_cents: z.number().int() });

export const ZOverviewAppointment = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  subject: z.string(),
  full_address: z.string(),
});

export const ZStaffProjectOverview = z.object({
  project: z.object({ id: z.number().int(), name: z.string(), archived: z.boolean() }),
  /** Today in Europe/Amsterdam (YYYY-MM-DD): the day the figures are for. */
  today: z.string(),
  conversations: ZOverviewConversations.optional(),
  consent: z.object({ forms: z.array(ZOverviewConsentForm) }).optional(),
  forms: z.object({ closing: z.array(ZOverviewForm) }).optional(),
  payments: z.object({ open: ZOverviewMoney, double: ZOverviewMoney }).optional(),
  appointments: z.object({
    today: z.number().int(),
    week: z.number().int(),
    /** The first of today's appointments, earliest first. */
    first_today: z.array(ZOverviewAppointment),
  }).optional(),
  activation: z.object({ addresses: z.number().int(), not_activated: z.number().int() }).optional(),
});
export type TStaffProjectOverview = z.infer<typeof ZStaffProjectOverview>;
export type TOverviewConversation = z.infer<typeof ZOverviewConversation>;
export type TOverviewConsentForm = z.infer<typeof ZOverviewConsentForm>;
export type TOverviewForm = z.infer<typeof ZOverviewForm>;
export type TOverviewAppointment = z.infer<typeof ZOverviewAppointment>;
