import { z } from 'zod';
import { ZId, ZLanguage, ZPageQuery } from './common.ts';
import { CHAT_WEEKDAY_FLAGS, ZChatMessage, ZChatNotification } from './chat.ts';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_NOTIFICATION_SHOW, HOUR_PATTERN } from './chat-rules.ts';

/**
 * The team inbox in the staff console (issue 17, "Team inbox"): every conversation of the projects the staff member
 * reaches (residents and public visitors) in one list, filtered by project, state, assignee and a search; one
 * conversation with its private notes and the address's context (household, open forms, appointments, consent);
 * answering, assigning, closing and reopening; saved replies and the out-of-hours notice per customer; the time to
 * first answer per conversation and per project. Reads need chat.read, everything that changes chat.answer.
 *
 * States (chat_conversations.status): 'open' the resident's or visitor's last message awaits the team, 'waiting' the
 * team answered and waits for the resident, 'closed' closed by the team (a new message of the resident opens it again).
 */
export const staffInboxPaths = {
  list: '/staff/inbox',
  export: '/staff/inbox/export',
  conversation: '/staff/conversations/:conversationId',
  messages: '/staff/conversations/:conversationId/messages',
  notes: '/staff/conversations/:conversationId/notes',
  assignee: '/staff/conversations/:conversationId/assignee',
  assignees: '/staff/conversations/:conversationId/assignees',
  close: '/staff/conversations/:conversationId/close',
  reopen: '/staff/conversations/:conversationId/reopen',
  answerTimes: '/staff/projects/:projectId/inbox/answer-times',
  savedReplies: '/staff/saved-replies',
  savedReply: '/staff/saved-replies/:replyId',
  notification: '/staff/chat-notification',
} as const;

export const INBOX_STATUSES = ['open', 'waiting', 'closed'] as const;
export const ZInboxStatus = z.enum(INBOX_STATUSES);
export type TInboxStatus = z.infer<typeof ZInboxStatus>;

export const INBOX_STATUS_LABELS: Record<TInboxStatus, string> = { open: 'Open', waiting: 'Wacht op bewoner', closed: 'Gesloten' };

export const NOTE_MAX_LENGTH = 2000;
export const SAVED_REPLY_TITLE_MAX = 80;
export const SAVED_REPLY_BODY_MAX = CHAT_MESSAGE_MAX_LENGTH;
export const SEARCH_MAX_LENGTH = 100;

export const inboxMessages = {
  notFound: 'Dit gesprek bestaat niet of hoort niet bij uw projecten.',
  assigneeNotReaching: 'Deze medewerker werkt niet aan het project van dit gesprek en kan het niet toegewezen krijgen.',
  assigneeInvalid: 'Kies een medewerker of ‘niemand’.',
  noteRequired: 'Schrijf een notitie.',
  noteTooLong: `Een notitie is ten hoogste ${NOTE_MAX_LENGTH} tekens lang.`,
  alreadyClosed: 'Dit gesprek is al gesloten.',
  notClosed: 'Dit gesprek is niet gesloten.',
  titleRequired: 'Geef het standaardantwoord een titel.',
  titleTooLong: `Een titel is ten hoogste ${SAVED_REPLY_TITLE_MAX} tekens lang.`,
  bodyRequired: 'Schrijf de tekst van het standaardantwoord.',
  bodyTooLong: `De tekst is ten hoogste ${SAVED_REPLY_BODY_MAX} tekens lang.`,
  titleTaken: 'Er is al een standaardantwoord met deze titel.',
  replyNotFound: 'Dit standaardantwoord bestaat niet (meer).',
  assignedInvalid: 'Filter op ‘ik’, ‘niemand’ of een medewerker.',
  hourInvalid: 'Vul een tijd in als 08:30.',
  hoursOrder: 'De eindtijd ligt na de begintijd.',
  showInvalid: 'Kies wanneer de melding wordt getoond.',
  /** The e-mail to a resident (or visitor) about an unread answer. */
  /** The notification to the household (issue 19): e-mail, push, as each person chose. */
  answerNotice: (project: string) => `Het projectteam van ${project} heeft uw bericht beantwoord. Lees het antwoord in het bewonersportaal.`,
  answerMail: {
    subject: (project: string) => `Nieuw antwoord op uw bericht – ${project}`,
    text: (name: string | null, project: string, link: string) =>
      `${name ? `Beste ${name}` : 'Beste bewoner'},\n\nHet projectteam van ${project} heeft uw bericht beantwoord.\n\n`
      + `Lees het antwoord in het bewonersportaal: ${link}\n\nU krijgt hooguit één zo'n e-mail per uur.\n\nMet vriendelijke groet,\nHet projectteam`,
  },
} as const;

