import { z } from 'zod';
import { ZDutchDate, ZId, ZLanguage } from './common.ts';
import { ICON_LABELS } from './icons.ts';
import { PAGE_MAX_LIMIT } from './paging.ts';

/**
 * The staff console's content editing (/api/staff/projects/{projectId}/...): news, complaints,
 * information, FAQ and planning items, each a list (paged with `before`/`limit` and X-Has-More as
 * paging.ts says, searchable with `q`, drafts included) and an item to create, read, change and delete.
 *
 * Drafts and publishing (every content item): `publish_at` null is a draft, a moment in the future is
 * scheduled, a moment that has passed is published. Residents, partners and visitors see an item only
 * once it is published, and residents' new-item counts move only then.
 */

// ---------------------------------------------------------------- shared pieces

export const CONTENT_STATUSES = ['draft', 'scheduled', 'published'] as const;
export const ZContentStatus = z.enum(CONTENT_STATUSES);
export type TContentStatus = z.infer<typeof ZContentStatus>;
export const CONTENT_STATUS_LABELS: Record<TContentStatus, string> = { draft: 'Concept', scheduled: 'Gepland', published: 'Gepubliceerd' };

/** The status of an item by its publish_at (an ISO moment or null) at `now`. */
export function contentStatus(publishAt: string | Date | null, now: Date = new Date()): TContentStatus {
  if (publishAt === null) return 'draft';
  return new Date(publishAt).getTime() > now.getTime() ? 'scheduled' : 'published';
}

export const staffContentMessages = {
  titleRequired: 'Vul een titel in',
  dateRequired: 'Vul een datum in als DD-MM-JJJJ',
  dateInvalid: 'Vul een bestaande datum in als DD-MM-JJJJ',
  publishAtInvalid: 'Vul een geldige publicatiedatum en -tijd in',
  contentTooLong: 'De tekst is te lang',
  menuRequired: 'Kies een menugroep',
  iconUnknown: 'Kies een pictogram uit de lijst',
  indicatorName: 'Vul een naam in voor de indicator',
  indicatorValue: 'Vul een waarde van 0 tot en met 100 in',
  positionInvalid: 'Vul een volgorde van 0 of hoger in',
  imageNotFound: 'De afbeelding is niet gevonden. Upload haar opnieuw.',
  partnerNotFound: 'Deze partner hoort niet bij het project',
  tooMany: (max: number) => `Kies er maximaal ${max}`,
  notVisiblePublic: 'Niet zichtbaar voor publiek',
  searchTooLong: 'Gebruik maximaal 100 tekens',
  itemNotFound: 'Item niet gevonden',
  imageType: 'Alleen afbeeldingen van het type png of jpeg zijn toegestaan.',
  imageMissing: 'Kies een afbeelding van het type png of jpeg.',
  imageTooLarge: (mb: number) => `De afbeelding is te groot: maximaal ${mb} MB.`,
} as const;

export const TITLE_MAX_LENGTH = 200;
/** Staff HTML as stored (after sanitising it is never longer). */
export const CONTENT_HTML_MAX_LENGTH = 100_000;
export const DESCRIPTION_MAX_LENGTH = 500;

const isRealDutchDate = (value: string) => {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  return date.getUTCFullYear() === Number(m[3]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[1]);
};
/** DD-MM-YYYY, a day that exists. */
export const ZStaffDate = z.string({ error: staffContentMessages.dateRequired })
  .regex(/^\d{2}-\d{2}-\d{4}$/, staffContentMessages.dateRequired)
  .refine(isRealDutchDate, staffContentMessages.dateInvalid);
export const ZStaffTitle = z.string({ error: staffContentMessages.titleRequired }).trim().min(1, staffContentMessages.titleRequired)
  .max(TITLE_MAX_LENGTH, `Gebruik maximaal ${TITLE_MAX_LENGTH} tekens`);
export const ZStaffHtml = z.string().max(CONTENT_HTML_MAX_LENGTH, staffContentMessages.contentTooLong);
/** When residents see the item: an ISO 8601 moment with offset, or null for a draft. */
export const ZPublishAt = z.iso.datetime({ offset: true, error: staffContentMessages.publishAtInvalid }).nullable();
export const ZPosition = z.number({ error: staffContentMessages.positionInvalid }).int(staffContentMessages.positionInvalid)
  .min(0, staffContentMessages.positionInvalid).max(1_000_000, staffContentMessages.positionInvalid);

