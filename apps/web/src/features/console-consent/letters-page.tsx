import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'wouter';
import type { TConsentLetterAddress, TConsentLetterForm } from '@portal/contract';
import { formatAddressLine, formatConsoleDate } from '../../lib/console-format';
import { useIdSelection } from '../../lib/use-id-selection';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { ConsoleList } from '../../ui/console-list';
import { Crumbs } from '../../ui/crumbs';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { ErrorState, Loading } from '../../ui/states';
import { toast, toastError } from '../../ui/toaster';
import { consentLetterApi, consentLetterKeys, consentLetterQueries } from './api';
import { LetterCard } from './components/letter-card';
import { ConsentTabs } from './components/consent-tabs';
import { PrintLettersDialog, type PrintTarget } from './components/print-dialog';
import { consentLetterTexts as texts } from './texts';

type Dialogs = { kind: 'print'; target: PrintTarget } | { kind: 'revoke'; address: TConsentLetterAddress } | { kind: 'revoke-all' } | null;

/**
 * /beheer/projecten/:projectId/draagvlak: the consent letters of the project's support-base forms. Staff print
 * one letter per address (for chosen addresses or every occupied one) with a personal link, a QR code and the
 * deadline, and revoke letters; the list shows each address's consent status and letter, never its link.
 */
export default function ConsentLettersPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const project = useQuery(consentLetterQueries.project(projectId));
  const forms = useQuery(consentLetterQueries.forms(projectId));
  const [formId, setFormId] = useState<number | null>(null);
  const selectId = useId();
  const form = forms.data?.find((f) => f.id === formId) ?? forms.data?.[0];

  const crumbs = (
    <>
      <Crumbs
        crumbs={[{ href: '/projecten', label: texts.crumbs.projects }, { href: `/projecten/${projectId}`, label: project.data?.name ?? `Project ${projectId}` }]}
        current={texts.title}
      />
      <ConsentTabs projectId={projectId} current="letters" />
    </>
  );
  if (forms.isPending) return <Page title={texts.title}>{crumbs}<Loading /></Page>;
  if (forms.isError) return <Page title={texts.title}>{crumbs}<ErrorState error={forms.error} retry={() => void forms.refetch()} /></Page>;
  if (!form) return <Page title={texts.title}>{crumbs}<Banner tone="info">{texts.noForms}</Banner></Page>;
  return (
    <Page title={texts.title}>
      {crumbs}
      <p className="mb-4 max-w-3xl text-slate-800">{texts.intro}</p>
      {forms.data.length > 1 && (
        <div className="mb-4 flex max-w-md flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">{texts.form}</label>
          <Select id={selectId} value={String(form.id)} onChange={(e) => setFormId(Number(e.target.value))}>
            {forms.data.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
          </Select>
        </div>
      )}
      <FormLetters key={form.id} projectId={projectId} form={form} />
    </Page>
  );
}

function FormLetters({ projectId, form }: { projectId: number; form: TConsentLetterForm }) {
  const queryClient = useQueryClient();
  const { selected, selection, clear: clearSelection } = useIdSelection();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const close = () => setDialog(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: consentLetterKeys.project(projectId) });

  const revoke = useMutation({
    mutationFn: (address: TConsentLetterAddress | null) =>
      address ? consentLetterApi.revokeOne(projectId, form.id, address.id) : consentLetterApi.revokeAll(projectId, form.id),
    onSuccess: async (answer, address) => {
      toast(address ? texts.revoke.doneOne(formatAddressLine(address)) : texts.revoke.doneAll(answer.revoked), 'success');
      close();
      await refresh();
    },
    onError: (error) => toastError(error, texts.failed),
  });

  const target: PrintTarget = selected.size ? { ids: [...selected] } : 'all';

  return (
    <>
      <div className="mb-4 flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold text-slate-900">{form.name}</h2>
        <p className="text-slate-800">{texts.summary(form)}</p>
        {form.close_date && <p className="text-sm text-slate-700">{texts.closeDate(formatConsoleDate(form.close_date))}</p>}
        <p className="text-sm text-slate-700" aria-live="polite">
          {selected.size ? texts.print.selected(selected.size) : texts.print.all(form.occupied)}
          {selected.size > 0 && (
            <button type="button" className="ml-2 text-blue-800 underline" onClick={clearSelection}>{texts.print.clear}</button>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog({ kind: 'print', target })} disabled={!selected.size && !form.occupied}>{texts.print.button}</Button>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'revoke-all' })} disabled={!form.live_letters}>{texts.revoke.all}</Button>
        </div>
      </div>

      <ConsoleList<TConsentLetterAddress>
        queryKey={[...consentLetterKeys.addresses(projectId, form.id)]}
        load={(page) => consentLetterApi.page(projectId, form.id, page)}
        searchLabel={texts.search}
        emptyText={texts.none}
      >
        {(items) => (
          <ul className="flex flex-col gap-2" aria-label={texts.list}>
            {items.map((address) => (
              <LetterCard
                key={address.id}
                address={address}
                selection={selection(address.id)}
                actions={address.letter.status === 'live' && (
                  <Button variant="secondary" onClick={() => setDialog({ kind: 'revoke', address })}>
                    {texts.revoke.one}<span className="sr-only"> {formatAddressLine(address)}</span>
                  </Button>
                )}
              />
            ))}
          </ul>
        )}
      </ConsoleList>

      {dialog?.kind === 'print' && (
        <PrintLettersDialog projectId={projectId} form={form} target={dialog.target} onClose={close} onMade={clearSelection} />
      )}
      {(dialog?.kind === 'revoke' || dialog?.kind === 'revoke-all') && (
        <ConfirmDialog title={dialog.kind === 'revoke' ? texts.revoke.oneTitle : texts.revoke.allTitle} confirm={texts.revoke.confirm} busy={revoke.isPending}
          onConfirm={() => revoke.mutate(dialog.kind === 'revoke' ? dialog.address : null)} onClose={close}>
          {dialog.kind === 'revoke' ? texts.revoke.oneBody(formatAddressLine(dialog.address)) : texts.revoke.allBody(form.live_letters, form.name)}
        </ConfirmDialog>
      )}
    </>
  );
}
