import { z } from 'zod';
import { ZDutchDate, ZHtml, ZId, ZLanguage, ZPageQuery } from './common.ts';
import { FORM_LIMITS, formMessages, isFormEmail, signingMobileError } from './form-rules.ts';
import { ZSigningMobileInput } from './forms.ts';
import { ZFormSection, ZFormValues } from './forms.ts';
import { ACTIVATION_CODE_ALPHABET, ACTIVATION_LETTERS_MAX } from './staff-addresses-rules.ts';

/**
 * The support-base form (draagvlak, consent; spec 2.3, 3.1, 4.1, 7.1): sections of sb_ elements on the
 * form engine (section 0 is the agreement statement with the sb_agreeinput), attachments, a generated
 * document of this address's answers that must be opened, the number of signers, a mobile number per
 * signer when SMS verification is used, legal signing through the signing service, and finishing with
 * an e-mail address and a comment. Residents call /occupant/support-base/form/{form_id}; a letter's
 * personal link /public/support-base/form/{form_id}/token/{token} (per address) reaches the same calls.
 * Letter links are credentials of the address: made only when the console prints the letters, stored
 * hashed, revocable, replaced when letters are printed again, and never in any staff answer.
 *
 * The consent tally (the 70% rule, art. 7:220 lid 3 BW) counts only what a signed document says
 * ('agree' or 'disagree', fixed when the signing service reports the document signed, and counted once
 * its signed PDF is stored) or a paper form once a second staff member confirmed its record.
 */

export const supportBaseMessages = {
  invalid: formMessages.supportBaseInvalid,
  notFound: formMessages.notFound,
  stepNotDone: formMessages.stepNotDone,
  notSigned: 'Het formulier is nog niet ondertekend bij ons ontvangen...',
  mobileInvalid: formMessages.mobileInvalid,
  nrSaved: 'Aantal ingevoerd',
  nrNotSaved: 'Aantal niet ingevoerd',
  mobileSaved: 'Mobiel nummer ingevoerd',
  mobileNotSaved: 'Mobiel nummer niet ingevoerd',
  signFirst: 'Eerst dienen de vragen beantwoord te worden voordat het ondertekend kan worden.',
  signLoading: 'Bezig met het ophalen van de ondertekenen link.',
  alreadySigned: 'Dit document is reeds ondertekend.',
  readOnly: 'Dit formulier kan niet meer worden aangepast: het ondertekenen is al begonnen.',
  documentNotChecked: 'Open en controleer eerst het document.',
  mobileMissing: 'Vul eerst een mobiel nummer in voor iedere ondertekenaar.',
  namesMissing: 'Vul eerst bij Aantal handtekeningen de naam van iedere ondertekenaar in.',
  emailInvalid: 'Ongeldig e-mailadres',
  linkInvalid: 'Deze link is ongeldig of verlopen.',
  saved: formMessages.saved,
  sent: formMessages.sent,
  signingUnavailable: formMessages.signingUnavailable,
} as const;

/** The wizard's words (spec 2.3). */
export const supportBaseTexts = {
  agreement: 'Akkoordverklaring',
  attachments: 'Bijlages',
  document: 'Document controleren',
  nrOfSignatures: 'Aantal handtekeningen',
  mobile: 'Mobiel nummer',
  sign: 'Ondertekenen',
  finish: 'Afronden',
  finished: 'Afgerond',
  next: 'Volgende',
  saveNext: 'Opslaan en volgende',
  openDocument: 'Open het document (PDF)',
  signer: (nr: number) => `Ondertekenaar ${nr}`,
  signerName: (nr: number) => `Naam ondertekenaar ${nr}`,
  signerNameHint: 'Voor- en achternaam, zoals die in het ondertekende document komt te staan.',
} as const;

/** Mobile numbers for SMS verification: 06 plus 8 digits (spec 5, 9), typed with spaces, dashes or +31 if need be. */
export const supportBaseMobileError = (nr: number, value: string | null | undefined): string | null => signingMobileError(nr, value);
/** The finishing step's e-mail address: optional; when given it must be valid. */
export const supportBaseEmailError = (value: string | null | undefined): string | null => {
  const text = (value ?? '').trim();
  return text === '' || isFormEmail(text) ? null : supportBaseMessages.emailInvalid;
};

