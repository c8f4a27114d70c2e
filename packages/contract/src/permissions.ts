import { z } from 'zod';

/**
 * Who may act: one staff identity for the whole product (ARCHITECTURE.md, "Staff identity and permissions").
 *
 * A staff account belongs to a customer with ONE role there (an account that works for two customers, a
 * contractor for example, has a role at each) and a set of projects. What a role may do is this table and
 * nothing else: routes name the permission they need, never a role; roles are named only here and in the
 * demo seed. Unknown roles or permissions grant nothing (fail closed).
 *
 * Every session carries its face, and a route accepts only the faces it declares:
 * - `console`: the staff console (/beheer, /api/staff/...), one customer per session;
 * - `partner`: the partner portal (/partner/..., /api/partner/...), every customer the account works for;
 * - `resident`: a resident logged in at their address;
 * - `acting`: a staff member acting for ONE address through a single-use login link: the resident's face
 *   for that address plus the partner calls for that same address; it reaches nothing else and mints nothing.
 * `public` routes take no session.
 */
export const STAFF_ROLES = ['customer-admin', 'project-editor', 'contractor', 'woco-viewer'] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;

export const STAFF_ROLE_LABELS: Record<TStaffRole, string> = {
  'customer-admin': 'Klantbeheerder',
  'project-editor': 'Projectredacteur',
  contractor: 'Aannemer (partner)',
  'woco-viewer': 'Woningcorporatie (alleen lezen)',
};

export const FACES = ['public', 'resident', 'acting', 'partner', 'console'] as const;
export type TFace = (typeof FACES)[number];
/** The faces a session can have (public routes have none). */
export type TSessionFace = Exclude<TFace, 'public'>;

/** Every permission, once, with what it allows (shown in the console's account screen). */
export const PERMISSIONS = {
  'account.self': 'Het eigen account beheren: wachtwoord en tweestapsverificatie',
  'partner-portal.use': 'Inloggen op het partnerportaal',
  'projects.all': 'Alle projecten van de klant bereiken (anders alleen de toegewezen projecten)',
  'project.read': 'Projecten en hun inhoud bekijken',
  'project.manage': 'Projecten aanmaken, instellen en archiveren',
  'content.edit': 'De inhoud van projecten bewerken: nieuws, informatie, planning, documenten, dossier',
  'customer.manage': 'Huisstijl, hosts en beveiliging van de klant instellen',
  'accounts.manage': 'Medewerkersaccounts en hun rechten beheren',
  'audit.read': 'Het auditlog lezen',
  'addresses.read': 'Adressen en hun bewoners bekijken',
  'addresses.manage': 'Adressen importeren en wijzigen, activatiecodes en brieven maken, accounts herstellen',
  'chat.read': 'Gesprekken met bewoners lezen',
  'chat.answer': 'Gesprekken met bewoners beantwoorden, toewijzen, sluiten en heropenen; standaardantwoorden gebruiken en beheren',
  'forms.read': 'Formulieren en hun invullingen per adres bekijken',
  'forms.fill': 'Formulieren invullen namens een adres',
  'forms.manage': 'Formulieren bouwen, publiceren, kopiëren en archiveren, en ingeleverde invullingen heropenen',
  'forms.export': 'Invullingen van formulieren exporteren (CSV, XLSX, samenvattingen als ZIP)',
  'consent.tally.read': 'De draagvlakmeting volgen',
  'consent.paper.record': 'Papieren instemming vastleggen en corrigeren',
  'consent.paper.confirm': 'Papieren instemming van een ander bevestigen of afwijzen',
  'consent.letters.print': 'Instemmingsbrieven afdrukken en intrekken',
  'consent.campaign.manage': 'De draagvlakcampagne voeren: herinneringen instellen, kennisgevingen maken en verzenden',
  'surveys.read': 'Enquêtes en hun resultaten bekijken',
  'surveys.manage': 'Enquêtes bouwen, openen, sluiten en kopiëren',
  'surveys.export': 'Antwoorden op enquêtes exporteren (CSV, XLSX)',
  'appointments.read': 'De afsprakenplanning bekijken',
  'appointments.manage': 'Afspraaksoorten en beschikbaarheid instellen, en afspraken boeken, verzetten en annuleren namens een adres',
  'payments.read': 'Betalingen bekijken',
  'payments.refund': 'Betalingen terugbetalen',
  'login-links.create': 'Inloglinks maken en het portaal openen als bewoner van een adres',
  'personal-data.export': 'Persoonsgegevens exporteren',
  'retention.manage': 'Het bewaarbeleid van de klant en de projecten instellen en verwijderen na het einde van een project bevestigen',
  'personal-data.erase': 'Persoonsgegevens van een bewoner wissen (met wat een wettelijke bewaarplicht bewaart)',
} as const satisfies Record<string, string>;
export type TPermission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as TPermission[];
export const ZPermission = z.enum(PERMISSION_NAMES as [TPermission, ...TPermission[]]);

const ALL = PERMISSION_NAMES;

/** The one table: what each role may do. */
export const ROLE_PERMISSIONS: Record<TStaffRole, readonly TPermission[]> = {
  'customer-admin': ALL,
  'project-editor': [
    'account.self', 'project.read', 'content.edit', 'addresses.read', 'forms.read', 'forms.manage', 'forms.export',
    'consent.tally.read', 'consent.letters.print', 'consent.campaign.manage', 'payments.read',
    'surveys.read', 'surveys.manage', 'surveys.export', 'appointments.read', 'appointments.manage', 'chat.read', 'chat.answer',
  ],
  contractor: [
    'account.self', 'partner-portal.use', 'project.read', 'content.edit', 'addresses.read', 'chat.read', 'chat.answer', 'forms.read', 'forms.fill',
    'consent.tally.read', 'consent.paper.record', 'payments.read', 'surveys.read', 'appointments.read', 'appointments.manage',
  ],
  'woco-viewer': ['account.self', 'partner-portal.use', 'projects.all', 'project.read', 'chat.read', 'forms.read', 'consent.tally.read', 'surveys.read', 'appointments.read'],
};

/** Whether `role` has `permission`; anything unknown is refused. */
export function roleCan(role: string | null | undefined, permission: string): boolean {
  if (!role || !Object.hasOwn(ROLE_PERMISSIONS, role)) return false;
  return (ROLE_PERMISSIONS[role as TStaffRole] as readonly string[]).includes(permission);
}

/**
 * The wire role of a partner-portal login (spec: partner, woco; 'administrator' for a customer administrator),
 * from the account's roles at its customers: the web only routes by it, the server never decides by it.
 */
export function portalRoleOf(roles: readonly TStaffRole[]): 'administrator' | 'partner' | 'woco' {
  if (roles.includes('customer-admin')) return 'administrator';
  if (roles.includes('contractor')) return 'partner';
  return 'woco';
}

export const accessMessages = {
  forbidden: 'U heeft geen toestemming voor deze actie.',
  /** The guard's 404: the same for what does not exist and for what lies outside the caller's customer or projects. */
  notReached: 'Niet gevonden: dit bestaat niet of hoort niet bij uw projecten.',
  wrongFace: 'U bent niet ingelogd voor dit deel van het portaal.',
  noPartnerPortal: 'Dit account heeft geen toegang tot het partnerportaal.',
  totpEnrolFirst: 'Uw organisatie vereist tweestapsverificatie. Stel die eerst in via de beheeromgeving (/beheer/inloggen) en log daarna opnieuw in.',
} as const;
