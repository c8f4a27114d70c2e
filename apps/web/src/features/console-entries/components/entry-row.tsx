import { Link } from 'wouter';
import { entryStatusLabel, PAYMENT_STATE_LABELS, type TEntryState, type TFormFamily, type TStaffEntryRow } from '@portal/contract';
import { formatAddressLine, formatConsoleDateTime } from '../../../lib/console-format';
import { entryTexts as texts } from '../texts';

const tone: Record<string, string> = {
  none: 'bg-slate-100 text-slate-800 ring-slate-300',
  open: 'bg-amber-50 text-amber-900 ring-amber-300',
  done: 'bg-green-50 text-green-900 ring-green-300',
};
const doneStatuses = new Set(['locked', 'signed', 'completed', 'sent', 'confirmed', 'send', 'paid', 'summary']);

/** An entry's status as a badge ('Niet ingevuld' without an entry). */
export function EntryStatusBadge({ family, entry }: { family: TFormFamily; entry: TEntryState | null }) {
  const kind = entry === null ? 'none' : doneStatuses.has(entry.status) ? 'done' : 'open';
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ${tone[kind]}`}>
      {entryStatusLabel(family, entry?.status ?? null)}
    </span>
  );
}

/** The facts of an entry on one line each: progress, last change, signers, consent, payment. */
export function entryFacts(entry: TEntryState): string[] {
  const facts = [texts.progress(entry.sections_done, entry.sections_total), texts.changed(formatConsoleDateTime(entry.updated_at))];
  if (entry.signers.required) facts.push(`${texts.signers(entry.signers.signed, entry.signers.required)}${entry.signers.requested ? ` (${texts.signing})` : ''}`);
  if (entry.agreement) facts.push(`${texts.agreement[entry.agreement]}${entry.on_paper ? ` (${texts.onPaper})` : ''}`);
  if (entry.payment.state !== 'none' || entry.payment.amount_cents) {
    facts.push([PAYMENT_STATE_LABELS[entry.payment.state], entry.payment.amount_cents ? texts.amount(entry.payment.amount_cents) : null].filter(Boolean).join(' · '));
  }
  return facts;
}

/** One row of the entries list: a card on a phone, a line on a wide screen. */
export function EntryRow({ row, family, href }: { row: TStaffEntryRow; family: TFormFamily; href: string }) {
  const label = row.address ? formatAddressLine(row.address) : texts.visitorEntry(row.id);
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {row.entry ? (
          <Link href={`${href}/${row.entry.id}`} className="font-semibold text-blue-800 underline-offset-2 hover:underline">{label}</Link>
        ) : (
          <span className="font-semibold text-slate-900">{label}</span>
        )}
        <span className="text-sm text-slate-700">
          {[row.address?.building_unit, row.entry_count > 1 ? texts.more(row.entry_count) : null].filter(Boolean).join(' · ')}
        </span>
      </div>
      {row.entry && (
        <ul className="flex flex-col text-sm text-slate-800 sm:basis-72">
          {entryFacts(row.entry).map((fact) => <li key={fact}>{fact}</li>)}
        </ul>
      )}
      <div className="sm:w-36 sm:text-right"><EntryStatusBadge family={family} entry={row.entry} /></div>
    </li>
  );
}