export const ICON_NAMES = Object.keys(ICON_LABELS) as [string, ...string[]];
export const ZIconName = z.enum(ICON_NAMES, { error: staffContentMessages.iconUnknown });
export const MAX_ICONS = 8;
export const MAX_INDICATORS = 10;
export const MAX_PARTNERS = 20;
export const ZStaffIndicator = z.object({
  name: z.string().trim().min(1, staffContentMessages.indicatorName).max(60, 'Gebruik maximaal 60 tekens'),
  value: z.number({ error: staffContentMessages.indicatorValue }).int(staffContentMessages.indicatorValue)
    .min(0, staffContentMessages.indicatorValue).max(100, staffContentMessages.indicatorValue),
});
export type TStaffIndicator = z.infer<typeof ZStaffIndicator>;

/** What every content item carries about its visibility. */
const visibility = {
  is_public: z.boolean(),
  publish_at: ZPublishAt,
};
const visibilityOut = { ...visibility, status: ZContentStatus };

export const ZStaffContentParams = z.object({ projectId: ZId });
export const ZStaffContentItemParams = z.object({ projectId: ZId, id: ZId });
export type TStaffContentItemParams = z.infer<typeof ZStaffContentItemParams>;

/** A list: `q` searches the title (and content), case-insensitive; paging as paging.ts. */
export const ZStaffListQuery = z.object({
  language: ZLanguage,
  q: z.string().trim().max(100, staffContentMessages.searchTooLong).optional(),
  before: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).optional(),
});
export type TStaffListQuery = z.infer<typeof ZStaffListQuery>;

/** One row of any content list in the console. `date` for dated items (news, planning), `group` a menu group. */
export const ZStaffListItem = z.object({
  id: z.number(),
  title: z.string(),
  date: ZDutchDate.nullable(),
  group: z.string().nullable(),
  ...visibilityOut,
});
export type TStaffListItem = z.infer<typeof ZStaffListItem>;
export const ZStaffList = z.array(ZStaffListItem);

/** An image staff uploaded (POST .../images): its id goes into an item's image_id, its url into rich text. */
export const STAFF_IMAGE_PURPOSES = ['news', 'complaints', 'information', 'schedule', 'content', 'partners', 'contacts', 'work-order'] as const;
export const ZStaffImagePurpose = z.enum(STAFF_IMAGE_PURPOSES);
/** The largest image staff may upload. */
export const STAFF_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export type TStaffImagePurpose = z.infer<typeof ZStaffImagePurpose>;
export const ZStaffImageParams = z.object({ projectId: ZId, purpose: ZStaffImagePurpose });
export const ZStaffImage = z.object({ id: z.number(), url: z.string(), image_width: z.number().nullable(), image_height: z.number().nullable() });
export type TStaffImage = z.infer<typeof ZStaffImage>;

/** The content overview of a project: its name, modules and what the item forms choose from. */
export const ZStaffContentOverview = z.object({
  project: z.object({ id: z.number(), name: z.string(), module_18_name: z.string(), is_public: z.boolean() }),
  /** The project's switched-on modules (names of modules.ts). */
  modules: z.array(z.string()),
  counts: z.object({ news: z.number(), complaints: z.number(), information: z.number(), faq: z.number(), schedule: z.number() }),
  partners: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type TStaffContentOverview = z.infer<typeof ZStaffContentOverview>;

// ---------------------------------------------------------------- news

export const ZStaffNewsInput = z.object({
  title: ZStaffTitle,
  date: ZStaffDate,
  image_id: ZId.nullable(),
  content: ZStaffHtml,
  ...visibility,
  language: ZLanguage,
});
export type TStaffNewsInput = z.infer<typeof ZStaffNewsInput>;
export const ZStaffNews = ZStaffNewsInput.omit({ language: true }).extend({ id: z.number(), image_url: z.string().nullable(), ...visibilityOut });
export type TStaffNews = z.infer<typeof ZStaffNews>;

// ---------------------------------------------------------------- complaints

export const ZStaffComplaintInput = z.object({
  title: ZStaffTitle,
  image_id: ZId.nullable(),
  content: ZStaffHtml,
  position: ZPosition,
  ...visibility,
  language: ZLanguage,
});
export type TStaffComplaintInput = z.infer<typeof ZStaffComplaintInput>;
export const ZStaffComplaint = ZStaffComplaintInput.omit({ language: true }).extend({ id: z.number(), image_url: z.string().nullable(), ...visibilityOut });
export type TStaffComplaint = z.infer<typeof ZStaffComplaint>;

// ---------------------------------------------------------------- information and FAQ

const details = {
  image_id: ZId.nullable(),
  icons: z.array(ZIconName).max(MAX_ICONS, staffContentMessages.tooMany(MAX_ICONS)),
  access_to_home_required: z.boolean(),
  indicators: z.array(ZStaffIndicator).max(MAX_INDICATORS, staffContentMessages.tooMany(MAX_INDICATORS)),
  partner_ids: z.array(ZId).max(MAX_PARTNERS, staffContentMessages.tooMany(MAX_PARTNERS)),
};

export const ZStaffInformationInput = z.object({
  title: ZStaffTitle,
  /** 1 work inside, 2 work outside, 3 other (INFORMATION_MENUS). */
  menuitem_id: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: staffContentMessages.menuRequired }),
  content: ZStaffHtml,
  ...details,
  position: ZPosition,
  ...visibility,
  language: ZLanguage,
});
export type TStaffInformationInput = z.infer<typeof ZStaffInformationInput>;
export const ZStaffInformation = ZStaffInformationInput.omit({ language: true }).extend({ id: z.number(), image_url: z.string().nullable(), ...visibilityOut });
export type TStaffInformation = z.infer<typeof ZStaffInformation>;

