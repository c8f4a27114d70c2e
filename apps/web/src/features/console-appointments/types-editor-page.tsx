import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import {
  newAppointmentTypeBody, ZAppointmentTypeBody, type TAppointmentType, type TAppointmentTypeBody, type TAvailabilityRules, type TWeeklyHours, type TWhoMayBook,
  WHO_MAY_BOOK,
} from '@portal/contract';
import { serverFieldErrors } from '../../lib/form-errors';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorSummary, useErrorSummary } from '../../ui/error-summary';
import { Checkbox, TextField } from '../../ui/field';
import { Page } from '../../ui/page';
import { RadioGroup, RadioOption } from '../../ui/radio-group';
import { ErrorState, Loading } from '../../ui/states';
import { toast, toastError } from '../../ui/toaster';
import { AvailabilityDaysOffEditor, AvailabilityOverridesEditor } from './availability-dates-editor';
import { AvailabilityPreview } from './availability-preview';
import { AvailabilityWeekEditor } from './availability-week-editor';
import { TypesAddressPicker } from './types-address-picker';
import { appointmentTypeApi, appointmentTypeKeys, appointmentTypeQueries } from './types-api';
import { AppointmentCrumbs } from './types-page';
import { typeTexts } from './types-texts';

const texts = typeTexts.editor;
const av = typeTexts.availability;
type Errors = Record<string, string | undefined>;

/** All seven weekdays in order (a closed day without ranges), as the week editor shows them. */
const allDays = (weekly: TWeeklyHours[]): TWeeklyHours[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => weekly.find((d) => d.weekday === weekday) ?? { weekday, ranges: [] });

function bodyOf(type: TAppointmentType): TAppointmentTypeBody {
  return {
    subject: type.subject, duration_minutes: type.duration_minutes, who_may_book: type.who_may_book, building_units: type.building_units,
    address_ids: type.address_ids, confirm_by_email: type.confirm_by_email, confirm_by_sms: type.confirm_by_sms,
    occupants_can_plan: type.occupants_can_plan, occupants_can_confirm: type.occupants_can_confirm, occupants_can_cancel: type.occupants_can_cancel,
    availability: { ...type.availability, weekly: allDays(type.availability.weekly) },
  };
}

/** The first message per field of a failed parse, by the field's path. */
function parseErrors(body: TAppointmentTypeBody): Errors {
  const parsed = ZAppointmentTypeBody.safeParse(body);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= /^(Invalid|Expected|Too)/.test(issue.message) ? 'Deze waarde is ongeldig' : issue.message;
  }
  return errors;
}

/** A whole number field; an empty or unreadable value stays NaN, which the contract refuses with its message. */
function NumberField({ label, name, value, hint, error, disabled, onChange }: {
  label: string; name: string; value: number; hint?: string; error?: string; disabled?: boolean; onChange: (value: number) => void;
}) {
  return (
    <TextField label={label} name={name} id={name} type="number" inputMode="numeric" min={0} step={1} hint={hint} error={error} disabled={disabled}
      value={Number.isNaN(value) ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))} />
  );
}

