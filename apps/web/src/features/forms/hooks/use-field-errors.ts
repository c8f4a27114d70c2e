import { useState } from 'react';
import { serverFieldErrors, type FormError } from '../../../lib/form-errors';
import { useErrorSummary } from '../../../ui/error-summary';

/**
 * The messages of a step's small form with several fields (a count and a name per signer), kept by field
 * name, with the error summary's focus. `show` puts found problems there (none: clears them) and answers
 * whether there were any; `showServerError` does the same with a 422's field messages and answers whether
 * the failure named a field.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { focusKey, focusSummary } = useErrorSummary();
  const show = (found: FormError[]): boolean => {
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
    if (found.length) focusSummary();
    return found.length > 0;
  };
  const showServerError = (failure: unknown): boolean => {
    const fields = serverFieldErrors(failure);
    return fields.length > 0 && show(fields);
  };
  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);
  return { errors, show, showServerError, clear, focusKey };
}
