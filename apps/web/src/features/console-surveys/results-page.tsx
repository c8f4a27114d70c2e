import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useParams, useSearchParams } from 'wouter';
import type { TSurveyResponseRate, TSurveyResultQuestion, TSurveyResults } from '@portal/contract';
import { ApiError, type ApiPage } from '../../lib/api';
import { formatConsoleDate, formatConsoleDateTime } from '../../lib/console-format';
import { Crumbs } from '../../ui/crumbs';
import { DayFilter } from '../../ui/day-filter';
import { ExportButtons } from '../../ui/export-buttons';
import { LoadMoreButton } from '../../ui/load-more';
import { Card, Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { Banner } from '../../ui/banner';
import { resultsApi, resultsKeys, resultsQueries, type ResultsFilter } from './results-api';
import { percent, resultsTexts as texts } from './results-texts';

// The chart library loads only when a chart is drawn: its own chunk, inside the console's results page.
const ResultsChart = lazy(() => import('./results-chart'));

/** The filters live in the URL (`?bouwdeel=&van=&tot=`): a filtered view can be shared and survives a reload. */
const URL_KEYS = { building_unit: 'bouwdeel', from: 'van', to: 'tot' } as const satisfies Record<keyof ResultsFilter, string>;

function useUrlFilter(): [ResultsFilter, (key: keyof ResultsFilter, value: string) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => {
    const out: ResultsFilter = {};
    for (const [key, name] of Object.entries(URL_KEYS) as [keyof ResultsFilter, string][]) {
      const value = params.get(name);
      if (value) out[key] = value;
    }
    return out;
  }, [params]);
  const set = (key: keyof ResultsFilter, value: string) => setParams((p) => {
    const next = new URLSearchParams(p);
    if (value) next.set(URL_KEYS[key], value);
    else next.delete(URL_KEYS[key]);
    return next;
  }, { replace: true });
  const reset = () => setParams(new URLSearchParams(), { replace: true });
  return [filter, set, reset];
}

function usePages<T>(key: readonly unknown[], load: (before?: number) => Promise<ApiPage<T[]>>, idOf: (item: T) => number) {
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => {
      const item = last.data.at(-1);
      return last.hasMore && item ? idOf(item) : undefined;
    },
  });
  return { query, items: query.data?.pages.flatMap((p) => p.data) ?? [] };
}

const who = (r: { full_address: string | null; occupant_name: string | null }) =>
  r.full_address ? [r.full_address, r.occupant_name].filter(Boolean).join(' · ') : texts.openAnswers.visitor;

/**
 * /beheer/projecten/:projectId/enquetes/:surveyId/resultaten: a survey's results. Per question a chart with a
 * table of the same figures (choices, ratings, smileys and stars with their average), the open answers as a
 * list, the photos as a gallery, the response rate overall and per building unit, filters (building unit, dates)
 * kept in the URL, every response as a row, and the export as CSV or XLSX.
 */
