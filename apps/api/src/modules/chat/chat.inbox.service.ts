import { and, eq, isNull } from 'drizzle-orm';
import {
  formatPostcode,
  accessMessages, INBOX_STATUS_LABELS, inboxMessages, roleCan,
  type TAnswerTimes, type TChatNote, type TChatNotification, type TInboxContext, type TInboxConversation, type TInboxConversationDetail,
  type TInboxFilter, type TInboxListQuery, type TNotificationBody, type TPageQuery, type TSavedReply, type TSavedReplyBody,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { exportTable, type ExportColumn, type ExportFile, type ExportFormat } from '../../lib/table-export.ts';
import { listAppointments } from '../appointment/index.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { formEntries, forms, listAddressOccupants } from '../form-engine/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProjectService } from '../project/project.service.ts';
import { customerPortalOrigin } from '../staff-addresses/index.ts';
import type { NotifyInput } from '../notifications/index.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import {
  answerTimes, claimAnswerMail, deleteSavedReply, findInboxConversation, findSavedReply, insertNote, insertSavedReply,
  listInboxConversations, listNotes, listProjectStaff, listSavedReplies, titleTaken, updateConversation, updateSavedReply,
  type InboxListRow, type InboxScope, type SavedReplyRow,
} from './chat.inbox.repository.ts';
import { insertMessage, listMessages, markRead } from './chat.repository.ts';
import { chatNotifications } from './chat.table.ts';
import { toChatMessage, toChatNotification } from './chat.service.ts';

export type ChatInboxDeps = {
  db: Db;
  audit: AuditService;
  jobs: JobQueue;
  mailer: Mailer;
  /** Residents are told through the notifications module (issue 19); visitors without an account still by e-mail. */
  notifications: { notify(tx: Queryable, input: NotifyInput): Promise<void> };
  projects: ProjectService;
  publicUrl: string;
  /** The clock (tests pass their own). */
  now?: () => Date;
  /**
   * How long after an answer the resident's e-mail is considered: read by then, no e-mail. The seam for push
   * (issue 19): the same job decides; a push channel is one more recipient kind in `sendAnswerMail`.
   */
  answerMailDelayMs?: number;
};

/** At most one answer e-mail per conversation per hour. */
export const ANSWER_MAIL_INTERVAL_MS = 3_600_000;
const DEFAULT_MAIL_DELAY_MS = 60_000;
const EXPORT_MAX = 20_000;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const hasChat = (project: { modules: Array<{ name: string }> }) => project.modules.some((m) => m.name === 'messages');
const notFound = () => new NotFoundError(accessMessages.notReached);

function fullAddress(row: InboxListRow): string | null {
  if (row.conversation.addressId === null || row.street === null) return null;
  return `${row.street} ${row.houseNumber ?? ''}, ${formatPostcode(row.zipcode ?? '')} ${row.city ?? ''}`.replace(/\s+/g, ' ').replace(' ,', ',').trim();
}

export function toInboxConversation(row: InboxListRow): TInboxConversation {
  const c = row.conversation;
  const isAddress = c.addressId !== null;
  const street = row.street ? `${row.street} ${row.houseNumber ?? ''}`.trim() : null;
  const firstAnswer = c.firstStaffAnswerAt;
  return {
    id: c.id,
    project: { id: c.projectId, name: row.projectName },
    kind: isAddress ? 'address' : 'visitor',
    name: (isAddress ? row.occupantName || street : c.visitorName) || 'Bezoeker',
    address_id: c.addressId,
    address: fullAddress(row),
    building_unit: row.buildingUnit,
    email: isAddress ? null : c.visitorEmail,
    status: c.status,
    assignee: c.assignedUserId !== null && row.assigneeName !== null ? { id: c.assignedUserId, name: row.assigneeName } : null,
    last_message_preview: c.lastMessagePreview ?? '',
    last_message_at: (c.lastMessageAt ?? c.createdAt).toISOString(),
    last_message_from_staff: c.lastMessageFromStaff,
    unread_count: c.staffUnreadCount,
    created_at: c.createdAt.toISOString(),
    first_answer_at: iso(firstAnswer),
    first_answer_seconds: firstAnswer ? Math.max(0, Math.round((firstAnswer.getTime() - c.createdAt.getTime()) / 1000)) : null,
    closed_at: iso(c.closedAt),
  };
}

const toNote = (row: { id: number; note: string; userName: string; createdAt: Date }): TChatNote =>
  ({ id: row.id, note: row.note, author: row.userName, created_at: row.createdAt.toISOString() });
