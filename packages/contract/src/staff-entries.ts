import { z } from 'zod';
import { ZId } from './common.ts';
import { ZFormSection } from './forms.ts';
import type { TFormFamily } from './form-rules.ts';
import { PAGE_MAX_LIMIT } from './paging.ts';

/**
 * The entries of a form in the staff console (/beheer/projecten/:projectId/formulieren/:formId/invullingen),
 * for all four families (generic, intake, support-base, choice), and their exports.
 *
 * Who: `forms.read` lists and opens entries (every read is audited: entries are personal data);
 * `forms.manage` reopens one; `forms.export` makes and downloads exports (audited). Another customer's or
 * an unreached project's form, entry or export answers 404.
 *
 * The list has two owners: `addresses` (default: every address of the project, with its latest entry of the
 * form or none; an address without an entry is 'not answered') and `visitors` (the entries of public
 * visitors of a public generic form). Paging is keyset (`before`: the `id` of the last row held: the address
 * id, or the entry id for visitors; X-Has-More), in postcode and house-number order (visitors: newest first).
 */
export const staffEntryPaths = {
  list: '/staff/projects/:projectId/forms/:formId/entries',
  counts: '/staff/projects/:projectId/forms/:formId/entries/counts',
  one: '/staff/projects/:projectId/forms/:formId/entries/:entryId',
  summary: '/staff/projects/:projectId/forms/:formId/entries/:entryId/summary',
  reopen: '/staff/projects/:projectId/forms/:formId/entries/:entryId/reopen',
  exports: '/staff/projects/:projectId/forms/:formId/exports',
  exportOne: '/staff/projects/:projectId/exports/:exportId',
  exportFile: '/staff/projects/:projectId/exports/:exportId/file',
} as const;

export const ZStaffEntryFormParams = z.object({ projectId: ZId, formId: ZId });
export const ZStaffEntryParams = z.object({ projectId: ZId, formId: ZId, entryId: ZId });
export const ZStaffExportParams = z.object({ projectId: ZId, exportId: ZId });

/**
 * Entry statuses on the wire, per family (an intake entry created before its first save is 'started').
 * generic: answered, locked, signed, completed (a simple public submit); intake: started, open, new, denied,
 * sent; support-base: open, signed, confirmed; choice: answering, summary, send, paid.
 */
export const ENTRY_STATUSES = [
  'started', 'answered', 'locked', 'signed', 'completed', 'open', 'new', 'denied', 'sent', 'confirmed', 'answering', 'summary', 'send', 'paid',
] as const;
export const ZEntryStatus = z.enum(ENTRY_STATUSES);
export type TEntryStatus = z.infer<typeof ZEntryStatus>;

/** The statuses each family uses, in the order of its flow (the filter chips). */
export const FAMILY_ENTRY_STATUSES: Record<TFormFamily, readonly TEntryStatus[]> = {
  generic: ['answered', 'locked', 'signed', 'completed'],
  intake: ['started', 'open', 'new', 'denied', 'sent'],
  'support-base': ['open', 'signed', 'confirmed'],
  choice: ['answering', 'summary', 'send', 'paid'],
};

/** Dutch names of the statuses, per family where they differ. */
export function entryStatusLabel(family: TFormFamily, status: TEntryStatus | null): string {
  if (status === null) return 'Niet ingevuld';
  const own: Partial<Record<TEntryStatus, string>> = family === 'choice'
    ? { summary: 'Afgesloten', send: 'Verstuurd' }
    : family === 'support-base' ? { open: 'Begonnen', signed: 'Ondertekend', confirmed: 'Afgerond' }
      : family === 'intake' ? { open: 'Bezig', sent: 'Verstuurd' } : {};
  const common: Record<TEntryStatus, string> = {
    started: 'Begonnen', answered: 'Ingevuld', locked: 'Afgesloten', signed: 'Ondertekend', completed: 'Ingediend', open: 'Open', new: 'Nieuw',
    denied: 'Afgekeurd', sent: 'Verstuurd', confirmed: 'Afgerond', answering: 'Bezig', summary: 'Afgesloten', send: 'Verstuurd', paid: 'Betaald',
  };
  return own[status] ?? common[status];
}

/**
 * Payment of a choice form's extra costs: none (nothing to pay, or not a paying form), due (locked with costs,
 * no payment started), pending (a payment is open at the provider), paid (the provider confirmed it),
 * failed (the last payment failed, expired or was cancelled).
 */
