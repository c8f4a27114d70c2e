import { z } from 'zod';
import { ZExportFormat, ZId, ZLanguage, ZPageQuery } from './common.ts';
import { ZNewPassword } from './auth.ts';
import { ZStaffRole } from './permissions.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, tooLongMessage } from './validation.ts';

/**
 * The staff console's login (e-mail, password, then a TOTP code or a recovery code), TOTP enrolment,
 * staff accounts and the audit log. Paths are relative to the API base (/api).
 */
export const staffAuthPaths = {
  login: '/staff/login',
  loginTotp: '/staff/login/totp',
  totpStart: '/staff/totp/start',
  totpConfirm: '/staff/totp/confirm',
  totp: '/staff/totp',
  recoveryCodes: '/staff/totp/recovery-codes',
  me: '/staff/me',
  password: '/staff/password',
  passwordLink: '/staff/password-link',
  forgotPassword: '/staff/forgot-password',
  accounts: '/staff/accounts',
  account: '/staff/accounts/:id',
  accountResetTotp: '/staff/accounts/:id/reset-totp',
  accountInvite: '/staff/accounts/:id/invite',
  accountProjects: '/staff/accounts/projects',
  security: '/staff/security',
  audit: '/staff/audit',
  auditExport: '/staff/audit/export',
} as const;

export const staffAuthMessages = {
  emailRequired: 'Vul een e-mailadres in',
  emailInvalid: 'Vul een geldig e-mailadres in',
  passwordRequired: 'Vul een wachtwoord in',
  nameRequired: 'Vul een naam in',
  /** The uniform answer of a failed console login: unknown e-mail, wrong password, no console access, disabled. */
  loginFailed: 'E-mailadres en/of wachtwoord onjuist',
  codeRequired: 'Vul de verificatiecode in',
  codeFormat: 'De verificatiecode bestaat uit 6 cijfers',
  recoveryRequired: 'Vul een herstelcode in',
  codeInvalid: 'De code is onjuist of al gebruikt',
  ticketInvalid: 'Uw inlogpoging is verlopen. Log opnieuw in.',
  totpNotStarted: 'Start eerst het instellen van de tweestapsverificatie.',
  totpRequired: 'Uw organisatie verplicht tweestapsverificatie: u kunt deze niet uitzetten.',
  totpNotEnabled: 'Tweestapsverificatie staat niet aan.',
  emailTaken: 'Er bestaat al een account met dit e-mailadres',
  projectsInvalid: 'Kies alleen projecten van uw organisatie',
  ownAccount: 'U kunt uw eigen rol of toegang niet wijzigen',
  resetLinkInvalid: 'De link om uw wachtwoord in te stellen is ongeldig of verlopen.',
  currentPasswordWrong: 'Het huidige wachtwoord is onjuist',
} as const;

/** A TOTP code: 6 digits (spaces are ignored, as authenticator apps show '123 456'). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as we hand it out: 'abcde-12345' (10 characters of a-z and 2-9, grouped by five). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/i;
export const RECOVERY_CODE_COUNT = 10;
/** Minutes a console login may sit between the password and the code (the ticket's life). */
export const STAFF_TICKET_MINUTES = 10;
export const STAFF_NAME_MAX_LENGTH = 120;

