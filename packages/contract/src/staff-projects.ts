import { z } from 'zod';
import { CHAT_NOTIFICATION_SHOW, HOUR_PATTERN, WEEKDAYS, type TWeekday } from './chat-rules.ts';
import { brandColorProblem } from './brand-color-rules.ts';
import { ZId, ZPageQuery } from './common.ts';
import { isSitePath } from './staff-html.ts';
import { DEFAULT_MODULE_LABELS, MODULE_NAMES, type TModuleName } from './modules.ts';
import { ZModuleName } from './project.ts';
import { tooLongMessage } from './validation.ts';

/**
 * The staff console's customer settings (customer administrators) and projects (GET/PUT for the
 * projects an account reaches; create, archive and restore for customer administrators), under
 * /staff/... with the OpenAPI tag 'staff'. The same schemas check the console's forms and the server.
 */

export const STAFF_PROJECT_LIMITS = {
  name: 200,
  description: 1000,
  website: 500,
  loginUrl: 500,
  policyUrl: 500,
  termsText: 10_000,
  hosts: 20,
  host: 253,
  moduleName: 60,
  welcomeMessage: 50_000,
  supportBaseProgress: 1000,
  workOrderMessage: 2000,
  notificationTitle: 200,
  notificationText: 2000,
  search: 100,
} as const;

/** A logo upload: png or jpeg (by content), at most this many bytes; stored at most LOGO_MAX_SIDE px wide and high. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_SIDE = 1024;

export const staffProjectMessages = {
  nameRequired: 'Vul een naam in',
  websiteInvalid: 'Vul een geldig webadres in, beginnend met https://',
  loginUrlRequired: 'Vul het inlogadres voor bewoners in',
  loginUrlInvalid: 'Vul een pad in dat met / begint (bijvoorbeeld /inloggen) of een volledig webadres met https://',
  policyUrlRequired: 'Vul een pad op de website in (bijvoorbeeld /privacyverklaring) of een volledig webadres met https://',
  policyUrlInvalid: 'Vul een pad in dat met / begint (bijvoorbeeld /privacyverklaring) of een volledig webadres met https://',
  hostsRequired: 'Vul minimaal één hostnaam in',
  hostsTooMany: `Gebruik maximaal ${STAFF_PROJECT_LIMITS.hosts} hostnamen`,
  hostInvalid: 'Vul een geldige hostnaam in, bijvoorbeeld portaal.voorbeeld.nl (zonder https:// en zonder /)',
  hostTwice: 'Deze hostnaam staat er al in',
  hostTaken: (host: string) => `De hostnaam ${host} is al in gebruik bij een andere klant`,
  hourInvalid: 'Vul een tijd in als uu:mm, bijvoorbeeld 08:00',
  notificationTextRequired: 'Vul de tekst van de melding in',
  moduleNameRequired: 'Vul een naam in voor deze module',
  moduleTwice: 'Deze module staat er twee keer in',
  logoType: 'Kies een logo als PNG- of JPG-afbeelding',
  logoMissing: 'Kies een afbeelding om te uploaden',
  logoTooLarge: (maxMb: number) => `Het logo is te groot: maximaal ${String(maxMb).replace('.', ',')} MB`,
  projectNotFound: 'Project niet gevonden',
} as const;

// ---- field rules ---------------------------------------------------------------------------------

const requiredText = (max: number, required: string) => z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, tooLongMessage(max));
const optionalText = (max: number) => z.string().trim().max(max, tooLongMessage(max));

/** An http(s) address with a host name ('https://www.example.nl/pad'). */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0 && (url.hostname.includes('.') || url.hostname === 'localhost');
  } catch {
    return false;
  }
}

