import { Link } from 'wouter';
import { euro } from '../../../lib/money';
import { type TConsolePayment } from '@portal/contract';
import { formatConsoleDateTime } from '../../../lib/console-format';
import { paymentStatusLabels, paymentTexts as texts } from '../texts';

const statusTone: Record<string, string> = {
  paid: 'bg-green-100 text-green-900', open: 'bg-slate-100 text-slate-900', pending: 'bg-amber-100 text-amber-900', authorized: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900', canceled: 'bg-slate-100 text-slate-900', expired: 'bg-slate-100 text-slate-900',
};

export function PaymentStatusBadge({ status }: { status: TConsolePayment['status'] }) {
  return <span className={`rounded px-2 py-0.5 text-sm font-medium ${statusTone[status] ?? ''}`}>{paymentStatusLabels[status]}</span>;
}

export function DoublePaidBadge() {
  return <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-medium text-red-900">{texts.doublePaid}</span>;
}

/** A payment on the list: address, form, amount and status, and what was refunded or remains; a link to its page. */
export function PaymentCard({ projectId, payment }: { projectId: number; payment: TConsolePayment }) {
  const address = payment.full_address ?? texts.card.noAddress;
  return (
    <li className="rounded-lg border border-slate-300 bg-white p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">
            <Link href={`/projecten/${projectId}/betalingen/${payment.id}`} className="text-blue-800 underline underline-offset-2">
              {address}<span className="sr-only">, {euro(payment.amount_cents)}, {paymentStatusLabels[payment.status]}</span>
            </Link>
          </h3>
          <p className="text-sm text-slate-700 break-words">{payment.form.name} · {texts.card.created(formatConsoleDateTime(payment.created_at))}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <span className="text-lg font-semibold tabular-nums">{euro(payment.amount_cents)}</span>
          <PaymentStatusBadge status={payment.status} />
          {payment.double_paid && <DoublePaidBadge />}
        </div>
      </div>
      {(payment.refunded_cents > 0 || payment.charged_back_cents > 0) && (
        <p className="mt-2 text-sm text-slate-800">
          {[
            payment.refunded_cents > 0 ? texts.card.refunded(euro(payment.refunded_cents)) : null,
            payment.charged_back_cents > 0 ? texts.card.chargedBack(euro(payment.charged_back_cents)) : null,
            payment.status === 'paid' ? texts.card.remaining(euro(payment.remaining_cents)) : null,
          ].filter(Boolean).join(' · ')}
        </p>
      )}
    </li>
  );
}
