import { z } from 'zod';
import { ZPermission, ZStaffRole } from './permissions.ts';

/**
 * The staff console (/beheer). What an account may do there follows from its role at the customer
 * (permissions.ts); the console shows the screens its permissions open.
 */

/** GET /staff/me: the console's account, its customer and where it may go. */
export const ZStaffMe = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: ZStaffRole,
  /** What the role may do at this customer (permissions.ts): the console shows the screens these open. */
  permissions: z.array(ZPermission),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  totp_enabled: z.boolean(),
  /** The customer requires a second factor and this account has none yet: the console opens the enrolment. */
  totp_required: z.boolean(),
});
export type TStaffMe = z.infer<typeof ZStaffMe>;
