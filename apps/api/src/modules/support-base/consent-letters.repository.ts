import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { hashToken } from '../../lib/tokens.ts';
import { addresses } from '../address/address.table.ts';
import { users } from '../auth/auth.table.ts';
import { forms } from '../form-engine/index.ts';
import { addressProjects } from '../project/project.table.ts';
import { consentLetters } from './support-base.table.ts';

/** A token as printed is read in any case: the hash is of its upper-case form. */
export const letterTokenHash = (token: string) => hashToken(token.toUpperCase());

/** The address of a live letter link of this form (not revoked, not past its deadline), or null. */
export async function findLetterAddress(db: Queryable, formId: number, token: string): Promise<number | null> {
  const [row] = await db.select({ addressId: consentLetters.addressId }).from(consentLetters)
    .where(and(eq(consentLetters.tokenHash, letterTokenHash(token)), eq(consentLetters.formId, formId), isNull(consentLetters.revokedAt), gt(consentLetters.expiresAt, sql`now()`)))
    .limit(1);
  return row?.addressId ?? null;
}

/** The project's active consent forms with their address counts, live letters and the last printing. */
export function listConsentForms(db: Db, projectId: number) {
  // Written out: inside a subquery drizzle would name the outer columns without their table.
  const formId = sql.raw('"forms"."id"');
  const live = sql`cl.revoked_at IS NULL AND cl.expires_at > now()`;
  return db.select({
    id: forms.id, name: forms.name, deadline: forms.deadline,
    addresses: sql<number>`(SELECT count(*)::int FROM ${addressProjects} ap WHERE ap.project_id = ${projectId})`,
    occupied: sql<number>`(SELECT count(*)::int FROM ${addressProjects} ap WHERE ap.project_id = ${projectId} AND NOT ap.vacant)`,
    liveLetters: sql<number>`(SELECT count(*)::int FROM ${consentLetters} cl JOIN ${addressProjects} ap ON ap.address_id = cl.address_id AND ap.project_id = ${projectId}
      WHERE cl.form_id = ${formId} AND ${live})`,
    lastPrintedAt: sql<Date | string | null>`(SELECT max(cl.created_at) FROM ${consentLetters} cl WHERE cl.form_id = ${formId})`,
  }).from(forms)
    .where(and(eq(forms.projectId, projectId), eq(forms.kind, 'support-base'), eq(forms.isActive, true)))
    .orderBy(forms.position, forms.id);
}

export type LetterRow = {
  addressId: number; createdAt: Date; createdBy: string | null; expiresAt: Date; revokedAt: Date | null;
};

/** The latest letter of each of these addresses on the form (one query). */
export async function latestLetters(db: Db, formId: number, addressIds: number[]): Promise<Map<number, LetterRow>> {
  if (!addressIds.length) return new Map();
  const rows = await db.selectDistinctOn([consentLetters.addressId], {
    addressId: consentLetters.addressId, createdAt: consentLetters.createdAt, createdBy: users.name,
    expiresAt: consentLetters.expiresAt, revokedAt: consentLetters.revokedAt,
  }).from(consentLetters)
    .leftJoin(users, eq(users.id, consentLetters.createdBy))
    .where(and(eq(consentLetters.formId, formId), inArray(consentLetters.addressId, addressIds)))
    .orderBy(consentLetters.addressId, desc(consentLetters.id));
  return new Map(rows.map((r) => [r.addressId, r]));
}

/**
 * Revokes the unrevoked links of the form (of these addresses only, when given): the number revoked. Run it
 * in the transaction that records it.
 */
export async function revokeLetters(tx: Queryable, formId: number, by: number, addressIds?: number[]): Promise<number> {
  const where = [eq(consentLetters.formId, formId), isNull(consentLetters.revokedAt)];
  if (addressIds) where.push(inArray(consentLetters.addressId, addressIds));
  const rows = await tx.update(consentLetters).set({ revokedAt: new Date(), revokedBy: by }).where(and(...where)).returning({ id: consentLetters.id });
  return rows.length;
}

/** New links (their hashes), each replacing the address's earlier one, which must be revoked first (revokeLetters). */
export async function insertLetters(tx: Queryable, formId: number, by: number, expiresAt: Date, letters: Array<{ addressId: number; tokenHash: string }>): Promise<void> {
  const CHUNK = 1000;
  for (let i = 0; i < letters.length; i += CHUNK) {
    await tx.insert(consentLetters).values(letters.slice(i, i + CHUNK).map((l) => ({ formId, addressId: l.addressId, tokenHash: l.tokenHash, createdBy: by, expiresAt })));
  }
}

/** The project's addresses to print for: these ids (only those of the project) or every one that is not vacant. */
export function addressesToPrint(db: Db, projectId: number, target: { ids: number[] } | 'occupied') {
  const where = [eq(addressProjects.projectId, projectId)];
  if (target === 'occupied') where.push(eq(addressProjects.vacant, false));
  else where.push(inArray(addresses.id, target.ids));
  return db.select({ id: addresses.id, street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city })
    .from(addressProjects).innerJoin(addresses, eq(addresses.id, addressProjects.addressId))
    .where(and(...where))
    .orderBy(addresses.zipcode, sql`coalesce(substring(${addresses.houseNumber} from '^[0-9]{1,9}')::int, 0)`, addresses.houseNumber, addresses.id);
}
