import {
  formatPostcode,
  chatMessages, isNotificationVisible,
  type TChatMessage, type TChatNotification, type TChatSendResponse, type TOccupantChat, type TPartnerChat,
  type TPageQuery, type TPartnerConversation, type TPublicChat,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ForbiddenError, HttpError, NotFoundError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { hashToken, newVisitorCode } from '../../lib/tokens.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import type { Session } from '../auth/session.store.ts';
import type { CustomerRow } from '../customer/customer.service.ts';
import type { NewItemRegistry } from '../project/new-items.ts';
import type { ProjectRow } from '../project/project.repository.ts';
import type { ProjectService } from '../project/project.service.ts';
import {
  addressUnreadCount, ensureAddressConversation, ensureVisitorConversation, findAddressConversation, findInboxEntry,
  findNotification, findOccupantContact, findOccupantName, findUserName, findVisitorConversation, insertMessage, listInbox, listMessages, markRead,
  type ConversationRow, type InboxRow, type MessageRow, type NotificationRow,
} from './chat.repository.ts';

export type ChatServiceDeps = {
  db: Db;
  projects: ProjectService;
  limiter: RateLimiter;
  newItems: NewItemRegistry;
  /** Per 15 minutes: `client` per IP address (public calls), `conversation` per visitor code or address. */
  limits: { client: number; conversation: number };
  /** The clock the notification rule reads; tests pass a fixed one. */
  now?: () => Date;
};

export function toChatMessage(row: MessageRow): TChatMessage {
  return {
    id: row.id,
    message: row.message,
    from_user_name: row.fromStaff ? row.fromUserName ?? 'Projectteam' : null,
    from_address_name: row.fromStaff ? null : row.fromAddressName,
    created_at: row.createdAt.toISOString(),
    type: row.type,
  };
}

export function toChatNotification(row: NotificationRow, at: Date): TChatNotification {
  const hours = {
    show: row.show, from_hour: row.fromHour, till_hour: row.tillHour,
    sunday: row.sunday, monday: row.monday, tuesday: row.tuesday, wednesday: row.wednesday,
    thursday: row.thursday, friday: row.friday, saturday: row.saturday,
  };
  return { ...hours, title: row.title, text: row.text, is_visible: isNotificationVisible(hours, at) };
}

function toConversation(row: InboxRow): TPartnerConversation {
  const c = row.conversation;
  const isAddress = c.addressId !== null;
  const street = row.street ? `${row.street} ${row.houseNumber ?? ''}`.trim() : null;
  const address = isAddress && street ? `${street}, ${formatPostcode(row.zipcode ?? '')} ${row.city ?? ''}`.replace(/\s+/g, ' ').trim() : null;
  return {
    id: c.id,
    project_id: c.projectId,
    kind: isAddress ? 'address' : 'visitor',
    name: (isAddress ? row.occupantName || street : c.visitorName) || 'Bezoeker',
    address,
    email: isAddress ? null : c.visitorEmail,
    last_message_preview: c.lastMessagePreview ?? '',
    last_message_at: (c.lastMessageAt ?? c.createdAt).toISOString(),
    last_message_from_staff: c.lastMessageFromStaff,
    unread_count: c.staffUnreadCount,
  };
}

const hasChat = (project: ProjectRow) => project.modules.some((m) => m.name === 'messages');
type Found = { project: ProjectRow; customer: CustomerRow };
/** A chat answer and whether older messages remain (the X-Has-More header). */
export type Paged<T> = { answer: T; hasMore: boolean };

/** One page of a conversation's history, oldest first (paging.ts). */
async function historyPage(db: Db, conversationId: number, page: TPageQuery): Promise<Page<TChatMessage>> {
  const size = pageSize(page);
  const { items, hasMore } = toPage(await listMessages(db, conversationId, { before: page.before, limit: size + 1 }), size);
  return { items: items.reverse().map(toChatMessage), hasMore };
}
const noMessages: Page<TChatMessage> = { items: [], hasMore: false };

/**
 * Chat between an address (or a public visitor) and the project team. Residents reach their own
 * address's conversation in their own projects; a visitor only the conversation of their code; staff
 * the conversations of their customers' projects. Projects without the 'messages' module take none.
 */
export function createChatService(deps: ChatServiceDeps) {
  const { db, projects, limiter, limits } = deps;
  const now = deps.now ?? (() => new Date());

  // The 'messages' tile counts the team's messages the address has not opened yet.
  deps.newItems.register(async ({ addressId, projectId }) => ({ messages: await addressUnreadCount(db, projectId, addressId) }));

  async function notificationFor(customerId: number, projectId: number): Promise<TChatNotification | null> {
    const row = await findNotification(db, customerId, projectId);
    return row ? toChatNotification(row, now()) : null;
  }

  /** The project with its customer, if it has the 'messages' module; 404 otherwise. */
  async function withChat(projectId: number): Promise<Found> {
    const found = await projects.projectWithCustomer(projectId);
    if (!found) throw new NotFoundError('Project niet gevonden');
    if (!hasChat(found.project)) throw new NotFoundError(chatMessages.notAvailable);
    return found;
  }

  async function occupantProjectWithChat(session: Session, projectId?: number): Promise<Found> {
    if (session.addressId === null) throw new ForbiddenError();
    return withChat(await projects.occupantProjectId(session, projectId));
  }

  async function publicProjectWithChat(projectId: number): Promise<Found> {
    await projects.assertPublic(projectId);
    return withChat(projectId);
  }

  /** The conversation, if the staff member works for its project's customer; 404 otherwise. */
  async function staffConversation(session: Session, conversationId: number): Promise<InboxRow> {
    const entry = await findInboxEntry(db, conversationId);
    if (!entry) throw new NotFoundError(chatMessages.conversationNotFound);
    try {
      const found = await projects.staffProject(session, entry.conversation.projectId);
      if (!hasChat(found.project)) throw new NotFoundError(chatMessages.notAvailable);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) throw new NotFoundError(chatMessages.conversationNotFound);
      throw error;
    }
    return entry;
  }

  /** A new random visitor code, stored with an (empty) conversation; rate-limited per client. */
  async function issueVisitor(projectId: number, client: string): Promise<{ conversation: ConversationRow; unique: string }> {
    await limiter.hit([{ key: `chat:issue:client:${client}`, max: limits.client }]);
    const unique = newVisitorCode();
    const conversation = await ensureVisitorConversation(db, projectId, hashToken(unique));
    return { conversation, unique };
  }

  return {
    /** One page of the address's conversation; the first page (no `before`) marks the team's messages read. */
    async occupantChat(session: Session, projectId?: number, page: TPageQuery = {}): Promise<Paged<TOccupantChat>> {
      const { project, customer } = await occupantProjectWithChat(session, projectId);
      const addressId = session.addressId!;
      const [conversation, notification, contact] = await Promise.all([
        findAddressConversation(db, project.id, addressId),
        notificationFor(project.customerId, project.id),
        session.occupantId !== null ? findOccupantContact(db, session.occupantId, addressId) : Promise.resolve(null),
      ]);
      // The spec's chat answer (chat, customer, client, unique) as the public chat gives it; a resident has no visitor code.
      const answer = (chat: TChatMessage[]): TOccupantChat => ({
        chat, notification, unique: null,
        customer: { id: customer.id, name: customer.name, project_name: project.name, notification },
        client: { name: contact?.name || null, email: contact?.email ?? null },
      });
      if (!conversation) return { answer: answer([]), hasMore: false };
      const { items, hasMore } = await historyPage(db, conversation.id, page);
      if (page.before === undefined && conversation.addressUnreadCount > 0 && (await markRead(db, conversation.id, 'address')) > 0) {
        await projects.invalidateNewItems({ addressId });
      }
      return { answer: answer(items), hasMore };
    },

    async occupantSend(session: Session, projectId: number | undefined, message: string): Promise<TChatSendResponse> {
      const { project } = await occupantProjectWithChat(session, projectId);
      const addressId = session.addressId!;
      await limiter.hit([{ key: `chat:address:${addressId}`, max: limits.conversation }]);
      const conversation = await ensureAddressConversation(db, project.id, addressId);
      const name = session.occupantId !== null ? await findOccupantName(db, session.occupantId, addressId) : null;
      const row = await insertMessage(db, conversation.id, { message, fromStaff: false, fromOccupantId: session.occupantId, fromAddressName: name });
      return { success: true, message: chatMessages.sent, item: toChatMessage(row) };
    },

    async publicChat(projectId: number, unique: string | undefined, client: string, page: TPageQuery = {}): Promise<Paged<TPublicChat>> {
      const { project, customer } = await publicProjectWithChat(projectId);
      // A well-formed code is the visitor's own (surveys and forms share it), even before their first message.
      let conversation = unique ? await findVisitorConversation(db, project.id, hashToken(unique)) : null;
      let code = unique;
      if (!code) ({ conversation, unique: code } = await issueVisitor(project.id, client));
      const [{ items, hasMore }, notification] = await Promise.all([
        conversation?.lastMessageAt ? historyPage(db, conversation.id, page) : noMessages,
        notificationFor(customer.id, project.id),
      ]);
      // The visitor has now seen the team's answers (no answer e-mail for what was read; chat.inbox.service.ts).
      if (conversation && page.before === undefined && conversation.addressUnreadCount > 0) await markRead(db, conversation.id, 'address');
      const answer = {
        chat: items,
        customer: { id: customer.id, name: customer.name, project_name: project.name, notification },
        client: { name: conversation?.visitorName ?? null, email: conversation?.visitorEmail ?? null },
        unique: code!,
      };
      return { answer, hasMore };
    },

    async publicSend(
      projectId: number,
      unique: string | undefined,
      body: { from_name: string; from_email?: string | null; message: string },
      client: string,
    ): Promise<TChatSendResponse> {
      const { project } = await publicProjectWithChat(projectId);
      await limiter.hit([{ key: `chat:client:${client}`, max: limits.client }]);
      let conversation: ConversationRow;
      let code = unique;
      if (code) conversation = await ensureVisitorConversation(db, project.id, hashToken(code));
      else ({ conversation, unique: code } = await issueVisitor(project.id, client));
      await limiter.hit([{ key: `chat:visitor:${conversation.id}`, max: limits.conversation }]);
      const email = body.from_email ? body.from_email : null;
      const row = await insertMessage(
        db, conversation.id, { message: body.message, fromStaff: false, fromAddressName: body.from_name }, { name: body.from_name, email },
      );
      return { success: true, message: chatMessages.sent, item: toChatMessage(row), unique: code! };
    },

    /** One page of the project's inbox (unread first, then the newest). */
    async partnerInbox(session: Session, projectId: number, page: TPageQuery = {}): Promise<Page<TPartnerConversation>> {
      const found = await projects.staffProject(session, projectId);
      if (!hasChat(found.project)) throw new NotFoundError(chatMessages.notAvailable);
      const size = pageSize(page);
      const { items, hasMore } = toPage(await listInbox(db, projectId, { before: page.before, limit: size + 1 }), size);
      return { items: items.map(toConversation), hasMore };
    },

    /** One page of a conversation; the first page (no `before`) marks the resident's or visitor's messages read. */
    async partnerConversation(session: Session, conversationId: number, page: TPageQuery = {}): Promise<Paged<TPartnerChat>> {
      const entry = await staffConversation(session, conversationId);
      const { items, hasMore } = await historyPage(db, conversationId, page);
      const marks = page.before === undefined && entry.conversation.staffUnreadCount > 0;
      if (marks) await markRead(db, conversationId, 'staff');
      const conversation = toConversation(marks ? { ...entry, conversation: { ...entry.conversation, staffUnreadCount: 0 } } : entry);
      return { answer: { conversation, chat: items }, hasMore };
    },

    async partnerSend(session: Session, conversationId: number, message: string): Promise<TChatSendResponse> {
      const entry = await staffConversation(session, conversationId);
      const name = session.userId !== null ? await findUserName(db, session.userId) : null;
      const row = await insertMessage(db, conversationId, { message, fromStaff: true, fromUserId: session.userId, fromUserName: name ?? 'Projectteam' });
      if (entry.conversation.addressId !== null) await projects.invalidateNewItems({ addressId: entry.conversation.addressId });
      return { success: true, message: chatMessages.sent, item: toChatMessage(row) };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
