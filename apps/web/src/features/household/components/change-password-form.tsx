import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { householdMessages, PASSWORD_MAX_LENGTH, passwordStrengthMessage } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { storage } from '../../../lib/storage';
import { Banner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { toast } from '../../../ui/toaster';
import { householdApi } from '../api';
import { text } from '../text';

type Values = { password: string; new_password: string; repeat: string };
const FIELDS = ['password', 'new_password', 'repeat'] as const;

/**
 * The current password, a new one and its repeat. Every session of the account ends on the server;
 * this device carries on with the new token from the answer.
 */
export function ChangePasswordForm() {
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, getValues, setError, formState: { errors } } = useForm<Values>({
    defaultValues: { password: '', new_password: '', repeat: '' },
    shouldFocusError: false,
  });
  const summary = useErrorSummary();
  const change = useMutation({
    mutationFn: (values: Values) => householdApi.newPassword({ password: values.password, new_password: values.new_password }),
    onSuccess: (result) => {
      storage.saveSession({
        token: result.token, role: 'occupant', adminToken: storage.adminToken(), addressId: storage.addressId(), isAdmin: storage.isAdmin(),
      });
      toast(result.message, 'success');
      navigate('/profiel');
    },
    onError: (error) => {
      if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
      else setFailure(error instanceof ApiError ? error.message : text.failed);
    },
  });
  return (
    <form noValidate className="flex max-w-md flex-col gap-4" onSubmit={handleSubmit((values) => { setFailure(undefined); change.mutate(values); }, summary.focusSummary)}>
      <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} />
      {failure && <Banner tone="error">{failure}</Banner>}
      <TextField label={text.currentPassword} type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.password?.message}
        {...register('password', { required: householdMessages.passwordRequired })} />
      <TextField label={text.newPassword} type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} hint={text.passwordHint} error={errors.new_password?.message}
        {...register('new_password', { required: householdMessages.passwordRequired, validate: (v) => passwordStrengthMessage(v) ?? true })} />
      <TextField label={text.repeatNewPassword} type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.repeat?.message}
        {...register('repeat', { required: householdMessages.passwordRequired, validate: (v) => v === getValues('new_password') || householdMessages.passwordsDiffer })} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={change.isPending}>{text.save}</Button>
        <ButtonLink variant="secondary" to="/profiel">{text.cancel}</ButtonLink>
      </div>
    </form>
  );
}
