import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Button } from '../../ui/button';
import { ContentPageLayout, DeleteButton } from '../../ui/console-content-layout';
import { ErrorSummary } from '../../ui/error-summary';
import { ErrorState, Loading } from '../../ui/states';
import type { FormError } from '../../lib/form-errors';
import { contentTexts } from './texts';

/** What the layout needs of useItemEditor's answer. */
type Editor = {
  isNew: boolean;
  projectId: number;
  listHref: string;
  item: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  summary: { focusKey: number };
  save: { isPending: boolean };
  remove: { isPending: boolean; mutate: () => void };
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
};

type Props = {
  editor: Editor;
  /** 'Nieuwsbericht', 'Vraag'. */
  itemName: string;
  newTitle: string;
  listTitle: string;
  /** The saved item's title (for the page title and the delete question). */
  savedTitle: string | undefined;
  errors: FormError[];
  preview: ReactNode;
  children: ReactNode;
};

/**
 * The edit page of a content item: breadcrumbs back to the list, the error summary, the form's fields,
 * Save and Delete (with a question first), and beside the form (below it on a phone) the preview.
 */
export function ItemEditLayout({ editor, itemName, newTitle, listTitle, savedTitle, errors, preview, children }: Props) {
  const title = editor.isNew ? newTitle : savedTitle ? `${itemName}: ${savedTitle}` : itemName;
  const parent = { href: editor.listHref, label: listTitle };
  if (!editor.isNew && editor.item.isPending) return <ContentPageLayout projectId={editor.projectId} title={itemName} parent={parent}><Loading /></ContentPageLayout>;
  if (!editor.isNew && editor.item.isError) {
    return <ContentPageLayout projectId={editor.projectId} title={itemName} parent={parent}><ErrorState error={editor.item.error} retry={() => void editor.item.refetch()} /></ContentPageLayout>;
  }
  return (
    <ContentPageLayout projectId={editor.projectId} title={title} parent={parent}>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <form noValidate onSubmit={(e) => void editor.submit(e)} className="flex flex-col gap-5 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <ErrorSummary errors={errors} focusKey={editor.summary.focusKey} />
          {children}
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
            <Button type="submit" busy={editor.save.isPending}>{contentTexts.save}</Button>
            {!editor.isNew && <DeleteButton what={savedTitle ?? itemName} busy={editor.remove.isPending} onDelete={() => editor.remove.mutate()} />}
          </div>
        </form>
        <div className="lg:sticky lg:top-4">{preview}</div>
      </div>
    </ContentPageLayout>
  );
}
