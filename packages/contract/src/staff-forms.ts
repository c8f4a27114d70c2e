import { z } from 'zod';
import { ZId } from './common.ts';
import { FORM_FAMILIES, type TFormFamily } from './form-rules.ts';
import { ZFormSectionDefinition } from './forms.ts';
import { PAGE_MAX_LIMIT } from './paging.ts';

/**
 * The console's form builder (/api/staff/...): forms of the four kinds (support-base or consent `sb_`,
 * choice `c_`, intake, generic `f_`), their settings, draft and published versions, copies, export and
 * import as a JSON file, consent attachments, images for drawings and option pictures, and the menus of
 * generic forms.
 *
 * Versions (ARCHITECTURE.md, "Builders in the console"): staff edit a draft (`definition` of the detail);
 * publishing freezes it as the next version, which residents then answer. A form that was never published
 * is not shown to residents; an archived one neither. Entries keep the version they were answered on.
 *
 * Saving names the `revision` it read: a save on a stale revision answers 409 (someone else saved in
 * between), so two editors never overwrite each other unseen. A definition the validator refuses answers
 * 422 `{ message, errors: [{ field, message }] }`, each message naming the element.
 */

export const STAFF_FORM_STATUSES = ['draft', 'published', 'archived'] as const;
export type TStaffFormStatus = (typeof STAFF_FORM_STATUSES)[number];
export const STAFF_FORM_STATUS_LABELS: Record<TStaffFormStatus, string> = { draft: 'Concept', published: 'Gepubliceerd', archived: 'Gearchiveerd' };

export const CONSENT_DECISIONS = ['keep', 'ask-again'] as const;
export type TConsentDecision = (typeof CONSENT_DECISIONS)[number];
export const CONSENT_DECISION_LABELS: Record<TConsentDecision, string> = {
  keep: 'Gegeven instemming blijft geldig',
  'ask-again': 'Getekende adressen opnieuw om instemming vragen',
};

export const staffFormsMessages = {
  nameRequired: 'Vul een naam in',
  nameTooLong: 'Gebruik maximaal 200 tekens',
  stale: 'Iemand anders heeft dit formulier intussen opgeslagen. Laad de nieuwste versie en breng uw wijzigingen opnieuw aan.',
  invalidDefinition: 'Het formulier is niet goed opgebouwd. Los de gemarkeerde punten op.',
  formNotFound: 'Formulier niet gevonden',
  versionNotFound: 'Deze versie bestaat niet',
  archived: 'Dit formulier is gearchiveerd. Zet het eerst terug.',
  notArchived: 'Dit formulier is niet gearchiveerd',
  nothingToPublish: 'Er is niets nieuws om te publiceren',
  emptyDefinition: 'Voeg minstens één onderdeel met een vraag toe voordat u publiceert',
  consentDecisionRequired: 'Er is al getekend voor dit voorstel. Kies of de gegeven instemming geldig blijft of opnieuw wordt gevraagd.',
  consentReasonRequired: 'Geef een reden voor deze keuze',
  datesOrder: 'De sluitingsdatum moet na de openingsdatum liggen',
  momentInvalid: 'Vul een geldige datum en tijd in',
  maxSigners: 'Kies 1 tot en met 20 ondertekenaars',
  menuNotFound: 'Dit menu hoort niet bij het project',
  menuName: 'Vul een naam voor het menu in',
  importFormat: "Dit is geen formulierbestand van het bewonersportaal (verwacht 'bewonersportaal-formulier').",
  importVersion: (v: number) => `Dit bestand heeft schemaversie ${v}; deze portal leest schemaversie 1.`,
  importUnreadable: 'Het bestand kan niet worden gelezen als JSON',
  importKind: 'Onbekende formuliersoort in het bestand',
  attachmentType: 'Alleen PDF-bestanden zijn toegestaan als bijlage',
  attachmentMissing: 'Kies een PDF-bestand',
  attachmentTooLarge: (mb: number) => `Het bestand is te groot: maximaal ${mb} MB.`,
  attachmentName: 'Vul een naam voor de bijlage in',
  attachmentsOnlyConsent: 'Alleen draagvlakformulieren hebben bijlagen',
  attachmentOrder: 'Noem elke bijlage van dit formulier precies één keer',
  imageType: 'Alleen afbeeldingen van het type png of jpeg zijn toegestaan.',
  imageMissing: 'Kies een afbeelding van het type png of jpeg.',
  imageTooLarge: (mb: number) => `De afbeelding is te groot: maximaal ${mb} MB.`,
  copyTargetNotFound: 'Dit project is niet gevonden of u heeft er geen toegang toe',
} as const;

