import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams, useSearch, useLocation } from 'wouter';
import { NOTIFICATION_CATEGORIES, notificationCategoryTexts, notificationReachTexts as texts, SMS_CATEGORIES, ZNotificationCategory, type TNotificationCategory } from '@portal/contract';
import { Crumbs } from '../../ui/crumbs';
import { ExportButtons } from '../../ui/export-buttons';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import { reachApi, reachQueries } from './api';

const cell = 'px-1 py-2 text-left align-top sm:px-2';
const num = 'whitespace-nowrap px-1 py-2 text-right tabular-nums sm:px-2';
const numHead = 'px-1 py-2 text-right sm:px-2';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * /beheer/projecten/:projectId/bereik: how many of the project's residents each channel reaches, per category
 * (issue 19): totals (e-mail address, mobile number, push device), a table per category, a filter on the
 * category (kept in the address, ?onderwerp=) and CSV/XLSX export of what is shown.
 */
export default function ReachPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const parsed = ZNotificationCategory.safeParse(search.get('onderwerp'));
  const category: TNotificationCategory | '' = parsed.success ? parsed.data : '';
  const filterId = useId();
  const project = useQuery(reachQueries.project(projectId));
  const reach = useQuery(reachQueries.reach(projectId, category));

  return (
    <Page title={texts.title}>
      <Crumbs crumbs={[{ href: '/projecten', label: texts.crumbs.projects }, { href: `/projecten/${projectId}`, label: project.data?.name ?? `Project ${projectId}` }]} current={texts.crumbs.reach} />
      <p className="mb-4 max-w-3xl text-slate-800">{texts.intro}</p>
      {reach.isPending ? <Loading /> : reach.isError ? <ErrorState error={reach.error} retry={() => void reach.refetch()} /> : (
        <div className="flex flex-col gap-6">
          <section aria-labelledby={`${filterId}-totals`}>
            <h2 id={`${filterId}-totals`} className="mb-2 text-lg font-semibold text-slate-900">{texts.totals}</h2>
            <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
              <Figure label={texts.occupants} value={reach.data.occupants} />
              <Figure label={texts.withEmail} value={reach.data.with_email} />
              <Figure label={texts.withMobile} value={reach.data.with_mobile} />
              <Figure label={texts.withPush} value={reach.data.with_push} />
            </dl>
          </section>
          <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
            <div className="flex flex-col gap-1">
              <label htmlFor={filterId} className="text-sm font-medium text-slate-800">{texts.filter}</label>
              <select
                id={filterId}
                value={category}
                onChange={(e) => navigate(`/projecten/${projectId}/bereik${e.target.value ? `?onderwerp=${e.target.value}` : ''}`, { replace: true })}
                className="min-h-11 w-64 max-w-full rounded-md border border-slate-400 bg-white px-3 py-2"
              >
                <option value="">{texts.allCategories}</option>
                {NOTIFICATION_CATEGORIES.map((c) => <option key={c} value={c}>{notificationCategoryTexts[c].label}</option>)}
              </select>
            </div>
            <ExportButtons download={(format) => reachApi.export(projectId, category, format)} />
          </div>
          {/* Scrolls sideways on a narrow screen: focusable so that the keyboard can scroll it too. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
          <div tabIndex={0} role="region" aria-label={texts.table} className="overflow-x-auto rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-800">
            <table className="w-full border-collapse text-sm">
              <caption className="mb-1 text-left font-semibold">{texts.table}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className={cell}>{texts.columns.category}</th>
                  <th scope="col" className={numHead}>{texts.columns.email}</th>
                  <th scope="col" className={numHead}>{texts.columns.push}</th>
                  <th scope="col" className={numHead}>{texts.columns.sms}</th>
                  <th scope="col" className={numHead}>{texts.columns.none}</th>
                </tr>
              </thead>
              <tbody>
                {reach.data.categories.map((row) => (
                  <tr key={row.category} className="border-b border-slate-200">
                    <th scope="row" className={`${cell} font-normal`}>
                      <span className="font-medium text-slate-900">{row.category_label}</span>
                      <span className="hidden text-slate-700 sm:block">{notificationCategoryTexts[row.category].description}</span>
                    </th>
                    <td className={num}>{row.email}</td>
                    <td className={num}>{row.push}</td>
                    <td className={num}>{SMS_CATEGORIES.includes(row.category) ? row.sms : texts.smsNotOffered}</td>
                    <td className={num}>{row.none}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Page>
  );
}
