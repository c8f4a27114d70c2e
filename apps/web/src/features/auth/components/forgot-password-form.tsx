import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import { authApi } from '../api';

export function ForgotPasswordForm() {
  const [result, setResult] = useState<'sent' | { error: string } | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<{ username: string }>({ defaultValues: { username: '' } });
  const submit = handleSubmit(async ({ username }) => {
    setResult(null);
    try {
      await authApi.forgotPassword(username.trim());
      setResult('sent');
    } catch (error) {
      setResult({ error: error instanceof ApiError ? error.message : messages.serverError });
    }
  });
  if (result === 'sent') {
    return <Banner tone="success" title={messages.forgotSentTitle}>{messages.forgotSent}</Banner>;
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {result && <Banner tone="error" title="Versturen mislukt">{result.error}</Banner>}
      <TextField
        label="Gebruikersnaam"
        autoComplete="username"
        hint="Uw e-mailadres, of uw postcode en huisnummer (bijvoorbeeld 1234AB10)."
        required
        error={errors.username?.message}
        {...register('username', { required: messages.usernameRequired, validate: (v) => v.trim() !== '' || messages.usernameRequired })}
      />
      <Button type="submit" busy={isSubmitting}>Verstuur</Button>
    </form>
  );
}
