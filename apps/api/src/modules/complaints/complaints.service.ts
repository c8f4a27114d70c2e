import { CONTENT_LIST_LIMIT, type TComplaintItem, type TComplaintList } from '@portal/contract';
import type { ContentDeps, Reader } from '../../lib/content.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import { optionalFileUrl } from '../files/index.ts';
import {
  countUnreadComplaints, findComplaintWithImage, findModuleTitle, insertComplaints, selectComplaints, type NewComplaintItem,
} from './complaints.repository.ts';

export function createComplaintsService({ db, files, reads, newItems, projects }: ContentDeps) {
  newItems.register(async ({ addressId, projectId }) => ({ complaints: await countUnreadComplaints(db, addressId, projectId) }));
  files.registerOwner('complaints', async (fileId, viewer) => ((await findComplaintWithImage(db, fileId, viewer)) ? {} : null));

  type Row = Awaited<ReturnType<typeof selectComplaints>>[number];
  const toItem = (reader: Reader, r: Row): TComplaintItem => ({
    id: r.id, title: r.title, image_url: optionalFileUrl(r.imageId, r.imageName), content: r.content,
    is_new: reader.kind === 'occupant' && r.unread,
  });

  return {
    async list(reader: Reader): Promise<TComplaintList> {
      const [title, rows] = await Promise.all([findModuleTitle(db, reader.projectId), selectComplaints(db, reader, { limit: CONTENT_LIST_LIMIT })]);
      return { title, items: rows.map((r) => toItem(reader, r)) };
    },

    async item(reader: Reader, id: number): Promise<TComplaintItem> {
      const [row] = await selectComplaints(db, reader, { id, limit: 1 });
      if (!row) throw new NotFoundError('Melding niet gevonden');
      await reads.markFor(reader, 'complaints', [row.id]);
      return { ...toItem(reader, row), is_new: false };
    },

    async add(rows: NewComplaintItem[], tx: Queryable = db) {
      if (!rows.length) return [];
      const added = await insertComplaints(tx, rows.map((r) => ({ ...r, content: sanitizeStaffHtml(r.content ?? '') })));
      await Promise.all([...new Set(added.map((a) => a.projectId))].map((projectId) => projects.invalidateNewItems({ projectId }, tx)));
      return added;
    },
  };
}
export type ComplaintsService = ReturnType<typeof createComplaintsService>;
