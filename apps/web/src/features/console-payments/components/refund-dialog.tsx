import { useMutation, useQueryClient } from '@tanstack/react-query';
import { euro } from '../../../lib/money';
import { useState, type FormEvent } from 'react';
import { parseEuroInput, REFUND_REASON_MAX, type TConsolePaymentDetail } from '@portal/contract';
import { serverFieldErrors, type FormError } from '../../../lib/form-errors';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { RadioGroup, RadioOption } from '../../../ui/radio-group';
import { TextAreaField } from '../../../ui/textarea-field';
import { toast, toastError } from '../../../ui/toaster';
import { paymentApi, paymentKeys } from '../api';
import { paymentTexts } from '../texts';

const texts = paymentTexts.refund;

/** A key for one refund the user means, kept while the dialog is open: a retry after a lost answer refunds once. */
const newKey = () => crypto.randomUUID().replaceAll('-', '');

/** The amount the dialog asks for, checked as the server does; null with the error. */
export function checkRefundAmount(kind: 'full' | 'partial', text: string, remaining: number): { cents: number | null; error?: string } {
  if (kind === 'full') return { cents: null };
  if (!text.trim()) return { cents: null, error: texts.amountRequired };
  const cents = parseEuroInput(text);
  if (cents === null) return { cents: null, error: texts.amountInvalid };
  if (cents < 1) return { cents: null, error: texts.amountTooLow };
  if (cents > remaining) return { cents: null, error: texts.amountTooHigh(euro(remaining)) };
  return { cents };
}

/**
 * Refunds a payment, all of what remains or a part (an amount in euros with a Dutch comma), with a required reason,
 * through the payment provider. The request carries one idempotency key for as long as the dialog is open.
 */
export function RefundDialog({ projectId, payment, onClose }: { projectId: number; payment: TConsolePaymentDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [key] = useState(newKey);
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormError[]>([]);
  const { focusKey, focusSummary } = useErrorSummary();
  const remaining = payment.remaining_cents;

  const refund = useMutation({
    mutationFn: (cents: number | null) =>
      paymentApi.refund(projectId, payment.id, { reason: reason.trim(), idempotency_key: key, ...(cents === null ? {} : { amount_cents: cents }) }),
    onSuccess: async (answer) => {
      toast(paymentTexts.detail.refundedToast(euro(answer.refund.amount_cents)), 'success');
      queryClient.setQueryData(paymentKeys.one(projectId, payment.id), answer.payment);
      await queryClient.invalidateQueries({ queryKey: paymentKeys.project(projectId) });
      onClose();
    },
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors.length) {
        setErrors(fieldErrors);
        focusSummary();
      } else toastError(error, paymentTexts.failed);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRefundAmount(kind, amount, remaining);
    const found: FormError[] = [];
    if (checked.error) found.push({ field: 'amount_cents', message: checked.error });
    if (!reason.trim()) found.push({ field: 'reason', message: texts.reasonRequired });
    setErrors(found);
    if (found.length) return focusSummary();
    refund.mutate(checked.cents);
  };
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;

  return (
    <Dialog open title={texts.title} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorSummary errors={errors} focusKey={focusKey} headingLevel={3} />
        <p>{texts.intro(euro(remaining))}</p>
        <RadioGroup legend={texts.kind}>
          {({ describedBy }) => (
            <>
              <RadioOption name="refund-kind" value="full" label={texts.full(euro(remaining))} checked={kind === 'full'} onChange={() => setKind('full')} aria-describedby={describedBy} />
              <RadioOption name="refund-kind" value="partial" label={texts.partial} checked={kind === 'partial'} onChange={() => setKind('partial')} aria-describedby={describedBy} />
            </>
          )}
        </RadioGroup>
        {kind === 'partial' && (
          <TextField id="amount_cents" name="amount_cents" label={texts.amount} hint={texts.amountHint} required inputMode="decimal" autoComplete="off"
            value={amount} onChange={(e) => setAmount(e.target.value)} error={errorOf('amount_cents')} maxLength={20} />
        )}
        {kind === 'full' && errorOf('amount_cents') && <p className="text-sm text-red-800">{errorOf('amount_cents')}</p>}
        <TextAreaField id="reason" name="reason" label={texts.reason} hint={texts.reasonHint} required rows={3} maxLength={REFUND_REASON_MAX}
          value={reason} onChange={(e) => setReason(e.target.value)} error={errorOf('reason')} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{texts.cancel}</Button>
          <Button type="submit" variant="danger" busy={refund.isPending}>{texts.submit}</Button>
        </div>
      </form>
    </Dialog>
  );
}
