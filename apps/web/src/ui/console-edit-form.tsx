import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FormError } from '../lib/form-errors';
import { Button } from './button';
import { DeleteButton } from './console-content-layout';
import { ErrorSummary } from './error-summary';
import { ErrorState, Loading } from './states';

/** What an item's edit form needs of its page's editor (console-content's useItemEditor, console-content-b's useEditPage). */
export type ItemEditor = {
  isNew: boolean;
  projectId: number;
  listHref: string;
  item: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  summary: { focusKey: number };
  save: { isPending: boolean };
  remove: { isPending: boolean; mutate: () => void };
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
};

export const editFormTexts = { save: 'Opslaan' } as const;

/** The page's body while a saved item loads or could not be loaded; null once it is there (and for a new item). */
export function itemPending(editor: ItemEditor): ReactNode {
  if (editor.isNew) return null;
  if (editor.item.isPending) return <Loading />;
  if (editor.item.isError) return <ErrorState error={editor.item.error} retry={() => void editor.item.refetch()} />;
  return null;
}

type Props = {
  editor: ItemEditor;
  errors: FormError[];
  /** What the delete question names. */
  what: string;
  className?: string;
  children: ReactNode;
};

/** An item's edit form: the error summary, the fields, Save and Delete (asked first; not for a new item). */
export function ItemEditForm({ editor, errors, what, className = '', children }: Props) {
  return (
    <form noValidate onSubmit={(e) => void editor.submit(e)} className={`flex flex-col gap-5 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}>
      <ErrorSummary errors={errors} focusKey={editor.summary.focusKey} />
      {children}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <Button type="submit" busy={editor.save.isPending}>{editFormTexts.save}</Button>
        {!editor.isNew && <DeleteButton what={what} busy={editor.remove.isPending} onDelete={() => editor.remove.mutate()} />}
      </div>
    </form>
  );
}
