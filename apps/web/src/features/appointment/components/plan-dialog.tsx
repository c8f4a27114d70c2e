import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  appointmentEmailProblem, appointmentMessages, appointmentMobileProblem, EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH, type TAppointment, type TAvailableSlot,
} from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { storage } from '../../../lib/storage';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { Checkbox, TextField } from '../../../ui/field';
import { RadioGroup, RadioOption } from '../../../ui/radio-group';
import { ErrorState, Loading } from '../../../ui/states';
import { toast } from '../../../ui/toaster';
import { appointmentApi, appointmentKeys, appointmentQueries, type ConfirmationPrefill } from '../api';
import { dateWithWeekday, text } from '../text';

type Values = {
  cluster_schedule_id: string;
  send_confirmation_email: boolean;
  email_address: string;
  send_confirmation_sms: boolean;
  mobile_number: string;
};
const FIELDS = ['cluster_schedule_id', 'email_address', 'mobile_number'] as const;

/** Slots grouped by date, in the server's order (soonest first). */
function byDate(slots: TAvailableSlot[]): Array<{ date: string; slots: TAvailableSlot[] }> {
  const groups: Array<{ date: string; slots: TAvailableSlot[] }> = [];
  for (const slot of slots) {
    const last = groups[groups.length - 1];
    if (last?.date === slot.date) last.slots.push(slot);
    else groups.push({ date: slot.date, slots: [slot] });
  }
  return groups;
}

/** The 'Afspraak plannen' modal: choose a free slot, optionally ask for a confirmation by e-mail or SMS. */
export function PlanDialog({ appointment, prefill, onClose }: { appointment: TAppointment; prefill: ConfirmationPrefill; onClose: () => void }) {
  const projectId = storage.projectId();
  const detail = useQuery(appointmentQueries.one(projectId, appointment.id));
  // Kept here, not in the form: a refetch after a conflict may give a new version (a new form).
  const [conflict, setConflict] = useState<string>();
  return (
    <Dialog open title={text.modalTitle} onClose={onClose}>
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{appointment.subject}</span>
        {appointment.address_date && appointment.address_time && <><br />{text.current(appointment.address_date, appointment.address_time)}</>}
      </p>
      {detail.isPending ? <Loading /> : detail.isError ? <ErrorState error={detail.error} retry={() => void detail.refetch()} /> : (
        <PlanForm
          key={detail.data.version}
          appointmentId={appointment.id}
          version={detail.data.version}
          slots={detail.data.available_slots}
          conflict={conflict}
          setConflict={setConflict}
          prefill={prefill}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

type FormProps = {
  appointmentId: number;
  version: number;
  slots: TAvailableSlot[];
  conflict: string | undefined;
  setConflict: (message: string | undefined) => void;
  prefill: ConfirmationPrefill;
  onClose: () => void;
};

function PlanForm({ appointmentId, version, slots, conflict, setConflict, prefill, onClose }: FormProps) {
  const queryClient = useQueryClient();
  const groups = useMemo(() => byDate(slots), [slots]);
  const { register, handleSubmit, watch, setError, clearErrors, setValue, getValues, formState: { errors } } = useForm<Values>({
    defaultValues: { cluster_schedule_id: '', send_confirmation_email: false, email_address: prefill.email, send_confirmation_sms: false, mobile_number: prefill.mobile },
    shouldFocusError: false,
  });
  const summary = useErrorSummary();
  const wantsEmail = watch('send_confirmation_email');
  const wantsSms = watch('send_confirmation_sms');
  // A confirmation no longer asked for takes its field away, and the field's error (in the summary too).
  useEffect(() => {
    if (!wantsEmail) clearErrors('email_address');
    if (!wantsSms) clearErrors('mobile_number');
  }, [wantsEmail, wantsSms, clearErrors]);
  // A slot that filled up meanwhile disappears from the list; so does the choice of it.
  useEffect(() => {
    const chosen = getValues('cluster_schedule_id');
    if (chosen && !slots.some((slot) => String(slot.id) === chosen)) setValue('cluster_schedule_id', '');
  }, [slots, getValues, setValue]);

  const save = useMutation({
    mutationFn: (values: Values) =>
      appointmentApi.change(appointmentId, {
        cluster_schedule_id: Number(values.cluster_schedule_id),
        version,
        send_confirmation_email: values.send_confirmation_email,
        email_address: values.send_confirmation_email ? values.email_address.trim() : null,
        send_confirmation_sms: values.send_confirmation_sms,
        mobile_number: values.send_confirmation_sms ? values.mobile_number.trim() : null,
      }),
    onSuccess: (result) => {
      // Closed in the same render as the toast appears: outside the modal the live region is not inert.
      // A confirmation held back by the limits is news the resident should read longer.
      if (result.confirmation === 'limited') toast(result.message, 'info', 12_000);
      else toast(result.message, 'success');
      onClose();
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        // Someone else was first (a full slot) or the appointment changed: show why and load it again.
        setConflict(error.message);
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
        return;
      }
      if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
      else setConflict(error instanceof ApiError ? error.message : text.failed);
    },
  });

  if (!slots.length) {
    return (
      <>
        <Banner tone="error" title={text.noSlots}>{text.noSlotsDetail}</Banner>
        <Button variant="secondary" className="self-end" onClick={onClose}>{text.close}</Button>
      </>
    );
  }

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((values) => { setConflict(undefined); save.mutate(values); }, summary.focusSummary)}>
      <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} headingLevel={3} />
      {conflict && <Banner tone="error">{conflict}</Banner>}
      <RadioGroup legend={text.slotsLegend} required error={errors.cluster_schedule_id?.message}>
        {({ describedBy, invalid }) => (
          <div className="flex max-h-[40vh] flex-col gap-3 overflow-y-auto rounded-md border border-slate-200 p-3">
            {groups.map((group) => (
              <div key={group.date} role="group" aria-label={dateWithWeekday(group.date)}>
                <p className="text-sm font-semibold capitalize text-slate-900" aria-hidden="true">{dateWithWeekday(group.date)}</p>
                <div className="flex flex-wrap gap-x-6">
                  {group.slots.map((slot) => (
                    <RadioOption
                      key={slot.id}
                      value={String(slot.id)}
                      label={text.timeLabel(slot.time)}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      {...register('cluster_schedule_id', { required: appointmentMessages.slotRequired })}
                    />
                  ))}
                </div>
              </div>
            ))}
          </div>
        )}
      </RadioGroup>

      <Checkbox label={text.emailCheckbox} {...register('send_confirmation_email')} />
      {wantsEmail && (
        <TextField
          label={text.emailLabel}
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          error={errors.email_address?.message}
          {...register('email_address', { validate: (v, all) => !all.send_confirmation_email || (appointmentEmailProblem(v) ?? true) })}
        />
      )}
      <Checkbox label={text.smsCheckbox} {...register('send_confirmation_sms')} />
      {wantsSms && (
        <TextField
          label={text.mobileLabel}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={PHONE_MAX_LENGTH}
          hint={text.mobileHint}
          error={errors.mobile_number?.message}
          {...register('mobile_number', { validate: (v, all) => !all.send_confirmation_sms || (appointmentMobileProblem(v) ?? true) })}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>{text.close}</Button>
        <Button type="submit" busy={save.isPending}>{text.save}</Button>
      </div>
    </form>
  );
}
