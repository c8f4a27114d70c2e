import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import type { TStaffAddressOption } from '@portal/contract';
import { Button } from '../../ui/button';
import { controlBorder, FieldErrorText } from '../../ui/field';
import { contentBApi, contentBKeys } from './api';
import { texts } from './texts';

const t = texts.addressPicker;

type Props = {
  projectId: number;
  value: TStaffAddressOption | null;
  onChange: (value: TStaffAddressOption | null) => void;
  label?: string;
  error?: string;
  /** The search input's name: the error summary links to it. */
  name?: string;
  required?: boolean;
};

/**
 * Picks one address of the project: type part of the street, house number or postcode and search
 * (Enter or the button); the found addresses are buttons. The chosen address shows with a way to change it.
 */
export function AddressPicker({ projectId, value, onChange, label = t.label, error, name = 'address_id', required }: Props) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const found = useQuery({
    queryKey: contentBKeys.addresses(projectId, q ?? ''),
    queryFn: () => contentBApi.addressSearch(projectId, q ?? ''),
    enabled: q !== null,
  });
  const search = () => setQ(typed.trim());
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault(); // inside a form: search, do not submit
      search();
    }
  };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  if (value) {
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-slate-800">{label}</p>
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-300 bg-slate-50 px-3 py-2">
          <span className="font-medium text-slate-900" data-chosen-address="">{t.chosen(value.full_address)}</span>
          <Button variant="secondary" onClick={() => onChange(null)}>{t.change}</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}{required && <span aria-hidden="true"> *</span>}</label>
      <div className="flex flex-wrap items-center gap-2">
        <input id={id} name={name} type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} onKeyDown={onKeyDown}
          aria-describedby={describedBy} aria-invalid={error ? true : undefined} aria-required={required || undefined}
          className={`min-h-11 min-w-0 flex-1 rounded-md border bg-white px-3 py-2 text-base shadow-sm sm:max-w-md ${controlBorder(error)}`} />
        <Button variant="secondary" onClick={search} busy={found.isFetching}>{t.searchButton}</Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">{t.search}</p>
      {error && <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText>}
      <div role="status" className="text-sm text-slate-700">
        {found.isSuccess && found.data.length === 0 ? t.none : found.isSuccess ? <span className="sr-only">{`${found.data.length} ${t.results.toLowerCase()}`}</span> : null}
      </div>
      {found.isSuccess && found.data.length > 0 && (
        <ul aria-label={t.results} className="flex max-h-72 flex-col gap-1 overflow-y-auto rounded-md border border-slate-200 bg-white p-1">
          {found.data.map((address) => (
            <li key={address.id}>
              <button type="button" onClick={() => onChange(address)}
                className="min-h-11 w-full rounded px-3 py-2 text-left text-base text-slate-900 hover:bg-slate-100">
                {address.full_address}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
