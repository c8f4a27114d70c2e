import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
const styles: Record<Variant, string> = {
  primary: 'bg-brand text-on-brand hover:brightness-110',
  secondary: 'bg-white text-slate-900 border border-slate-300 hover:bg-slate-100',
  ghost: 'text-slate-900 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};
const base = 'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 min-h-11 text-sm font-semibold transition disabled:opacity-60 disabled:cursor-not-allowed';

export function Button({ variant = 'primary', className = '', busy, children, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button type="button" className={`${base} ${styles[variant]} ${className}`} disabled={busy || props.disabled} aria-busy={busy || undefined} {...props}>
      {busy && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant = 'primary', className = '', children, to }: { to: string; variant?: Variant; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={`${base} ${styles[variant]} ${className}`}>
      {children}
    </Link>
  );
}

/** The way back from a page (to the dashboard, the list, the menu): a secondary button with a chevron before its text. */
export function BackLink({ to, children, className = '' }: { to: string; children: ReactNode; className?: string }) {
  return (
    <ButtonLink variant="secondary" to={to} className={className}>
      <svg viewBox="0 0 24 24" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M15 18l-6-6 6-6" /></svg>
      {children}
    </ButtonLink>
  );
}
