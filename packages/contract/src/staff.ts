import { z } from 'zod';

/**
 * The staff console (/beheer). A customer administrator does everything of their customer, including
 * staff accounts; a project editor edits the content of the projects they are given.
 */
export const STAFF_ROLES = ['customer-admin', 'project-editor'] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;

/** GET /staff/me: the console's account, its customer and where it may go. */
export const ZStaffMe = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: ZStaffRole,
  /** A partner login linked to the console: it sees only the projects it works on. */
  is_partner: z.boolean(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  totp_enabled: z.boolean(),
  /** The customer requires a second factor and this account has none yet: the console opens the enrolment. */
  totp_required: z.boolean(),
});
export type TStaffMe = z.infer<typeof ZStaffMe>;
