import { z } from 'zod';
import { ZId } from './common.ts';

/**
 * Residents' rights under the AVG (issue 20): an export of everything the portal holds about a person or an
 * address (art. 15 access, art. 20 portability: JSON plus a readable PDF, with their files, in one ZIP made by
 * a job), and erasure of a person (a household member or a former tenant) with what a legal hold keeps.
 */
export const personalDataPaths = {
  /** Console: the address's household and its exports (needs personal-data.export). */
  staffAddress: '/staff/projects/:projectId/addresses/:addressId/personal-data',
  staffExports: '/staff/projects/:projectId/addresses/:addressId/personal-data/exports',
  staffExportFile: '/staff/projects/:projectId/addresses/:addressId/personal-data/exports/:exportId/file',
  /** Console: what erasing an occupant would remove and keep (GET), and the erasure itself (POST; personal-data.erase). */
  staffErasure: '/staff/projects/:projectId/addresses/:addressId/occupants/:occupantId/erasure',
  /** Resident: asks for an export of their own data; the link arrives by e-mail. */
  residentExport: '/occupant/personal-data/export',
  /** The e-mail's link: no login, a long random token; a page with the downloads, or a Dutch message when expired. */
  publicDownload: '/personal-data/download/:token',
  publicDownloadFile: '/personal-data/download/:token/:kind',
} as const;

/** Days an export can be downloaded (the e-mail link, the console's file); the sweep removes the file after. */
export const PERSONAL_DATA_EXPORT_DAYS = 7;

/**
 * The categories of personal data, one per module that holds it; the export's sections and the erasure's lines
 * use these keys. A module that adds personal data adds its key here and one collector on the server.
 */
export const PERSONAL_DATA_CATEGORIES = {
  occupants: 'Bewoners: naam, e-mailadres, telefoonnummers, account',
  address: 'Adres en projecten',
  sessions: 'Inlogsessies en inloglinks',
  chat: 'Chatberichten',
  'form-entries': 'Formulieren: antwoorden, foto\'s, handtekeningen en samenvattingen',
  surveys: 'Enquêtes',
  appointments: 'Afspraken en wachtlijsten',
  dossier: 'Dossier',
  documents: 'Documenten voor het adres',
  reads: 'Gelezen berichten',
  'work-order': 'Werkvolgorde',
  complaints: 'Klachten',
  payments: 'Betalingen',
  consent: 'Instemmingsbewijs: ondertekende documenten, papieren instemming, brieven en kennisgevingen',
  mail: 'Verstuurde e-mail',
  sms: 'Verstuurde sms-berichten',
  notifications: 'Meldingen: keuzes per onderwerp, apparaten voor pushberichten en verstuurde meldingen',
  audit: 'Auditlog: wat medewerkers met deze gegevens deden',
  exports: 'Eerdere exports van persoonsgegevens',
} as const;
export type TPersonalDataCategory = keyof typeof PERSONAL_DATA_CATEGORIES;
export const ZPersonalDataCategory = z.enum(Object.keys(PERSONAL_DATA_CATEGORIES) as [TPersonalDataCategory, ...TPersonalDataCategory[]]);

