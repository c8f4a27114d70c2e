import type { TCampaignUnit } from '@portal/contract';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { campaignTexts as texts } from '../texts';

type Props = { unit: TCampaignUnit; canManage: boolean; onNotices: () => void; onSent: () => void };

/** One building unit: the leading percentage against 70%, the figures both ways, the warning, the milestones and the notices. */
export function UnitCard({ unit, canManage, onNotices, onSent }: Props) {
  const width = Math.min(100, unit.percentage);
  const last = unit.milestones.at(-1);
  const headingId = `unit-${unit.building_unit.replace(/\W+/g, '-')}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">{unit.building_unit}</h3>
        <p className="text-2xl font-bold text-slate-900">
          {unit.percentage.toLocaleString('nl-NL', { maximumFractionDigits: 1 })}%
          <span className={`ml-2 rounded px-2 py-0.5 align-middle text-xs font-semibold ${unit.reached ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}>
            {unit.reached ? texts.units.reached : texts.units.notReached}
          </span>
        </p>
      </div>
      <div className="relative h-3 rounded-full bg-slate-200" aria-hidden="true">
        <div className={`h-3 rounded-full ${unit.reached ? 'bg-green-700' : 'bg-blue-800'}`} style={{ width: `${width}%` }} />
        <div className="absolute -top-1 h-5 w-0.5 bg-slate-900" style={{ left: '70%' }} />
      </div>
      <p className="text-slate-800">{texts.units.votes(unit.agreed_votes, unit.votes)}</p>
      <p className="text-sm text-slate-700">{texts.units.homes(unit.total, unit.vacant)}. {texts.units.both(unit.percentage_with_vacant, unit.percentage_without_vacant)}.</p>
      {unit.warning && <Banner tone="warning">{unit.warning}</Banner>}
      {unit.reached_on && <p className="font-medium text-green-900">{texts.units.reachedOn(unit.reached_on)}</p>}
      {last?.kind === 'dropped' && <p className="font-medium text-red-800">{texts.units.droppedOn(last.at)}</p>}
      {last?.kind === 'reached' && unit.dropped_on && <p className="font-medium text-green-900">{texts.units.reachedAgain(unit.dropped_on, last.at)}</p>}
      {unit.milestones.length > 1 && (
        <details className="text-sm text-slate-800">
          <summary className="cursor-pointer text-blue-800 underline">{texts.units.history}</summary>
          <ul className="mt-1 list-disc pl-5">
            {unit.milestones.map((m, i) => <li key={i}>{texts.units.milestone(m.kind, m.at, m.percentage)}</li>)}
          </ul>
        </details>
      )}
      {(unit.reached_on || unit.notices_drafted > 0) && <p className="text-sm text-slate-700">{texts.units.notices(unit.notices_drafted, unit.notices_sent)}</p>}
      {canManage && (
        <div className="flex flex-wrap gap-2">
          {unit.reached && unit.not_agreeing > 0 && <Button onClick={onNotices}>{texts.units.makeNotices}<span className="sr-only"> {unit.building_unit}</span></Button>}
          {unit.notices_drafted > unit.notices_sent && (
            <Button variant="secondary" onClick={onSent}>{texts.units.markSent}<span className="sr-only"> {unit.building_unit}</span></Button>
          )}
        </div>
      )}
    </li>
  );
}
