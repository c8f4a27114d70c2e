import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { normalizeAlnum, type TAddressStatus, type TAddressStatusFilter, type TAddressValues } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { authTickets } from '../auth/auth.table.ts';
import { addressProjects } from '../project/project.table.ts';

/** Every query here carries the owner scope: the staff member's customer and the project. */
export type ProjectScope = { customerId: number; projectId: number };
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** The number part of a house number, for sorting 2 before 10. */
export const numberPart = (table = sql`${addresses}`) => sql`coalesce(substring(${table}.house_number from '^[0-9]{1,9}')::int, 0)`;
const hasAccount = sql`EXISTS (SELECT 1 FROM ${occupants} o WHERE o.address_id = ${addresses.id} AND o.password_hash IS NOT NULL)`;
/** The address's status (contract: ADDRESS_STATUSES): an account, a live code, an expired code or nothing. */
const statusSql = sql<TAddressStatus>`CASE
  WHEN ${addresses.activatedAt} IS NOT NULL OR ${hasAccount} THEN 'activated'
  WHEN ${addresses.activationCodeHash} IS NOT NULL AND ${addresses.activationExpiresAt} > now() THEN 'code'
  WHEN ${addresses.activationCodeHash} IS NOT NULL THEN 'code-expired'
  ELSE 'none' END`;

const listColumns = {
  id: addresses.id,
  zipcode: addresses.zipcode,
  houseNumber: addresses.houseNumber,
  street: addresses.street,
  city: addresses.city,
  lat: addresses.lat,
  lng: addresses.lng,
  buildingUnit: addressProjects.buildingUnit,
  vacant: addressProjects.vacant,
  status: statusSql,
  activatedAt: addresses.activatedAt,
  activationExpiresAt: addresses.activationExpiresAt,
  // Sessions a staff member opened as the resident (is_admin) are not the resident's logins.
  lastLoginAt: sql<Date | string | null>`(SELECT max(s.created_at) FROM sessions s JOIN ${occupants} o ON o.id = s.occupant_id
    WHERE o.address_id = ${addresses.id} AND s.face = 'resident')`,
  members: sql<number>`(SELECT count(*)::int FROM ${occupants} o WHERE o.address_id = ${addresses.id})`,
  accounts: sql<number>`(SELECT count(*)::int FROM ${occupants} o WHERE o.address_id = ${addresses.id} AND o.password_hash IS NOT NULL)`,
};
export type AddressListRow = {
  id: number; zipcode: string; houseNumber: string; street: string; city: string; lat: number | null; lng: number | null;
  buildingUnit: string | null; vacant: boolean; status: TAddressStatus; activatedAt: Date | null; activationExpiresAt: Date | null;
  lastLoginAt: Date | string | null; members: number; accounts: number;
};

const inScope = (scope: ProjectScope): SQL[] => [eq(addresses.customerId, scope.customerId), eq(addressProjects.projectId, scope.projectId)];
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every word must match the postcode or house number (from their start), the street or the city. '1234 AB'
 * counts as one word; once a whole postcode is given, the other words no longer search postcodes ('3552AB 3').
 */
export function searchConditions(q: string): SQL[] {
  const words = q.replace(/\b(\d{4})\s+([a-z]{2})\b/gi, '$1$2').split(/\s+/).filter(Boolean).slice(0, 8);
  const isPostcode = (word: string) => /^\d{4}[A-Z]{2}$/.test(normalizeAlnum(word));
  const hasPostcode = words.some(isPostcode);
  return words.map((word) => {
    const alnum = normalizeAlnum(word);
    if (isPostcode(word)) return eq(addresses.zipcode, alnum);
    const text = `%${escapeLike(word)}%`;
    const options = [ilike(addresses.street, text), ilike(addresses.city, text)];
    if (alnum) options.push(ilike(addresses.houseNumber, `${alnum}%`));
    if (alnum && !hasPostcode) options.push(ilike(addresses.zipcode, `${alnum}%`));
    return or(...options)!;
  });
}

