import { z } from 'zod';
import { ZId } from './common.ts';
import { WORK_ORDER_STATUSES } from './content.ts';
import { ZContentStatus, ZPublishAt, ZStaffListQuery } from './staff-content.ts';
import { EMAIL_MAX_LENGTH, tooLongMessage } from './validation.ts';

/**
 * The staff console's content modules, part B (issue 10): work order, partners, contacts, documents
 * (project-wide and per address) and dossier items, under /staff/projects/{projectId}/... with the
 * OpenAPI tag 'staff'. A project of another customer, or one a project editor was not given, answers
 * 404, and so does every item, address or file id outside the project. Every change is written to the
 * audit log. The body schemas are the forms' schemas too (browser and server share the rules and the
 * Dutch messages).
 */

/** Paths carry the project as `projectId`, as the other content modules' (staff-content.ts). */
export const ZStaffContentBParams = z.object({ projectId: ZId });
export const ZStaffContentBItemParams = z.object({ projectId: ZId, id: ZId });

/*
 * Lists are searched with `q` and paged as paging.ts says (ZStaffListQuery of staff-content.ts: `before`
 * the id of the last item held, `limit`; the answer a bare array and X-Has-More), so the console's
 * ConsoleList shows every one of them.
 */

export const staffContentBMessages = {
  nameRequired: 'Vul een naam in',
  firstNameRequired: 'Vul een voornaam in',
  lastNameRequired: 'Vul een achternaam in',
  typeRequired: 'Vul een soort in',
  subjectRequired: 'Vul een onderwerp in',
  messageRequired: 'Vul een toelichting in',
  websiteInvalid: 'Vul een geldig webadres in, beginnend met https://',
  emailInvalid: 'Vul een geldig e-mailadres in',
  phoneInvalid: 'Vul een geldig telefoonnummer in',
  latInvalid: 'Vul een breedtegraad tussen -90 en 90 in',
  lngInvalid: 'Vul een lengtegraad tussen -180 en 180 in',
  coordinatesBoth: 'Vul zowel de breedtegraad als de lengtegraad in, of geen van beide',
  positionInvalid: 'Vul een volgnummer van 0 of hoger in',
  workOrderPositionInvalid: 'Vul een positie van 1 of hoger in',
  addressRequired: 'Kies een adres',
  addressUnknown: 'Dit adres hoort niet bij dit project',
  informationItemUnknown: 'Dit informatie-item hoort niet bij dit project',
  publishAtInvalid: 'Vul een geldige datum en tijd in',
  showImageNeedsImage: 'Upload eerst een afbeelding om die te tonen',
  orderIncomplete: 'Geef alle adressen van de werkvolgorde precies één keer op',
  fileMissing: 'Kies een bestand',
  documentType: 'Kies een PDF-bestand of een afbeelding (PNG of JPEG)',
  fileTooLarge: (maxMb: number) => `Het bestand is te groot: maximaal ${maxMb} MB`,
} as const;

/** The largest document or dossier file (PDF or image). Logos, avatars and the work-order image are uploaded as staff images (staff-content.ts). */
export const STAFF_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

const TEXT_MAX = 200;
const LONG_TEXT_MAX = 4000;

/** An empty optional text becomes null. */
const optionalText = (max: number) =>
  z.string().max(max, tooLongMessage(max)).nullish().transform((v) => (v?.trim() ? v.trim() : null));
const requiredText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLongMessage(max));
/** A form's number field: '' or null is no value; a comma is a decimal point. */
const optionalNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v.trim().replace(',', '.')) : v),
    z.number({ error: message }).min(min, message).max(max, message).nullable(),
  );
const position = (min: number, message: string) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? min : typeof v === 'string' ? Number(v) : v), z.number({ error: message }).int(message).min(min, message).max(1_000_000, message));

/**
 * An uploaded file as the console shows it: its download link (signed for the console session; null for a
 * dossier file, which only the address's residents may open), name, type and size in bytes.
 */
