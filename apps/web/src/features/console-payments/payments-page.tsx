import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'wouter';
import { PAYMENT_STATUSES, ZStaffPaymentFilter, type TConsolePayment, type TPaymentStatus } from '@portal/contract';
import { filtersFromSearch } from '../../lib/search-filters';
import { ConsoleList } from '../../ui/console-list';
import { ExportButtons } from '../../ui/export-buttons';
import { Crumbs } from '../../ui/crumbs';
import { DayFilter } from '../../ui/day-filter';
import { Checkbox } from '../../ui/field';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { ErrorState, Loading } from '../../ui/states';
import { paymentApi, paymentKeys, paymentQueries, type PaymentFilter } from './api';
import { PaymentCard } from './components/payment-card';
import { PaymentTotals } from './components/payment-totals';
import { paymentStatusLabels, paymentTexts as texts } from './texts';

export function PaymentCrumbs({ projectId, projectName, current }: { projectId: number; projectName?: string; current?: string }) {
  const crumbs = [
    { href: '/projecten', label: texts.crumbs.projects },
    { href: `/projecten/${projectId}`, label: projectName ?? `Project ${projectId}` },
    ...(current ? [{ href: `/projecten/${projectId}/betalingen`, label: texts.crumbs.payments }] : []),
  ];
  return <Crumbs crumbs={crumbs} current={current ?? texts.crumbs.payments} />;
}


/** Drops empty filters, so that the query key and the request hold only what is chosen. */
const chosen = (filter: PaymentFilter): PaymentFilter => Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as PaymentFilter;

/**
 * /beheer/projecten/:projectId/betalingen: the project's payments with totals per status and per form, filters
 * (form, status, refunded, double payments, dates), an address search, paging and CSV/XLSX export of what is shown.
 */
export default function PaymentsPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const project = useQuery(paymentQueries.project(projectId));
  // Opened from a link with filters (the project's overview: ?status=open, ?double=true): the list starts filtered.
  const [search] = useSearchParams();
  const [filter, setFilter] = useState<PaymentFilter>(() => filtersFromSearch(ZStaffPaymentFilter, search, ['form_id', 'status', 'refunded', 'double', 'from', 'to']));
  const active = chosen(filter);
  const totals = useQuery(paymentQueries.totals(projectId, active));
  const allForms = useQuery(paymentQueries.totals(projectId, {}));
  const set = <K extends keyof PaymentFilter>(key: K, value: PaymentFilter[K] | '') => setFilter((f) => ({ ...f, [key]: value === '' ? undefined : value }));

  return (
    <Page
      title={texts.title}
      actions={(
        <div className="flex flex-wrap gap-2">
          <ExportButtons download={(format) => paymentApi.export(projectId, active, format)} />
        </div>
      )}
    >
      <PaymentCrumbs projectId={projectId} projectName={project.data?.name} />
      <p className="mb-4 text-slate-800">{texts.intro}</p>

      <fieldset className="mb-6 grid gap-3 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="px-1 text-sm font-semibold">{texts.filters.legend}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor="payment-form" className="text-sm font-medium text-slate-800">{texts.filters.form}</label>
          <Select id="payment-form" value={filter.form_id ?? ''} onChange={(e) => set('form_id', e.target.value ? Number(e.target.value) : '')}>
            <option value="">{texts.filters.allForms}</option>
            {allForms.data?.by_form.map((f) => <option key={f.form.id} value={f.form.id}>{f.form.name}</option>)}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="payment-status" className="text-sm font-medium text-slate-800">{texts.filters.status}</label>
          <Select id="payment-status" value={filter.status ?? ''} onChange={(e) => set('status', e.target.value as TPaymentStatus | '')}>
            <option value="">{texts.filters.allStatuses}</option>
            {PAYMENT_STATUSES.map((s) => <option key={s} value={s}>{paymentStatusLabels[s]}</option>)}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="payment-refunded" className="text-sm font-medium text-slate-800">{texts.filters.refunded}</label>
          <Select id="payment-refunded" value={filter.refunded ?? ''} onChange={(e) => set('refunded', e.target.value as 'yes' | 'no' | '')}>
            <option value="">{texts.filters.refundedAny}</option>
            <option value="yes">{texts.filters.refundedYes}</option>
            <option value="no">{texts.filters.refundedNo}</option>
          </Select>
        </div>
        <DayFilter id="payment-from" label={texts.filters.from} iso={filter.from} onChange={(day) => set('from', day)} />
        <DayFilter id="payment-to" label={texts.filters.to} iso={filter.to} onChange={(day) => set('to', day)} />
        <div className="flex flex-col justify-end gap-2">
          <Checkbox label={texts.filters.double} checked={filter.double === 'true'} onChange={(e) => set('double', e.target.checked ? 'true' : '')} />
          {Object.keys(active).length > 0 && (
            <button type="button" className="self-start text-blue-800 underline" onClick={() => setFilter({})}>{texts.filters.reset}</button>
          )}
        </div>
      </fieldset>

      {totals.isPending ? <Loading /> : totals.isError ? <ErrorState error={totals.error} retry={() => void totals.refetch()} />
        : <PaymentTotals totals={totals.data} onShowDouble={() => set('double', 'true')} />}

      <ConsoleList<TConsolePayment>
        queryKey={[...paymentKeys.list(projectId, active)]}
        load={({ before, q }) => paymentApi.page(projectId, { ...active, q }, before)}
        searchLabel={texts.search}
        emptyText={texts.none}
      >
        {(items) => (
          <ul className="flex flex-col gap-2" aria-label={texts.title}>
            {items.map((payment) => <PaymentCard key={payment.id} projectId={projectId} payment={payment} />)}
          </ul>
        )}
      </ConsoleList>
    </Page>
  );
}
