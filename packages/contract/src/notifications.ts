import { z } from 'zod';
import { ZExportFormat, ZId } from './common.ts';

/**
 * Notifications (issue 19): one server module tells residents what matters, per category and per
 * channel, honouring each person's preferences, quiet hours (no SMS or push between 21:00 and 08:00
 * Europe/Amsterdam unless urgent) and batching (several news items become one message; news by
 * e-mail is a daily digest by default). Every e-mail carries a one-click unsubscribe (RFC 8058) that
 * needs no login. Web push uses VAPID; a subscription belongs to the person who made it.
 */

export const NOTIFICATION_CATEGORIES = ['news', 'planning', 'chat', 'appointment', 'form', 'payment', 'dossier'] as const;
export const ZNotificationCategory = z.enum(NOTIFICATION_CATEGORIES);
export type TNotificationCategory = z.infer<typeof ZNotificationCategory>;

/** SMS costs the portal money: it is offered only for these categories (appointments and signing). */
export const SMS_CATEGORIES: readonly TNotificationCategory[] = ['appointment', 'form'];

export const notificationCategoryTexts: Record<TNotificationCategory, { label: string; description: string }> = {
  news: { label: 'Nieuws', description: 'Een nieuw nieuwsbericht over uw project.' },
  planning: { label: 'Planning', description: 'Een wijziging in de planning van uw woning.' },
  chat: { label: 'Chat', description: 'Een antwoord van het projectteam in de chat.' },
  appointment: { label: 'Afspraken', description: 'Een afspraak die gemaakt, verplaatst of geannuleerd is, en de herinnering vooraf.' },
  form: { label: 'Formulieren', description: 'Een formulier dat op u wacht of waarvan de sluitingsdatum nadert.' },
  payment: { label: 'Betalingen', description: 'Een betaling die ontvangen of terugbetaald is.' },
  dossier: { label: 'Dossier', description: 'Een nieuw document in het dossier van uw woning.' },
};

/** How e-mail for a category arrives: not at all, at once, or gathered in one daily digest. */
export const ZEmailMode = z.enum(['off', 'direct', 'digest'], { error: 'Kies hoe u e-mail wilt ontvangen.' });
export type TEmailMode = z.infer<typeof ZEmailMode>;

