import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { choiceStyles, FieldErrorText } from './field';

/**
 * A group of radio buttons with a legend; its error is tied to every option (aria-describedby) so a
 * screen reader hears it on the option in focus.
 */
export function RadioGroup({ legend, error, required, children, className = '', legendClassName = '' }: {
  legend: ReactNode;
  error?: string;
  required?: boolean;
  children: (props: { describedBy: string | undefined; invalid: boolean | undefined }) => ReactNode;
  className?: string;
  legendClassName?: string;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className={`flex flex-col gap-2 ${className}`}>
      <legend className={`mb-1 text-sm font-medium text-slate-800 ${legendClassName}`}>
        {legend}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {children({ describedBy: error ? errorId : undefined, invalid: error ? true : undefined })}
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </fieldset>
  );
}

/** One option of a RadioGroup: a radio button in the brand colour with its label, a large touch target. */
export function RadioOption({ label, id, className = '', ...props }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={`${choiceStyles.row} ${className}`}>
      <input id={inputId} type="radio" className={choiceStyles.input} {...props} />
      <label htmlFor={inputId} className={choiceStyles.label}>{label}</label>
    </div>
  );
}