export const FORM_NAME_MAX = 200;
export const FORM_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const FORM_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const FORM_ATTACHMENTS_MAX = 20;
export const FORM_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The JSON file format of an exported form; an import reads this format and schema version. */
export const FORM_FILE_FORMAT = 'bewonersportaal-formulier';
export const FORM_FILE_SCHEMA_VERSION = 1;

const ZMoment = z.iso.datetime({ offset: true, error: staffFormsMessages.momentInvalid }).nullable();
const ZName = z.string({ error: staffFormsMessages.nameRequired }).trim().min(1, staffFormsMessages.nameRequired).max(FORM_NAME_MAX, staffFormsMessages.nameTooLong);
const ZStaffFormHtml = z.string().max(100_000, 'De tekst is te lang').nullable();

/**
 * Every setting a form has. Which ones a kind uses: FORM_KIND_SETTINGS (the others are stored but do
 * nothing for that kind). HTML texts are sanitised when stored.
 */
const ZStaffFormSettingsObject = z.object({
  name: ZName,
  /** Staff HTML: the heading text residents see (the choice form's description). */
  description: ZStaffFormHtml,
  /** Residents can open the form from this moment (null: at once) and change it until `closes_at` (null: open-ended). */
  opens_at: ZMoment,
  closes_at: ZMoment,
  /** Legal signing with an SMS code per signer (support-base, choice). */
  use_sms_authentication: z.boolean(),
  /** The most signers one entry may have (1-20). */
  max_signers: z.number({ error: staffFormsMessages.maxSigners }).int(staffFormsMessages.maxSigners).min(1, staffFormsMessages.maxSigners).max(20, staffFormsMessages.maxSigners),
  /** Signing asked (choice, generic); support-base forms are always signed through the signing service. */
  require_to_sign_form: z.boolean(),
  /** true: legal signing through the signing service; false: a drawn signature. */
  require_to_sign_form_legally: z.boolean(),
  /** Choice: extra costs paid online. */
  enable_payment: z.boolean(),
  /** Choice: prices are not shown and no total is computed. */
  disable_prices: z.boolean(),
  /** Choice: after this moment residents can no longer change the form. */
  deadline: ZMoment,
  /** Choice: staff HTML on the summary step. */
  summary_text: ZStaffFormHtml,
  /** Choice and generic: staff HTML on the status step. */
  status_text: ZStaffFormHtml,
  /** Generic: the entry may be e-mailed at the status step. */
  allow_form_to_be_emailed: z.boolean(),
  /** Generic: one owner may fill it in more than once. */
  allow_multiple_entries: z.boolean(),
  /** Generic: visitors without login fill it in (on a public project). */
  is_public: z.boolean(),
  /** Generic: the steps after the sections. */
  summary_enabled: z.boolean(),
  nr_of_signatures_enabled: z.boolean(),
  status_enabled: z.boolean(),
  /** Generic: the menu of the project's forms overview it is listed under (null: at the top). */
  menu_id: z.number().int().positive().max(2_147_483_647).nullable(),
});
export const ZStaffFormSettings = ZStaffFormSettingsObject
  .refine((s) => !s.opens_at || !s.closes_at || new Date(s.closes_at) > new Date(s.opens_at), { message: staffFormsMessages.datesOrder, path: ['closes_at'] });
export type TStaffFormSettings = z.infer<typeof ZStaffFormSettings>;

type SettingKey = keyof TStaffFormSettings;
const COMMON: SettingKey[] = ['name', 'description', 'opens_at', 'closes_at'];
/** The settings each kind uses (the builder shows these). */
export const FORM_KIND_SETTINGS: Record<TFormFamily, readonly SettingKey[]> = {
  'support-base': [...COMMON, 'use_sms_authentication', 'max_signers'],
  choice: [
    ...COMMON, 'require_to_sign_form', 'require_to_sign_form_legally', 'use_sms_authentication', 'max_signers', 'enable_payment', 'disable_prices',
    'deadline', 'summary_text', 'status_text',
  ],
  intake: [...COMMON],
  generic: [
    ...COMMON, 'is_public', 'allow_multiple_entries', 'menu_id', 'summary_enabled', 'nr_of_signatures_enabled', 'require_to_sign_form',
    'require_to_sign_form_legally', 'max_signers', 'status_enabled', 'status_text', 'allow_form_to_be_emailed',
  ],
};