export const ZNotificationPreference = z.object({
  category: ZNotificationCategory,
  email: ZEmailMode,
  push: z.boolean(),
  /** Always false for a category without SMS (see SMS_CATEGORIES). */
  sms: z.boolean(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

/** Defaults that do not spam: news as a daily digest, SMS only for appointments. */
export const DEFAULT_NOTIFICATION_PREFERENCES: readonly TNotificationPreference[] = [
  { category: 'news', email: 'digest', push: true, sms: false },
  { category: 'planning', email: 'direct', push: true, sms: false },
  { category: 'chat', email: 'direct', push: true, sms: false },
  { category: 'appointment', email: 'direct', push: true, sms: true },
  { category: 'form', email: 'direct', push: true, sms: false },
  { category: 'payment', email: 'direct', push: false, sms: false },
  { category: 'dossier', email: 'direct', push: true, sms: false },
];

/** GET and PUT /occupant/notifications: the caller's own preferences (a resident's token). */
export const ZNotificationSettings = z.object({
  preferences: z.array(ZNotificationPreference),
  /** Where e-mail goes; null: no e-mail address, e-mail cannot be chosen. */
  email_address: z.string().nullable(),
  /** Where SMS goes; null: no mobile number, SMS cannot be chosen. */
  mobile: z.string().nullable(),
  /** How many devices of this person receive push messages. */
  push_devices: z.number().int(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

export const ZNotificationSettingsUpdate = z.object({
  preferences: z.array(ZNotificationPreference).min(1).max(NOTIFICATION_CATEGORIES.length),
});
export type TNotificationSettingsUpdate = z.infer<typeof ZNotificationSettingsUpdate>;

/** GET /push/public-key: the VAPID public key (base64url) for PushManager.subscribe. */
export const ZPushPublicKey = z.object({ public_key: z.string() });

/**
 * The endpoint must be a push service's: https on a public host (the server refuses loopback, private and link-local
 * addresses, also when a name resolves to one at send time: 422 here, the subscription removed then).
 */
export const pushMessages = { endpointInvalid: 'Dit pushadres is ongeldig.' } as const;

/** POST /push/subscriptions (a resident's token): the browser's PushSubscription.toJSON(). */
export const ZPushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: pushMessages.endpointInvalid }).max(2000),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type TPushSubscriptionBody = z.infer<typeof ZPushSubscriptionBody>;
/** DELETE /push/subscriptions: this device stops receiving push messages. */
export const ZPushUnsubscribeBody = z.object({ endpoint: z.string().max(2000) });

/**
 * What a push message carries (encrypted for the subscription); the service worker shows it and a
 * click opens `url` (a path inside the portal).
 */
export const ZPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  category: ZNotificationCategory,
  /** Messages with the same tag replace each other on the device. */
  tag: z.string(),
});
export type TPushPayload = z.infer<typeof ZPushPayload>;

/**
 * One-click unsubscribe without login. Every e-mail to a resident has
 * `List-Unsubscribe: <{origin}/api/public/unsubscribe?token=...>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; the token (signed, bound to one person and one
 * category) is also in the mail's footer link to the page /afmelden?token=...
 * GET tells the page what the token is for (nothing changes: link scanners open GETs); POST turns
 * e-mail for that category off. A forged or altered token answers 400 with unsubscribeMessages.invalid.
 */
export const ZUnsubscribeQuery = z.object({ token: z.string().max(500) });
export const ZUnsubscribeInfo = z.object({
  category: ZNotificationCategory,
  category_label: z.string(),
  /** The address masked (j***@example.nl). */
  email_address: z.string().nullable(),
  /** E-mail for this category is already off. */
  unsubscribed: z.boolean(),
});
export type TUnsubscribeInfo = z.infer<typeof ZUnsubscribeInfo>;
export const unsubscribeMessages = {
  invalid: 'Deze afmeldlink is ongeldig. Meld u af via uw profiel in het portaal.',
  done: (label: string) => `U ontvangt geen e-mail meer over: ${label}. U kunt dit altijd weer aanzetten in uw profiel.`,
} as const;

/** GET /staff/projects/:projectId/notifications/reach: how many residents each channel reaches. */
export const ZNotificationReachParams = z.object({ projectId: ZId });
/** The console's filter: one category (default every one). */
export const ZNotificationReachQuery = z.object({ category: ZNotificationCategory.optional(), language: z.string().optional() });
/** GET .../notifications/reach/export?format=csv|xlsx: the same rows (with the filter) as a file. */
export const ZNotificationReachExportQuery = ZNotificationReachQuery.extend({ format: ZExportFormat });
export const ZNotificationReachRow = z.object({
  category: ZNotificationCategory,
  category_label: z.string(),
  email: z.number().int(),
  push: z.number().int(),
  sms: z.number().int(),
  /** Occupants this category reaches by no channel at all. */
  none: z.number().int(),
});
export const ZNotificationReach = z.object({
  /** Occupants of the project's addresses. */
  occupants: z.number().int(),
  with_email: z.number().int(),
  with_mobile: z.number().int(),
  with_push: z.number().int(),
  categories: z.array(ZNotificationReachRow),
});
export type TNotificationReach = z.infer<typeof ZNotificationReach>;

export const notificationPaths = {
  settings: '/occupant/notifications',
  pushKey: '/push/public-key',
  pushSubscriptions: '/push/subscriptions',
  unsubscribe: '/public/unsubscribe',
  reach: '/staff/projects/:projectId/notifications/reach',
  reachExport: '/staff/projects/:projectId/notifications/reach/export',
} as const;

/** The console's reach screen (/beheer/projecten/:projectId/bereik) in Dutch. */
export const notificationReachTexts = {
  title: 'Bereik van berichten',
  nav: 'Bereik',
  crumbs: { projects: 'Projecten', reach: 'Bereik' },
  intro: 'Hoeveel bewoners van dit project u bereikt met berichten, per onderwerp en per kanaal. Bewoners kiezen dit zelf in hun profiel; wie niets koos, krijgt de standaardinstelling.',
  totals: 'Bewoners en hun kanalen',
  occupants: 'Bewoners',
  withEmail: 'Met e-mailadres',
  withMobile: 'Met mobiel nummer',
  withPush: 'Met pushberichten op een apparaat',
  filter: 'Onderwerp',
  allCategories: 'Alle onderwerpen',
  table: 'Bereik per onderwerp',
  columns: { category: 'Onderwerp', email: 'E-mail', push: 'Push', sms: 'SMS', none: 'Niet bereikt' },
  smsNotOffered: 'n.v.t.',
} as const;
