import type { TPermission } from '@portal/contract';
import { lazy, type ComponentType } from 'react';
import { contentScreens } from '../../features/console-content/screens';

export type ConsoleScreen = {
  /** Relative to /beheer. */
  path: string;
  page: ComponentType;
  /** Customer administrators only. */
  /** The permission the screen needs (packages/contract/src/permissions.ts); none: every staff account. */
  permission?: TPermission;
  /** Without the console's layout and login check (the login and TOTP screens). */
  bare?: boolean;
};

/**
 * The console's screens, each its own chunk inside the console's. Feature folders: console-auth
 * (login, TOTP, accounts, audit log), console-projects (customer, projects), console-addresses,
 * console-consent (consent letters), console-content, console-overview (a project's overview). Every screen under
 * /projecten/:projectId gets the project navigation from the router (app/console/project-nav.tsx). Wouter takes the first match: put specific paths before general ones.
 */
export const consoleScreens: ConsoleScreen[] = [
  { path: '/inloggen', page: lazy(() => import('../../features/console-auth/pages/login-page')), bare: true },
  { path: '/tweestapsverificatie', page: lazy(() => import('../../features/console-auth/pages/enrol-page')), bare: true },
  { path: '/wachtwoord/:token', page: lazy(() => import('../../features/console-auth/pages/password-page')), bare: true },
  { path: '/account', page: lazy(() => import('../../features/console-auth/pages/account-page')) },
  { path: '/medewerkers', page: lazy(() => import('../../features/console-auth/pages/accounts-page')), permission: 'accounts.manage' },
  { path: '/auditlog', page: lazy(() => import('../../features/console-auth/pages/audit-page')), permission: 'audit.read' },
  // The work order, partners, contacts, documents and dossier of a project's content (console-content-b).
  { path: '/projecten/:projectId/inhoud/werkvolgorde', page: lazy(() => import('../../features/console-content-b/work-order-page')) },
  { path: '/projecten/:projectId/inhoud/partners/:id', page: lazy(() => import('../../features/console-content-b/partners-pages').then((m) => ({ default: m.PartnerEditPage }))) },
  { path: '/projecten/:projectId/inhoud/partners', page: lazy(() => import('../../features/console-content-b/partners-pages').then((m) => ({ default: m.PartnersListPage }))) },
  { path: '/projecten/:projectId/inhoud/contactpersonen/:id', page: lazy(() => import('../../features/console-content-b/contacts-pages').then((m) => ({ default: m.ContactEditPage }))) },
  { path: '/projecten/:projectId/inhoud/contactpersonen', page: lazy(() => import('../../features/console-content-b/contacts-pages').then((m) => ({ default: m.ContactsListPage }))) },
  { path: '/projecten/:projectId/inhoud/documenten/:id', page: lazy(() => import('../../features/console-content-b/documents-pages').then((m) => ({ default: m.DocumentEditPage }))) },
  { path: '/projecten/:projectId/inhoud/documenten', page: lazy(() => import('../../features/console-content-b/documents-pages').then((m) => ({ default: m.DocumentsListPage }))) },
  { path: '/projecten/:projectId/inhoud/dossier', page: lazy(() => import('../../features/console-content-b/dossier-page')) },
  { path: '/projecten/:projectId/inhoud', page: lazy(() => import('../../features/console-content/content-overview-page')) },
  ...contentScreens,
  { path: '/projecten/:projectId/adressen/import', page: lazy(() => import('../../features/console-addresses/import-page')), permission: 'addresses.manage' },
  // An address's residents: exports of personal data and erasure (issue 20, console-privacy).
  { path: '/projecten/:projectId/adressen/:addressId/privacy', page: lazy(() => import('../../features/console-privacy/privacy-page')), permission: 'personal-data.export' },
  { path: '/projecten/:projectId/adressen', page: lazy(() => import('../../features/console-addresses/addresses-page')) },
  // The entries of a form and their exports (console-entries).
  { path: '/projecten/:projectId/formulieren/:formId/invullingen/:entryId', page: lazy(() => import('../../features/console-entries/entry-page')), permission: 'forms.read' },
  { path: '/projecten/:projectId/formulieren/:formId/invullingen', page: lazy(() => import('../../features/console-entries/entries-page')), permission: 'forms.read' },
  // Forms of every kind (console-forms); the builder's screen composes the resident's renderer as its preview.
  { path: '/projecten/:projectId/formulieren/:formId', page: lazy(() => import('./form-builder-screen')), permission: 'forms.read' },
  { path: '/projecten/:projectId/formulieren', page: lazy(() => import('../../features/console-forms/forms-page')), permission: 'forms.read' },
  // A survey's results: charts per question, open answers, photos, response rates, export (console-surveys).
  { path: '/projecten/:projectId/enquetes/:surveyId/resultaten', page: lazy(() => import('../../features/console-surveys/results-page')), permission: 'surveys.read' },
  // Surveys (console-surveys); the builder's screen composes the resident's survey renderer as its preview.
  { path: '/projecten/:projectId/enquetes/:surveyId', page: lazy(() => import('./survey-preview')), permission: 'surveys.read' },
  { path: '/projecten/:projectId/enquetes', page: lazy(() => import('../../features/console-surveys/surveys-page')), permission: 'surveys.read' },
  // The consent letters (draagvlak) of a project's support-base forms (console-consent).
  // The consent campaign (issue 16): tally per unit, milestones, notices, reminders, evidence (console-consent).
  { path: '/projecten/:projectId/draagvlak/campagne', page: lazy(() => import('../../features/console-consent/campaign-page')), permission: 'consent.tally.read' },
  { path: '/projecten/:projectId/draagvlak', page: lazy(() => import('../../features/console-consent/letters-page')) },
  // The appointment planner: calendar per day and week, addresses without an appointment (console-appointments, planner-*).
  { path: '/projecten/:projectId/afspraken/planning', page: lazy(() => import('../../features/console-appointments/planner-page')), permission: 'appointments.read' },
  { path: '/projecten/:projectId/afspraken/zonder-afspraak', page: lazy(() => import('../../features/console-appointments/planner-without-page')), permission: 'appointments.read' },
  { path: '/projecten/:projectId/afspraken/wachtlijst', page: lazy(() => import('../../features/console-appointments/planner-waitlist-page')), permission: 'appointments.read' },
  // A project's payments and refunds (console-payments).
  { path: '/projecten/:projectId/betalingen/:paymentId', page: lazy(() => import('../../features/console-payments/payment-page')), permission: 'payments.read' },
  { path: '/projecten/:projectId/betalingen', page: lazy(() => import('../../features/console-payments/payments-page')), permission: 'payments.read' },
  // Appointment types and their availability (console-appointments, issue 17).
  { path: '/projecten/:projectId/afspraken/soorten/:typeId', page: lazy(() => import('../../features/console-appointments/types-editor-page')), permission: 'appointments.read' },
  { path: '/projecten/:projectId/afspraken', page: lazy(() => import('../../features/console-appointments/types-page')), permission: 'appointments.read' },
  // The team inbox over every project the account reaches (console-inbox).
  { path: '/inbox/instellingen', page: lazy(() => import('../../features/console-inbox/settings-page')), permission: 'chat.answer' },
  { path: '/inbox/:conversationId', page: lazy(() => import('../../features/console-inbox/conversation-page')), permission: 'chat.read' },
  { path: '/inbox', page: lazy(() => import('../../features/console-inbox/inbox-page')), permission: 'chat.read' },
  { path: '/projecten/:projectId/bewaren', page: lazy(() => import('../../features/console-retention/project-page')), permission: 'retention.manage' },
  // How many residents each channel of notifications reaches (console-notifications, issue 19).
  { path: '/projecten/:projectId/bereik', page: lazy(() => import('../../features/console-notifications/reach-page')), permission: 'addresses.read' },
  // A project's settings; its overview is the project's landing page (console-overview, issue 17).
  { path: '/projecten/:projectId/instellingen', page: lazy(() => import('../../features/console-projects/components/project-page')) },
  { path: '/projecten/:projectId', page: lazy(() => import('../../features/console-overview/overview-page')) },
  { path: '/projecten', page: lazy(() => import('../../features/console-projects/components/projects-page')) },
  // Retention (issue 20): the customer's policy, a project's overrides and the confirm step (console-retention).
  { path: '/klant/bewaren', page: lazy(() => import('../../features/console-retention/policy-page')), permission: 'retention.manage' },
  { path: '/klant', page: lazy(() => import('../../features/console-projects/components/customer-page')), permission: 'customer.manage' },
];