export const ZStaffFile = z.object({ url: z.string().nullable(), filename: z.string(), mime: z.string(), size: z.number().int() });
export type TStaffFile = z.infer<typeof ZStaffFile>;

/** An address of the project, for a picker: id and 'Tulpstraat 10, 1234 AB Utrecht'. */
export const ZStaffAddressOption = z.object({ id: z.number().int(), full_address: z.string() });
export type TStaffAddressOption = z.infer<typeof ZStaffAddressOption>;
export const ZStaffAddressOptionList = z.array(ZStaffAddressOption);
export const ZStaffAddressSearchQuery = z.object({
  q: z.string().trim().max(100, tooLongMessage(100)).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

// Work order --------------------------------------------------------------------------------------

/** The work order's own settings (projects.work_order_*): the image-and-message variant and the public list's detail. */
export const ZStaffWorkOrderSettings = z.object({
  show_image: z.boolean(),
  message: z.string().nullable(),
  /** The uploaded image (POST .../images/work-order); null without one or with an image that is no upload (the demo's drawing). */
  image_id: z.number().int().nullable(),
  image_url: z.string().nullable(),
  /** Public visitors see full addresses instead of street ranges. */
  public_addresses: z.boolean(),
  /** How many of the project's addresses are in the order, and how many addresses the project has. */
  in_order: z.number().int(),
  addresses: z.number().int(),
});
export type TStaffWorkOrderSettings = z.infer<typeof ZStaffWorkOrderSettings>;
/**
 * image_id: an image uploaded for the work order of this project (POST .../images/work-order), the one
 * it has, or null for none. An image that is no upload (the demo's drawing, image_id null) stays until
 * another is uploaded.
 */
export const ZStaffWorkOrderSettingsBody = z.object({
  show_image: z.boolean(),
  message: optionalText(LONG_TEXT_MAX),
  image_id: ZId.nullable(),
  public_addresses: z.boolean(),
});
export type TStaffWorkOrderSettingsBody = z.input<typeof ZStaffWorkOrderSettingsBody>;

/**
 * An address of the project with its place in the work order (`number` and `status` null: not in the
 * order). `id` is the address's id. The list holds the addresses in the order first, by number, then the
 * others by street and house number.
 */
export const ZStaffWorkOrderEntry = z.object({
  id: z.number().int(),
  full_address: z.string(),
  number: z.number().int().nullable(),
  status: z.enum(WORK_ORDER_STATUSES).nullable(),
  is_public: z.boolean(),
});
export type TStaffWorkOrderEntry = z.infer<typeof ZStaffWorkOrderEntry>;
export const ZStaffWorkOrderEntryList = z.array(ZStaffWorkOrderEntry);
export const ZStaffWorkOrderEntryParams = z.object({ projectId: ZId, addressId: ZId });
/**
 * Changes one address's entry; an address not yet in the order is added at the end (status
 * in_preparation unless given). `position` moves it to that place (1 = first; past the end = last),
 * renumbering the others so that the numbers stay 1..n.
 */
export const ZStaffWorkOrderEntryBody = z.object({
  status: z.enum(WORK_ORDER_STATUSES).optional(),
  is_public: z.boolean().optional(),
  position: z.number({ error: staffContentBMessages.workOrderPositionInvalid }).int(staffContentBMessages.workOrderPositionInvalid)
    .min(1, staffContentBMessages.workOrderPositionInvalid).max(1_000_000, staffContentBMessages.workOrderPositionInvalid).optional(),
});
export type TStaffWorkOrderEntryBody = z.infer<typeof ZStaffWorkOrderEntryBody>;
/** The whole order at once: every address now in the order, each once, in the new sequence. */
export const ZStaffWorkOrderOrderBody = z.object({ address_ids: z.array(ZId).min(1).max(10_000) });
/** One status for several addresses (those not in the order are added at the end). */
export const ZStaffWorkOrderStatusBody = z.object({ address_ids: z.array(ZId).min(1).max(10_000), status: z.enum(WORK_ORDER_STATUSES) });

// Partners ----------------------------------------------------------------------------------------

export const ZStaffPartner = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_id: z.number().int().nullable(),
  logo_url: z.string().nullable(),
  website: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  is_public: z.boolean(),
  position: z.number().int(),
  /** The information items (not FAQ) the partner carries out. */
  information_items: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type TStaffPartner = z.infer<typeof ZStaffPartner>;
export const ZStaffPartnerList = z.array(ZStaffPartner);
export const ZStaffPartnerBody = z.object({
  name: requiredText(TEXT_MAX, staffContentBMessages.nameRequired),
  /** An image uploaded for this project's partners (POST .../images/partners), the logo it has, or null. */
  logo_id: ZId.nullable(),
  website: optionalText(500).refine((v) => v === null || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), staffContentBMessages.websiteInvalid),
  lat: optionalNumber(-90, 90, staffContentBMessages.latInvalid),
  lng: optionalNumber(-180, 180, staffContentBMessages.lngInvalid),
  is_public: z.boolean(),
  position: position(0, staffContentBMessages.positionInvalid),
  information_item_ids: z.array(ZId).max(500),
}).superRefine((v, ctx) => {
  if ((v.lat === null) !== (v.lng === null)) ctx.addIssue({ code: 'custom', path: [v.lat === null ? 'lat' : 'lng'], message: staffContentBMessages.coordinatesBoth });
});
export type TStaffPartnerBody = z.input<typeof ZStaffPartnerBody>;
/** The project's information items (not FAQ) a partner can be linked to. */
export const ZStaffInformationOptionList = z.array(z.object({ id: z.number().int(), title: z.string() }));

// Contacts ----------------------------------------------------------------------------------------

export const ZStaffContact = z.object({
  id: z.number().int(),
  first_name: z.string(),
  affix: z.string().nullable(),
  last_name: z.string(),
  email: z.string().nullable(),
  mobile_number: z.string().nullable(),
  phone_number: z.string().nullable(),
  function: z.string().nullable(),
  description: z.string().nullable(),
  organisation: z.string().nullable(),
  avatar_id: z.number().int().nullable(),
  avatar_url: z.string().nullable(),
  logo_id: z.number().int().nullable(),
  logo_url: z.string().nullable(),
  can_chat: z.boolean(),
  is_public: z.boolean(),
  position: z.number().int(),
});
export type TStaffContact = z.infer<typeof ZStaffContact>;
export const ZStaffContactList = z.array(ZStaffContact);
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;
const phone = optionalText(40).refine((v) => v === null || PHONE.test(v), staffContentBMessages.phoneInvalid);
export const ZStaffContactBody = z.object({
  first_name: requiredText(100, staffContentBMessages.firstNameRequired),
  affix: optionalText(40),
  last_name: requiredText(100, staffContentBMessages.lastNameRequired),
  email: optionalText(EMAIL_MAX_LENGTH).refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/.test(v), staffContentBMessages.emailInvalid),
  mobile_number: phone,
  phone_number: phone,
  function: optionalText(TEXT_MAX),
  description: optionalText(LONG_TEXT_MAX),
  organisation: optionalText(TEXT_MAX),
  /** Images uploaded for this project's contacts (POST .../images/contacts), the ones it has, or null. */
  avatar_id: ZId.nullable(),
  logo_id: ZId.nullable(),
  can_chat: z.boolean(),
  is_public: z.boolean(),
  position: position(0, staffContentBMessages.positionInvalid),
});
export type TStaffContactBody = z.input<typeof ZStaffContactBody>;

