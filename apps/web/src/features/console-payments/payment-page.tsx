import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { euro } from '../../lib/money';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { staffPaymentMessages, type TConsolePaymentDetail } from '@portal/contract';
import { ApiError } from '../../lib/api';
import { formatConsoleDateTime } from '../../lib/console-format';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Page } from '../../ui/page';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { toast } from '../../ui/toaster';
import { paymentApi, paymentKeys, paymentQueries } from './api';
import { DoublePaidBadge, PaymentStatusBadge } from './components/payment-card';
import { RefundDialog } from './components/refund-dialog';
import { PaymentCrumbs } from './payments-page';
import { historyLine, paymentStatusLabels, paymentTexts, refundStatusLabels } from './texts';

const texts = paymentTexts.detail;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-200 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** The one-click refund of the extra payment of an entry paid twice: everything that remains, reason 'Dubbele betaling'. */
function DoublePayment({ projectId, payment, canRefund }: { projectId: number; payment: TConsolePaymentDetail; canRefund: boolean }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [key] = useState(() => crypto.randomUUID().replaceAll('-', ''));
  const refund = useMutation({
    mutationFn: () => paymentApi.refund(projectId, payment.id, { reason: staffPaymentMessages.doublePaymentReason, idempotency_key: key }),
    onSuccess: async (answer) => {
      toast(texts.refundedToast(euro(answer.refund.amount_cents)), 'success');
      queryClient.setQueryData(paymentKeys.one(projectId, payment.id), answer.payment);
      await queryClient.invalidateQueries({ queryKey: paymentKeys.project(projectId) });
      setAsking(false);
    },
  });
  const remaining = euro(payment.remaining_cents);
  return (
    <section aria-labelledby="double-title" className="mb-6 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
      <h2 id="double-title" className="font-semibold">{texts.doubleTitle}</h2>
      <p className="mt-1">{payment.extra_payment ? texts.doubleExtra : texts.doubleEarlier}</p>
      {payment.extra_payment && canRefund && payment.remaining_cents > 0 && (
        <Button variant="danger" className="mt-3" onClick={() => setAsking(true)}>{texts.doubleButton(remaining)}</Button>
      )}
      {asking && (
        <ConfirmDialog title={texts.doubleConfirmTitle} confirm={texts.doubleConfirm} busy={refund.isPending}
          error={refund.error instanceof ApiError ? refund.error.message : refund.isError ? paymentTexts.failed : undefined}
          onConfirm={() => refund.mutate()} onClose={() => setAsking(false)}>
          {texts.doubleConfirmBody(remaining, payment.full_address ?? paymentTexts.card.noAddress)}
        </ConfirmDialog>
      )}
    </section>
  );
}

/**
 * /beheer/projecten/:projectId/betalingen/:paymentId: a payment with its amounts (refunded, charged back, remaining),
 * its refunds and chargebacks, its history and the other payments of its entry; refunds for staff with payments.refund.
 */
