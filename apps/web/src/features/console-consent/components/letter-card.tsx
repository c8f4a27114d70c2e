import type { TConsentLetterAddress, TConsentLetterStatus } from '@portal/contract';
import { formatAddressLine } from '../../../lib/console-format';
import { ConsoleAddressCard } from '../../../ui/console-address-card';
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

/** One address with its consent status and the state of its letter (never the letter's link). */
export function LetterCard({ address, selection, actions }: Props) {
  const detail = texts.letterDetail(address.letter);
  return (
    <ConsoleAddressCard
      address={address}
      columns="lg:grid-cols-[2rem_minmax(13rem,2fr)_minmax(9rem,1fr)_minmax(14rem,2fr)_minmax(0,1.2fr)]"
      selection={{ ...selection, label: texts.select(formatAddressLine(address)) }}
      actions={actions}
    >
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
    </ConsoleAddressCard>
  );
}
