import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { TAuditEntry } from '@portal/contract';
import { Button } from '../../../ui/button';
import { DateField, parseDutchDate } from '../../../ui/date-field';
import { LabelledField, TextField } from '../../../ui/field';
import { Card, Page } from '../../../ui/page';
import { ExportButtons } from '../../../ui/export-buttons';
import { Select } from '../../../ui/select';
import { consoleAccountsApi, consoleAuditApi, consoleAuthKeys, type AuditFilters } from '../api';
import { auditChanges } from '../audit-diff';
import { PagedList, usePagedList } from '../components/paged-list';
import { formatConsoleDateTime as formatDateTime } from '../../../lib/console-format';
import { t } from '../texts';

type FilterForm = { user_id: string; entity: string; action: string; project_id: string; from: string; to: string; q: string };
const EMPTY: FilterForm = { user_id: '', entity: '', action: '', project_id: '', from: '', to: '', q: '' };

/** 'DD-MM-YYYY' as typed or picked → 'YYYY-MM-DD' for the API; null when it is no date. */
function isoDay(dutch: string): string | null {
  const date = parseDutchDate(dutch);
  if (!date) return null;
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

type DateErrors = { from?: string; to?: string };

/** The filters for the API, or the date fields' errors. */
function toFilters(form: FilterForm): { filters: AuditFilters } | { errors: DateErrors } {
  const filters: AuditFilters = {};
  const errors: DateErrors = {};
  if (form.user_id) filters.user_id = Number(form.user_id);
  if (form.project_id) filters.project_id = Number(form.project_id);
  for (const key of ['entity', 'action', 'q'] as const) if (form[key].trim()) filters[key] = form[key].trim();
  for (const key of ['from', 'to'] as const) {
    if (!form[key].trim()) continue;
    const day = isoDay(form[key]);
    if (day) filters[key] = day;
    else errors[key] = t.dateInvalid;
  }
  if (filters.from && filters.to && filters.from > filters.to) errors.from = t.fromAfterTo;
  return errors.from || errors.to ? { errors } : { filters };
}

/** How a value of the audit log reads: yes and no for flags, role and project names, '(leeg)' for nothing. */
function showValue(field: string, value: string | null, projectNames: Map<number, string>): string {
  if (value === null) return t.empty;
  if (value === 'true' || value === 'false') return value === 'true' ? t.yes : t.no;
  if (field === 'role' && value in t.roles) return t.roles[value as keyof typeof t.roles];
  if (field === 'project_ids' && /^\[[\d,]*\]$/.test(value)) {
    const ids = JSON.parse(value) as number[];
    return ids.length ? ids.map((id) => projectNames.get(id) ?? `#${id}`).join(', ') : t.noProjects;
  }
  return value;
}

/** /beheer/auditlog: the customer's audit log, filtered, newest first, with what each entry changed. */
export default function ConsoleAuditPage() {
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [dateErrors, setDateErrors] = useState<DateErrors>({});
  const accounts = useQuery({ queryKey: consoleAuthKeys.accountChoices, queryFn: consoleAccountsApi.choices });
  const projects = useQuery({ queryKey: consoleAuthKeys.projects, queryFn: consoleAccountsApi.projects });
  const entries = usePagedList(consoleAuthKeys.auditList(filters), (before) => consoleAuditApi.list(filters, before));
  const projectNames = new Map((projects.data ?? []).map((p) => [p.id, p.name]));
  const field = (name: keyof FilterForm) => ({
    name, value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });
  const entityList = useId();
  const actionList = useId();

  return (
    <Page title={t.auditTitle}>
      <p className="mb-4 max-w-3xl text-slate-700">{t.auditIntro}</p>
      <div className="flex flex-col gap-6">
        <Card>
          <form
            aria-label={t.filters}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
            onSubmit={(e) => {
              e.preventDefault();
              const result = toFilters(form);
              setDateErrors('errors' in result ? result.errors : {});
              if ('filters' in result) setFilters(result.filters);
            }}
          >
            <LabelledField label={t.filterUser}>
              {(control) => (
                <Select {...control} {...field('user_id')}>
                  <option value="">{t.everyone}</option>
                  {(accounts.data ?? []).map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
                </Select>
              )}
            </LabelledField>
            <LabelledField label={t.filterProject}>
              {(control) => (
                <Select {...control} {...field('project_id')}>
                  <option value="">{t.anyProject}</option>
                  {(projects.data ?? []).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
                </Select>
              )}
            </LabelledField>
            <TextField label={t.filterEntity} list={entityList} maxLength={50} {...field('entity')} />
            <datalist id={entityList}>{Object.entries(t.entities).map(([value, label]) => <option key={value} value={value}>{label}</option>)}</datalist>
            <TextField label={t.filterAction} list={actionList} maxLength={50} {...field('action')} />
            <datalist id={actionList}>{Object.entries(t.actions).map(([value, label]) => <option key={value} value={value}>{label}</option>)}</datalist>
            <DateField label={t.filterFrom} name="from" value={form.from} error={dateErrors.from} onChange={(from) => setForm((f) => ({ ...f, from }))} />
            <DateField label={t.filterTo} name="to" value={form.to} error={dateErrors.to} onChange={(to) => setForm((f) => ({ ...f, to }))} />
            <TextField label={t.filterQ} hint={t.filterQHint} type="search" maxLength={200} {...field('q')} />
            <div className="flex flex-wrap items-end gap-2">
              <Button type="submit">{t.apply}</Button>
              <Button variant="secondary" onClick={() => {
                setForm(EMPTY);
                setDateErrors({});
                setFilters({});
              }}>{t.clear}</Button>
            </div>
          </form>
        </Card>
        <Card>
          <div className="mb-3 flex justify-end">
            <ExportButtons download={(format) => consoleAuditApi.exportFile(filters, format)} />
          </div>
          <PagedList paged={entries} label={t.auditTitle} emptyText={t.noEntries}>
            {(items) => items.map((entry) => <AuditRow key={entry.id} entry={entry} projectNames={projectNames} />)}
          </PagedList>
        </Card>
      </div>
    </Page>
  );
}

function AuditRow({ entry, projectNames }: { entry: TAuditEntry; projectNames: Map<number, string> }) {
  const projectName = entry.project_id ? projectNames.get(entry.project_id) : undefined;
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const changes = auditChanges(entry.before, entry.after);
  const entity = t.entities[entry.entity] ?? entry.entity;
  return (
    <li className="py-3" data-audit-entry={entry.id}>
      <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1.5fr)_11rem] sm:items-center">
        <p className="text-sm tabular-nums text-slate-700">{formatDateTime(entry.at)}</p>
        <p className="font-medium text-slate-900">{entry.actor}</p>
        <p className="text-sm text-slate-800">
          <span className="font-semibold">{t.actions[entry.action] ?? entry.action}</span>
          {' · '}{entity}{entry.entity_id ? ` #${entry.entity_id}` : ''}
          {projectName ? ` · ${projectName}` : entry.project_id ? ` · project #${entry.project_id}` : ''}
        </p>
        {changes.length > 0 ? (
          <Button variant="ghost" className="justify-self-start sm:justify-self-end" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
            {open ? t.hideDetails : t.showDetails}
          </Button>
        ) : <span />}
      </div>
      {open && (
        <div id={detailsId} className="mt-2">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">{`${t.showDetails}: ${t.actions[entry.action] ?? entry.action} ${entity}`}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="w-1/3 py-1 pr-3 font-medium sm:w-1/4">{t.field}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t.before}</th>
                <th scope="col" className="py-1 font-medium">{t.after}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.field} className="border-b border-slate-100 align-top">
                  <th scope="row" className="py-1 pr-3 font-normal text-slate-700 [overflow-wrap:anywhere]">{t.fields[change.field] ?? (change.field || '—')}</th>
                  <td className="py-1 pr-3 text-red-900 [overflow-wrap:anywhere]"><del className="no-underline">{showValue(change.field, change.before, projectNames)}</del></td>
                  <td className="py-1 text-green-900 [overflow-wrap:anywhere]"><ins className="no-underline">{showValue(change.field, change.after, projectNames)}</ins></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}
