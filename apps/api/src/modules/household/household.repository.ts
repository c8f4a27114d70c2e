import { and, asc, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../lib/queryable.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { authTickets } from '../auth/auth.table.ts';
import { customers } from '../customer/customer.table.ts';

/** A person of the household with the new e-mail address that waits for confirmation, if any. */
export type OccupantRow = typeof occupants.$inferSelect & { pendingEmail: string | null };
export type OccupantFields = Pick<typeof occupants.$inferInsert, 'firstName' | 'affix' | 'lastName' | 'gender' | 'emailAddress' | 'telephone' | 'mobile' | 'preferEmail'>;

/**
 * The newest e-mail change of the person that is neither used nor expired. Written out with an alias:
 * Drizzle leaves column names unqualified inside a selected expression, where "id" would be the ticket's.
 */
const pendingEmail = sql<string | null>`(SELECT t.email FROM auth_tickets t
  WHERE t.occupant_id = ${sql.identifier('occupants')}.id AND t.kind = 'email-change' AND t.used_at IS NULL AND t.expires_at > now()
  ORDER BY t.id DESC LIMIT 1)`;
const occupantColumns = { ...getTableColumns(occupants), pendingEmail };

/** The household of an address: the holder first; bounded. */
export function listOccupants(db: Queryable, addressId: number): Promise<OccupantRow[]> {
  return db.select(occupantColumns).from(occupants).where(eq(occupants.addressId, addressId)).orderBy(desc(occupants.isMain), asc(occupants.id)).limit(50);
}

export async function findOccupant(db: Queryable, addressId: number, id: number): Promise<OccupantRow | null> {
  const [row] = await db.select(occupantColumns).from(occupants).where(and(eq(occupants.id, id), eq(occupants.addressId, addressId))).limit(1);
  return row ?? null;
}

/**
 * Locks the address row until the transaction ends, so that requests that change the household of
 * one address (a new member counted against the limit) run one after the other.
 */
export async function lockAddress(tx: Queryable, addressId: number): Promise<void> {
  await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.id, addressId)).for('update');
}

export async function countOccupants(db: Queryable, addressId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(occupants).where(eq(occupants.addressId, addressId));
  return row?.n ?? 0;
}

export async function insertOccupant(db: Queryable, addressId: number, fields: OccupantFields & { passwordHash: string }): Promise<OccupantRow> {
  const [row] = await db.insert(occupants).values({ ...fields, addressId }).returning();
  return { ...row!, pendingEmail: null };
}

export async function updateOccupant(db: Queryable, addressId: number, id: number, fields: Partial<OccupantFields> & { passwordHash?: string }): Promise<boolean> {
  const rows = await db.update(occupants).set(fields).where(and(eq(occupants.id, id), eq(occupants.addressId, addressId))).returning({ id: occupants.id });
  return rows.length === 1;
}

export async function deleteOccupant(db: Queryable, addressId: number, id: number): Promise<boolean> {
  const rows = await db.delete(occupants).where(and(eq(occupants.id, id), eq(occupants.addressId, addressId))).returning({ id: occupants.id });
  return rows.length === 1;
}

/* ------------------------------------------------------------------------------------------------
 * E-mail changes: auth_tickets of kind 'email-change' (email = the new address, token stored hashed).
 * ---------------------------------------------------------------------------------------------- */

export type EmailChangeTicket = typeof authTickets.$inferSelect;

export async function insertEmailChange(tx: Queryable, input: { occupantId: number; email: string; tokenHash: string; expiresAt: Date }): Promise<number> {
  const [row] = await tx.insert(authTickets).values({ kind: 'email-change', ...input }).returning({ id: authTickets.id });
  return row!.id;
}

/** Removes the person's unconfirmed e-mail changes (a newer one replaces them; a confirmed one ends them). */
export async function deletePendingEmailChanges(tx: Queryable, occupantId: number): Promise<void> {
  await tx.delete(authTickets).where(and(eq(authTickets.occupantId, occupantId), eq(authTickets.kind, 'email-change'), isNull(authTickets.usedAt)));
}

/** The e-mail change behind a code, locked until the transaction ends (two confirmations of one link queue up). */
export async function lockEmailChange(tx: Queryable, tokenHash: string): Promise<EmailChangeTicket | null> {
  const [row] = await tx.select().from(authTickets).where(and(eq(authTickets.tokenHash, tokenHash), eq(authTickets.kind, 'email-change'))).limit(1).for('update');
  return row ?? null;
}

export async function markEmailChangeUsed(tx: Queryable, id: number): Promise<void> {
  await tx.update(authTickets).set({ usedAt: new Date() }).where(eq(authTickets.id, id));
}

/** Gives an open e-mail change a new code (the one the mail carries); false when it is used, expired or gone. */
export async function renewEmailChangeToken(db: Queryable, id: number, tokenHash: string): Promise<boolean> {
  const rows = await db.update(authTickets).set({ tokenHash })
    .where(and(eq(authTickets.id, id), eq(authTickets.kind, 'email-change'), isNull(authTickets.usedAt), sql`${authTickets.expiresAt} > now()`))
    .returning({ id: authTickets.id });
  return rows.length === 1;
}

/** An open e-mail change with the person it is for and their customer (for the confirmation mail). */
export async function findEmailChangeForMail(db: Queryable, id: number) {
  const [row] = await db
    .select({
      email: authTickets.email, expiresAt: authTickets.expiresAt, firstName: occupants.firstName, affix: occupants.affix, lastName: occupants.lastName,
      portalName: customers.name, website: customers.website,
    })
    .from(authTickets)
    .innerJoin(occupants, eq(occupants.id, authTickets.occupantId))
    .innerJoin(addresses, eq(addresses.id, occupants.addressId))
    .innerJoin(customers, eq(customers.id, addresses.customerId))
    .where(and(eq(authTickets.id, id), eq(authTickets.kind, 'email-change'), isNull(authTickets.usedAt), sql`${authTickets.expiresAt} > now()`))
    .limit(1);
  return row ?? null;
}

/** The customer of an address: its name and website, for the signature of a mail. */
export async function findCustomerOfAddress(db: Queryable, addressId: number): Promise<{ name: string; website: string | null } | null> {
  const [row] = await db.select({ name: customers.name, website: customers.website }).from(addresses)
    .innerJoin(customers, eq(customers.id, addresses.customerId)).where(eq(addresses.id, addressId)).limit(1);
  return row ?? null;
}

/** The person an e-mail change is for, with the address they live at. */
export async function findOccupantById(db: Queryable, id: number) {
  const [row] = await db.select().from(occupants).where(eq(occupants.id, id)).limit(1);
  return row ?? null;
}
