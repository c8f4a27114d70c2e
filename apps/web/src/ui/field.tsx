import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode; required?: boolean };

/** A labelled input; its error is tied to it with aria-describedby and announced. */
export function TextField({ label, error, hint, required, id, className = '', ...props }: FieldProps) {
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
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={`min-h-11 rounded-md border bg-white px-3 py-2 text-base shadow-sm ${error ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-400'}`}
        {...props}
      />
      {hint && <p id={hintId} className="text-xs text-slate-600">{hint}</p>}
      {error && <p id={errorId} className="text-sm text-red-700">{error}</p>}
    </div>
  );
}

export function Checkbox({ label, error, id, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input id={inputId} type="checkbox" className="mt-1 size-5" aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} {...props} />
        <label htmlFor={inputId} className="text-sm text-slate-800">{label}</label>
      </div>
      {error && <p id={`${inputId}-error`} className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
