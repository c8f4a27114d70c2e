import type { TAddressStatus, TStaffAddress } from '@portal/contract';
import { ConsoleAddressCard } from '../../../ui/console-address-card';
import { addressLabel, addressTexts as texts, formatDate, formatDateTime } from '../texts';

const STATUS_STYLES: Record<TAddressStatus, string> = {
  activated: 'bg-green-100 text-green-950 ring-green-700',
  code: 'bg-blue-50 text-blue-950 ring-blue-700',
  'code-expired': 'bg-amber-100 text-amber-950 ring-amber-700',
  none: 'bg-slate-100 text-slate-900 ring-slate-400',
};

/** The status as text in a badge (never by colour alone). */
export function AddressStatusBadge({ status }: { status: TAddressStatus }) {
  return (
    <span data-status={status} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[status]}`}>
      {texts.status[status]}
    </span>
  );
}

function statusDetail(address: TStaffAddress): string | null {
  if (address.status === 'activated' && address.activated_at) return texts.activatedOn(formatDate(address.activated_at));
  if (address.status === 'code' && address.code_expires_at) return texts.codeUntil(formatDate(address.code_expires_at));
  if (address.status === 'code-expired' && address.code_expires_at) return texts.codeExpiredOn(formatDate(address.code_expires_at));
  return null;
}

type Props = {
  address: TStaffAddress;
  /** A check box to choose the address for letters (customer administrators, addresses without an account). */
  selection?: { checked: boolean; onChange: (checked: boolean) => void };
  /** The row's buttons (customer administrators). */
  actions?: React.ReactNode;
};

/** One address as a card (ui/console-address-card): the address, its status, last login and household, and its actions. */
export function AddressCard({ address, selection, actions }: Props) {
  const detail = statusDetail(address);
  return (
    <ConsoleAddressCard
      address={address}
      columns="lg:grid-cols-[2rem_minmax(13rem,2fr)_minmax(10rem,1.2fr)_minmax(8rem,1fr)_minmax(8rem,1fr)_minmax(0,2.4fr)]"
      selection={selection && { ...selection, label: texts.select(addressLabel(address)) }}
      actions={actions}
    >
      <dl className="col-start-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:col-span-3 lg:col-start-3 lg:grid-cols-3">
        <div>
          <dt className="sr-only lg:not-sr-only lg:text-xs lg:text-slate-600">{texts.fields.status}</dt>
          <dd className="flex flex-col items-start gap-0.5">
            <AddressStatusBadge status={address.status} />
            {detail && <span className="text-xs text-slate-700">{detail}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{texts.fields.lastLogin}</dt>
          <dd>{address.last_login_at ? formatDateTime(address.last_login_at) : texts.fields.never}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{texts.fields.household}</dt>
          <dd>{texts.members(address.household_members, address.accounts)}</dd>
        </div>
      </dl>
    </ConsoleAddressCard>
  );
}