/** Statuses: '' (not started), 'open', 'new', 'denied' (editable), 'signed', 'confirmed' (finished). */
export const SUPPORT_BASE_FINAL_STATUSES = ['signed', 'confirmed'] as const;

/** The sections of the wizard after the form sections (spec 2.3). */
export const SUPPORT_BASE_STEPS = ['bijlages', 'document', 'aantal_handtekeningen', 'mobiel_nummer', 'ondertekenen', 'afronden', 'afgerond'] as const;
export type TSupportBaseStep = (typeof SUPPORT_BASE_STEPS)[number];

export const ZSupportBaseAttachment = z.object({ name: z.string(), file_url: z.string() });
/** A signer: the name given at the number of signatures (null for one made before names were asked), the mobile number, signed. */
export const ZSupportBaseSigner = z.object({ nr: z.number().int(), name: z.string().nullable(), mobile: z.string().nullable(), signed: z.boolean() });

export const ZSupportBaseForm = z.object({
  id: z.number(),
  project_id: z.number(),
  name: z.string(),
  description: ZHtml.nullable(),
  /** The form's sections with their elements, values and counters. Section 0 is the agreement statement. */
  form: z.array(ZFormSection),
  /** '' (not started), 'open', 'new', 'denied' (editable), 'signed', 'confirmed'. */
  status: z.string(),
  /** Every required field of every section is filled in. */
  completed: z.boolean(),
  /** The sections may still be changed (editable status, no signature requested, not signed, not on paper). */
  editable: z.boolean(),
  /** The current document (of the answers as they are) was opened. */
  document_checked: z.boolean(),
  /** Where the document opens (GET .../download?token=...); null until the form is completed. The token lives minutes. */
  document_url: z.string().nullable(),
  /** Every signer signed. */
  signed: z.boolean(),
  /** The signing request's state at the signing service ('waiting', 'signed', ...), null before a request. */
  signed_status: z.string().nullable(),
  sign_requested: z.boolean(),
  attachments: z.array(ZSupportBaseAttachment),
  nr_of_signatures: z.number().int().nullable(),
  /** Mobile number by signer number ('1', '2', ...). */
  mobile: z.record(z.string(), z.string().nullable()),
  signers: z.array(ZSupportBaseSigner),
  use_sms_auth: z.boolean(),
  email_address: z.string().nullable(),
  comment: z.string().nullable(),
  /** Finished on paper (the wizard shows 'afgerond'). */
  on_paper: z.boolean(),
  /** What the signed document says; null until signed. */
  agreement: z.enum(['agree', 'disagree']).nullable(),
  agreement_at: ZDutchDate.nullable(),
  /** Goes up with every change; 0 before the first save. */
  version: z.number().int(),
});
export type TSupportBaseForm = z.infer<typeof ZSupportBaseForm>;

export const ZSupportBaseProject = z.object({
  id: z.number(), name: z.string(), logo_url: z.string().nullable(), color_primary: z.string().nullable(), address: z.string().nullable(),
});
export type TSupportBaseProject = z.infer<typeof ZSupportBaseProject>;

// ---- requests ------------------------------------------------------------------------------------

export const ZSupportBaseSaveBody = z.object({ language: ZLanguage, values: ZFormValues, version: z.number().int().min(0).optional() });
/** The number of signers and each signer's name (required: the signed document and the receipt name them; 422 naming the signer). */
export const ZSupportBaseNrBody = z.object({
  language: ZLanguage,
  nr_of_signatures: z.union([z.number(), z.string().max(10)]),
  names: z.array(z.string().max(FORM_LIMITS.contactFieldMax)).max(FORM_LIMITS.maxSignatures).optional(),
});
export const ZSupportBaseMobileBody = z.object({ language: ZLanguage, mobile: ZSigningMobileInput });
export const ZSupportBaseSendBody = z.object({
  language: ZLanguage, email_address: z.string().max(320).nullable().optional(), comment: z.string().max(FORM_LIMITS.textMax).nullable().optional(),
});
export const ZSupportBaseSignUrl = z.object({ url: z.string() });

