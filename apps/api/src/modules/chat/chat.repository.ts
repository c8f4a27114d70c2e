import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { users } from '../auth/auth.table.ts';
import { chatConversations, chatMessagesTable, chatNotifications } from './chat.table.ts';

/** Drizzle queries only, db first, always scoped by project and address or visitor code. */

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessagesTable.$inferSelect;
export type NotificationRow = typeof chatNotifications.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const PREVIEW_LENGTH = 140;
const preview = (message: string) => (message.length > PREVIEW_LENGTH ? `${message.slice(0, PREVIEW_LENGTH - 1)}…` : message);

export async function findAddressConversation(db: Executor, projectId: number, addressId: number): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.projectId, projectId), eq(chatConversations.addressId, addressId)))
    .limit(1);
  return row ?? null;
}

/** The address's conversation in the project, created on first use (race-safe). */
export async function ensureAddressConversation(db: Executor, projectId: number, addressId: number): Promise<ConversationRow> {
  const [created] = await db
    .insert(chatConversations)
    .values({ projectId, addressId })
    .onConflictDoNothing({ target: [chatConversations.projectId, chatConversations.addressId], where: sql`${chatConversations.addressId} IS NOT NULL` })
    .returning();
  if (created) return created;
  const found = await findAddressConversation(db, projectId, addressId);
  if (!found) throw new Error('chat conversation vanished');
  return found;
}

export async function findVisitorConversation(db: Executor, projectId: number, tokenHash: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.visitorTokenHash, tokenHash), eq(chatConversations.projectId, projectId)))
    .limit(1);
  return row ?? null;
}

/** The visitor's conversation in the project, created on first use (race-safe). */
export async function ensureVisitorConversation(db: Executor, projectId: number, tokenHash: string): Promise<ConversationRow> {
  const [created] = await db
    .insert(chatConversations)
    .values({ projectId, visitorTokenHash: tokenHash })
    .onConflictDoNothing({ target: [chatConversations.projectId, chatConversations.visitorTokenHash], where: sql`${chatConversations.visitorTokenHash} IS NOT NULL` })
    .returning();
  if (created) return created;
  const found = await findVisitorConversation(db, projectId, tokenHash);
  if (!found) throw new Error('chat conversation vanished');
  return found;
}

/**
 * The latest `limit` messages of a conversation (by time, then id), newest first; with `before` the
 * latest ones before that message of the same conversation (another conversation's id gives none).
 * The cursor is read first so that the page itself is one range scan of the conversation's index
 * (the time as text: a JavaScript Date would drop the microseconds).
 */
export async function listMessages(db: Executor, conversationId: number, page: { before?: number; limit: number }): Promise<MessageRow[]> {
  let older: SQL | undefined;
  if (page.before !== undefined) {
    const [cursor] = await db
      .select({ at: sql<string>`${chatMessagesTable.createdAt}::text`, id: chatMessagesTable.id })
      .from(chatMessagesTable)
      .where(and(eq(chatMessagesTable.id, page.before), eq(chatMessagesTable.conversationId, conversationId)))
      .limit(1);
    if (!cursor) return [];
    older = sql`(${chatMessagesTable.createdAt}, ${chatMessagesTable.id}) < (${cursor.at}::timestamptz, ${cursor.id})`;
  }
  return db
    .select()
    .from(chatMessagesTable)
    .where(and(eq(chatMessagesTable.conversationId, conversationId), older))
    .orderBy(desc(chatMessagesTable.createdAt), desc(chatMessagesTable.id))
    .limit(page.limit);
}

export type NewMessage = {
  message: string;
  fromStaff: boolean;
  fromUserId?: number | null;
  fromUserName?: string | null;
  fromOccupantId?: number | null;
  fromAddressName?: string | null;
};

/**
 * Adds a message and updates the conversation's last message and the other side's unread count, in
 * one transaction (the conversation row is the lock that orders it against marking read).
 */
export async function insertMessage(db: Executor, conversationId: number, input: NewMessage, visitor?: { name: string; email: string | null }): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(chatMessagesTable).values({ conversationId, ...input }).returning();
    await tx
      .update(chatConversations)
      .set({
        lastMessageAt: row!.createdAt,
        lastMessagePreview: preview(input.message),
        lastMessageFromStaff: input.fromStaff,
        // The inbox's state: an answer waits for the resident; a resident's message opens (or reopens) it.
        ...(input.fromStaff
          ? {
            addressUnreadCount: sql`${chatConversations.addressUnreadCount} + 1`,
            status: 'waiting' as const,
            firstStaffAnswerAt: sql`coalesce(${chatConversations.firstStaffAnswerAt}, ${row!.createdAt})`,
            closedAt: null,
          }
          : { staffUnreadCount: sql`${chatConversations.staffUnreadCount} + 1`, status: 'open' as const, closedAt: null }),
        ...(visitor ? { visitorName: visitor.name, visitorEmail: visitor.email } : {}),
      })
      .where(eq(chatConversations.id, conversationId));
    return row!;
  });
}

/**
 * Marks the other side's messages read for `reader` and zeroes their unread count. The conversation
 * row is updated first, so a message being added at the same time either is marked too or keeps
 * counting. Returns how many messages were unread.
 */