export const PAYMENT_STATES = ['none', 'due', 'pending', 'paid', 'failed'] as const;
export const ZPaymentState = z.enum(PAYMENT_STATES);
export type TPaymentState = z.infer<typeof ZPaymentState>;
export const PAYMENT_STATE_LABELS: Record<TPaymentState, string> = {
  none: 'Geen betaling', due: 'Te betalen', pending: 'Betaling loopt', paid: 'Betaald', failed: 'Betaling mislukt',
};

const yesNo = z.enum(['yes', 'no']);
export const ZStaffEntryFilter = z.object({
  owner: z.enum(['addresses', 'visitors']).optional().describe("'addresses' (default) or 'visitors' (public generic forms)."),
  status: ZEntryStatus.optional(),
  building_unit: z.string().trim().min(1).max(100).optional(),
  answered: yesNo.optional().describe("'no': addresses without an entry."),
  paid: yesNo.optional().describe("'yes': paid; 'no': extra costs not paid (yet)."),
  q: z.string().max(100).optional().describe('Postcode, house number, street or city; every word must match.'),
});
export type TStaffEntryFilter = z.infer<typeof ZStaffEntryFilter>;

export const ZStaffEntryListQuery = ZStaffEntryFilter.extend({
  before: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).optional(),
});
export type TStaffEntryListQuery = z.infer<typeof ZStaffEntryListQuery>;

export const ZEntryAddress = z.object({
  id: z.number().int(),
  zipcode: z.string(),
  house_number: z.string(),
  street: z.string(),
  city: z.string(),
  building_unit: z.string().nullable(),
});
export type TEntryAddress = z.infer<typeof ZEntryAddress>;

export const ZEntrySigners = z.object({
  /** Signers asked for (null: not chosen yet, or the form has no signing). */
  required: z.number().int().nullable(),
  signed: z.number().int(),
  /** A signing request is open at the signing service. */
  requested: z.boolean(),
});

export const ZEntryPayment = z.object({
  state: ZPaymentState,
  /** The extra costs in cents (choice forms, computed when locked); null when not computed. */
  amount_cents: z.number().int().nullable(),
  paid_at: z.string().nullable(),
});

/** The state of one entry, as the list and the detail show it. Dates ISO 8601. */
export const ZEntryState = z.object({
  id: z.number().int(),
  status: ZEntryStatus,
  locked: z.boolean(),
  sections_done: z.number().int(),
  sections_total: z.number().int(),
  updated_at: z.string(),
  signers: ZEntrySigners,
  /** Support-base: what the signed (or paper) consent says. */
  agreement: z.enum(['agree', 'disagree']).nullable(),
  on_paper: z.boolean(),
  payment: ZEntryPayment,
  /** The published version the entry was last answered on. */
  form_version: z.number().int().nullable(),
});
export type TEntryState = z.infer<typeof ZEntryState>;

export const ZStaffEntryRow = z.object({
  /** The paging key: the address id, or the entry id for a visitor's entry. */
  id: z.number().int(),
  address: ZEntryAddress.nullable(),
  entry: ZEntryState.nullable(),
  /** Entries of this address (forms that allow several; the row shows the latest). */
  entry_count: z.number().int(),
});
export type TStaffEntryRow = z.infer<typeof ZStaffEntryRow>;
export const ZStaffEntryList = z.array(ZStaffEntryRow);

export const ZStaffEntryCounts = z.object({
  form: z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(['generic', 'intake', 'support-base', 'choice']),
    is_public: z.boolean(),
    enable_payment: z.boolean(),
  }),
  addresses: z.number().int(),
  answered: z.number().int(),
  not_answered: z.number().int(),
  visitors: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  /** Address entries per status (the latest entry of each address). */
  statuses: z.array(z.object({ status: ZEntryStatus, count: z.number().int() })),
  building_units: z.array(z.string()),
});
export type TStaffEntryCounts = z.infer<typeof ZStaffEntryCounts>;

export const ENTRY_ACTOR_FACES = ['resident', 'staff', 'partner', 'visitor', 'system'] as const;
export const ENTRY_FACE_LABELS: Record<(typeof ENTRY_ACTOR_FACES)[number], string> = {
  resident: 'Bewoner', staff: 'Medewerker', partner: 'Partner', visitor: 'Bezoeker', system: 'Systeem',
};

