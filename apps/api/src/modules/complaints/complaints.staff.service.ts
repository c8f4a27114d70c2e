import { and, asc, eq } from 'drizzle-orm';
import type { TStaffComplaint, TStaffComplaintInput, TStaffListQuery } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../lib/paging.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import { findWithImage, fromPublishAt, keysetAfter, searchCondition, staffListItem, statusOf, toPublishAt } from '../../lib/staff-content.ts';
import { staffCrudService, type StaffCrudService } from '../../lib/staff-routes.ts';
import { optionalFileUrl } from '../files/index.ts';
import type { StaffContent } from '../staff-content/index.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import { complaintItems } from './complaints.table.ts';

const NOT_FOUND = 'Item niet gevonden';

/** The console's complaints items (module 18): every item of a project, drafts included, in the order staff set. */
export function createComplaintsStaffService({ db, staffContent }: { db: Db; staffContent: StaffContent }): StaffCrudService<TStaffComplaintInput, TStaffComplaint> {
  const { images, changes } = staffContent;
  const inProject = (projectId: number, id: number) => and(eq(complaintItems.projectId, projectId), eq(complaintItems.id, id));

  async function find(projectId: number, id: number): Promise<TStaffComplaint> {
    const { item: c, imageName } = await findWithImage(db, complaintItems, inProject(projectId, id), NOT_FOUND);
    return {
      id: c.id, title: c.title, image_id: c.imageFileId, image_url: optionalFileUrl(c.imageFileId, imageName), content: c.content,
      position: c.position, is_public: c.isPublic, publish_at: fromPublishAt(c.publishAt), status: statusOf(c.publishAt),
    };
  }

  async function write(ctx: StaffContext, projectId: number, input: TStaffComplaintInput, before: TStaffComplaint | null) {
    const imageFileId = await images.usable(input.image_id, 'complaints', projectId, before?.image_id ?? null);
    const values = {
      title: input.title, imageFileId, content: sanitizeStaffHtml(input.content), position: input.position,
      isPublic: input.is_public, publishAt: toPublishAt(input.publish_at),
    };
    const after = { ...input, image_id: imageFileId, content: values.content };
    const id = await changes.save(ctx, { entity: 'complaints', projectId, before, after, publishAt: values.publishAt }, async (tx) => {
      const [row] = before
        ? await tx.update(complaintItems).set(values).where(inProject(projectId, before.id)).returning({ id: complaintItems.id })
        : await tx.insert(complaintItems).values({ ...values, projectId }).returning({ id: complaintItems.id });
      return row!.id;
    });
    return find(projectId, id);
  }

  async function list(projectId: number, query: TStaffListQuery) {
    const page = await keysetPage(
      query,
      async (id) => (await db.select({ position: complaintItems.position, id: complaintItems.id }).from(complaintItems).where(inProject(projectId, id)))[0],
      (cursor, limit) => db
        .select({ id: complaintItems.id, title: complaintItems.title, isPublic: complaintItems.isPublic, publishAt: complaintItems.publishAt })
        .from(complaintItems)
        .where(and(
          eq(complaintItems.projectId, projectId),
          searchCondition(query.q, complaintItems.title, complaintItems.content),
          cursor ? keysetAfter([{ column: complaintItems.position, value: cursor.position }, { column: complaintItems.id, value: cursor.id }]) : undefined,
        ))
        .orderBy(asc(complaintItems.position), asc(complaintItems.id))
        .limit(limit),
    );
    return { hasMore: page.hasMore, items: page.items.map((r) => staffListItem(r)) };
  }

  return staffCrudService({
    find, write, list,
    remove: (ctx, projectId, id, before) =>
      changes.remove(ctx, { entity: 'complaints', projectId, id, before }, (tx) => tx.delete(complaintItems).where(inProject(projectId, id))),
  });
}
