import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { FormError } from '../../lib/form-errors';

/**
 * Every message of a form, nested ones included ('indicators.1.value'), in the order of `fields` (the
 * top-level names): the error summary links each to its field by that name.
 */
export function allFormErrors<T extends FieldValues>(errors: FieldErrors<T>, fields: readonly string[]): FormError[] {
  const found: FormError[] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && message) {
      found.push({ field: path, message });
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'type') walk(child, `${path}.${key}`);
  };
  for (const field of fields) walk((errors as Record<string, unknown>)[field], field);
  return found;
}
