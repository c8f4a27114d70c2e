import { z } from 'zod';
import { ZId, ZLanguage, ZVisitorUnique } from './common.ts';
import {
  CHAT_EMAIL_MAX_LENGTH, CHAT_MESSAGE_MAX_LENGTH, CHAT_NAME_MAX_LENGTH, CHAT_NOTIFICATION_SHOW, chatMessages, HOUR_PATTERN, isValidEmail,
} from './chat-rules.ts';

/**
 * Chat ('Contact', spec sections 2, 3, 5, 7): one conversation per address and project for residents,
 * one per visitor code (`unique`) and project for public visitors, and the project team's inbox.
 *
 * - GET  /occupant/chat[?project_id][&before&limit]  -> ZOccupantChat (the first page marks the team's messages read)
 * - POST /occupant/chat[?project_id] {message}       -> ZChatSendResponse
 * - GET  /public/chat/{project_id}[/{unique}][?before&limit] -> ZPublicChat; without a code a new one is issued (and stored)
 * - POST /public/chat/{project_id}[/{unique}] {from_name, from_email, message} -> ZChatSendResponse (with unique)
 * - GET  /partner/project/{project_id}/chats[?before&limit] -> ZPartnerConversation[] (unread first, then newest)
 * - GET  /partner/chat/{conversation_id}[?before&limit] -> ZPartnerChat (the first page marks the resident's/visitor's messages read)
 * - POST /partner/chat/{conversation_id} {message}   -> ZChatSendResponse (from_user_name = the partner's name)
 *
 * Only projects whose module list has 'messages' take chat (404 otherwise). The history and the inbox
 * are paged (paging.ts): a chat answer holds one page of messages, oldest first: without `before` the
 * newest PAGE_DEFAULT_LIMIT, with `before` (the oldest message held) the ones before it; the header
 * X-Has-More says whether older messages remain. A visitor's code is per project and shared with
 * public surveys and forms: a well-formed code the chat has not seen yet is kept (its conversation
 * starts with the first message), so one stored code serves every module.
 */

export const ZChatMessageType = z.enum(['chat']);

export const ZChatMessage = z.object({
  id: z.number(),
  message: z.string(),
  /** The team member's name when staff sent it; null for the resident's or visitor's own messages. */
  from_user_name: z.string().nullable(),
  /** The resident's (or visitor's) name on their own messages. */
  from_address_name: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  type: ZChatMessageType,
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZHour = z.string().regex(HOUR_PATTERN);

/** The days of the week a chat notification's opening hours hold (true: open that day). */
export const CHAT_WEEKDAY_FLAGS = {
  sunday: z.boolean(), monday: z.boolean(), tuesday: z.boolean(), wednesday: z.boolean(), thursday: z.boolean(), friday: z.boolean(), saturday: z.boolean(),
};

/**
 * The notification shown above the chat (per project, else the customer's). `is_visible` is the
 * server's verdict at answer time: 'on' always, 'off' never, 'between' outside the opening hours
 * (weekday not flagged, or the Europe/Amsterdam time not in [from_hour, till_hour)).
 */
export const ZChatNotification = z.object({
  show: z.enum(CHAT_NOTIFICATION_SHOW),
  title: z.string(),
  text: z.string(),
  ...CHAT_WEEKDAY_FLAGS,
  from_hour: ZHour,
  till_hour: ZHour,
  is_visible: z.boolean(),
});
export type TChatNotification = z.infer<typeof ZChatNotification>;

const ZChatCustomer = z.object({ id: z.number(), name: z.string(), project_name: z.string(), notification: ZChatNotification.nullable() });

/**
 * The resident's chat answer: the spec's chat, customer, client and unique (spec 5, 7), plus the notification
 * at the top level that the portal reads. `client` is the resident (name and e-mail address); `unique` is null:
 * residents are known by their address, not by a visitor code.
 */
export const ZOccupantChat = z.object({
  chat: z.array(ZChatMessage),
  notification: ZChatNotification.nullable(),
  customer: ZChatCustomer,
  client: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  unique: z.string().nullable(),
});
export type TOccupantChat = z.infer<typeof ZOccupantChat>;

export const ZPublicChatParams = z.object({ project_id: ZId, unique: ZVisitorUnique.optional() });
export type TPublicChatParams = z.infer<typeof ZPublicChatParams>;

export const ZPublicChat = z.object({
  chat: z.array(ZChatMessage),
  customer: ZChatCustomer,
  /** What the server remembers of the visitor (from their last message). */
  client: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  /** The visitor code to keep (per project) and send with every later call. */
  unique: z.string(),
});
export type TPublicChat = z.infer<typeof ZPublicChat>;

const ZMessageText = z
  .string({ error: chatMessages.messageRequired })
  .trim()
  .min(1, chatMessages.messageRequired)
  .max(CHAT_MESSAGE_MAX_LENGTH, chatMessages.messageTooLong);

export const ZChatBody = z.object({ message: ZMessageText, language: ZLanguage });
export type TChatBody = z.input<typeof ZChatBody>;

export const ZPublicChatBody = z.object({
  from_name: z
    .string({ error: chatMessages.nameRequired })
    .trim()
    .min(1, chatMessages.nameRequired)
    .max(CHAT_NAME_MAX_LENGTH, chatMessages.nameTooLong),
  /** Optional; when given it must be a valid address. */
  from_email: z
    .string({ error: chatMessages.emailInvalid })
    .trim()
    .max(CHAT_EMAIL_MAX_LENGTH, chatMessages.emailInvalid)
    .refine((value) => value === '' || isValidEmail(value), chatMessages.emailInvalid)
    .nullish(),
  message: ZMessageText,
  language: ZLanguage,
});
export type TPublicChatBody = z.input<typeof ZPublicChatBody>;

export const ZChatSendResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  item: ZChatMessage,
  /** Public sends only: the visitor code the message was filed under. */
  unique: z.string().optional(),
});
export type TChatSendResponse = z.infer<typeof ZChatSendResponse>;

export const ZPartnerConversation = z.object({
  id: z.number(),
  project_id: z.number(),
  kind: z.enum(['address', 'visitor']),
  /** The resident's full name (main occupant), or the visitor's name. */
  name: z.string(),
  /** The full address ('Tulpstraat 10, 1234AB Utrecht'), null for a visitor. */
  address: z.string().nullable(),
  /** The visitor's e-mail address, when they gave one. */
  email: z.string().nullable(),
  last_message_preview: z.string(),
  last_message_at: z.string(),
  last_message_from_staff: z.boolean(),
  /** Messages of the resident or visitor that no team member has opened yet. */
  unread_count: z.number().int().min(0),
});
export type TPartnerConversation = z.infer<typeof ZPartnerConversation>;

export const ZPartnerChat = z.object({
  conversation: ZPartnerConversation,
  chat: z.array(ZChatMessage),
});
export type TPartnerChat = z.infer<typeof ZPartnerChat>;

export const ZProjectChatsParams = z.object({ project_id: ZId });
export const ZConversationParams = z.object({ conversation_id: ZId });