export const ZSupportBaseParams = z.object({ form_id: ZId });
/**
 * A letter's token (CONSENT_LETTER_TOKEN_LENGTH characters of CONSENT_LETTER_TOKEN_ALPHABET, any case). The
 * path takes any token-like text, so that an unknown, revoked or expired one (an old letter's) gets the
 * Dutch 404 rather than a validation error.
 */
export const ZSupportBaseToken = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/);
export const ZSupportBasePublicParams = ZSupportBaseParams.extend({ token: ZSupportBaseToken });
export const ZSupportBaseSectionParams = ZSupportBaseParams.extend({ section: z.string().regex(/^\d{1,3}$/) });
export const ZSupportBasePublicSectionParams = ZSupportBasePublicParams.extend({ section: z.string().regex(/^\d{1,3}$/) });
export const ZSupportBaseSignerParams = ZSupportBaseParams.extend({ nr: z.coerce.number().int().min(1).max(FORM_LIMITS.maxSignatures) });
export const ZSupportBasePublicSignerParams = ZSupportBasePublicParams.extend({ nr: z.coerce.number().int().min(1).max(FORM_LIMITS.maxSignatures) });
export const ZSupportBaseDownloadQuery = z.object({ language: ZLanguage, token: z.string().max(200) });

// ---- the consent tally (staff) --------------------------------------------------------------------

/** `on_paper`: a paper form was recorded and waits for a second staff member's confirmation (it does not count yet). */
export const SUPPORT_BASE_ADDRESS_STATUSES = ['not_started', 'answering', 'signed', 'agreed', 'disagreed', 'on_paper'] as const;
export type TSupportBaseAddressStatus = (typeof SUPPORT_BASE_ADDRESS_STATUSES)[number];
export const supportBaseStatusLabels: Record<TSupportBaseAddressStatus, string> = {
  not_started: 'Niet begonnen', answering: 'Bezig met invullen', signed: 'Ondertekend', agreed: 'Akkoord', disagreed: 'Niet akkoord',
  on_paper: 'Op papier, wacht op bevestiging',
};

/** The 70% rule: a renovation proposal is presumed reasonable when 70% or more agreed (INTEGRATIONS.md). */
export const CONSENT_THRESHOLD = 70;
/** The rule speaks of 10 or more homes forming a building unit. */
export const CONSENT_MIN_HOMES = 10;

export const ZConsentFigures = z.object({
  total: z.number().int(),
  vacant: z.number().int(),
  agreed: z.number().int(),
  disagreed: z.number().int(),
  signed: z.number().int(),
  answering: z.number().int(),
  not_started: z.number().int(),
  /** Addresses whose result counts from a confirmed paper form. */
  on_paper: z.number().int(),
  /** Addresses with a paper form (or a correction) waiting for a second staff member's confirmation. */
  paper_pending: z.number().int(),
  /** Addresses signed digitally after their paper form was recorded (the paper form counts; staff should look). */
  conflicts: z.number().int(),
  /** Agreed of all homes, vacant ones included (0-100, one decimal). */
  percentage_with_vacant: z.number(),
  /** Agreed of the homes that are not vacant. */
  percentage_without_vacant: z.number(),
  /** The one the project's setting (consent_counts_vacant) makes leading. */
  percentage: z.number(),
  reached: z.boolean(),
  /** When the leading percentage first reached 70% (by the moments of agreement), DD-MM-YYYY. */
  reached_at: ZDutchDate.nullable(),
  /** The unit has 10 or more homes (the rule's scope). */
  rule_applies: z.boolean(),
  /** The denominator of the leading percentage: the homes (or households, by the project's rule) that count; non-responders count as not agreeing. */
  votes: z.number().int(),
  /** The agreeing votes of that denominator. */
  agreed_votes: z.number().int(),
});
export type TConsentFigures = z.infer<typeof ZConsentFigures>;

export const ZConsentUnit = ZConsentFigures.extend({ building_unit: z.string() });
export type TConsentUnit = z.infer<typeof ZConsentUnit>;

