import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TStaffRole } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { sessions as sessionsTable, staffProjects, users } from '../auth/auth.table.ts';
import type { SessionStore } from '../auth/session.store.ts';
import { addresses } from '../address/address.table.ts';
import { projects } from '../project/project.table.ts';

/** Who acts in the staff console: the account, its customer and its console role. */
export type StaffContext = {
  userId: number;
  customerId: number;
  role: TStaffRole;
  /** The account's name, written into the audit log with every change. */
  name: string;
  sessionId: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffContext | null;
  }
}

export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new UnauthorizedError();
  return request.staff;
}

export type ProjectRow = typeof projects.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

/**
 * The console's access rules, in one place: a console session (issued by the staff login, marked
 * is_console) that has not been idle for longer than `idleMinutes`; customer administrators reach every
 * project and address of their own customer, project editors the projects they were given. Another
 * customer's ids answer 404, exactly as ids that do not exist.
 */
export function createStaffAccess(db: Db, sessionStore: SessionStore, options: { idleMinutes: number }) {
  const idleMs = options.idleMinutes * 60_000;
  /** last_seen_at is written at most once a minute per session; the idle check reads the database. */
  const touched = new Map<number, number>();

  async function resolve(request: FastifyRequest): Promise<StaffContext> {
    if (!request.bearer) throw new UnauthorizedError();
    const session = await sessionStore.resolve(request.bearer);
    if (!session || !session.userId || !session.customerId) throw new UnauthorizedError();
    const [row] = await db
      .select({ isConsole: sessionsTable.isConsole, lastSeenAt: sessionsTable.lastSeenAt, createdAt: sessionsTable.createdAt, staffRole: users.staffRole, name: users.name, disabledAt: users.disabledAt })
      .from(sessionsTable)
      .innerJoin(users, eq(users.id, sessionsTable.userId))
      .where(eq(sessionsTable.id, session.id))
      .limit(1);
    if (!row || !row.isConsole || !row.staffRole || row.disabledAt) throw new UnauthorizedError();
    const now = Date.now();
    const seen = (row.lastSeenAt ?? row.createdAt).getTime();
    if (now - seen > idleMs) {
      await sessionStore.revoke(request.bearer);
      throw new UnauthorizedError();
    }
    if (now - (touched.get(session.id) ?? seen) > 60_000) {
      touched.set(session.id, now);
      if (touched.size > 10_000) touched.clear();
      await db.update(sessionsTable).set({ lastSeenAt: new Date(now) }).where(eq(sessionsTable.id, session.id));
    }
    return { userId: session.userId, customerId: session.customerId, role: row.staffRole, name: row.name, sessionId: session.id };
  }

  return {
    /** preHandler: any console session (customer administrator or project editor). */
    async staff(request: FastifyRequest) {
      request.staff = await resolve(request);
    },
    /** preHandler: customer administrators only. */
    async admin(request: FastifyRequest) {
      const ctx = await resolve(request);
      if (ctx.role !== 'customer-admin') throw new ForbiddenError();
      request.staff = ctx;
    },

    /** The project ids this account reaches; null = every project of its customer. */
    async projectIds(ctx: StaffContext): Promise<number[] | null> {
      if (ctx.role === 'customer-admin') return null;
      const rows = await db
        .select({ id: staffProjects.projectId })
        .from(staffProjects)
        .innerJoin(projects, eq(projects.id, staffProjects.projectId))
        .where(and(eq(staffProjects.userId, ctx.userId), eq(projects.customerId, ctx.customerId)));
      return rows.map((r) => r.id);
    },

    /** A project this account may edit, or 404. Archived projects are found too (to restore them). */
    async project(ctx: StaffContext, projectId: number): Promise<ProjectRow> {
      const [row] = await db.select().from(projects).where(and(eq(projects.id, projectId), eq(projects.customerId, ctx.customerId))).limit(1);
      if (!row) throw new NotFoundError();
      if (ctx.role !== 'customer-admin') {
        const [link] = await db.select().from(staffProjects).where(and(eq(staffProjects.userId, ctx.userId), eq(staffProjects.projectId, projectId))).limit(1);
        if (!link) throw new NotFoundError();
      }
      return row;
    },

    /** An address of this account's customer, or 404 (addresses are the customer administrator's). */
    async address(ctx: StaffContext, addressId: number): Promise<AddressRow> {
      const [row] = await db.select().from(addresses).where(and(eq(addresses.id, addressId), eq(addresses.customerId, ctx.customerId))).limit(1);
      if (!row) throw new NotFoundError();
      return row;
    },

    /** Live (not archived) projects only. */
    liveProject: isNull(projects.archivedAt),
  };
}
export type StaffAccess = ReturnType<typeof createStaffAccess>;
