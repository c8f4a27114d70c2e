import { z } from 'zod';
import { ZExportFormat, ZId, ZLanguage, ZPageQuery } from './common.ts';
import { ACTIVATION_LETTERS_MAX, ADDRESS_IMPORT_FIELD_MAX as MAX, ADDRESS_IMPORT_MAX_BYTES, ADDRESS_IMPORT_MAX_ROWS } from './staff-addresses-rules.ts';

export * from './staff-addresses-rules.ts';

/**
 * Addresses and residents of a project in the staff console (/beheer/projecten/:projectId/adressen).
 *
 * Who: every staff account that reaches the project reads its addresses; changes (import, edit,
 * activation codes, account reset, opening the portal as the resident) are the customer administrator's,
 * because an address belongs to the customer and may be shared by several projects.
 */
export const staffAddressPaths = {
  list: '/staff/projects/:projectId/addresses',
  summary: '/staff/projects/:projectId/addresses/summary',
  export: '/staff/projects/:projectId/addresses/export',
  importPreview: '/staff/projects/:projectId/addresses/import/preview',
  importConfirm: '/staff/projects/:projectId/addresses/import/confirm',
  codes: '/staff/projects/:projectId/addresses/codes',
  one: '/staff/projects/:projectId/addresses/:addressId',
  reset: '/staff/projects/:projectId/addresses/:addressId/reset',
  openAsResident: '/staff/projects/:projectId/addresses/:addressId/open-as-resident',
} as const;

export const ZStaffAddressesParams = z.object({ projectId: ZId });
export const ZStaffAddressParams = z.object({ projectId: ZId, addressId: ZId });

/**
 * activated: an account exists (activated, or a resident with a password); code: a code was issued and
 * works until code_expires_at; code-expired: the last code expired unused; none: no code, no account.
 */
export const ADDRESS_STATUSES = ['activated', 'code', 'code-expired', 'none'] as const;
export const ZAddressStatus = z.enum(ADDRESS_STATUSES);
export type TAddressStatus = z.infer<typeof ZAddressStatus>;
export const ADDRESS_STATUS_LABELS: Record<TAddressStatus, string> = {
  activated: 'Geactiveerd',
  code: 'Code verstuurd',
  'code-expired': 'Code verlopen',
  none: 'Geen account',
};

/** The list's status filter: one status, or 'not-activated' (every status but activated: no account yet). */
export const ADDRESS_STATUS_FILTERS = [...ADDRESS_STATUSES, 'not-activated'] as const;
export const ZAddressStatusFilter = z.enum(ADDRESS_STATUS_FILTERS);
export type TAddressStatusFilter = z.infer<typeof ZAddressStatusFilter>;
export const ZStaffAddressListQuery = ZPageQuery.extend({
  q: z.string().max(100).optional().describe('Postcode, house number, street or city; every word must match.'),
  status: ZAddressStatusFilter.optional(),
  language: ZLanguage,
});
export type TStaffAddressListQuery = z.infer<typeof ZStaffAddressListQuery>;
/** The export of the list: the same filters, every address (at most ADDRESS_EXPORT_MAX), as CSV or XLSX. */
export const ADDRESS_EXPORT_MAX = 50_000;
export const ZStaffAddressExportQuery = z.object({
  format: ZExportFormat, q: ZStaffAddressListQuery.shape.q, status: ZAddressStatusFilter.optional(), language: ZLanguage,
});
export type TStaffAddressExportQuery = z.infer<typeof ZStaffAddressExportQuery>;

/** Dates and times are ISO 8601 (UTC); the console shows them in Europe/Amsterdam. */
export const ZStaffAddress = z.object({
  id: z.number().int(),
  zipcode: z.string(),
  house_number: z.string(),
  street: z.string(),
  city: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  building_unit: z.string().nullable(),
  vacant: z.boolean(),
  status: ZAddressStatus,
  activated_at: z.string().nullable(),
  code_expires_at: z.string().nullable(),
  /** The latest login of any resident of the address (sessions opened by staff acting as the resident not counted). */
  last_login_at: z.string().nullable(),
  household_members: z.number().int(),
  /** Residents with a password of their own. */
  accounts: z.number().int(),
});
export type TStaffAddress = z.infer<typeof ZStaffAddress>;
export const ZStaffAddressList = z.array(ZStaffAddress);

export const ZStaffAddressSummary = z.object({
  total: z.number().int(),
  activated: z.number().int(),
  /** A live code, not used yet. */
  code: z.number().int(),
  /** No account yet: what `all_without_account` makes letters for. */
  without_account: z.number().int(),
});
export type TStaffAddressSummary = z.infer<typeof ZStaffAddressSummary>;

/* ---- import ----------------------------------------------------------------------------------- */

