import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { TOverviewConsentForm, TStaffProjectOverview } from '@portal/contract';
import { formatConsoleDateTime } from '../../lib/console-format';
import { Banner } from '../../ui/banner';
import { Crumbs } from '../../ui/crumbs';
import { Card, Page } from '../../ui/page';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { overviewQueries } from './api';
import { overviewTexts as texts } from './texts';

const timeOf = (iso: string) => formatConsoleDateTime(iso).slice(-5);

/**
 * /beheer/projecten/{id}: the project's landing page (issue 17). What needs attention today, each part only when the
 * account may see it (the server leaves the others out), every figure a link to its list with the filter set.
 */
export default function OverviewPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const overview = useQuery({ ...overviewQueries.project(projectId), enabled: Number.isInteger(projectId) && projectId > 0 });
  const crumbs = (current: string) => <Crumbs crumbs={[{ href: '/projecten', label: texts.crumbs.projects }]} current={current} />;
  if (overview.isPending) return <Page title={texts.title}>{crumbs(texts.title)}<Loading /></Page>;
  if (overview.isError) return <Page title={texts.title}>{crumbs(texts.title)}<ErrorState error={overview.error} retry={() => void overview.refetch()} /></Page>;
  const data = overview.data;
  return (
    <Page title={data.project.name}>
      {crumbs(data.project.name)}
      <h2 className="sr-only">{texts.title}</h2>
      <p className="mb-4 text-slate-800">{texts.intro}</p>
      {data.project.archived && <div className="mb-4"><Banner tone="warning">{texts.archived}</Banner></div>}
      <Parts data={data} />
    </Page>
  );
}

function Parts({ data }: { data: TStaffProjectOverview }) {
  const base = `/projecten/${data.project.id}`;
  const parts = [
    data.conversations && <Conversations key="c" projectId={data.project.id} part={data.conversations} />,
    data.appointments && <Appointments key="a" base={base} today={data.today} part={data.appointments} />,
    data.forms && <ClosingForms key="f" base={base} part={data.forms} />,
    data.consent && <Consent key="s" base={base} part={data.consent} />,
    data.payments && <Payments key="p" base={base} part={data.payments} />,
    data.activation && <Activation key="r" base={base} part={data.activation} />,
  ].filter(Boolean);
  if (!parts.length) return <EmptyState>{texts.nothing}</EmptyState>;
  return <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">{parts}</div>;
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="flex min-w-0 flex-col gap-3">
      <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">{title}</h2>
        {children}
      </section>
    </Card>
  );
}

/** A figure that leads to its list: the number large, what it counts below. */
function Figure({ href, value, label, detail, tone = 'plain' }: { href: string; value: number; label: string; detail?: string; tone?: 'plain' | 'attention' }) {
  return (
    <Link href={href} className={`flex min-h-11 min-w-0 flex-col rounded-md border px-3 py-2 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-800 ${
      tone === 'attention' && value > 0 ? 'border-amber-600 bg-amber-50' : 'border-slate-300'}`}>
      <span className="text-2xl font-bold text-slate-900">{texts.count(value)}</span>
      <span className="text-sm font-medium text-blue-800 underline underline-offset-2">{label}</span>
      {detail && <span className="text-sm text-slate-700">{detail}</span>}
    </Link>
  );
}

