import { CONTENT_LIST_LIMIT, INFORMATION_MENUS, type TInformationItem, type TInformationMenu } from '@portal/contract';
import { assertReaderModule, groupBy, iconUrl, type ContentDeps, type Reader } from '../../lib/content.ts';
import { NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import { optionalFileUrl } from '../files/index.ts';
import {
  countUnreadInformation, findInformationWithImage, insertInformation, linkInformationPartners, selectInformation, selectItemPartners,
  selectMenuIds, type NewInformationItem,
} from './information.repository.ts';
import type { InformationKind } from './information.table.ts';

export type NewInformation = NewInformationItem & { partnerIds?: number[] };

export function createInformationService({ db, files, reads, newItems, projects }: ContentDeps) {
  newItems.register(({ addressId, projectId }) => countUnreadInformation(db, addressId, projectId));
  files.registerOwner('information', async (fileId, viewer) => ((await findInformationWithImage(db, fileId, viewer)) ? {} : null));

  async function load(reader: Reader, where: { kind?: InformationKind; id?: number; limit: number }): Promise<TInformationItem[]> {
    const rows = await selectInformation(db, reader, where);
    const links = groupBy(await selectItemPartners(db, reader, rows.map((r) => r.id)), (p) => p.itemId);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      menuitem_id: r.kind === 'faq' ? null : r.menuitemId,
      content: r.content,
      image_url: optionalFileUrl(r.imageId, r.imageName),
      icon_urls: r.icons.map(iconUrl),
      access_to_home_required: r.accessToHomeRequired,
      indicators: r.indicators,
      partners: (links.get(r.id) ?? []).map((p) => ({ id: p.id, name: p.name, logo_url: optionalFileUrl(p.logoId, p.logoName) })),
      is_new: reader.kind === 'occupant' && r.unread,
    }));
  }

  return {
    /** The menu groups (1 work inside, 2 work outside, 3 other) that hold items for this reader. */
    async menu(reader: Reader): Promise<TInformationMenu[]> {
      const ids = await selectMenuIds(db, reader);
      return INFORMATION_MENUS.filter((m) => ids.includes(m.id)).map((m) => ({ id: m.id, name: m.name }));
    },

    list: (reader: Reader, kind: InformationKind) => load(reader, { kind, limit: CONTENT_LIST_LIMIT }),

    /** One information or FAQ item; a resident's read marks it read. */
    async item(reader: Reader, id: number): Promise<TInformationItem> {
      const [item] = await load(reader, { id, limit: 1 });
      if (!item) throw new NotFoundError('Informatie niet gevonden');
      assertReaderModule(reader, item.menuitem_id === null ? 'faq' : 'information'); // an FAQ item is gone while the FAQ is off
      await reads.markFor(reader, 'information', [item.id]);
      return { ...item, is_new: false };
    },

    /** Adds items (content sanitised, indicators checked) with their partners, and lets residents count them as new. */
    async add(rows: NewInformation[], tx: Queryable = db) {
      if (!rows.length) return [];
      for (const r of rows) {
        if ((r.kind ?? 'information') === 'information' && ![1, 2, 3].includes(r.menuitemId ?? 0)) throw new UnprocessableError('Kies een menugroep (1, 2 of 3).');
        if ((r.indicators ?? []).some((i) => i.value < 0 || i.value > 100)) throw new UnprocessableError('Een indicator heeft een waarde van 0 tot en met 100.');
      }
      const added = await insertInformation(tx, rows.map(({ partnerIds: _partners, ...r }) => ({
        ...r, menuitemId: (r.kind ?? 'information') === 'faq' ? null : r.menuitemId, content: sanitizeStaffHtml(r.content ?? ''),
      })));
      await linkInformationPartners(tx, added.flatMap((a, i) => (rows[i]!.partnerIds ?? []).map((partnerId, position) => ({ itemId: a.id, partnerId, position }))));
      await Promise.all([...new Set(added.map((a) => a.projectId))].map((projectId) => projects.invalidateNewItems({ projectId })));
      return added;
    },
  };
}
export type InformationService = ReturnType<typeof createInformationService>;
