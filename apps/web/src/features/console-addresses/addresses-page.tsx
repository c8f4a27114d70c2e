import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'wouter';
import { ADDRESS_STATUS_FILTERS, ADDRESS_STATUSES, type TAddressStatusFilter, type TStaffAddress } from '@portal/contract';
import { Button, ButtonLink } from '../../ui/button';
import { ConsoleList } from '../../ui/console-list';
import { Crumbs } from '../../ui/crumbs';
import { ExportButtons } from '../../ui/export-buttons';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { useIdSelection } from '../../lib/use-id-selection';
import { toast, toastError } from '../../ui/toaster';
import { addressApi, addressKeys, addressQueries } from './api';
import { AddressCard } from './components/address-card';
import { AddressEditDialog } from './components/address-edit-dialog';
import { LettersDialog, type LettersTarget } from './components/letters-dialog';
import { addressLabel, addressTexts as texts } from './texts';

export function AddressCrumbs({ projectId, projectName, current }: { projectId: number; projectName?: string; current?: string }) {
  const crumbs = [
    { href: '/projecten', label: texts.crumbs.projects },
    { href: `/projecten/${projectId}`, label: projectName ?? `Project ${projectId}` },
    ...(current ? [{ href: `/projecten/${projectId}/adressen`, label: texts.crumbs.addresses }] : []),
  ];
  return (
    <Crumbs crumbs={crumbs} current={current ?? texts.crumbs.addresses} />
  );
}

type Dialogs =
  | { kind: 'edit'; address: TStaffAddress }
  | { kind: 'reset'; address: TStaffAddress }
  | { kind: 'letters'; target: LettersTarget }
  | null;

/**
 * /beheer/projecten/:projectId/adressen: the project's addresses with their residents' status, searchable
 * and paged. Customer administrators import, edit, make activation letters (for chosen addresses or every
 * address without an account), reset an account and open the portal as the resident; project editors read.
 */
