import { z } from 'zod';
import { ZLanguage } from './common.ts';
import { ZNewPassword } from './auth.ts';
import { ZOccupantGender } from './household.ts';
import { householdMessages, OCCUPANT_MAX_LENGTH, occupantEmailProblem } from './household-rules.ts';
import { messages, normalizeAlnum, tooLongMessage } from './validation.ts';

/** An empty optional text becomes undefined (not given). */
const optionalText = (max: number) =>
  z.string().max(max, tooLongMessage(max)).nullish().transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * POST /public/activate: the spec's username (postcode + house number), code and password, plus who the
 * holder is. The name is asked by the portal and required when the address has no holder yet (the
 * server invents no name); a spec client that sends none keeps the holder the provider imported. The
 * aanhef (M, F or U: 'Geen aanhef') and the e-mail address are optional: without an aanhef none is
 * assumed (U), and an e-mail address is what lets 'Wachtwoord vergeten' reach the holder.
 */
export const ZActivateBody = z
  .object({
    username: z.string().min(1, messages.postcodeRequired).max(40).transform(normalizeAlnum),
    code: z.string().min(1, messages.passwordOrCodeRequired).max(100),
    password: ZNewPassword,
    accept_terms: z.literal(true, { error: messages.termsRequired }),
    first_name: optionalText(OCCUPANT_MAX_LENGTH.first_name),
    affix: optionalText(OCCUPANT_MAX_LENGTH.affix),
    last_name: optionalText(OCCUPANT_MAX_LENGTH.last_name),
    gender: ZOccupantGender.optional(),
    email_address: optionalText(OCCUPANT_MAX_LENGTH.email_address).refine((v) => !occupantEmailProblem(v), householdMessages.emailInvalid),
    language: ZLanguage,
  })
  .superRefine((body, ctx) => {
    // Half a name is no name: both parts, or neither (then the stored holder stays as it is).
    if (body.last_name && !body.first_name) ctx.addIssue({ code: 'custom', path: ['first_name'], message: householdMessages.firstNameRequired });
    if (body.first_name && !body.last_name) ctx.addIssue({ code: 'custom', path: ['last_name'], message: householdMessages.lastNameRequired });
  });
export type TActivateBody = z.input<typeof ZActivateBody>;
/** The body as the server reads it (names trimmed, empty fields left out). */
export type TActivateInput = z.output<typeof ZActivateBody>;
