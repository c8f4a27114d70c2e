import { queryOptions } from '@tanstack/react-query';
import {
  chatPaths,
  type TChatSendResponse, type TOccupantChat, type TPartnerChat, type TPartnerConversation, type TPublicChat, type TPublicChatBody,
} from '@portal/contract';
import { api } from '../../lib/api';
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
async function getPublicChat(projectId: number, signal?: AbortSignal): Promise<TPublicChat> {
  const answer = await api<TPublicChat>(chatPaths.public(projectId, storage.visitorUnique(projectId)), { token: false, signal });
  if (answer.unique !== storage.visitorUnique(projectId)) storage.setVisitorUnique(projectId, answer.unique);
  return answer;
}

export const chatQueries = {
  occupant: (projectId: number | null) =>
    queryOptions({
      queryKey: chatKeys.occupant(projectId),
      queryFn: ({ signal }) => api<TOccupantChat>(chatPaths.occupant, { signal }),
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
  inbox: (projectId: number) =>
    queryOptions({
      queryKey: chatKeys.inbox(projectId),
      queryFn: ({ signal }) => api<TPartnerConversation[]>(chatPaths.partnerInbox(projectId), { signal }),
      refetchInterval: INBOX_POLL_MS,
      staleTime: 0,
    }),
  conversation: (conversationId: number) =>
    queryOptions({
      queryKey: chatKeys.conversation(conversationId),
      queryFn: ({ signal }) => api<TPartnerChat>(chatPaths.partnerConversation(conversationId), { signal }),
      refetchInterval: CHAT_POLL_MS,
      staleTime: 0,
    }),
};

export const chatApi = {
  sendAsOccupant: (message: string) => api<TChatSendResponse>(chatPaths.occupant, { method: 'POST', body: { message } }),
  async sendAsVisitor(projectId: number, body: Omit<TPublicChatBody, 'language'>): Promise<TChatSendResponse> {
    const answer = await api<TChatSendResponse>(chatPaths.public(projectId, storage.visitorUnique(projectId)), { method: 'POST', body, token: false });
    if (answer.unique) storage.setVisitorUnique(projectId, answer.unique);
    return answer;
  },
  sendAsPartner: (conversationId: number, message: string) =>
    api<TChatSendResponse>(chatPaths.partnerConversation(conversationId), { method: 'POST', body: { message } }),
};
