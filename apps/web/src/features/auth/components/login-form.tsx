import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  LOGIN_FIELD_MAX_LENGTH, messages, normalizeAlnum, PASSWORD_MAX_LENGTH, POSTCODE_MAX_LENGTH, USERNAME_MAX_LENGTH, type TLoginResponse,
} from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { errorList, serverFieldErrors } from '../../../lib/form-errors';
import { storage } from '../../../lib/storage';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { authApi } from '../api';
import { storeLoginAndRoute } from '../after-login';
import { TotpStep } from './totp-step';

type OccupantValues = { zipcode: string; house_number: string; password: string };
type PartnerValues = { username: string; password: string };

type Failure = { title: string; text: string; detail?: string };

/** The banner when the server cannot answer now (a 5xx while it restarts, or no connection): never 'wrong password'. */
export const unreachable = { title: 'Portaal niet bereikbaar', text: 'Het portaal is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.' };

/**
 * What a failed login says. 429 (too many attempts) and 403 (the customer requires a second factor the account
 * has not set up yet) carry the server's own words; a 5xx or no answer at all says the portal cannot be reached;
 * only a refusal of the credentials is the spec's 'Gebruikersnaam en/of wachtwoord onjuist'.
 */
function failureText(error: unknown): Failure {
  if (error instanceof ApiError && (error.status === 429 || error.status === 403)) return { title: 'Inloggen mislukt', text: error.message };
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return unreachable;
  return { title: messages.loginFailedTitle, text: messages.loginFailed };
}

/** Residents have no user name: the spec's text gets a line that names what they logged in with. */
const residentHint = (values: OccupantValues) =>
  `U heeft als bewoner geen gebruikersnaam: u logde in met postcode ${values.zipcode} en huisnummer ${values.house_number}. Controleer die en uw wachtwoord, of de activatiecode uit uw brief.`;

type Errors<T> = Partial<Record<keyof T, string>>;

/**
 * The login page is the first page most people load, so its form keeps its state by hand instead of
 * pulling in react-hook-form (12 kB gzip): the whole page stays under 100 kB of JavaScript. A failed
 * submit (here, or a 422 naming fields) shows the error summary and moves focus to it.
 */
function useSmallForm<T extends Record<string, string>>(initial: T, validate: (values: T) => Errors<T>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [submitting, setSubmitting] = useState(false);
  const { focusKey, focusSummary } = useErrorSummary();
  const field = (name: keyof T & string, filter: (v: string) => string = (v) => v) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: filter(e.target.value) }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  /** Puts a 422's messages on the fields of this form; false when it names none of them. */
  const showServerErrors = (error: unknown): boolean => {
    const found = serverFieldErrors(error).filter((e) => e.field in initial);
    if (!found.length) return false;
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])) as Errors<T>);
    focusSummary();
    return true;
  };
  const submit = (action: (values: T) => Promise<void>) => async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusSummary();
      return;
    }
    setSubmitting(true);
    try {
      await action(values);
    } finally {
      setSubmitting(false);
    }
  };
  // The summary lists the messages in the order of the fields.
  const summary = { errors: errorList(Object.fromEntries(Object.keys(initial).map((name) => [name, errors[name]]))), focusKey };
  return { field, submit, submitting, summary, showServerErrors };
}

const validateOccupant = (v: OccupantValues): Errors<OccupantValues> => ({
  zipcode: !v.zipcode ? messages.postcodeRequired : v.zipcode.length > POSTCODE_MAX_LENGTH ? messages.postcodeTooLong : undefined,
  house_number: v.house_number ? undefined : messages.houseNumberRequired,
  password: v.password ? undefined : messages.passwordOrCodeRequired,
});
const validatePartner = (v: PartnerValues): Errors<PartnerValues> => ({
  username: v.username.trim() ? undefined : messages.usernameRequired,
  password: v.password ? undefined : messages.passwordRequired,
});

