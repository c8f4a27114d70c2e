import { z } from 'zod';
import { ZDutchDate, ZHtml, ZId, ZLanguage } from './common.ts';
import { EMAIL_MAX_LENGTH } from './validation.ts';
import { PAGE_MAX_LIMIT } from './paging.ts';

/**
 * Read-only content modules: news, complaints, information, FAQ, planning, work order, partners,
 * documents, dossier and contact persons. Public reads take the project id in the path; occupant
 * reads take `project_id` in the query (the address's only project when left out); partners read a
 * project's modules through /partner/project/{project_id}/... with the same answers as public reads
 * plus non-public items.
 */

export const ZProjectParams = z.object({ id: ZId });
export const ZProjectItemParams = z.object({ project_id: ZId, id: ZId });
/** Partner reads: /partner/project/{project_id}/<module>. */
export const ZPartnerProjectParams = z.object({ project_id: ZId });

/** Every content list is bounded; the newest (or first by position) items come first. */
export const CONTENT_LIST_LIMIT = 200;

/**
 * Fills a path template of the constants below: `fillPath(newsPaths.publicArticle, { project_id: 1, id: 7 })`
 * is '/public/news/1/article/7'. Paths are relative to the API base (`/api`).
 */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/:([A-Za-z_]+)/g, (_all, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`fillPath: ${template} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

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
/**
 * Lists carry whole articles (content included), newest first, paged (paging.ts): without `before` the
 * newest PAGE_DEFAULT_LIMIT, with `before` (the last article held) the older ones; the header
 * X-Has-More says whether older articles remain. A resident's
 * detail read marks the article read (the answer then has is_new false); public visitors and partners
 * open articles from the list, or by the public detail read.
 */
export const newsPaths = {
  publicList: '/public/news/:id',
  publicArticle: '/public/news/:project_id/article/:id',
  occupantList: '/occupant/news',
  occupantArticle: '/occupant/news/article/:id',
  partnerList: '/partner/project/:project_id/news',
} as const;

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
/** The list's title is the project's module_18_name ('Meldingen', 'Klachten'). */
export const complaintPaths = {
  publicList: '/public/complaints/:id',
  publicItem: '/public/complaints/:project_id/item/:id',
  occupantList: '/occupant/complaints',
  occupantItem: '/occupant/complaint/:id',
  partnerList: '/partner/project/:project_id/complaints',
} as const;

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
// INFORMATION_MENUS (the standard menu groups) lives in the zod-free indicators.ts, for the web bundles.
/**
 * Information items (menuitem_id 1-3) and FAQ items (menuitem_id null) share one table and one detail
 * read. The menu lists only the groups that have items for the reader, by id.
 */
export const informationPaths = {
  publicMenu: '/public/information/menu/:id',
  publicList: '/public/information/:id',
  publicFaq: '/public/faq/:id',
  publicItem: '/public/information/:project_id/item/:id',
  occupantMenu: '/occupant/information/menu',
  occupantList: '/occupant/information',
  occupantFaq: '/occupant/faq',
  occupantItem: '/occupant/information/item/:id',
  partnerMenu: '/partner/project/:project_id/information/menu',
  partnerList: '/partner/project/:project_id/information',
  partnerFaq: '/partner/project/:project_id/faq',
} as const;

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
  /**
   * For a resident: not seen before this read. Reading the planning marks every entry seen (there is no
   * detail read, see schedulePaths), so is_new tells what is new since the last visit.
   */
  is_new: z.boolean(),
});
export type TScheduleEntry = z.infer<typeof ZScheduleEntry>;
/** A month of the planning: YYYY-MM. */
export const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Geef een maand als JJJJ-MM');
export const ZScheduleQuery = z.object({
  month: ZMonth.optional().describe('The month to answer, YYYY-MM; left out: the month of the first planned day from today (see ZSchedule).'),
});
export type TScheduleQuery = z.infer<typeof ZScheduleQuery>;
/** Entries one answer holds at most: a whole month of any real planning (the first by day and position). */
export const SCHEDULE_MONTH_LIMIT = 500;
export const ZSchedule = z.object({
  comment: ZHtml.nullable(),
  image_url: z.string().nullable(),
  show_date: z.boolean(),
  /**
   * The month this answer holds (YYYY-MM): the asked `month`; without one the month of the first planned
   * day from today (Europe/Amsterdam), else the last month with entries, else the current month.
   */
  month: ZMonth,
  /** Every month with entries for this reader (YYYY-MM, ascending), `month` itself included when it has any. */
  months_with_items: z.array(ZMonth),
  /** The entries of `month` only, keyed by date as YYYY-MM-DD, sorted. */
  sorted_scheduled_items: z.record(z.string(), z.array(ZScheduleEntry)),
});
export type TSchedule = z.infer<typeof ZSchedule>;
/**
 * The planning one month at a time (`?month=YYYY-MM`), so that an answer stays small however long the
 * planning runs: the calendar shows `month`, `months_with_items` tells where the back and forward buttons
 * lead (the nearest month with entries) and whether there is anywhere to go; a day (/planning/{day_nr})
 * loads its own month (a `month` that is not YYYY-MM answers 422). Comment, image and show_date come with
 * every month.
 * - Public visitors get the entries marked public (and only their months); partners every entry; nobody
 *   gets more than SCHEDULE_MONTH_LIMIT entries of one month.
 * - There is no detail read: a resident's read marks every entry of the project's planning read, whatever
 *   the month (one statement), so the tile's nr_of_new_items drops to 0 once the planning is opened, and
 *   is_new tells which entries of the month were new before that read. An administrator acting for the
 *   address leaves no marks.
 */
export const schedulePaths = {
  publicSchedule: '/public/schedule/:id',
  occupantSchedule: '/occupant/schedule',
  partnerSchedule: '/partner/project/:project_id/schedule',
} as const;

// Work order
export const WORK_ORDER_STATUSES = ['in_preparation', 'in_progress', 'done'] as const;
/** Entries per work-order page when `limit` is left out: one short line each, so a full page. */
export const WORK_ORDER_PAGE_SIZE = PAGE_MAX_LIMIT;
export const ZWorkOrderEntry = z.object({
  /** The work-order number (the spec's id); of a street range, its first number. */
  id: z.number(),
  /** The last work-order number the entry covers: `id` itself for one address. */
  last_id: z.number(),
  /** How many addresses the entry covers: 1, or more for a street range. */
  address_count: z.number(),
  /** 'Tulpstraat 12, 1234 AB Utrecht', or for a street range 'Rozenstraat 1–19, Utrecht'. */
  full_address: z.string(),
  /** The address's coordinates; of a street range the middle of its addresses. */
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
  /** One page of the entries, in work-order sequence. */
  entries: z.array(ZWorkOrderEntry),
  /** The logged-in resident's own entry wherever it is in the order (on any page), else null. */
  own_entry: ZWorkOrderEntry.nullable(),
});
export type TWorkOrder = z.infer<typeof ZWorkOrder>;
/**
 * The work order, paged (paging.ts): the first WORK_ORDER_PAGE_SIZE entries (`limit`, at most
 * PAGE_MAX_LIMIT) and, with `before` (the last_id of the last entry held), the entries after it;
 * X-Has-More says whether more follow. Every page repeats the settings and own_entry.
 * - Residents and staff see every address in full; public visitors the entries marked public.
 * - Public visitors see street ranges unless the project shows addresses (projects.
 *   work_order_public_addresses): consecutive entries in the order on the same street (and city) with
 *   the same status form one entry 'Rozenstraat 1–19, Utrecht' (lowest and highest house number),
 *   id to last_id its numbers. A range never spans two pages' worth of scanning: a very long run may
 *   be split in two entries on the same street.
 */
export const workOrderPaths = {
  publicWorkOrder: '/public/workorder/:id',
  occupantWorkOrder: '/occupant/workorder',
  partnerWorkOrder: '/partner/project/:project_id/workorder',
} as const;

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
/** information_items are the information items (not FAQ) the partner works on, for /informatie/{id}. */
export const partnerPaths = {
  publicList: '/public/partners/:id',
  occupantList: '/occupant/partners',
  partnerList: '/partner/project/:project_id/partners',
} as const;

// Documents
export const ZDocument = z.object({
  id: z.number(),
  type: z.string(),
  created_at: ZDutchDate,
  subject: z.string(),
  name: z.string(),
  fetched: z.boolean(),
  /** Relative download link, signed for the caller's session in authorised answers (see ZFileQuery). */
  document_url: z.string(),
  methods: z.array(z.object({ type: z.string(), message: z.string() })),
});
export type TDocument = z.infer<typeof ZDocument>;
export const ZDocumentList = z.array(ZDocument);
/**
 * A resident sees the project-wide documents and those of their own address; partners and public
 * visitors only project-wide ones (public visitors those marked public). The lists are paged like news
 * (paging.ts): newest first (created_at, then id), without `before` the newest PAGE_DEFAULT_LIMIT
 * (`limit`, at most PAGE_MAX_LIMIT), with `before` (the last document held) the older ones; X-Has-More
 * says whether older documents remain. GET of one document marks it fetched, and so does downloading its file.
 */
export const documentPaths = {
  publicList: '/public/documents/:id',
  occupantList: '/occupant/documents',
  occupantDocument: '/occupant/document/:id',
  partnerList: '/partner/project/:project_id/documents',
} as const;

// Dossier
export const ZDossierItem = z.object({
  id: z.number(),
  type: z.string(),
  sub_type: z.string().nullable(),
  method_type: z.string().nullable(),
  name: z.string(),
  subject: z.string(),
  created_at: ZDutchDate,
  /** Relative download link, signed for the caller's session (see ZFileQuery). */
  download_url: z.string(),
  fetched: z.boolean(),
});
export type TDossierItem = z.infer<typeof ZDossierItem>;
export const ZDossierList = z.array(ZDossierItem);
export const ZDossierDownloadBody = z.object({
  email: z
    .string({ error: 'Vul hier een e-mailadres in' })
    .trim()
    .min(1, { error: 'Vul hier een e-mailadres in', abort: true }) // an empty field gets one message, not two
    .max(EMAIL_MAX_LENGTH, 'Vul een geldig e-mailadres in')
    .regex(/^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/, 'Vul een geldig e-mailadres in'),
  language: ZLanguage,
});
// DOSSIER_SENT lives in the zod-free indicators.ts, for the web bundles.
export const ZDossierDownloadResponse = z.object({ success: z.literal(true), message: z.string() });
export type TDossierDownloadResponse = z.infer<typeof ZDossierDownloadResponse>;
/** The dossier of the resident's address in the chosen project; downloading an item marks it fetched. */
export const dossierPaths = {
  occupantList: '/occupant/dossier',
  occupantDownload: '/occupant/download/dossier',
} as const;

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
  /** Not in the spec: the organisation the contact works for, the logo's text alternative. */
  organisation: z.string().nullable(),
  can_chat: z.boolean(),
});
export type TContact = z.infer<typeof ZContact>;
export const ZContactList = z.array(ZContact);
export const contactPaths = {
  publicList: '/public/contacts/:id',
  occupantList: '/occupant/contacts',
  partnerList: '/partner/project/:project_id/contacts',
} as const;

/**
 * Download links: /api/files/{id}/{filename} (the spec's `download_url?filename=&token=`). Every image_url,
 * logo_url, avatar_url, document_url and download_url is such a link. Files of public items (of a public
 * project) load without a token, and public answers carry plain links. An answer to an authorised call
 * (Authorization header) carries every file link signed for the caller's session:
 * `/api/files/{id}/{filename}?token={session_id}.{expiry}.{signature}` (HMAC-SHA256 under a server secret).
 *
 * `token` is never a session token (those count only in the Authorization header, on every route): it is a
 * signed link token that opens this one file, for minutes (FILE_LINK_MINUTES, default 10, at most 1.5 ×
 * that), on behalf of a session that is still live; the file's module still decides whether that session may
 * read the file, and a resident's download marks the item fetched. A forged, tampered, expired or other
 * file's token, or a session token, answers 401 `fileMessages.linkInvalid`; a logout ends the session's links.
 * With an Authorization header the header decides and `token` is ignored. `ticket` is the time-limited token
 * of a dossier e-mail. `filename` renames the download.
 */
export const ZFileQuery = z.object({
  token: z.string().max(200).optional(),
  ticket: z.string().max(200).optional(),
  filename: z.string().max(255).optional(),
  /** 'inline': a PDF opens in the browser (a link that says it opens); otherwise a PDF downloads. Images are always inline. */
  disposition: z.enum(['inline', 'attachment']).optional(),
  language: ZLanguage,
});
export const ZFileParams = z.object({ id: ZId, filename: z.string().min(1).max(255) });
export const ZFileLinkParams = z.object({ id: ZId });
/** A freshly signed download link (POST /files/{id}/link), for a download clicked long after the list came. */
export const ZFileLink = z.object({ url: z.string() });
export type TFileLink = z.infer<typeof ZFileLink>;
export const filePaths = { download: '/files/:id/:filename', link: '/files/:id/link' } as const;
export const fileMessages = {
  linkInvalid: 'Deze downloadlink is ongeldig of verlopen. Open het bestand opnieuw vanuit het portaal.',
  /** An upload refused because the server is decoding as many images as it takes at once (503, Retry-After). */
  busy: 'Er worden op dit moment veel foto’s verwerkt. Probeer het over enkele seconden opnieuw.',
  /** A PDF with JavaScript or an action that starts a program (refused for every upload). */
  pdfActiveContent: 'Dit PDF-bestand bevat JavaScript of een opdracht die een programma start, en wordt daarom niet opgeslagen. Maak er een gewone PDF van (bijvoorbeeld met Afdrukken naar PDF) en probeer het opnieuw.',
  /** A PDF the portal cannot inspect: damaged, encrypted or protected with a password. */
  pdfUnreadable: 'Dit PDF-bestand kan niet worden gelezen: het is beschadigd, versleuteld of met een wachtwoord beveiligd. Sla het op als gewone PDF en probeer het opnieuw.',
  /** An image with more pixels than a phone photo has (see IMAGE_MAX_PIXELS), refused before it is decoded. */
  imageTooManyPixels: (megapixels: number) => `Deze afbeelding is te groot: een foto mag hoogstens ${megapixels} megapixel zijn. Verklein de foto en probeer het opnieuw.`,
} as const;
