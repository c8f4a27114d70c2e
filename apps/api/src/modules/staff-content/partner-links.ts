import { and, eq, inArray } from 'drizzle-orm';
import { staffContentMessages } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/staff-content.ts';
import { partners } from '../partners/partners.table.ts';

/** Partner links of information and planning items: only partners of the item's own project (422 at partner_ids otherwise). */
export function createPartnerLinks(db: Db) {
  return {
    async usable(projectId: number, ids: number[]): Promise<number[]> {
      const unique = [...new Set(ids)];
      if (!unique.length) return [];
      const found = await db.select({ id: partners.id }).from(partners).where(and(eq(partners.projectId, projectId), inArray(partners.id, unique)));
      if (found.length !== unique.length) throw fieldError('partner_ids', staffContentMessages.partnerNotFound);
      return unique;
    },
  };
}
