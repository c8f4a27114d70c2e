import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { fillPath, staffContentPaths, type TStaffContentOverview } from '@portal/contract';
import { staffApi } from '../lib/staff-api';
import { Button } from './button';
import { Crumbs } from './crumbs';
import { Dialog } from './dialog';
import type { RichTextEditorProps } from './rich-text-editor';
import { Page } from './page';

/**
 * Shared pieces of the console's content pages (console-content and the other content features):
 * the page with its way back to the project's content overview, the overview's data, the lazily loaded
 * rich text editor and a delete button that asks first.
 */

/** Console paths (relative to /beheer) of a project's content. */
export const consoleContentPaths = {
  overview: (projectId: number) => `/projecten/${projectId}/inhoud`,
  module: (projectId: number, slug: string) => `/projecten/${projectId}/inhoud/${slug}`,
  item: (projectId: number, slug: string, id: number | 'nieuw') => `/projecten/${projectId}/inhoud/${slug}/${id}`,
} as const;

/** The overview of a project's content (name, module_18_name, partners); shared by every content page. */
export const contentOverviewQuery = (projectId: number) => ({
  queryKey: ['staff', 'content', projectId, 'overview'] as const,
  queryFn: () => staffApi<TStaffContentOverview>(fillPath(staffContentPaths.overview, { projectId })),
});
export function useContentOverview(projectId: number) {
  return useQuery(contentOverviewQuery(projectId));
}

type LayoutProps = {
  projectId: number;
  /** The page's h1 (and document title). */
  title: string;
  /** A step between the overview and this page: the module's list when this is an item. */
  parent?: { href: string; label: string };
  actions?: ReactNode;
  /** The overview itself: its crumbs end at the project list. */
  isOverview?: boolean;
  children: ReactNode;
};

/** A content page of the console: breadcrumbs (Projecten › project › Inhoud › module) and the title. */
export function ContentPageLayout({ projectId, title, parent, actions, isOverview, children }: LayoutProps) {
  const overview = useContentOverview(projectId);
  const crumbs = [
    { href: '/projecten', label: 'Projecten' },
    ...(isOverview ? [] : [{ href: consoleContentPaths.overview(projectId), label: overview.data ? `Inhoud van ${overview.data.project.name}` : 'Inhoud' }]),
    ...(parent ? [parent] : []),
  ];
  return (
    <Page title={title} actions={actions}>
      <Crumbs crumbs={crumbs} current={title} />
      {children}
    </Page>
  );
}

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The rich text editor, loaded when a form needs it (TipTap is a chunk of its own). */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className="flex flex-col gap-1"><p className="text-sm font-medium text-slate-800">{props.label}</p><div className="min-h-56 animate-pulse rounded-md border border-slate-300 bg-slate-50" /></div>}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

export const deleteTexts = {
  button: 'Verwijderen',
  title: 'Verwijderen?',
  body: (what: string) => `Weet u zeker dat u ‘${what}’ wilt verwijderen? Dit kan niet ongedaan worden gemaakt.`,
  confirm: 'Ja, verwijderen',
  cancel: 'Annuleren',
} as const;

/** A delete button that asks in a dialog first. */
export function DeleteButton({ what, onDelete, busy }: { what: string; onDelete: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} busy={busy}>{deleteTexts.button}</Button>
      <Dialog open={open} title={deleteTexts.title} onClose={() => setOpen(false)}>
        <p>{deleteTexts.body(what)}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>{deleteTexts.cancel}</Button>
          <Button variant="danger" onClick={() => {
            setOpen(false);
            onDelete();
          }}>{deleteTexts.confirm}</Button>
        </div>
      </Dialog>
    </>
  );
}