const toSavedReply = (row: SavedReplyRow): TSavedReply =>
  ({ id: row.id, title: row.title, body: row.body, updated_by: row.updatedBy, updated_at: row.updatedAt.toISOString() });

/** "2 u 5 min" for the export. */
export function durationText(seconds: number | null): string | null {
  if (seconds === null) return null;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} u ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} u`;
}

/**
 * The team inbox in the console (issue 17): the conversations of every project the caller reaches with chat.read (and
 * the project's 'messages' module), their notes and context, answering, assignment, closing and reopening, saved
 * replies, the customer's out-of-hours notice, the answer-time figures, and the resident's e-mail about an unread
 * answer (job 'chat-answer-mail'). Every change is audited in its own transaction; reads of conversations by the guard.
 */
export function createChatInboxService(deps: ChatInboxDeps) {
  const { db, audit, jobs, mailer, projects } = deps;
  const now = deps.now ?? (() => new Date());
  const mailDelay = deps.answerMailDelayMs ?? DEFAULT_MAIL_DELAY_MS;

  /** The projects of the caller's console customer that it reaches with chat.read and that have the chat module. */
  async function scopeOf(ctx: StaffContext, projectId?: number): Promise<InboxScope> {
    const reached = (await projects.reachableProjects(ctx.userId, 'chat.read', ctx.customerId)).filter(hasChat);
    const ids = reached.map((p) => p.id);
    if (projectId !== undefined && !ids.includes(projectId)) throw notFound();
    return { customerId: ctx.customerId, projectIds: projectId !== undefined ? [projectId] : ids, userId: ctx.userId };
  }

  /** A conversation of a project the caller reaches (the guard checked it already; this is the service's own check). */
  async function conversationOf(ctx: StaffContext, conversationId: number, executor: Queryable = db, known?: InboxScope): Promise<InboxListRow> {
    // The scope is read first: inside a transaction only the transaction may query.
    const scope = known ?? await scopeOf(ctx);
    const row = await findInboxConversation(executor, conversationId);
    if (!row || row.customerId !== ctx.customerId) throw notFound();
    if (!scope.projectIds.includes(row.conversation.projectId)) throw notFound();
    return row;
  }

  async function contextOf(projectId: number, addressId: number): Promise<TInboxContext> {
    const [people, entries, appointments] = await Promise.all([
      listAddressOccupants(db, addressId),
      db.select({
        formId: forms.id, name: forms.name, kind: forms.kind, entryId: formEntries.id, status: formEntries.status, locked: formEntries.locked,
        agreement: formEntries.agreement, onPaper: formEntries.onPaper, updatedAt: formEntries.updatedAt,
      }).from(formEntries).innerJoin(forms, eq(forms.id, formEntries.formId))
        .where(and(eq(formEntries.projectId, projectId), eq(formEntries.addressId, addressId), isNull(forms.archivedAt)))
        .orderBy(formEntries.updatedAt).limit(100),
      listAppointments(db, { addressId, projectId }),
    ]);
    const finished = (e: (typeof entries)[number]) => e.locked || e.status === 'sent' || e.status === 'completed';
    return {
      occupants: people.map((o) => ({ id: o.id, name: [o.firstName, o.affix, o.lastName].filter(Boolean).join(' ') })),
      open_forms: entries.filter((e) => e.kind !== 'support-base' && !finished(e)).map((e) => ({
        form_id: e.formId, entry_id: e.entryId, name: e.name, kind: e.kind, status: e.status || 'started', updated_at: e.updatedAt.toISOString(),
      })),
      appointments: appointments.map((a) => ({
        id: a.id, subject: a.subject, starts_at: iso(a.startsAt), status: a.isCancelled ? 'cancelled' : a.confirmedAt ? 'confirmed' : a.slotId ? 'planned' : 'unplanned',
      })),
      consent: entries.filter((e) => e.kind === 'support-base').map((e) => ({
        form_id: e.formId, name: e.name, agreement: e.agreement === 'agree' || e.agreement === 'disagree' ? e.agreement : null,
        signed: e.status === 'signed' || e.locked, on_paper: e.onPaper,
      })),
    };
  }

  async function detail(ctx: StaffContext, conversationId: number, page: TPageQuery = {}): Promise<Page<TInboxConversationDetail>> {
    let row = await conversationOf(ctx, conversationId);
    const size = pageSize(page);
    const { items, hasMore } = toPage(await listMessages(db, conversationId, { before: page.before, limit: size + 1 }), size);
    if (page.before === undefined && row.conversation.staffUnreadCount > 0) {
      await markRead(db, conversationId, 'staff');
      row = { ...row, conversation: { ...row.conversation, staffUnreadCount: 0 } };
    }
    const [notes, context] = await Promise.all([
      listNotes(db, conversationId),
      row.conversation.addressId !== null ? contextOf(row.conversation.projectId, row.conversation.addressId) : Promise.resolve(null),
    ]);
    return {
      items: [{
        conversation: toInboxConversation(row), chat: items.reverse().map(toChatMessage), notes: notes.map(toNote), context,
        can_answer: roleCan(ctx.role, 'chat.answer'),
      }],
      hasMore,
    };
  }

  /** A change to the conversation, audited in its transaction; answers the conversation as it is after. */
  async function change(
    ctx: StaffContext, conversationId: number, action: string,
    run: (tx: Queryable, row: InboxListRow) => Promise<{ before?: unknown; after?: unknown } | void>,
  ): Promise<TInboxConversation> {
    const scope = await scopeOf(ctx);
    await db.transaction(async (tx) => {
      const row = await conversationOf(ctx, conversationId, tx, scope);
      const logged = (await run(tx, row)) ?? {};
      await audit.record(ctx, { action, entity: 'conversation', entityId: conversationId, projectId: row.conversation.projectId, ...logged }, tx);
    });
    return toInboxConversation((await findInboxConversation(db, conversationId))!);
  }

  function savedReplyTitleTaken() {
    return new ConflictError(inboxMessages.titleTaken, [{ field: 'title', message: inboxMessages.titleTaken }]);
  }

  return {
    async list(ctx: StaffContext, query: TInboxListQuery): Promise<Page<TInboxConversation>> {
      const scope = await scopeOf(ctx, query.project_id);
      const size = pageSize(query);
      const rows = await listInboxConversations(db, scope, query, { before: query.before, limit: size + 1 });
      const page = toPage(rows, size);
      return { items: page.items.map(toInboxConversation), hasMore: page.hasMore };
    },

    /** The inbox as filtered, as CSV or XLSX (the conversations, not their messages). */
    async export(ctx: StaffContext, filter: Omit<TInboxFilter, 'language'>, format: ExportFormat): Promise<ExportFile> {
      const scope = await scopeOf(ctx, filter.project_id);
      const rows = (await listInboxConversations(db, scope, filter, { limit: EXPORT_MAX })).map(toInboxConversation);
      const when = (value: string | null) => (value ? new Date(value) : null);
      const columns: ExportColumn<TInboxConversation>[] = [
        { header: 'Gesprek', value: (r) => r.id, kind: 'number' },
        { header: 'Project', value: (r) => r.project.name, width: 24 },
        { header: 'Naam', value: (r) => r.name, width: 24 },
        { header: 'Adres', value: (r) => r.address, width: 34 },
        { header: 'Bouwkundige eenheid', value: (r) => r.building_unit },
        { header: 'E-mail bezoeker', value: (r) => r.email, width: 24 },
        { header: 'Status', value: (r) => INBOX_STATUS_LABELS[r.status] },
        { header: 'Toegewezen aan', value: (r) => r.assignee?.name ?? null, width: 20 },
        { header: 'Laatste bericht', value: (r) => r.last_message_preview, width: 40 },
        { header: 'Laatste bericht op', value: (r) => when(r.last_message_at), kind: 'date', width: 18 },
        { header: 'Ongelezen', value: (r) => r.unread_count, kind: 'number' },
        { header: 'Eerste antwoord na', value: (r) => durationText(r.first_answer_seconds) },
      ];
      const file = await exportTable(format, 'Inbox', columns, rows);
      await audit.record(ctx, { action: `inbox-export-${format}`, entity: 'conversation', projectId: filter.project_id ?? null, after: { filter, count: rows.length } });
      return file;
    },

    detail,

    async answer(ctx: StaffContext, conversationId: number, message: string) {
      let item!: ReturnType<typeof toChatMessage>;
      let addressId: number | null = null;
      const scope = await scopeOf(ctx);
      await db.transaction(async (tx) => {
        const row = await conversationOf(ctx, conversationId, tx, scope);
        addressId = row.conversation.addressId;
        const sent = await insertMessage(tx as unknown as Db, conversationId, { message, fromStaff: true, fromUserId: ctx.userId, fromUserName: ctx.name });
        item = toChatMessage(sent);
        await audit.record(ctx, { action: 'chat-answer', entity: 'conversation', entityId: conversationId, projectId: row.conversation.projectId, after: { message: sent.id } }, tx);
        // The resident hears of it by e-mail if it is still unread a little later (at most once an hour; chat-answer-mail).
        await jobs.add('chat-answer-mail', { conversationId }, { tx, runAt: new Date(now().getTime() + mailDelay), maxAttempts: 5 });
      });
      if (addressId !== null) await projects.invalidateNewItems({ addressId });
      return { conversation: toInboxConversation((await findInboxConversation(db, conversationId))!), item };
    },

    async addNote(ctx: StaffContext, conversationId: number, note: string): Promise<TChatNote> {
      let made!: TChatNote;
      await change(ctx, conversationId, 'chat-note', async (tx) => {
        const row = await insertNote(tx, { conversationId, userId: ctx.userId, userName: ctx.name, note });
        made = toNote(row);
        return { after: { note: row.id } };
      });
      return made;
    },

    async assign(ctx: StaffContext, conversationId: number, userId: number | null): Promise<TInboxConversation> {
      return change(ctx, conversationId, 'chat-assign', async (tx, row) => {
        if (userId !== null) {
          const staff = await listProjectStaff(tx, ctx.customerId, row.conversation.projectId, 'chat.answer');
          if (!staff.some((s) => s.id === userId)) {
            throw new UnprocessableError(inboxMessages.assigneeNotReaching, [{ field: 'user_id', message: inboxMessages.assigneeNotReaching }]);
          }
        }
        await updateConversation(tx, conversationId, { assignedUserId: userId });
        return { before: { assigned: row.conversation.assignedUserId }, after: { assigned: userId } };
      });
    },

    async assignees(ctx: StaffContext, conversationId: number) {
      const row = await conversationOf(ctx, conversationId);
      return (await listProjectStaff(db, ctx.customerId, row.conversation.projectId, 'chat.answer')).map((s) => ({ id: s.id, name: s.name }));
    },

    async close(ctx: StaffContext, conversationId: number): Promise<TInboxConversation> {
      return change(ctx, conversationId, 'chat-close', async (tx, row) => {
        if (row.conversation.status === 'closed') throw new ConflictError(inboxMessages.alreadyClosed);
        await updateConversation(tx, conversationId, { status: 'closed', closedAt: now() });
        return { before: { status: row.conversation.status }, after: { status: 'closed' } };
      });
    },

    /** Reopened: 'open' when the resident spoke last, else 'waiting' (the states' meaning stays what it is). */
    async reopen(ctx: StaffContext, conversationId: number): Promise<TInboxConversation> {
      return change(ctx, conversationId, 'chat-reopen', async (tx, row) => {
        if (row.conversation.status !== 'closed') throw new ConflictError(inboxMessages.notClosed);
        const status = row.conversation.lastMessageFromStaff ? 'waiting' : 'open';
        await updateConversation(tx, conversationId, { status, closedAt: null });
        return { before: { status: 'closed' }, after: { status } };
      });
    },

    async answerTimes(ctx: StaffContext, projectId: number): Promise<TAnswerTimes> {
      await scopeOf(ctx, projectId);
      const t = await answerTimes(db, projectId);
      return {
        project_id: projectId, answered: t.answered, unanswered: t.unanswered, average_seconds: t.average, median_seconds: t.median,
        by_status: { open: t.open, waiting: t.waiting, closed: t.closed },
      };
    },

    // ---- saved replies (per customer) ----

    async savedReplies(ctx: StaffContext): Promise<TSavedReply[]> {
      return (await listSavedReplies(db, ctx.customerId)).map(toSavedReply);
    },

    async createSavedReply(ctx: StaffContext, body: TSavedReplyBody): Promise<TSavedReply> {
      return db.transaction(async (tx) => {
        if (await titleTaken(tx, ctx.customerId, body.title)) throw savedReplyTitleTaken();
        const row = await insertSavedReply(tx, { customerId: ctx.customerId, title: body.title, body: body.body, updatedBy: ctx.name });
        await audit.record(ctx, { action: 'saved-reply-create', entity: 'saved-reply', entityId: row.id, after: { title: row.title } }, tx);
        return toSavedReply(row);
      });
    },

    async updateSavedReply(ctx: StaffContext, id: number, body: TSavedReplyBody): Promise<TSavedReply> {
      return db.transaction(async (tx) => {
        const before = await findSavedReply(tx, ctx.customerId, id);
        if (!before) throw new NotFoundError(inboxMessages.replyNotFound);
        if (await titleTaken(tx, ctx.customerId, body.title, id)) throw savedReplyTitleTaken();
        const row = (await updateSavedReply(tx, ctx.customerId, id, { title: body.title, body: body.body, updatedBy: ctx.name }))!;
        await audit.record(ctx, { action: 'saved-reply-update', entity: 'saved-reply', entityId: id, before: { title: before.title, body: before.body }, after: { title: row.title, body: row.body } }, tx);
        return toSavedReply(row);
      });
    },

    async deleteSavedReply(ctx: StaffContext, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await findSavedReply(tx, ctx.customerId, id);
        if (!before || !(await deleteSavedReply(tx, ctx.customerId, id))) throw new NotFoundError(inboxMessages.replyNotFound);
        await audit.record(ctx, { action: 'saved-reply-delete', entity: 'saved-reply', entityId: id, before: { title: before.title } }, tx);
      });
    },

    // ---- the customer's out-of-hours notice (chat_notifications with project_id null) ----

    async notification(ctx: StaffContext): Promise<TChatNotification> {
      const [row] = await db.select().from(chatNotifications)
        .where(and(eq(chatNotifications.customerId, ctx.customerId), isNull(chatNotifications.projectId))).limit(1);
      return toChatNotification(row ?? {
        id: 0, customerId: ctx.customerId, projectId: null, show: 'off', title: '', text: '', sunday: false, monday: true, tuesday: true, wednesday: true,
        thursday: true, friday: true, saturday: false, fromHour: '08:00', tillHour: '17:00',
      }, now());
    },

    async setNotification(ctx: StaffContext, body: TNotificationBody): Promise<TChatNotification> {
      const values = {
        show: body.show, title: body.title, text: body.text, sunday: body.sunday, monday: body.monday, tuesday: body.tuesday, wednesday: body.wednesday,
        thursday: body.thursday, friday: body.friday, saturday: body.saturday, fromHour: body.from_hour, tillHour: body.till_hour,
      };
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(chatNotifications)
          .where(and(eq(chatNotifications.customerId, ctx.customerId), isNull(chatNotifications.projectId))).limit(1);
        if (before) await tx.update(chatNotifications).set(values).where(eq(chatNotifications.id, before.id));
        else await tx.insert(chatNotifications).values({ customerId: ctx.customerId, projectId: null, ...values });
        await audit.record(ctx, { action: 'chat-notification-update', entity: 'customer', entityId: ctx.customerId, before: before ?? null, after: values }, tx);
      });
      return this.notification(ctx);
    },

    /**
     * The job 'chat-answer-mail': when a team answer is still unread by the address (or visitor), and no such e-mail
     * went out for this conversation in the last hour, the household's e-mail addresses (or the visitor's, when given)
     * hear of it. Nothing else of the answer is in the e-mail. Push (issue 19) joins here as a second channel.
     */
    async sendAnswerMail(payload: Record<string, unknown>): Promise<void> {
      const conversationId = Number(payload.conversationId);
      if (!Number.isSafeInteger(conversationId)) return;
      const claimed = await claimAnswerMail(db, conversationId, now(), ANSWER_MAIL_INTERVAL_MS);
      if (!claimed) return;
      const found = await projects.projectWithCustomer(claimed.projectId);
      if (!found) return;
      const origin = customerPortalOrigin(found.customer, deps.publicUrl);
      const recipients: Array<{ to: string; name: string | null; link: string }> = [];
      if (claimed.addressId !== null) {
        // The household hears of it through the notifications module (category 'chat': e-mail, push, as each person chose).
        await deps.notifications.notify(db, {
          category: 'chat', to: { addressIds: [claimed.addressId] }, projectId: claimed.projectId,
          title: inboxMessages.answerMail.subject(found.project.name), body: inboxMessages.answerNotice(found.project.name), url: '/berichten', tag: `chat:${conversationId}`,
        });
        return;
      }
      if (claimed.visitorEmail) {
        recipients.push({ to: claimed.visitorEmail, name: claimed.visitorName, link: `${origin}/public/berichten/${claimed.projectId}` });
      }
      const seen = new Set<string>();
      for (const r of recipients) {
        if (seen.has(r.to.toLowerCase())) continue;
        seen.add(r.to.toLowerCase());
        await mailer.send({
          to: r.to, subject: inboxMessages.answerMail.subject(found.project.name), text: inboxMessages.answerMail.text(r.name, found.project.name, r.link),
        });
      }
    },
  };
}
export type ChatInboxService = ReturnType<typeof createChatInboxService>;