export const ZConsentAddress = z.object({
  address_id: z.number(),
  full_address: z.string(),
  building_unit: z.string(),
  vacant: z.boolean(),
  status: z.enum(SUPPORT_BASE_ADDRESS_STATUSES),
  /** A paper form is recorded for the address (pending or confirmed): the digital form is closed. */
  on_paper: z.boolean(),
  /** 'pending' while a paper form or a correction waits for confirmation, 'confirmed' when a confirmed one counts, else null. */
  paper: z.enum(['pending', 'confirmed']).nullable(),
  /** Signed digitally after the paper form was recorded: the paper form counts, `conflict_text` says what the digital one said. */
  conflict: z.boolean(),
  conflict_text: z.string().nullable(),
  agreement_at: ZDutchDate.nullable(),
  /** When the address's letter with a live personal link was printed (DD-MM-YYYY); null without one. The link itself is never shown to staff. */
  letter_printed_at: ZDutchDate.nullable(),
});
export type TConsentAddress = z.infer<typeof ZConsentAddress>;

export const ZConsentTally = z.object({
  forms: z.array(z.object({ id: z.number(), name: z.string() })),
  form_id: z.number().nullable(),
  counts_vacant: z.boolean(),
  /** How a home with several households counts ('home': one vote per home, 'household': a vote per household). */
  household_rule: z.enum(['home', 'household']),
  /** The project's rule in words, as the tally states it. */
  rule_text: z.string(),
  total: ZConsentFigures.nullable(),
  units: z.array(ZConsentUnit),
  addresses: z.object({ items: z.array(ZConsentAddress), page: z.number().int(), pages: z.number().int(), total: z.number().int() }),
});
export type TConsentTally = z.infer<typeof ZConsentTally>;

export const ZConsentTallyParams = z.object({ project_id: ZId });
export const ZConsentTallyQuery = z.object({
  language: ZLanguage, form_id: ZId.optional(), page: z.coerce.number().int().min(1).max(10_000).optional(), building_unit: z.string().max(100).optional(),
});

// ---- paper consent (staff) ------------------------------------------------------------------------

/**
 * A form that came back on paper (finished by post), recorded by staff with a scan of the signed paper.
 * Each record is a row of its own that is never changed except for its state: `pending` until a second
 * staff member (never the one who recorded it) confirms or rejects it; only a confirmed record that no
 * confirmed correction replaced counts in the tally. A correction is a new record with a reason that
 * replaces the one it corrects once it is confirmed; the old one stays in the history (`superseded`).
 * Recording a paper form cancels the address's open signing requests; a digital signature that still
 * finishes afterwards is kept as evidence and flagged (`conflict`), never counted over the paper form.
 */
export const CONSENT_PAPER_STATES = ['pending', 'confirmed', 'rejected'] as const;
export type TConsentPaperState = (typeof CONSENT_PAPER_STATES)[number];
export const ZConsentAgreement = z.enum(['agree', 'disagree']);
export type TConsentAgreement = z.infer<typeof ZConsentAgreement>;

/** Scans: a PDF or a photo (PNG, JPEG), checked by content; at most this large. */
export const CONSENT_SCAN_MAX_BYTES = 10 * 1024 * 1024;
export const CONSENT_REASON_MAX = 1000;

export const consentPaperMessages = {
  agreementMissing: 'Kies akkoord of niet akkoord',
  scanMissing: 'Voeg een scan of foto van het ondertekende papieren formulier toe.',
  scanType: 'Alleen een PDF of een afbeelding (PNG of JPEG) is toegestaan.',
  scanTooLarge: (maxMb: number) => `De scan is te groot (maximaal ${maxMb} MB).`,
  reasonMissing: 'Geef een reden op.',
  reasonTooLong: `De reden mag maximaal ${CONSENT_REASON_MAX} tekens lang zijn.`,
  alreadyRecorded: 'Voor dit adres is al een papieren formulier vastgelegd. Leg een correctie vast met een reden.',
  pendingExists: 'Voor dit adres wacht al een papieren formulier op bevestiging. Bevestig of wijs dat eerst af.',
  notPending: 'Dit papieren formulier wacht niet (meer) op bevestiging.',
  ownRecord: 'U heeft dit papieren formulier zelf vastgelegd. Een andere medewerker moet het bevestigen.',
  notCorrectable: 'Alleen het bevestigde papieren formulier dat nu telt kan worden gecorrigeerd.',
  alreadySigned: 'Dit adres heeft het formulier al digitaal ondertekend; een papieren formulier kan niet meer worden vastgelegd.',
  notFound: 'Papieren formulier niet gevonden',
} as const;

