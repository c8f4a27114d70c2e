import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { PASSWORD_MAX_LENGTH } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { ErrorState, Loading } from '../../../ui/states';
import { consoleAuthApi } from '../api';
import { ConsoleAuthFrame } from '../components/console-auth-frame';
import { ZNewPasswordForm, type TNewPasswordForm } from '../schemas';
import { t } from '../texts';

type Values = TNewPasswordForm;
const FIELDS = ['password', 'repeat'] as const;

/** /beheer/wachtwoord/:token: the link of an invitation or reset mail sets the account's password. */
export default function ConsolePasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const check = useQuery({ queryKey: ['staff', 'password-link', token], queryFn: () => consoleAuthApi.checkPasswordLink(token), retry: false, staleTime: Infinity });
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const summary = useErrorSummary();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Values>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { password: '', repeat: '' },
    shouldFocusError: false,
  });
  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await consoleAuthApi.setPasswordWithLink(token, password);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.body.errors?.some((e) => e.field === 'token')) setFailure(t.linkInvalid);
      else if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
      else setFailure(error instanceof ApiError && error.status < 500 && error.status > 0 ? error.message : t.failed);
    }
  }, summary.focusSummary);

  let body: React.ReactNode;
  if (check.isPending) body = <Loading />;
  else if (check.isError) body = <ErrorState error={check.error} retry={() => void check.refetch()} />;
  else if (done) {
    body = (
      <div className="flex flex-col gap-4">
        <Banner tone="success">{t.passwordSet}</Banner>
        <Link to="/inloggen" className="text-blue-800 underline">{t.login}</Link>
      </div>
    );
  } else if (!check.data.valid) {
    body = (
      <div className="flex flex-col gap-4">
        <Banner tone="error" title={t.linkInvalidTitle}>{t.linkInvalid}</Banner>
        <Link to="/inloggen" className="text-blue-800 underline">{t.backToLogin}</Link>
      </div>
    );
  } else {
    body = (
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} />
        {failure && <Banner tone="error">{failure}</Banner>}
        <p className="text-sm text-slate-700">{t.email}: <strong>{check.data.email}</strong></p>
        {/* for password managers: the account the new password belongs to */}
        <input type="email" name="username" autoComplete="username" value={check.data.email ?? ''} readOnly hidden />
        <TextField label={t.newPassword} type="password" autoComplete="new-password" hint={t.passwordRules} required maxLength={PASSWORD_MAX_LENGTH}
          error={errors.password?.message} {...register('password')} />
        <TextField label={t.repeatPassword} type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH}
          error={errors.repeat?.message} {...register('repeat')} />
        <Button type="submit" busy={isSubmitting}>{t.savePassword}</Button>
      </form>
    );
  }
  return <ConsoleAuthFrame title={t.setPasswordTitle}>{body}</ConsoleAuthFrame>;
}
