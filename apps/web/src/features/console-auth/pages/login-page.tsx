import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, ZStaffForgotPasswordBody, ZStaffLoginBody } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { consoleAuthApi } from '../api';
import { CodeForm } from '../components/code-form';
import { ConsoleAuthFrame } from '../components/console-auth-frame';
import { RecoveryCodes } from '../components/recovery-codes';
import { TotpEnrol } from '../components/totp-enrol';
import { useSignIn } from '../session';
import { t } from '../texts';

type Step =
  | { kind: 'credentials' }
  | { kind: 'forgot' }
  | { kind: 'code'; ticket: string; recovery: boolean }
  | { kind: 'enrol'; ticket: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'recovery-used'; left: number };

type Failure = { title: string; text: string } | null;

/** What a failed call shows: the server's Dutch message for 4xx (401 uniform, 429 too many), else a general one. */
function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && (error.status === 0 || (error.status >= 400 && error.status < 500))) return { title: t.loginFailedTitle, text: error.message };
  return { title: t.loginFailedTitle, text: t.failed };
}

const TITLES: Record<Step['kind'], string> = {
  credentials: t.loginTitle,
  forgot: t.forgotTitle,
  code: t.codeTitle,
  enrol: t.enrolTitle,
  codes: t.codesTitle,
  'recovery-used': t.recoveryUsedTitle,
};

/**
 * /beheer/inloggen: e-mail and password, then the code from the authenticator app (or a recovery code),
 * or, when the customer requires TOTP and the account has none, the enrolment with its recovery codes.
 */
export default function ConsoleLoginPage() {
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [failure, setFailure] = useState<Failure>(null);
  const signIn = useSignIn();
  const go = (next: Step) => {
    setFailure(null);
    setStep(next);
  };
  const onFailure = (error: unknown) => {
    // An expired ticket starts the login again; the message says why.
    if (error instanceof ApiError && error.status === 401 && step.kind !== 'credentials') setStep({ kind: 'credentials' });
    setFailure(failureOf(error));
  };

  let body: React.ReactNode;
  switch (step.kind) {
    case 'credentials':
      body = (
        <CredentialsForm
          onAnswer={(answer) => {
            if (answer.status === 'signed-in') {
              signIn.store(answer.token);
              signIn.proceed();
            } else if (answer.status === 'totp') go({ kind: 'code', ticket: answer.ticket, recovery: false });
            else go({ kind: 'enrol', ticket: answer.ticket });
          }}
          onFailure={onFailure}
          onForgot={() => go({ kind: 'forgot' })}
        />
      );
      break;
    case 'forgot':
      body = <ForgotForm onBack={() => go({ kind: 'credentials' })} />;
      break;
    case 'code':
      body = (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{step.recovery ? t.recoveryIntro : t.codeIntro}</p>
          <CodeForm
            key={step.recovery ? 'recovery' : 'totp'}
            recovery={step.recovery}
            onCode={async (code) => {
              const answer = await consoleAuthApi.loginWithCode(step.ticket, code);
              signIn.store(answer.token);
              if (answer.recovery_codes_left !== undefined) go({ kind: 'recovery-used', left: answer.recovery_codes_left });
              else signIn.proceed();
            }}
            onFailure={onFailure}
          />
          <button type="button" className="self-start text-sm text-blue-800 underline" onClick={() => go({ ...step, recovery: !step.recovery })}>
            {step.recovery ? t.useApp : t.useRecovery}
          </button>
        </div>
      );
      break;
    case 'enrol':
      body = (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t.enrolRequired}</p>
          <TotpEnrol ticket={step.ticket} onFailure={onFailure} onConfirmed={(result) => {
            if (result.token) signIn.store(result.token);
            go({ kind: 'codes', codes: result.recovery_codes });
          }} />
        </div>
      );
      break;
    case 'codes':
      body = <RecoveryCodes codes={step.codes} onDone={signIn.proceed} />;
      break;
    case 'recovery-used':
      body = (
        <div className="flex flex-col gap-4">
          <Banner tone={step.left <= 3 ? 'warning' : 'info'} title={t.recoveryLeft(step.left)}>{t.recoveryLeftAdvice}</Banner>
          <Button onClick={signIn.proceed}>{t.continue}</Button>
        </div>
      );
      break;
    default: {
      const never: never = step;
      return never;
    }
  }
  return (
    <ConsoleAuthFrame title={TITLES[step.kind]} wide={step.kind === 'enrol' || step.kind === 'codes'}>
      <div className="flex flex-col gap-4">
        {failure && <Banner tone="error" title={failure.title}>{failure.text}</Banner>}
        {body}
      </div>
    </ConsoleAuthFrame>
  );
}

