import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { TChatMessage, TPartnerConversation } from '@portal/contract';
import { ApiError, type ApiPage } from '../../../lib/api';
import { storage } from '../../../lib/storage';
import { useMediaQuery, WIDE } from '../../../lib/use-media-query';
import { LoadMoreButton } from '../../../ui/load-more';
import { Card } from '../../../ui/page';
import { Select } from '../../../ui/select';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { chatApi, chatKeys, chatQueries } from '../api';
import { useChatHistory } from '../history';
import { formatChatTime } from '../format';
import { chatTexts } from '../texts';
import { MessageList } from './message-list';
import { SendForm } from './send-form';

export const inboxPath = (projectId: number, conversationId?: number) => `/partner/berichten/${projectId}${conversationId ? `/${conversationId}` : ''}`;

type InboxPages = InfiniteData<ApiPage<TPartnerConversation[]>>;

/** The conversations of every page loaded, each once (a conversation that moved up while paging is listed where it is now). */
const conversationsOf = (pages: InboxPages | undefined): TPartnerConversation[] => {
  const seen = new Set<number>();
  return (pages?.pages ?? []).flatMap((page) => page.data).filter((c) => !seen.has(c.id) && seen.add(c.id));
};

/**
 * The project team's inbox: conversations (unread first, then the newest, a page at a time) beside
 * the open one with a reply box. Below 640 px the list is the page until a conversation is open;
 * then a dropdown switches.
 */
export function PartnerInbox({ projectId, conversationId }: { projectId: number; conversationId: number | null }) {
  const inbox = useInfiniteQuery(chatQueries.inbox(projectId));
  const isWide = useMediaQuery(WIDE);
  const conversations = useMemo(() => conversationsOf(inbox.data), [inbox.data]);

  if (inbox.isPending) return <Loading />;
  if (inbox.isError) return <ErrorState error={inbox.error} retry={() => void inbox.refetch()} />;
  if (!conversations.length && conversationId === null) return <EmptyState>{chatTexts.noConversations}</EmptyState>;

  const more = inbox.hasNextPage && (
    <LoadMoreButton
      label={chatTexts.loadMoreConversations}
      busy={inbox.isFetchingNextPage}
      failed={inbox.isFetchNextPageError}
      onLoad={() => void inbox.fetchNextPage()}
    />
  );
  const showList = isWide || conversationId === null;
  return (
    <div className="grid gap-4 sm:grid-cols-[16rem_minmax(0,1fr)] sm:gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
      {showList ? (
        <ConversationList projectId={projectId} conversations={conversations} selectedId={conversationId} more={more} />
      ) : (
        <ConversationSelect projectId={projectId} conversations={conversations} selectedId={conversationId} more={more} />
      )}
      {conversationId !== null ? (
        <Conversation key={conversationId} projectId={projectId} conversationId={conversationId} />
      ) : isWide ? (
        <Card className="self-start">
          <h2 className="text-lg font-semibold">{chatTexts.chooseConversation}</h2>
          <p className="mt-1 text-slate-700">{chatTexts.chooseHint}</p>
        </Card>
      ) : null}
    </div>
  );
}

function preview(c: TPartnerConversation) {
  return `${c.last_message_from_staff ? chatTexts.ownReply : ''}${c.last_message_preview}`;
}

type ListProps = { projectId: number; conversations: TPartnerConversation[]; selectedId: number | null; more: ReactNode };