export const consentPaperStateLabels: Record<TConsentPaperState, string> = {
  pending: 'Wacht op bevestiging', confirmed: 'Bevestigd', rejected: 'Afgewezen',
};
export const consentAgreementLabels: Record<TConsentAgreement, string> = { agree: 'Akkoord', disagree: 'Niet akkoord' };

/** The staff's warning when a digital signature finished after the paper form was recorded. */
export const consentConflictText = (digital: TConsentAgreement | null, paper: TConsentAgreement | null) =>
  `Na het vastleggen van het papieren formulier is het formulier ook digitaal ondertekend (${digital ? consentAgreementLabels[digital].toLowerCase() : 'onbekend'}). `
  + `Het papieren formulier${paper ? ` (${consentAgreementLabels[paper].toLowerCase()})` : ''} blijft tellen; neem contact op met de bewoners en leg zo nodig een correctie vast.`;

export const ZConsentPaperParams = z.object({ project_id: ZId, form_id: ZId, address_id: ZId });
export const ZConsentPaperRecordParams = ZConsentPaperParams.extend({ record_id: ZId });

/** The text fields of the multipart upload that records a paper form (the scan in field `file`). */
export const ZConsentPaperFields = z.object({
  language: ZLanguage,
  agreement: z.enum(['agree', 'disagree'], { error: consentPaperMessages.agreementMissing }),
});
const ZReason = z.string({ error: consentPaperMessages.reasonMissing }).trim()
  .min(1, { error: consentPaperMessages.reasonMissing }).max(CONSENT_REASON_MAX, { error: consentPaperMessages.reasonTooLong });
/** A correction: the agreement, why, and (optionally) a new scan in field `file`; without one the corrected record's scan is kept. */
export const ZConsentPaperCorrectionFields = ZConsentPaperFields.extend({ reason: ZReason });
export const ZConsentPaperRejectBody = z.object({ language: ZLanguage, reason: ZReason });
export const ZConsentPaperConfirmBody = z.object({ language: ZLanguage }).nullish();

const ZStaffName = z.object({ user_id: z.number().nullable(), name: z.string() });

export const ZConsentPaperRecord = z.object({
  id: z.number(),
  agreement: ZConsentAgreement,
  state: z.enum(CONSENT_PAPER_STATES),
  /** A confirmed correction replaced it (it no longer counts). */
  superseded: z.boolean(),
  superseded_at: z.string().nullable(),
  /** This record corrects that one (with `reason`). */
  corrects_id: z.number().nullable(),
  reason: z.string().nullable(),
  /** The scan of the signed paper (a file link, signed for the caller). */
  scan: z.object({ url: z.string(), filename: z.string(), mime: z.string() }),
  recorded_by: ZStaffName,
  /** ISO moments. */
  recorded_at: z.string(),
  /** Who confirmed or rejected it, when, and why (rejection). */
  decided_by: ZStaffName.nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** It is the record that counts in the tally now. */
  counts: z.boolean(),
  /** The caller may confirm it (pending, recorded by someone else, and the caller's role may confirm paper consent). */
  can_confirm: z.boolean(),
});
export type TConsentPaperRecord = z.infer<typeof ZConsentPaperRecord>;

/** An address's paper forms, newest first, with what counts now and any digital signature after them. */
export const ZConsentPaperHistory = z.object({
  form_id: z.number(),
  address_id: z.number(),
  full_address: z.string(),
  /** A digital signature finished for the address: a paper form can no longer be recorded. */
  signed_digitally: z.boolean(),
  conflict: z.boolean(),
  conflict_text: z.string().nullable(),
  /** The caller's role may record and correct paper forms (permission consent.paper.record). */
  can_record: z.boolean(),
  /** The caller's role may confirm or reject a record that waits (permission consent.paper.confirm). */
  can_decide: z.boolean(),
  records: z.array(ZConsentPaperRecord),
});
export type TConsentPaperHistory = z.infer<typeof ZConsentPaperHistory>;

/** How a home with several households counts in the 70% rule (projects.consent_household_rule). */
export const CONSENT_HOUSEHOLD_RULES = ['home', 'household'] as const;
export type TConsentHouseholdRule = (typeof CONSENT_HOUSEHOLD_RULES)[number];