export default function ResultsPage() {
  const params = useParams<{ projectId: string; surveyId: string }>();
  const projectId = Number(params.projectId);
  const surveyId = Number(params.surveyId);
  const [filter, setFilter, resetFilter] = useUrlFilter();
  const project = useQuery(resultsQueries.project(projectId));
  const me = useQuery(resultsQueries.me());
  const summary = useQuery(resultsQueries.summary(projectId, surveyId, filter));
  const canExport = me.data?.permissions.includes('surveys.export') ?? false;
  const filtered = Object.keys(filter).length > 0;
  const name = summary.data?.survey.name;

  return (
    <Page
      title={texts.title(name)}
      actions={canExport && summary.data ? <ExportButtons download={(format) => resultsApi.export(projectId, surveyId, filter, format)} /> : undefined}
    >
      <Crumbs
        crumbs={[
          { href: '/projecten', label: texts.crumbs.projects },
          { href: `/projecten/${projectId}`, label: project.data?.name ?? `Project ${projectId}` },
          { href: `/projecten/${projectId}/enquetes`, label: texts.crumbs.surveys },
        ]}
        current={texts.crumbs.results}
      />

      <fieldset className="mb-6 grid gap-3 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="px-1 text-sm font-semibold">{texts.filters.legend}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor="results-unit" className="text-sm font-medium text-slate-800">{texts.filters.unit}</label>
          <Select id="results-unit" value={filter.building_unit ?? ''} onChange={(e) => setFilter('building_unit', e.target.value)}>
            <option value="">{texts.filters.allUnits}</option>
            {(summary.data?.building_units ?? (filter.building_unit ? [filter.building_unit] : [])).map((u) => <option key={u} value={u}>{u}</option>)}
          </Select>
        </div>
        <DayFilter id="results-from" label={texts.filters.from} iso={filter.from} onChange={(day) => setFilter('from', day)} />
        <DayFilter id="results-to" label={texts.filters.to} iso={filter.to} onChange={(day) => setFilter('to', day)} />
        <div className="flex items-end">
          {filtered && <button type="button" className="min-h-11 text-blue-800 underline" onClick={resetFilter}>{texts.filters.reset}</button>}
        </div>
      </fieldset>

      {summary.isPending ? <Loading label={texts.loading} />
        : summary.isError ? (
          summary.error instanceof ApiError && summary.error.status === 400
            ? <Banner tone="error" title={texts.badFilter}>{summary.error.message}</Banner>
            : <ErrorState error={summary.error} retry={() => void summary.refetch()} />
        )
          : <Results results={summary.data} projectId={projectId} surveyId={surveyId} filter={filter} filtered={filtered} />}
    </Page>
  );
}

function Results({ results, projectId, surveyId, filter, filtered }: { results: TSurveyResults; projectId: number; surveyId: number; filter: ResultsFilter; filtered: boolean }) {
  const hasPhotos = results.questions.some((q) => q.kind === 'photo' && q.answered > 0);
  return (
    <div className="flex flex-col gap-6">
      <Totals results={results} />
      <RatePerUnit rates={results.rate_per_unit} />
      {results.responses === 0 ? <EmptyState>{filtered ? texts.emptyFiltered : texts.empty}</EmptyState> : (
        <>
          <section aria-labelledby="results-questions" className="flex flex-col gap-4">
            <h2 id="results-questions" className="text-xl font-semibold text-slate-900">{texts.questionsHeading}</h2>
            <div className="grid gap-4 lg:grid-cols-2">
              {results.questions.map((q) => <QuestionCard key={q.id} question={q} projectId={projectId} surveyId={surveyId} filter={filter} />)}
            </div>
          </section>
          {hasPhotos && <Gallery projectId={projectId} surveyId={surveyId} filter={filter} questions={results.questions} />}
          <ResponsesTable projectId={projectId} surveyId={surveyId} filter={filter} questions={results.questions} />
        </>
      )}
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">{value}</dd>
      {note && <dd className="text-sm text-slate-700">{note}</dd>}
    </div>
  );
}

function Totals({ results }: { results: TSurveyResults }) {
  return (
    <section aria-labelledby="results-totals">
      <h2 id="results-totals" className="mb-2 text-xl font-semibold text-slate-900">{texts.totals.heading}</h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={texts.totals.responses} value={String(results.responses)} />
        <Figure label={texts.totals.residents} value={String(results.resident_responses)} />
        <Figure label={texts.totals.visitors} value={String(results.visitor_responses)} />
        <Figure label={texts.totals.rate} value={percent(results.rate.rate)} note={texts.totals.rateOf(results.rate.answered, results.rate.addresses)} />
      </dl>
      {results.first_submitted_at && results.last_submitted_at && (
        <p className="mt-2 text-sm text-slate-700">{texts.totals.period(formatConsoleDate(results.first_submitted_at), formatConsoleDate(results.last_submitted_at))}</p>
      )}
    </section>
  );
}

