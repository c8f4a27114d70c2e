import type { TDocument, TPageQuery } from '@portal/contract';
import type { ContentDeps, Reader } from '../../lib/content.ts';
import { toDutchDate } from '../../lib/dates.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { fileUrl } from '../files/index.ts';
import {
  countUnreadDocuments, findDocumentCursor, findDocumentWithFile, insertDocuments, selectDocument, selectDocumentPage, type NewDocument,
} from './documents.repository.ts';

export function createDocumentsService({ db, files, reads, newItems, projects }: ContentDeps) {
  newItems.register(async ({ addressId, projectId }) => ({ documents: await countUnreadDocuments(db, addressId, projectId) }));
  files.registerOwner('documents', async (fileId, viewer) => {
    const found = await findDocumentWithFile(db, fileId, viewer);
    return found ? { markRead: { module: 'documents', itemId: found.id } } : null;
  });

  type Row = Awaited<ReturnType<typeof selectDocument>>[number];
  const toDocument = (reader: Reader, r: Row): TDocument => ({
    id: r.id,
    type: r.type,
    created_at: toDutchDate(r.createdAt),
    subject: r.subject,
    name: r.name,
    fetched: reader.kind === 'occupant' && !r.unread,
    document_url: fileUrl({ id: r.fileId, filename: r.filename }),
    methods: r.methods,
  });

  return {
    /** One page of the list, newest first (paging.ts). */
    async list(reader: Reader, page: TPageQuery = {}): Promise<Page<TDocument>> {
      const size = pageSize(page);
      const after = page.before !== undefined ? await findDocumentCursor(db, reader, page.before) : undefined;
      if (after === null) return { items: [], hasMore: false };
      const { items, hasMore } = toPage(await selectDocumentPage(db, reader, { after, limit: size + 1 }), size);
      return { items: items.map((r) => toDocument(reader, r)), hasMore };
    },

    /** One document of the resident's project (project-wide or their address's); marks it fetched. */
    async document(reader: Reader & { kind: 'occupant' }, id: number): Promise<TDocument> {
      const [row] = await selectDocument(db, reader, id);
      if (!row) throw new NotFoundError('Document niet gevonden');
      await reads.markFor(reader, 'documents', [row.id]);
      const document = toDocument(reader, row);
      return { ...document, fetched: reader.actingAdmin ? document.fetched : true };
    },

    async add(rows: NewDocument[], tx: Queryable = db) {
      if (!rows.length) return [];
      const added = await insertDocuments(tx, rows);
      await Promise.all([...new Set(added.map((a) => a.projectId))].map((projectId) => projects.invalidateNewItems({ projectId }, tx)));
      return added;
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