/** The settings of a new form of a kind. */
export function defaultFormSettings(kind: TFormFamily, name: string): TStaffFormSettings {
  return {
    name, description: null, opens_at: null, closes_at: null,
    use_sms_authentication: false, max_signers: kind === 'support-base' ? 2 : 4,
    require_to_sign_form: kind === 'support-base', require_to_sign_form_legally: kind === 'support-base',
    enable_payment: false, disable_prices: false, deadline: null, summary_text: null, status_text: null,
    allow_form_to_be_emailed: false, allow_multiple_entries: false, is_public: false,
    summary_enabled: true, nr_of_signatures_enabled: true, status_enabled: true, menu_id: null,
  };
}

export const ZFormFamily = z.enum(FORM_FAMILIES, { error: staffFormsMessages.importKind });
export const ZStaffFormStatus = z.enum(STAFF_FORM_STATUSES);
export const ZFormDefinition = z.array(ZFormSectionDefinition).max(100);
/**
 * A definition as a save, publish or import sends it: only its outline is checked here, so that every
 * problem inside an element reaches validateFormDefinition, whose messages name the element.
 */
export const ZFormDefinitionInput = z.array(z.object({
  id: z.string().max(200),
  label: z.string().max(2000).nullable().optional(),
  elements: z.array(z.object({ id: z.string().max(200), type: z.string().max(200), data: z.record(z.string(), z.unknown()) })).max(1000),
})).max(100);
export type TFormDefinitionInput = z.infer<typeof ZFormDefinitionInput>;

// ---------------------------------------------------------------- list and detail

export const ZStaffFormListQuery = z.object({
  kind: ZFormFamily.optional(),
  /** Without status: drafts and published forms (archived ones only when asked for). */
  status: ZStaffFormStatus.optional(),
  q: z.string().trim().max(100, 'Gebruik maximaal 100 tekens').optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).optional(),
  before: ZId.optional(),
});
export type TStaffFormListQuery = z.infer<typeof ZStaffFormListQuery>;
/** The list as a file: the same filters, every match (at most FORMS_EXPORT_MAX). */
export const ZStaffFormListExportQuery = ZStaffFormListQuery.omit({ limit: true, before: true }).extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type TStaffFormListExportQuery = z.infer<typeof ZStaffFormListExportQuery>;
export const FORMS_EXPORT_MAX = 1000;

