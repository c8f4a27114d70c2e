import { z } from 'zod';
import { ZLanguage } from './common.ts';
import { ZProjectRef } from './auth.ts';

export const ZCustomer = z.object({
  id: z.number(),
  name: z.string(),
  api_url: z.string(),
  logo: z.string().nullable(),
  color_primary: z.string(),
  color_secondary: z.string(),
  website: z.string().nullable(),
  notification: z.string().nullable(),
  login_url_occupants: z.string(),
  /** The customer's public projects: a non-empty list sends a visitor of / to /public/projecten. */
  projects: z.array(ZProjectRef),
  /** XYZ tile URL template for the maps (work order, partners): {z}/{x}/{y}, optionally {s}. */
  map_tile_url: z.string(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZCustomerQuery = z.object({ domain: z.string().max(253).optional(), language: ZLanguage });
