import type { ReactNode } from 'react';
import { controlBorder, FieldErrorText } from './field';

/*
 * The frame of a question in a questionnaire (surveys, forms): a larger label than a settings form's,
 * the input, its hint and its error, red when invalid. A field is named by its key in the answer
 * ('values.kleur'): its inputs carry that as their name (so that the error summary and a 422 find
 * them), and the DOM ids are derived from it.
 */

/** The DOM id of a field ('values.kleur' -> 'field-values-kleur'). */
export const fieldDomId = (field: string) => `field-${field.replace(/[^A-Za-z0-9_-]/g, '-')}`;
export const errorDomId = (field: string) => `${fieldDomId(field)}-error`;
export const hintDomId = (field: string) => `${fieldDomId(field)}-hint`;

/** ' *' after the label of a required field; screen readers hear 'verplicht' (or the input's own aria-required). */
export function RequiredMark({ spoken }: { spoken?: boolean }) {
  return (
    <>
      <span aria-hidden="true" className="text-red-700"> *</span>
      {spoken && <span className="sr-only"> (verplicht)</span>}
    </>
  );
}

export function FieldError({ field, error }: { field: string; error?: string }) {
  if (!error) return null;
  return <FieldErrorText id={errorDomId(field)}>{error}</FieldErrorText>;
}

/** aria-describedby for an input: its hint and its error, when there are. */
export function describedBy(field: string, parts: { hint?: boolean; error?: string }): string | undefined {
  return [parts.error ? errorDomId(field) : null, parts.hint ? hintDomId(field) : null].filter(Boolean).join(' ') || undefined;
}

const frame = (error?: string) => (error ? 'border-red-700 bg-red-50/40 ring-1 ring-red-700' : 'border-slate-200');

/**
 * A group of inputs (radio buttons, check boxes, a scale) under one legend; red when invalid. The
 * fieldset carries the field's id so that an error can bring focus to its first input.
 */
export function FieldGroup({ field, label, required, error, hint, children }: { field: string; label: ReactNode; required?: boolean; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset id={fieldDomId(field)} aria-describedby={describedBy(field, { hint: !!hint, error })} className={`flex min-w-0 flex-col gap-3 rounded-md border p-3 sm:p-4 ${frame(error)}`}>
      <legend className="px-1 text-base font-semibold text-slate-900">
        {label}
        {required && <RequiredMark spoken />}
      </legend>
      {hint && <p id={hintDomId(field)} className="text-sm text-slate-700">{hint}</p>}
      {children}
      <FieldError field={field} error={error} />
    </fieldset>
  );
}

/** One labelled input (text, textarea, dropdown, file) with its hint and error. */
export function FieldSingle({ field, label, required, error, hint, children, after }: { field: string; label: ReactNode; required?: boolean; error?: string; hint?: ReactNode; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldDomId(field)} className="text-base font-semibold text-slate-900">
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {after}
      {hint && <p id={hintDomId(field)} className="text-sm text-slate-700">{hint}</p>}
      <FieldError field={field} error={error} />
    </div>
  );
}

export const inputClass = (error?: string) => `min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm ${controlBorder(error)}`;
