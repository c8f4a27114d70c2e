import { useEffect, type ReactNode } from 'react';
import { t } from '../texts';

/** The frame of the console's own login, enrolment and password screens: a card on a plain page. */
export function ConsoleAuthFrame({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  useEffect(() => {
    document.title = `${title} | ${t.consoleName}`;
  }, [title]);
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-100 px-4 py-8 sm:py-16">
      <div className={`w-full ${wide ? 'max-w-xl' : 'max-w-md'}`}>
        <p className="mb-4 text-center text-sm font-semibold uppercase tracking-wide text-slate-700">{t.consoleName}</p>
        <div className="rounded-lg bg-white p-6 shadow-md ring-1 ring-slate-200 sm:p-8">
          <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
