import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Controller, useFieldArray, useForm, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { CHAT_NOTIFICATION_SHOW, HOUR_PATTERN, isNotificationVisible, resolvePolicyUrl, STAFF_PROJECT_LIMITS, WEEKDAYS, type TStaffCustomer, type TWeekday } from '@portal/contract';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { Checkbox, TextField } from '../../../ui/field';
import { Card, Page } from '../../../ui/page';
import { RadioGroup, RadioOption } from '../../../ui/radio-group';
import { ErrorState, Loading } from '../../../ui/states';
import { TextAreaField } from '../../../ui/textarea-field';
import { toast } from '../../../ui/toaster';
import { consoleProjectKeys, consoleProjectsApi } from '../api';
import { toBody, toForm, ZCustomerForm, type CustomerForm } from '../customer-form';
import { nestedFormErrors, placeServerErrors } from '../form-errors';
import { customerTexts as texts } from '../texts';
import { ColorField } from './color-field';
import { LogoField } from './logo-field';

/** Monday first, as a Dutch week runs. */
const WEEK: TWeekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

/** /beheer/klant: the customer's branding, host names, residents' login address, policies and terms, and chat notification (customer administrators). */
export default function CustomerPage() {
  const customer = useQuery({ queryKey: consoleProjectKeys.customer, queryFn: consoleProjectsApi.customer });
  return (
    <Page title={texts.title}>
      <p className="mb-4"><Link href="/klant/bewaren" className="text-blue-800 underline underline-offset-2">{texts.retentionLink}</Link></p>
      {customer.isPending ? <Loading /> : customer.isError ? <ErrorState error={customer.error} retry={() => void customer.refetch()} /> : (
        <CustomerSettingsForm customer={customer.data} />
      )}
    </Page>
  );
}

