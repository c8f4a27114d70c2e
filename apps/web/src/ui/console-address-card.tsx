import type { ReactNode } from 'react';
import { formatPostcode } from '@portal/contract';
import { formatAddressLine } from '../lib/console-format';

/** What every address card of the console shows of the address (TStaffAddress, TConsentLetterAddress). */
export type CardAddress = { id: number; street: string; house_number: string; zipcode: string; city: string; building_unit: string | null; vacant: boolean };

export const addressCardTexts = {
  unit: 'Bouwkundige eenheid',
  vacant: 'Leegstand',
  actions: (address: string) => `Acties voor ${address}`,
} as const;

type Props = {
  address: CardAddress;
  /** The wide screen's columns: a check box, the address, the columns of `children`, the actions. */
  columns: string;
  /** A check box to choose the address (for letters), with its label. */
  selection?: { checked: boolean; onChange: (checked: boolean) => void; label: string };
  /** The row's buttons. */
  actions?: ReactNode;
  /** The card's details (a <dl>) placed in the middle columns. */
  children: ReactNode;
};

/**
 * One address of a project as a card in the console's lists: a check box, the address with its building
 * unit and vacancy, the details of the list, and its actions. On a wide screen the cards line up as the
 * rows of a table; on a phone they stack.
 */
export function ConsoleAddressCard({ address, columns, selection, actions, children }: Props) {
  const label = formatAddressLine(address);
  return (
    <li data-address-id={address.id}
      className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:items-center ${columns}`}>
      <div className="row-span-2 pt-0.5 lg:row-span-1">
        {selection && (
          <input type="checkbox" className="size-5 cursor-pointer accent-brand" checked={selection.checked}
            onChange={(e) => selection.onChange(e.target.checked)} aria-label={selection.label} />
        )}
      </div>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{address.street} {address.house_number}</p>
        <p className="text-sm text-slate-700">{formatPostcode(address.zipcode)} {address.city}</p>
        {(address.building_unit || address.vacant) && (
          <p className="mt-1 flex flex-wrap gap-1 text-xs text-slate-700">
            {address.building_unit && <span>{addressCardTexts.unit}: {address.building_unit}</span>}
            {address.vacant && <span className="rounded bg-slate-200 px-1.5 font-semibold text-slate-900">{addressCardTexts.vacant}</span>}
          </p>
        )}
      </div>
      {children}
      {actions && (
        <div role="group" aria-label={addressCardTexts.actions(label)} className="col-span-2 flex flex-wrap gap-2 lg:col-span-1 lg:justify-end">
          {actions}
        </div>
      )}
    </li>
  );
}
