import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import type { TPlannerBooking, TPlannerSlot, TPlannerType, TStaffMe } from '@portal/contract';
import { staffApi } from '../../lib/staff-api';
import { Button, ButtonLink } from '../../ui/button';
import { Crumbs } from '../../ui/crumbs';
import { TextField } from '../../ui/field';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { addDaysIso, dutchLongDay, dutchShortDay, dutchToIso, isoToDutch, plannerQueries, todayIso, type PlannerWeergave } from './planner-api';
import { BookDialog, CancelDialog, DayDialog } from './planner-dialogs';
import { plannerTexts as texts } from './planner-texts';

export function PlannerCrumbs({ projectId, projectName, current }: { projectId: number; projectName?: string; current?: string }) {
  const crumbs = [
    { href: '/projecten', label: texts.crumbs.projects },
    { href: `/projecten/${projectId}`, label: projectName ?? `Project ${projectId}` },
    ...(current ? [{ href: `/projecten/${projectId}/afspraken/planning`, label: texts.crumbs.planner }] : []),
  ];
  return <Crumbs crumbs={crumbs} current={current ?? texts.crumbs.planner} />;
}

export const meQuery = { queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 } as const;

/** The page's state in its address: ?datum=YYYY-MM-DD&weergave=dag|week&type=ID. */
function usePlannerSearch() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const day = params.get('datum');
  const state = {
    date: day && dutchToIso(isoToDutch(day)) ? day : todayIso(),
    view: (params.get('weergave') === 'dag' ? 'dag' : 'week') as PlannerWeergave,
    type: Number(params.get('type')) || undefined,
  };
  const set = (next: Partial<typeof state>) => {
    const merged = { ...state, ...next };
    const query = new URLSearchParams({ datum: merged.date, weergave: merged.view, ...(merged.type ? { type: String(merged.type) } : {}) });
    navigate(`?${query.toString()}`, { replace: true });
  };
  return [state, set] as const;
}

type Action = { kind: 'move' | 'cancel'; booking: TPlannerBooking; slot: TPlannerSlot } | { kind: 'day' } | null;

