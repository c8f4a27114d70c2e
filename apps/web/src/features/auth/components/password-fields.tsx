import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages, PASSWORD_MAX_LENGTH, passwordStrengthMessage } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';

export type NewPasswordValues = { password: string; repeat: string };
const FIELDS = ['password', 'repeat'] as const;

type Props = {
  submitLabel: string;
  /** Sends the password; a 422 about it shows at the field, any other failure above the form under `failureTitle`. */
  onSubmit: (password: string) => Promise<void>;
  failureTitle: string;
};

/** A new password and its repeat, with the spec's rules; the message lists the unmet ones. */
export function NewPasswordForm({ submitLabel, onSubmit, failureTitle }: Props) {
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, getValues, setError, formState: { errors, isSubmitting } } = useForm<NewPasswordValues>({
    defaultValues: { password: '', repeat: '' },
    shouldFocusError: false,
  });
  const summary = useErrorSummary();
  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onSubmit(values.password);
    } catch (error) {
      if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
      else setFailure(error instanceof ApiError ? error.message : messages.serverError);
    }
  }, summary.focusSummary);
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} />
      {failure && <Banner tone="error" title={failureTitle}>{failure}</Banner>}
      <TextField
        label="Nieuw wachtwoord"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        hint="Gebruik minimaal 8 tekens, minimaal 1 cijfer, minimaal 1 kleine letter en minimaal 1 hoofdletter."
        error={errors.password?.message}
        {...register('password', { required: messages.passwordRequired, validate: (v) => passwordStrengthMessage(v) ?? true })}
      />
      <TextField
        label="Herhaal wachtwoord"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.repeat?.message}
        {...register('repeat', { required: messages.passwordRequired, validate: (v) => v === getValues('password') || messages.passwordsDiffer })}
      />
      <Button type="submit" busy={isSubmitting}>{submitLabel}</Button>
    </form>
  );
}
