import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'wouter';
import type { TChatMessage, TInboxConversation } from '@portal/contract';
import { ApiError } from '../../lib/api';
import { formatConsoleDateTime } from '../../lib/console-format';
import { Button } from '../../ui/button';
import { Crumbs } from '../../ui/crumbs';
import { LoadMoreButton } from '../../ui/load-more';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { ErrorState, Loading } from '../../ui/states';
import { toast, toastError } from '../../ui/toaster';
import { inboxApi, inboxKeys, inboxQueries, type ConversationView } from './api';
import { AnswerForm } from './components/answer-form';
import { ContextPanel } from './components/context-panel';
import { Messages } from './components/messages';
import { NotesPanel } from './components/notes-panel';
import { InboxStatusBadge } from './components/status-badge';
import { durationLabel, inboxTexts } from './texts';

const texts = inboxTexts.conversation;

/** Assign to a person who reaches the project, to oneself, or to nobody. */
function Assignment({ conversation, meId, onAssign }: { conversation: TInboxConversation; meId: number | undefined; onAssign: (userId: number | null) => void }) {
  const assignees = useQuery(inboxQueries.assignees(conversation.id));
  const id = useId();
  const current = conversation.assignee?.id;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">{texts.assignee}</label>
        <Select id={id} value={current ?? ''} onChange={(e) => onAssign(e.target.value ? Number(e.target.value) : null)}>
          <option value="">{texts.nobody}</option>
          {conversation.assignee && !assignees.data?.some((a) => a.id === current) && <option value={current}>{conversation.assignee.name}</option>}
          {assignees.data?.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
        </Select>
      </div>
      {meId !== undefined && current !== meId && assignees.data?.some((a) => a.id === meId) && (
        <Button variant="secondary" onClick={() => onAssign(meId)}>{texts.assignSelf}</Button>
      )}
    </div>
  );
}

/**
 * /beheer/inbox/:conversationId: one conversation with its messages (older ones on request), the answer with saved
 * replies, assignment, closing and reopening, the team's private notes, and the address's context beside it.
 */
export default function ConversationPage() {
  const conversationId = Number(useParams<{ conversationId: string }>().conversationId);
  const client = useQueryClient();
  const detail = useQuery(inboxQueries.conversation(conversationId));
  const me = useQuery(inboxQueries.me());
  const [older, setOlder] = useState<{ messages: TChatMessage[]; hasMore: boolean | null; busy: boolean; failed: boolean }>({ messages: [], hasMore: null, busy: false, failed: false });

  const key = inboxKeys.conversation(conversationId);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: inboxKeys.all });
  };
  const patch = (conversation: TInboxConversation) =>
    client.setQueryData<ConversationView>(key, (old) => (old ? { ...old, conversation } : old));

  const assign = useMutation({
    mutationFn: (userId: number | null) => inboxApi.assign(conversationId, userId),
    onSuccess: (conversation) => {
      patch(conversation);
      toast(texts.assigned(conversation.assignee?.name ?? null), 'success');
      void refresh();
    },
    onError: (error) => toastError(error, texts.failed),
  });
  const closeOrReopen = useMutation({
    mutationFn: (action: 'close' | 'reopen') => (action === 'close' ? inboxApi.close(conversationId) : inboxApi.reopen(conversationId)),
    onSuccess: (conversation) => {
      patch(conversation);
      toast(conversation.status === 'closed' ? texts.closed : texts.reopened, 'success');
      void refresh();
    },
    onError: (error) => toastError(error, texts.failed),
  });

  if (detail.isPending) return <Page title={inboxTexts.title}><Loading /></Page>;
  if (detail.isError) {
    return (
      <Page title={inboxTexts.title}>
        {detail.error instanceof ApiError && detail.error.status === 404
          ? <p role="alert" className="rounded-md bg-white p-4">{texts.notFound}</p>
          : <ErrorState error={detail.error} retry={() => void detail.refetch()} />}
      </Page>
    );
  }
  const { conversation: c, chat, notes, context, can_answer: canAnswer } = detail.data;
  const hasOlder = older.hasMore ?? detail.data.has_older;
  const loadOlder = async () => {
    const first = older.messages[0] ?? chat[0];
    if (!first) return;
    setOlder((o) => ({ ...o, busy: true, failed: false }));
    try {
      const page = await inboxApi.older(conversationId, first.id);
      setOlder((o) => ({ messages: [...page.data.chat, ...o.messages], hasMore: page.hasMore, busy: false, failed: false }));
    } catch {
      setOlder((o) => ({ ...o, busy: false, failed: true }));
    }
  };
  const answered = durationLabel(c.first_answer_seconds);

  return (
    <Page title={c.name}>
      <Crumbs crumbs={[{ href: '/inbox', label: inboxTexts.title }]} current={c.name} />
      <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-800">
        <InboxStatusBadge status={c.status} />
        <span>{c.project.name}</span>
        <span>{texts.started(formatConsoleDateTime(c.created_at))}</span>
        <span>{answered ? inboxTexts.firstAnswer(answered) : inboxTexts.noAnswerYet}</span>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-4">
          {canAnswer ? (
            <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <Assignment conversation={c} meId={me.data?.id} onAssign={(userId) => assign.mutate(userId)} />
              {c.status === 'closed'
                ? <Button variant="secondary" busy={closeOrReopen.isPending} onClick={() => closeOrReopen.mutate('reopen')}>{texts.reopen}</Button>
                : <Button variant="secondary" busy={closeOrReopen.isPending} onClick={() => closeOrReopen.mutate('close')}>{texts.close}</Button>}
            </div>
          ) : <p className="rounded-md bg-white p-3 text-slate-800 ring-1 ring-slate-200">{texts.readOnly}</p>}

          <section aria-labelledby="messages-heading" className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
            <h2 id="messages-heading" className="text-lg font-semibold">{texts.messages}</h2>
            {hasOlder && (
              <LoadMoreButton label={texts.older} busy={older.busy} failed={older.failed} onLoad={() => void loadOlder()} />
            )}
            <Messages messages={[...older.messages, ...chat]} />
          </section>

          {canAnswer && (
            <AnswerForm
              conversation={c}
              staffName={me.data?.name}
              onSend={async (message) => {
                await inboxApi.answer(conversationId, message);
                toast(texts.sent, 'success');
                await refresh();
              }}
            />
          )}
          <NotesPanel notes={notes} canWrite={canAnswer} onAdd={async (note) => {
            await inboxApi.note(conversationId, note);
            toast(texts.noteAdded, 'success');
            await client.invalidateQueries({ queryKey: key });
          }} />
        </div>
        <ContextPanel conversation={c} context={context} />
      </div>
    </Page>
  );
}
