import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { TPlannerType } from '@portal/contract';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Checkbox, TextField } from '../../ui/field';
import { RadioGroup, RadioOption } from '../../ui/radio-group';
import { Select } from '../../ui/select';
import { Loading } from '../../ui/states';
import { TextAreaField } from '../../ui/textarea-field';
import { toast } from '../../ui/toaster';
import { dutchToIso, isoToDutch, plannerApi, plannerKeys, plannerQueries } from './planner-api';
import { plannerTexts } from './planner-texts';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : plannerTexts.failed);

function DialogButtons({ busy, submit, onClose }: { busy: boolean; submit: string; onClose: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="secondary" onClick={onClose}>{plannerTexts.close}</Button>
      <Button type="submit" busy={busy}>{submit}</Button>
    </div>
  );
}

/** Plans (or moves) an address's appointment of a type: a day, then one of its free times. */
export function BookDialog({ projectId, typeId, addressId, address, day, moving, onClose }: {
  projectId: number; typeId: number; addressId: number; address: string; day: string; moving?: boolean; onClose: () => void;
}) {
  const texts = plannerTexts.book;
  const queryClient = useQueryClient();
  const [dayText, setDayText] = useState(isoToDutch(day));
  const [slotId, setSlotId] = useState('');
  const [notify, setNotify] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const slotField = useId();
  const iso = dutchToIso(dayText);
  const slots = useQuery({ ...plannerQueries.view(projectId, iso ?? day, 'day', typeId), enabled: !!iso });
  const free = (slots.data?.slots ?? []).filter((s) => s.type_id === typeId && s.taken < s.capacity && new Date(s.starts_at).getTime() > Date.now());
  const book = useMutation({
    mutationFn: () => plannerApi.book(projectId, { type_id: typeId, address_id: addressId, slot_id: Number(slotId), notify }),
    onSuccess: async () => {
      toast(moving ? texts.moved : texts.done, 'success');
      await queryClient.invalidateQueries({ queryKey: plannerKeys.project(projectId) });
      onClose();
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!slotId) return setProblem(texts.slotRequired);
    setProblem(null);
    book.mutate();
  };
  return (
    <Dialog open title={moving ? texts.moveTitle(address) : texts.title(address)} onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField id="book-day" label={texts.date} value={dayText} onChange={(e) => { setDayText(e.target.value); setSlotId(''); }}
          error={dayText && !iso ? plannerTexts.controls.badDate : undefined} inputMode="numeric" autoComplete="off" />
        {iso && slots.isPending ? <Loading /> : iso && !free.length ? <p className="text-slate-800">{texts.noFree}</p> : (
          <div className="flex flex-col gap-1">
            <label htmlFor={slotField} className="text-sm font-medium text-slate-800">{texts.slot}</label>
            <Select id={slotField} value={slotId} onChange={(e) => setSlotId(e.target.value)}>
              <option value="">{texts.chooseSlot}</option>
              {free.map((s) => <option key={s.id} value={s.id}>{texts.slotOption(s.time, s.capacity - s.taken)}</option>)}
            </Select>
          </div>
        )}
        <Checkbox label={texts.notify} checked={notify} onChange={(e) => setNotify(e.target.checked)} />
        {problem && <Banner tone="error">{problem}</Banner>}
        <DialogButtons busy={book.isPending} submit={moving ? texts.moveSubmit : texts.submit} onClose={onClose} />
      </form>
    </Dialog>
  );
}

/** Cancels one appointment, with a reason for the resident's message. */
export function CancelDialog({ projectId, appointmentId, address, when, onClose }: {
  projectId: number; appointmentId: number; address: string; when: string; onClose: () => void;
}) {
  const texts = plannerTexts.cancelDialog;
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const cancel = useMutation({
    mutationFn: () => plannerApi.cancel(projectId, appointmentId, { notify, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    onSuccess: async (result) => {
      toast(`${texts.done}${texts.filled(result.filled)}`, 'success');
      await queryClient.invalidateQueries({ queryKey: plannerKeys.project(projectId) });
      onClose();
    },
  });
  return (
    <Dialog open title={texts.title} onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={(e) => { e.preventDefault(); cancel.mutate(); }}>
        <p>{texts.body(address, when)}</p>
        <TextAreaField id="cancel-reason" label={texts.reason} value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={500} />
        <Checkbox label={texts.notify} checked={notify} onChange={(e) => setNotify(e.target.checked)} />
        {cancel.isError && <Banner tone="error">{errorText(cancel.error)}</Banner>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{plannerTexts.close}</Button>
          <Button type="submit" variant="danger" busy={cancel.isPending}>{texts.confirm}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A day that falls out: every appointment of a type on a day moved to another day, or cancelled. */
export function DayDialog({ projectId, types, typeId, day, onClose }: {
  projectId: number; types: TPlannerType[]; typeId?: number; day: string; onClose: () => void;
}) {
  const texts = plannerTexts.dayDialog;
  const queryClient = useQueryClient();
  const [type, setType] = useState(String(typeId ?? types[0]?.id ?? ''));
  const [dayText, setDayText] = useState(isoToDutch(day));
  const [action, setAction] = useState<'cancel' | 'move'>('cancel');
  const [toText, setToText] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const typeField = useId();
  const date = dutchToIso(dayText);
  const toDate = dutchToIso(toText);
  const run = useMutation({
    mutationFn: () => plannerApi.day(projectId, {
      type_id: Number(type), date: date!, action, ...(action === 'move' ? { to_date: toDate! } : {}), ...(reason.trim() ? { reason: reason.trim() } : {}),
    }),
    onSuccess: async (result) => {
      toast(texts.done(result.action, result.count), 'success');
      await queryClient.invalidateQueries({ queryKey: plannerKeys.project(projectId) });
      onClose();
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || (action === 'move' && !toDate)) return setProblem(plannerTexts.controls.badDate);
    setProblem(null);
    run.mutate();
  };
  return (
    <Dialog open title={texts.title} onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-slate-800">{texts.intro}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={typeField} className="text-sm font-medium text-slate-800">{texts.type}</label>
          <Select id={typeField} value={type} onChange={(e) => setType(e.target.value)}>
            {types.map((t) => <option key={t.id} value={t.id}>{t.subject}</option>)}
          </Select>
        </div>
        <TextField id="day-date" label={texts.date} value={dayText} onChange={(e) => setDayText(e.target.value)} inputMode="numeric" autoComplete="off"
          error={dayText && !date ? plannerTexts.controls.badDate : undefined} />
        <RadioGroup legend={texts.action}>
          {() => (
            <>
              <RadioOption name="day-action" label={texts.cancel} checked={action === 'cancel'} onChange={() => setAction('cancel')} />
              <RadioOption name="day-action" label={texts.move} checked={action === 'move'} onChange={() => setAction('move')} />
            </>
          )}
        </RadioGroup>
        {action === 'move' && (
          <TextField id="day-to" label={texts.toDate} value={toText} onChange={(e) => setToText(e.target.value)} inputMode="numeric" autoComplete="off"
            error={toText && !toDate ? plannerTexts.controls.badDate : undefined} />
        )}
        <TextAreaField id="day-reason" label={texts.reason} value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={500} />
        {problem && <Banner tone="error">{problem}</Banner>}
        <DialogButtons busy={run.isPending} submit={texts.submit} onClose={onClose} />
      </form>
    </Dialog>
  );
}
