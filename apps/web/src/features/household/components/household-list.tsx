import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { OCCUPANT_GENDERS, type TOccupant } from '@portal/contract';
import { Button, ButtonLink } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/states';
import { toast, toastError } from '../../../ui/toaster';
import { householdApi, householdKeys } from '../api';
import { initialsOf } from '../initials';
import { text } from '../text';

/**
 * A card per person of the household: their role (Hoofdbewoner or Gezinslid), a new e-mail address
 * waiting for confirmation, Wijzigen, and Verwijderen where the server allows it (can_delete: never
 * oneself, never the holder).
 */
export function HouseholdList({ occupants }: { occupants: TOccupant[] }) {
  const [removing, setRemoving] = useState<TOccupant | null>(null);
  if (!occupants.length) return <EmptyState>{text.empty}</EmptyState>;
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {occupants.map((occupant) => <OccupantCard key={occupant.id} occupant={occupant} onRemove={() => setRemoving(occupant)} />)}
      </ul>
      {removing && <RemoveDialog occupant={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

function OccupantCard({ occupant, onRemove }: { occupant: TOccupant; onRemove: () => void }) {
  const headingId = useId();
  const gender = OCCUPANT_GENDERS.find((g) => g.value === occupant.gender)?.label;
  const row = (label: string, value: string | null, note?: ReactNode) => (
    <div className="flex flex-col">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{value || <span className="text-slate-600">{text.unknown}</span>}</dd>
      {note && <dd>{note}</dd>}
    </div>
  );
  return (
    <li className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          {/* The person's initials, as an avatar (decoration: the name beside it says it). */}
          <span aria-hidden="true" data-testid="avatar"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold uppercase text-on-brand">
            {initialsOf(occupant.full_name)}
          </span>
          <h2 id={headingId} className="min-w-0 text-lg font-semibold text-slate-900">
            {occupant.full_name}
            {occupant.is_self && <span className="ml-2 whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 align-middle text-xs font-semibold text-slate-800">{text.you}</span>}
          </h2>
        </div>
        <div className="flex flex-wrap gap-2">
          <span className={`rounded-full px-3 py-1 text-xs font-semibold ${occupant.is_holder ? 'bg-blue-100 text-blue-900' : 'bg-slate-100 text-slate-800'}`}>
            {occupant.is_holder ? text.holder : text.member}
          </span>
          <span className={`rounded-full px-3 py-1 text-xs font-semibold ${occupant.has_account ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}>
            {occupant.has_account ? text.hasAccount : text.noAccount}
          </span>
        </div>
      </div>
      <dl className="flex flex-col gap-2 text-sm">
        {row(text.gender, gender ?? null)}
        {row(text.email, occupant.email_address, occupant.pending_email_address && (
          <p className="mt-1 rounded-md border-l-4 border-amber-700 bg-amber-50 p-2 text-amber-900">{text.pendingEmail(occupant.pending_email_address)}</p>
        ))}
        {row(text.telephone, occupant.telephone)}
        {row(text.mobile, occupant.mobile)}
      </dl>
      {occupant.prefer_email && <p className="text-sm text-slate-700">{text.prefersEmail}</p>}
      <div className="mt-auto flex flex-wrap gap-2">
        <ButtonLink variant="secondary" to={`/profiel/${occupant.id}`}>
          {text.edit}<span className="sr-only">: {occupant.full_name}</span>
        </ButtonLink>
        {occupant.can_delete && (
          <Button variant="danger" aria-describedby={headingId} onClick={onRemove}>{text.remove}</Button>
        )}
      </div>
    </li>
  );
}

function RemoveDialog({ occupant, onClose }: { occupant: TOccupant; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => householdApi.remove(occupant.id),
    onSuccess: (result) => {
      toast(result.message ?? 'Gebruiker verwijderd.', 'success');
      onClose();
      void queryClient.invalidateQueries({ queryKey: householdKeys.all });
    },
    onError: (error) => {
      toastError(error, text.failed);
      onClose();
      void queryClient.invalidateQueries({ queryKey: householdKeys.all });
    },
  });
  return (
    <Dialog open title={text.removeTitle} onClose={onClose}>
      <p className="text-slate-800">{text.removeQuestion(occupant.full_name)}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>{text.removeNo}</Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>{text.removeYes}</Button>
      </div>
    </Dialog>
  );
}
