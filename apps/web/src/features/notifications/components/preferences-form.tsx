import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  NOTIFICATION_CATEGORIES, notificationCategoryTexts, SMS_CATEGORIES, ZNotificationSettingsUpdate,
  type TEmailMode, type TNotificationPreference, type TNotificationSettings, type TNotificationSettingsUpdate,
} from '@portal/contract';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/field';
import { RadioGroup, RadioOption } from '../../../ui/radio-group';
import { toast, toastError } from '../../../ui/toaster';
import { notificationApi, notificationKeys } from '../api';
import { texts } from '../texts';

const EMAIL_MODES: TEmailMode[] = ['off', 'direct', 'digest'];

/** Every category in the contract's order, with the person's stored choice (or the defaults' when missing). */
export function formValues(settings: TNotificationSettings): TNotificationSettingsUpdate {
  const stored = new Map(settings.preferences.map((p) => [p.category, p]));
  return {
    preferences: NOTIFICATION_CATEGORIES.map((category): TNotificationPreference => (
      stored.get(category) ?? { category, email: 'off', push: false, sms: false }
    )),
  };
}

/**
 * Per category: e-mail (Uit / Direct / Dagelijks overzicht), push (on or off) and SMS (only for the
 * categories the portal pays SMS for). E-mail or SMS cannot be chosen without an address or number.
 */
export function PreferencesForm({ settings }: { settings: TNotificationSettings }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset } = useForm<TNotificationSettingsUpdate>({
    resolver: zodResolver(ZNotificationSettingsUpdate),
    defaultValues: formValues(settings),
  });
  const save = useMutation({
    mutationFn: notificationApi.save,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.settings(), saved);
      reset(formValues(saved));
      toast(texts.saved, 'success');
    },
    onError: (error) => toastError(error, texts.saveFailed),
  });
  const noEmail = settings.email_address === null;
  const noMobile = settings.mobile === null;

  return (
    <form noValidate onSubmit={handleSubmit((values) => save.mutate(values), () => toast(texts.saveFailed, 'error'))} className="flex flex-col gap-4">
      <div className="text-sm text-slate-700">
        <p>{noEmail ? texts.noEmail : texts.emailTo(settings.email_address!)}</p>
        <p>{noMobile ? texts.noMobile : texts.smsTo(settings.mobile!)} {texts.smsOnly}</p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-2">
        {NOTIFICATION_CATEGORIES.map((category, i) => {
          const { label, description } = notificationCategoryTexts[category];
          const headingId = `meldingen-${category}`;
          const offersSms = SMS_CATEGORIES.includes(category);
          return (
            <li key={category} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby={headingId} data-category={category}>
              <h2 id={headingId} className="text-lg font-semibold">{label}</h2>
              <p className="mb-2 text-slate-700">{description}</p>
              <RadioGroup legend={`${texts.email}: ${label}`} legendClassName="sr-only">
                {() => (
                  <div className="flex flex-wrap gap-x-5">
                    <span aria-hidden="true" className="w-full pt-2.5 font-medium text-slate-800 sm:w-auto sm:py-2.5">{texts.email}</span>
                    {EMAIL_MODES.map((mode) => (
                      <RadioOption key={mode} value={mode} label={texts.emailModes[mode]} disabled={noEmail && mode !== 'off'} {...register(`preferences.${i}.email`)} />
                    ))}
                  </div>
                )}
              </RadioGroup>
              <div className="flex flex-wrap gap-x-6">
                <Checkbox label={texts.push} aria-label={`${texts.push}: ${label}`} {...register(`preferences.${i}.push`)} />
                {/* no SMS for this category: its value stays the stored false */}
                {offersSms && <Checkbox label={texts.sms} aria-label={`${texts.sms}: ${label}`} disabled={noMobile} {...register(`preferences.${i}.sms`)} />}
              </div>
            </li>
          );
        })}
      </ul>
      <div>
        <Button type="submit" busy={save.isPending}>{texts.save}</Button>
      </div>
    </form>
  );
}