const ZCredentials = ZStaffLoginBody.pick({ email: true, password: true });
type Credentials = { email: string; password: string };
const CREDENTIAL_FIELDS = ['email', 'password'] as const;

function CredentialsForm({ onAnswer, onFailure, onForgot }: {
  onAnswer: (answer: Awaited<ReturnType<typeof consoleAuthApi.login>>) => void;
  onFailure: (error: unknown) => void;
  onForgot: () => void;
}) {
  const summary = useErrorSummary();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Credentials, unknown, Credentials>({
    resolver: zodResolver(ZCredentials),
    defaultValues: { email: '', password: '' },
    shouldFocusError: false,
  });
  const submit = handleSubmit(async (values) => {
    try {
      onAnswer(await consoleAuthApi.login(values));
    } catch (error) {
      if (setServerErrors(error, CREDENTIAL_FIELDS, setError)) summary.focusSummary();
      else onFailure(error);
    }
  }, summary.focusSummary);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t.loginTitle}>
      <ErrorSummary errors={formErrors(errors, CREDENTIAL_FIELDS)} focusKey={summary.focusKey} />
      <TextField label={t.email} type="email" autoComplete="username" required maxLength={EMAIL_MAX_LENGTH} error={errors.email?.message} {...register('email')} />
      <TextField label={t.password} type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.password?.message} {...register('password')} />
      <Button type="submit" busy={isSubmitting}>{t.login}</Button>
      <button type="button" className="self-start text-sm text-blue-800 underline" onClick={onForgot}>{t.forgot}</button>
    </form>
  );
}

const ZForgot = ZStaffForgotPasswordBody.pick({ email: true });
type Forgot = { email: string };

function ForgotForm({ onBack }: { onBack: () => void }) {
  const summary = useErrorSummary();
  const [result, setResult] = useState<'sent' | { error: string } | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Forgot, unknown, Forgot>({
    resolver: zodResolver(ZForgot),
    defaultValues: { email: '' },
    shouldFocusError: false,
  });
  const submit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      await consoleAuthApi.forgotPassword(email);
      setResult('sent');
    } catch (error) {
      if (setServerErrors(error, ['email'], setError)) summary.focusSummary();
      else setResult({ error: failureOf(error)?.text ?? t.failed });
    }
  }, summary.focusSummary);
  if (result === 'sent') {
    return (
      <div className="flex flex-col gap-4">
        <Banner tone="success">{t.forgotSent}</Banner>
        <Button variant="secondary" onClick={onBack}>{t.backToLogin}</Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ErrorSummary errors={formErrors(errors, ['email'])} focusKey={summary.focusKey} />
      <p className="text-sm text-slate-700">{t.forgotIntro}</p>
      {result && <Banner tone="error">{result.error}</Banner>}
      <TextField label={t.email} type="email" autoComplete="username" required maxLength={EMAIL_MAX_LENGTH} error={errors.email?.message} {...register('email')} />
      <Button type="submit" busy={isSubmitting}>{t.forgotSend}</Button>
      <button type="button" className="self-start text-sm text-blue-800 underline" onClick={onBack}>{t.backToLogin}</button>
    </form>
  );
}