const raw = (max: number) => z.string().max(max).default('');
/** One row as read from the file (or as corrected in the preview): strings, not normalised yet. */
export const ZAddressImportRowInput = z.object({
  /** The row's number in the file (the header is row 1; empty rows are skipped). */
  line: z.number().int().min(1).max(10_000_000),
  zipcode: raw(MAX.zipcode),
  house_number: raw(MAX.house_number),
  suffix: raw(MAX.suffix),
  street: raw(MAX.street),
  city: raw(MAX.city),
  building_unit: raw(MAX.building_unit),
  lat: raw(MAX.lat),
  lng: raw(MAX.lng),
});
export type TAddressImportRowInput = z.input<typeof ZAddressImportRowInput>;

/** The file's text, or the rows of an earlier preview with corrections. */
export const ZAddressImportPreviewBody = z.union([
  z.object({ csv: z.string().max(ADDRESS_IMPORT_MAX_BYTES + 1024), language: ZLanguage }),
  z.object({ rows: z.array(ZAddressImportRowInput).max(ADDRESS_IMPORT_MAX_ROWS), language: ZLanguage }),
]);
export type TAddressImportPreviewBody = z.input<typeof ZAddressImportPreviewBody>;

const ZRowError = z.object({ field: z.string(), message: z.string() });

export const ZAddressImportRow = z.object({
  line: z.number().int(),
  input: ZAddressImportRowInput.omit({ line: true }),
  /** Normalised values; null while the row has errors. */
  values: z.object({
    zipcode: z.string(), house_number: z.string(), street: z.string(), city: z.string(),
    building_unit: z.string().nullable(), lat: z.number().nullable(), lng: z.number().nullable(),
  }).nullable(),
  errors: z.array(ZRowError),
  /** new: a new address; existing: the customer has it (updated, and linked to the project when not yet). */
  action: z.enum(['new', 'existing']).nullable(),
  address_id: z.number().int().nullable(),
  in_project: z.boolean(),
});
export type TAddressImportRow = z.infer<typeof ZAddressImportRow>;

export const ZAddressImportPreview = z.object({
  rows: z.array(ZAddressImportRow),
  counts: z.object({ rows: z.number().int(), invalid: z.number().int(), new: z.number().int(), existing: z.number().int() }),
  /** Columns of the file that the import does not use. */
  ignored_columns: z.array(z.string()),
});
export type TAddressImportPreview = z.infer<typeof ZAddressImportPreview>;

export const ZAddressImportConfirmBody = z.object({
  rows: z.array(ZAddressImportRowInput).min(1).max(ADDRESS_IMPORT_MAX_ROWS),
  language: ZLanguage,
});
export type TAddressImportConfirmBody = z.input<typeof ZAddressImportConfirmBody>;

export const ZAddressImportResult = z.object({
  success: z.literal(true),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Existing addresses newly linked to the project. */
  linked: z.number().int(),
});
export type TAddressImportResult = z.infer<typeof ZAddressImportResult>;

/* ---- one address ------------------------------------------------------------------------------ */

/**
 * Postcode and house number are the resident's login and stay as they are; street, city, coordinates
 * (both or neither; '52,09' or 52.09), the building unit and vacancy (of this project) can change.
 */
export const ZStaffAddressUpdateBody = z.object({
  street: z.string().max(1000),
  city: z.string().max(1000),
  lat: z.union([z.number(), z.string().max(100)]).nullable().optional(),
  lng: z.union([z.number(), z.string().max(100)]).nullable().optional(),
  building_unit: z.string().max(1000).nullable().optional(),
  vacant: z.boolean(),
  language: ZLanguage,
});
export type TStaffAddressUpdateBody = z.input<typeof ZStaffAddressUpdateBody>;

/* ---- activation letters ----------------------------------------------------------------------- */

/** Exactly one of the two: these addresses of the project, or every address of the project without an account. */
export const ZActivationCodesBody = z
  .object({
    address_ids: z.array(ZId).min(1).max(ACTIVATION_LETTERS_MAX).optional(),
    all_without_account: z.literal(true).optional(),
    language: ZLanguage,
  })
  .refine((b) => (b.address_ids ? 1 : 0) + (b.all_without_account ? 1 : 0) === 1, {
    message: 'Kies adressen of alle adressen zonder account',
    path: ['address_ids'],
  });
export type TActivationCodesBody = z.input<typeof ZActivationCodesBody>;

/** Response header of the letters PDF: how many letters it holds. */
export const LETTER_COUNT_HEADER = 'x-letter-count';

/* ---- account ---------------------------------------------------------------------------------- */

export const ZAddressResetResult = z.object({ success: z.literal(true), address: ZStaffAddress });
export type TAddressResetResult = z.infer<typeof ZAddressResetResult>;

/** The /setlogin link (single use, 15 minutes) that opens the portal as the address's resident. */
export const ZOpenAsResidentResult = z.object({ success: z.literal(true), url: z.string(), expires_at: z.string() });
export type TOpenAsResidentResult = z.infer<typeof ZOpenAsResidentResult>;