/** The project's addresses in postcode and house-number order, `limit` after the address `before` (keyset paging). */
export async function listProjectAddresses(
  db: Db, scope: ProjectScope, filter: { q?: string; status?: TAddressStatusFilter }, page: { before?: number; limit: number },
): Promise<AddressListRow[]> {
  const where = inScope(scope);
  if (filter.q) where.push(...searchConditions(filter.q));
  if (filter.status === 'not-activated') where.push(sql`${statusSql} <> 'activated'`);
  else if (filter.status) where.push(sql`${statusSql} = ${filter.status}`);
  if (page.before) {
    where.push(sql`(${addresses.zipcode}, ${numberPart()}, ${addresses.houseNumber}, ${addresses.id}) >
      (SELECT b.zipcode, ${numberPart(sql`b`)}, b.house_number, b.id FROM ${addresses} b WHERE b.id = ${page.before} AND b.customer_id = ${scope.customerId})`);
  }
  return db
    .select(listColumns)
    .from(addresses)
    .innerJoin(addressProjects, eq(addressProjects.addressId, addresses.id))
    .where(and(...where))
    .orderBy(asc(addresses.zipcode), asc(numberPart()), asc(addresses.houseNumber), asc(addresses.id))
    .limit(page.limit);
}

/** One address of the project, or null (another customer's, another project's or no address). */
export async function findProjectAddress(db: Executor, scope: ProjectScope, addressId: number): Promise<AddressListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(addresses)
    .innerJoin(addressProjects, eq(addressProjects.addressId, addresses.id))
    .where(and(...inScope(scope), eq(addresses.id, addressId)))
    .limit(1);
  return row ?? null;
}