/** The readable PDF's names for the export's fields (the JSON keeps the field names); a field not listed shows its own name. */
export const PERSONAL_DATA_FIELD_LABELS: Record<string, string> = {
  id: 'Nummer', kind: 'Soort', first_name: 'Voornaam', affix: 'Tussenvoegsel', last_name: 'Achternaam', gender: 'Aanhef',
  email_address: 'E-mailadres', email: 'E-mailadres', telephone: 'Telefoonnummer', mobile: 'Mobiel nummer', prefer_email: 'Liever per e-mail',
  has_account: 'Heeft een account', is_main: 'Hoofdbewoner', created_at: 'Aangemaakt', updated_at: 'Gewijzigd', zipcode: 'Postcode',
  house_number: 'Huisnummer', street: 'Straat', city: 'Plaats', activated_at: 'Geactiveerd', projects: 'Projecten', project: 'Project',
  face: 'Soort sessie', last_seen_at: 'Laatst gezien', expires_at: 'Verloopt', revoked_at: 'Ingetrokken', occupant_id: 'Bewoner (nummer)',
  from_staff: 'Van het projectteam', from_user_name: 'Van', from_occupant_id: 'Van bewoner (nummer)', from_address_name: 'Van', message: 'Bericht',
  read_at: 'Gelezen', user_name: 'Medewerker', note: 'Notitie', form: 'Formulier', values: 'Antwoorden', status: 'Status', locked: 'Ingeleverd',
  signatures: 'Handtekeningen', nr_of_signatures: 'Aantal handtekeningen', comment: 'Opmerking', agreement: 'Instemming', agreement_at: 'Instemming op',
  on_paper: 'Op papier', amount_cents: 'Bedrag (centen)', paid_at: 'Betaald', email_to: 'Gemaild naar', form_version: 'Versie van het formulier',
  sent_at: 'Verstuurd', summary_file_id: 'Samenvatting (bestand)', history: 'Geschiedenis', photos: "Foto's", survey: 'Enquête', version: 'Versie',
  answers: 'Antwoorden', submitted_at: 'Ingestuurd', subject: 'Onderwerp', starts_at: 'Begint', is_cancelled: 'Geannuleerd', confirmed_at: 'Bevestigd',
  state: 'Stand', at: 'Moment', type: 'Soort', name: 'Naam', file: 'Bestand', file_id: 'Bestand (nummer)', filename: 'Bestandsnaam', module: 'Module',
  item_id: 'Bericht (nummer)', number: 'Nummer in de werkvolgorde', entry_id: 'Invulling (nummer)', provider: 'Aanbieder', currency: 'Munteenheid',
  description: 'Omschrijving', refunded_cents: 'Terugbetaald (centen)', charged_back_cents: 'Teruggeboekt (centen)', refunds: 'Terugbetalingen',
  subject_kind: 'Waarvoor', channel: 'Kanaal', endpoint: 'Pushadres van het apparaat', last_used_at: 'Laatst gebruikt', due_at: 'Gepland',
  push: 'Pushbericht', sms: 'Sms', body: 'Tekst', category: 'Onderwerp', verification: 'Controle', document_file_id: 'Document (bestand)', signed_file_id: 'Ondertekend document (bestand)',
  receipt_file_id: 'Bewijs (bestand)', signers: 'Ondertekenaars', nr: 'Nummer', opened_at: 'Geopend', signed_at: 'Ondertekend',
  signed_ip: 'IP-adres bij ondertekenen', signed_user_agent: 'Browser bij ondertekenen', sms_verified_at: 'Sms-code bevestigd',
  signature_file_id: 'Handtekening (bestand)', scan_file_id: 'Scan (bestand)', reason: 'Reden', recorded_by_name: 'Vastgelegd door',
  recorded_at: 'Vastgelegd', decided_by_name: 'Beoordeeld door', decided_at: 'Beoordeeld', superseded_at: 'Vervangen', to: 'Aan', text: 'Tekst',
  actor: 'Medewerker', action: 'Handeling', entity: 'Soort gegeven', entity_id: 'Nummer', before: 'Voor', after: 'Na', scope: 'Omvang',
  requested_by: 'Aangevraagd door', created_by: 'Gemaakt door',
};

export const ZPersonalDataAddressParams = z.object({ projectId: ZId, addressId: ZId });
export const ZPersonalDataExportParams = z.object({ projectId: ZId, addressId: ZId, exportId: ZId });
export const ZPersonalDataErasureParams = z.object({ projectId: ZId, addressId: ZId, occupantId: ZId });
export const ZPersonalDataTokenParams = z.object({ token: z.string().min(20).max(200) });
export const ZPersonalDataFileParams = z.object({ token: z.string().min(20).max(200), kind: z.enum(['zip', 'pdf']) });

/** Whose data: one occupant (`occupant_id`) or the whole address (null: every occupant and the address's own records). */
export const ZStartPersonalDataExportBody = z.object({ occupant_id: ZId.nullable() });
export type TStartPersonalDataExportBody = z.infer<typeof ZStartPersonalDataExportBody>;