function RatePerUnit({ rates }: { rates: TSurveyResponseRate[] }) {
  return (
    <section aria-labelledby="results-units">
      <h2 id="results-units" className="mb-2 text-xl font-semibold text-slate-900">{texts.perUnit.heading}</h2>
      {rates.length === 0 ? <EmptyState>{texts.perUnit.none}</EmptyState> : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200" role="region" aria-label={texts.perUnit.region} tabIndex={0}>
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-800">
              <tr>
                <th scope="col" className="p-2">{texts.perUnit.unit}</th>
                <th scope="col" className="p-2 text-right">{texts.perUnit.addresses}</th>
                <th scope="col" className="p-2 text-right">{texts.perUnit.answered}</th>
                <th scope="col" className="p-2">{texts.perUnit.rate}</th>
              </tr>
            </thead>
            <tbody>
              {rates.map((r) => (
                <tr key={r.building_unit ?? ''} className="border-t border-slate-200">
                  <th scope="row" className="p-2 font-medium">{r.building_unit ?? texts.perUnit.noUnit}</th>
                  <td className="p-2 text-right">{r.addresses}</td>
                  <td className="p-2 text-right">{r.answered}</td>
                  <td className="p-2">
                    <div className="flex items-center gap-2">
                      <span className="hidden h-2 w-24 overflow-hidden rounded bg-slate-200 sm:block" aria-hidden="true">
                        <span className="block h-full bg-blue-700" style={{ width: `${Math.round(r.rate * 100)}%` }} />
                      </span>
                      {percent(r.rate)}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function QuestionCard({ question, projectId, surveyId, filter }: { question: TSurveyResultQuestion; projectId: number; surveyId: number; filter: ResultsFilter }) {
  const headingId = `results-q-${question.id}`;
  const variant = question.variant ? texts.variant[question.variant] : undefined;
  return (
    <Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">{question.label}</h3>
          <p className="text-sm text-slate-700">
            {texts.kind[question.kind]}{variant ? ` (${variant})` : ''} · {texts.answered(question.answered)}
            {question.average !== null && <> · <strong>{texts.average(question.average)}</strong></>}
          </p>
        </div>
        {question.bars.length > 0 && (
          <>
            <Suspense fallback={<p className="text-sm text-slate-700">{texts.chartLoading}</p>}>
              <ResultsChart question={question} />
            </Suspense>
            <BarsTable question={question} />
          </>
        )}
        {question.kind === 'text' && <OpenAnswers question={question} projectId={projectId} surveyId={surveyId} filter={filter} />}
        {question.kind === 'photo' && question.answered > 0 && <p className="text-sm"><a href="#results-photos" className="text-blue-800 underline">{texts.photos.seeGallery}</a></p>}
      </section>
    </Card>
  );
}

/** The chart's figures as a table: the text alternative of every chart. */
function BarsTable({ question }: { question: TSurveyResultQuestion }) {
  const total = question.bars.reduce((n, b) => n + b.count, 0);
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{texts.table.caption(question.label)}</caption>
      <thead className="text-slate-800">
        <tr>
          <th scope="col" className="py-1 pr-2">{texts.table.option}</th>
          <th scope="col" className="py-1 pr-2 text-right">{texts.table.count}</th>
          <th scope="col" className="py-1 text-right">{texts.table.share}</th>
        </tr>
      </thead>
      <tbody>
        {question.bars.map((b) => (
          <tr key={`${b.value ?? ''}${b.label}`} className="border-t border-slate-200">
            <th scope="row" className="py-1 pr-2 font-normal">{b.value !== null && question.kind === 'scale' ? `${b.value} - ${b.label}` : b.label}</th>
            <td className="py-1 pr-2 text-right">{b.count}</td>
            <td className="py-1 text-right">{total ? percent(b.count / total) : '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OpenAnswers({ question, projectId, surveyId, filter }: { question: TSurveyResultQuestion; projectId: number; surveyId: number; filter: ResultsFilter }) {
  const { query, items } = usePages(
    resultsKeys.answers(projectId, surveyId, question.id, filter),
    (before) => resultsApi.answers(projectId, surveyId, question.id, filter, before),
    (a) => a.response_id,
  );
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  if (!items.length) return <p className="text-sm text-slate-700">{texts.openAnswers.none}</p>;
  return (
    <div className="flex flex-col gap-2">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <ul className="flex max-h-96 flex-col gap-2 overflow-y-auto" aria-label={question.label} tabIndex={0}>
        {items.map((a) => (
          <li key={a.response_id} className="rounded-md bg-slate-50 p-3">
            <p className="whitespace-pre-line text-slate-900">{a.text}</p>
            <p className="mt-1 text-xs text-slate-700">{who(a)} · {formatConsoleDateTime(a.submitted_at)}</p>
          </li>
        ))}
      </ul>
      {query.hasNextPage && <LoadMoreButton label={texts.openAnswers.more} onLoad={() => void query.fetchNextPage()} busy={query.isFetchingNextPage} failed={query.isFetchNextPageError} />}
    </div>
  );
}

function Gallery({ projectId, surveyId, filter, questions }: { projectId: number; surveyId: number; filter: ResultsFilter; questions: TSurveyResultQuestion[] }) {
  const { query, items } = usePages(resultsKeys.photos(projectId, surveyId, filter), (before) => resultsApi.photos(projectId, surveyId, filter, before), (p) => p.id);
  const labelOf = (elementId: string) => questions.find((q) => q.id === elementId)?.label ?? '';
  return (
    <section aria-labelledby="results-photos">
      <h2 id="results-photos" className="mb-2 text-xl font-semibold text-slate-900">{texts.photos.heading}</h2>
      {query.isPending ? <Loading /> : query.isError ? <ErrorState error={query.error} retry={() => void query.refetch()} />
        : items.length === 0 ? <EmptyState>{texts.photos.none}</EmptyState> : (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {items.map((p) => (
                <li key={p.id}>
                  <figure className="flex flex-col gap-1">
                    <a href={p.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md ring-1 ring-slate-200">
                      <img src={p.url} alt={texts.photos.alt(labelOf(p.element_id), who(p))} width={p.image_width} height={p.image_height}
                        loading="lazy" className="aspect-square w-full object-cover" />
                    </a>
                    <figcaption className="text-xs text-slate-700">{p.full_address ?? texts.openAnswers.visitor}{p.building_unit ? ` · ${p.building_unit}` : ''}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
            {query.hasNextPage && <LoadMoreButton className="mt-3" label={texts.photos.more} onLoad={() => void query.fetchNextPage()} busy={query.isFetchingNextPage} failed={query.isFetchNextPageError} />}
          </>
        )}
    </section>
  );
}

function ResponsesTable({ projectId, surveyId, filter, questions }: { projectId: number; surveyId: number; filter: ResultsFilter; questions: TSurveyResultQuestion[] }) {
  const { query, items } = usePages(resultsKeys.responses(projectId, surveyId, filter), (before) => resultsApi.responses(projectId, surveyId, filter, before), (r) => r.id);
  return (
    <section aria-labelledby="results-responses">
      <h2 id="results-responses" className="mb-2 text-xl font-semibold text-slate-900">{texts.responses.heading}</h2>
      {query.isPending ? <Loading /> : query.isError ? <ErrorState error={query.error} retry={() => void query.refetch()} /> : (
        <>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
          <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200" role="region" aria-label={texts.responses.region} tabIndex={0}>
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-800">
                <tr>
                  <th scope="col" className="whitespace-nowrap p-2">{texts.responses.submitted}</th>
                  <th scope="col" className="p-2">{texts.responses.who}</th>
                  <th scope="col" className="p-2">{texts.responses.address}</th>
                  <th scope="col" className="p-2">{texts.responses.unit}</th>
                  <th scope="col" className="p-2">{texts.responses.occupant}</th>
                  {questions.map((q) => <th key={q.id} scope="col" className="min-w-40 p-2">{q.label}</th>)}
                </tr>
              </thead>
              <tbody>
                {items.map((r) => (
                  <tr key={r.id} className="border-t border-slate-200 align-top">
                    <td className="whitespace-nowrap p-2">{formatConsoleDateTime(r.submitted_at)}</td>
                    <td className="whitespace-nowrap p-2">{r.address_id === null ? texts.responses.visitor : texts.responses.resident}</td>
                    <td className="min-w-48 p-2">{r.full_address ?? '–'}</td>
                    <td className="p-2">{r.building_unit ?? '–'}</td>
                    <td className="p-2">{r.occupant_name ?? '–'}</td>
                    {questions.map((q) => <td key={q.id} className="p-2">{r.answers[q.id] ?? '–'}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {query.hasNextPage && <LoadMoreButton className="mt-3" label={texts.responses.more} onLoad={() => void query.fetchNextPage()} busy={query.isFetchingNextPage} failed={query.isFetchNextPageError} />}
        </>
      )}
    </section>
  );
}