/** Residents log in with postcode, house number + suffix and password (or activation code). */
function OccupantLogin({ onDone }: { onDone: (r: TLoginResponse, values: OccupantValues) => void }) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useSmallForm<OccupantValues>({ zipcode: '', house_number: '', password: '' }, validateOccupant);
  const submit = form.submit(async (values) => {
    setFailure(null);
    try {
      onDone(await authApi.loginOccupant(values), values);
    } catch (error) {
      if (form.showServerErrors(error)) return;
      const found = failureText(error);
      setFailure(error instanceof ApiError && error.status === 401 ? { ...found, detail: residentHint(values) } : found);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Inloggen als bewoner">
      <ErrorSummary {...form.summary} headingLevel={3} />
      {failure && (
        <Banner tone="error" title={failure.title}>
          {failure.detail ? <><p>{failure.text}</p><p className="mt-1">{failure.detail}</p></> : failure.text}
        </Banner>
      )}
      {/* The typed postcode may hold spaces and dashes; the 6-character rule is checked with its own message. */}
      <TextField label="Postcode" autoComplete="postal-code" placeholder="1234AB" required maxLength={LOGIN_FIELD_MAX_LENGTH} {...form.field('zipcode', normalizeAlnum)} />
      <TextField label="Huisnummer + toevoeging" autoComplete="address-line2" placeholder="10A" required maxLength={LOGIN_FIELD_MAX_LENGTH} {...form.field('house_number', normalizeAlnum)} />
      <TextField label="Wachtwoord of activatiecode" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} {...form.field('password')} />
      <Button type="submit" busy={form.submitting}>Inloggen</Button>
    </form>
  );
}

/** Partners log in with their username (e-mail address) and password, then their second factor where it is on or required. */
function PartnerLogin({ onDone }: { onDone: (r: TLoginResponse) => void }) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const form = useSmallForm<PartnerValues>({ username: '', password: '' }, validatePartner);
  const submit = form.submit(async (values) => {
    setFailure(null);
    try {
      const response = await authApi.loginPartner(values);
      if (response.action === 'totp' && response.ticket) setTicket(response.ticket);
      else onDone(response);
    } catch (error) {
      if (!form.showServerErrors(error)) setFailure(failureText(error));
    }
  });
  if (ticket) return <TotpStep ticket={ticket} onDone={onDone} onRestart={() => setTicket(null)} />;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Inloggen als partner">
      <ErrorSummary {...form.summary} headingLevel={3} />
      {failure && <Banner tone="error" title={failure.title}>{failure.text}</Banner>}
      <TextField label="Gebruikersnaam" autoComplete="username" type="email" required maxLength={USERNAME_MAX_LENGTH} {...form.field('username')} />
      <TextField label="Wachtwoord" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} {...form.field('password')} />
      <Button type="submit" busy={form.submitting}>Inloggen</Button>
    </form>
  );
}

export function LoginForm() {
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<'occupant' | 'partner'>('occupant');

  const onOccupant = (response: TLoginResponse, values: OccupantValues) => {
    if (response.action === 'activate-account') {
      storage.setActivation({ zipcode: values.zipcode, house_number: values.house_number, code: values.password });
      navigate('/activeer-account');
      return;
    }
    navigate(storeLoginAndRoute(response), { replace: true });
  };
  const onPartner = (response: TLoginResponse) => navigate(storeLoginAndRoute(response), { replace: true });

  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{mode === 'occupant' ? 'Inloggen als bewoner' : 'Inloggen als partner'}</h2>
      {mode === 'occupant' ? <OccupantLogin onDone={onOccupant} /> : <PartnerLogin onDone={onPartner} />}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/wachtwoord-vergeten" className="text-blue-800 underline">Wachtwoord vergeten?</Link>
        <button type="button" className="text-blue-800 underline" onClick={() => setMode(mode === 'occupant' ? 'partner' : 'occupant')}>
          {mode === 'occupant' ? 'Inloggen als partner' : 'Inloggen als bewoner'}
        </button>
      </div>
    </div>
  );
}