const ZEmail = z
  .string({ error: staffAuthMessages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, staffAuthMessages.emailRequired)
  .max(EMAIL_MAX_LENGTH, tooLongMessage(EMAIL_MAX_LENGTH))
  .pipe(z.email({ error: staffAuthMessages.emailInvalid }));

/** A code as typed: spaces removed. Either a TOTP code or a recovery code; the server tells which. */
const ZCode = z
  .string({ error: staffAuthMessages.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, staffAuthMessages.codeRequired).max(20, staffAuthMessages.codeInvalid));
const ZTotpCode = z
  .string({ error: staffAuthMessages.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, staffAuthMessages.codeRequired).regex(TOTP_CODE_PATTERN, staffAuthMessages.codeFormat));
const ZTicket = z.string().min(1).max(200);

// --- login -----------------------------------------------------------------------------------------

export const ZStaffLoginBody = z.object({
  email: ZEmail,
  password: z.string({ error: staffAuthMessages.passwordRequired }).min(1, staffAuthMessages.passwordRequired).max(PASSWORD_MAX_LENGTH),
  language: ZLanguage,
});
export type TStaffLoginBody = z.input<typeof ZStaffLoginBody>;

/** Signed in: the console's bearer token. After a recovery code, how many unused ones are left. */
export const ZStaffSignedIn = z.object({
  status: z.literal('signed-in'),
  token: z.string(),
  recovery_codes_left: z.number().int().optional(),
});
export type TStaffSignedIn = z.infer<typeof ZStaffSignedIn>;

/**
 * After a correct password: 'totp' (ask the code, then POST /staff/login/totp with the ticket), 'enrol'
 * (the customer requires TOTP and the account has none: POST /staff/totp/start and /confirm with the
 * ticket), or signed in at once.
 */
export const ZStaffLoginAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('totp'), ticket: z.string() }),
  z.object({ status: z.literal('enrol'), ticket: z.string() }),
  ZStaffSignedIn,
]);
export type TStaffLoginAnswer = z.infer<typeof ZStaffLoginAnswer>;

export const ZStaffTotpLoginBody = z.object({ ticket: ZTicket, code: ZCode, language: ZLanguage });
export type TStaffTotpLoginBody = z.input<typeof ZStaffTotpLoginBody>;

// --- TOTP enrolment --------------------------------------------------------------------------------

/** With the ticket of an 'enrol' answer, or without one in a console session. */
export const ZTotpStartBody = z.object({ ticket: ZTicket.optional(), language: ZLanguage }).nullish();
export const ZTotpStart = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of otpauth_url as an SVG document (the server's own, safe to show as an image). */
  qr_svg: z.string(),
});
export type TTotpStart = z.infer<typeof ZTotpStart>;

export const ZTotpConfirmBody = z.object({ code: ZTotpCode, ticket: ZTicket.optional(), language: ZLanguage });
export type TTotpConfirmBody = z.input<typeof ZTotpConfirmBody>;
/** The ten recovery codes, shown once; `token` when the enrolment came with a login ticket (signed in now). */
export const ZTotpConfirm = z.object({ recovery_codes: z.array(z.string()), token: z.string().optional() });
export type TTotpConfirm = z.infer<typeof ZTotpConfirm>;

export const ZTotpCodeBody = z.object({ code: ZTotpCode, language: ZLanguage });
export type TTotpCodeBody = z.input<typeof ZTotpCodeBody>;
export const ZRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

// --- passwords -------------------------------------------------------------------------------------

/** Setting a password with the link of an invitation or a reset mail (/beheer/wachtwoord/:token). */
export const ZStaffPasswordLinkBody = z.object({ token: ZTicket, password: ZNewPassword, language: ZLanguage });
export type TStaffPasswordLinkBody = z.input<typeof ZStaffPasswordLinkBody>;
export const ZStaffPasswordLinkCheckQuery = z.object({ token: ZTicket, language: ZLanguage });
export const ZStaffPasswordLinkCheck = z.object({ valid: z.boolean(), email: z.string().nullable() });
export type TStaffPasswordLinkCheck = z.infer<typeof ZStaffPasswordLinkCheck>;

export const ZStaffChangePasswordBody = z.object({
  current_password: z.string({ error: staffAuthMessages.passwordRequired }).min(1, staffAuthMessages.passwordRequired).max(PASSWORD_MAX_LENGTH),
  password: ZNewPassword,
  language: ZLanguage,
});
export type TStaffChangePasswordBody = z.input<typeof ZStaffChangePasswordBody>;

