import { queryOptions } from '@tanstack/react-query';
import {
  fillPath, plannerPaths, staffProjectPaths,
  type TPlannerBookBody, type TPlannerChangeResult, type TPlannerDayBody, type TPlannerDayResult, type TPlannerView, type TStaffProject, type TWaiter, type TWithoutRow,
} from '@portal/contract';
import { staffApi, staffApiPage, staffGetFile } from '../../lib/staff-api';

export type PlannerWeergave = 'dag' | 'week';

export const plannerKeys = {
  all: ['staff', 'planner'] as const,
  project: (projectId: number) => [...plannerKeys.all, projectId] as const,
  view: (projectId: number, date: string, view: 'day' | 'week', type?: number) => [...plannerKeys.project(projectId), 'view', date, view, type ?? null] as const,
  without: (projectId: number, type: number) => [...plannerKeys.project(projectId), 'without', type] as const,
  waitlist: (projectId: number, type: number) => [...plannerKeys.project(projectId), 'waitlist', type] as const,
};

const path = (template: string, projectId: number, extra: Record<string, number> = {}) => fillPath(template, { projectId, ...extra });

export const plannerQueries = {
  view: (projectId: number, date: string, view: 'day' | 'week', type?: number) => queryOptions({
    queryKey: plannerKeys.view(projectId, date, view, type),
    queryFn: () => staffApi<TPlannerView>(path(plannerPaths.view, projectId), { query: { date, view, ...(type ? { type } : {}) } }),
  }),
  project: (projectId: number) => queryOptions({
    queryKey: [...plannerKeys.project(projectId), 'project'] as const,
    queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)),
    staleTime: 60_000,
  }),
};

/** A row of the list without an appointment, keyed by its address for the console list's paging. */
export type WithoutItem = TWithoutRow & { id: number };

export const plannerApi = {
  without: async (projectId: number, type: number, q: string | undefined, before?: number) => {
    const page = await staffApiPage<TWithoutRow[]>(path(plannerPaths.without, projectId), { before }, { query: { type, ...(q ? { q } : {}) } });
    return { ...page, data: page.data.map((r): WithoutItem => ({ ...r, id: r.address_id })) };
  },
  exportWithout: (projectId: number, type: number, q: string | undefined, format: 'csv' | 'xlsx') =>
    staffGetFile(path(plannerPaths.withoutExport, projectId), { type, q, format }),
  waitlist: (projectId: number, type: number, q: string | undefined, before?: number) =>
    staffApiPage<TWaiter[]>(path(plannerPaths.waitlist, projectId), { before }, { query: { type, ...(q ? { q } : {}) } }),
  exportWaitlist: (projectId: number, type: number, q: string | undefined, format: 'csv' | 'xlsx') =>
    staffGetFile(path(plannerPaths.waitlistExport, projectId), { type, q, format }),
  book: (projectId: number, body: Omit<TPlannerBookBody, 'notify'> & { notify?: boolean }) =>
    staffApi<TPlannerChangeResult>(path(plannerPaths.book, projectId), { method: 'POST', body }),
  cancel: (projectId: number, appointmentId: number, body: { notify: boolean; reason?: string }) =>
    staffApi<TPlannerChangeResult>(path(plannerPaths.cancel, projectId, { appointmentId }), { method: 'POST', body }),
  day: (projectId: number, body: TPlannerDayBody) => staffApi<TPlannerDayResult>(path(plannerPaths.day, projectId), { method: 'POST', body }),
  addWaiter: (projectId: number, body: { type_id: number; address_id: number }) =>
    staffApi<TWaiter>(path(plannerPaths.waitlist, projectId), { method: 'POST', body }),
  removeWaiter: (projectId: number, waiterId: number) => staffApi(path(plannerPaths.waitlistOne, projectId, { waiterId }), { method: 'DELETE' }),
};

/** Today in Europe/Amsterdam, YYYY-MM-DD. */
export const todayIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
/** `day` plus `n` days. */
export function addDaysIso(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const longDay = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('nl-NL', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
/** 'dinsdag 14 april 2026' */
export const dutchLongDay = (day: string) => longDay.format(new Date(`${day}T12:00:00Z`));
/** 'di 14 apr' */
export const dutchShortDay = (day: string) => shortDay.format(new Date(`${day}T12:00:00Z`));
/** DD-MM-JJJJ of an ISO day, and back (null when not a day). */
export const isoToDutch = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
export function dutchToIso(text: string): string | null {
  const m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}
