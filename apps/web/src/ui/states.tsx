import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { Banner } from './banner';
import { Button } from './button';

export function Loading({ label = 'Bezig met laden…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-3 p-6 text-slate-700">
      <span className="size-5 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" aria-hidden="true" />
      {label}
    </div>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof ApiError && error.status === 404 ? 'Deze gegevens zijn niet gevonden.' : 'De gegevens konden niet worden geladen.';
  return (
    <div className="flex flex-col gap-3 p-2">
      <Banner tone="error" title="Er ging iets mis">{message}</Banner>
      {retry && <Button variant="secondary" className="self-start" onClick={retry}>Opnieuw proberen</Button>}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">{children}</p>;
}
