import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useErrorSummary } from '../../../ui/error-summary';
import { toast } from '../../../ui/toaster';

/**
 * One field's error message of a step's small form (a count, a mobile number, e-mail addresses), with
 * the error summary's focus. `showServerError` puts the first field message of a refused save there
 * and focuses the summary; it answers whether the failure named a field. `showProblem` does the same
 * for a problem found in the browser (null: none), with a toast when given its text.
 */
export function useFieldError() {
  const [error, setError] = useState<string | undefined>();
  const { focusKey, focusSummary } = useErrorSummary();
  const showServerError = (failure: unknown): boolean => {
    const fields = serverFieldErrors(failure);
    if (!fields.length) return false;
    setError(fields[0]!.message);
    focusSummary();
    return true;
  };
  const showProblem = (problem: string | null, toastText?: string): boolean => {
    setError(problem ?? undefined);
    if (!problem) return false;
    if (toastText) toast(toastText, 'error');
    focusSummary();
    return true;
  };
  return { error, setError, focusKey, showServerError, showProblem };
}
