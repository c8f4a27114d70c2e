import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { TChatMessage, TChatNotification } from '@portal/contract';
import type { Audience } from '../../../lib/audience';
import { storage } from '../../../lib/storage';
import { Banner } from '../../../ui/banner';
import { Card } from '../../../ui/page';
import { ErrorState, Loading } from '../../../ui/states';
import { chatApi, chatKeys, chatQueries } from '../api';
import { useChatHistory } from '../history';
import { chatTexts } from '../texts';
import { MessageList } from './message-list';
import { SendForm, type SendValues } from './send-form';

type ChatAudience = Extract<Audience, { kind: 'occupant' | 'public' }>;

/** The notification above the chat (title and text), shown when the server says it applies now. */
export function NotificationBox({ notification }: { notification: TChatNotification | null }) {
  if (!notification?.is_visible || !(notification.title || notification.text)) return null;
  return (
    <Banner tone={notification.show === 'between' ? 'warning' : 'info'} title={notification.title || undefined}>
      {notification.text && <p className="whitespace-pre-line">{notification.text}</p>}
    </Banner>
  );
}

const isOwn = (m: TChatMessage) => m.from_user_name === null;

/**
 * Chat ('Contact') for a resident or a public visitor: the notification, the conversation (refreshed
 * every few seconds, so the team's answers appear without a reload) and the send box. A visitor's
 * name and e-mail are remembered per project.
 */
export function ChatPage({ audience, onRead }: { audience: ChatAudience; onRead?: () => void }) {
  const queryClient = useQueryClient();
  const isPublic = audience.kind === 'public';
  const projectId = audience.projectId;
  const occupant = useQuery({ ...chatQueries.occupant(projectId), enabled: !isPublic });
  const visitor = useQuery({ ...chatQueries.public(projectId ?? 0), enabled: isPublic && !!projectId });
  const query = isPublic ? visitor : occupant;
  const key = isPublic ? chatKeys.public(projectId ?? 0) : chatKeys.occupant(projectId);

  const latest = useMemo(() => {
    const page = isPublic ? visitor.data : occupant.data;
    return page && { data: page.data.chat, hasMore: page.hasMore };
  }, [isPublic, visitor.data, occupant.data]);
  const loadOlder = useMemo(() => (isPublic ? chatApi.olderAsVisitor(projectId ?? 0) : chatApi.olderAsOccupant), [isPublic, projectId]);
  const { messages: chat, older } = useChatHistory(latest, loadOlder);
  const notification = (isPublic ? visitor.data?.data.customer.notification : occupant.data?.data.notification) ?? null;

  // Reading the chat marks the team's messages read on the server: refresh the dashboard's tile count.
  const teamMessages = chat.filter((m) => !isOwn(m)).length;
  useEffect(() => {
    if (teamMessages > 0) onRead?.();
  }, [teamMessages, onRead]);

  const senderName = useCallback((m: TChatMessage) => m.from_user_name ?? m.from_address_name ?? chatTexts.you, []);

  const send = async (values: SendValues) => {
    const answer = isPublic
      ? await chatApi.sendAsVisitor(projectId!, { from_name: values.from_name, from_email: values.from_email || null, message: values.message })
      : await chatApi.sendAsOccupant(values.message);
    if (isPublic) storage.setChatVisitor(projectId!, { name: values.from_name, email: values.from_email });
    await queryClient.invalidateQueries({ queryKey: key });
    return answer;
  };

  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;

  const remembered = isPublic && projectId ? storage.chatVisitor(projectId) : {};
  const client = visitor.data?.data.client;
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <NotificationBox notification={notification} />
      <Card className="flex flex-col gap-6">
        <MessageList messages={chat} isOwn={isOwn} senderName={senderName} emptyText={chatTexts.empty} older={older} />
        <SendForm
          kind={isPublic ? 'visitor' : 'resident'}
          defaults={{ name: remembered.name ?? client?.name, email: remembered.email ?? client?.email }}
          onSend={send}
        />
      </Card>
    </div>
  );
}
