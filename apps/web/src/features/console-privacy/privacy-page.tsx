import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'wouter';
import { personalDataTexts, ZErasureBody, type TErasureLine, type TPersonalDataOccupant } from '@portal/contract';
import { formatConsoleDateTime } from '../../lib/console-format';
import { saveFile } from '../../lib/staff-api';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Crumbs } from '../../ui/crumbs';
import { Dialog } from '../../ui/dialog';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import { TextAreaField } from '../../ui/textarea-field';
import { toast, toastError } from '../../ui/toaster';
import { privacyApi, privacyKeys, privacyQueries } from './api';
import { privacyTexts as texts } from './texts';

/**
 * /beheer/projecten/:projectId/adressen/:addressId/privacy: the address's residents, an export of one of them or of
 * the whole address (made by a job, downloaded here), and erasure of a resident after a preview of what goes and
 * what a legal hold keeps (issue 20). Needs personal-data.export; erasing personal-data.erase.
 */
export default function PrivacyPage() {
  const params = useParams<{ projectId: string; addressId: string }>();
  const projectId = Number(params.projectId);
  const addressId = Number(params.addressId);
  const queryClient = useQueryClient();
  const view = useQuery(privacyQueries.address(projectId, addressId));
  const project = useQuery(privacyQueries.project(projectId));
  const [erasing, setErasing] = useState<TPersonalDataOccupant | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: privacyKeys.address(projectId, addressId) });

  const start = useMutation({
    mutationFn: (occupantId: number | null) => privacyApi.startExport(projectId, addressId, occupantId),
    onSuccess: async () => {
      toast(texts.exportStarted, 'success');
      await refresh();
    },
    onError: (error) => toastError(error, texts.failed),
  });
  const download = async (exportId: number) => {
    try {
      saveFile(await privacyApi.file(projectId, addressId, exportId));
    } catch (error) {
      toastError(error, texts.failed);
    }
  };

  const crumbs = [
    { href: '/projecten', label: 'Projecten' },
    { href: `/projecten/${projectId}`, label: project.data?.name ?? `Project ${projectId}` },
    { href: `/projecten/${projectId}/adressen`, label: 'Adressen' },
  ];
  return (
    <Page title={texts.title}>
      <Crumbs crumbs={crumbs} current={texts.crumb} />
      {view.isPending ? <Loading /> : view.isError ? <ErrorState error={view.error} retry={() => void view.refetch()} /> : (
        <>
          <p className="mb-1 text-lg font-semibold text-slate-900">{view.data.label}</p>
          <p className="mb-4 max-w-3xl text-slate-700">{texts.intro}</p>
          <section aria-labelledby="privacy-household" className="mb-6">
            <h2 id="privacy-household" className="mb-2 text-lg font-semibold">{texts.household}</h2>
            {view.data.occupants.length === 0 ? <p>{texts.noOccupants}</p> : (
              <ul className="flex flex-col gap-2">
                {view.data.occupants.map((o) => (
                  <li key={o.id} className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
                    <div>
                      <p className="font-medium">{o.name}</p>
                      <p className="text-sm text-slate-700">{[o.is_main && texts.holder, o.has_account && texts.account].filter(Boolean).join(' · ')}</p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" busy={start.isPending && start.variables === o.id} onClick={() => start.mutate(o.id)}>
                        {texts.exportPerson}<span className="sr-only"> van {o.name}</span>
                      </Button>
                      {view.data.can_erase && (
                        <Button variant="danger" onClick={() => setErasing(o)}>
                          {texts.erase}<span className="sr-only"> {o.name}</span>
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Button className="mt-3" busy={start.isPending && start.variables === null} onClick={() => start.mutate(null)}>{texts.exportAddress}</Button>
          </section>
          <section aria-labelledby="privacy-exports">
            <h2 id="privacy-exports" className="mb-2 text-lg font-semibold">{texts.exportsTitle}</h2>
            {view.data.exports.length === 0 ? <p>{texts.noExports}</p> : (
              <ul className="flex flex-col gap-2" aria-live="polite">
                {view.data.exports.map((e) => (
                  <li key={e.id} className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
                    <p className="text-sm">{texts.exportLine(e, formatConsoleDateTime(e.created_at), formatConsoleDateTime(e.expires_at))}</p>
                    {e.downloadable ? (
                      <Button variant="secondary" onClick={() => void download(e.id)}>{texts.download}<span className="sr-only"> export {e.id}</span></Button>
                    ) : (
                      <span className="text-sm font-medium text-slate-800">{e.status === 'done' ? texts.expired : texts.status[e.status]}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {erasing && (
        <EraseDialog projectId={projectId} addressId={addressId} occupant={erasing} onClose={() => setErasing(null)} onErased={async () => {
          toast(texts.erased(erasing.name), 'success');
          setErasing(null);
          await refresh();
        }} />
      )}
    </Page>
  );
}

function Lines({ lines, outcome }: { lines: TErasureLine[]; outcome: TErasureLine['outcome'] }) {
  const shown = lines.filter((l) => l.outcome === outcome);
  if (!shown.length) return null;
  return (
    <div>
      <h3 className="font-semibold">{texts.dialog[outcome]}</h3>
      <ul className="ml-5 list-disc text-sm">
        {shown.map((l, i) => (
          <li key={`${l.category}-${i}`}>{texts.dialog.line(l)}{l.reason && <span className="block text-slate-700">{l.reason}</span>}</li>
        ))}
      </ul>
    </div>
  );
}

function EraseDialog({ projectId, addressId, occupant, onClose, onErased }: {
  projectId: number; addressId: number; occupant: TPersonalDataOccupant; onClose: () => void; onErased: () => Promise<void>;
}) {
  const plan = useQuery(privacyQueries.plan(projectId, addressId, occupant.id));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const erase = useMutation({
    mutationFn: () => privacyApi.erase(projectId, addressId, occupant.id, { reason }),
    onSuccess: onErased,
    onError: (e) => setError(e instanceof Error && e.message ? e.message : texts.failed),
  });
  const submit = () => {
    const checked = ZErasureBody.safeParse({ reason });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    erase.mutate();
  };
  return (
    <Dialog open title={texts.dialog.title(occupant.name)} onClose={onClose}>
      {plan.isPending ? <p>{texts.dialog.loading}</p> : plan.isError ? <Banner tone="error">{plan.error.message}</Banner> : plan.data.refusal ? (
        <Banner tone="error">{plan.data.refusal}</Banner>
      ) : (
        <div className="flex flex-col gap-3">
          <p>{plan.data.whole_household ? texts.dialog.whole : texts.dialog.member}</p>
          {plan.data.new_holder && (
            <Banner tone="warning">
              {plan.data.new_holder.needs_activation ? personalDataTexts.newHolderActivation(plan.data.new_holder.name) : personalDataTexts.newHolder(plan.data.new_holder.name)}
            </Banner>
          )}
          <Lines lines={plan.data.lines} outcome="removed" />
          <Lines lines={plan.data.lines} outcome="anonymised" />
          <Lines lines={plan.data.lines} outcome="kept" />
          <TextAreaField id="erase-reason" label={texts.dialog.reason} hint={texts.dialog.reasonHint} required rows={2} value={reason}
            onChange={(e) => setReason(e.target.value)} error={error} />
          <p className="font-medium">{texts.dialog.cannotUndo}</p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>{texts.dialog.cancel}</Button>
        {plan.data && !plan.data.refusal && <Button variant="danger" busy={erase.isPending} onClick={submit}>{texts.dialog.confirm}</Button>}
      </div>
    </Dialog>
  );
}