function Booking({ booking, slot, canManage, onAction }: {
  booking: TPlannerBooking; slot: TPlannerSlot; canManage: boolean; onAction: (a: Action) => void;
}) {
  return (
    <li className="flex flex-col gap-1 border-t border-slate-200 py-2 first:border-t-0">
      <span className="font-medium break-words">{booking.address}</span>
      {booking.household && <span className="text-sm text-slate-700 break-words">{booking.household}</span>}
      <span className={`self-start rounded px-1.5 text-xs font-medium ${booking.confirmed ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}>
        {booking.confirmed ? texts.confirmed : texts.notConfirmed}
      </span>
      {canManage && (
        <span className="flex flex-wrap gap-2">
          <Button variant="secondary" className="px-2 py-1 text-sm" aria-label={texts.moveLabel(booking.address)}
            onClick={() => onAction({ kind: 'move', booking, slot })}>{texts.move}</Button>
          <Button variant="secondary" className="px-2 py-1 text-sm" aria-label={texts.cancelLabel(booking.address)}
            onClick={() => onAction({ kind: 'cancel', booking, slot })}>{texts.cancel}</Button>
        </span>
      )}
    </li>
  );
}

function Slot({ slot, typeName, canManage, onAction, onShowDay }: {
  slot: TPlannerSlot; typeName?: string; canManage: boolean; onAction: (a: Action) => void; onShowDay: (day: string) => void;
}) {
  const more = slot.taken - slot.bookings.length;
  const closed = slot.capacity === 0;
  return (
    <li className="rounded-md border border-slate-300 bg-white p-3">
      <p className="font-semibold">{texts.slot(slot.time, slot.taken, slot.capacity)}{closed && <span className="ml-2 text-sm text-red-800">{texts.closed}</span>}</p>
      {typeName && <p className="text-sm text-slate-700">{typeName}</p>}
      {slot.bookings.length
        ? <ul className="mt-1" aria-label={`${slot.time} uur`}>{slot.bookings.map((b) => <Booking key={b.appointment_id} booking={b} slot={slot} canManage={canManage} onAction={onAction} />)}</ul>
        : <p className="mt-1 text-sm text-slate-700">{texts.noBookings}</p>}
      {more > 0 && (
        <Button variant="secondary" className="mt-1 px-2 py-1 text-sm" onClick={() => onShowDay(slot.day)}>{texts.moreBookings(more)}</Button>
      )}
    </li>
  );
}

function Calendar({ days, slots, types, showType, canManage, onAction, onShowDay }: {
  days: string[]; slots: TPlannerSlot[]; types: TPlannerType[]; showType: boolean; canManage: boolean; onAction: (a: Action) => void;
  onShowDay: (day: string) => void;
}) {
  const names = new Map(types.map((t) => [t.id, t.subject]));
  return (
    <div className={`grid gap-4 ${days.length > 1 ? 'lg:grid-cols-7' : ''}`}>
      {days.map((day) => {
        const mine = slots.filter((s) => s.day === day);
        return (
          <section key={day} aria-labelledby={`dag-${day}`} className="min-w-0">
            <h2 id={`dag-${day}`} className="mb-2 text-base font-semibold first-letter:uppercase">{days.length > 1 ? dutchShortDay(day) : dutchLongDay(day)}</h2>
            {mine.length
              ? <ul className="flex flex-col gap-2">{mine.map((s) => <Slot key={s.id} slot={s} typeName={showType ? names.get(s.type_id) : undefined} canManage={canManage} onAction={onAction} onShowDay={onShowDay} />)}</ul>
              : <p className="text-sm text-slate-700">{texts.freeDay}</p>}
          </section>
        );
      })}
    </div>
  );
}

/**
 * /beheer/projecten/:projectId/afspraken/planning?datum=YYYY-MM-DD&weergave=dag|week&type=ID: the calendar of the
 * project's appointments per day or week, who booked what; moving and cancelling for an address, a day that falls out.
 */
export default function PlannerPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const [state, set] = usePlannerSearch();
  const [dateText, setDateText] = useState(isoToDutch(state.date));
  const [action, setAction] = useState<Action>(null);
  const project = useQuery(plannerQueries.project(projectId));
  const me = useQuery(meQuery);
  const canManage = me.data?.permissions.includes('appointments.manage') ?? false;
  const apiView = state.view === 'dag' ? 'day' : 'week';
  const view = useQuery(plannerQueries.view(projectId, state.date, apiView, state.type));
  const step = state.view === 'dag' ? 1 : 7;
  const go = (date: string) => {
    setDateText(isoToDutch(date));
    set({ date });
  };
  const days = view.data ? Array.from({ length: state.view === 'dag' ? 1 : 7 }, (_, i) => addDaysIso(view.data.from, i)) : [];
  const typeId = state.type ?? view.data?.types[0]?.id;

  return (
    <Page
      title={texts.title}
      actions={(
        <div className="flex flex-wrap gap-2">
          {typeId && <ButtonLink variant="secondary" to={`/projecten/${projectId}/afspraken/zonder-afspraak?type=${typeId}`}>{texts.withoutLink}</ButtonLink>}
          {typeId && <ButtonLink variant="secondary" to={`/projecten/${projectId}/afspraken/wachtlijst?type=${typeId}`}>{texts.waitlistLink}</ButtonLink>}
          {canManage && !!view.data?.types.length && <Button variant="secondary" onClick={() => setAction({ kind: 'day' })}>{texts.dayOff}</Button>}
        </div>
      )}
    >
      <PlannerCrumbs projectId={projectId} projectName={project.data?.name} />
      <p className="mb-4 text-slate-800">{texts.intro}</p>

      <fieldset className="mb-4 grid gap-3 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="px-1 text-sm font-semibold">{texts.controls.legend}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor="planner-type" className="text-sm font-medium text-slate-800">{texts.controls.type}</label>
          <Select id="planner-type" value={state.type ?? ''} onChange={(e) => set({ type: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">{texts.controls.allTypes}</option>
            {view.data?.types.map((t) => <option key={t.id} value={t.id}>{t.subject}</option>)}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="planner-view" className="text-sm font-medium text-slate-800">{texts.controls.view}</label>
          <Select id="planner-view" value={state.view} onChange={(e) => set({ view: e.target.value as PlannerWeergave })}>
            <option value="week">{texts.controls.week}</option>
            <option value="dag">{texts.controls.day}</option>
          </Select>
        </div>
        <TextField id="planner-date" label={texts.controls.date} value={dateText} inputMode="numeric" autoComplete="off"
          error={dateText && !dutchToIso(dateText) ? texts.controls.badDate : undefined}
          onChange={(e) => { setDateText(e.target.value); const iso = dutchToIso(e.target.value); if (iso) set({ date: iso }); }} />
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="secondary" onClick={() => go(addDaysIso(state.date, -step))}>{texts.controls.previous(state.view)}</Button>
          <Button variant="secondary" onClick={() => go(todayIso())}>{texts.controls.today}</Button>
          <Button variant="secondary" onClick={() => go(addDaysIso(state.date, step))}>{texts.controls.next(state.view)}</Button>
        </div>
      </fieldset>

      {view.isPending ? <Loading /> : view.isError ? <ErrorState error={view.error} retry={() => void view.refetch()} /> : (
        <>
          <p className="mb-3 font-medium" aria-live="polite">
            {texts.period(dutchLongDay(view.data.from), dutchLongDay(view.data.to))}: {texts.totals(view.data.totals.booked, view.data.totals.places, view.data.totals.confirmed)}
          </p>
          {view.data.types.some((t) => t.waiting > 0) && (
            <ul className="mb-3 flex flex-wrap gap-2 text-sm">
              {view.data.types.filter((t) => t.waiting > 0).map((t) => <li key={t.id} className="rounded bg-slate-100 px-2 py-1">{t.subject}: {texts.waiting(t.waiting)}</li>)}
            </ul>
          )}
          {!view.data.types.length ? <EmptyState>{texts.noTypes}</EmptyState>
            : !view.data.slots.length ? <EmptyState>{texts.noSlots}</EmptyState>
              : <Calendar days={days} slots={view.data.slots} types={view.data.types} showType={!state.type} canManage={canManage} onAction={setAction}
                onShowDay={(day) => set({ date: day, view: 'dag' })} />}
        </>
      )}

      {action?.kind === 'move' && (
        <BookDialog projectId={projectId} typeId={action.slot.type_id} addressId={action.booking.address_id} address={action.booking.address}
          day={action.slot.day} moving onClose={() => setAction(null)} />
      )}
      {action?.kind === 'cancel' && (
        <CancelDialog projectId={projectId} appointmentId={action.booking.appointment_id} address={action.booking.address}
          when={`${isoToDutch(action.slot.day)} ${action.slot.time} uur`} onClose={() => setAction(null)} />
      )}
      {action?.kind === 'day' && view.data && (
        <DayDialog projectId={projectId} types={view.data.types} typeId={state.type} day={state.date} onClose={() => setAction(null)} />
      )}
    </Page>
  );
}