function CustomerSettingsForm({ customer }: { customer: TStaffCustomer }) {
  const queryClient = useQueryClient();
  const summary = useErrorSummary();
  const [failure, setFailure] = useState<string>();
  const { register, control, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<CustomerForm>({
    resolver: zodResolver(ZCustomerForm),
    defaultValues: toForm(customer),
    shouldFocusError: false,
  });
  const hosts = useFieldArray({ control, name: 'domains' });
  const hostValues = useWatch({ control, name: 'domains' });
  const stored = (next: TStaffCustomer) => queryClient.setQueryData(consoleProjectKeys.customer, next);
  const logoUpload = useMutation({ mutationFn: consoleProjectsApi.uploadCustomerLogo, onSuccess: stored });
  const logoRemoval = useMutation({ mutationFn: consoleProjectsApi.removeCustomerLogo, onSuccess: stored });

  const fields = [
    'name', 'website', 'color_primary', 'color_secondary', 'domains', ...hosts.fields.map((_, i) => `domains.${i}.value`), 'login_url_occupants',
    'terms_url', 'privacy_url', 'cookies_url', 'terms_text',
    'notification.show', 'notification.title', 'notification.text', 'notification.from_hour', 'notification.till_hour',
  ];
  const submit = handleSubmit(async (form) => {
    setFailure(undefined);
    try {
      const saved = await consoleProjectsApi.updateCustomer(toBody(form));
      stored(saved);
      reset(toForm(saved));
      toast(texts.saved, 'success');
    } catch (error) {
      const placed = placeServerErrors(error, setError, (field) => (/^domains\.\d+$/.test(field) ? `${field}.value` : field));
      if (placed) summary.focusSummary();
      else setFailure(texts.saveFailed);
    }
  }, summary.focusSummary);

  return (
    <form noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-6">
      <ErrorSummary errors={nestedFormErrors(errors, fields)} focusKey={summary.focusKey} />
      {failure && <Banner tone="error">{failure}</Banner>}

      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{texts.general}</h2>
        <TextField label={texts.name} required maxLength={STAFF_PROJECT_LIMITS.name} error={errors.name?.message} {...register('name')} />
        <TextField label={texts.website} type="url" inputMode="url" hint={texts.websiteHint} maxLength={STAFF_PROJECT_LIMITS.website} error={errors.website?.message} {...register('website')} />
      </Card>

      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{texts.branding}</h2>
        {/* The logo is stored at once, by its own upload; the colours with the form. */}
        <LogoField label={texts.logo} logo={customer.logo} upload={(file) => logoUpload.mutateAsync(file)} remove={() => logoRemoval.mutateAsync()} />
        <Controller control={control} name="color_primary" render={({ field, fieldState }) => (
          <ColorField label={texts.colorPrimary} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
        )} />
        <Controller control={control} name="color_secondary" render={({ field, fieldState }) => (
          <ColorField label={texts.colorSecondary} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
        )} />
      </Card>

      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{texts.hosts}</h2>
        <p className="text-sm text-slate-700">{texts.hostsIntro}</p>
        <ul className="flex flex-col gap-3" id="domains">
          {hosts.fields.map((row, i) => (
            <li key={row.id} className="flex flex-wrap items-end gap-2">
              <TextField className="min-w-0 flex-1" label={texts.host(i + 1)} autoComplete="off" spellCheck={false} maxLength={STAFF_PROJECT_LIMITS.host}
                error={errors.domains?.[i]?.value?.message} {...register(`domains.${i}.value`)} />
              <Button variant="secondary" onClick={() => hosts.remove(i)} aria-label={texts.hostRemove(hostValues[i]?.value ?? row.value)}>Verwijderen</Button>
            </li>
          ))}
        </ul>
        {(errors.domains?.message ?? errors.domains?.root?.message) && (
          <p className="text-sm font-medium text-red-700">{errors.domains?.message ?? errors.domains?.root?.message}</p>
        )}
        {hosts.fields.length < STAFF_PROJECT_LIMITS.hosts && (
          <Button variant="secondary" className="self-start" onClick={() => hosts.append({ value: '' })}>{texts.hostAdd}</Button>
        )}
      </Card>

      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{texts.login}</h2>
        <TextField label={texts.loginUrl} required hint={texts.loginUrlHint} maxLength={STAFF_PROJECT_LIMITS.loginUrl} error={errors.login_url_occupants?.message} {...register('login_url_occupants')} />
      </Card>

      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{texts.policies}</h2>
        <p className="text-sm text-slate-700">{texts.policiesIntro}</p>
        <PolicyUrlField control={control} name="terms_url" label={texts.termsUrl} error={errors.terms_url?.message} register={register} />
        <PolicyUrlField control={control} name="privacy_url" label={texts.privacyUrl} error={errors.privacy_url?.message} register={register} />
        <PolicyUrlField control={control} name="cookies_url" label={texts.cookiesUrl} error={errors.cookies_url?.message} register={register} />
        <TextAreaField label={texts.termsText} hint={texts.termsTextHint} rows={8} maxLength={STAFF_PROJECT_LIMITS.termsText} error={errors.terms_text?.message} {...register('terms_text')} />
      </Card>

      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{texts.notification}</h2>
        <RadioGroup legend={texts.show} error={errors.notification?.show?.message}>
          {({ describedBy, invalid }) => (
            <>
              <p className="-mt-1 text-sm text-slate-700">{texts.showHint}</p>
              <div className="flex flex-wrap gap-x-6">
                {CHAT_NOTIFICATION_SHOW.map((show) => (
                  <RadioOption key={show} value={show} label={texts.shows[show]} aria-describedby={describedBy} aria-invalid={invalid} {...register('notification.show')} />
                ))}
              </div>
            </>
          )}
        </RadioGroup>
        <TextField label={texts.notificationTitle} maxLength={STAFF_PROJECT_LIMITS.notificationTitle} error={errors.notification?.title?.message} {...register('notification.title')} />
        <TextAreaField label={texts.notificationText} maxLength={STAFF_PROJECT_LIMITS.notificationText} error={errors.notification?.text?.message} {...register('notification.text')} />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">{texts.days}</legend>
          <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-4">
            {WEEK.map((day) => <Checkbox key={day} label={texts.weekdays[day]} {...register(`notification.${day}`)} />)}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-4">
          <HourField label={texts.fromHour} error={errors.notification?.from_hour?.message} {...register('notification.from_hour')} />
          <HourField label={texts.tillHour} error={errors.notification?.till_hour?.message} {...register('notification.till_hour')} />
        </div>
        <p className="text-sm text-slate-700">{texts.hoursHint}</p>
        <NotificationPreview control={control} />
      </Card>

      <div className="flex justify-end">
        <Button type="submit" busy={isSubmitting}>{texts.save}</Button>
      </div>
    </form>
  );
}

/** A policy's address with where residents end up (the website plus the path, or the whole address). */
function PolicyUrlField({ control, register, name, label, error }: {
  control: Control<CustomerForm>;
  register: UseFormRegister<CustomerForm>;
  name: 'terms_url' | 'privacy_url' | 'cookies_url';
  label: string;
  error?: string;
}) {
  const [value, website] = useWatch({ control, name: [name, 'website'] });
  const resolved = resolvePolicyUrl(website, value ?? '');
  return (
    <TextField label={label} required autoComplete="off" spellCheck={false} maxLength={STAFF_PROJECT_LIMITS.policyUrl} error={error}
      hint={error ? undefined : texts.policyResolved(resolved)} {...register(name)} />
  );
}

/**
 * A time as HH:mm. A text field rather than the browser's time input, whose clock follows the browser's
 * language (AM/PM in an English browser) and which cannot hold 24:00.
 */
function HourField(props: Omit<Parameters<typeof TextField>[0], 'type'>) {
  return <TextField className="w-32" inputMode="numeric" autoComplete="off" maxLength={5} placeholder="uu:mm" {...props} />;
}

/** The clock of the preview, moved on every half minute. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * What a resident sees above the chat now, by the rule the server applies (chat-rules.ts): 'on' always,
 * 'off' never, 'between' outside the opening hours in Europe/Amsterdam.
 */
function NotificationPreview({ control }: { control: Control<CustomerForm> }) {
  const notification = useWatch({ control, name: 'notification' });
  const now = useNow();
  const validHours = HOUR_PATTERN.test(notification.from_hour) && HOUR_PATTERN.test(notification.till_hour);
  const visible = validHours && isNotificationVisible(notification, now);
  const empty = !notification.title.trim() && !notification.text.trim();
  return (
    <section aria-labelledby="notification-preview" className="flex flex-col gap-2 rounded-md border border-dashed border-slate-400 p-4" data-testid="notification-preview">
      <h3 id="notification-preview" className="text-base font-semibold">{texts.preview}</h3>
      <p className="text-sm font-medium text-slate-800" data-visible={visible}>{visible ? texts.previewShown : texts.previewHidden(notification.show)}</p>
      {empty ? <p className="text-sm text-slate-700">{texts.previewEmpty}</p> : (
        <div className={`rounded-md border-l-4 p-4 ${notification.show === 'between' ? 'border-amber-700 bg-amber-50 text-amber-900' : 'border-blue-700 bg-blue-50 text-blue-900'}`}>
          {notification.title && <p className="font-semibold">{notification.title}</p>}
          {notification.text && <p className="whitespace-pre-line text-sm">{notification.text}</p>}
        </div>
      )}
    </section>
  );
}