export default function AddressesPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const queryClient = useQueryClient();
  const me = useQuery(addressQueries.me());
  const project = useQuery(addressQueries.project(projectId));
  const summary = useQuery(addressQueries.summary(projectId));
  const canManage = me.data?.permissions.includes('addresses.manage') ?? false;
  const canExport = me.data?.permissions.includes('personal-data.export') ?? false;
  // The status filter lives in the URL (?status=not-activated), so the project's overview can link to it.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('status');
  const status: TAddressStatusFilter | '' = (ADDRESS_STATUS_FILTERS as readonly string[]).includes(asked ?? '') ? (asked as TAddressStatusFilter) : '';
  const setStatus = (next: TAddressStatusFilter | '') => setSearch((params) => {
    if (next) params.set('status', next);
    else params.delete('status');
    return params;
  }, { replace: true });
  const { selected, selection, clear: clearSelection } = useIdSelection();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const close = () => setDialog(null);

  const reset = useMutation({
    mutationFn: (address: TStaffAddress) => addressApi.reset(projectId, address.id),
    onSuccess: async (_answer, address) => {
      toast(texts.resetDialog.done(addressLabel(address)), 'success');
      close();
      await queryClient.invalidateQueries({ queryKey: addressKeys.project(projectId) });
    },
    onError: (error) => toastError(error, texts.failed),
  });

  const openAsResident = async (address: TStaffAddress) => {
    // The tab opens in the click itself (a pop-up blocker allows that), and is sent to the link once it is made.
    const tab = window.open('', '_blank');
    if (!tab) return toast(texts.popupBlocked, 'error');
    try {
      const { url } = await addressApi.openAsResident(projectId, address.id);
      tab.opener = null;
      tab.location.href = new URL(url, window.location.origin).href;
      toast(texts.openedAsResident, 'success');
    } catch (error) {
      tab.close();
      toastError(error, texts.failed);
    }
  };

  const actions = (address: TStaffAddress) => (
    <>
      <Button variant="secondary" onClick={() => setDialog({ kind: 'edit', address })}>
        {texts.edit}<span className="sr-only"> {addressLabel(address)}</span>
      </Button>
      {address.status !== 'activated' && (
        <Button variant="secondary" onClick={() => setDialog({ kind: 'letters', target: { ids: [address.id] } })}>
          {texts.letter}<span className="sr-only"> {addressLabel(address)}</span>
        </Button>
      )}
      {address.status !== 'none' && (
        <Button variant="secondary" onClick={() => setDialog({ kind: 'reset', address })}>
          {texts.reset}<span className="sr-only"> {addressLabel(address)}</span>
        </Button>
      )}
      {canExport && (
        <ButtonLink variant="secondary" to={`/projecten/${projectId}/adressen/${address.id}/privacy`}>
          {texts.privacy}<span className="sr-only"> {addressLabel(address)}</span>
        </ButtonLink>
      )}
      {address.household_members > 0 && (
        <Button variant="secondary" onClick={() => void openAsResident(address)}>
          {texts.openAsResident}<span className="sr-only"> {addressLabel(address)}</span>
        </Button>
      )}
    </>
  );

  const lettersTarget: LettersTarget = selected.size ? { ids: [...selected] } : { allWithout: summary.data?.without_account ?? 0 };
  return (
    <Page
      title={texts.title}
      actions={canManage && (
        <div className="flex flex-wrap gap-2">
          <ButtonLink variant="secondary" to={`/projecten/${projectId}/adressen/import`}>{texts.importLink}</ButtonLink>
          <Button onClick={() => setDialog({ kind: 'letters', target: lettersTarget })} disabled={!selected.size && !summary.data?.without_account}>
            {texts.letters.button}
          </Button>
        </div>
      )}
    >
      <AddressCrumbs projectId={projectId} projectName={project.data?.name} />
      {summary.data && <p className="mb-4 text-slate-800">{texts.summary(summary.data)}</p>}
      {canManage && (
        <p className="mb-4 text-sm text-slate-700" aria-live="polite">
          {selected.size ? texts.letters.selected(selected.size) : texts.letters.allWithout(summary.data?.without_account ?? 0)}
          {selected.size > 0 && (
            <button type="button" className="ml-2 text-blue-800 underline" onClick={clearSelection}>Selectie wissen</button>
          )}
        </p>
      )}
      <div className="mb-2 flex max-w-xs flex-col gap-1">
        <label htmlFor="address-status" className="text-sm font-medium text-slate-800">{texts.statusFilter}</label>
        <Select id="address-status" value={status} onChange={(e) => setStatus(e.target.value as TAddressStatusFilter | '')}>
          <option value="">{texts.allStatuses}</option>
          <option value="not-activated">{texts.notActivated}</option>
          {ADDRESS_STATUSES.map((s) => <option key={s} value={s}>{texts.status[s]}</option>)}
        </Select>
      </div>
      <ConsoleList<TStaffAddress>
        queryKey={[...addressKeys.list(projectId, { status: status || undefined })]}
        load={({ before, q }) => addressApi.page(projectId, { q, status: status || undefined }, before)}
        searchLabel={texts.search}
        emptyText={texts.none}
        tools={(q) => <ExportButtons download={(format) => addressApi.exportFile(projectId, { q, status: status || undefined }, format)} />}
      >
        {(items) => (
          <ul className="flex flex-col gap-2" aria-label={texts.title}>
            {items.map((address) => (
              <AddressCard
                key={address.id}
                address={address}
                selection={canManage && address.status !== 'activated' ? selection(address.id) : undefined}
                actions={canManage ? actions(address) : undefined}
              />
            ))}
          </ul>
        )}
      </ConsoleList>

      {dialog?.kind === 'edit' && <AddressEditDialog projectId={projectId} address={dialog.address} onClose={close} />}
      {dialog?.kind === 'letters' && (
        <LettersDialog projectId={projectId} target={dialog.target} onClose={close} onMade={clearSelection} />
      )}
      {dialog?.kind === 'reset' && (
        <ConfirmDialog title={texts.resetDialog.title} confirm={texts.resetDialog.confirm} busy={reset.isPending} error={reset.isError ? texts.failed : undefined}
          onConfirm={() => reset.mutate(dialog.address)} onClose={close}>
          {texts.resetDialog.body(addressLabel(dialog.address))}
        </ConfirmDialog>
      )}
    </Page>
  );
}
