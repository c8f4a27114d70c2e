import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  CONSENT_MIN_HOMES, CONSENT_THRESHOLD, supportBaseStatusLabels, type TConsentAddress, type TConsentFigures, type TConsentUnit,
} from '@portal/contract';
import { Button } from '../../../ui/button';
import { Select } from '../../../ui/select';
import { ErrorState, Loading } from '../../../ui/states';
import { consentPaperTexts } from '../texts';
import { supportBaseQueries } from './api';
import { PaperDialog } from './paper-dialog';

const pct = (value: number) => `${value.toLocaleString('nl-NL', { maximumFractionDigits: 1 })}%`;

/** One unit's (or the project's) figures: the leading percentage against the 70% mark, and the counts. */
function Figures({ title, f, countsVacant, wide = false }: { title: string; f: TConsentFigures; countsVacant: boolean; wide?: boolean }) {
  const width = Math.min(100, Math.max(0, f.percentage));
  return (
    <section aria-label={title} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold text-slate-900">{title}</h3>
        <p className={`rounded-full px-3 py-0.5 text-sm font-semibold ${f.reached ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}>
          {f.reached ? `${CONSENT_THRESHOLD}% bereikt${f.reached_at ? ` op ${f.reached_at}` : ''}` : `${CONSENT_THRESHOLD}% nog niet bereikt`}
        </p>
      </div>
      <div>
        <p className="text-3xl font-bold text-slate-900">{pct(f.percentage)} <span className="text-base font-normal text-slate-700">akkoord ({f.agreed} van {countsVacant ? f.total : f.total - f.vacant})</span></p>
        <div className="relative mt-2 h-3 w-full rounded-full bg-slate-200" role="img" aria-label={`${pct(f.percentage)} akkoord; de grens is ${CONSENT_THRESHOLD}%`}>
          <div className={`h-3 rounded-full ${f.reached ? 'bg-green-700' : 'bg-amber-600'}`} style={{ width: `${width}%` }} />
          <div className="absolute inset-y-[-4px] w-0.5 bg-slate-900" style={{ left: `${CONSENT_THRESHOLD}%` }} aria-hidden="true" />
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {`Met leegstaande woningen: ${pct(f.percentage_with_vacant)} · zonder leegstaande woningen: ${pct(f.percentage_without_vacant)} (${countsVacant ? 'met' : 'zonder'} leegstand is leidend)`}
        </p>
        {!f.rule_applies && <p className="mt-1 text-sm text-slate-700">{`De 70%-regel geldt voor een bouwkundige eenheid van ${CONSENT_MIN_HOMES} of meer woningen.`}</p>}
      </div>
      <dl className={`grid grid-cols-1 gap-x-4 gap-y-1 text-sm min-[420px]:grid-cols-2 ${wide ? 'md:grid-cols-4' : ''}`}>
        {([
          ['Adressen', f.total], ['Leegstaand', f.vacant], ['Akkoord', f.agreed], ['Niet akkoord', f.disagreed],
          ['Digitaal ondertekend', f.signed], ['Op papier (bevestigd)', f.on_paper], ['Op papier, wacht op bevestiging', f.paper_pending],
          ['Bezig met invullen', f.answering], ['Niet begonnen', f.not_started],
        ] as const).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 border-b border-slate-100 py-1">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {f.conflicts > 0 && (
        <p className="text-sm font-medium text-red-800">{`${f.conflicts} ${f.conflicts === 1 ? 'adres is' : 'adressen zijn'} na het papieren formulier ook digitaal ondertekend: bekijk ${f.conflicts === 1 ? 'het' : 'ze'} bij de adressen.`}</p>
      )}
    </section>
  );
}

/** An address's status in the table: what counts, whether it is on paper, what waits, and a digital signature after the paper form. */
function AddressStatus({ a }: { a: TConsentAddress }) {
  const notes = [
    a.on_paper && a.status !== 'on_paper' ? 'op papier' : null,
    a.paper === 'pending' && a.status !== 'on_paper' ? consentPaperTexts.correctionWaiting : null,
    a.vacant ? 'leegstaand' : null,
  ].filter(Boolean);
  return (
    <>
      {supportBaseStatusLabels[a.status]}{notes.length ? ` (${notes.join(', ')})` : ''}
      {a.agreement_at && <span className="block text-slate-700 sm:hidden">{a.agreement_at}</span>}
      {a.conflict && <span className="block text-xs font-semibold text-red-800">{`Let op: ${consentPaperTexts.conflictShort}`}</span>}
      {a.letter_printed_at && <span className="block text-xs text-slate-700">{`Brief geprint op ${a.letter_printed_at}`}</span>}
    </>
  );
}

/**
 * The consent tally for staff on the partner dashboard (the 70% rule, art. 7:220 lid 3 BW): per
 * building unit the figures and the 70% mark with the date it was reached, then the addresses with
 * their status, paged, and per address its paper forms (paper-dialog.tsx). Only signed documents and
 * confirmed paper forms count.
 */
export function ConsentTally({ projectId }: { projectId: number }) {
  const [formId, setFormId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const selectId = useId();
  const headingId = useId();
  const tally = useQuery(supportBaseQueries.tally(projectId, formId, page));
  const [paperFor, setPaperFor] = useState<TConsentAddress | null>(null);
  if (tally.isPending) return <Loading label="Draagvlak laden…" />;
  if (tally.isError) return <ErrorState error={tally.error} retry={() => void tally.refetch()} />;
  const data = tally.data;
  if (!data.forms.length || !data.total) return null;
  const units: TConsentUnit[] = data.units;
  return (
    <section aria-labelledby={headingId} className="mt-6 flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-bold text-slate-900">Draagvlak (70%-regel)</h2>
        {data.forms.length > 1 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">Formulier</label>
            <Select id={selectId} value={String(data.form_id ?? '')} onChange={(e) => { setFormId(Number(e.target.value)); setPage(1); }}>
              {data.forms.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
            </Select>
          </div>
        )}
      </div>
      <p className="text-sm text-slate-700">Alleen digitaal ondertekende formulieren en papieren formulieren die een tweede medewerker heeft bevestigd tellen mee.</p>
      <Figures title="Hele project" f={data.total} countsVacant={data.counts_vacant} wide />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {units.map((u) => <Figures key={u.building_unit} title={u.building_unit} f={u} countsVacant={data.counts_vacant} />)}
      </div>
      <section aria-label="Adressen" className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h3 className="text-lg font-bold text-slate-900">Adressen</h3>
        {/* No sideways scrolling: on a phone the columns wrap (the unit column is left out, the date goes under the status). */}
        <div>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Status per adres, pagina {data.addresses.page} van {data.addresses.pages}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3">Adres</th>
                <th scope="col" className="hidden py-2 pr-3 sm:table-cell">Bouwkundige eenheid</th>
                <th scope="col" className="py-2 pr-3">Status</th>
                <th scope="col" className="hidden py-2 pr-3 sm:table-cell">Datum</th>
                <th scope="col" className="py-2"><span className="sr-only">Formulier op papier</span></th>
              </tr>
            </thead>
            <tbody>
              {data.addresses.items.map((a) => (
                <tr key={a.address_id} className="border-b border-slate-100">
                  <td className="py-2 pr-3 text-slate-900">{a.full_address}</td>
                  <td className="hidden py-2 pr-3 text-slate-800 sm:table-cell">{a.building_unit}</td>
                  <td className="py-2 pr-3 text-slate-900"><AddressStatus a={a} /></td>
                  <td className="hidden py-2 pr-3 text-slate-800 sm:table-cell">{a.agreement_at ?? ''}</td>
                  <td className="py-2 text-right">
                    {(a.status === 'not_started' || a.status === 'answering' || a.on_paper) && (
                      <Button variant="secondary" className="min-h-9 px-2 py-1 text-xs" onClick={() => setPaperFor(a)} aria-label={consentPaperTexts.openFor(a.full_address)}>
                        {consentPaperTexts.open}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {data.addresses.pages > 1 && (
          <nav aria-label="Pagina's van de adressen" className="flex items-center justify-between gap-3 pt-2">
            <Button variant="secondary" disabled={data.addresses.page <= 1} onClick={() => setPage(data.addresses.page - 1)}>Vorige</Button>
            <p className="text-sm text-slate-700" aria-live="polite">{`Pagina ${data.addresses.page} van ${data.addresses.pages} (${data.addresses.total} adressen)`}</p>
            <Button variant="secondary" disabled={data.addresses.page >= data.addresses.pages} onClick={() => setPage(data.addresses.page + 1)}>Volgende</Button>
          </nav>
        )}
      </section>
      {paperFor && data.form_id !== null && (
        <PaperDialog place={{ projectId, formId: data.form_id, addressId: paperFor.address_id }} address={paperFor.full_address} onClose={() => setPaperFor(null)} />
      )}
    </section>
  );
}
