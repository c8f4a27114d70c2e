import { useId } from 'react';
import type { TChatNote } from '@portal/contract';
import { formatConsoleDateTime } from '../../../lib/console-format';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/textarea-field';
import { inboxTexts } from '../texts';
import { useTextSubmit } from './use-text-submit';

const texts = inboxTexts.conversation;

/** The team's private notes on the conversation (never shown to residents, visitors or the partner portal). */
export function NotesPanel({ notes, canWrite, onAdd }: { notes: TChatNote[]; canWrite: boolean; onAdd: (note: string) => Promise<void> }) {
  const { text, setText, busy, error, submit } = useTextSubmit(onAdd, { empty: 'Schrijf een notitie.', failed: texts.failed });
  const id = useId();
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-4">
      <div>
        <h2 id={`${id}-h`} className="text-lg font-semibold">{texts.notes}</h2>
        <p className="text-sm text-slate-800">{texts.notesIntro}</p>
      </div>
      {notes.length ? (
        <ul className="flex flex-col gap-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded bg-white p-2 ring-1 ring-amber-200">
              <p className="text-xs font-semibold text-slate-700">{n.author} · <time dateTime={n.created_at}>{formatConsoleDateTime(n.created_at)}</time></p>
              <p className="whitespace-pre-wrap break-words">{n.note}</p>
            </li>
          ))}
        </ul>
      ) : <p className="text-slate-800">{texts.noNotes}</p>}
      {canWrite && (
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
          <TextAreaField id={`${id}-note`} label={texts.note} value={text} rows={2} maxLength={2000} onChange={(e) => setText(e.target.value)} error={error} />
          <Button type="submit" variant="secondary" busy={busy} className="self-start">{texts.addNote}</Button>
        </form>
      )}
    </section>
  );
}
