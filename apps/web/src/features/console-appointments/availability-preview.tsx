import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TAppointmentTypePreviewBody, TAppointmentTypeSlot } from '@portal/contract';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { appointmentTypeQueries } from './types-api';
import { typeTexts } from './types-texts';

const texts = typeTexts.preview;
const longDate = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', weekday: 'long', day: 'numeric', month: 'long' });

/** The value once it has stayed the same for `ms` (the preview asks the server after typing stops). */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the JSON key stands for the value
  }, [key, ms]);
  return settled;
}

/** Slots grouped per day: the day as a heading, its times (and places) as a list. */
function SlotDays({ slots, stored }: { slots: TAppointmentTypeSlot[]; stored: boolean }) {
  const days = new Map<string, TAppointmentTypeSlot[]>();
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">{texts.count(slots.length)}</p>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={texts.heading}>
        {[...days.entries()].map(([date, daySlots]) => (
          <li key={date} className="rounded-lg border border-slate-200 bg-white p-3">
            <h3 className="mb-2 font-semibold text-slate-900 first-letter:uppercase">{longDate.format(new Date(daySlots[0]!.starts_at))}</h3>
            <ul className="flex flex-wrap gap-2 text-sm">
              {daySlots.map((slot) => (
                <li key={slot.starts_at} className={`rounded-md px-2 py-1 ${stored && slot.taken >= slot.capacity ? 'bg-amber-100 text-amber-950' : 'bg-slate-100 text-slate-900'}`}>
                  <span className="font-medium">{slot.time}</span>
                  <span className="text-slate-700"> · {stored ? texts.place(slot.taken, slot.capacity) : texts.capacity(slot.capacity)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The slots of the next four weeks: a preview of the draft's rules (asked of the server, nothing stored)
 * or, for a saved type, the stored slots with the places booked.
 */
export function AvailabilityPreview({ projectId, typeId, draft, valid }: {
  projectId: number; typeId: number | null; draft: TAppointmentTypePreviewBody; valid: boolean;
}) {
  const [show, setShow] = useState<'draft' | 'stored'>(typeId ? 'stored' : 'draft');
  const settled = useSettled(draft);
  const preview = useQuery({ ...appointmentTypeQueries.preview(projectId, settled), enabled: valid && show === 'draft' });
  const stored = useQuery({ ...appointmentTypeQueries.slots(projectId, typeId ?? 0), enabled: typeId !== null && show === 'stored' });
  const current = show === 'stored' ? stored : preview;

  return (
    <section aria-labelledby="availability-preview" className="flex flex-col gap-3">
      <h2 id="availability-preview" className="text-lg font-semibold text-slate-900">{texts.heading}</h2>
      {typeId !== null && (
        <div role="group" aria-label={texts.heading} className="flex flex-wrap gap-2">
          {(['stored', 'draft'] as const).map((which) => (
            <button key={which} type="button" aria-pressed={show === which} onClick={() => setShow(which)}
              className={`min-h-11 rounded-md border px-3 py-2 text-sm font-semibold ${show === which ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100'}`}>
              {which === 'stored' ? texts.showStored : texts.showDraft}
            </button>
          ))}
        </div>
      )}
      <p className="text-sm text-slate-700">{show === 'stored' ? texts.stored : texts.draft}</p>
      {show === 'draft' && !valid ? <EmptyState>{texts.invalid}</EmptyState>
        : current.isPending ? <Loading />
          : current.isError ? <ErrorState error={current.error} retry={() => void current.refetch()} />
            : current.data.length === 0 ? <EmptyState>{texts.none}</EmptyState>
              : <SlotDays slots={current.data} stored={show === 'stored'} />}
    </section>
  );
}