export const ZStaffFaqInput = z.object({
  title: ZStaffTitle,
  content: ZStaffHtml,
  position: ZPosition,
  ...visibility,
  language: ZLanguage,
});
export type TStaffFaqInput = z.infer<typeof ZStaffFaqInput>;
export const ZStaffFaq = ZStaffFaqInput.omit({ language: true }).extend({ id: z.number(), ...visibilityOut });
export type TStaffFaq = z.infer<typeof ZStaffFaq>;

// ---------------------------------------------------------------- planning

export const ZStaffScheduleItemInput = z.object({
  date: ZStaffDate,
  title: ZStaffTitle,
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH, `Gebruik maximaal ${DESCRIPTION_MAX_LENGTH} tekens`).nullable(),
  content: ZStaffHtml,
  highlight: z.boolean(),
  ...details,
  position: ZPosition,
  ...visibility,
  language: ZLanguage,
});
export type TStaffScheduleItemInput = z.infer<typeof ZStaffScheduleItemInput>;
export const ZStaffScheduleItem = ZStaffScheduleItemInput.omit({ language: true }).extend({ id: z.number(), image_url: z.string().nullable(), ...visibilityOut });
export type TStaffScheduleItem = z.infer<typeof ZStaffScheduleItem>;

/** The planning page's settings: a comment (staff HTML) and image above the calendar, and whether dates show. */
export const ZStaffScheduleSettingsInput = z.object({
  comment: ZStaffHtml.nullable(),
  image_id: ZId.nullable(),
  show_date: z.boolean(),
  language: ZLanguage,
});
export type TStaffScheduleSettingsInput = z.infer<typeof ZStaffScheduleSettingsInput>;
export const ZStaffScheduleSettings = ZStaffScheduleSettingsInput.omit({ language: true }).extend({ image_url: z.string().nullable() });
export type TStaffScheduleSettings = z.infer<typeof ZStaffScheduleSettings>;

// ---------------------------------------------------------------- paths

/** Paths relative to the API base; every one under the project. */
export const staffContentPaths = {
  overview: '/staff/projects/:projectId/content',
  /** POST, multipart field `image`: stores a png or jpeg for one purpose (the module that will use it). */
  images: '/staff/projects/:projectId/images/:purpose',
  newsList: '/staff/projects/:projectId/news',
  newsItem: '/staff/projects/:projectId/news/:id',
  complaintsList: '/staff/projects/:projectId/complaints',
  complaintsItem: '/staff/projects/:projectId/complaints/:id',
  informationList: '/staff/projects/:projectId/information',
  informationItem: '/staff/projects/:projectId/information/:id',
  faqList: '/staff/projects/:projectId/faq',
  faqItem: '/staff/projects/:projectId/faq/:id',
  scheduleList: '/staff/projects/:projectId/schedule',
  scheduleItem: '/staff/projects/:projectId/schedule/:id',
  scheduleSettings: '/staff/projects/:projectId/schedule-settings',
} as const;
