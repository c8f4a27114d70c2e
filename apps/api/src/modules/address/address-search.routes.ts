import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffContentBPaths, ZStaffAddressOptionList, ZStaffAddressSearchQuery, ZStaffContentBParams, type TStaffAddressOption } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import {
  addressColumns, fullAddress, houseNumberOrder, inProject, matchesAddress, staffReadErrors, staffSecurity, staffTags,
} from '../../lib/staff-content-b.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';
import { addresses } from './address.table.ts';

const DEFAULT_LIMIT = 20;

/** The project's addresses that match every word of `q`, by street and house number. */
async function searchProjectAddresses(db: Db, scope: { customerId: number; projectId: number }, q: string | undefined, limit: number): Promise<TStaffAddressOption[]> {
  const rows = await db
    .select({ id: addresses.id, ...addressColumns })
    .from(addresses)
    .where(and(eq(addresses.customerId, scope.customerId), inProject(scope.projectId), matchesAddress(q)))
    .orderBy(asc(addresses.street), houseNumberOrder, asc(addresses.houseNumber), asc(addresses.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, full_address: fullAddress(r) }));
}

/** The console's address picker (per-address documents, dossier items): GET /staff/projects/{projectId}/address-search. */
export const addressSearchRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffAccess, db } = services;
  app.get(staffContentBPaths.addressSearch, {
    config: { access: access.console('addresses.read', access.project('projectId'), { personalData: true }) },
    schema: {
      tags: staffTags, summary: "Finds addresses of the project for a picker",
      description: `Every word of \`q\` in street, house number, postcode or city; by street and house number, at most \`limit\` (default ${DEFAULT_LIMIT}, at most 50). Another customer's project answers 404.`,
      params: ZStaffContentBParams, querystring: ZStaffAddressSearchQuery, security: staffSecurity, response: { 200: ZStaffAddressOptionList, ...staffReadErrors },
    },
  }, async (request) => {
    const ctx = staffOf(request);
    await staffAccess.project(ctx, request.params.projectId);
    return searchProjectAddresses(db, { customerId: ctx.customerId, projectId: request.params.projectId }, request.query.q, request.query.limit ?? DEFAULT_LIMIT);
  });
};