/** The placeholders a saved reply may hold; filled in from the conversation when it is inserted. */
export const SAVED_REPLY_PLACEHOLDERS = ['{voornaam}', '{achternaam}', '{naam}', '{adres}', '{project}', '{medewerker}'] as const;

/** Fills a saved reply's placeholders; an unknown value leaves the placeholder out (with its space). */
export function fillSavedReply(body: string, values: Partial<Record<'voornaam' | 'achternaam' | 'naam' | 'adres' | 'project' | 'medewerker', string | null>>): string {
  return body.replace(/\{(voornaam|achternaam|naam|adres|project|medewerker)\}/g, (_, key: keyof typeof values) => values[key] ?? '')
    .replace(/ {2,}/g, ' ').replace(/ ([,.!?])/g, '$1');
}

/** 'me' (the caller), 'none' (unassigned) or a staff account's id. */
export const ZAssignedFilter = z.string().regex(/^(me|none|[1-9]\d{0,9})$/, inboxMessages.assignedInvalid)
  .refine((v) => !/^\d/.test(v) || Number(v) <= 2_147_483_647, inboxMessages.assignedInvalid);

export const ZInboxFilter = z.object({
  project_id: ZId.optional(),
  status: ZInboxStatus.optional(),
  assigned: ZAssignedFilter.optional(),
  /** Words of the address, the household's or visitor's name, or of the messages. */
  q: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  language: ZLanguage,
});
export type TInboxFilter = z.infer<typeof ZInboxFilter>;
export const ZInboxListQuery = ZInboxFilter.extend(ZPageQuery.shape);
export type TInboxListQuery = z.infer<typeof ZInboxListQuery>;
export const ZInboxExportQuery = ZInboxFilter.extend({ format: z.enum(['csv', 'xlsx']) });

export const ZInboxConversation = z.object({
  id: z.number().int(),
  project: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(['address', 'visitor']),
  /** The main occupant's full name, or the visitor's name. */
  name: z.string(),
  address_id: z.number().int().nullable(),
  /** 'Tulpstraat 10, 1234AB Utrecht'; null for a visitor. */
  address: z.string().nullable(),
  building_unit: z.string().nullable(),
  /** A visitor's e-mail address, when given. */
  email: z.string().nullable(),
  status: ZInboxStatus,
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  last_message_preview: z.string(),
  last_message_at: z.string(),
  last_message_from_staff: z.boolean(),
  unread_count: z.number().int().min(0),
  created_at: z.string(),
  first_answer_at: z.string().nullable(),
  /** Seconds from the conversation's start to the team's first answer; null while unanswered. */
  first_answer_seconds: z.number().int().nullable(),
  closed_at: z.string().nullable(),
});
export type TInboxConversation = z.infer<typeof ZInboxConversation>;
export const ZInboxList = z.array(ZInboxConversation);

export const ZChatNote = z.object({ id: z.number().int(), note: z.string(), author: z.string(), created_at: z.string() });
export type TChatNote = z.infer<typeof ZChatNote>;

/** The address's context beside the conversation (nothing for a visitor). */
export const ZInboxContext = z.object({
  /** The household, the main occupant first. */
  occupants: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Entries of the project's forms that are not finished (started, answered, not locked or sent). */
  open_forms: z.array(z.object({ form_id: z.number().int(), entry_id: z.number().int(), name: z.string(), kind: z.string(), status: z.string(), updated_at: z.string() })),
  appointments: z.array(z.object({ id: z.number().int(), subject: z.string(), starts_at: z.string().nullable(), status: z.string() })),
  /** The address's consent per support-base form: 'agree', 'disagree', or null (not answered / not signed). */
  consent: z.array(z.object({ form_id: z.number().int(), name: z.string(), agreement: z.enum(['agree', 'disagree']).nullable(), signed: z.boolean(), on_paper: z.boolean() })),
});
export type TInboxContext = z.infer<typeof ZInboxContext>;

