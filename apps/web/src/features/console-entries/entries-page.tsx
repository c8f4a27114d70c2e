import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams, useSearchParams } from 'wouter';
import { entryStatusLabel, ZStaffEntryFilter, type TEntryStatus, type TStaffEntryCounts, type TStaffEntryFilter } from '@portal/contract';
import { filtersFromSearch } from '../../lib/search-filters';
import { Button } from '../../ui/button';
import { ConsoleList } from '../../ui/console-list';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { ErrorState, Loading } from '../../ui/states';
import { entryApi, entryKeys, entryQueries } from './api';
import { EntriesCrumbs } from './components/entries-crumbs';
import { EntryRow } from './components/entry-row';
import { ExportPanel } from './components/export-panel';
import { entryTexts as texts } from './texts';

/**
 * /beheer/projecten/:projectId/formulieren/:formId/invullingen: every address of the project with its entry of
 * the form (status, progress, last change, signers, payment), filtered by status chips, building unit,
 * answered and paid, searchable by address and paged; a public form's visitor entries apart. Staff with
 * forms.export start exports (CSV, XLSX, a ZIP of the summaries) with the same filters.
 */
export default function EntriesPage() {
  const params = useParams<{ projectId: string; formId: string }>();
  const projectId = Number(params.projectId);
  const formId = Number(params.formId);
  const project = useQuery(entryQueries.project(projectId));
  const counts = useQuery(entryQueries.counts(projectId, formId));
  const me = useQuery(entryQueries.me());

  const title = counts.data ? texts.titleOf(counts.data.form.name) : texts.title;
  const crumbs = <EntriesCrumbs projectId={projectId} projectName={project.data?.name} />;
  if (counts.isPending) return <Page title={title}>{crumbs}<Loading /></Page>;
  if (counts.isError) return <Page title={title}>{crumbs}<ErrorState error={counts.error} retry={() => void counts.refetch()} /></Page>;
  return (
    <Page title={title}>
      {crumbs}
      <Entries projectId={projectId} formId={formId} counts={counts.data} canExport={me.data?.permissions.includes('forms.export') ?? false} />
    </Page>
  );
}

function Entries({ projectId, formId, counts, canExport }: { projectId: number; formId: number; counts: TStaffEntryCounts; canExport: boolean }) {
  // Opened from a link with filters (the project's overview: ?answered=no): the list starts filtered.
  const [search] = useSearchParams();
  const [filter, setFilter] = useState<TStaffEntryFilter>(() => filtersFromSearch(ZStaffEntryFilter, search, ['owner', 'status', 'building_unit', 'answered', 'paid']));
  const [searched, setSearched] = useState<string | undefined>(undefined);
  const ids = { unit: useId(), answered: useId(), paid: useId() };
  const visitors = filter.owner === 'visitors';
  const set = (change: Partial<TStaffEntryFilter>) => setFilter((f) => ({ ...f, ...change }));
  const family = counts.form.kind;
  const hasFilters = Boolean(filter.status || filter.building_unit || filter.answered || filter.paid);

  const chip = (label: string, pressed: boolean, onClick: () => void) => (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`min-h-11 rounded-full border px-4 py-2 text-sm font-medium ${pressed ? 'border-blue-800 bg-blue-800 text-white' : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-100'}`}
    >
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">{texts.summaryLine(counts.answered, counts.addresses)}</p>

      {counts.form.is_public && (
        <div role="group" aria-label={texts.owner.label} className="flex flex-wrap gap-2">
          {chip(texts.owner.addresses, !visitors, () => setFilter({}))}
          {chip(texts.owner.visitors(counts.visitors), visitors, () => setFilter({ owner: 'visitors' }))}
        </div>
      )}

      <div role="group" aria-label={texts.chips.label} className="flex flex-wrap gap-2">
        {!visitors && chip(texts.chips.all(counts.addresses), !filter.status && !filter.answered, () => set({ status: undefined, answered: undefined }))}
        {counts.statuses.map((s) => chip(`${entryStatusLabel(family, s.status)} (${s.count})`, filter.status === s.status,
          () => set({ status: filter.status === s.status ? undefined : (s.status as TEntryStatus), answered: undefined })))}
        {!visitors && chip(texts.chips.notAnswered(counts.not_answered), filter.answered === 'no', () => set({ status: undefined, answered: filter.answered === 'no' ? undefined : 'no' }))}
      </div>

      {!visitors && (
        <div className="grid gap-3 sm:grid-cols-3">
          {counts.building_units.length > 0 && (
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.unit} className="text-sm font-medium text-slate-800">{texts.unit.label}</label>
              <Select id={ids.unit} value={filter.building_unit ?? ''} onChange={(e) => set({ building_unit: e.target.value || undefined })}>
                <option value="">{texts.unit.all}</option>
                {counts.building_units.map((u) => <option key={u} value={u}>{u}</option>)}
              </Select>
            </div>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.answered} className="text-sm font-medium text-slate-800">{texts.answered.label}</label>
            <Select id={ids.answered} value={filter.answered ?? ''}
              onChange={(e) => set({ answered: (e.target.value || undefined) as TStaffEntryFilter['answered'], status: e.target.value === 'no' ? undefined : filter.status })}>
              <option value="">{texts.answered.all}</option>
              <option value="yes">{texts.answered.yes}</option>
              <option value="no">{texts.answered.no}</option>
            </Select>
          </div>
          {counts.form.enable_payment && (
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.paid} className="text-sm font-medium text-slate-800">{texts.paid.label}</label>
              <Select id={ids.paid} value={filter.paid ?? ''} onChange={(e) => set({ paid: (e.target.value || undefined) as TStaffEntryFilter['paid'] })}>
                <option value="">{texts.paid.all}</option>
                <option value="yes">{texts.paid.yes}</option>
                <option value="no">{texts.paid.no}</option>
              </Select>
            </div>
          )}
        </div>
      )}
      {hasFilters && (
        <div>
          <Button variant="secondary" onClick={() => setFilter(visitors ? { owner: 'visitors' } : {})}>{texts.clear}</Button>
        </div>
      )}

      {canExport && <ExportPanel projectId={projectId} formId={formId} filter={{ ...filter, q: searched }} />}

      <ConsoleList
        queryKey={[...entryKeys.list(projectId, formId, filter)]}
        load={({ before, q }) => entryApi.page(projectId, formId, { ...filter, q }, before)}
        searchLabel={texts.search}
        onSearch={setSearched}
        emptyText={visitors ? texts.noVisitors : texts.none}
      >
        {(rows) => (
          <ul className="flex flex-col gap-2" aria-label={texts.title}>
            {rows.map((row) => <EntryRow key={row.id} row={row} family={family} href={`/projecten/${projectId}/formulieren/${formId}/invullingen`} />)}
          </ul>
        )}
      </ConsoleList>
    </div>
  );
}