export const ZStaffFormListItem = z.object({
  id: z.number(),
  kind: ZFormFamily,
  name: z.string(),
  status: ZStaffFormStatus,
  /** The version residents answer (null: never published). */
  published_version: z.number().nullable(),
  /** The draft differs from the published version. */
  has_draft: z.boolean(),
  entry_count: z.number(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  updated_at: z.string(),
});
export type TStaffFormListItem = z.infer<typeof ZStaffFormListItem>;

export const ZStaffFormAttachment = z.object({ id: z.number(), name: z.string(), url: z.string(), position: z.number() });
export type TStaffFormAttachment = z.infer<typeof ZStaffFormAttachment>;

export const ZStaffForm = z.object({
  id: z.number(),
  project_id: z.number(),
  kind: ZFormFamily,
  status: ZStaffFormStatus,
  published_version: z.number().nullable(),
  has_draft: z.boolean(),
  /** Names the state a save read; raised by every save. */
  revision: z.number(),
  settings: ZStaffFormSettings,
  /** The draft (the published definition when there is no draft). */
  definition: ZFormDefinition,
  entry_count: z.number(),
  /** Support-base: someone signed (or started signing) already, so publishing asks for a consent decision. */
  signing_started: z.boolean(),
  archived_at: z.string().nullable(),
  updated_at: z.string(),
});
export type TStaffForm = z.infer<typeof ZStaffForm>;

export const ZStaffFormCreateBody = z.object({ kind: ZFormFamily, name: ZName });
export type TStaffFormCreateBody = z.infer<typeof ZStaffFormCreateBody>;

export const ZStaffFormUpdateBody = z.object({
  revision: z.number().int().min(0),
  settings: ZStaffFormSettings,
  definition: ZFormDefinitionInput,
});
export type TStaffFormUpdateBody = z.infer<typeof ZStaffFormUpdateBody>;

export const ZStaffFormPublishBody = z.object({
  revision: z.number().int().min(0),
  /** Support-base forms republished after signing started: what happens to consent already given. */
  consent_decision: z.enum(CONSENT_DECISIONS).optional(),
  consent_decision_reason: z.string().trim().max(1000).optional(),
});
export type TStaffFormPublishBody = z.infer<typeof ZStaffFormPublishBody>;

export const ZStaffFormVersion = z.object({
  version: z.number(),
  name: z.string(),
  published_at: z.string(),
  published_by: z.string().nullable(),
  consent_decision: z.enum(CONSENT_DECISIONS).nullable(),
  consent_decision_reason: z.string().nullable(),
  /** Entries last answered on this version. */
  entry_count: z.number(),
});
export type TStaffFormVersion = z.infer<typeof ZStaffFormVersion>;
export const ZStaffFormVersionDetail = ZStaffFormVersion.extend({ description: z.string().nullable(), definition: ZFormDefinition });
export type TStaffFormVersionDetail = z.infer<typeof ZStaffFormVersionDetail>;

export const ZStaffFormCopyBody = z.object({ project_id: z.number().int().positive().max(2_147_483_647) });
export type TStaffFormCopyBody = z.infer<typeof ZStaffFormCopyBody>;

// ---------------------------------------------------------------- the JSON file

/** An exported form: read back by an import (here or in another installation). */
export const ZFormFile = z.object({
  format: z.literal(FORM_FILE_FORMAT, { error: staffFormsMessages.importFormat }),
  schema_version: z.literal(FORM_FILE_SCHEMA_VERSION),
  kind: ZFormFamily,
  name: ZName,
  settings: ZStaffFormSettingsObject.omit({ menu_id: true }).partial().optional(),
  definition: ZFormDefinitionInput,
});
export type TFormFile = z.infer<typeof ZFormFile>;

// ---------------------------------------------------------------- attachments, images, menus

export const ZStaffAttachmentRenameBody = z.object({ name: z.string().trim().min(1, staffFormsMessages.attachmentName).max(200, staffFormsMessages.nameTooLong) });
export const ZStaffAttachmentOrderBody = z.object({ ids: z.array(z.number().int().positive()).max(FORM_ATTACHMENTS_MAX) });
export const ZStaffFormImage = z.object({ url: z.string(), image_width: z.number(), image_height: z.number() });
export type TStaffFormImage = z.infer<typeof ZStaffFormImage>;

export const ZStaffFormMenu = z.object({ id: z.number(), name: z.string(), position: z.number(), form_count: z.number() });
export type TStaffFormMenu = z.infer<typeof ZStaffFormMenu>;
export const ZStaffFormMenuBody = z.object({ name: z.string().trim().min(1, staffFormsMessages.menuName).max(200, staffFormsMessages.nameTooLong) });

// ---------------------------------------------------------------- params and paths

export const ZStaffFormsProjectParams = z.object({ projectId: ZId });
export const ZStaffFormParams = z.object({ formId: ZId });
export const ZStaffFormVersionParams = z.object({ formId: ZId, version: ZId });
export const ZStaffFormAttachmentParams = z.object({ formId: ZId, attachmentId: ZId });
export const ZStaffFormMenuParams = z.object({ projectId: ZId, menuId: ZId });

export const staffFormsPaths = {
  list: '/staff/projects/:projectId/forms',
  /** GET ?format=csv|xlsx and the list's filters: the list as a file. */
  listExport: '/staff/projects/:projectId/forms/export',
  /** POST, multipart field `file`: a form file (ZFormFile) becomes a new draft. */
  import: '/staff/projects/:projectId/forms/import',
  menus: '/staff/projects/:projectId/form-menus',
  menu: '/staff/projects/:projectId/form-menus/:menuId',
  form: '/staff/forms/:formId',
  publish: '/staff/forms/:formId/publish',
  versions: '/staff/forms/:formId/versions',
  version: '/staff/forms/:formId/versions/:version',
  copy: '/staff/forms/:formId/copy',
  archive: '/staff/forms/:formId/archive',
  restore: '/staff/forms/:formId/restore',
  export: '/staff/forms/:formId/export',
  attachments: '/staff/forms/:formId/attachments',
  attachmentsOrder: '/staff/forms/:formId/attachments/order',
  attachment: '/staff/forms/:formId/attachments/:attachmentId',
  /** POST, multipart field `image`: a drawing or an option picture; answers the URL to put in the definition. */
  images: '/staff/forms/:formId/images',
} as const;