export async function markRead(db: Db, conversationId: number, reader: 'staff' | 'address'): Promise<number> {
  return db.transaction(async (tx) => {
    const column = reader === 'staff' ? chatConversations.staffUnreadCount : chatConversations.addressUnreadCount;
    const [before] = await tx
      .update(chatConversations)
      .set(reader === 'staff' ? { staffUnreadCount: 0 } : { addressUnreadCount: 0 })
      .where(and(eq(chatConversations.id, conversationId), sql`${column} > 0`))
      .returning({ id: chatConversations.id });
    if (!before) return 0;
    const updated = await tx
      .update(chatMessagesTable)
      .set({ readAt: sql`now()` })
      .where(and(
        eq(chatMessagesTable.conversationId, conversationId),
        eq(chatMessagesTable.fromStaff, reader === 'address'),
        isNull(chatMessagesTable.readAt),
      ))
      .returning({ id: chatMessagesTable.id });
    return updated.length;
  });
}

/** The unread count of the team's messages for an address in a project (the tile's number). */
export async function addressUnreadCount(db: Db, projectId: number, addressId: number): Promise<number> {
  const [row] = await db
    .select({ n: chatConversations.addressUnreadCount })
    .from(chatConversations)
    .where(and(eq(chatConversations.projectId, projectId), eq(chatConversations.addressId, addressId)))
    .limit(1);
  return row?.n ?? 0;
}

/** The main occupant's full name of the conversation's address (qualified names: see project.service). */
const occupantNameSql = sql<string | null>`(SELECT concat_ws(' ', o.first_name, o.affix, o.last_name) FROM ${occupants} o
  WHERE o.address_id = "chat_conversations"."address_id" AND o.is_main ORDER BY o.id LIMIT 1)`;

function inboxSelect(db: Db) {
  return db
    .select({
      conversation: chatConversations,
      street: addresses.street,
      houseNumber: addresses.houseNumber,
      zipcode: addresses.zipcode,
      city: addresses.city,
      occupantName: occupantNameSql,
    })
    .from(chatConversations)
    .leftJoin(addresses, eq(addresses.id, chatConversations.addressId));
}
export type InboxRow = Awaited<ReturnType<typeof inboxSelect>>[number];

/** The inbox order: unread first, then the newest last message, then id (all descending; one index). */
const isUnreadByStaff = sql`(${chatConversations.staffUnreadCount} > 0)`;

/**
 * The team's inbox of a project: conversations with at least one message, unread first, then the
 * newest; each with the address and its main occupant's name (one query, no query per row). With
 * `before` it continues after that conversation of the same project (where it stands now; another
 * project's id gives none). The cursor is read first, so that the page is one range scan of the index.
 */
export async function listInbox(db: Db, projectId: number, page: { before?: number; limit: number }) {
  const listed = and(eq(chatConversations.projectId, projectId), isNotNull(chatConversations.lastMessageAt));
  let after: SQL | undefined;
  if (page.before !== undefined) {
    const [cursor] = await db
      .select({ unread: sql<boolean>`${isUnreadByStaff}`, at: sql<string>`${chatConversations.lastMessageAt}::text`, id: chatConversations.id })
      .from(chatConversations)
      .where(and(eq(chatConversations.id, page.before), listed))
      .limit(1);
    if (!cursor) return [];
    after = sql`(${isUnreadByStaff}, ${chatConversations.lastMessageAt}, ${chatConversations.id}) < (${cursor.unread}, ${cursor.at}::timestamptz, ${cursor.id})`;
  }
  return inboxSelect(db)
    .where(and(listed, after))
    .orderBy(desc(isUnreadByStaff), desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(page.limit);
}
export async function findInboxEntry(db: Db, conversationId: number): Promise<InboxRow | null> {
  const [row] = await inboxSelect(db).where(eq(chatConversations.id, conversationId)).limit(1);
  return row ?? null;
}

/** The project's notification, else the customer's default. */
export async function findNotification(db: Db, customerId: number, projectId: number): Promise<NotificationRow | null> {
  const [row] = await db
    .select()
    .from(chatNotifications)
    .where(and(eq(chatNotifications.customerId, customerId), sql`(${chatNotifications.projectId} = ${projectId} OR ${chatNotifications.projectId} IS NULL)`))
    .orderBy(sql`${chatNotifications.projectId} IS NULL`)
    .limit(1);
  return row ?? null;
}

export async function findUserName(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

export async function findOccupantName(db: Db, occupantId: number, addressId: number): Promise<string | null> {
  return (await findOccupantContact(db, occupantId, addressId))?.name ?? null;
}

/** The occupant's name and e-mail address (the chat answer's `client`), if the occupant lives at the address. */
export async function findOccupantContact(db: Db, occupantId: number, addressId: number): Promise<{ name: string; email: string | null } | null> {
  const [row] = await db
    .select({ name: sql<string>`concat_ws(' ', ${occupants.firstName}, ${occupants.affix}, ${occupants.lastName})`, email: occupants.emailAddress })
    .from(occupants)
    .where(and(eq(occupants.id, occupantId), eq(occupants.addressId, addressId)))
    .limit(1);
  return row ?? null;
}
