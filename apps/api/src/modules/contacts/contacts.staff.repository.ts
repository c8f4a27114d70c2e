import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { matchesWords, pastItem } from '../../lib/staff-content-b.ts';
import { files } from '../files/files.table.ts';
import { contacts } from './contacts.table.ts';

const avatar = alias(files, 'avatar');
const logo = alias(files, 'logo');
const columns = { contact: contacts, avatarName: avatar.filename, logoName: logo.filename };

/** What a search matches: the name, function, organisation and e-mail address. */
const searchable = [
  sql`concat_ws(' ', ${contacts.firstName}, ${contacts.affix}, ${contacts.lastName})`,
  sql`coalesce(${contacts.function}, '')`, sql`coalesce(${contacts.organisation}, '')`, sql`coalesce(${contacts.email}, '')`,
];

/** The contacts with the file names of their avatar and logo. */
const withImages = (db: Queryable) => db
  .select(columns)
  .from(contacts)
  .leftJoin(avatar, eq(avatar.id, contacts.avatarFileId))
  .leftJoin(logo, eq(logo.id, contacts.logoFileId));

/** A page of the project's contacts in their order (position, id), after contact `after` when given. */
export function selectStaffContacts(db: Db, projectId: number, where: { q?: string; after?: number; limit: number }) {
  return withImages(db)
    .where(and(eq(contacts.projectId, projectId), matchesWords(where.q, searchable), pastItem(contacts, contacts.position, 'asc', { projectId, after: where.after })))
    .orderBy(asc(contacts.position), asc(contacts.id))
    .limit(where.limit);
}
export type StaffContactRow = Awaited<ReturnType<typeof selectStaffContacts>>[number];

export async function findStaffContact(db: Queryable, projectId: number, id: number): Promise<StaffContactRow | null> {
  const [row] = await withImages(db).where(and(eq(contacts.id, id), eq(contacts.projectId, projectId))).limit(1);
  return row ?? null;
}

export type ContactValues = Omit<typeof contacts.$inferInsert, 'id' | 'projectId'>;

export async function insertContact(tx: Queryable, projectId: number, values: ContactValues): Promise<number> {
  const [row] = await tx.insert(contacts).values({ projectId, ...values }).returning({ id: contacts.id });
  return row!.id;
}

export function updateContact(tx: Queryable, id: number, values: ContactValues) {
  return tx.update(contacts).set(values).where(eq(contacts.id, id));
}

export function deleteContact(tx: Queryable, id: number) {
  return tx.delete(contacts).where(eq(contacts.id, id));
}

/** Nothing refers to the contact image `fileId` any more. */
export const imageUnused = (fileId: number) =>
  sql`not exists (select 1 from ${contacts} where ${or(eq(contacts.avatarFileId, fileId), eq(contacts.logoFileId, fileId))})`;