/** The project's rule for the 70% count, in words (the tally states it). */
export function consentRuleText(countsVacant: boolean, householdRule: TConsentHouseholdRule): string {
  return [
    'Alle woningen van de eenheid tellen mee; wie niet reageert, telt als niet akkoord.',
    countsVacant
      ? 'Leegstaande woningen tellen mee in het totaal (als niet akkoord).'
      : 'Leegstaande woningen tellen niet mee in het totaal.',
    householdRule === 'home'
      ? 'Eén stem per woning, ook als er meer huishoudens wonen.'
      : 'Elk huishouden is een stem: een woning met meer huishoudens telt zo vaak mee, en het antwoord van het adres geldt voor elk huishouden.',
  ].join(' ');
}

/** The building unit of addresses without one. */
export const NO_BUILDING_UNIT = 'Overig';

/** '87 van de 120 adressen (73%) hebben ingestemd' */
export const consentProgressText = (agreed: number, of: number) =>
  `${agreed} van de ${of} adressen (${of > 0 ? Math.round((agreed / of) * 100) : 0}%) hebben ingestemd`;

// ---- paths ---------------------------------------------------------------------------------------

const paperPath = (projectId: number, formId: number, addressId: number) => `/partner/project/${projectId}/support-base/form/${formId}/address/${addressId}/paper`;

export const supportBasePaths = {
  occupantBase: (formId: number) => `/occupant/support-base/form/${formId}`,
  publicBase: (formId: number, token: string) => `/public/support-base/form/${formId}/token/${token}`,
  form: (base: string) => base,
  section: (base: string, section: number) => `${base}/section/${section}`,
  download: (base: string) => `${base}/download`,
  nrOfSignatures: (base: string) => `${base}/nr-of-signatures`,
  mobile: (base: string, nr: number) => `${base}/mobile-number/${nr}`,
  signUrl: (base: string, nr: number) => `${base}/signage/url/${nr}`,
  isSigned: (base: string, nr: number) => `${base}/is-signed/${nr}`,
  project: (base: string) => `${base}/project`,
  occupants: (base: string) => `${base}/occupants`,
  send: (base: string) => `${base}/send`,
  tally: (projectId: number) => `/partner/project/${projectId}/support-base/tally`,
  /** POST records a paper form (multipart), GET lists the address's paper forms. */
  paper: paperPath,
  paperConfirm: (projectId: number, formId: number, addressId: number, recordId: number) => `${paperPath(projectId, formId, addressId)}/${recordId}/confirm`,
  paperReject: (projectId: number, formId: number, addressId: number, recordId: number) => `${paperPath(projectId, formId, addressId)}/${recordId}/reject`,
  paperCorrect: (projectId: number, formId: number, addressId: number, recordId: number) => `${paperPath(projectId, formId, addressId)}/${recordId}/correct`,
  /** The portal's page for a letter's personal link (printed on the letter only). */
  letterPage: (formId: number, token: string) => `/public/formulier/draagvlak/${formId}/token/${token}`,
} as const;

// ---- consent letters (staff console) -------------------------------------------------------------

/**
 * The console prints the consent letters of a form (/beheer/projecten/:projectId/draagvlak): one A4 letter
 * per address with its personal link (and a QR code to it) and the deadline. A link is a random token, stored
 * only as its hash; it works for its form and address until the deadline printed on the letter (the end of
 * that day in Amsterdam), the form's close date (`deadline`) or the form's deactivation, whichever comes
 * first, and until it is revoked. Printing an address's letter again revokes its earlier link.
 */
export const consentLetterPaths = {
  forms: '/staff/projects/:projectId/consent-forms',
  addresses: '/staff/projects/:projectId/consent-forms/:formId/addresses',
  print: '/staff/projects/:projectId/consent-forms/:formId/letters',
  revokeAll: '/staff/projects/:projectId/consent-forms/:formId/letters/revoke',
  revokeOne: '/staff/projects/:projectId/consent-forms/:formId/addresses/:addressId/letter/revoke',
} as const;

