import { queryOptions } from '@tanstack/react-query';
import {
  fillPath, staffInboxPaths, staffProjectPaths,
  type TAnswerTimes, type TChatMessage, type TChatNote, type TChatNotification, type TInboxConversation, type TInboxConversationDetail, type TInboxStatus,
  type TNotificationBody, type TSavedReply, type TSavedReplyBody, type TStaffMe, type TStaffProjectListItem,
} from '@portal/contract';
import { staffApi, staffApiPage, staffGetFile } from '../../lib/staff-api';

/** The inbox's filters as the URL holds them (/beheer/inbox?project=&status=&toegewezen=&q=), in the API's words. */
export type InboxFilter = { project_id?: number; status?: TInboxStatus; assigned?: string; q?: string };

/** A conversation as the page holds it: the detail and whether older messages remain (X-Has-More). */
export type ConversationView = TInboxConversationDetail & { has_older: boolean };

export const inboxKeys = {
  all: ['staff', 'inbox'] as const,
  list: (filter: InboxFilter) => [...inboxKeys.all, 'list', filter] as const,
  conversation: (id: number) => [...inboxKeys.all, 'conversation', id] as const,
  assignees: (id: number) => [...inboxKeys.all, 'assignees', id] as const,
  answerTimes: (projectId: number) => [...inboxKeys.all, 'answer-times', projectId] as const,
  savedReplies: () => [...inboxKeys.all, 'saved-replies'] as const,
  notification: () => [...inboxKeys.all, 'notification'] as const,
  projects: () => [...inboxKeys.all, 'projects'] as const,
};

const conversationPath = (template: string, conversationId: number) => fillPath(template, { conversationId });

export const inboxQueries = {
  conversation: (id: number) => queryOptions({
    queryKey: inboxKeys.conversation(id),
    queryFn: async (): Promise<ConversationView> => {
      const page = await staffApiPage<TInboxConversationDetail>(conversationPath(staffInboxPaths.conversation, id), {});
      return { ...page.data, has_older: page.hasMore };
    },
  }),
  assignees: (id: number) => queryOptions({
    queryKey: inboxKeys.assignees(id),
    queryFn: () => staffApi<Array<{ id: number; name: string }>>(conversationPath(staffInboxPaths.assignees, id)),
    staleTime: 60_000,
  }),
  answerTimes: (projectId: number) => queryOptions({
    queryKey: inboxKeys.answerTimes(projectId),
    queryFn: () => staffApi<TAnswerTimes>(fillPath(staffInboxPaths.answerTimes, { projectId })),
  }),
  savedReplies: () => queryOptions({ queryKey: inboxKeys.savedReplies(), queryFn: () => staffApi<TSavedReply[]>(staffInboxPaths.savedReplies) }),
  notification: () => queryOptions({ queryKey: inboxKeys.notification(), queryFn: () => staffApi<TChatNotification>(staffInboxPaths.notification) }),
  /** The projects for the filter (the console-projects feature keeps projects themselves). */
  projects: () => queryOptions({
    queryKey: inboxKeys.projects(),
    queryFn: () => staffApi<TStaffProjectListItem[]>(staffProjectPaths.projects, { query: { limit: 100 } }),
    staleTime: 60_000,
  }),
  /** The console's account (shared with the console's layout, which loaded it already). */
  me: () => queryOptions({ queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 }),
};

export const inboxApi = {
  page: (filter: InboxFilter, before?: number) => staffApiPage<TInboxConversation[]>(staffInboxPaths.list, { before }, { query: filter }),
  export: (filter: InboxFilter, format: 'csv' | 'xlsx') => staffGetFile(staffInboxPaths.export, { ...filter, format }),
  /** Older messages of a conversation (the detail's own page holds the newest). */
  older: (id: number, before: number) => staffApiPage<TInboxConversationDetail>(conversationPath(staffInboxPaths.conversation, id), { before }),
  answer: (id: number, message: string) =>
    staffApi<{ conversation: TInboxConversation; item: TChatMessage }>(conversationPath(staffInboxPaths.messages, id), { method: 'POST', body: { message } }),
  note: (id: number, note: string) => staffApi<TChatNote>(conversationPath(staffInboxPaths.notes, id), { method: 'POST', body: { note } }),
  assign: (id: number, userId: number | null) =>
    staffApi<TInboxConversation>(conversationPath(staffInboxPaths.assignee, id), { method: 'PUT', body: { user_id: userId } }),
  close: (id: number) => staffApi<TInboxConversation>(conversationPath(staffInboxPaths.close, id), { method: 'POST', body: {} }),
  reopen: (id: number) => staffApi<TInboxConversation>(conversationPath(staffInboxPaths.reopen, id), { method: 'POST', body: {} }),
  createReply: (body: Omit<TSavedReplyBody, 'language'>) => staffApi<TSavedReply>(staffInboxPaths.savedReplies, { method: 'POST', body }),
  updateReply: (id: number, body: Omit<TSavedReplyBody, 'language'>) =>
    staffApi<TSavedReply>(fillPath(staffInboxPaths.savedReply, { replyId: id }), { method: 'PUT', body }),
  deleteReply: (id: number) => staffApi<{ success: boolean }>(fillPath(staffInboxPaths.savedReply, { replyId: id }), { method: 'DELETE' }),
  setNotification: (body: Omit<TNotificationBody, 'language'>) => staffApi<TChatNotification>(staffInboxPaths.notification, { method: 'PUT', body }),
};