export const ZPersonalDataExport = z.object({
  id: z.number(),
  scope: z.enum(['person', 'address']),
  /** The person's name, or the address for an address export. */
  subject: z.string(),
  requested_by: z.enum(['staff', 'resident']),
  created_by: z.string().nullable(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  created_at: z.string(),
  expires_at: z.string(),
  downloadable: z.boolean(),
});
export type TPersonalDataExport = z.infer<typeof ZPersonalDataExport>;

export const ZPersonalDataOccupant = z.object({
  id: z.number(),
  name: z.string(),
  is_main: z.boolean(),
  has_account: z.boolean(),
  /** Why this occupant cannot be erased now (null: can be). */
  erase_refusal: z.string().nullable(),
});
export type TPersonalDataOccupant = z.infer<typeof ZPersonalDataOccupant>;

export const ZPersonalDataAddress = z.object({
  id: z.number(),
  label: z.string(),
  occupants: z.array(ZPersonalDataOccupant),
  exports: z.array(ZPersonalDataExport),
  can_erase: z.boolean(),
});
export type TPersonalDataAddress = z.infer<typeof ZPersonalDataAddress>;

/** One line of an erasure: a category, how many records, and (kept) why. */
export const ZErasureLine = z.object({
  category: ZPersonalDataCategory,
  label: z.string(),
  count: z.number(),
  /** removed: deleted; anonymised: kept without the person (name, contact details, content); kept: under a hold. */
  outcome: z.enum(['removed', 'anonymised', 'kept']),
  reason: z.string().nullable(),
});
export type TErasureLine = z.infer<typeof ZErasureLine>;

export const ZErasurePlan = z.object({
  occupant: z.object({ id: z.number(), name: z.string() }),
  /** Whether the whole household's records go too (the last occupant of the address: a former tenant). */
  whole_household: z.boolean(),
  lines: z.array(ZErasureLine),
  /**
   * Erasing the holder of a household that stays: the member who becomes the holder (one with an account first, else
   * the longest registered); `needs_activation` when no one left has an account, so the address is activated anew
   * with a new code (print a letter).
   */
  new_holder: z.object({ id: z.number(), name: z.string(), needs_activation: z.boolean() }).nullable(),
  /** Why the occupant cannot be erased now (null: can be). */
  refusal: z.string().nullable(),
});
export type TErasurePlan = z.infer<typeof ZErasurePlan>;

export const ZErasureBody = z.object({
  /** The staff member types the reason (a request of the person, the tenancy ended); kept in the audit log. */
  reason: z.string().trim().min(3, 'Geef een reden van minstens 3 tekens.').max(500, 'De reden is te lang (hoogstens 500 tekens).'),
});
export type TErasureBody = z.infer<typeof ZErasureBody>;

export const personalDataTexts = {
  notFound: 'Deze bewoner of dit adres is niet gevonden.',
  newHolder: (name: string) => `${name} wordt de nieuwe hoofdbewoner van het adres.`,
  newHolderActivation: (name: string) =>
    `${name} wordt de nieuwe hoofdbewoner. Niemand die overblijft heeft een account: het adres moet opnieuw worden geactiveerd met een nieuwe code (maak een activatiebrief).`,
  exportAsked: 'Uw aanvraag is ontvangen. U krijgt binnen enkele minuten een e-mail met een downloadlink, die 7 dagen geldig is.',
  noEmail: 'Wij hebben geen e-mailadres van u. Vul eerst uw e-mailadres in bij uw gegevens.',
  tooMany: 'U heeft vandaag al een export aangevraagd. Probeer het morgen opnieuw.',
  linkExpired: 'Deze downloadlink is verlopen of bestaat niet.',
  linkExpiredHelp: 'Een downloadlink is 7 dagen geldig. Vraag een nieuwe export aan op de pagina Profiel (/profiel) in het bewonersportaal, onder Mijn gegevens opvragen.',
  notReady: 'Deze export is nog niet klaar. Probeer het over een paar minuten opnieuw.',
  mailSubject: 'Uw gegevens staan klaar',
  mailBody: (name: string, url: string, until: string) =>
    `Beste ${name},\n\nU vroeg om een overzicht van alle gegevens die het bewonersportaal over u bewaart. Het staat klaar:\n\n${url}\n\n`
    + `De link is geldig tot ${until}. U hoeft niet in te loggen; deel de link met niemand.\n\n`
    + 'In het ZIP-bestand vindt u een leesbaar overzicht (PDF), dezelfde gegevens als JSON-bestand en uw bestanden.\n',
  pageTitle: 'Uw gegevens',
  pageIntro: (until: string) => `Hier downloadt u alle gegevens die het bewonersportaal over u bewaart. Deze link is geldig tot ${until}.`,
  pdfLink: 'Bekijk het overzicht (PDF)',
  zipLink: 'Download alles (ZIP met PDF, JSON en bestanden)',
  holds: {
    payments: 'Fiscale bewaarplicht: betalingen worden 7 jaar bewaard.',
    consent: 'Bewijs van instemming: bewaard tot de termijn van acht weken om naar de rechter te gaan (en de marge) voorbij is.',
    address: 'Het adres zelf is een woning in het project, geen persoonsgegeven; het blijft zonder bewoners bestaan.',
    shared: 'Gedeeld met de andere bewoners van dit adres: blijft bij het huishouden.',
    audit: 'Verantwoording: wie wat wanneer deed blijft in het auditlog, zonder de inhoud.',
  },
  erased: (name: string) => `De gegevens van ${name} zijn gewist.`,
} as const;
