import type { ReactNode } from 'react';
import type { FormError } from '../../lib/form-errors';
import { ContentPageLayout } from '../../ui/console-content-layout';
import { ItemEditForm, itemPending, type ItemEditor } from '../../ui/console-edit-form';

/** A titled card of a console page (a form, a list). */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A logo or avatar beside a list row: a small image, or an empty square. */
export function Thumbnail({ url, alt }: { url: string | null; alt: string }) {
  if (!url) return <span className="size-12 shrink-0 rounded-md bg-slate-100 ring-1 ring-slate-200" aria-hidden="true" />;
  return <img src={url} alt={alt} className="size-12 shrink-0 rounded-md bg-white object-contain ring-1 ring-slate-200" />;
}

type EditFormProps = {
  editor: ItemEditor;
  /** The module's list title (the breadcrumb back) and the page title. */
  listTitle: string;
  title: string;
  /** What the delete question names. */
  what: string;
  errors: FormError[];
  children: ReactNode;
};

/** The edit page of an item: breadcrumbs back to its list, the error summary, the fields, Save and Delete (asked first). */
export function EditForm({ editor, listTitle, title, what, errors, children }: EditFormProps) {
  const parent = { href: editor.listHref, label: listTitle };
  const body = itemPending(editor) ?? <ItemEditForm editor={editor} errors={errors} what={what} className="max-w-3xl">{children}</ItemEditForm>;
  return <ContentPageLayout projectId={editor.projectId} title={title} parent={parent}>{body}</ContentPageLayout>;
}

/** Two fields beside each other from 640 px, one under the other on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}