function Editor({ projectId, type, canManage }: { projectId: number; type: TAppointmentType | null; canManage: boolean }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<TAppointmentTypeBody>(() => (type ? bodyOf(type) : { ...newAppointmentTypeBody(), availability: { ...newAppointmentTypeBody().availability, weekly: allDays(newAppointmentTypeBody().availability.weekly) } }));
  const [errors, setErrors] = useState<Errors>({});
  const [removing, setRemoving] = useState(false);
  const { focusKey, focusSummary } = useErrorSummary();
  const options = useQuery(appointmentTypeQueries.options(projectId));
  const project = useQuery(appointmentTypeQueries.project(projectId));
  const readOnly = !canManage;

  const live = parseErrors(draft);
  // After a failed save the messages follow the edits: a corrected field loses its message at once.
  const change = (next: (d: TAppointmentTypeBody) => TAppointmentTypeBody) => {
    const changed = next(draft);
    setDraft(changed);
    if (Object.keys(errors).length) setErrors(parseErrors(changed));
  };
  const set = <K extends keyof TAppointmentTypeBody>(key: K, value: TAppointmentTypeBody[K]) => change((d) => ({ ...d, [key]: value }));
  const setRule = <K extends keyof TAvailabilityRules>(key: K, value: TAvailabilityRules[K]) => change((d) => ({ ...d, availability: { ...d.availability, [key]: value } }));
  const rulesValid = !Object.keys(live).some((f) => f.startsWith('availability') || f === 'duration_minutes');

  const save = useMutation({
    mutationFn: (body: TAppointmentTypeBody) => (type ? appointmentTypeApi.update(projectId, type.id, body) : appointmentTypeApi.create(projectId, body)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: appointmentTypeKeys.project(projectId) });
      toast(type ? texts.saved : texts.created, 'success');
      if (!type) navigate(`/projecten/${projectId}/afspraken/soorten/${saved.id}`, { replace: true });
      else setDraft(bodyOf(saved));
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields.length) {
        setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
        focusSummary();
      } else toastError(error, texts.failed);
    },
  });
  const remove = useMutation({
    mutationFn: () => appointmentTypeApi.remove(projectId, type!.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appointmentTypeKeys.project(projectId) });
      toast(texts.removed, 'success');
      navigate(`/projecten/${projectId}/afspraken`);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(live).length) {
      setErrors(live);
      focusSummary();
      return;
    }
    setErrors({});
    save.mutate({ ...draft, subject: draft.subject.trim() });
  };
  const summary = Object.entries(errors).filter(([, m]) => m).map(([field, message]) => ({ field, message: message! }));
  const a = draft.availability;
  const title = type ? texts.title(type.subject) : texts.newTitle;

  return (
    <Page title={title}>
      <AppointmentCrumbs projectId={projectId} projectName={project.data?.name} current={type?.subject ?? texts.newTitle} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-6">
        <ErrorSummary errors={summary} focusKey={focusKey} />
        {readOnly && <Banner tone="info">{texts.readOnly}</Banner>}
        {type && !type.slots_from_rules && <Banner tone="info">{texts.handMade}</Banner>}
        {type && type.booked_count > 0 && <p className="text-slate-800">{texts.bookedNote(type.booked_count)}</p>}

        <section aria-labelledby="type-general" className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="type-general" className="text-lg font-semibold text-slate-900">{texts.general}</h2>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label={texts.subject} name="subject" id="subject" required hint={texts.subjectHint} value={draft.subject} disabled={readOnly}
              error={errors.subject} onChange={(e) => set('subject', e.target.value)} maxLength={120} />
            <NumberField label={texts.duration} name="duration_minutes" hint={texts.durationHint} value={draft.duration_minutes} disabled={readOnly}
              error={errors.duration_minutes} onChange={(v) => set('duration_minutes', v)} />
          </div>
          <RadioGroup legend={texts.who} error={errors.who_may_book}>
            {({ describedBy, invalid }) => WHO_MAY_BOOK.map((who: TWhoMayBook) => (
              <RadioOption key={who} name="who_may_book" value={who} label={typeTexts.who[who]} checked={draft.who_may_book === who} disabled={readOnly}
                aria-describedby={describedBy} aria-invalid={invalid} onChange={() => set('who_may_book', who)} />
            ))}
          </RadioGroup>
          {draft.who_may_book === 'units' && (
            <fieldset className="flex flex-col gap-1" id="building_units">
              <legend className="text-sm font-medium text-slate-800">{texts.units}</legend>
              {options.data?.building_units.length === 0 && <p className="text-sm text-slate-700">{texts.noUnits}</p>}
              <div className="flex flex-wrap gap-x-6">
                {options.data?.building_units.map((unit) => (
                  <Checkbox key={unit} name="building_units" label={unit} checked={draft.building_units.includes(unit)} disabled={readOnly}
                    onChange={(e) => set('building_units', e.target.checked ? [...draft.building_units, unit] : draft.building_units.filter((u) => u !== unit))} />
                ))}
              </div>
              {(errors.building_units ?? Object.entries(errors).find(([f]) => f.startsWith('building_units.'))?.[1]) && (
                <p className="text-sm font-medium text-red-700">{errors.building_units ?? Object.entries(errors).find(([f]) => f.startsWith('building_units.'))?.[1]}</p>
              )}
            </fieldset>
          )}
          {draft.who_may_book === 'addresses' && (
            <TypesAddressPicker projectId={projectId} ids={draft.address_ids} error={errors.address_ids} disabled={readOnly} onChange={(ids) => set('address_ids', ids)} />
          )}
          <fieldset className="flex flex-col">
            <legend className="text-sm font-medium text-slate-800">{texts.confirmations}</legend>
            <Checkbox name="confirm_by_email" label={texts.byEmail} checked={draft.confirm_by_email} disabled={readOnly} onChange={(e) => set('confirm_by_email', e.target.checked)} />
            <Checkbox name="confirm_by_sms" label={texts.bySms} checked={draft.confirm_by_sms} disabled={readOnly} onChange={(e) => set('confirm_by_sms', e.target.checked)} />
          </fieldset>
          <fieldset className="flex flex-col">
            <legend className="text-sm font-medium text-slate-800">{texts.residents}</legend>
            <Checkbox name="occupants_can_plan" label={texts.canPlan} checked={draft.occupants_can_plan} disabled={readOnly} onChange={(e) => set('occupants_can_plan', e.target.checked)} />
            <Checkbox name="occupants_can_confirm" label={texts.canConfirm} checked={draft.occupants_can_confirm} disabled={readOnly} onChange={(e) => set('occupants_can_confirm', e.target.checked)} />
            <Checkbox name="occupants_can_cancel" label={texts.canCancel} checked={draft.occupants_can_cancel} disabled={readOnly} onChange={(e) => set('occupants_can_cancel', e.target.checked)} />
          </fieldset>
        </section>

        <section aria-labelledby="type-availability" className="flex flex-col gap-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="type-availability" className="text-lg font-semibold text-slate-900">{av.heading}</h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberField label={av.capacity} name="availability.slot_capacity" hint={av.capacityHint} value={a.slot_capacity} disabled={readOnly}
              error={errors['availability.slot_capacity']} onChange={(v) => setRule('slot_capacity', v)} />
            <NumberField label={av.buffer} name="availability.buffer_minutes" value={a.buffer_minutes} disabled={readOnly}
              error={errors['availability.buffer_minutes']} onChange={(v) => setRule('buffer_minutes', v)} />
            <NumberField label={av.horizon} name="availability.horizon_days" value={a.horizon_days} disabled={readOnly}
              error={errors['availability.horizon_days']} onChange={(v) => setRule('horizon_days', v)} />
          </div>
          <AvailabilityWeekEditor weekly={a.weekly} errors={errors} disabled={readOnly} onChange={(weekly) => setRule('weekly', weekly)} />
          <AvailabilityOverridesEditor overrides={a.overrides} errors={errors} disabled={readOnly} onChange={(overrides) => setRule('overrides', overrides)} />
          <AvailabilityDaysOffEditor daysOff={a.days_off} errors={errors} disabled={readOnly} onChange={(days) => setRule('days_off', days)} />
          <fieldset className="flex flex-col gap-3">
            <legend className="text-lg font-semibold text-slate-900">{av.notices}</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <NumberField label={av.bookingNotice} name="availability.booking_notice_hours" value={a.booking_notice_hours} disabled={readOnly}
                error={errors['availability.booking_notice_hours']} onChange={(v) => setRule('booking_notice_hours', v)} />
              <NumberField label={av.rescheduleNotice} name="availability.reschedule_notice_hours" value={a.reschedule_notice_hours} disabled={readOnly}
                error={errors['availability.reschedule_notice_hours']} onChange={(v) => setRule('reschedule_notice_hours', v)} />
              <NumberField label={av.cancelNotice} name="availability.cancel_notice_hours" value={a.cancel_notice_hours} disabled={readOnly}
                error={errors['availability.cancel_notice_hours']} onChange={(v) => setRule('cancel_notice_hours', v)} />
            </div>
          </fieldset>
        </section>

        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={save.isPending}>{save.isPending ? texts.saving : texts.save}</Button>
            {type && <Button variant="danger" onClick={() => setRemoving(true)}>{texts.remove}</Button>}
          </div>
        )}
      </form>

      <div className="mt-8">
        <AvailabilityPreview projectId={projectId} typeId={type?.id ?? null} valid={rulesValid}
          draft={{ duration_minutes: draft.duration_minutes, availability: draft.availability }} />
      </div>

      {removing && (
        <ConfirmDialog title={texts.removeTitle} confirm={texts.removeConfirm} busy={remove.isPending}
          error={remove.error instanceof Error ? remove.error.message : undefined}
          onConfirm={() => remove.mutate()} onClose={() => setRemoving(false)}>
          {texts.removeText}
        </ConfirmDialog>
      )}
    </Page>
  );
}

/**
 * /beheer/projecten/:projectId/afspraken/soorten/:typeId ('nieuw' for a new one): an appointment type with
 * who may book, confirmations, what residents may do, and its availability rules (weekly schedule,
 * overrides, days off, capacity, buffer, horizon, notices), with the slots of the next four weeks.
 */
export default function AppointmentTypeEditorPage() {
  const params = useParams<{ projectId: string; typeId: string }>();
  const projectId = Number(params.projectId);
  const isNew = params.typeId === 'nieuw';
  const typeId = isNew ? 0 : Number(params.typeId);
  const me = useQuery(appointmentTypeQueries.me());
  const type = useQuery({ ...appointmentTypeQueries.one(projectId, typeId), enabled: !isNew });
  const canManage = me.data?.permissions.includes('appointments.manage') ?? false;
  if (me.isPending || (!isNew && type.isPending)) return <Page title={typeTexts.title}><Loading /></Page>;
  if (!isNew && type.isError) return <Page title={typeTexts.title}><ErrorState error={type.error} retry={() => void type.refetch()} /></Page>;
  return <Editor key={isNew ? 'nieuw' : `${typeId}-${type.data?.updated_at}`} projectId={projectId} type={isNew ? null : type.data!} canManage={canManage} />;
}
