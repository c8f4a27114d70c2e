/** The dashboard's modules and where their tiles lead: plain values, no zod, so the web bundle stays small. */
export const MODULE_NAMES = [
  'news', 'information', 'faq', 'scheduling', 'contacts', 'partners', 'work_order', 'messages',
  'survey', 'appointments', 'documents', 'forms', 'intake', 'dossier', 'complaints',
] as const;
export type TModuleName = (typeof MODULE_NAMES)[number];

/** A module switched off for a project: its reads and writes answer 404 with this text on every face but the staff console. */
export const moduleMessages = {
  unavailable: 'Dit onderdeel is niet beschikbaar voor dit project',
} as const;

/** Modules a public visitor never sees. */
export const PRIVATE_MODULES: readonly TModuleName[] = ['appointments', 'intake', 'dossier'];

export const DEFAULT_MODULE_LABELS: Record<TModuleName, string> = {
  news: 'Nieuws',
  information: 'Informatie',
  faq: 'Veelgestelde vragen',
  scheduling: 'Planning',
  contacts: 'Contactpersonen',
  partners: 'Partners',
  work_order: 'Werkvolgorde',
  messages: 'Contact',
  survey: 'Enquêtes',
  appointments: 'Afspraken',
  documents: 'Documenten',
  forms: 'Formulieren',
  intake: 'Opname',
  dossier: 'Dossier',
  complaints: 'Klachten',
};

/**
 * Where each module's tile leads, for a resident, a visitor of a public project and a partner; null
 * when the audience has no page for the module (a partner's dashboard shows surveys, appointments,
 * forms and dossier as resident-only tiles instead of sending staff to a resident page).
 */
export function moduleTilePath(name: TModuleName, projectId: number, audience: 'occupant' | 'public' | 'partner'): string | null {
  if (audience === 'partner') {
    const partnerPaths: Partial<Record<TModuleName, string>> = {
      news: 'nieuws', information: 'informatie', faq: 'faq', scheduling: 'planning', contacts: 'contactpersonen',
      partners: 'partners', work_order: 'werk-volgorde', documents: 'documenten', complaints: 'complaints',
      messages: 'berichten', // the team's inbox (chat)
    };
    if (name === 'intake') return `/partner/opname/project/${projectId}/formulieren`;
    if (name === 'forms') return `/partner/keuze/project/${projectId}/formulieren`; // the choice forms, filled in per address
    const segment = partnerPaths[name];
    return segment ? `/partner/${segment}/${projectId}` : null;
  }
  if (audience === 'public') {
    const publicPaths: Partial<Record<TModuleName, string>> = {
      news: 'nieuws', information: 'informatie', faq: 'faq', scheduling: 'planning', contacts: 'contactpersonen',
      partners: 'partners', work_order: 'werk-volgorde', messages: 'berichten', survey: 'enquetes',
      documents: 'documenten', forms: 'formulieren', complaints: 'complaints',
    };
    const segment = publicPaths[name];
    return segment ? `/public/${segment}/${projectId}` : `/public/dashboard/${projectId}`;
  }
  const occupantPaths: Record<TModuleName, string> = {
    news: '/nieuws', information: '/informatie/', faq: '/faq/', scheduling: '/planning/', contacts: '/contactpersonen/',
    partners: '/partners/', work_order: '/werk-volgorde/', messages: '/berichten/', survey: '/enquetes/',
    appointments: '/afspraken/', documents: '/documenten/', forms: '/formulieren/', dossier: '/dossier/',
    complaints: '/complaints/', intake: `/partner/opname/project/${projectId}/formulieren`,
  };
  return occupantPaths[name];
}
