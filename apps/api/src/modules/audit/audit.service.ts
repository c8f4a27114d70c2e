import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../auth/auth.table.ts';
import type { TSessionFace } from '@portal/contract';
import type { StaffContext } from '../staff/staff-access.ts';

export type AuditEntry = {
  /** 'create' | 'update' | 'delete' | 'publish' | 'archive' | 'import' | 'login' | 'open-as-resident' | ... */
  action: string;
  /** The kind of record: 'customer', 'project', 'address', 'news', 'staff', ... */
  entity: string;
  entityId?: string | number | null;
  projectId?: number | null;
  before?: unknown;
  after?: unknown;
  /** Where it was done; the console's services leave it out ('console'). */
  face?: TSessionFace;
};

/** A staff request logged ahead of its handler (plugins/access.ts). */
export type AuditRequest = {
  customerId: number; userId: number; actor: string; face: TSessionFace; action: string; entity: string; entityId: string | null;
  projectId: number | null; route: string; params: unknown; addressId: number | null;
};

export type AuditFilter = { userId?: number; face?: TSessionFace; entity?: string; action?: string; projectId?: number; q?: string; from?: Date; to?: Date };

/** Passwords, secrets and codes never reach the audit log, whatever record is written to it. */
const SECRET_KEY = /password|secret|token|code_hash|codehash|recovery/i;
function scrub(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (SECRET_KEY.test(key) ? '[verborgen]' : v)));
}

type Executor = Pick<Db, 'insert'>;

/** The audit log of the staff console: every change, who made it, when, and the record before and after. */
export function createAuditService(db: Db) {
  return {
    /** Writes one entry; pass the transaction (`tx`) the change is made in, so both land or neither. */
    async record(ctx: StaffContext, entry: AuditEntry, tx: Executor = db): Promise<void> {
      await tx.insert(auditLog).values({
        customerId: ctx.customerId, userId: ctx.userId, actor: ctx.name, action: entry.action, entity: entry.entity,
        entityId: entry.entityId == null ? null : String(entry.entityId), projectId: entry.projectId ?? null,
        before: scrub(entry.before), after: scrub(entry.after), face: entry.face ?? 'console',
      });
    },

    /** A staff request on any face, before its handler runs; answers the row's id for its outcome. */
    async recordRequest(entry: AuditRequest): Promise<number> {
      const [row] = await db.insert(auditLog).values({
        customerId: entry.customerId, userId: entry.userId, actor: entry.actor, action: entry.action, entity: entry.entity,
        entityId: entry.entityId, projectId: entry.projectId, face: entry.face,
        after: scrub({ route: entry.route, params: entry.params, ...(entry.addressId ? { address_id: entry.addressId } : {}) }),
      }).returning({ id: auditLog.id });
      return row!.id;
    },

    /** The answers' statuses of requests logged ahead, in one statement. */
    async recordOutcomes(outcomes: Array<[id: number, status: number]>): Promise<void> {
      if (!outcomes.length) return;
      const values = sql.join(outcomes.map(([id, status]) => sql`(${id}::bigint, ${status}::int)`), sql`, `);
      await db.execute(sql`UPDATE ${auditLog} SET outcome = v.outcome FROM (VALUES ${values}) AS v(id, outcome) WHERE ${auditLog.id} = v.id`);
    },

    /** The customer's entries, newest first, `limit` per page after the entry `beforeId` (keyset paging). */
    async list(customerId: number, filter: AuditFilter, page: { limit: number; beforeId?: number }) {
      const where: SQL[] = [eq(auditLog.customerId, customerId)];
      if (filter.userId) where.push(eq(auditLog.userId, filter.userId));
      if (filter.face) where.push(eq(auditLog.face, filter.face));
      if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
      if (filter.action) where.push(eq(auditLog.action, filter.action));
      if (filter.projectId) where.push(eq(auditLog.projectId, filter.projectId));
      if (filter.from) where.push(gte(auditLog.at, filter.from));
      if (filter.to) where.push(lt(auditLog.at, filter.to));
      if (filter.q) {
        const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(or(ilike(auditLog.actor, like), ilike(auditLog.entityId, like), sql`${auditLog.after}::text ILIKE ${like}`, sql`${auditLog.before}::text ILIKE ${like}`)!);
      }
      if (page.beforeId) where.push(lt(auditLog.id, page.beforeId));
      const rows = await db.select().from(auditLog).where(and(...where)).orderBy(desc(auditLog.id)).limit(page.limit + 1);
      return { items: rows.slice(0, page.limit), more: rows.length > page.limit };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
