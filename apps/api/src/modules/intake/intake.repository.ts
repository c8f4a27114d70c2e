import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses } from '../address/address.table.ts';
import { formEntries } from '../form-engine/index.ts';
import { addressProjects } from '../project/project.table.ts';

export async function countProjectAddresses(db: Db, projectId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(addressProjects).where(eq(addressProjects.projectId, projectId));
  return row?.n ?? 0;
}

/** Sent entries (status `sentStatus`: intake 'sent', choice 'send') per form of the project: one grouped query. */
export async function countSent(db: Db, projectId: number, formIds: number[], sentStatus: string): Promise<Map<number, number>> {
  if (!formIds.length) return new Map();
  const rows = await db
    .select({ formId: formEntries.formId, n: sql<number>`count(*)::int` })
    .from(formEntries)
    .where(and(eq(formEntries.projectId, projectId), inArray(formEntries.formId, formIds), eq(formEntries.status, sentStatus)))
    .groupBy(formEntries.formId);
  return new Map(rows.map((r) => [r.formId, r.n]));
}

const houseNumberValue = (table: { houseNumber: typeof addresses.houseNumber }) => sql`coalesce(nullif(substring(${table.houseNumber} from '^[0-9]+'), '')::int, 0)`;

const like = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `q` as words, each of which must match: a part of the street or city, the start of the house number,
 * or (four characters or more) the start of the postcode ('1234 AB' is one word). So '12' finds number
 * 12, not every address in 1234 AB.
 */
function searchConditions(q: string | undefined): SQL[] {
  const text = (q ?? '').trim().replace(/\b(\d{4})\s+([A-Za-z]{2})\b/g, '$1$2');
  return text.split(/\s+/).filter(Boolean).slice(0, 5).map((word) => {
    const contains = `%${like(word)}%`;
    const starts = `${like(word)}%`;
    const postcode = word.length >= 4 ? sql` OR ${addresses.zipcode} ILIKE ${starts}` : sql``;
    return sql`(${addresses.street} ILIKE ${contains} OR ${addresses.city} ILIKE ${contains} OR ${addresses.houseNumber} ILIKE ${starts}${postcode})`;
  });
}

/**
 * A page of the project's addresses with their entry of the form (intake or choice: one per address), ordered by street and house
 * number, searched by `q` (searchConditions). `before` is the last address held: the page continues after
 * it (an unknown or foreign one gives an empty page).
 */
export async function listAddressProgress(db: Db, input: { projectId: number; formId: number; q?: string; before?: number; limit: number }) {
  const conditions = searchConditions(input.q);
  if (input.before !== undefined) {
    conditions.push(sql`(${addresses.street}, ${houseNumberValue(addresses)}, ${addresses.houseNumber}, ${addresses.id}) >
      (SELECT b.street, coalesce(nullif(substring(b.house_number from '^[0-9]+'), '')::int, 0), b.house_number, b.id
         FROM ${addresses} b JOIN ${addressProjects} bp ON bp.address_id = b.id AND bp.project_id = ${input.projectId} WHERE b.id = ${input.before})`);
  }
  return db
    .select({
      id: addresses.id, street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
      entryId: formEntries.id, status: formEntries.status, sectionsDone: formEntries.sectionsDone, locked: formEntries.locked, paidAt: formEntries.paidAt,
      nrOfSignatures: formEntries.nrOfSignatures, signatures: formEntries.signatures, amountCents: formEntries.amountCents,
    })
    .from(addressProjects)
    .innerJoin(addresses, eq(addresses.id, addressProjects.addressId))
    .leftJoin(formEntries, and(eq(formEntries.formId, input.formId), eq(formEntries.addressId, addresses.id), eq(formEntries.onePerOwner, true)))
    .where(and(eq(addressProjects.projectId, input.projectId), ...conditions))
    .orderBy(addresses.street, houseNumberValue(addresses), addresses.houseNumber, addresses.id)
    .limit(input.limit);
}
