import { z } from 'zod';
import { ZDutchDate, ZHtml, ZId, ZLanguage } from './common.ts';

/**
 * Read-only content modules: news, complaints, information, FAQ, planning, work order, partners,
 * documents, dossier and contact persons. Public reads take the project id in the path; occupant
 * reads take `project_id` in the query (the address's only project when left out); partners read a
 * project's modules through /partner/project/{project_id}/... with the same answers as public reads
 * plus non-public items.
 */

export const ZProjectParams = z.object({ id: ZId });
export const ZProjectItemParams = z.object({ project_id: ZId, id: ZId });

// News
export const ZNewsArticle = z.object({
  id: z.number(),
  title: z.string(),
  date: ZDutchDate,
  image_url: z.string().nullable(),
  content: ZHtml,
  is_new: z.boolean(),
});
export type TNewsArticle = z.infer<typeof ZNewsArticle>;
export const ZNewsList = z.array(ZNewsArticle);

// Complaints
export const ZComplaintItem = z.object({
  id: z.number(),
  title: z.string(),
  image_url: z.string().nullable(),
  content: ZHtml,
  is_new: z.boolean(),
});
export type TComplaintItem = z.infer<typeof ZComplaintItem>;
export const ZComplaintList = z.object({ title: z.string(), items: z.array(ZComplaintItem) });
export type TComplaintList = z.infer<typeof ZComplaintList>;

// Information and FAQ
export const ZIndicator = z.object({ name: z.string(), value: z.number().min(0).max(100) });
export type TIndicator = z.infer<typeof ZIndicator>;
export const ZItemPartner = z.object({ id: z.number(), name: z.string(), logo_url: z.string().nullable() });

export const ZInformationItem = z.object({
  id: z.number(),
  title: z.string(),
  menuitem_id: z.number().int().min(1).max(3).nullable(),
  content: ZHtml,
  image_url: z.string().nullable(),
  icon_urls: z.array(z.string()),
  access_to_home_required: z.boolean(),
  indicators: z.array(ZIndicator),
  partners: z.array(ZItemPartner),
  is_new: z.boolean(),
});
export type TInformationItem = z.infer<typeof ZInformationItem>;
export const ZInformationList = z.array(ZInformationItem);

export const ZInformationMenu = z.object({ id: z.number().int().min(1).max(3), name: z.string() });
export type TInformationMenu = z.infer<typeof ZInformationMenu>;
export const ZInformationMenuList = z.array(ZInformationMenu);
export const INFORMATION_MENUS: Array<{ id: 1 | 2 | 3; name: string }> = [
  { id: 1, name: 'Werkzaamheden binnen' },
  { id: 2, name: 'Werkzaamheden buiten' },
  { id: 3, name: 'Overige informatie' },
];

// Planning (schedule)
export const ZScheduleEntry = z.object({
  item: z.object({
    id: z.number(),
    title: z.string(),
    content: ZHtml,
    image_url: z.string().nullable(),
    highlight: z.boolean(),
    access_to_home_required: z.boolean(),
    icon_urls: z.array(z.string()),
    indicators: z.array(ZIndicator),
  }),
  description: z.string().nullable(),
  title: z.string(),
  partners: z.array(ZItemPartner),
});
export type TScheduleEntry = z.infer<typeof ZScheduleEntry>;
export const ZSchedule = z.object({
  comment: ZHtml.nullable(),
  image_url: z.string().nullable(),
  show_date: z.boolean(),
  /** Keyed by date as YYYY-MM-DD, sorted. */
  sorted_scheduled_items: z.record(z.string(), z.array(ZScheduleEntry)),
});
export type TSchedule = z.infer<typeof ZSchedule>;

// Work order
export const WORK_ORDER_STATUSES = ['in_preparation', 'in_progress', 'done'] as const;
export const ZWorkOrderEntry = z.object({
  id: z.number(),
  full_address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  status: z.enum(WORK_ORDER_STATUSES),
  /** True for the address of the logged-in resident. */
  is_own_address: z.boolean(),
});
export type TWorkOrderEntry = z.infer<typeof ZWorkOrderEntry>;
export const ZWorkOrder = z.object({
  show_image: z.boolean(),
  message: z.string().nullable(),
  image_url: z.string().nullable(),
  entries: z.array(ZWorkOrderEntry),
});
export type TWorkOrder = z.infer<typeof ZWorkOrder>;

// Partners
export const ZPartner = z.object({
  id: z.number(),
  name: z.string(),
  logo_url: z.string().nullable(),
  website: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  information_items: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type TPartner = z.infer<typeof ZPartner>;
export const ZPartnerList = z.array(ZPartner);

// Documents
export const ZDocument = z.object({
  id: z.number(),
  type: z.string(),
  created_at: ZDutchDate,
  subject: z.string(),
  name: z.string(),
  fetched: z.boolean(),
  /** Relative download link; the client adds `token` for authorised downloads. */
  document_url: z.string(),
  methods: z.array(z.object({ type: z.string(), message: z.string() })),
});
export type TDocument = z.infer<typeof ZDocument>;
export const ZDocumentList = z.array(ZDocument);

// Dossier
export const ZDossierItem = z.object({
  id: z.number(),
  type: z.string(),
  sub_type: z.string().nullable(),
  method_type: z.string().nullable(),
  name: z.string(),
  subject: z.string(),
  created_at: ZDutchDate,
  download_url: z.string(),
  fetched: z.boolean(),
});
export type TDossierItem = z.infer<typeof ZDossierItem>;
export const ZDossierList = z.array(ZDossierItem);
export const ZDossierDownloadBody = z.object({
  email: z
    .string({ error: 'Vul hier een e-mailadres in' })
    .trim()
    .min(1, 'Vul hier een e-mailadres in')
    .max(254, 'Vul een geldig e-mailadres in')
    .regex(/^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/, 'Vul een geldig e-mailadres in'),
  language: ZLanguage,
});
export const DOSSIER_SENT = 'Dossier download verzoek verstuurd';

// Contacts
export const ZContact = z.object({
  id: z.number(),
  first_name: z.string(),
  affix: z.string().nullable(),
  last_name: z.string(),
  email: z.string().nullable(),
  mobile_number: z.string().nullable(),
  phone_number: z.string().nullable(),
  function: z.string().nullable(),
  description: z.string().nullable(),
  avatar_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  can_chat: z.boolean(),
});
export type TContact = z.infer<typeof ZContact>;
export const ZContactList = z.array(ZContact);

/** Download links: /api/files/{id}/{filename}?token=... (the spec's download_url?filename=&token=). */
export const ZFileQuery = z.object({ token: z.string().optional(), filename: z.string().optional(), language: ZLanguage });
