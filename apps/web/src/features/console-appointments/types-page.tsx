import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import type { TAppointmentTypeListItem } from '@portal/contract';
import { ButtonLink, Button } from '../../ui/button';
import { Crumbs } from '../../ui/crumbs';
import { ExportButtons } from '../../ui/export-buttons';
import { Page } from '../../ui/page';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { appointmentTypeApi, appointmentTypeQueries } from './types-api';
import { typeTexts as texts } from './types-texts';

export function AppointmentCrumbs({ projectId, projectName, current }: { projectId: number; projectName?: string; current?: string }) {
  const crumbs = [
    { href: '/projecten', label: texts.crumbs.projects },
    { href: `/projecten/${projectId}`, label: projectName ?? `Project ${projectId}` },
    ...(current ? [{ href: `/projecten/${projectId}/afspraken`, label: texts.crumbs.appointments }] : []),
  ];
  return <Crumbs crumbs={crumbs} current={current ?? texts.crumbs.appointments} />;
}

function TypeCard({ projectId, type }: { projectId: number; type: TAppointmentTypeListItem }) {
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={`/projecten/${projectId}/afspraken/soorten/${type.id}`} className="text-blue-800 underline underline-offset-2 hover:no-underline">
            {type.subject}
          </Link>
        </h2>
        <p className="text-sm text-slate-700">
          {texts.card.duration(type.duration_minutes)} · {texts.whoShort(type.who_may_book, type.building_units, type.address_count)}
        </p>
        {!type.slots_from_rules && <p className="text-sm text-slate-700">{texts.card.handMade}</p>}
      </div>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={`Cijfers ${type.subject}`}>
        <li className="rounded-full bg-slate-100 px-3 py-1 text-slate-900">{texts.card.booked(type.booked_count)}</li>
        <li className="rounded-full bg-slate-100 px-3 py-1 text-slate-900">{texts.card.slots(type.slot_count)}</li>
        <li className="rounded-full bg-green-50 px-3 py-1 text-green-900">{texts.card.free(type.free_places)}</li>
      </ul>
    </li>
  );
}

/**
 * /beheer/projecten/:projectId/afspraken: the project's appointment types with bookings, coming slots and free
 * places; a search on the subject, CSV/XLSX export, a new type, and the way to the planner.
 */
export default function AppointmentTypesPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const project = useQuery(appointmentTypeQueries.project(projectId));
  const me = useQuery(appointmentTypeQueries.me());
  const list = useQuery(appointmentTypeQueries.list(projectId, q));
  const canManage = me.data?.permissions.includes('appointments.manage') ?? false;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };

  return (
    <Page
      title={texts.title}
      actions={(
        <div className="flex flex-wrap gap-2">
          <ButtonLink variant="secondary" to={`/projecten/${projectId}/afspraken/planning`}>{texts.planner}</ButtonLink>
          {canManage && <ButtonLink to={`/projecten/${projectId}/afspraken/soorten/nieuw`}>{texts.newType}</ButtonLink>}
        </div>
      )}
    >
      <AppointmentCrumbs projectId={projectId} projectName={project.data?.name} />
      <p className="mb-4 max-w-3xl text-slate-800">{texts.intro}</p>
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-medium text-slate-800">{texts.search}</label>
            <input id={searchId} type="search" value={typed} onChange={(e) => {
              setTyped(e.target.value);
              if (!e.target.value) setQ('');
            }} className="min-h-11 w-64 max-w-full rounded-md border border-slate-400 bg-white px-3 py-2" />
          </div>
          <Button type="submit" variant="secondary">{texts.searchButton}</Button>
        </form>
        <ExportButtons download={(format) => appointmentTypeApi.export(projectId, q, format)} />
      </div>
      {list.isPending ? <Loading /> : list.isError ? <ErrorState error={list.error} retry={() => void list.refetch()} />
        : list.data.length === 0 ? <EmptyState>{q ? texts.noMatch(q) : texts.none}</EmptyState>
          : (
            <ul className="flex flex-col gap-2" aria-label={texts.listLabel}>
              {list.data.map((type) => <TypeCard key={type.id} projectId={projectId} type={type} />)}
            </ul>
          )}
    </Page>
  );
}
