import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { fillSavedReply, type TInboxConversation } from '@portal/contract';
import { Button } from '../../../ui/button';
import { Select } from '../../../ui/select';
import { TextAreaField } from '../../../ui/textarea-field';
import { inboxQueries } from '../api';
import { useTextSubmit } from './use-text-submit';
import { inboxTexts } from '../texts';

const texts = inboxTexts.conversation;

/** The values a saved reply's placeholders take in this conversation. */
export function replyValues(conversation: TInboxConversation, staffName: string | undefined) {
  const [first, ...rest] = conversation.name.split(/\s+/);
  return {
    voornaam: first ?? null, achternaam: rest.join(' ') || null, naam: conversation.name, adres: conversation.address,
    project: conversation.project.name, medewerker: staffName ?? null,
  };
}

/**
 * The answer: a text area (Ctrl+Enter sends) with the customer's saved replies, inserted at the cursor with the
 * conversation's values filled in (one click on Invoegen, or Enter in the list).
 */
export function AnswerForm({ conversation, staffName, onSend }: {
  conversation: TInboxConversation; staffName: string | undefined; onSend: (message: string) => Promise<void>;
}) {
  const replies = useQuery(inboxQueries.savedReplies());
  const [chosen, setChosen] = useState('');
  const areaId = useId();
  const textArea = () => document.getElementById(areaId) as HTMLTextAreaElement | null;
  const { text, setText, busy, error, setError, submit: send } = useTextSubmit(onSend, { empty: 'Schrijf een bericht.', failed: texts.failed }, () => textArea()?.focus());
  const selectId = useId();

  const insert = () => {
    const reply = replies.data?.find((r) => String(r.id) === chosen);
    if (!reply) return;
    const body = fillSavedReply(reply.body, replyValues(conversation, staffName));
    const el = textArea();
    const at = el ? el.selectionStart : text.length;
    const end = el ? el.selectionEnd : text.length;
    const next = `${text.slice(0, at)}${body}${text.slice(end)}`;
    setText(next);
    setError(undefined);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + body.length, at + body.length);
    });
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  };
  const onReplyKey = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      insert();
    }
  };

  return (
    <form onSubmit={(e) => void send(e)} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={texts.answer}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">{texts.savedReply}</label>
          <Select id={selectId} value={chosen} onChange={(e) => setChosen(e.target.value)} onKeyDown={onReplyKey} disabled={!replies.data?.length}>
            <option value="">{replies.data?.length ? texts.chooseReply : texts.noReplies}</option>
            {replies.data?.map((r) => <option key={r.id} value={r.id}>{r.title}</option>)}
          </Select>
        </div>
        <Button type="button" variant="secondary" onClick={insert} disabled={!chosen}>{texts.insertReply}</Button>
      </div>
      <TextAreaField id={areaId} label={texts.answer} hint={texts.answerHint} value={text} rows={5} maxLength={5000}
        onChange={(e) => setText(e.target.value)} onKeyDown={onKey} error={error} />
      <Button type="submit" busy={busy} className="self-start">{texts.send}</Button>
    </form>
  );
}
