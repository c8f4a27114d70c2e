import { z } from 'zod';
import { ZHtml } from './common.ts';
import { MODULE_NAMES } from './modules.ts';

export const ZModuleName = z.enum(MODULE_NAMES);

export const ZProjectModule = z.object({
  name: ZModuleName,
  display_name: z.string(),
  nr_of_new_items: z.number().int().min(0),
});
export type TProjectModule = z.infer<typeof ZProjectModule>;

export const ZProject = z.object({
  id: z.number(),
  name: z.string(),
  customer_id: z.number(),
  logo_url: z.string().nullable(),
  corporate_identity_color: z.string(),
  color_primary: z.string(),
  color_secondary: z.string(),
  website: z.string().nullable(),
  notification: z.string().nullable(),
  address_id: z.number().nullable(),
  welcome_message: ZHtml,
  support_base_progress: z.string().nullable(),
  modules: z.array(ZProjectModule),
  module_18_name: z.string(),
  work_order_show_image: z.boolean(),
  work_order_message: z.string().nullable(),
  work_order_image_url: z.string().nullable(),
});
export type TProject = z.infer<typeof ZProject>;

export const ZProjectSummary = z.object({
  id: z.number(),
  name: z.string(),
  customer_id: z.number(),
  logo_url: z.string().nullable(),
  color_primary: z.string(),
  description: z.string().nullable(),
});
export type TProjectSummary = z.infer<typeof ZProjectSummary>;

export const ZPartnerCustomer = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string().nullable(),
  color_primary: z.string(),
  nr_of_projects: z.number(),
});
export type TPartnerCustomer = z.infer<typeof ZPartnerCustomer>;

