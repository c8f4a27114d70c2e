import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  chatPaths,
  type TChatMessage, type TChatSendResponse, type TOccupantChat, type TPartnerChat, type TPartnerConversation, type TPublicChat, type TPublicChatBody,
} from '@portal/contract';
import { api, apiPage, type ApiPage } from '../../lib/api';
import { storage } from '../../lib/storage';

/** New messages from the other side appear without a reload: the open chat asks every few seconds. */
export const CHAT_POLL_MS = 5_000;
export const INBOX_POLL_MS = 10_000;

export const chatKeys = {
  all: ['chat'] as const,
  occupant: (projectId: number | null) => [...chatKeys.all, 'occupant', projectId] as const,
  public: (projectId: number) => [...chatKeys.all, 'public', projectId] as const,
  inbox: (projectId: number) => [...chatKeys.all, 'partner', 'inbox', projectId] as const,
  conversation: (conversationId: number) => [...chatKeys.all, 'partner', 'conversation', conversationId] as const,
};

/**
 * A visitor's chat: sends the project's stored visitor code (shared with surveys and forms) and keeps
 * the one the server answers, so the first visit gets a code and every later one reuses it.
 */
async function getPublicChat(projectId: number, signal?: AbortSignal, before?: number): Promise<ApiPage<TPublicChat>> {
  const page = await apiPage<TPublicChat>(chatPaths.public(projectId, storage.visitorUnique(projectId)), { before }, { token: false, signal });
  if (page.data.unique !== storage.visitorUnique(projectId)) storage.setVisitorUnique(projectId, page.data.unique);
  return page;
}

/** Older messages of a conversation: the page before `before` (the oldest message held). */
export type LoadOlder = (before: number) => Promise<ApiPage<TChatMessage[]>>;
const messagesOf = async <T extends { chat: TChatMessage[] }>(page: Promise<ApiPage<T>>): Promise<ApiPage<TChatMessage[]>> => {
  const { data, hasMore } = await page;
  return { data: data.chat, hasMore };
};

export const chatQueries = {
  /** The newest page of each conversation is what polls; older pages load on demand (useChatHistory). */
  occupant: (projectId: number | null) =>
    queryOptions({
      queryKey: chatKeys.occupant(projectId),
      queryFn: ({ signal }) => apiPage<TOccupantChat>(chatPaths.occupant, {}, { signal }),
      refetchInterval: CHAT_POLL_MS,
      staleTime: 0,
    }),
  public: (projectId: number) =>
    queryOptions({
      queryKey: chatKeys.public(projectId),
      queryFn: ({ signal }) => getPublicChat(projectId, signal),
      refetchInterval: CHAT_POLL_MS,
      staleTime: 0,
    }),
  /** The inbox a page at a time ('Meer gesprekken laden'); polling refreshes every page loaded. */
  inbox: (projectId: number) =>
    infiniteQueryOptions({
      queryKey: chatKeys.inbox(projectId),
      queryFn: ({ signal, pageParam }) => apiPage<TPartnerConversation[]>(chatPaths.partnerInbox(projectId), { before: pageParam }, { signal }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
      refetchInterval: INBOX_POLL_MS,
      staleTime: 0,
    }),
  conversation: (conversationId: number) =>
    queryOptions({
      queryKey: chatKeys.conversation(conversationId),
      queryFn: ({ signal }) => apiPage<TPartnerChat>(chatPaths.partnerConversation(conversationId), {}, { signal }),
      refetchInterval: CHAT_POLL_MS,
      staleTime: 0,
    }),
};

export const chatApi = {
  olderAsOccupant: ((before) => messagesOf(apiPage<TOccupantChat>(chatPaths.occupant, { before }))) satisfies LoadOlder,
  olderAsVisitor: (projectId: number): LoadOlder => (before) => messagesOf(getPublicChat(projectId, undefined, before)),
  olderAsPartner: (conversationId: number): LoadOlder => (before) => messagesOf(apiPage<TPartnerChat>(chatPaths.partnerConversation(conversationId), { before })),
  sendAsOccupant: (message: string) => api<TChatSendResponse>(chatPaths.occupant, { method: 'POST', body: { message } }),
  async sendAsVisitor(projectId: number, body: Omit<TPublicChatBody, 'language'>): Promise<TChatSendResponse> {
    const answer = await api<TChatSendResponse>(chatPaths.public(projectId, storage.visitorUnique(projectId)), { method: 'POST', body, token: false });
    if (answer.unique) storage.setVisitorUnique(projectId, answer.unique);
    return answer;
  },
  sendAsPartner: (conversationId: number, message: string) =>
    api<TChatSendResponse>(chatPaths.partnerConversation(conversationId), { method: 'POST', body: { message } }),
};
