import { z } from 'zod';
import { ZId, ZLanguage } from './common.ts';
import { ZNewPassword } from './auth.ts';
import { householdMessages, OCCUPANT_MAX_LENGTH, occupantEmailProblem, occupantPhoneProblem } from './household-rules.ts';
import { PASSWORD_MAX_LENGTH, tooLongMessage } from './validation.ts';

/**
 * Household accounts: the people living at the caller's address. A resident sees and changes only
 * their own household; another address's occupant id answers 404. Everyone with an account (a
 * password) logs in with the address's postcode and house number and their own password.
 *
 * Roles. The holder (hoofdbewoner) is the account holder of the address: the person who activated
 * it (is_holder). Everyone else is a member (gezinslid). Both may add members (at most 10 people per
 * address), change anyone's name, gender, phone numbers and preference, and delete members. Only:
 * - the holder's e-mail address is changed by the holder alone (a member gets 403);
 * - the e-mail address of a member with an account is changed by that member or the holder (403
 *   for other members); a person without an account may be given any address by anyone;
 * - the holder cannot be deleted (403), nor can anyone delete their own account here (422);
 * - a password is changed only by its owner, through POST /occupant/new-password with the current
 *   one; no call changes another person's password.
 * A new e-mail address for a person with an account is not stored at once: a link (valid
 * EMAIL_CHANGE_HOURS, single use) goes to the new address, a notice to the old one, and the address
 * changes when the link is confirmed (POST /public/confirm-email); until then it shows as
 * pending_email_address. Removing the address (empty) takes effect at once and the old address is told.
 * can_change_email and can_delete tell the caller what it may do with each person.
 */

export const ZOccupantGender = z.enum(['M', 'F', 'U'], { error: householdMessages.genderRequired });

export const ZOccupant = z.object({
  id: z.number(),
  full_name: z.string(),
  first_name: z.string(),
  affix: z.string().nullable(),
  last_name: z.string(),
  gender: ZOccupantGender,
  email_address: z.string().nullable(),
  telephone: z.string().nullable(),
  mobile: z.string().nullable(),
  prefer_email: z.boolean(),
  /** The person has a password and can log in. */
  has_account: z.boolean(),
  /** The person the token belongs to. */
  is_self: z.boolean(),
  /** The holder of the address (hoofdbewoner); everyone else is a member (gezinslid). */
  is_holder: z.boolean(),
  /** A new e-mail address waiting for its confirmation link to be opened; null when none. */
  pending_email_address: z.string().nullable(),
  /** The caller may change this person's e-mail address. */
  can_change_email: z.boolean(),
  /** The caller may delete this person (never themselves, never the holder). */
  can_delete: z.boolean(),
});
export type TOccupant = z.infer<typeof ZOccupant>;
export const ZOccupantList = z.array(ZOccupant);

/** An empty optional text becomes null. */
const optionalText = (max: number) =>
  z.string().max(max, tooLongMessage(max)).nullish().transform((v) => (v?.trim() ? v.trim() : null));

/** A required name; too long is said as such (the schema's own error is the 'fill in' text). */
const requiredName = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLongMessage(max));

const occupantFields = {
  first_name: requiredName(OCCUPANT_MAX_LENGTH.first_name, householdMessages.firstNameRequired),
  affix: optionalText(OCCUPANT_MAX_LENGTH.affix),
  last_name: requiredName(OCCUPANT_MAX_LENGTH.last_name, householdMessages.lastNameRequired),
  gender: ZOccupantGender,
  email_address: optionalText(OCCUPANT_MAX_LENGTH.email_address).refine((v) => !occupantEmailProblem(v), householdMessages.emailInvalid),
  telephone: optionalText(OCCUPANT_MAX_LENGTH.telephone).superRefine((v, ctx) => {
    const problem = occupantPhoneProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  mobile: optionalText(OCCUPANT_MAX_LENGTH.mobile).superRefine((v, ctx) => {
    const problem = occupantPhoneProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  prefer_email: z.boolean().default(true),
  language: ZLanguage,
};

/** POST /occupant/occupant/{id}: update a member of the household (no password here). */
export const ZOccupantUpdateBody = z.object(occupantFields);
export type TOccupantUpdateBody = z.input<typeof ZOccupantUpdateBody>;

/** POST /occupant/occupants/: a new member of the household, always with an account (a password). */
export const ZOccupantCreateBody = z.object({ ...occupantFields, password: ZNewPassword });
export type TOccupantCreateBody = z.input<typeof ZOccupantCreateBody>;

export const ZOccupantParams = z.object({ id: ZId });

export const ZOccupantResult = z.object({ success: z.literal(true), message: z.string(), occupant: ZOccupant });
export type TOccupantResult = z.infer<typeof ZOccupantResult>;

/** POST /occupant/new-password: the current password and the new one. */
export const ZNewPasswordBody = z.object({
  password: z.string({ error: householdMessages.passwordRequired }).min(1, householdMessages.passwordRequired).max(PASSWORD_MAX_LENGTH, tooLongMessage(PASSWORD_MAX_LENGTH)),
  new_password: ZNewPassword,
  language: ZLanguage,
});
export type TNewPasswordBody = z.input<typeof ZNewPasswordBody>;

/**
 * Every session of the account ends when its password changes; the answer carries a new token for
 * the device that made the change, which the web stores in place of the old one.
 */
export const ZNewPasswordResult = z.object({ success: z.literal(true), message: z.string(), token: z.string() });
export type TNewPasswordResult = z.infer<typeof ZNewPasswordResult>;

export const ZOccupantDeleteResult = z.object({ success: z.literal(true), message: z.string() });

/** POST /public/confirm-email: the code from the link /email/bevestigen/{code} sent to the new address. */
export const ZConfirmEmailBody = z.object({
  code: z.string({ error: householdMessages.emailConfirmInvalid }).min(1, householdMessages.emailConfirmInvalid).max(200, householdMessages.emailConfirmInvalid),
  language: ZLanguage,
});
export type TConfirmEmailBody = z.input<typeof ZConfirmEmailBody>;
export const ZConfirmEmailResult = z.object({ success: z.literal(true), message: z.string(), email_address: z.string() });
export type TConfirmEmailResult = z.infer<typeof ZConfirmEmailResult>;

export const householdPaths = {
  list: '/occupant/occupants',
  one: '/occupant/occupant/:id',
  create: '/occupant/occupants/',
  update: '/occupant/occupant/:id',
  newPassword: '/occupant/new-password',
  delete: '/occupant/occupant/delete/:id',
  confirmEmail: '/public/confirm-email',
} as const;
