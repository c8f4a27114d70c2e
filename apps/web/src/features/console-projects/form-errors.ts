import { get, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { serverFieldErrors, type FormError } from '../../lib/form-errors';

/**
 * The error summary's list for forms with nested fields ('notification.text', 'modules.3.display_name'):
 * react-hook-form keeps those errors nested, so they are looked up by path, in the form's order.
 */
export function nestedFormErrors(errors: FieldErrors, fields: readonly string[]): FormError[] {
  return fields.flatMap((field) => {
    const error = get(errors, field) as { message?: unknown; root?: { message?: unknown } } | undefined;
    const message = error?.message ?? error?.root?.message;
    return typeof message === 'string' && message ? [{ field, message }] : [];
  });
}

/**
 * Puts a 422's per-field messages on the form's fields; `toField` maps the server's field to the form's
 * (the form may hold a list differently), null where it has none. Returns whether any landed.
 */
export function placeServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, toField: (field: string) => string | null): boolean {
  const placed = new Set<string>();
  for (const { field, message } of serverFieldErrors(error)) {
    const target = toField(field);
    if (!target || placed.has(target)) continue;
    setError(target as Path<T>, { type: 'server', message });
    placed.add(target);
  }
  return placed.size > 0;
}
