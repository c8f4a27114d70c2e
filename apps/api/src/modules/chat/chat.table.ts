import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TChatNotificationShow } from '@portal/contract';
import { addresses, occupants } from '../address/address.table.ts';
import { users } from '../auth/auth.table.ts';
import { customers } from '../customer/customer.table.ts';
import { projects } from '../project/project.table.ts';

/**
 * One conversation per address and project (residents) or per visitor code and project (public
 * visitors). The last message and both unread counts are kept on the row, so that the team's inbox
 * is one indexed query and a resident's 'messages' tile count one lookup.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'cascade' }),
    /**
     * SHA-256 of the visitor code (`unique`); the code itself is only in the visitor's browser. One code
     * per project is shared by chat, surveys and forms, so a well-formed code the chat has not seen yet
     * is taken as the visitor's (see chat.service.ts).
     */
    visitorTokenHash: text('visitor_token_hash'),
    visitorName: text('visitor_name'),
    visitorEmail: text('visitor_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview'),
    lastMessageFromStaff: boolean('last_message_from_staff').notNull().default(false),
    /** The resident's or visitor's messages no team member has opened yet. */
    staffUnreadCount: integer('staff_unread_count').notNull().default(0),
    /** The team's messages the address has not opened yet (the dashboard tile's count). */
    addressUnreadCount: integer('address_unread_count').notNull().default(0),
    /**
     * The team inbox's state: 'open' the resident's (or visitor's) last message awaits the team, 'waiting' the team
     * answered and waits for the resident, 'closed' closed by the team (a new message from the resident opens it again).
     */
    status: text('status').$type<'open' | 'waiting' | 'closed'>().notNull().default('open'),
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The team's first answer (the time to first answer is this minus createdAt). */
    firstStaffAnswerAt: timestamp('first_staff_answer_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the resident (or visitor) was last e-mailed about an unread answer: at most once an hour (chat.inbox.service.ts). */
    answerMailedAt: timestamp('answer_mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_conversations_address_idx').on(t.projectId, t.addressId).where(sql`${t.addressId} IS NOT NULL`),
    uniqueIndex('chat_conversations_project_visitor_idx').on(t.projectId, t.visitorTokenHash).where(sql`${t.visitorTokenHash} IS NOT NULL`),
    // The inbox's order (unread by the team first, then the newest; see chat.repository listInbox), so
    // that a page, and the page after a cursor, is one backward range scan instead of a sort of the
    // project's conversations.
    index('chat_conversations_inbox_idx')
      .on(t.projectId, sql`(${t.staffUnreadCount} > 0)`, t.lastMessageAt, t.id)
      .where(sql`${t.lastMessageAt} IS NOT NULL`),
    index('chat_conversations_state_idx')
      .on(t.projectId, t.status, t.lastMessageAt, t.id)
      .where(sql`${t.lastMessageAt} IS NOT NULL`),
    // The project overview's counts per state and of the unassigned, read from the index alone.
    index('chat_conversations_counts_idx')
      .on(t.projectId, t.status, t.assignedUserId)
      .where(sql`${t.lastMessageAt} IS NOT NULL`),
    // The console's inbox: a project's conversations, newest first (chat.inbox.repository.ts).
    index('chat_conversations_recent_idx')
      .on(t.projectId, t.lastMessageAt, t.id)
      .where(sql`${t.lastMessageAt} IS NOT NULL`),
    check('chat_conversations_status_check', sql`${t.status} IN ('open', 'waiting', 'closed')`),
    check('chat_conversations_owner_check', sql`(${t.addressId} IS NULL) <> (${t.visitorTokenHash} IS NULL)`),
  ],
);

export const chatMessagesTable = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id').notNull().references(() => chatConversations.id, { onDelete: 'cascade' }),
    type: text('type').$type<'chat'>().notNull().default('chat'),
    message: text('message').notNull(),
    /** Sent by the project team (a partner, woco user or administrator). */
    fromStaff: boolean('from_staff').notNull(),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromUserName: text('from_user_name'),
    fromOccupantId: integer('from_occupant_id').references(() => occupants.id, { onDelete: 'set null' }),
    fromAddressName: text('from_address_name'),
    /** When the other side opened it: the team for a resident's message, the address for the team's. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt),
    // The console inbox's search in message text (words and word starts, no stemming).
    index('chat_messages_text_idx').using('gin', sql`to_tsvector('simple', ${t.message})`),
  ],
);

/** The team's private notes on a conversation: shown in the console only, never to the resident, visitor or partner portal. */
export const chatNotes = pgTable(
  'chat_notes',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id').notNull().references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_notes_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** A customer's saved replies, managed in the console and inserted when answering ({voornaam} and the like filled in). */
export const chatSavedReplies = pgTable(
  'chat_saved_replies',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedBy: text('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_saved_replies_title_idx').on(t.customerId, sql`lower(${t.title})`)],
);

/**
 * The notification above the chat: one per project, or a customer's default (project_id null).
 * Hours are 'HH:mm' wall-clock times in Europe/Amsterdam.
 */
export const chatNotifications = pgTable(
  'chat_notifications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    show: text('show').$type<TChatNotificationShow>().notNull().default('off'),
    title: text('title').notNull().default(''),
    text: text('text').notNull().default(''),
    sunday: boolean('sunday').notNull().default(false),
    monday: boolean('monday').notNull().default(true),
    tuesday: boolean('tuesday').notNull().default(true),
    wednesday: boolean('wednesday').notNull().default(true),
    thursday: boolean('thursday').notNull().default(true),
    friday: boolean('friday').notNull().default(true),
    saturday: boolean('saturday').notNull().default(false),
    fromHour: text('from_hour').notNull().default('08:00'),
    tillHour: text('till_hour').notNull().default('17:00'),
  },
  (t) => [
    uniqueIndex('chat_notifications_project_idx').on(t.projectId).where(sql`${t.projectId} IS NOT NULL`),
    uniqueIndex('chat_notifications_customer_idx').on(t.customerId).where(sql`${t.projectId} IS NULL`),
    check('chat_notifications_show_check', sql`${t.show} IN ('on', 'between', 'off')`),
  ],
);
