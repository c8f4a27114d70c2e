import { useInfiniteQuery } from '@tanstack/react-query';
import { euro } from '../../../lib/money';
import { useId, useState } from 'react';
import { type TPaymentStatus, type TStaffPayment } from '@portal/contract';
import { useMediaQuery } from '../../../lib/use-media-query';
import { Banner } from '../../../ui/banner';
import { LoadMoreButton } from '../../../ui/load-more';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { paymentQueries } from '../api';
import { formatMoment, paymentEventSourceLabels, paymentProviderLabel, paymentStatusLabels, paymentStatusTones, paymentTexts } from '../texts';

/** Wide enough for the seven columns of the table; narrower screens get a card per payment. */
const TABLE_WIDTH = '(min-width: 1024px)';

/** The status as text with its colour: the colour only repeats what the text says. */
function PaymentStatusBadge({ status }: { status: TPaymentStatus }) {
  return (
    <span className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${paymentStatusTones[status]}`} data-status={status}>
      <span className="size-2 rounded-full bg-current" aria-hidden="true" />
      {paymentStatusLabels[status]}
    </span>
  );
}

/** The flag of a payment whose form is paid more than once: text with an icon, not colour alone. */
function DoublePaidFlag() {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-bold text-red-900 ring-1 ring-inset ring-red-400" data-testid="double-paid" title={paymentTexts.doublePaidHint}>
      <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
        <path d="M12 8v5M12 16.5v.5M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      </svg>
      {paymentTexts.doublePaid}
    </span>
  );
}

/** The status, and beside it the flag when the form of the payment is paid more than once. */
function PaymentStatus({ payment }: { payment: TStaffPayment }) {
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1.5 lg:flex-col lg:items-start">
      <PaymentStatusBadge status={payment.status} />
      {payment.double_paid && <DoublePaidFlag />}
    </span>
  );
}

/** When it was paid; a dash (read as 'Nog niet betaald') until then. */
function PaidAt({ payment }: { payment: TStaffPayment }) {
  if (payment.paid_at) return <>{formatMoment(payment.paid_at)}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{paymentTexts.notPaid}</span>
    </>
  );
}

/** The button that opens and closes a payment's history (aria-expanded); names the payment for a screen reader. */
function HistoryToggle({ payment, open, panelId, onToggle }: { payment: TStaffPayment; open: boolean; panelId: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={onToggle}
      className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
    >
      <svg viewBox="0 0 24 24" className={`size-4 transition-transform ${open ? 'rotate-90' : ''}`} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M9 6l6 6-6 6" />
      </svg>
      {paymentTexts.history}
      <span className="sr-only">
        {` ${paymentTexts.historyOf(payment.full_address ?? paymentTexts.noAddress, euro(payment.amount_cents), formatMoment(payment.created_at))}`}
      </span>
    </button>
  );
}

/** A payment's history, oldest first: when, through which path, the status the provider gave, and whether it changed the payment. */
function PaymentHistory({ payment, id }: { payment: TStaffPayment; id: string }) {
  return (
    <div id={id} className="flex flex-col gap-3" data-testid="payment-history">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-700">{paymentTexts.provider}</dt>
        <dd className="font-medium text-slate-900">{paymentProviderLabel(payment.provider)}</dd>
        <dt className="text-slate-700">{paymentTexts.reference}</dt>
        <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{payment.provider_payment_id}</dd>
        <dt className="text-slate-700">{paymentTexts.description}</dt>
        <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{payment.description}</dd>
      </dl>
      {payment.events.length === 0 ? (
        <p className="text-sm text-slate-700">{paymentTexts.noEvents}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-200 rounded-md bg-white ring-1 ring-slate-200" aria-label={paymentTexts.history}>
          {payment.events.map((event, i) => (
            <li key={`${event.at}-${i}`} className="flex flex-col gap-1 px-3 py-2 text-sm lg:flex-row lg:flex-wrap lg:items-center lg:gap-x-4" data-testid="payment-event">
              <time dateTime={event.at} className="font-semibold tabular-nums text-slate-900 lg:w-36" data-part="at">{formatMoment(event.at)}</time>
              <span className="text-slate-900 lg:w-72" data-part="source">{paymentEventSourceLabels[event.source]}</span>
              {/* on a phone the status and its effect share a line; on a wide screen each is a column */}
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 lg:contents">
                <span className="lg:w-40" data-part="status"><PaymentStatusBadge status={event.status} /></span>
                <span className={event.applied ? 'font-medium text-slate-900' : 'text-slate-700'} data-part="applied">{event.applied ? paymentTexts.applied : paymentTexts.notApplied}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

type RowProps = { payment: TStaffPayment; open: boolean; onToggle: () => void };

/** One payment as table rows: its figures, and below them its history when opened. */
function PaymentRows({ payment, open, onToggle }: RowProps) {
  const panelId = useId();
  const cell = 'px-3 py-3 align-top';
  return (
    <tbody className="border-t border-slate-200" data-testid="payment">
      <tr>
        <th scope="row" className={`${cell} text-left font-semibold text-slate-900 [overflow-wrap:anywhere]`}>{payment.full_address ?? paymentTexts.noAddress}</th>
        <td className={`${cell} text-slate-900 [overflow-wrap:anywhere]`}>{payment.form.name}</td>
        <td className={`${cell} whitespace-nowrap text-right font-semibold tabular-nums text-slate-900`}>{euro(payment.amount_cents)}</td>
        <td className={cell}><PaymentStatus payment={payment} /></td>
        <td className={`${cell} whitespace-nowrap tabular-nums text-slate-900`}>{formatMoment(payment.created_at)}</td>
        <td className={`${cell} whitespace-nowrap tabular-nums text-slate-900`}><PaidAt payment={payment} /></td>
        <td className={`${cell} text-right`}><HistoryToggle payment={payment} open={open} panelId={panelId} onToggle={onToggle} /></td>
      </tr>
      {open && (
        <tr>
          <td colSpan={7} className="bg-slate-50 px-3 pb-4 pt-1">
            <PaymentHistory payment={payment} id={panelId} />
          </td>
        </tr>
      )}
    </tbody>
  );
}

/** One payment as a card (phones and tablets): the address as its heading, the figures as a list of terms. */
function PaymentCard({ payment, open, onToggle }: RowProps) {
  const panelId = useId();
  const headingId = useId();
  const item = 'flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-slate-100 py-1.5';
  return (
    <li>
      <article aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="payment">
        <h2 id={headingId} className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">{payment.full_address ?? paymentTexts.noAddress}</h2>
        <dl className="flex flex-col text-sm">
          <div className={item}>
            <dt className="text-slate-700">{paymentTexts.form}</dt>
            <dd className="text-right font-medium text-slate-900 [overflow-wrap:anywhere]">{payment.form.name}</dd>
          </div>
          <div className={item}>
            <dt className="text-slate-700">{paymentTexts.amount}</dt>
            <dd className="font-semibold tabular-nums text-slate-900">{euro(payment.amount_cents)}</dd>
          </div>
          <div className={item}>
            <dt className="text-slate-700">{paymentTexts.status}</dt>
            <dd><PaymentStatus payment={payment} /></dd>
          </div>
          <div className={item}>
            <dt className="text-slate-700">{paymentTexts.createdAt}</dt>
            <dd className="tabular-nums text-slate-900">{formatMoment(payment.created_at)}</dd>
          </div>
          <div className={`${item} border-b-0`}>
            <dt className="text-slate-700">{paymentTexts.paidAt}</dt>
            <dd className="tabular-nums text-slate-900"><PaidAt payment={payment} /></dd>
          </div>
        </dl>
        <div className="self-start"><HistoryToggle payment={payment} open={open} panelId={panelId} onToggle={onToggle} /></div>
        {open && <div className="rounded-md bg-slate-50 p-3"><PaymentHistory payment={payment} id={panelId} /></div>}
      </article>
    </li>
  );
}

/**
 * Staff's list of a project's online payments, newest first, a page at a time: address, form, amount,
 * status, when made and when paid, and per payment its history behind a disclosure. A table on wide
 * screens, a card per payment on narrower ones; which histories are open survives the switch.
 */
export function PartnerPayments({ projectId }: { projectId: number }) {
  const payments = useInfiniteQuery(paymentQueries.partner(projectId));
  const wide = useMediaQuery(TABLE_WIDTH);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const list = payments.data?.pages.flatMap((page) => page.data) ?? [];
  const doublePaidForms = new Set(list.filter((p) => p.double_paid).map((p) => p.entry_id)).size;

  if (payments.isPending) return <Loading label={paymentTexts.loading} />;
  if (payments.isError && !list.length) return <ErrorState error={payments.error} retry={() => void payments.refetch()} />;
  if (!list.length) return <EmptyState>{paymentTexts.empty}</EmptyState>;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{paymentTexts.intro}</p>
      {doublePaidForms > 0 && <Banner tone="warning" title={paymentTexts.doublePaidTitle(doublePaidForms)}>{paymentTexts.doublePaidNotice}</Banner>}
      {wide ? (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{paymentTexts.listLabel}</caption>
            <thead className="bg-slate-50 text-left text-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">{paymentTexts.address}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{paymentTexts.form}</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">{paymentTexts.amount}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{paymentTexts.status}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{paymentTexts.createdAt}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{paymentTexts.paidAt}</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">{paymentTexts.history}</th>
              </tr>
            </thead>
            {list.map((payment) => (
              <PaymentRows key={payment.id} payment={payment} open={opened.has(payment.id)} onToggle={() => toggle(payment.id)} />
            ))}
          </table>
        </div>
      ) : (
        <ul aria-label={paymentTexts.listLabel} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {list.map((payment) => (
            <PaymentCard key={payment.id} payment={payment} open={opened.has(payment.id)} onToggle={() => toggle(payment.id)} />
          ))}
        </ul>
      )}
      {payments.hasNextPage && (
        <LoadMoreButton label={paymentTexts.more} busy={payments.isFetchingNextPage} failed={payments.isFetchNextPageError} onLoad={() => void payments.fetchNextPage()} />
      )}
    </div>
  );
}
