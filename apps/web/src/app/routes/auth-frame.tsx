import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { projectQueries } from '../../features/projects/api';
import { pageLogo } from '../../lib/page-logo';

/** The frame of the login and account pages: the customer's logo above a card. */
export function AuthFrame({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const customer = useQuery(projectQueries.customer());
  // Until the lookup answers, the logo the page's <head> named (already fetched with the app).
  const logo = customer.data ? (customer.data.logo ? { src: customer.data.logo, name: customer.data.name } : null) : pageLogo();
  useEffect(() => {
    document.title = `${title} | Bewonersportaal`;
  }, [title]);
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-100 px-4 py-8 sm:py-16">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          {logo ? (
            <img src={logo.src} alt={logo.name} className="h-16 w-auto object-contain" />
          ) : (
            <span className="h-16" />
          )}
        </div>
        <div className="rounded-lg bg-white p-6 shadow-md ring-1 ring-slate-200 sm:p-8">
          <h1 className="mb-6 text-2xl font-bold">{title}</h1>
          {children}
        </div>
        {footer && <div className="mt-6">{footer}</div>}
      </div>
    </div>
  );
}
