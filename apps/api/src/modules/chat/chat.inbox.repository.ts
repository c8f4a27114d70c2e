import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { roleCan, type TInboxFilter, type TInboxStatus, type TStaffRole } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { addresses, occupantFullNameSql, occupants } from '../address/address.table.ts';
import { staffProjects, userCustomers, users } from '../auth/auth.table.ts';
import { addressSearchConditions } from '../staff-addresses/index.ts';
import { addressProjects, projects } from '../project/project.table.ts';
import { chatConversations, chatMessagesTable, chatNotes, chatSavedReplies } from './chat.table.ts';

/** The console inbox's queries (Drizzle only, db first); every list is scoped by the projects the caller reaches. */

type Executor = Queryable;

const occupantName = sql<string | null>`(SELECT concat_ws(' ', o.first_name, o.affix, o.last_name) FROM ${occupants} o
  WHERE o.address_id = "chat_conversations"."address_id" AND o.is_main ORDER BY o.id LIMIT 1)`;
const buildingUnit = sql<string | null>`(SELECT ap.building_unit FROM ${addressProjects} ap
  WHERE ap.address_id = "chat_conversations"."address_id" AND ap.project_id = "chat_conversations"."project_id")`;

function rowSelect(db: Executor) {
  return db
    .select({
      conversation: chatConversations,
      projectName: projects.name,
      customerId: projects.customerId,
      street: addresses.street,
      houseNumber: addresses.houseNumber,
      zipcode: addresses.zipcode,
      city: addresses.city,
      occupantName,
      buildingUnit,
      assigneeName: users.name,
    })
    .from(chatConversations)
    .innerJoin(projects, eq(projects.id, chatConversations.projectId))
    .leftJoin(addresses, eq(addresses.id, chatConversations.addressId))
    .leftJoin(users, eq(users.id, chatConversations.assignedUserId));
}
export type InboxListRow = Awaited<ReturnType<typeof rowSelect>>[number];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Word starts for PostgreSQL's full-text search ('steiger weg' -> 'steiger:* & weg:*'); null when no word is left. */
export function prefixQuery(q: string): string | null {
  const words = q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * The search: every word in the address (street, house number, postcode, city), or the text in the household's or
 * visitor's name, or every word (as a word start) in one of the conversation's messages (the GIN index
 * chat_messages_text_idx). Each part is a set of ids computed once, not a test per conversation.
 */
function searchCondition(customerId: number, q: string): SQL {
  const like = `%${escapeLike(q)}%`;
  const parts: SQL[] = [
    sql`${chatConversations.addressId} IN (SELECT ${addresses.id} FROM ${addresses} WHERE ${and(eq(addresses.customerId, customerId), ...addressSearchConditions(q))})`,
    sql`${chatConversations.addressId} IN (SELECT o.address_id FROM ${occupants} o WHERE ${occupantFullNameSql('o')} ILIKE ${like})`, // occupants_full_name_trgm_idx
    ilike(chatConversations.visitorName, like),
  ];
  const words = prefixQuery(q);
  if (words) {
    parts.push(sql`${chatConversations.id} IN (SELECT m.conversation_id FROM ${chatMessagesTable} m
      WHERE to_tsvector('simple', m.message) @@ to_tsquery('simple', ${words}))`);
  }
  return or(...parts)!;
}

export type InboxScope = { customerId: number; projectIds: number[]; userId: number };

function filterConditions(scope: InboxScope, filter: Omit<TInboxFilter, 'language'>): SQL[] {
  const where: SQL[] = [
    scope.projectIds.length === 1 ? eq(chatConversations.projectId, scope.projectIds[0]!) : inArray(chatConversations.projectId, scope.projectIds),
    isNotNull(chatConversations.lastMessageAt),
  ];
  if (filter.status) where.push(eq(chatConversations.status, filter.status));
  if (filter.assigned === 'me') where.push(eq(chatConversations.assignedUserId, scope.userId));
  else if (filter.assigned === 'none') where.push(isNull(chatConversations.assignedUserId));
  else if (filter.assigned) where.push(eq(chatConversations.assignedUserId, Number(filter.assigned)));
  if (filter.q) where.push(searchCondition(scope.customerId, filter.q));
  return where;
}

/**
 * The inbox: conversations with a message, newest first (chat_conversations_recent_idx, or chat_conversations_state_idx
 * with a state), keyset-paged after the conversation `before` (read first, so the page is one range scan).
 */
export async function listInboxConversations(
  db: Db, scope: InboxScope, filter: Omit<TInboxFilter, 'language'>, page: { before?: number; limit: number },
): Promise<InboxListRow[]> {
  if (!scope.projectIds.length) return [];
  const where = filterConditions(scope, filter);
  if (page.before !== undefined) {
    const [cursor] = await db.select({ at: sql<string>`${chatConversations.lastMessageAt}::text`, id: chatConversations.id }).from(chatConversations)
      .where(and(eq(chatConversations.id, page.before), inArray(chatConversations.projectId, scope.projectIds), isNotNull(chatConversations.lastMessageAt))).limit(1);
    if (!cursor) return [];
    where.push(sql`(${chatConversations.lastMessageAt}, ${chatConversations.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
  }
  return rowSelect(db).where(and(...where)).orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id)).limit(page.limit);
}

export async function findInboxConversation(db: Executor, conversationId: number): Promise<InboxListRow | null> {
  const [row] = await rowSelect(db).where(eq(chatConversations.id, conversationId)).limit(1);
  return row ?? null;
}

export function listNotes(db: Executor, conversationId: number) {
  return db.select().from(chatNotes).where(eq(chatNotes.conversationId, conversationId)).orderBy(asc(chatNotes.createdAt), asc(chatNotes.id)).limit(200);
}

export async function insertNote(db: Executor, values: typeof chatNotes.$inferInsert) {
  const [row] = await db.insert(chatNotes).values(values).returning();
  return row!;
}

export async function updateConversation(db: Executor, conversationId: number, set: Partial<typeof chatConversations.$inferInsert>, guard?: SQL) {
  const [row] = await db.update(chatConversations).set(set).where(and(eq(chatConversations.id, conversationId), guard)).returning();
  return row ?? null;
}

/**
 * The staff accounts of the customer who reach the project with `permission`: roles with projects.all, or the
 * project among their own. Not disabled. Ordered by name.
 */
export async function listProjectStaff(db: Executor, customerId: number, projectId: number, permission: 'chat.answer' | 'chat.read') {
  const rows = await db
    .select({ id: users.id, name: users.name, role: userCustomers.role, given: sql<boolean>`EXISTS (SELECT 1 FROM ${staffProjects} sp
      WHERE sp.user_id = ${users.id} AND sp.project_id = ${projectId})` })
    .from(userCustomers)
    .innerJoin(users, eq(users.id, userCustomers.userId))
    .where(and(eq(userCustomers.customerId, customerId), isNull(users.disabledAt)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(500);
  return rows.filter((r) => roleCan(r.role as TStaffRole, permission) && (roleCan(r.role as TStaffRole, 'projects.all') || r.given));
}

/** Per project: how many conversations per state, answered and unanswered, and the average and median time to first answer. */
export async function answerTimes(db: Db, projectId: number) {
  const wait = sql`extract(epoch FROM ${chatConversations.firstStaffAnswerAt} - ${chatConversations.createdAt})`;
  const [row] = await db.select({
    open: sql<number>`(count(*) FILTER (WHERE ${chatConversations.status} = 'open'))::int`,
    waiting: sql<number>`(count(*) FILTER (WHERE ${chatConversations.status} = 'waiting'))::int`,
    closed: sql<number>`(count(*) FILTER (WHERE ${chatConversations.status} = 'closed'))::int`,
    answered: sql<number>`(count(*) FILTER (WHERE ${chatConversations.firstStaffAnswerAt} IS NOT NULL))::int`,
    unanswered: sql<number>`(count(*) FILTER (WHERE ${chatConversations.firstStaffAnswerAt} IS NULL))::int`,
    average: sql<number | null>`round(avg(${wait}))::int`,
    median: sql<number | null>`round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${wait}))::int`,
  }).from(chatConversations).where(and(eq(chatConversations.projectId, projectId), isNotNull(chatConversations.lastMessageAt)));
  return row!;
}

// ---- saved replies ----------------------------------------------------------------------------------

export type SavedReplyRow = typeof chatSavedReplies.$inferSelect;

export function listSavedReplies(db: Executor, customerId: number) {
  return db.select().from(chatSavedReplies).where(eq(chatSavedReplies.customerId, customerId)).orderBy(asc(sql`lower(${chatSavedReplies.title})`)).limit(500);
}

export async function findSavedReply(db: Executor, customerId: number, id: number): Promise<SavedReplyRow | null> {
  const [row] = await db.select().from(chatSavedReplies).where(and(eq(chatSavedReplies.customerId, customerId), eq(chatSavedReplies.id, id))).limit(1);
  return row ?? null;
}

export async function titleTaken(db: Executor, customerId: number, title: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: chatSavedReplies.id }).from(chatSavedReplies)
    .where(and(eq(chatSavedReplies.customerId, customerId), sql`lower(${chatSavedReplies.title}) = lower(${title})`,
      exceptId ? sql`${chatSavedReplies.id} <> ${exceptId}` : undefined)).limit(1);
  return Boolean(row);
}

export async function insertSavedReply(db: Executor, values: typeof chatSavedReplies.$inferInsert): Promise<SavedReplyRow> {
  const [row] = await db.insert(chatSavedReplies).values(values).returning();
  return row!;
}

export async function updateSavedReply(db: Executor, customerId: number, id: number, set: Partial<typeof chatSavedReplies.$inferInsert>) {
  const [row] = await db.update(chatSavedReplies).set({ ...set, updatedAt: new Date() })
    .where(and(eq(chatSavedReplies.customerId, customerId), eq(chatSavedReplies.id, id))).returning();
  return row ?? null;
}

export async function deleteSavedReply(db: Executor, customerId: number, id: number): Promise<boolean> {
  const rows = await db.delete(chatSavedReplies).where(and(eq(chatSavedReplies.customerId, customerId), eq(chatSavedReplies.id, id))).returning({ id: chatSavedReplies.id });
  return rows.length > 0;
}

// ---- the answer e-mail ------------------------------------------------------------------------------

/**
 * Claims the conversation's answer e-mail: only while a team message is unread by the address (or visitor) and no such
 * e-mail went out in the last hour. The update is the lock: two jobs at once claim it once.
 */
export async function claimAnswerMail(db: Executor, conversationId: number, now: Date, hourMs: number) {
  const [row] = await db.update(chatConversations).set({ answerMailedAt: now })
    .where(and(
      eq(chatConversations.id, conversationId),
      sql`${chatConversations.addressUnreadCount} > 0`,
      or(isNull(chatConversations.answerMailedAt), lt(chatConversations.answerMailedAt, new Date(now.getTime() - hourMs + 1))),
    ))
    .returning({ id: chatConversations.id, projectId: chatConversations.projectId, addressId: chatConversations.addressId,
      visitorName: chatConversations.visitorName, visitorEmail: chatConversations.visitorEmail });
  return row ?? null;
}

/** The household members with an e-mail address (the main occupant first): who hears of an answer. */
export function answerMailRecipients(db: Executor, addressId: number) {
  return db.select({ email: occupants.emailAddress, firstName: occupants.firstName, affix: occupants.affix, lastName: occupants.lastName })
    .from(occupants).where(and(eq(occupants.addressId, addressId), isNotNull(occupants.emailAddress), sql`${occupants.emailAddress} <> ''`))
    .orderBy(desc(occupants.isMain), asc(occupants.id)).limit(10);
}

export const isInboxStatus = (value: string): value is TInboxStatus => value === 'open' || value === 'waiting' || value === 'closed';
