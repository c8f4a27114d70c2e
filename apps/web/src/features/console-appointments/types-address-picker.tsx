import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatPostcode, type TStaffAddress } from '@portal/contract';
import { Button } from '../../ui/button';
import { FieldErrorText } from '../../ui/field';
import { appointmentTypeApi } from './types-api';
import { typeTexts } from './types-texts';

const texts = typeTexts.editor;
const labelOf = (a: TStaffAddress) => `${a.street} ${a.house_number}, ${formatPostcode(a.zipcode)} ${a.city}`;

/**
 * "Who may book: a list of addresses": a search over the project's addresses and the chosen ones, each
 * removable. Addresses chosen before this visit show by id until they turn up in a search.
 */
export function TypesAddressPicker({ projectId, ids, error, disabled, onChange }: {
  projectId: number; ids: number[]; error?: string; disabled?: boolean; onChange: (ids: number[]) => void;
}) {
  const searchId = useId();
  const [q, setQ] = useState('');
  const [labels, setLabels] = useState<Record<number, string>>({});
  const search = useMutation({
    mutationFn: (text: string) => appointmentTypeApi.searchAddresses(projectId, text),
    onSuccess: (page) => setLabels((l) => ({ ...l, ...Object.fromEntries(page.data.map((a) => [a.id, labelOf(a)])) })),
  });
  const run = (event?: FormEvent) => {
    event?.preventDefault();
    if (q.trim()) search.mutate(q.trim());
  };
  // A search inside the type's form: Enter searches instead of saving the form.
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      run();
    }
  };
  const found = search.data?.data ?? [];
  return (
    <fieldset className="flex flex-col gap-3" id="address_ids">
      <legend className="text-sm font-medium text-slate-800">{texts.addresses}</legend>
      {!disabled && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="text-sm text-slate-800">{texts.addressSearch}</label>
            <input id={searchId} name="address_ids" type="search" value={q} onChange={(e) => setQ(e.target.value)} onKeyDown={onKey}
              className="min-h-11 w-72 max-w-full rounded-md border border-slate-400 bg-white px-3 py-2" />
          </div>
          <Button variant="secondary" onClick={() => run()} busy={search.isPending}>{texts.addressSearchButton}</Button>
        </div>
      )}
      {search.isSuccess && (
        found.length === 0 ? <p className="text-sm text-slate-700">{texts.addressNone}</p> : (
          <ul className="flex flex-col gap-1">
            {found.filter((a) => !ids.includes(a.id)).map((a) => (
              <li key={a.id}>
                <Button variant="ghost" onClick={() => onChange([...ids, a.id])}>{texts.addressAdd(labelOf(a))}</Button>
              </li>
            ))}
          </ul>
        )
      )}
      <p className="text-sm text-slate-700" aria-live="polite">{texts.addressChosen(ids.length)}</p>
      <ul className="flex flex-wrap gap-2">
        {ids.map((id) => {
          const label = labels[id] ?? texts.addressId(id);
          return (
            <li key={id} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-900">
              {label}
              {!disabled && (
                <button type="button" aria-label={texts.addressRemove(label)} onClick={() => onChange(ids.filter((x) => x !== id))}
                  className="flex size-8 items-center justify-center rounded-full hover:bg-slate-200">
                  <span aria-hidden="true">✕</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {error && <FieldErrorText id="address_ids-error">{error}</FieldErrorText>}
    </fieldset>
  );
}
