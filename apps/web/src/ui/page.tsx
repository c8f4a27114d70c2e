import { useEffect, type ReactNode } from 'react';

/** A page with its title as the document title and the one h1. */
export function Page({ title, children, actions, narrow }: { title: string; children: ReactNode; actions?: ReactNode; narrow?: boolean }) {
  useEffect(() => {
    document.title = `${title} | Bewonersportaal`;
  }, [title]);
  return (
    <div className={`mx-auto w-full ${narrow ? 'max-w-md' : 'max-w-[1440px]'} px-4 py-6 sm:px-6`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}>{children}</div>;
}