export const ZEntryEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  /** A Dutch sentence of what happened ('Onderdeel 2 opgeslagen'). */
  text: z.string(),
  face: z.enum(ENTRY_ACTOR_FACES),
  /** The resident's or staff member's name, when known. */
  who: z.string().nullable(),
  at: z.string(),
});
export type TEntryEvent = z.infer<typeof ZEntryEvent>;

export const ZStaffEntrySignature = z.object({
  nr: z.number().int(),
  who: z.string().nullable(),
  description: z.string().nullable(),
  signed: z.boolean(),
  signed_at: z.string().nullable(),
  /** A drawn signature (PNG data URL); null when signed through the signing service. */
  image: z.string().nullable(),
});

export const ZEntryPaymentRow = z.object({
  id: z.number().int(), status: z.string(), amount_cents: z.number().int(), created_at: z.string(), paid_at: z.string().nullable(),
  /** Refunded and charged back so far, and what is left of a paid payment (staff-payments.ts has the refunds). */
  refunded_cents: z.number().int(), charged_back_cents: z.number().int(), remaining_cents: z.number().int(),
});

export const ZStaffEntryDetail = z.object({
  form: ZStaffEntryCounts.shape.form,
  address: ZEntryAddress.nullable(),
  entry: ZEntryState,
  /** The answers as the resident sees them, read against the version the entry answered. */
  sections: z.array(ZFormSection),
  signatures: z.array(ZStaffEntrySignature),
  comment: z.string().nullable(),
  events: z.array(ZEntryEvent),
  payments: z.array(ZEntryPaymentRow),
  /** Other entries of the same address (forms that allow several), newest first. */
  siblings: z.array(z.object({ id: z.number().int(), status: ZEntryStatus, updated_at: z.string() })),
  /** Whether staff may reopen it, and if not why (Dutch). */
  reopen: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
});
export type TStaffEntryDetail = z.infer<typeof ZStaffEntryDetail>;

export const REOPEN_REASON_MAX = 1000;
export const ZReopenBody = z.object({
  reason: z.string().trim().min(1, 'Geef een reden op.').max(REOPEN_REASON_MAX, `De reden is te lang (hoogstens ${REOPEN_REASON_MAX} tekens).`),
});
export type TReopenBody = z.infer<typeof ZReopenBody>;

export const reopenMessages = {
  reasonRequired: 'Geef een reden op.',
  consent: 'Een toestemming (draagvlak) wordt niet heropend: vraag de toestemming opnieuw met een nieuwe versie van het voorstel.',
  legallySigned: 'Deze invulling is juridisch ondertekend en kan niet worden heropend.',
  signing: 'Er loopt een ondertekening: de invulling kan nu niet worden heropend.',
  paid: 'Deze invulling is betaald en kan niet worden heropend. Betrek eerst de betaling terug.',
  paying: 'Er loopt een betaling: de invulling kan nu niet worden heropend.',
  notLocked: 'Deze invulling is niet afgesloten: de bewoner kan haar nog wijzigen.',
  anonymous: 'Een ingediend openbaar formulier kan niet worden heropend.',
  done: 'De invulling is heropend.',
} as const;

// ---- exports -----------------------------------------------------------------------------------------

export const EXPORT_KINDS = ['csv', 'xlsx', 'zip'] as const;
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const EXPORT_KIND_LABELS: Record<(typeof EXPORT_KINDS)[number], string> = {
  csv: 'CSV (antwoorden)', xlsx: 'Excel (antwoorden)', zip: 'ZIP (samenvattingen, PDF)',
};
/** Days an export file stays downloadable. */
export const EXPORT_DAYS = 7;

export const ZStartExportBody = z.object({ kind: z.enum(EXPORT_KINDS), filter: ZStaffEntryFilter.optional() });
export type TStartExportBody = z.infer<typeof ZStartExportBody>;

export const ZStaffExport = z.object({
  id: z.number().int(),
  form_id: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(EXPORT_STATUSES),
  done: z.number().int(),
  total: z.number().int().nullable(),
  filename: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
  error: z.string().nullable(),
  /** The file is there and not expired. */
  downloadable: z.boolean(),
});
export type TStaffExport = z.infer<typeof ZStaffExport>;
export const ZStaffExportList = z.array(ZStaffExport);
export const exportMessages = {
  notReady: 'Deze export is nog niet klaar.',
  expired: 'Deze export is verlopen. Maak een nieuwe.',
  failed: 'De export is mislukt. Probeer het opnieuw.',
} as const;
