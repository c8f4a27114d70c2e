import { and, asc, eq } from 'drizzle-orm';
import type { TStaffComplaint, TStaffComplaintInput, TStaffListItem, TStaffListQuery } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { pageSize, toPage } from '../../lib/paging.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import { fromPublishAt, keysetAfter, searchCondition, statusOf, toPublishAt } from '../../lib/staff-content.ts';
import type { StaffCrudService } from '../../lib/staff-routes.ts';
import { files, optionalFileUrl } from '../files/index.ts';
import type { StaffContent } from '../staff-content/index.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import { complaintItems } from './complaints.table.ts';

const NOT_FOUND = 'Item niet gevonden';

/** The console's complaints items (module 18): every item of a project, drafts included, in the order staff set. */
export function createComplaintsStaffService({ db, staffContent }: { db: Db; staffContent: StaffContent }): StaffCrudService<TStaffComplaintInput, TStaffComplaint> {
  const { images, changes } = staffContent;
  const inProject = (projectId: number, id: number) => and(eq(complaintItems.projectId, projectId), eq(complaintItems.id, id));

  async function find(projectId: number, id: number): Promise<TStaffComplaint> {
    const [row] = await db
      .select({ item: complaintItems, imageName: files.filename })
      .from(complaintItems)
      .leftJoin(files, eq(files.id, complaintItems.imageFileId))
      .where(inProject(projectId, id))
      .limit(1);
    if (!row) throw new NotFoundError(NOT_FOUND);
    const c = row.item;
    return {
      id: c.id, title: c.title, image_id: c.imageFileId, image_url: optionalFileUrl(c.imageFileId, row.imageName), content: c.content,
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

  return {
    async list(_ctx, projectId, query: TStaffListQuery) {
      const size = pageSize(query);
      const [cursor] = query.before
        ? await db.select({ position: complaintItems.position, id: complaintItems.id }).from(complaintItems).where(inProject(projectId, query.before))
        : [];
      if (query.before && !cursor) return { items: [], hasMore: false };
      const rows = await db
        .select({ id: complaintItems.id, title: complaintItems.title, isPublic: complaintItems.isPublic, publishAt: complaintItems.publishAt })
        .from(complaintItems)
        .where(and(
          eq(complaintItems.projectId, projectId),
          searchCondition(query.q, complaintItems.title, complaintItems.content),
          cursor ? keysetAfter([{ column: complaintItems.position, value: cursor.position }, { column: complaintItems.id, value: cursor.id }]) : undefined,
        ))
        .orderBy(asc(complaintItems.position), asc(complaintItems.id))
        .limit(size + 1);
      const page = toPage(rows, size);
      return {
        hasMore: page.hasMore,
        items: page.items.map((r): TStaffListItem => ({
          id: r.id, title: r.title, date: null, group: null, is_public: r.isPublic, publish_at: fromPublishAt(r.publishAt), status: statusOf(r.publishAt),
        })),
      };
    },
    get: (_ctx, projectId, id) => find(projectId, id),
    create: (ctx, projectId, input) => write(ctx, projectId, input, null),
    async update(ctx, projectId, id, input) {
      return write(ctx, projectId, input, await find(projectId, id));
    },
    async remove(ctx, projectId, id) {
      const before = await find(projectId, id);
      await changes.remove(ctx, { entity: 'complaints', projectId, id, before }, (tx) => tx.delete(complaintItems).where(inProject(projectId, id)));
    },
  };
}
