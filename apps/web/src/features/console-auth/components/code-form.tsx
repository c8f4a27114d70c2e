import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RECOVERY_CODE_PATTERN, staffAuthMessages, TOTP_CODE_PATTERN } from '@portal/contract';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { t } from '../texts';

const strip = (value: string) => value.replace(/\s+/g, '');
/** The same rules as the server's (the contract's patterns and messages). */
const totpSchema = z.object({
  code: z.string().transform(strip).pipe(z.string().min(1, staffAuthMessages.codeRequired).regex(TOTP_CODE_PATTERN, staffAuthMessages.codeFormat)),
});
const recoverySchema = z.object({
  code: z.string().transform(strip).pipe(z.string().min(1, staffAuthMessages.recoveryRequired).regex(RECOVERY_CODE_PATTERN, staffAuthMessages.codeInvalid)),
});
type Values = { code: string };
const FIELDS = ['code'] as const;

/**
 * One code field and its button: a TOTP code from the app (6 digits) or, with `recovery`, a recovery code.
 * `onCode` throws the API's error; a 422 lands on the field, anything else is for `onFailure`.
 */
export function CodeForm({ recovery = false, submitLabel = t.verify, onCode, onFailure, headingLevel = 2 }: {
  recovery?: boolean;
  /** The error summary's heading: 2 on a page, 3 inside a section whose title is the h2. */
  headingLevel?: 2 | 3;
  submitLabel?: string;
  onCode: (code: string) => Promise<void>;
  onFailure: (error: unknown) => void;
}) {
  const summary = useErrorSummary();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Values, unknown, Values>({
    resolver: zodResolver(recovery ? recoverySchema : totpSchema),
    defaultValues: { code: '' },
    shouldFocusError: false,
  });
  const submit = handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
    } catch (error) {
      if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
      else onFailure(error);
    }
  }, summary.focusSummary);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} headingLevel={headingLevel} />
      {recovery ? (
        <TextField key="recovery" label={t.recoveryLabel} hint={t.recoveryHint} autoComplete="off" autoCapitalize="none" spellCheck={false}
          required maxLength={20} error={errors.code?.message} {...register('code')} />
      ) : (
        <TextField key="totp" label={t.codeLabel} hint={t.codeHint} inputMode="numeric" autoComplete="one-time-code"
          required maxLength={7} error={errors.code?.message} {...register('code')} />
      )}
      <Button type="submit" busy={isSubmitting}>{submitLabel}</Button>
    </form>
  );
}
