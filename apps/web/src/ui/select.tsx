import type { SelectHTMLAttributes } from 'react';
import { controlBorder } from './field';

/**
 * Every dropdown: the browser's own <select> (its list, keyboard and screen-reader support), drawn like
 * the text inputs with a chevron in the brand colour; the global focus outline shows where focus is.
 * Label it with a <label htmlFor>, or spread a LabelledField's control props onto it.
 */
export function Select({ error, className = '', children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { error?: string }) {
  return (
    <div className={`relative min-w-0 ${className}`}>
      <select
        className={`min-h-11 w-full min-w-0 cursor-pointer appearance-none rounded-md border bg-white py-2 pl-3 pr-10 text-base text-slate-900 shadow-sm disabled:cursor-not-allowed disabled:bg-slate-100 ${controlBorder(error)}`}
        aria-invalid={error ? true : undefined}
        {...props}
      >
        {children}
      </select>
      <svg viewBox="0 0 20 20" aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-brand" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}

/** A list's filter: a labelled dropdown with an 'all' choice (value '') before the given options. */
export function FilterSelect<T extends string>({ id, label, value, onChange, allLabel, options }: {
  id: string; label: string; value: T | ''; onChange: (value: T | '') => void; allLabel: string; options: ReadonlyArray<readonly [T, string]>;
}) {
  return (
    <div className="flex min-w-48 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as T | '')}>
        <option value="">{allLabel}</option>
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </Select>
    </div>
  );
}
