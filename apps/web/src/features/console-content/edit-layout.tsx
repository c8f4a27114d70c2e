import type { ReactNode } from 'react';
import type { FormError } from '../../lib/form-errors';
import { ContentPageLayout } from '../../ui/console-content-layout';
import { ItemEditForm, itemPending, type ItemEditor } from '../../ui/console-edit-form';

type Props = {
  editor: ItemEditor;
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
  const pending = itemPending(editor);
  if (pending) return <ContentPageLayout projectId={editor.projectId} title={itemName} parent={parent}>{pending}</ContentPageLayout>;
  return (
    <ContentPageLayout projectId={editor.projectId} title={title} parent={parent}>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ItemEditForm editor={editor} errors={errors} what={savedTitle ?? itemName}>{children}</ItemEditForm>
        <div className="lg:sticky lg:top-4">{preview}</div>
      </div>
    </ContentPageLayout>
  );
}
