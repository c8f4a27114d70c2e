import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectHasModule, type FileViewer } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';
import { contentReads, readMarkJoin, unread } from '../reads/index.ts';
import { dossierItems } from './dossier.table.ts';

export function selectDossier(db: Db, scope: { addressId: number; projectId: number }, limit: number) {
  return db
    .select({
      id: dossierItems.id, type: dossierItems.type, subType: dossierItems.subType, methodType: dossierItems.methodType,
      name: dossierItems.name, subject: dossierItems.subject, createdAt: dossierItems.createdAt,
      fileId: files.id, filename: files.filename, fileKey: files.key, mime: files.mime, size: files.size, unread: unread(),
    })
    .from(dossierItems)
    .innerJoin(files, eq(files.id, dossierItems.fileId))
    .leftJoin(contentReads, readMarkJoin('dossier', scope.addressId, dossierItems.id))
    .where(and(eq(dossierItems.addressId, scope.addressId), eq(dossierItems.projectId, scope.projectId)))
    .orderBy(desc(dossierItems.createdAt), desc(dossierItems.id))
    .limit(limit);
}

export async function countUnreadDossier(db: Db, addressId: number, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dossierItems)
    .leftJoin(contentReads, readMarkJoin('dossier', addressId, dossierItems.id))
    .where(and(eq(dossierItems.addressId, addressId), eq(dossierItems.projectId, projectId), unread()));
  return row?.n ?? 0;
}

/** Only a resident of the item's own address, in one of their projects, may read a dossier file. */
export async function findDossierWithFile(db: Db, fileId: number, viewer: FileViewer) {
  if (viewer.kind !== 'occupant' || !viewer.projectIds.length) return null;
  const [row] = await db
    .select({ id: dossierItems.id })
    .from(dossierItems)
    .innerJoin(projects, eq(projects.id, dossierItems.projectId))
    .where(and(eq(dossierItems.fileId, fileId), eq(dossierItems.addressId, viewer.addressId), inArray(dossierItems.projectId, viewer.projectIds), projectHasModule('dossier')))
    .limit(1);
  return row ?? null;
}

export async function findProjectName(db: Db, projectId: number): Promise<string> {
  const [row] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return row?.name ?? '';
}

export type NewDossierItem = typeof dossierItems.$inferInsert;
export function insertDossier(db: Queryable, rows: NewDossierItem[]) {
  return db.insert(dossierItems).values(rows).returning({ id: dossierItems.id, addressId: dossierItems.addressId });
}
