import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages, USERNAME_MAX_LENGTH } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';

const FIELDS = ['username'] as const;
import { authApi } from '../api';

export function ForgotPasswordForm() {
  const [result, setResult] = useState<'sent' | { error: string } | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<{ username: string }>({
    defaultValues: { username: '' },
    shouldFocusError: false,
  });
  const summary = useErrorSummary();
  const submit = handleSubmit(async ({ username }) => {
    setResult(null);
    try {
      await authApi.forgotPassword(username.trim());
      setResult('sent');
    } catch (error) {
      if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
      else setResult({ error: error instanceof ApiError ? error.message : messages.serverError });
    }
  }, summary.focusSummary);
  if (result === 'sent') {
    return <Banner tone="success" title={messages.forgotSentTitle}>{messages.forgotSent}</Banner>;
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} />
      {result && <Banner tone="error" title="Versturen mislukt">{result.error}</Banner>}
      <TextField
        label="Gebruikersnaam"
        autoComplete="username"
        maxLength={USERNAME_MAX_LENGTH}
        hint="Uw e-mailadres, of uw postcode en huisnummer (bijvoorbeeld 1234AB10)."
        required
        error={errors.username?.message}
        {...register('username', { required: messages.usernameRequired, validate: (v) => v.trim() !== '' || messages.usernameRequired })}
      />
      <Button type="submit" busy={isSubmitting}>Verstuur</Button>
    </form>
  );
}
