import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, staffAuthMessages, type TStaffMe } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { Card, Page } from '../../../ui/page';
import { ErrorState, Loading } from '../../../ui/states';
import { toast } from '../../../ui/toaster';
import { consoleAuthApi, consoleAuthKeys } from '../api';
import { CodeForm } from '../components/code-form';
import { RecoveryCodes } from '../components/recovery-codes';
import { TotpEnrol } from '../components/totp-enrol';
import { ZNewPasswordForm } from '../schemas';
import { t } from '../texts';

const messageOf = (error: unknown) => (error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t.failed);

/** /beheer/account: one's own details, TOTP (enrol, new recovery codes, off) and password. */
export default function ConsoleAccountPage() {
  const me = useQuery({ queryKey: consoleAuthKeys.me, queryFn: consoleAuthApi.me });
  if (me.isPending) return <Loading />;
  if (me.isError) return <div className="p-6"><ErrorState error={me.error} retry={() => void me.refetch()} /></div>;
  return (
    <Page title={t.accountTitle}>
      <div className="flex max-w-2xl flex-col gap-6">
        <Card>
          <h2 className="mb-3 text-lg font-semibold">{t.details}</h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-slate-700">{t.name}</dt><dd>{me.data.name}</dd>
            <dt className="font-medium text-slate-700">{t.email}</dt><dd className="break-all">{me.data.email}</dd>
            <dt className="font-medium text-slate-700">{t.role}</dt><dd>{t.roles[me.data.role]}</dd>
            <dt className="font-medium text-slate-700">{t.organisation}</dt><dd>{me.data.customer.name}</dd>
          </dl>
        </Card>
        <TotpSection me={me.data} />
        <PasswordSection />
      </div>
    </Page>
  );
}

type TotpMode = { kind: 'idle' } | { kind: 'enrol' } | { kind: 'codes'; codes: string[] };

function TotpSection({ me }: { me: TStaffMe }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<TotpMode>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: consoleAuthKeys.me });
  const onFailure = (error: unknown) => setFailure(messageOf(error));
  return (
    <Card>
      <section aria-labelledby="totp-title" className="flex flex-col gap-4">
        <h2 id="totp-title" className="text-lg font-semibold">{t.totpSection}</h2>
        {failure && <Banner tone="error">{failure}</Banner>}
        {mode.kind === 'codes' ? (
          <RecoveryCodes headingLevel={3} codes={mode.codes} doneLabel={t.done} onDone={() => setMode({ kind: 'idle' })} />
        ) : !me.totp_enabled ? (
          mode.kind === 'enrol' ? (
            <TotpEnrol onFailure={onFailure} onConfirmed={(result) => {
              setFailure(null);
              toast(t.totpEnabled, 'success');
              setMode({ kind: 'codes', codes: result.recovery_codes });
              refresh();
            }} />
          ) : (
            <>
              <p className="text-sm text-slate-700">{t.totpOff}</p>
              <Button className="self-start" onClick={() => setMode({ kind: 'enrol' })}>{t.totpStart}</Button>
            </>
          )
        ) : (
          <>
            <p className="text-sm text-slate-700">{t.totpOn}</p>
            <details className="rounded-md ring-1 ring-slate-200">
              <summary className="cursor-pointer px-4 py-3 font-medium">{t.newCodesTitle}</summary>
              <div className="flex flex-col gap-3 px-4 pb-4">
                <p className="text-sm text-slate-700">{t.newCodesIntro}</p>
                <CodeForm submitLabel={t.newCodes} headingLevel={3} onFailure={onFailure} onCode={async (code) => {
                  const { recovery_codes: codes } = await consoleAuthApi.newRecoveryCodes(code);
                  setFailure(null);
                  setMode({ kind: 'codes', codes });
                }} />
              </div>
            </details>
            <details className="rounded-md ring-1 ring-slate-200">
              <summary className="cursor-pointer px-4 py-3 font-medium">{t.totpDisableTitle}</summary>
              <div className="flex flex-col gap-3 px-4 pb-4">
                <p className="text-sm text-slate-700">{t.totpDisableIntro}</p>
                <CodeForm submitLabel={t.totpDisable} headingLevel={3} onFailure={onFailure} onCode={async (code) => {
                  await consoleAuthApi.disableTotp(code);
                  setFailure(null);
                  toast(t.totpDisabled, 'success');
                  refresh();
                }} />
              </div>
            </details>
          </>
        )}
      </section>
    </Card>
  );
}

const ZChangePassword = z.intersection(z.object({ current_password: z.string().min(1, staffAuthMessages.passwordRequired) }), ZNewPasswordForm);
type PasswordValues = { current_password: string; password: string; repeat: string };
const PASSWORD_FIELDS = ['current_password', 'password', 'repeat'] as const;

function PasswordSection() {
  const summary = useErrorSummary();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<PasswordValues>({
    resolver: zodResolver(ZChangePassword),
    defaultValues: { current_password: '', password: '', repeat: '' },
    shouldFocusError: false,
  });
  const submit = handleSubmit(async ({ current_password: current, password }) => {
    setFailure(null);
    try {
      await consoleAuthApi.changePassword({ current_password: current, password });
      reset();
      toast(t.passwordChanged, 'success');
    } catch (error) {
      if (setServerErrors(error, PASSWORD_FIELDS, setError)) summary.focusSummary();
      else setFailure(messageOf(error));
    }
  }, summary.focusSummary);
  return (
    <Card>
      <form noValidate onSubmit={submit} aria-labelledby="password-title" className="flex flex-col gap-4">
        <h2 id="password-title" className="text-lg font-semibold">{t.passwordSection}</h2>
        <ErrorSummary errors={formErrors(errors, PASSWORD_FIELDS)} focusKey={summary.focusKey} headingLevel={3} />
        {failure && <Banner tone="error">{failure}</Banner>}
        <TextField label={t.currentPassword} type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH}
          error={errors.current_password?.message} {...register('current_password')} />
        <TextField label={t.newPassword} type="password" autoComplete="new-password" hint={t.passwordRules} required maxLength={PASSWORD_MAX_LENGTH}
          error={errors.password?.message} {...register('password')} />
        <TextField label={t.repeatPassword} type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH}
          error={errors.repeat?.message} {...register('repeat')} />
        <Button type="submit" className="self-start" busy={isSubmitting}>{t.changePassword}</Button>
      </form>
    </Card>
  );
}
