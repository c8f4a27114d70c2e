import type { ReactNode } from 'react';
import { BackLink } from './button';
import { Page } from './page';

/** A module page: its title (the page's h1) and the way back to the dashboard. */
export function ModulePage({ title, backTo, children, actions }: { title: string; backTo: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Page
      title={title}
      actions={
        // With actions of its own the row becomes a column of equal buttons on a phone, lined up under the title.
        <div className={actions ? 'grid w-full grid-cols-1 gap-2 sm:flex sm:w-auto sm:flex-wrap sm:items-center' : 'flex flex-wrap items-center gap-2'} data-testid="page-actions">
          {actions}
          <BackLink to={backTo}>Terug naar dashboard</BackLink>
        </div>
      }
    >
      {children}
    </Page>
  );
}
