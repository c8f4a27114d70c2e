import { z } from 'zod';
import { ZHtml } from './common.ts';

export const MODULE_NAMES = [
  'news', 'information', 'faq', 'scheduling', 'contacts', 'partners', 'work_order', 'messages',
  'survey', 'appointments', 'documents', 'forms', 'intake', 'dossier', 'complaints',
] as const;
export const ZModuleName = z.enum(MODULE_NAMES);
export type TModuleName = z.infer<typeof ZModuleName>;

/** Modules a public visitor never sees. */
export const PRIVATE_MODULES: readonly TModuleName[] = ['appointments', 'intake', 'dossier'];

export const DEFAULT_MODULE_LABELS: Record<TModuleName, string> = {
  news: 'Nieuws',
  information: 'Informatie',
  faq: 'Veelgestelde vragen',
  scheduling: 'Planning',
  contacts: 'Contactpersonen',
  partners: 'Partners',
  work_order: 'Werkvolgorde',
  messages: 'Contact',
  survey: 'Enquêtes',
  appointments: 'Afspraken',
  documents: 'Documenten',
  forms: 'Formulieren',
  intake: 'Opname',
  dossier: 'Dossier',
  complaints: 'Klachten',
};

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

/** Where each module's tile leads, for a resident and for a visitor of a public project. */
export function moduleTilePath(name: TModuleName, projectId: number, audience: 'occupant' | 'public' | 'partner'): string {
  if (audience === 'public') {
    const publicPaths: Partial<Record<TModuleName, string>> = {
      news: 'nieuws', information: 'informatie', faq: 'faq', scheduling: 'planning', contacts: 'contactpersonen',
      partners: 'partners', work_order: 'werk-volgorde', messages: 'berichten', survey: 'enquetes',
      documents: 'documenten', forms: 'formulieren', complaints: 'complaints',
    };
    const segment = publicPaths[name];
    return segment ? `/public/${segment}/${projectId}` : `/public/dashboard/${projectId}`;
  }
  const occupantPaths: Record<TModuleName, string> = {
    news: '/nieuws', information: '/informatie/', faq: '/faq/', scheduling: '/planning/', contacts: '/contactpersonen/',
    partners: '/partners/', work_order: '/werk-volgorde/', messages: '/berichten/', survey: '/enquetes/',
    appointments: '/afspraken/', documents: '/documenten/', forms: '/formulieren/', dossier: '/dossier/',
    complaints: '/complaints/', intake: `/partner/opname/project/${projectId}/formulieren`,
  };
  return occupantPaths[name];
}