export const ZInboxConversationDetail = z.object({
  conversation: ZInboxConversation,
  /** One page of messages, oldest first (paging.ts: `before` the oldest held; X-Has-More). */
  chat: z.array(ZChatMessage),
  notes: z.array(ZChatNote),
  context: ZInboxContext.nullable(),
  /** Whether the caller may answer, assign, close and reopen (chat.answer). */
  can_answer: z.boolean(),
});
export type TInboxConversationDetail = z.infer<typeof ZInboxConversationDetail>;

export const ZConversationIdParams = z.object({ conversationId: ZId });
export const ZInboxProjectParams = z.object({ projectId: ZId });
export const ZSavedReplyParams = z.object({ replyId: ZId });

export const ZInboxAnswerBody = z.object({
  message: z.string({ error: 'Schrijf een bericht.' }).trim().min(1, 'Schrijf een bericht.').max(CHAT_MESSAGE_MAX_LENGTH, `Een bericht is ten hoogste ${CHAT_MESSAGE_MAX_LENGTH} tekens lang.`),
  language: ZLanguage,
});
export const ZNoteBody = z.object({
  note: z.string({ error: inboxMessages.noteRequired }).trim().min(1, inboxMessages.noteRequired).max(NOTE_MAX_LENGTH, inboxMessages.noteTooLong),
  language: ZLanguage,
});
/** `user_id` null: unassigned. */
export const ZAssigneeBody = z.object({ user_id: z.number({ error: inboxMessages.assigneeInvalid }).int().positive().max(2_147_483_647).nullable(), language: ZLanguage });

export const ZInboxAssignee = z.object({ id: z.number().int(), name: z.string() });
export const ZInboxAssignees = z.array(ZInboxAssignee);

export const ZAnswerTimes = z.object({
  project_id: z.number().int(),
  /** Conversations the team answered. */
  answered: z.number().int(),
  /** Conversations with a message from the resident that no one answered yet. */
  unanswered: z.number().int(),
  average_seconds: z.number().int().nullable(),
  median_seconds: z.number().int().nullable(),
  by_status: z.object({ open: z.number().int(), waiting: z.number().int(), closed: z.number().int() }),
});
export type TAnswerTimes = z.infer<typeof ZAnswerTimes>;

export const ZSavedReply = z.object({ id: z.number().int(), title: z.string(), body: z.string(), updated_by: z.string().nullable(), updated_at: z.string() });
export type TSavedReply = z.infer<typeof ZSavedReply>;
export const ZSavedReplies = z.array(ZSavedReply);
export const ZSavedReplyBody = z.object({
  title: z.string({ error: inboxMessages.titleRequired }).trim().min(1, inboxMessages.titleRequired).max(SAVED_REPLY_TITLE_MAX, inboxMessages.titleTooLong),
  body: z.string({ error: inboxMessages.bodyRequired }).trim().min(1, inboxMessages.bodyRequired).max(SAVED_REPLY_BODY_MAX, inboxMessages.bodyTooLong),
  language: ZLanguage,
});
export type TSavedReplyBody = z.input<typeof ZSavedReplyBody>;

/** The customer's out-of-hours notice above the chat (the default of its projects; a project may have its own). */
export const ZNotificationBody = z.object({
  show: z.enum(CHAT_NOTIFICATION_SHOW, { error: inboxMessages.showInvalid }),
  title: z.string().trim().max(120),
  text: z.string().trim().max(2000),
  ...CHAT_WEEKDAY_FLAGS,
  from_hour: z.string().regex(HOUR_PATTERN, inboxMessages.hourInvalid),
  till_hour: z.string().regex(HOUR_PATTERN, inboxMessages.hourInvalid),
  language: ZLanguage,
}).refine((b) => b.from_hour < b.till_hour, { message: inboxMessages.hoursOrder, path: ['till_hour'] });
export type TNotificationBody = z.input<typeof ZNotificationBody>;
export const ZStaffNotification = ZChatNotification;