export async function summarizeProjectAddresses(db: Db, scope: ProjectScope): Promise<Record<TAddressStatus, number>> {
  const rows = await db
    .select({ status: statusSql, n: sql<number>`count(*)::int` })
    .from(addresses)
    .innerJoin(addressProjects, eq(addressProjects.addressId, addresses.id))
    .where(and(...inScope(scope)))
    .groupBy(sql`1`);
  const counts: Record<TAddressStatus, number> = { activated: 0, code: 0, 'code-expired': 0, none: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/**
 * The project's addresses and those without an activated account (the list's filter 'not-activated'): the count of
 * the project's rows (an index-only range of address_projects_project_idx), and the addresses without activated_at among them
 * (addresses_not_activated_idx, migration 0033), so that a project whose residents are activated costs no scan.
 */
export async function countNotActivated(db: Db, scope: ProjectScope): Promise<{ addresses: number; notActivated: number }> {
  const [[total], [open]] = await Promise.all([
    // The project is the caller's customer's (the guard checked it), and so are its addresses (imports link only those).
    db.select({ n: sql<number>`count(*)::int` }).from(addressProjects).where(eq(addressProjects.projectId, scope.projectId)),
    db.select({ n: sql<number>`count(*)::int` }).from(addresses).innerJoin(addressProjects, eq(addressProjects.addressId, addresses.id))
      .where(and(...inScope(scope), isNull(addresses.activatedAt), sql`${statusSql} <> 'activated'`)),
  ]);
  return { addresses: total?.n ?? 0, notActivated: open?.n ?? 0 };
}

/** The customer's addresses among these postcodes, and whether each is in the project already. */
export async function findCustomerAddresses(db: Db, scope: ProjectScope, zipcodes: string[]) {
  if (!zipcodes.length) return [];
  return db
    .select({
      id: addresses.id, zipcode: addresses.zipcode, houseNumber: addresses.houseNumber,
      inProject: sql<boolean>`EXISTS (SELECT 1 FROM ${addressProjects} ap WHERE ap.address_id = ${addresses.id} AND ap.project_id = ${scope.projectId})`,
    })
    .from(addresses)
    .where(and(eq(addresses.customerId, scope.customerId), inArray(addresses.zipcode, zipcodes)));
}

const CHUNK = 1000;
const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Writes an import: addresses inserted or updated by customer + postcode + house number (an empty
 * building unit or empty coordinates keep what the address had), and linked to the project. Rows must be
 * unique by postcode and house number (checkAddressRows). Run it inside a transaction.
 */
export async function writeImport(tx: Executor, scope: ProjectScope, rows: TAddressValues[]) {
  let created = 0;
  let newLinks = 0;
  for (const part of chunks(rows)) {
    const written = await tx
      .insert(addresses)
      .values(part.map((r) => ({ customerId: scope.customerId, zipcode: r.zipcode, houseNumber: r.house_number, street: r.street, city: r.city, lat: r.lat, lng: r.lng })))
      .onConflictDoUpdate({
        target: [addresses.customerId, addresses.zipcode, addresses.houseNumber],
        set: {
          street: sql`excluded.street`,
          city: sql`excluded.city`,
          lat: sql`coalesce(excluded.lat, ${addresses.lat})`,
          lng: sql`coalesce(excluded.lng, ${addresses.lng})`,
        },
      })
      .returning({ id: addresses.id, zipcode: addresses.zipcode, houseNumber: addresses.houseNumber, inserted: sql<boolean>`(xmax = 0)` });
    created += written.filter((w) => w.inserted).length;
    const ids = new Map(written.map((w) => [`${w.zipcode} ${w.houseNumber}`, w.id]));
    const links = await tx
      .insert(addressProjects)
      .values(part.map((r) => ({ addressId: ids.get(`${r.zipcode} ${r.house_number}`)!, projectId: scope.projectId, buildingUnit: r.building_unit })))
      .onConflictDoUpdate({
        target: [addressProjects.addressId, addressProjects.projectId],
        set: { buildingUnit: sql`coalesce(excluded.building_unit, ${addressProjects.buildingUnit})` },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    newLinks += links.filter((l) => l.inserted).length;
  }
  return { rows: rows.length, created, updated: rows.length - created, linked: newLinks - created };
}

export async function updateProjectAddress(
  tx: Executor, scope: ProjectScope, addressId: number,
  values: { street: string; city: string; lat: number | null; lng: number | null; buildingUnit: string | null; vacant: boolean },
) {
  await tx.update(addresses).set({ street: values.street, city: values.city, lat: values.lat, lng: values.lng })
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, scope.customerId)));
  await tx.update(addressProjects).set({ buildingUnit: values.buildingUnit, vacant: values.vacant })
    .where(and(eq(addressProjects.addressId, addressId), eq(addressProjects.projectId, scope.projectId)));
}

/** The project's addresses to make letters for: the ids asked for, or every one without an account. */
export async function addressesForLetters(db: Db, scope: ProjectScope, which: { ids: number[] } | 'without-account') {
  const where = inScope(scope);
  if (which === 'without-account') where.push(sql`${statusSql} <> 'activated'`);
  else where.push(inArray(addresses.id, which.ids));
  return db
    .select({ id: addresses.id, zipcode: addresses.zipcode, houseNumber: addresses.houseNumber, street: addresses.street, city: addresses.city, status: statusSql })
    .from(addresses)
    .innerJoin(addressProjects, eq(addressProjects.addressId, addresses.id))
    .where(and(...where))
    .orderBy(asc(addresses.zipcode), asc(numberPart()), asc(addresses.houseNumber), asc(addresses.id));
}

/** Stores new code hashes (replacing any earlier code) for addresses that have no account; one statement. */
export async function storeCodeHashes(tx: Executor, customerId: number, codes: Array<{ addressId: number; hash: string }>, expiresAt: Date): Promise<number> {
  let stored = 0;
  for (const part of chunks(codes)) {
    const values = sql.join(part.map((c) => sql`(${c.addressId}::int, ${c.hash}::text)`), sql`, `);
    const result = await tx.execute(sql`UPDATE ${addresses} SET activation_code_hash = v.hash, activation_expires_at = ${expiresAt}
      FROM (VALUES ${values}) AS v(id, hash)
      WHERE ${addresses.id} = v.id AND ${addresses.customerId} = ${customerId} AND ${addresses.activatedAt} IS NULL`);
    stored += result.rowCount ?? 0;
  }
  return stored;
}

/**
 * An account reset: every resident of the address loses their password (the household members stay),
 * the address is no longer activated, any code stops working, and open tickets of its residents (a
 * password-reset link, the auto-login of an activation) are spent. Returns the residents' ids, whose
 * sessions the caller ends. Run it inside a transaction.
 */
export async function resetAddressAccount(tx: Executor, customerId: number, addressId: number): Promise<number[]> {
  const people = await tx.update(occupants).set({ passwordHash: null }).where(eq(occupants.addressId, addressId)).returning({ id: occupants.id });
  await tx.update(addresses).set({ activatedAt: null, activationCodeHash: null, activationExpiresAt: null })
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
  const ids = people.map((p) => p.id);
  if (ids.length) {
    await tx.update(authTickets).set({ usedAt: new Date() }).where(and(inArray(authTickets.occupantId, ids), isNull(authTickets.usedAt)));
  }
  return ids;
}

export async function hasOccupant(db: Db, addressId: number): Promise<boolean> {
  const [row] = await db.select({ id: occupants.id }).from(occupants).where(eq(occupants.addressId, addressId)).limit(1);
  return !!row;
}
