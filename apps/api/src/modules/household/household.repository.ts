import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { occupants } from '../address/address.table.ts';

export type OccupantRow = typeof occupants.$inferSelect;
export type OccupantFields = Pick<typeof occupants.$inferInsert, 'firstName' | 'affix' | 'lastName' | 'gender' | 'emailAddress' | 'telephone' | 'mobile' | 'preferEmail'>;

/** The household of an address: the main occupant first; bounded. */
export function listOccupants(db: Db, addressId: number): Promise<OccupantRow[]> {
  return db.select().from(occupants).where(eq(occupants.addressId, addressId)).orderBy(desc(occupants.isMain), asc(occupants.id)).limit(50);
}

export async function findOccupant(db: Db, addressId: number, id: number): Promise<OccupantRow | null> {
  const [row] = await db.select().from(occupants).where(and(eq(occupants.id, id), eq(occupants.addressId, addressId))).limit(1);
  return row ?? null;
}

export async function countOccupants(db: Db, addressId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(occupants).where(eq(occupants.addressId, addressId));
  return row?.n ?? 0;
}

export async function insertOccupant(db: Db, addressId: number, fields: OccupantFields & { passwordHash: string }): Promise<OccupantRow> {
  const [row] = await db.insert(occupants).values({ ...fields, addressId }).returning();
  return row!;
}

export async function updateOccupant(db: Db, addressId: number, id: number, fields: Partial<OccupantFields> & { passwordHash?: string }): Promise<OccupantRow | null> {
  const [row] = await db.update(occupants).set(fields).where(and(eq(occupants.id, id), eq(occupants.addressId, addressId))).returning();
  return row ?? null;
}

export async function deleteOccupant(db: Db, addressId: number, id: number): Promise<boolean> {
  const rows = await db.delete(occupants).where(and(eq(occupants.id, id), eq(occupants.addressId, addressId))).returning({ id: occupants.id });
  return rows.length === 1;
}