// Documents ---------------------------------------------------------------------------------------

export const ZStaffDocumentMethod = z.object({
  type: requiredText(100, staffContentBMessages.typeRequired),
  message: requiredText(500, staffContentBMessages.messageRequired),
});
export const ZStaffDocument = z.object({
  id: z.number().int(),
  /** null: a project document (every resident); else the document of this one address. */
  address_id: z.number().int().nullable(),
  full_address: z.string().nullable(),
  type: z.string(),
  subject: z.string(),
  name: z.string(),
  methods: z.array(z.object({ type: z.string(), message: z.string() })),
  is_public: z.boolean(),
  /** ISO 8601; null = a draft, which no resident or visitor sees. */
  publish_at: z.string().nullable(),
  status: ZContentStatus,
  /** ISO 8601: when residents see it dated (the publication moment once published). */
  created_at: z.string(),
  file: ZStaffFile,
});
export type TStaffDocument = z.infer<typeof ZStaffDocument>;
export const ZStaffDocumentList = z.array(ZStaffDocument);
export const ZStaffDocumentListQuery = ZStaffListQuery.extend({
  /** 'project': project documents only; 'address': per-address documents only (of `address_id` when given). */
  scope: z.enum(['project', 'address']).optional(),
  address_id: ZId.optional(),
});
export type TStaffDocumentListQuery = z.infer<typeof ZStaffDocumentListQuery>;
/**
 * A document's fields. On upload (multipart/form-data) they are text fields before the file (`file`):
 * `methods` as JSON, `is_public` 'true' or 'false', `address_id` and `publish_at` empty for none.
 */
