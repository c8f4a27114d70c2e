import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Loading } from '../../../ui/states';
import { toastError } from '../../../ui/toaster';
import { choiceApi } from './api';
import { choiceTexts } from './texts';

/**
 * Straight to the checkout (spec 4.3): asks the server for the payment link (a new payment of the
 * amount fixed on the server, or the open one) and leaves for it. `before` runs first when given (the
 * summary is completed, then paid: 'Naar betaling' on an unlocked summary).
 */
export function usePayRedirect(formId: number) {
  const [leaving, setLeaving] = useState(false);
  const pay = useMutation({
    mutationFn: async (before?: () => Promise<unknown>) => {
      if (before) await before();
      return choiceApi.pay(formId);
    },
    onSuccess: (answer) => {
      setLeaving(true);
      window.location.assign(answer.mollie_url);
    },
    onError: (failure) => toastError(failure, choiceTexts.paymentUnavailable),
  });
  return { start: (before?: () => Promise<unknown>) => pay.mutate(before), pending: pay.isPending, leaving };
}

/** 'Naar betaling': one click to the checkout, never a second on the Betalen step. */
export function PayButton({ formId, className = 'self-start', disabled }: { formId: number; className?: string; disabled?: boolean }) {
  const { start, pending, leaving } = usePayRedirect(formId);
  if (leaving) return <Loading label={choiceTexts.payRedirecting} />;
  return <Button className={className} busy={pending} disabled={disabled} onClick={() => start()}>{choiceTexts.toPayment}</Button>;
}