function Conversations({ projectId, part }: { projectId: number; part: NonNullable<TStaffProjectOverview['conversations']> }) {
  const inbox = (status: string) => `/inbox?project=${projectId}&status=${status}`;
  return (
    <Part id="overzicht-gesprekken" title={texts.conversations.heading}>
      <div className="grid grid-cols-3 gap-2">
        <Figure href={inbox('open')} value={part.open} label={texts.conversations.open} tone="attention" />
        <Figure href={inbox('waiting')} value={part.waiting} label={texts.conversations.waiting} />
        <Figure href={inbox('closed')} value={part.closed} label={texts.conversations.closed} />
      </div>
      {part.open_unassigned > 0 && <p className="text-sm text-slate-800">{texts.conversations.unassigned(part.open_unassigned)}</p>}
      <h3 className="font-semibold text-slate-900">{texts.conversations.longest}</h3>
      {part.longest_waiting.length === 0 ? <p className="text-slate-700">{texts.conversations.none}</p> : (
        <ol className="flex flex-col divide-y divide-slate-200">
          {part.longest_waiting.map((c) => (
            <li key={c.id} className="py-2">
              <Link href={`/inbox/${c.id}`} className="font-medium text-blue-800 underline underline-offset-2">
                {c.full_address ?? texts.conversations.visitor(c.visitor_name)}
              </Link>
              <p className="text-sm text-slate-700">
                {texts.conversations.waited(c.waiting_minutes)} · {formatConsoleDateTime(c.waiting_since)}{c.assigned ? '' : ` · ${texts.conversations.notAssigned}`}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Link href={inbox('open')} className="self-start text-blue-800 underline underline-offset-2">{texts.conversations.all}</Link>
    </Part>
  );
}

function Appointments({ base, today, part }: { base: string; today: string; part: NonNullable<TStaffProjectOverview['appointments']> }) {
  const planning = (view: 'dag' | 'week') => `${base}/afspraken/planning?datum=${today}&weergave=${view}`;
  return (
    <Part id="overzicht-afspraken" title={texts.appointments.heading}>
      <div className="grid grid-cols-2 gap-2">
        <Figure href={planning('dag')} value={part.today} label={texts.appointments.today} />
        <Figure href={planning('week')} value={part.week} label={texts.appointments.week} />
      </div>
      {part.first_today.length === 0 ? <p className="text-slate-700">{texts.appointments.noneToday}</p> : (
        <>
          <h3 className="font-semibold text-slate-900">{texts.appointments.first}</h3>
          <ol className="flex flex-col divide-y divide-slate-200">
            {part.first_today.map((a) => (
              <li key={a.id} className="flex gap-3 py-2">
                <span className="w-12 shrink-0 font-semibold tabular-nums text-slate-900">{timeOf(a.starts_at)}</span>
                <span className="min-w-0"><span className="block text-slate-900">{a.full_address}</span><span className="block text-sm text-slate-700">{a.subject}</span></span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Part>
  );
}

function ClosingForms({ base, part }: { base: string; part: NonNullable<TStaffProjectOverview['forms']> }) {
  return (
    <Part id="overzicht-formulieren" title={texts.forms.heading}>
      <p className="text-sm text-slate-700">{texts.forms.hint}</p>
      {part.closing.length === 0 ? <p className="text-slate-700">{texts.forms.none}</p> : (
        <ul className="flex flex-col gap-2">
          {part.closing.map((f) => (
            <li key={f.form_id} className="flex flex-col gap-1">
              <p className="font-medium text-slate-900">{f.name} <span className="font-normal text-slate-700">· {texts.forms.closes(formatConsoleDateTime(f.closes_at))}</span></p>
              <Figure href={`${base}/formulieren/${f.form_id}/invullingen?answered=no`} value={f.not_answered} tone="attention"
                label={texts.forms.notAnswered(f.not_answered)} detail={texts.forms.of(f.addresses)} />
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function Consent({ base, part }: { base: string; part: NonNullable<TStaffProjectOverview['consent']> }) {
  return (
    <Part id="overzicht-draagvlak" title={texts.consent.heading}>
      {part.forms.length === 0 ? <p className="text-slate-700">{texts.consent.none}</p> : part.forms.map((f) => <ConsentForm key={f.form_id} base={base} form={f} />)}
    </Part>
  );
}

function ConsentForm({ base, form }: { base: string; form: TOverviewConsentForm }) {
  const campaign = (unit?: string) => `${base}/draagvlak/campagne?form_id=${form.form_id}${unit ? `&building_unit=${encodeURIComponent(unit)}` : ''}`;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold text-slate-900">{form.name}</h3>
      <p className="text-slate-800">{texts.consent.total(form.percentage, form.threshold)} · {texts.consent.units(form.units_reached, form.units_total)}</p>
      <p className="text-sm font-medium text-slate-800">{texts.consent.lowest}</p>
      <ul className="flex flex-col gap-2">
        {form.units.map((u) => (
          <li key={u.building_unit}>
            <Link href={campaign(u.building_unit)} className="block rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-800">
              <span className="flex flex-col text-sm">
                <span className="font-medium text-blue-800 underline underline-offset-2">{texts.consent.unit(u.building_unit, u.percentage)}</span>
                <span className="text-slate-700">
                  {texts.consent.votes(u.agreed_votes, u.votes)} · {u.reached ? texts.consent.reached : texts.consent.notReached}{u.rule_applies ? '' : ` · ${texts.consent.fewHomes}`}
                </span>
              </span>
              <span className="relative mt-1 block h-2 rounded bg-slate-200" aria-hidden="true">
                <span className={`absolute inset-y-0 left-0 rounded ${u.reached ? 'bg-green-700' : 'bg-amber-600'}`} style={{ width: `${Math.min(100, u.percentage)}%` }} />
                <span className="absolute inset-y-[-2px] w-0.5 bg-slate-900" style={{ left: `${form.threshold}%` }} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link href={campaign()} className="self-start text-blue-800 underline underline-offset-2">{texts.consent.campaign}</Link>
    </div>
  );
}

function Payments({ base, part }: { base: string; part: NonNullable<TStaffProjectOverview['payments']> }) {
  return (
    <Part id="overzicht-betalingen" title={texts.payments.heading}>
      <div className="grid grid-cols-2 gap-2">
        <Figure href={`${base}/betalingen?status=open`} value={part.open.count} label={texts.payments.open} detail={texts.payments.amount(part.open.amount_cents)} />
        <Figure href={`${base}/betalingen?double=true`} value={part.double.count} label={texts.payments.double} detail={texts.payments.amount(part.double.amount_cents)} tone="attention" />
      </div>
      {part.open.count === 0 && part.double.count === 0 && <p className="text-slate-700">{texts.payments.none}</p>}
    </Part>
  );
}

function Activation({ base, part }: { base: string; part: NonNullable<TStaffProjectOverview['activation']> }) {
  return (
    <Part id="overzicht-bewoners" title={texts.activation.heading}>
      <Figure href={`${base}/adressen?status=not-activated`} value={part.not_activated} label={texts.activation.notActivated} detail={texts.activation.of(part.addresses)} />
      {part.not_activated === 0 && <p className="text-slate-700">{texts.activation.allActivated}</p>}
    </Part>
  );
}
