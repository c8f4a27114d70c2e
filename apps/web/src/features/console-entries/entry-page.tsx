import { useMutation, useQuery } from '@tanstack/react-query';
import { euro } from '../../lib/money';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { ENTRY_FACE_LABELS, entryStatusLabel, PAYMENT_STATE_LABELS, type TStaffEntryDetail } from '@portal/contract';
import { formatAddressLine, formatConsoleDateTime } from '../../lib/console-format';
import { Button } from '../../ui/button';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import { toastError } from '../../ui/toaster';
import { entryApi, entryQueries } from './api';
import { EntriesCrumbs } from './components/entries-crumbs';
import { EntryAnswers } from './components/entry-answers';
import { EntryStatusBadge, entryFacts } from './components/entry-row';
import { ReopenDialog } from './components/reopen-dialog';
import { entryTexts as texts } from './texts';

/**
 * /beheer/projecten/:projectId/formulieren/:formId/invullingen/:entryId: one entry as the resident filled it in
 * (against the version it answered: photos, drawings with their pins, signatures), its payments, its logbook
 * (who did what, when, on which face), the summary PDF, and reopening it with a reason (forms.manage).
 */
export default function EntryPage() {
  const params = useParams<{ projectId: string; formId: string; entryId: string }>();
  const projectId = Number(params.projectId);
  const formId = Number(params.formId);
  const entryId = Number(params.entryId);
  const project = useQuery(entryQueries.project(projectId));
  const me = useQuery(entryQueries.me());
  const detail = useQuery(entryQueries.detail(projectId, formId, entryId));

  const title = detail.data ? (detail.data.address ? formatAddressLine(detail.data.address) : texts.visitorEntry(entryId)) : texts.title;
  const crumbs = <EntriesCrumbs projectId={projectId} projectName={project.data?.name} formId={formId} current={title} />;
  if (detail.isPending) return <Page title={title}>{crumbs}<Loading /></Page>;
  if (detail.isError) return <Page title={title}>{crumbs}<ErrorState error={detail.error} retry={() => void detail.refetch()} /></Page>;
  return (
    <Page title={title}>
      {crumbs}
      <EntryDetail projectId={projectId} formId={formId} entryId={entryId} detail={detail.data} canManage={me.data?.permissions.includes('forms.manage') ?? false} />
    </Page>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = `block-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function EntryDetail({ projectId, formId, entryId, detail, canManage }: {
  projectId: number; formId: number; entryId: number; detail: TStaffEntryDetail; canManage: boolean;
}) {
  const [reopening, setReopening] = useState(false);
  const family = detail.form.kind;
  const summary = useMutation({ mutationFn: () => entryApi.summary(projectId, formId, entryId), onError: (error) => toastError(error, texts.detail.summaryFailed) });
  const { entry } = detail;
  const listHref = `/projecten/${projectId}/formulieren/${formId}/invullingen`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-semibold">{detail.form.name}</span>
          <EntryStatusBadge family={family} entry={entry} />
        </div>
        <ul className="flex flex-col text-slate-800">
          {entryFacts(entry).map((fact) => <li key={fact}>{fact}</li>)}
          {detail.address?.building_unit && <li>{texts.detail.unit}: {detail.address.building_unit}</li>}
          {entry.form_version !== null && <li>{texts.detail.version}: {entry.form_version}</li>}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" busy={summary.isPending} onClick={() => summary.mutate()}>{texts.detail.summary}</Button>
          {canManage && detail.reopen.allowed && <Button onClick={() => setReopening(true)}>{texts.reopen.button}</Button>}
        </div>
        {canManage && !detail.reopen.allowed && detail.reopen.reason && (
          <p className="text-sm text-slate-700">{texts.reopen.notAllowed} {detail.reopen.reason}</p>
        )}
      </div>

      <Block title={texts.detail.answers}>
        <EntryAnswers family={family} sections={detail.sections} />
      </Block>

      {detail.signatures.length > 0 && (
        <Block title={texts.detail.signatures}>
          <ul className="grid gap-3 sm:grid-cols-2">
            {detail.signatures.map((s) => (
              <li key={s.nr} className="flex flex-col gap-1 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <span className="font-semibold">{texts.detail.signer(s.nr)}{s.who ? `: ${s.who}` : ''}</span>
                {s.description && <span className="text-sm text-slate-700">{s.description}</span>}
                {s.image && <img src={s.image} alt={texts.detail.signatureAlt(s.nr)} className="max-h-28 self-start bg-white ring-1 ring-slate-200" />}
                <span className="text-sm">
                  {!s.signed ? texts.detail.notSigned
                    : [s.image ? texts.detail.signedDrawn : texts.detail.signedService, s.signed_at ? formatConsoleDateTime(s.signed_at) : null].filter(Boolean).join(', ')}
                </span>
              </li>
            ))}
          </ul>
        </Block>
      )}

      {detail.comment && (
        <Block title={texts.detail.comment}><p className="whitespace-pre-wrap rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">{detail.comment}</p></Block>
      )}

      {(detail.payments.length > 0 || entry.payment.state !== 'none') && (
        <Block title={texts.detail.payments}>
          <p>{PAYMENT_STATE_LABELS[entry.payment.state]}{entry.payment.amount_cents ? ` · ${euro(entry.payment.amount_cents)}` : ''}</p>
          {detail.payments.length > 0 && (
            <ul className="flex flex-col gap-1">
              {detail.payments.map((p) => (
                <li key={p.id} className="flex flex-wrap items-baseline gap-x-3">
                  <span>{texts.detail.paymentRow(euro(p.amount_cents), texts.paymentStatus[p.status] ?? p.status, formatConsoleDateTime(p.paid_at ?? p.created_at))}</span>
                  {p.refunded_cents > 0 && <span>{texts.detail.paymentRefunded(euro(p.refunded_cents), euro(p.remaining_cents))}</span>}
                  {p.charged_back_cents > 0 && <span>{texts.detail.paymentChargedBack(euro(p.charged_back_cents))}</span>}
                  <Link href={`/projecten/${projectId}/betalingen/${p.id}`} className="text-blue-800 underline underline-offset-2">{texts.detail.paymentLink}</Link>
                </li>
              ))}
            </ul>
          )}
        </Block>
      )}

      <Block title={texts.detail.logbook}>
        {detail.events.length === 0 ? <p className="text-slate-700">{texts.detail.noEvents}</p> : (
          <ol className="flex flex-col divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {detail.events.map((e) => (
              <li key={e.id} className="flex flex-col gap-0.5 px-4 py-2 sm:flex-row sm:gap-4">
                <time dateTime={e.at} className="text-sm text-slate-700 sm:w-40 sm:shrink-0">{formatConsoleDateTime(e.at)}</time>
                <span className="flex-1 break-words">{e.text}</span>
                <span className="text-sm text-slate-700">{[ENTRY_FACE_LABELS[e.face], e.face !== 'system' ? e.who : null].filter(Boolean).join(': ')}</span>
              </li>
            ))}
          </ol>
        )}
      </Block>

      {detail.siblings.length > 0 && (
        <Block title={texts.detail.siblings}>
          <ul className="flex flex-col gap-1">
            {detail.siblings.map((s) => (
              <li key={s.id}>
                <Link href={`${listHref}/${s.id}`} className="text-blue-800 underline">
                  {entryStatusLabel(family, s.status)} · {formatConsoleDateTime(s.updated_at)}
                </Link>
              </li>
            ))}
          </ul>
        </Block>
      )}

      <div><Link href={listHref} className="text-blue-800 underline">{texts.detail.back}</Link></div>
      {reopening && <ReopenDialog projectId={projectId} formId={formId} entryId={entryId} onClose={() => setReopening(false)} />}
    </div>
  );
}