function ConversationList({ projectId, conversations, selectedId, more }: ListProps) {
  return (
    <div className="flex min-w-0 flex-col gap-3 self-start">
      <nav aria-label={chatTexts.conversations} className="rounded-lg bg-white p-2 shadow-sm ring-1 ring-slate-200">
        <ul className="flex flex-col gap-0.5">
          {conversations.map((c) => {
            const current = c.id === selectedId;
            const unread = c.unread_count > 0;
            return (
              <li key={c.id}>
                <Link
                  to={inboxPath(projectId, c.id)}
                  aria-current={current ? 'page' : undefined}
                  className={`flex flex-col gap-0.5 rounded-md border-l-4 px-3 py-2 text-sm ${current ? 'border-brand bg-slate-100' : 'border-transparent hover:bg-slate-50'}`}
                >
                  <span className="flex items-start justify-between gap-2">
                    <span className={unread ? 'font-bold text-slate-900' : 'font-semibold text-slate-900'}>{c.name}</span>
                    {unread && <span className="shrink-0 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-on-brand">{chatTexts.unread(c.unread_count)}</span>}
                  </span>
                  <span className="text-xs text-slate-700">{c.address ?? (c.email ? `${chatTexts.visitor} · ${c.email}` : chatTexts.visitor)}</span>
                  <span className={`line-clamp-2 break-words ${unread ? 'text-slate-900' : 'text-slate-700'}`}>{preview(c)}</span>
                  <span className="text-xs text-slate-600">
                    <span className="sr-only">{chatTexts.lastMessage}: </span>
                    <time dateTime={c.last_message_at}>{formatChatTime(c.last_message_at)}</time>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {more}
    </div>
  );
}

function ConversationSelect({ projectId, conversations, selectedId, more }: ListProps) {
  const [, navigate] = useLocation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{chatTexts.conversations}</label>
      <Select
        id={id}
        value={selectedId ?? ''}
        onChange={(event) => navigate(inboxPath(projectId, Number(event.target.value) || undefined))}
      >
        {!conversations.some((c) => c.id === selectedId) && <option value="">{chatTexts.chooseConversation}</option>}
        {conversations.map((c) => (
          <option key={c.id} value={c.id}>
            {[c.name, c.unread_count > 0 ? `(${chatTexts.unread(c.unread_count)})` : null].filter(Boolean).join(' ')}
          </option>
        ))}
      </Select>
      {more}
      <Link to={inboxPath(projectId)} className="self-start py-1 text-sm font-semibold text-slate-900 underline">{chatTexts.allConversations}</Link>
    </div>
  );
}

const isStaff = (m: TChatMessage) => m.from_user_name !== null;

function Conversation({ projectId, conversationId }: { projectId: number; conversationId: number }) {
  const queryClient = useQueryClient();
  const conversation = useQuery({ ...chatQueries.conversation(conversationId), enabled: conversationId > 0 });
  const senderName = useCallback((m: TChatMessage) => m.from_user_name ?? m.from_address_name ?? chatTexts.resident, []);
  const latest = useMemo(() => conversation.data && { data: conversation.data.data.chat, hasMore: conversation.data.hasMore }, [conversation.data]);
  const loadOlder = useMemo(() => chatApi.olderAsPartner(conversationId), [conversationId]);
  const { messages, older } = useChatHistory(latest, loadOlder);

  // Opening marks the messages read on the server: refresh the list's unread counts.
  const loadedAt = conversation.dataUpdatedAt;
  useEffect(() => {
    if (!loadedAt) return;
    const listed = conversationsOf(queryClient.getQueryData<InboxPages>(chatKeys.inbox(projectId))).find((c) => c.id === conversationId);
    if (listed && listed.unread_count > 0) void queryClient.invalidateQueries({ queryKey: chatKeys.inbox(projectId) });
  }, [loadedAt, conversationId, projectId, queryClient]);

  if (conversationId <= 0) return <EmptyState>{chatTexts.conversationNotFound}</EmptyState>;
  if (conversation.isPending) return <Loading />;
  if (conversation.isError) {
    if (conversation.error instanceof ApiError && conversation.error.status === 404) return <EmptyState>{chatTexts.conversationNotFound}</EmptyState>;
    return <ErrorState error={conversation.error} retry={() => void conversation.refetch()} />;
  }
  const c = conversation.data.data.conversation;
  return (
    <Card className="flex min-w-0 flex-col gap-5">
      <div className="flex flex-col gap-0.5 border-b border-slate-200 pb-3">
        <h2 className="text-xl font-semibold">{c.name}</h2>
        <p className="text-sm text-slate-700">
          {c.kind === 'address' ? `${chatTexts.resident} · ${c.address ?? ''}` : chatTexts.visitor}
          {c.email && (
            <>
              {' · '}
              <a className="underline" href={`mailto:${c.email}`}>{c.email}</a>
            </>
          )}
        </p>
      </div>
      <MessageList messages={messages} isOwn={isStaff} senderName={senderName} emptyText={chatTexts.emptyPartner} older={older} />
      {/* A housing-corporation viewer reads along; answering is the project team's (the server refuses it too). */}
      {storage.role() === 'woco' ? <p className="text-sm text-slate-700">{chatTexts.readOnly}</p> : <SendForm
        kind="partner"
        onSend={async (values) => {
          const answer = await chatApi.sendAsPartner(conversationId, values.message);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) }),
            queryClient.invalidateQueries({ queryKey: chatKeys.inbox(projectId) }),
          ]);
          return answer;
        }}
      />}
    </Card>
  );
}
