import { and, eq, isNull } from 'drizzle-orm';
import { roleCan, type TStaffRole } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { addresses } from '../address/address.table.ts';
import type { ProjectService } from '../project/project.service.ts';
import { projects } from '../project/project.table.ts';

/** Who acts in the staff console: the account, its customer and its role there. */
export type StaffContext = {
  userId: number;
  customerId: number;
  role: TStaffRole;
  /** The account's name, written into the audit log with every change. */
  name: string;
  sessionId: number;
};

/**
 * The console's caller, as the access guard (plugins/access.ts) let it through: a console session, its
 * customer and the account's role there. Only console routes call this.
 */
export function staffOf(request: FastifyRequest): StaffContext {
  const actor = request.actor;
  const customerId = actor?.customerId ?? request.session?.customerId;
  if (!actor || actor.face !== 'console' || !actor.role || !customerId) throw new UnauthorizedError();
  return { userId: actor.userId, customerId, role: actor.role, name: actor.name, sessionId: actor.sessionId };
}

export type ProjectRow = typeof projects.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

/**
 * The console's scoped lookups (the guard already decided face and permission): a project the account
 * reaches at its console customer (archived ones too, to restore them), an address of the customer.
 * Another customer's ids answer 404, exactly as ids that do not exist.
 */
export function createStaffAccess(db: Db, projectService: ProjectService) {
  return {
    /** The project ids this account reaches at its console customer; null = every project of the customer. */
    async projectIds(ctx: StaffContext): Promise<number[] | null> {
      if (roleCan(ctx.role, 'projects.all')) return null;
      const membership = (await projectService.memberships(ctx.userId)).find((m) => m.customerId === ctx.customerId);
      return membership?.projectIds ?? [];
    },

    /** A project this account reaches, or 404. Archived projects are found too (to restore them). */
    async project(ctx: StaffContext, projectId: number): Promise<ProjectRow> {
      const [row] = await db.select().from(projects).where(and(eq(projects.id, projectId), eq(projects.customerId, ctx.customerId))).limit(1);
      if (!row) throw new NotFoundError();
      const ids = await this.projectIds(ctx);
      if (ids && !ids.includes(projectId)) throw new NotFoundError();
      return row;
    },

    /** An address of this account's customer, or 404. */
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