export const ZStaffForgotPasswordBody = z.object({ email: ZEmail, language: ZLanguage });

// --- accounts --------------------------------------------------------------------------------------

export const ZStaffAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: ZStaffRole,
  /** The projects the account works on (empty for a role that reaches all of the customer's projects). */
  project_ids: z.array(z.number().int()),
  totp_enabled: z.boolean(),
  disabled: z.boolean(),
  /** ISO 8601, or null before the first console login. */
  last_login_at: z.string().nullable(),
  /** Has set a password (an invited account has not until it follows the mail's link). */
  has_password: z.boolean(),
});
export type TStaffAccount = z.infer<typeof ZStaffAccount>;
export const ZStaffAccountList = z.array(ZStaffAccount);

export const ZStaffAccountQuery = ZPageQuery.extend({
  q: z.string().trim().max(200).optional().describe('Part of the name or e-mail address.'),
  language: ZLanguage,
});
export type TStaffAccountQuery = z.input<typeof ZStaffAccountQuery>;

const ZStaffName = z
  .string({ error: staffAuthMessages.nameRequired })
  .trim()
  .min(1, staffAuthMessages.nameRequired)
  .max(STAFF_NAME_MAX_LENGTH, tooLongMessage(STAFF_NAME_MAX_LENGTH));
const ZProjectIds = z.array(ZId).max(1000).default([]);

export const ZStaffAccountCreate = z.object({
  name: ZStaffName,
  email: ZEmail,
  role: ZStaffRole,
  project_ids: ZProjectIds,
  language: ZLanguage,
});
export type TStaffAccountCreate = z.input<typeof ZStaffAccountCreate>;

export const ZStaffAccountUpdate = z.object({
  name: ZStaffName,
  role: ZStaffRole,
  project_ids: ZProjectIds,
  disabled: z.boolean(),
  language: ZLanguage,
});
export type TStaffAccountUpdate = z.input<typeof ZStaffAccountUpdate>;

/** The customer's projects to choose from when giving an editor projects (archived ones included, marked). */
export const ZStaffProjectChoice = z.object({ id: z.number().int(), name: z.string(), archived: z.boolean() });
export const ZStaffProjectChoices = z.array(ZStaffProjectChoice);
export type TStaffProjectChoice = z.infer<typeof ZStaffProjectChoice>;

export const ZStaffSecurity = z.object({ require_totp: z.boolean() });
export type TStaffSecurity = z.infer<typeof ZStaffSecurity>;
export const ZStaffSecurityBody = ZStaffSecurity.extend({ language: ZLanguage });

// --- audit log -------------------------------------------------------------------------------------

export const ZAuditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  user_id: z.number().int().nullable(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  project_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** Where it was done: console, partner (the partner portal), acting (for one address through a login link). */
  face: z.enum(['resident', 'acting', 'partner', 'console']).nullable(),
  /** For requests logged ahead of their handler: the answer's HTTP status (null while it runs, or for the console's own changes). */
  outcome: z.number().int().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditList = z.array(ZAuditEntry);

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Vul een datum in als JJJJ-MM-DD');
export const ZAuditQuery = ZPageQuery.extend({
  user_id: ZId.optional(),
  entity: z.string().trim().max(50).optional(),
  action: z.string().trim().max(50).optional(),
  project_id: ZId.optional(),
  face: z.enum(['resident', 'acting', 'partner', 'console']).optional(),
  /** From this day (Europe/Amsterdam) up to and including `to`. */
  from: ZDay.optional(),
  to: ZDay.optional(),
  q: z.string().trim().max(200).optional(),
  language: ZLanguage,
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;
/** The export of the audit log: the same filters, at most AUDIT_EXPORT_MAX entries (newest first), as CSV or XLSX. */
export const AUDIT_EXPORT_MAX = 50_000;
export const ZAuditExportQuery = ZAuditQuery.omit({ before: true, limit: true }).extend({ format: ZExportFormat });
