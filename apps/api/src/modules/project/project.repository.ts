import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TStaffRole } from '@portal/contract';
import { staffProjects, userCustomers } from '../auth/auth.table.ts';
import { customers } from '../customer/customer.table.ts';
import { addressProjects, projects } from './project.table.ts';

export type ProjectRow = typeof projects.$inferSelect;

/** Archived projects are gone for residents, partners and the public; the staff console reads them through staffAccess. */
export const isLiveProject = isNull(projects.archivedAt);

/** A live project with its customer; null for an archived one. */
export async function findProjectWithCustomer(db: Db, projectId: number) {
  const [row] = await db
    .select({ project: projects, customer: customers })
    .from(projects)
    .innerJoin(customers, eq(customers.id, projects.customerId))
    .where(and(eq(projects.id, projectId), isLiveProject))
    .limit(1);
  return row ?? null;
}

export function listAddressProjectIds(db: Db, addressId: number) {
  return db
    .select({ id: addressProjects.projectId })
    .from(addressProjects)
    .innerJoin(projects, eq(projects.id, addressProjects.projectId))
    .where(and(eq(addressProjects.addressId, addressId), isLiveProject))
    .orderBy(asc(addressProjects.projectId))
    .then((rows) => rows.map((r) => r.id));
}

export function listProjects(db: Db, where: { customerId?: number; ids?: number[]; isPublic?: boolean }) {
  const conditions = [
    isLiveProject,
    where.customerId !== undefined ? eq(projects.customerId, where.customerId) : undefined,
    where.ids ? inArray(projects.id, where.ids.length ? where.ids : [-1]) : undefined,
    where.isPublic !== undefined ? eq(projects.isPublic, where.isPublic) : undefined,
  ].filter(Boolean);
  return db.select().from(projects).where(and(...conditions)).orderBy(asc(projects.id));
}

/** A staff account's memberships: its role at each customer and the projects it was given there. */
export type StaffMembership = { customerId: number; role: TStaffRole; projectIds: number[] };

export async function listStaffMemberships(db: Db, userId: number): Promise<StaffMembership[]> {
  const [memberships, given] = await Promise.all([
    db.select({ customerId: userCustomers.customerId, role: userCustomers.role }).from(userCustomers).where(eq(userCustomers.userId, userId)).orderBy(asc(userCustomers.customerId)),
    db.select({ projectId: staffProjects.projectId, customerId: projects.customerId }).from(staffProjects)
      .innerJoin(projects, eq(projects.id, staffProjects.projectId)).where(eq(staffProjects.userId, userId)).orderBy(asc(staffProjects.projectId)),
  ]);
  return memberships.map((m) => ({ ...m, projectIds: given.filter((g) => g.customerId === m.customerId).map((g) => g.projectId) }));
}