export const ZStaffDocumentBody = z.object({
  address_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), ZId.nullable()),
  type: requiredText(100, staffContentBMessages.typeRequired),
  subject: requiredText(TEXT_MAX, staffContentBMessages.subjectRequired),
  name: requiredText(TEXT_MAX, staffContentBMessages.nameRequired),
  methods: z.array(ZStaffDocumentMethod).max(10),
  is_public: z.boolean(),
  publish_at: ZPublishAt,
});
export type TStaffDocumentBody = z.input<typeof ZStaffDocumentBody>;

// Dossier -----------------------------------------------------------------------------------------

export const ZStaffDossierItem = z.object({
  id: z.number().int(),
  address_id: z.number().int(),
  full_address: z.string(),
  type: z.string(),
  sub_type: z.string().nullable(),
  method_type: z.string().nullable(),
  name: z.string(),
  subject: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** A resident of the address has downloaded it. */
  fetched: z.boolean(),
  /** Name, type and size (no link: a dossier file is for the address's residents only). */
  file: ZStaffFile,
});
export type TStaffDossierItem = z.infer<typeof ZStaffDossierItem>;
export const ZStaffDossierList = z.array(ZStaffDossierItem);
export const ZStaffDossierListQuery = ZStaffListQuery.extend({ address_id: ZId.optional() });
/** A dossier item's fields: text fields before the file (`file`) of a multipart/form-data upload. */
export const ZStaffDossierBody = z.object({
  address_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: staffContentBMessages.addressRequired }).int().positive().max(2_147_483_647),
  ),
  type: requiredText(100, staffContentBMessages.typeRequired),
  sub_type: optionalText(100),
  method_type: optionalText(100),
  name: requiredText(TEXT_MAX, staffContentBMessages.nameRequired),
  subject: requiredText(TEXT_MAX, staffContentBMessages.subjectRequired),
});
export type TStaffDossierBody = z.input<typeof ZStaffDossierBody>;

// Paths -------------------------------------------------------------------------------------------

const P = '/staff/projects/:projectId';
export const staffContentBPaths = {
  addressSearch: `${P}/address-search`,
  workOrder: `${P}/work-order`,
  workOrderEntries: `${P}/work-order/entries`,
  workOrderEntry: `${P}/work-order/entries/:addressId`,
  workOrderOrder: `${P}/work-order/order`,
  workOrderStatus: `${P}/work-order/status`,
  partners: `${P}/partners`,
  partnerInformationItems: `${P}/partners/information-items`,
  partner: `${P}/partners/:id`,
  contacts: `${P}/contacts`,
  contact: `${P}/contacts/:id`,
  documents: `${P}/documents`,
  document: `${P}/documents/:id`,
  dossier: `${P}/dossier`,
  dossierItem: `${P}/dossier/:id`,
} as const;
