import { z } from 'zod';
import { messages, ZNewPassword } from '@portal/contract';

/** The new password twice, with the portal's password rules (the contract's) and the spec's message when they differ. */
export const ZNewPasswordForm = z
  .object({ password: ZNewPassword, repeat: z.string() })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], message: messages.passwordsDiffer });
export type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;
