import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publicOnly, readableBy, type FileViewer, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { publishedNow } from '../../lib/staff-content.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';
import { contentReads, readMarkJoin, readMarkJoinFor, unread } from '../reads/index.ts';
import { complaintItems } from './complaints.table.ts';

export function selectComplaints(db: Db, reader: Reader, where: { id?: number; limit: number }) {
  return db
    .select({
      id: complaintItems.id, title: complaintItems.title, content: complaintItems.content,
      imageId: files.id, imageName: files.filename, unread: unread(),
    })
    .from(complaintItems)
    .leftJoin(files, eq(files.id, complaintItems.imageFileId))
    .leftJoin(contentReads, readMarkJoinFor(reader, 'complaints', complaintItems.id))
    .where(and(
      eq(complaintItems.projectId, reader.projectId),
      publishedNow(complaintItems.publishAt),
      publicOnly(reader, complaintItems.isPublic),
      where.id !== undefined ? eq(complaintItems.id, where.id) : undefined,
    ))
    .orderBy(asc(complaintItems.position), asc(complaintItems.id))
    .limit(where.limit);
}

export async function findModuleTitle(db: Db, projectId: number): Promise<string> {
  const [row] = await db.select({ title: projects.module18Name }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return row?.title ?? 'Klachten';
}

export async function countUnreadComplaints(db: Db, addressId: number, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(complaintItems)
    .leftJoin(contentReads, readMarkJoin('complaints', addressId, complaintItems.id))
    .where(and(eq(complaintItems.projectId, projectId), publishedNow(complaintItems.publishAt), unread()));
  return row?.n ?? 0;
}

export async function findComplaintWithImage(db: Db, fileId: number, viewer: FileViewer) {
  const [row] = await db
    .select({ id: complaintItems.id })
    .from(complaintItems)
    .innerJoin(projects, eq(projects.id, complaintItems.projectId))
    .where(and(
      eq(complaintItems.imageFileId, fileId),
      readableBy(viewer, { projectId: complaintItems.projectId, isPublic: complaintItems.isPublic, module: 'complaints' }),
      viewer.kind === 'staff' ? undefined : publishedNow(complaintItems.publishAt),
    ))
    .limit(1);
  return row ?? null;
}

export type NewComplaintItem = typeof complaintItems.$inferInsert;
export function insertComplaints(db: Queryable, rows: NewComplaintItem[]) {
  return db.insert(complaintItems).values(rows).returning({ id: complaintItems.id, projectId: complaintItems.projectId });
}
