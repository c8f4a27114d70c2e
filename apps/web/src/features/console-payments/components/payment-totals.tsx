import { type TStaffPaymentTotals } from '@portal/contract';
import { euro } from '../../../lib/money';
import { paymentStatusLabels, paymentTexts } from '../texts';

const texts = paymentTexts.totals;

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-300 bg-white p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {note && <dd className="text-sm text-slate-700">{note}</dd>}
    </div>
  );
}

const cell = 'px-2 py-1 text-left';
const num = 'px-2 py-1 text-right tabular-nums whitespace-nowrap';
/** The refunded column from 640 px on: on a phone the figures above hold the refunded total. */
const wide = 'hidden sm:table-cell';

/** Totals of the payments that match the filters: the paid ones' money, and counts and sums per status and per form. */
export function PaymentTotals({ totals, onShowDouble }: { totals: TStaffPaymentTotals; onShowDouble: () => void }) {
  return (
    <section aria-labelledby="payment-totals" className="mb-6 flex flex-col gap-4">
      <h2 id="payment-totals" className="text-lg font-semibold">{texts.heading}</h2>
      {totals.double_paid > 0 && (
        <p role="status" className="rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {texts.double(totals.double_paid)}{' '}
          <button type="button" className="font-medium underline" onClick={onShowDouble}>{texts.showDouble}</button>
        </p>
      )}
      <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        <Figure label={texts.received} value={euro(totals.paid.amount_cents)} note={texts.paidCount(totals.paid.count)} />
        <Figure label={texts.refunded} value={euro(totals.paid.refunded_cents)} />
        <Figure label={texts.chargedBack} value={euro(totals.paid.charged_back_cents)} />
        <Figure label={texts.net} value={euro(totals.paid.net_cents)} />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <table className="w-full border-collapse text-sm">
            <caption className="mb-1 text-left font-semibold">{texts.perStatus}</caption>
            <thead><tr className="border-b border-slate-300">
              <th scope="col" className={cell}>{texts.statusColumn}</th><th scope="col" className={num}>{texts.countColumn}</th>
              <th scope="col" className={num}>{texts.amountColumn}</th><th scope="col" className={`${num} ${wide}`}>{texts.refundedColumn}</th>
            </tr></thead>
            <tbody>
              {totals.by_status.map((s) => (
                <tr key={s.status} className="border-b border-slate-200">
                  <th scope="row" className={`${cell} font-normal`}>{paymentStatusLabels[s.status]}</th><td className={num}>{s.count}</td>
                  <td className={num}>{euro(s.amount_cents)}</td><td className={`${num} ${wide}`}>{euro(s.refunded_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <table className="w-full border-collapse text-sm">
            <caption className="mb-1 text-left font-semibold">{texts.perForm}</caption>
            <thead><tr className="border-b border-slate-300">
              <th scope="col" className={cell}>{texts.formColumn}</th><th scope="col" className={num}>{texts.countColumn}</th>
              <th scope="col" className={num}>{texts.paidColumn}</th><th scope="col" className={`${num} ${wide}`}>{texts.refundedColumn}</th>
            </tr></thead>
            <tbody>
              {totals.by_form.map((f) => (
                <tr key={f.form.id} className="border-b border-slate-200">
                  <th scope="row" className={`${cell} font-normal`}>{f.form.name}</th><td className={num}>{f.count}</td>
                  <td className={num}>{euro(f.paid_cents)}</td><td className={`${num} ${wide}`}>{euro(f.refunded_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