/** The token's characters: no look-alikes (as the activation codes), read case-insensitively. */
export const CONSENT_LETTER_TOKEN_ALPHABET = ACTIVATION_CODE_ALPHABET;
/** 26 characters of 31: about 128 bits. */
export const CONSENT_LETTER_TOKEN_LENGTH = 26;
/** Letters printed in one request (one PDF). */
export const CONSENT_LETTERS_MAX = ACTIVATION_LETTERS_MAX;
/** The deadline on a letter is at most this many days ahead. */
export const CONSENT_LETTER_MAX_DAYS = 365;
/** The deadline the console proposes when the form has no close date: two weeks, as is common practice. */
export const CONSENT_LETTER_DEFAULT_DAYS = 14;

export const ZConsentFormParams = z.object({ projectId: ZId, formId: ZId });
export const ZConsentLetterParams = ZConsentFormParams.extend({ addressId: ZId });

/** Dates and times of the console's answers are ISO 8601 (UTC); the console shows them in Europe/Amsterdam. */
export const ZConsentLetterForm = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The form's close date (ISO), when it has one: no letter works after it. */
  close_date: z.string().nullable(),
  /** The project's addresses, and those of them not vacant (what "all" prints for). */
  addresses: z.number().int(),
  occupied: z.number().int(),
  /** Addresses with a live letter link. */
  live_letters: z.number().int(),
  last_printed_at: z.string().nullable(),
});
export type TConsentLetterForm = z.infer<typeof ZConsentLetterForm>;

export const CONSENT_LETTER_STATUSES = ['none', 'live', 'revoked', 'expired'] as const;
export type TConsentLetterStatus = (typeof CONSENT_LETTER_STATUSES)[number];

/** An address of the project with its consent status and the state of its latest letter (never its link). */
export const ZConsentLetterAddress = z.object({
  id: z.number().int(),
  zipcode: z.string(),
  house_number: z.string(),
  street: z.string(),
  city: z.string(),
  building_unit: z.string().nullable(),
  vacant: z.boolean(),
  consent_status: z.enum(SUPPORT_BASE_ADDRESS_STATUSES),
  letter: z.object({
    status: z.enum(CONSENT_LETTER_STATUSES),
    printed_at: z.string().nullable(),
    printed_by: z.string().nullable(),
    /** The end of the deadline day printed on the letter. */
    expires_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  }),
});
export type TConsentLetterAddress = z.infer<typeof ZConsentLetterAddress>;

export const ZConsentLetterListQuery = ZPageQuery.extend({
  q: z.string().max(100).optional().describe('Postcode, house number, street or city; every word must match.'),
  language: ZLanguage,
});
export type TConsentLetterListQuery = z.infer<typeof ZConsentLetterListQuery>;

export const consentLetterMessages = {
  chooseAddresses: 'Kies adressen of alle adressen',
  deadlineRequired: 'Vul de datum in waarop de bewoners uiterlijk reageren (DD-MM-JJJJ)',
  deadlinePast: 'Kies een datum vanaf vandaag',
  deadlineTooFar: `Kies een datum binnen ${CONSENT_LETTER_MAX_DAYS} dagen`,
  deadlineAfterClose: (closeDate: string) => `Kies een datum tot en met de sluitingsdatum van het formulier (${closeDate})`,
  notInProject: 'Een of meer adressen horen niet bij dit project.',
  nothingToPrint: 'Dit project heeft geen bewoonde adressen: er zijn geen brieven te maken.',
  tooMany: `Maak brieven voor hoogstens ${CONSENT_LETTERS_MAX} adressen tegelijk.`,
} as const;

export const ZConsentLettersBody = z
  .object({
    address_ids: z.array(ZId).min(1).max(CONSENT_LETTERS_MAX).optional(),
    /** Every address of the project that is not vacant. */
    all: z.literal(true).optional(),
    /** The deadline printed on the letters, DD-MM-YYYY: the links work until the end of that day. */
    deadline: z.string().max(20),
    language: ZLanguage,
  })
  .refine((b) => (b.address_ids ? 1 : 0) + (b.all ? 1 : 0) === 1, { message: consentLetterMessages.chooseAddresses, path: ['address_ids'] });
export type TConsentLettersBody = z.input<typeof ZConsentLettersBody>;

export const ZConsentLettersRevoked = z.object({ success: z.literal(true), revoked: z.number().int() });
export type TConsentLettersRevoked = z.infer<typeof ZConsentLettersRevoked>;