export default function PaymentPage() {
  const params = useParams<{ projectId: string; paymentId: string }>();
  const projectId = Number(params.projectId);
  const paymentId = Number(params.paymentId);
  const project = useQuery(paymentQueries.project(projectId));
  const me = useQuery(paymentQueries.me());
  const query = useQuery(paymentQueries.one(projectId, paymentId));
  const [refunding, setRefunding] = useState(false);
  const canRefund = me.data?.permissions.includes('payments.refund') ?? false;
  const payment = query.data;

  return (
    <Page title={texts.title(paymentId)}>
      <PaymentCrumbs projectId={projectId} projectName={project.data?.name} current={texts.title(paymentId)} />
      {query.isPending ? <Loading /> : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? <EmptyState>{texts.notFound}</EmptyState> : <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : payment && (
        <>
          {payment.double_paid && <DoublePayment projectId={projectId} payment={payment} canRefund={canRefund} />}
          <div className="mb-6 flex flex-wrap items-center gap-3">
            <span className="text-2xl font-semibold tabular-nums">{euro(payment.amount_cents)}</span>
            <PaymentStatusBadge status={payment.status} />
            {payment.double_paid && <DoublePaidBadge />}
            {canRefund && payment.status === 'paid' && payment.remaining_cents > 0 && (
              <Button className="sm:ml-auto" onClick={() => setRefunding(true)}>{texts.refundButton}</Button>
            )}
          </div>
          <dl className="mb-8">
            <Row label={texts.address}>{payment.full_address ?? paymentTexts.card.noAddress}</Row>
            <Row label={texts.form}>{payment.form.name}</Row>
            <Row label={texts.description}>{payment.description}</Row>
            <Row label={texts.refunded}><span className="tabular-nums">{euro(payment.refunded_cents)}</span></Row>
            {payment.charged_back_cents > 0 && <Row label={texts.chargedBack}><span className="tabular-nums">{euro(payment.charged_back_cents)}</span></Row>}
            <Row label={texts.remaining}><span className="tabular-nums">{euro(payment.remaining_cents)}</span></Row>
            <Row label={texts.created}>{formatConsoleDateTime(payment.created_at)}</Row>
            <Row label={texts.paid}>{payment.paid_at ? formatConsoleDateTime(payment.paid_at) : texts.notPaid}</Row>
            <Row label={texts.provider}>{payment.provider === 'mollie' ? 'Mollie' : 'Testbetaling (lokaal)'}</Row>
            <Row label={texts.reference}>{payment.provider_payment_id}</Row>
          </dl>

          <section aria-labelledby="refunds-title" className="mb-8">
            <h2 id="refunds-title" className="mb-2 text-lg font-semibold">{texts.refunds}</h2>
            {payment.refunds.length === 0 ? <p className="text-slate-700">{texts.noRefunds}</p> : (
              <ul className="flex flex-col gap-2">
                {payment.refunds.map((r) => (
                  <li key={r.id} className="rounded border border-slate-300 bg-white p-3">
                    <p className="flex flex-wrap gap-x-3 font-medium">
                      <span className="tabular-nums">{euro(r.amount_cents)}</span>
                      <span>{refundStatusLabels[r.status]}</span>
                    </p>
                    <p className="text-sm text-slate-800 break-words">{r.reason}</p>
                    <p className="text-sm text-slate-700">{formatConsoleDateTime(r.created_at)}, {texts.refundBy(r.requested_by, r.origin)}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {payment.chargebacks.length > 0 && (
            <section aria-labelledby="chargebacks-title" className="mb-8">
              <h2 id="chargebacks-title" className="mb-2 text-lg font-semibold">{texts.chargebacks}</h2>
              <ul className="flex flex-col gap-2">
                {payment.chargebacks.map((c) => (
                  <li key={c.id} className="rounded border border-slate-300 bg-white p-3">
                    <span className="tabular-nums">{euro(c.amount_cents)}</span>, {formatConsoleDateTime(c.created_at)}
                    {c.reversed_at && <> ({texts.chargebackReversed} {formatConsoleDateTime(c.reversed_at)})</>}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="history-title" className="mb-8">
            <h2 id="history-title" className="mb-2 text-lg font-semibold">{texts.history}</h2>
            {payment.history.length === 0 && <p className="text-slate-700">{texts.noHistory}</p>}
            <ol className="flex flex-col gap-1">
              {payment.history.map((h, i) => (
                <li key={i} className="grid gap-x-3 sm:grid-cols-[10rem_1fr]">
                  <span className="text-sm text-slate-700 tabular-nums">{formatConsoleDateTime(h.at)}</span>
                  <span>{historyLine(h)}</span>
                </li>
              ))}
            </ol>
          </section>

          {payment.siblings.length > 0 && (
            <section aria-labelledby="siblings-title" className="mb-8">
              <h2 id="siblings-title" className="mb-2 text-lg font-semibold">{texts.siblings}</h2>
              <ul className="flex flex-col gap-1">
                {payment.siblings.map((s) => (
                  <li key={s.id}>
                    <Link href={`/projecten/${projectId}/betalingen/${s.id}`} className="text-blue-800 underline underline-offset-2">
                      {texts.title(s.id)}: {euro(s.amount_cents)}, {paymentStatusLabels[s.status]}, {formatConsoleDateTime(s.created_at)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {refunding && <RefundDialog projectId={projectId} payment={payment} onClose={() => setRefunding(false)} />}
        </>
      )}
      {refunding && !payment && <Banner tone="error">{paymentTexts.failed}</Banner>}
    </Page>
  );
}
