import { CONTENT_LIST_LIMIT, type TPartner } from '@portal/contract';
import { groupBy, type ContentDeps, type Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { optionalFileUrl } from '../files/index.ts';
import { findPartnerWithLogo, insertPartners, selectPartnerItems, selectPartners, type NewPartner } from './partners.repository.ts';

export function createPartnersService({ db, files }: Pick<ContentDeps, 'db' | 'files'>) {
  files.registerOwner('partners', async (fileId, viewer) => ((await findPartnerWithLogo(db, fileId, viewer)) ? {} : null));

  return {
    /** The project's partners with the information items each works on (two queries in all). */
    async list(reader: Reader): Promise<TPartner[]> {
      const rows = await selectPartners(db, reader, CONTENT_LIST_LIMIT);
      const items = await selectPartnerItems(db, reader, rows.map((r) => r.id));
      const byPartner = groupBy(items, (i) => i.partnerId);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        logo_url: optionalFileUrl(r.logoId, r.logoName),
        website: r.website,
        lat: r.lat,
        lng: r.lng,
        information_items: (byPartner.get(r.id) ?? []).map((i) => ({ id: i.id, title: i.title })),
      }));
    },

    add: (rows: NewPartner[], tx: Queryable = db) => (rows.length ? insertPartners(tx, rows) : Promise.resolve([])),
  };
}
export type PartnersService = ReturnType<typeof createPartnersService>;
