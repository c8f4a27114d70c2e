import { and, asc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { publicOnly, readableBy, type FileViewer, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';
import { contacts } from './contacts.table.ts';

const avatar = alias(files, 'avatar');
const logo = alias(files, 'logo');

export function selectContacts(db: Db, reader: Reader, limit: number) {
  return db
    .select({
      contact: contacts, avatarId: avatar.id, avatarName: avatar.filename, logoId: logo.id, logoName: logo.filename,
    })
    .from(contacts)
    .leftJoin(avatar, eq(avatar.id, contacts.avatarFileId))
    .leftJoin(logo, eq(logo.id, contacts.logoFileId))
    .where(and(eq(contacts.projectId, reader.projectId), publicOnly(reader, contacts.isPublic)))
    .orderBy(asc(contacts.position), asc(contacts.id))
    .limit(limit);
}

export async function findContactWithFile(db: Db, fileId: number, viewer: FileViewer) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .innerJoin(projects, eq(projects.id, contacts.projectId))
    .where(and(
      or(eq(contacts.avatarFileId, fileId), eq(contacts.logoFileId, fileId)),
      readableBy(viewer, { projectId: contacts.projectId, isPublic: contacts.isPublic, module: 'contacts' }),
    ))
    .limit(1);
  return row ?? null;
}

export type NewContact = typeof contacts.$inferInsert;
export function insertContacts(db: Queryable, rows: NewContact[]) {
  return rows.length ? db.insert(contacts).values(rows).returning({ id: contacts.id }) : Promise.resolve([]);
}
