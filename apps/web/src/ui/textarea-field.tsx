import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { controlBorder, LabelledField } from './field';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode; required?: boolean };

/** A labelled textarea (the spec's 4 rows unless told; the chat uses 3); its error is tied to it and announced. */
export function TextAreaField({ label, error, hint, required, id, rows = 4, className, ...props }: TextAreaProps) {
  return (
    <LabelledField label={label} error={error} hint={hint} required={required} id={id} className={className}>
      {(control) => (
        <textarea {...control} rows={rows} className={`resize-y rounded-md border bg-white px-3 py-2 text-base shadow-sm ${controlBorder(error)}`} {...props} />
      )}
    </LabelledField>
  );
}
