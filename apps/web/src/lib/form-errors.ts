import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** One message of a form's error summary: the field (the `name` of its input) and what is wrong with it. */
export type FormError = { field: string; message: string };

/** The per-field messages of a 422 (`{ message, errors: [{ field, message }] }`); none for any other failure. */
export function serverFieldErrors(error: unknown): FormError[] {
  return error instanceof ApiError && error.status === 422 ? (error.body.errors ?? []) : [];
}

/**
 * Puts the per-field messages of a 422 on the form's own fields (the first message of each). Returns
 * whether any landed: when none did, the failure is not about these fields and the form shows it whole.
 */
export function setServerErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  const placed = new Set<string>();
  for (const { field, message } of serverFieldErrors(error)) {
    if (placed.has(field) || !(fields as readonly string[]).includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message });
    placed.add(field);
  }
  return placed.size > 0;
}

/** react-hook-form's errors as the summary lists them: in the order of the form's fields. */
export function formErrors<T extends FieldValues>(errors: FieldErrors<T>, fields: readonly Path<T>[]): FormError[] {
  const byField = errors as Record<string, { message?: unknown } | undefined>;
  return fields.flatMap((field) => {
    const message = byField[field]?.message;
    return typeof message === 'string' && message ? [{ field, message }] : [];
  });
}

/** Messages kept by field name (a hand-kept form's errors) as the summary lists them, in their order. */
export function errorList(errors: Partial<Record<string, string | undefined>>): FormError[] {
  return Object.entries(errors).flatMap(([field, message]) => (message ? [{ field, message }] : []));
}

/**
 * Every message of a form in the order of `fields` (its top-level names), nested ones included
 * ('methods.1.type'): the error summary links each to the input of that name.
 */
export function nestedFormErrors<T extends FieldValues>(errors: FieldErrors<T>, fields: readonly string[]): FormError[] {
  const found: FormError[] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && message) {
      found.push({ field: path, message });
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'type' && key !== 'root') walk(child, `${path}.${key}`);
  };
  for (const field of fields) walk((errors as Record<string, unknown>)[field], field);
  return found;
}

/**
 * The summary's lines naming their question ('Naam: Dit veld is verplicht'; after a label that ends in '?'
 * or ':' without another colon), as GOV.UK's error summary does: a bare 'Dit veld is verplicht' does not
 * say which field. The field itself shows the message only. `labels` by field name; unnamed fields as they are.
 */
export function namedErrors(errors: readonly FormError[], labels: ReadonlyMap<string, string>): FormError[] {
  return errors.map(({ field, message }) => {
    const label = labels.get(field)?.trim();
    if (!label) return { field, message };
    return { field, message: /[?:]$/.test(label) ? `${label} ${message}` : `${label}: ${message}` };
  });
}