const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^${HOST_LABEL}(?:\\.${HOST_LABEL})*$`);

/**
 * A host name the portal may answer on, as the customer is found by host: lower-case DNS names
 * ('portaal.example.nl', 'localhost'), an IPv4 address, or '*' (the customer that serves every host no
 * other customer claims).
 */
export function isHostName(value: string): boolean {
  if (value === '*') return true;
  if (value.length > STAFF_PROJECT_LIMITS.host) return false;
  if (/^\d+(?:\.\d+){3}$/.test(value)) return value.split('.').every((n) => Number(n) <= 255 && String(Number(n)) === n);
  return HOST_NAME.test(value);
}

/** A brand colour: '#rrggbb' that white text is readable on (contrast of at least 4.5:1). */
export const ZBrandColor = z.string().trim().superRefine((value, ctx) => {
  const problem = brandColorProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A website: empty (none) or an http(s) address. */
export const ZWebsite = optionalText(STAFF_PROJECT_LIMITS.website).refine((v) => v === '' || isWebUrl(v), staffProjectMessages.websiteInvalid);

export const ZHostName = z.string().trim().toLowerCase().refine(isHostName, staffProjectMessages.hostInvalid);

/** The address residents log in at: a path of the portal ('/inloggen'; not '//x' or '/\\x', another site) or a whole http(s) address. */
export const ZLoginUrl = requiredText(STAFF_PROJECT_LIMITS.loginUrl, staffProjectMessages.loginUrlRequired)
  .refine((v) => isSitePath(v) || isWebUrl(v), staffProjectMessages.loginUrlInvalid);

/** A policy's address: a path on the customer's website ('/privacyverklaring') or a whole http(s) address. */
export const ZPolicyUrl = requiredText(STAFF_PROJECT_LIMITS.policyUrl, staffProjectMessages.policyUrlRequired)
  .refine((v) => isSitePath(v) || isWebUrl(v), staffProjectMessages.policyUrlInvalid);

/**
 * The address a policy setting leads to, as the portal links it: a whole address as it is, a path behind the
 * customer's website; null when it is a path and there is no website to put it on.
 */
export function resolvePolicyUrl(website: string | null, value: string): string | null {
  const setting = value.trim();
  const site = website?.trim() ?? '';
  if (isWebUrl(setting)) return setting;
  if (!isSitePath(setting) || !isWebUrl(site)) return null;
  return `${site.replace(/\/+$/, '')}${setting}`;
}

/** Marks every host name that is in the list before. */
function checkUniqueHosts(hosts: string[], ctx: z.RefinementCtx) {
  hosts.forEach((host, i) => {
    if (hosts.indexOf(host) < i) ctx.addIssue({ code: 'custom', path: [i], message: staffProjectMessages.hostTwice });
  });
}

export const ZHostList = z.array(ZHostName)
  .min(1, staffProjectMessages.hostsRequired)
  .max(STAFF_PROJECT_LIMITS.hosts, staffProjectMessages.hostsTooMany)
  .superRefine(checkUniqueHosts);

// ---- the chat notification of the customer ------------------------------------------------------

const weekdayFlags = Object.fromEntries(WEEKDAYS.map((day) => [day, z.boolean()])) as Record<TWeekday, z.ZodBoolean>;

/**
 * The notice above the chat, the customer's default for its projects: 'on' always, 'off' never,
 * 'between' outside the opening hours (the flagged weekdays from from_hour till till_hour,
 * Europe/Amsterdam). The out-of-hours rule is `isNotificationVisible` of chat-rules.ts.
 */
export const ZStaffChatNotification = z.object({
  show: z.enum(CHAT_NOTIFICATION_SHOW),
  title: optionalText(STAFF_PROJECT_LIMITS.notificationTitle),
  text: optionalText(STAFF_PROJECT_LIMITS.notificationText),
  ...weekdayFlags,
  from_hour: z.string().regex(HOUR_PATTERN, staffProjectMessages.hourInvalid),
  till_hour: z.string().regex(HOUR_PATTERN, staffProjectMessages.hourInvalid),
}).superRefine((value, ctx) => {
  if (value.show !== 'off' && !value.text) ctx.addIssue({ code: 'custom', path: ['text'], message: staffProjectMessages.notificationTextRequired });
});
export type TStaffChatNotification = z.infer<typeof ZStaffChatNotification>;

// ---- customer -----------------------------------------------------------------------------------

/** PUT /staff/customer: the customer's settings (the logo has its own upload). */
export const ZStaffCustomerBody = z.object({
  name: requiredText(STAFF_PROJECT_LIMITS.name, staffProjectMessages.nameRequired),
  color_primary: ZBrandColor,
  color_secondary: ZBrandColor,
  website: ZWebsite,
  domains: ZHostList,
  login_url_occupants: ZLoginUrl,
  notification: ZStaffChatNotification,
  /** Left out: stays as stored. The paths are on the website; a whole address goes elsewhere. */
  terms_url: ZPolicyUrl.optional(),
  privacy_url: ZPolicyUrl.optional(),
  cookies_url: ZPolicyUrl.optional(),
  /** Plain text, paragraphs split by a blank line; empty: the portal's own text (DEFAULT_TERMS_TEXT). Left out: stays as stored. */
  terms_text: optionalText(STAFF_PROJECT_LIMITS.termsText).optional(),
});
export type TStaffCustomerBody = z.infer<typeof ZStaffCustomerBody>;

/** GET /staff/customer: the settings, the logo's address and the staff's requirement of a second factor. */
export const ZStaffCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  color_primary: z.string(),
  color_secondary: z.string(),
  website: z.string().nullable(),
  domains: z.array(z.string()),
  login_url_occupants: z.string(),
  terms_url: z.string(),
  privacy_url: z.string(),
  cookies_url: z.string(),
  /** The customer's own terms, or the portal's (DEFAULT_TERMS_TEXT) when it has none. */
  terms_text: z.string(),
  notification: z.object({
    show: z.enum(CHAT_NOTIFICATION_SHOW),
    title: z.string(),
    text: z.string(),
    ...weekdayFlags,
    from_hour: z.string(),
    till_hour: z.string(),
  }),
});
export type TStaffCustomer = z.infer<typeof ZStaffCustomer>;

// ---- projects -----------------------------------------------------------------------------------

/** What a new project starts with: the modules that work without any set-up, in this order. */
export const DEFAULT_PROJECT_MODULES: readonly TModuleName[] = ['news', 'information', 'scheduling', 'work_order', 'contacts', 'faq', 'messages', 'documents', 'complaints'];

export const ZStaffProjectModule = z.object({
  name: ZModuleName,
  display_name: requiredText(STAFF_PROJECT_LIMITS.moduleName, staffProjectMessages.moduleNameRequired),
});
export type TStaffProjectModule = z.infer<typeof ZStaffProjectModule>;

/** The modules that are on, in the dashboard's order; each module at most once. */
export const ZStaffProjectModules = z.array(ZStaffProjectModule).max(MODULE_NAMES.length).superRefine((modules, ctx) => {
  modules.forEach((m, i) => {
    if (modules.findIndex((other) => other.name === m.name) < i) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: staffProjectMessages.moduleTwice });
  });
});

/** A project's own colour, or none: the customer's colour then applies. */
const ZOptionalBrandColor = z.string().trim().superRefine((value, ctx) => {
  const problem = value === '' ? null : brandColorProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * PUT /staff/projects/{id}. Empty colours and website fall back on the customer's; the complaints
 * module's name is `module_18_name` (its display_name in `modules` is set from it). `welcome_message`
 * is HTML, sanitised when stored.
 */
export const ZStaffProjectBody = z.object({
  name: requiredText(STAFF_PROJECT_LIMITS.name, staffProjectMessages.nameRequired),
  description: optionalText(STAFF_PROJECT_LIMITS.description),
  color_primary: ZOptionalBrandColor,
  color_secondary: ZOptionalBrandColor,
  website: ZWebsite,
  is_public: z.boolean(),
  modules: ZStaffProjectModules,
  module_18_name: requiredText(STAFF_PROJECT_LIMITS.moduleName, staffProjectMessages.moduleNameRequired),
  welcome_message: z.string().max(STAFF_PROJECT_LIMITS.welcomeMessage, tooLongMessage(STAFF_PROJECT_LIMITS.welcomeMessage)),
  support_base_progress: optionalText(STAFF_PROJECT_LIMITS.supportBaseProgress),
  work_order_show_image: z.boolean(),
  work_order_message: optionalText(STAFF_PROJECT_LIMITS.workOrderMessage),
});
export type TStaffProjectBody = z.infer<typeof ZStaffProjectBody>;

/** POST /staff/projects: a new project with a name; it starts hidden from the public with DEFAULT_PROJECT_MODULES. */
export const ZStaffProjectCreateBody = z.object({
  name: requiredText(STAFF_PROJECT_LIMITS.name, staffProjectMessages.nameRequired),
  description: optionalText(STAFF_PROJECT_LIMITS.description),
});
export type TStaffProjectCreateBody = z.infer<typeof ZStaffProjectCreateBody>;

/** What a project falls back on where it has no value of its own: the customer's branding. */
export const ZStaffProjectInherited = z.object({
  logo: z.string().nullable(),
  color_primary: z.string(),
  color_secondary: z.string(),
  website: z.string().nullable(),
});

export const ZStaffProject = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The project's own logo; null: the customer's (inherited.logo) shows. */
  logo_url: z.string().nullable(),
  color_primary: z.string().nullable(),
  color_secondary: z.string().nullable(),
  website: z.string().nullable(),
  is_public: z.boolean(),
  modules: z.array(z.object({ name: ZModuleName, display_name: z.string() })),
  module_18_name: z.string(),
  welcome_message: z.string(),
  support_base_progress: z.string().nullable(),
  work_order_show_image: z.boolean(),
  work_order_message: z.string().nullable(),
  /** ISO time of archiving; null while the project is live. */
  archived_at: z.string().nullable(),
  updated_at: z.string(),
  inherited: ZStaffProjectInherited,
});
export type TStaffProject = z.infer<typeof ZStaffProject>;

export const ZStaffProjectListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  color_primary: z.string(),
  is_public: z.boolean(),
  archived_at: z.string().nullable(),
});
export type TStaffProjectListItem = z.infer<typeof ZStaffProjectListItem>;
export const ZStaffProjectList = z.array(ZStaffProjectListItem);

export const STAFF_PROJECT_STATUSES = ['active', 'archived', 'all'] as const;
export type TStaffProjectStatus = (typeof STAFF_PROJECT_STATUSES)[number];

/**
 * GET /staff/projects: by name (A-Z), paged (`before` = the last project held, X-Has-More); `q` searches
 * the name, `status` chooses live projects (default), archived ones or both.
 */
export const ZStaffProjectListQuery = ZPageQuery.extend({
  q: z.string().trim().max(STAFF_PROJECT_LIMITS.search).optional(),
  status: z.enum(STAFF_PROJECT_STATUSES).optional(),
});
export type TStaffProjectListQuery = z.infer<typeof ZStaffProjectListQuery>;

export const ZStaffProjectParams = z.object({ id: ZId });

/** The module list as the console edits it: every module, those that are on first (in order), then the rest. */
export function editableModules(project: Pick<TStaffProject, 'modules' | 'module_18_name'>): Array<TStaffProjectModule & { enabled: boolean }> {
  const on = project.modules.map((m) => ({ name: m.name, display_name: m.name === 'complaints' ? project.module_18_name : m.display_name, enabled: true }));
  const off = MODULE_NAMES.filter((name) => !project.modules.some((m) => m.name === name))
    .map((name) => ({ name, display_name: name === 'complaints' ? project.module_18_name : DEFAULT_MODULE_LABELS[name], enabled: false }));
  return [...on, ...off];
}

export const staffProjectPaths = {
  customer: '/staff/customer',
  customerLogo: '/staff/customer/logo',
  projects: '/staff/projects',
  project: (id: number) => `/staff/projects/${id}`,
  projectLogo: (id: number) => `/staff/projects/${id}/logo`,
  archive: (id: number) => `/staff/projects/${id}/archive`,
  restore: (id: number) => `/staff/projects/${id}/restore`,
} as const;
