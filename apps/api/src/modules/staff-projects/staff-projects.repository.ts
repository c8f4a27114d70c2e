import { and, arrayOverlaps, asc, eq, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { TStaffProjectStatus } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { chatNotifications } from '../chat/chat.table.ts';
import { customers } from '../customer/customer.table.ts';
import { projects } from '../project/project.table.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type NotificationRow = typeof chatNotifications.$inferSelect;

export async function findCustomer(db: Queryable, customerId: number): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  return row ?? null;
}

/** The customer's own chat notification (its default for every project without one of its own). */
export async function findCustomerNotification(db: Queryable, customerId: number): Promise<NotificationRow | null> {
  const [row] = await db.select().from(chatNotifications)
    .where(and(eq(chatNotifications.customerId, customerId), isNull(chatNotifications.projectId)))
    .limit(1);
  return row ?? null;
}

export async function saveCustomerNotification(db: Queryable, customerId: number, values: Omit<typeof chatNotifications.$inferInsert, 'id' | 'customerId' | 'projectId'>) {
  const existing = await findCustomerNotification(db, customerId);
  if (existing) await db.update(chatNotifications).set(values).where(eq(chatNotifications.id, existing.id));
  else await db.insert(chatNotifications).values({ ...values, customerId, projectId: null });
}

/**
 * Host names of `hosts` that another customer answers on already. Callers hold the lock of
 * `lockHostNames` in the same transaction, so two customers cannot claim one host at the same time.
 */
export async function hostsOfOtherCustomers(db: Queryable, customerId: number, hosts: string[]): Promise<Set<string>> {
  if (!hosts.length) return new Set();
  const rows = await db.select({ domains: customers.domains }).from(customers)
    .where(and(ne(customers.id, customerId), arrayOverlaps(customers.domains, hosts)));
  return new Set(rows.flatMap((r) => r.domains).filter((host) => hosts.includes(host)));
}

/** Serialises changes of host names (for the transaction). */
export async function lockHostNames(db: Queryable): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('customers.domains'))`);
}

export async function listCustomerProjectIds(db: Db, customerId: number): Promise<number[]> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.customerId, customerId));
  return rows.map((r) => r.id);
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of the customer's projects by name (then id); `ids` (a project editor's projects) narrows it.
 * `before` continues after that project; one of another customer, or none at all, gives an empty page.
 */
export function listStaffProjects(
  db: Db,
  where: { customerId: number; ids: number[] | null; q?: string; status: TStaffProjectStatus; before?: number },
  size: number,
) {
  const conditions: Array<SQL | undefined> = [
    eq(projects.customerId, where.customerId),
    where.ids ? inArray(projects.id, where.ids.length ? where.ids : [-1]) : undefined,
    where.status === 'active' ? isNull(projects.archivedAt) : where.status === 'archived' ? isNotNull(projects.archivedAt) : undefined,
    where.q ? ilike(projects.name, `%${escapeLike(where.q)}%`) : undefined,
    where.before !== undefined
      ? sql`(lower(${projects.name}), ${projects.id}) > (SELECT lower(p.name), p.id FROM projects p WHERE p.id = ${where.before} AND p.customer_id = ${where.customerId})`
      : undefined,
  ];
  return db.select({ project: projects, customerColor: customers.colorPrimary, customerLogo: customers.logo })
    .from(projects)
    .innerJoin(customers, eq(customers.id, projects.customerId))
    .where(and(...conditions))
    .orderBy(sql`lower(${projects.name})`, asc(projects.id))
    .limit(size + 1);
}
