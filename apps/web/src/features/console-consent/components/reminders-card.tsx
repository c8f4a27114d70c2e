import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TReminderSettings } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formatConsoleDateTime } from '../../../lib/console-format';
import { Button } from '../../../ui/button';
import { Checkbox, TextField } from '../../../ui/field';
import { Card } from '../../../ui/page';
import { toast, toastError } from '../../../ui/toaster';
import { campaignApi, campaignKeys, campaignQueries } from '../campaign-api';
import { campaignTexts as texts } from '../texts';

type Props = { projectId: number; formId: number; settings: TReminderSettings; today: string; canManage: boolean };

/** The form's reminder schedule (editable with consent.campaign.manage), sending now, and the reminders sent. */
export function RemindersCard({ projectId, formId, settings, today, canManage }: Props) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    enabled: settings.enabled, starts_on: settings.starts_on || today, first_after_days: String(settings.first_after_days),
    interval_days: String(settings.interval_days), max_count: String(settings.max_count), by_email: settings.by_email, by_sms: settings.by_sms,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sent = useQuery(campaignQueries.reminders(projectId, formId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignKeys.project(projectId) });

  const save = useMutation({
    mutationFn: () => campaignApi.saveReminders(projectId, formId, {
      enabled: form.enabled, starts_on: form.starts_on, first_after_days: Number(form.first_after_days), interval_days: Number(form.interval_days),
      max_count: Number(form.max_count), by_email: form.by_email, by_sms: form.by_sms,
    }),
    onSuccess: async () => {
      setErrors({});
      toast(texts.reminders.saved, 'success');
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setErrors(Object.fromEntries((error.body.errors ?? []).map((e) => [e.field, e.message])));
      toastError(error, texts.failed);
    },
  });
  const run = useMutation({
    mutationFn: () => campaignApi.runReminders(projectId, formId),
    onSuccess: async (answer) => {
      toast(texts.reminders.ran(answer.sent), 'success');
      await refresh();
    },
    onError: (error) => toastError(error, texts.failed),
  });

  const number = (key: 'first_after_days' | 'interval_days' | 'max_count', label: string) => (
    <TextField label={label} inputMode="numeric" value={form[key]} error={errors[key]} disabled={!canManage}
      onChange={(e) => setForm({ ...form, [key]: e.target.value.replace(/\D/g, '') })} />
  );

  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900">{texts.reminders.title}</h2>
      <p className="max-w-3xl text-slate-800">{texts.reminders.intro}</p>
      <form className="flex flex-col gap-3" onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
        <Checkbox label={texts.reminders.enabled} checked={form.enabled} disabled={!canManage} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField label={texts.reminders.startsOn} hint={texts.reminders.startsHint} value={form.starts_on} error={errors.starts_on} disabled={!canManage}
            onChange={(e) => setForm({ ...form, starts_on: e.target.value })} />
          {number('first_after_days', texts.reminders.firstAfter)}
          {number('interval_days', texts.reminders.interval)}
          {number('max_count', texts.reminders.maxCount)}
        </div>
        <div className="flex flex-wrap gap-x-6">
          <Checkbox label={texts.reminders.byEmail} checked={form.by_email} error={errors.by_email} disabled={!canManage} onChange={(e) => setForm({ ...form, by_email: e.target.checked })} />
          <Checkbox label={texts.reminders.bySms} checked={form.by_sms} disabled={!canManage} onChange={(e) => setForm({ ...form, by_sms: e.target.checked })} />
        </div>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={save.isPending}>{texts.reminders.save}</Button>
            <Button type="button" variant="secondary" busy={run.isPending} disabled={!settings.enabled} onClick={() => run.mutate()}>{texts.reminders.run}</Button>
          </div>
        )}
      </form>
      <div>
        <h3 className="mb-2 font-semibold text-slate-900">{texts.reminders.sent}</h3>
        {sent.data && !sent.data.data.length && <p className="text-slate-700">{texts.reminders.none}</p>}
        {sent.data && sent.data.data.length > 0 && (
          <ul className="flex flex-col divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" aria-label={texts.reminders.sent}>
            {sent.data.data.map((r) => (
              <li key={r.id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:justify-between">
                <span className="font-medium text-slate-900">{r.full_address}</span>
                <span className="text-sm text-slate-700">{texts.reminders.row(r)} · {formatConsoleDateTime(r.sent_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
