import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_POLICY_PATHS, DEFAULT_TERMS_TEXT, isSitePath, isWebUrl, resolvePolicyUrl, type TBranding, type TCustomer } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { createCache, type InvalidationBus } from '../../lib/invalidation.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { projects } from '../project/project.table.ts';
import { customers } from './customer.table.ts';

export type CustomerRow = typeof customers.$inferSelect;

export function customerBranding(c: CustomerRow): TBranding {
  return { logo: c.logo, color_primary: c.colorPrimary, color_secondary: c.colorSecondary, website: c.website, notification: c.notification };
}

/** Strips the port and lower-cases: 'Portaal.Example.nl:3000' -> 'portaal.example.nl'. */
export function hostName(host: string | undefined): string {
  return (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
}

/** The customer is found by host; a customer listing '*' serves hosts no other customer claims. */
export function createCustomerService(db: Db, bus: InvalidationBus, apiUrl: string, options: { mapTileUrl: string }) {
  const byHost = createCache<CustomerRow | null>(bus, 'customer-host');
  const findByHost = (host: string) =>
    byHost.get(host, async () => {
      const rows = await db
        .select()
        .from(customers)
        .where(sql`${host} = ANY(${customers.domains}) OR '*' = ANY(${customers.domains})`)
        .orderBy(sql`${host} = ANY(${customers.domains}) DESC`, asc(customers.position), asc(customers.id))
        .limit(1);
      return rows[0] ?? null;
    });

  return {
    async forHost(host: string | undefined): Promise<CustomerRow> {
      const customer = await findByHost(hostName(host));
      if (!customer) throw new NotFoundError('Dit portaal is niet bekend.');
      return customer;
    },

    async byId(id: number): Promise<CustomerRow | null> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row ?? null;
    },

    async describe(customer: CustomerRow): Promise<TCustomer> {
      const publicProjects = await db
        .select({ id: projects.id, name: projects.name, customer_id: projects.customerId })
        .from(projects)
        .where(sql`${projects.customerId} = ${customer.id} AND ${projects.isPublic} AND ${projects.archivedAt} IS NULL`)
        .orderBy(asc(projects.id));
      return {
        id: customer.id,
        name: customer.name,
        api_url: apiUrl,
        ...customerBranding(customer),
        // A value stored before the rule refused '/\\x' (another site to a browser) sends residents to the portal's own login.
        login_url_occupants: isSitePath(customer.loginUrlOccupants) || isWebUrl(customer.loginUrlOccupants) ? customer.loginUrlOccupants : '/inloggen',
        projects: publicProjects,
        map_tile_url: options.mapTileUrl,
        terms_url: resolvePolicyUrl(customer.website, customer.termsUrl),
        // The default path is the portal's own privacy page, written from the retention policy (issue 20, modules/retention).
        privacy_url: customer.privacyUrl === DEFAULT_POLICY_PATHS.privacy_url ? DEFAULT_POLICY_PATHS.privacy_url : resolvePolicyUrl(customer.website, customer.privacyUrl),
        cookies_url: resolvePolicyUrl(customer.website, customer.cookiesUrl),
        terms_text: customer.termsText ?? DEFAULT_TERMS_TEXT,
      };
    },

    /** Called after a customer changes, so every process drops its host cache. */
    invalidate: () => byHost.invalidate('*'),
  };
}
export type CustomerService = ReturnType<typeof createCustomerService>;
