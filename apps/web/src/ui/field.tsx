import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** What ties a control to its label, hint and error; spread it onto the input, textarea or select. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

type LabelledFieldProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** The control's id; a generated one without it. */
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

/**
 * A label (' *' when required), one control, its hint and its error. The control gets the ids that tie
 * them together: its error and hint through aria-describedby, so that they are announced with it.
 */
export function LabelledField({ label, error, hint, required, id, className = '', children }: LabelledFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      {hint && <p id={hintId} className="text-xs text-slate-600">{hint}</p>}
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </div>
  );
}

/** The message at a field (the error summary repeats it as a link to the field). */
export function FieldErrorText({ id, children }: { id: string; children: ReactNode }) {
  return <p id={id} data-field-error="" className="text-sm font-medium text-red-700">{children}</p>;
}

/** A control's border: red with a ring when it is invalid. */
export const controlBorder = (error?: string) => (error ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-400');

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode; required?: boolean };

/** A labelled input; its error is tied to it with aria-describedby and announced. */
export function TextField({ label, error, hint, required, id, className, ...props }: FieldProps) {
  return (
    <LabelledField label={label} error={error} hint={hint} required={required} id={id} className={className}>
      {(control) => (
        <input {...control} className={`min-h-11 rounded-md border bg-white px-3 py-2 text-base shadow-sm ${controlBorder(error)}`} {...props} />
      )}
    </LabelledField>
  );
}

/**
 * The look of every check box and radio button: the brand colour when chosen (accent-color), the global
 * focus outline, and a label as tall as a 44 px touch target that aligns with the box on its first line.
 */
export const choiceStyles = {
  row: 'flex items-start gap-3',
  input: 'mt-3 size-5 shrink-0 cursor-pointer accent-brand disabled:cursor-not-allowed',
  label: 'cursor-pointer py-2.5 text-base leading-6 text-slate-900',
} as const;

/** A check box with its label (and its own error, e.g. terms that must be accepted). */
export function Checkbox({ label, error, id, className = '', ...props }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={`flex flex-col ${className}`}>
      <div className={choiceStyles.row}>
        <input id={inputId} type="checkbox" className={choiceStyles.input} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...props} />
        <label htmlFor={inputId} className={choiceStyles.label}>{label}</label>
      </div>
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </div>
  );
}
