import { formatPostcode, type TConsentLetterAddress, type TConsentLetterStatus } from '@portal/contract';
import { formatAddressLine } from '../../../lib/console-format';
import { consentLetterTexts as texts } from '../texts';

const STATUS_STYLES: Record<TConsentLetterStatus, string> = {
  live: 'bg-green-100 text-green-950 ring-green-700',
  none: 'bg-slate-100 text-slate-900 ring-slate-400',
  revoked: 'bg-red-50 text-red-950 ring-red-700',
  expired: 'bg-amber-100 text-amber-950 ring-amber-700',
};

type Props = {
  address: TConsentLetterAddress;
  selection: { checked: boolean; onChange: (checked: boolean) => void };
  actions?: React.ReactNode;
};

/**
 * One address with its consent status and the state of its letter (never the letter's link). On a wide
 * screen the cards line up as the rows of a table; on a phone they stack.
 */
export function LetterCard({ address, selection, actions }: Props) {
  const label = formatAddressLine(address);
  const detail = texts.letterDetail(address.letter);
  return (
    <li
      data-address-id={address.id}
      className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:grid-cols-[2rem_minmax(13rem,2fr)_minmax(9rem,1fr)_minmax(14rem,2fr)_minmax(0,1.2fr)] lg:items-center"
    >
      <div className="row-span-2 pt-0.5 lg:row-span-1">
        <input type="checkbox" className="size-5 cursor-pointer accent-brand" checked={selection.checked}
          onChange={(e) => selection.onChange(e.target.checked)} aria-label={texts.select(label)} />
      </div>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{address.street} {address.house_number}</p>
        <p className="text-sm text-slate-700">{formatPostcode(address.zipcode)} {address.city}</p>
        {(address.building_unit || address.vacant) && (
          <p className="mt-1 flex flex-wrap gap-1 text-xs text-slate-700">
            {address.building_unit && <span>{texts.fields.unit}: {address.building_unit}</span>}
            {address.vacant && <span className="rounded bg-slate-200 px-1.5 font-semibold text-slate-900">{texts.fields.vacant}</span>}
          </p>
        )}
      </div>
      <dl className="col-start-2 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2 lg:col-span-2 lg:col-start-3">
        <div>
          <dt className="text-xs text-slate-600">{texts.fields.consent}</dt>
          <dd className="text-slate-900">{texts.consent[address.consent_status]}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{texts.fields.letter}</dt>
          <dd className="flex flex-col items-start gap-0.5">
            <span data-letter-status={address.letter.status}
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[address.letter.status]}`}>
              {texts.status[address.letter.status]}
            </span>
            {detail && <span className="text-xs text-slate-700">{detail}</span>}
          </dd>
        </div>
      </dl>
      {actions && (
        <div role="group" aria-label={texts.actions(label)} className="col-span-2 flex flex-wrap gap-2 lg:col-span-1 lg:justify-end">
          {actions}
        </div>
      )}
    </li>
  );
}
