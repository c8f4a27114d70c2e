import { z } from 'zod';
import { ZId, ZLanguage } from './common.ts';
import {
  LOGIN_FIELD_MAX_LENGTH, messages, normalizeAlnum, PASSWORD_MAX_LENGTH, passwordStrengthMessage, POSTCODE_MAX_LENGTH, tooLongMessage, USERNAME_MAX_LENGTH,
} from './validation.ts';

export const ROLES = ['occupant', 'partner', 'woco', 'administrator'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ZPostcode = z
  .string({ error: messages.postcodeRequired })
  .transform(normalizeAlnum)
  .pipe(z.string().min(1, messages.postcodeRequired).max(POSTCODE_MAX_LENGTH, messages.postcodeTooLong));

export const ZHouseNumber = z
  .string({ error: messages.houseNumberRequired })
  .transform(normalizeAlnum)
  .pipe(z.string().min(1, messages.houseNumberRequired).max(12, messages.houseNumberRequired));

export const ZNewPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, tooLongMessage(PASSWORD_MAX_LENGTH))
  .superRefine((value, ctx) => {
    const problem = value ? passwordStrengthMessage(value) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * A resident logs in with postcode + house number (upper-cased, letters and digits only); a partner
 * with a username instead. The password field also takes an activation code.
 */
export const ZLoginBody = z
  .object({
    username: z.string().trim().max(USERNAME_MAX_LENGTH).optional(),
    zipcode: z.string().max(LOGIN_FIELD_MAX_LENGTH).transform(normalizeAlnum).optional(),
    house_number: z.string().max(LOGIN_FIELD_MAX_LENGTH).transform(normalizeAlnum).optional(),
    password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    web: z.boolean().optional(),
    language: ZLanguage,
  })
  .superRefine((body, ctx) => {
    // All missing fields are reported together, so the form can mark each one.
    if (!body.password) ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordOrCodeRequired });
    if (body.username) return;
    if (!body.zipcode) ctx.addIssue({ code: 'custom', path: ['zipcode'], message: messages.postcodeRequired });
    else if (body.zipcode.length > POSTCODE_MAX_LENGTH) ctx.addIssue({ code: 'custom', path: ['zipcode'], message: messages.postcodeTooLong });
    if (!body.house_number) ctx.addIssue({ code: 'custom', path: ['house_number'], message: messages.houseNumberRequired });
  });
export type TLoginBody = z.input<typeof ZLoginBody>;

export const ZBranding = z.object({
  logo: z.string().nullable(),
  color_primary: z.string(),
  color_secondary: z.string(),
  website: z.string().nullable(),
  notification: z.string().nullable(),
});
export type TBranding = z.infer<typeof ZBranding>;

export const ZCustomerRef = z.object({ id: z.number(), name: z.string() });
export const ZProjectRef = z.object({ id: z.number(), name: z.string(), customer_id: z.number() });
export type TProjectRef = z.infer<typeof ZProjectRef>;

export const ZLoginResponse = z.object({
  success: z.boolean(),
  /**
   * 'activate-account': the password field held an activation code. 'totp': a staff account whose
   * second factor is on (or required by its customer) sends a code from its authenticator app (or a
   * recovery code) with `ticket` to POST /public/login/totp.
   */
  action: z.enum(['activate-account', 'totp']).optional(),
  ticket: z.string().optional(),
  message: z.string().optional(),
  token: z.string().optional(),
  api_url: z.string().optional(),
  admin_token: z.string().nullable().optional(),
  role: ZRole.optional(),
  id: z.number().optional(),
  address_id: z.number().nullable().optional(),
  is_admin: z.boolean().optional(),
  logo: z.string().nullable().optional(),
  color_primary: z.string().optional(),
  color_secondary: z.string().optional(),
  website: z.string().nullable().optional(),
  notification: z.string().nullable().optional(),
  customers: z.array(ZCustomerRef).optional(),
  projects: z.array(ZProjectRef).optional(),
  modules: z.array(z.string()).optional(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZAutoLoginQuery = z.object({ web: z.coerce.boolean().optional(), language: ZLanguage });

/** The answer to an activation carries a single-use ticket for the auto-login at /occupant/auth/{id}. */
export const ZActivateResponse = z.object({ success: z.literal(true), id: z.number(), token: z.string(), message: z.string() });
export type TActivateResponse = z.infer<typeof ZActivateResponse>;

export const ZForgotPasswordBody = z.object({
  username: z.string({ error: messages.usernameRequired }).trim().min(1, messages.usernameRequired).max(USERNAME_MAX_LENGTH, tooLongMessage(USERNAME_MAX_LENGTH)),
  language: ZLanguage,
});

export const ZSetPasswordBody = z.object({
  password: ZNewPassword,
  username: z.string().min(1).max(254),
  zipcode: z.string().max(20).optional(),
  house_number: z.string().max(20).optional(),
  code: z.string().min(1).max(200),
  language: ZLanguage,
});
export type TSetPasswordBody = z.input<typeof ZSetPasswordBody>;

/** Not in the spec: the reset page asks on opening whether its link still works (unused, not expired, this account). */
export const ZResetLinkCheckBody = ZSetPasswordBody.pick({ username: true, code: true, language: true });
export const ZResetLinkCheck = z.object({ valid: z.boolean() });
export type TResetLinkCheck = z.infer<typeof ZResetLinkCheck>;

export const ZTokenResponse = z.object({ success: z.literal(true), token: z.string(), role: ZRole, id: z.number() });
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

export const ZWocoLoginParams = z.object({ token: z.string().min(10).max(200) });

/** POST /public/login/totp: the second step of a staff login to the partner portal (the ticket of the first, once). */
export const ZLoginTotpBody = z.object({
  ticket: z.string().min(10).max(200),
  code: z.string({ error: 'Vul de code in.' }).trim().min(1, 'Vul de code in.').max(40),
  language: ZLanguage,
});
export type TLoginTotpBody = z.input<typeof ZLoginTotpBody>;

export const ZAutoLoginParams = z.object({ id: ZId });

export const ZMe = z.object({
  role: ZRole,
  id: z.number(),
  address_id: z.number().nullable(),
  is_admin: z.boolean(),
  name: z.string(),
});
export type TMe = z.infer<typeof ZMe>;

export { ZId };

/**
 * Login links (/setlogin/{token}/...): `token` is a single-use login ticket that the server issued
 * for a staff member acting for one address, valid for LOGIN_LINK_MINUTES. POST /public/setlogin
 * exchanges it for ONE session of the face 'acting': the resident's face for that address and the
 * partner calls for that address alone. `admin_token` is that same token (the spec's choice-form calls
 * use it); it mints no link or session. A session token in the ticket's place is refused.
 */
export const ZLoginLinkBody = z.object({ token: z.string().min(10).max(200), language: ZLanguage });
export type TLoginLinkBody = z.input<typeof ZLoginLinkBody>;
export const ZLoginLinkResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  role: z.literal('occupant'),
  id: z.number(),
  address_id: z.number(),
  is_admin: z.literal(true),
  admin_token: z.string(),
});
export type TLoginLinkResponse = z.infer<typeof ZLoginLinkResponse>;

/** POST /admin/login-link: an administrator asks for a login link ticket for an address of their customer. */
export const ZLoginLinkRequest = z.object({ address_id: ZId, language: ZLanguage });
export const ZLoginLinkTicket = z.object({ success: z.literal(true), token: z.string(), expires_at: z.string() });
export type TLoginLinkTicket = z.infer<typeof ZLoginLinkTicket>;
