import { useState } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Path, type UseFormGetValues, type UseFormRegister } from 'react-hook-form';
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
      <PasswordInputs register={register} errors={errors} getValues={getValues} />
      <Button type="submit" busy={isSubmitting}>{submitLabel}</Button>
    </form>
  );
}

/**
 * The new password and its repeat, with the spec's rules, inside a form whose values hold `password` and
 * `repeat` (this form, and the activation's).
 */
export function PasswordInputs<T extends FieldValues & NewPasswordValues>({ register, errors, getValues }: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  getValues: UseFormGetValues<T>;
}) {
  const password = 'password' as Path<T>;
  const repeat = 'repeat' as Path<T>;
  return (
    <>
      <TextField
        label="Nieuw wachtwoord"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        hint="Gebruik minimaal 8 tekens, minimaal 1 cijfer, minimaal 1 kleine letter en minimaal 1 hoofdletter."
        error={errors.password?.message as string | undefined}
        {...register(password, { required: messages.passwordRequired, validate: (v: string) => passwordStrengthMessage(v) ?? true })}
      />
      <TextField
        label="Herhaal wachtwoord"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.repeat?.message as string | undefined}
        {...register(repeat, { required: messages.passwordRequired, validate: (v: string) => v === getValues(password) || messages.passwordsDiffer })}
      />
    </>
  );
}
