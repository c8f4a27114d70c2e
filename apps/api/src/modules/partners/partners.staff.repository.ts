import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { matchesWords } from '../../lib/staff-content-b.ts';
import { files } from '../files/files.table.ts';
import { informationItemPartners, informationItems } from '../information/information.table.ts';
import { partners } from './partners.table.ts';

const partnerColumns = {
  id: partners.id, name: partners.name, website: partners.website, lat: partners.lat, lng: partners.lng, isPublic: partners.isPublic,
  position: partners.position, logoFileId: partners.logoFileId, logoName: files.filename,
};

/** A page of the project's partners in their order (position, id), after partner `after` when given. */
export function selectStaffPartners(db: Db, projectId: number, where: { q?: string; after?: number; limit: number }) {
  const following = where.after === undefined ? undefined
    : sql`(${partners.position}, ${partners.id}) > (select p.position, p.id from ${partners} p where p.id = ${where.after} and p.project_id = ${projectId})`;
  return db
    .select(partnerColumns)
    .from(partners)
    .leftJoin(files, eq(files.id, partners.logoFileId))
    .where(and(eq(partners.projectId, projectId), matchesWords(where.q, [partners.name, sql`coalesce(${partners.website}, '')`]), following))
    .orderBy(asc(partners.position), asc(partners.id))
    .limit(where.limit);
}
export type StaffPartnerRow = Awaited<ReturnType<typeof selectStaffPartners>>[number];

export async function findStaffPartner(db: Queryable, projectId: number, id: number): Promise<StaffPartnerRow | null> {
  const [row] = await db
    .select(partnerColumns)
    .from(partners)
    .leftJoin(files, eq(files.id, partners.logoFileId))
    .where(and(eq(partners.id, id), eq(partners.projectId, projectId)))
    .limit(1);
  return row ?? null;
}

/** The information items (drafts too) the partners are linked to, in the information menu's order: one query for all. */
export function selectLinkedItems(db: Queryable, projectId: number, partnerIds: number[]) {
  if (!partnerIds.length) return Promise.resolve([]);
  return db
    .select({ partnerId: informationItemPartners.partnerId, id: informationItems.id, title: informationItems.title })
    .from(informationItemPartners)
    .innerJoin(informationItems, eq(informationItems.id, informationItemPartners.itemId))
    .where(and(inArray(informationItemPartners.partnerId, partnerIds), eq(informationItems.projectId, projectId), eq(informationItems.kind, 'information')))
    .orderBy(asc(informationItems.menuitemId), asc(informationItems.position), asc(informationItems.id));
}

/** The project's information items (not FAQ) a partner can carry out, drafts too. */
export function selectInformationOptions(db: Queryable, projectId: number, ids?: number[]) {
  return db
    .select({ id: informationItems.id, title: informationItems.title })
    .from(informationItems)
    .where(and(eq(informationItems.projectId, projectId), eq(informationItems.kind, 'information'), ids ? inArray(informationItems.id, ids) : undefined))
    .orderBy(asc(informationItems.menuitemId), asc(informationItems.position), asc(informationItems.id))
    .limit(1000);
}

export type PartnerValues = Pick<typeof partners.$inferInsert, 'name' | 'logoFileId' | 'website' | 'lat' | 'lng' | 'isPublic' | 'position'>;

export async function insertPartner(tx: Queryable, projectId: number, values: PartnerValues): Promise<number> {
  const [row] = await tx.insert(partners).values({ projectId, ...values }).returning({ id: partners.id });
  return row!.id;
}

export function updatePartner(tx: Queryable, id: number, values: PartnerValues) {
  return tx.update(partners).set(values).where(eq(partners.id, id));
}

export function deletePartner(tx: Queryable, id: number) {
  return tx.delete(partners).where(eq(partners.id, id));
}

/**
 * Sets the information items the partner carries out: links that stay keep their place in the item's
 * list of partners, new ones go last.
 */
export async function setPartnerItems(tx: Queryable, partnerId: number, itemIds: number[]) {
  await tx.delete(informationItemPartners).where(and(
    eq(informationItemPartners.partnerId, partnerId),
    itemIds.length ? sql`${informationItemPartners.itemId} <> all(${sql.raw(`ARRAY[${itemIds.map(Number).join(',')}]::int[]`)})` : undefined,
  ));
  if (!itemIds.length) return;
  await tx.execute(sql`
    insert into ${informationItemPartners} (item_id, partner_id, position)
    select v.item_id, ${partnerId}, coalesce((select max(l.position) + 1 from ${informationItemPartners} l where l.item_id = v.item_id), 0)
    from unnest(${sql.raw(`ARRAY[${itemIds.map(Number).join(',')}]::int[]`)}) as v(item_id)
    on conflict do nothing`);
}

/** Nothing refers to the partner logo `fileId` any more. */
export const logoUnused = (fileId: number) => sql`not exists (select 1 from ${partners} where ${partners.logoFileId} = ${fileId})`;
