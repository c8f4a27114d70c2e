import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { TPermission } from '@portal/contract';

/** The project navigation's items in Dutch; `paths` are relative to the project (/beheer/projecten/{id}). */
export const projectNavTexts = {
  label: 'Project',
  items: {
    overview: 'Overzicht',
    content: 'Inhoud',
    addresses: 'Adressen',
    forms: 'Formulieren',
    consent: 'Draagvlak',
    payments: 'Betalingen',
    surveys: 'Enquêtes',
    appointments: 'Afspraken',
    inbox: 'Inbox',
    retention: 'Bewaren',
    reach: 'Bereik',
    settings: 'Instellingen',
  },
} as const;

type NavItem = {
  key: keyof typeof projectNavTexts.items;
  /** Where it leads (relative to /beheer). */
  href: string;
  /** The project pages it is current on (relative to /beheer/projecten/{id}); '' = the overview alone. */
  section: string | null;
  /** Shown with any of these permissions. */
  permissions: TPermission[];
};

/** The items of one project, in order, for an account with `permissions`. */
export function projectNavItems(projectId: number, permissions: readonly TPermission[]): NavItem[] {
  const base = `/projecten/${projectId}`;
  const has = (p: TPermission) => permissions.includes(p);
  const items: NavItem[] = [
    { key: 'overview', href: base, section: '', permissions: ['project.read'] },
    { key: 'content', href: `${base}/inhoud`, section: '/inhoud', permissions: ['content.edit'] },
    { key: 'addresses', href: `${base}/adressen`, section: '/adressen', permissions: ['addresses.read'] },
    { key: 'forms', href: `${base}/formulieren`, section: '/formulieren', permissions: ['forms.read'] },
    // The campaign for who follows the tally, else the letters.
    { key: 'consent', href: has('consent.tally.read') ? `${base}/draagvlak/campagne` : `${base}/draagvlak`, section: '/draagvlak', permissions: ['consent.tally.read', 'consent.letters.print'] },
    { key: 'payments', href: `${base}/betalingen`, section: '/betalingen', permissions: ['payments.read'] },
    { key: 'surveys', href: `${base}/enquetes`, section: '/enquetes', permissions: ['surveys.read'] },
    { key: 'appointments', href: `${base}/afspraken`, section: '/afspraken', permissions: ['appointments.read'] },
    // The team inbox is the console's own page, filtered on this project.
    { key: 'inbox', href: `/inbox?project=${projectId}`, section: null, permissions: ['chat.read'] },
    // How many residents each notification channel reaches (issue 19).
    { key: 'reach', href: `${base}/bereik`, section: '/bereik', permissions: ['addresses.read'] },
    { key: 'retention', href: `${base}/bewaren`, section: '/bewaren', permissions: ['retention.manage'] },
    // Saving the settings needs content.edit (archiving project.manage): both reach the page.
    { key: 'settings', href: `${base}/instellingen`, section: '/instellingen', permissions: ['project.manage', 'content.edit'] },
  ];
  return items.filter((item) => item.permissions.some(has));
}

/** Which item `location` (relative to /beheer) is on. */
export function isCurrent(item: Pick<NavItem, 'section'>, projectId: number, location: string): boolean {
  if (item.section === null) return false;
  const rest = location.slice(`/projecten/${projectId}`.length);
  if (!location.startsWith(`/projecten/${projectId}`) || (rest && !rest.startsWith('/'))) return false;
  if (item.section === '') return rest === '' || rest === '/';
  return rest === item.section || rest.startsWith(`${item.section}/`);
}

/**
 * One navigation for every console page of a project (ARCHITECTURE: the console; issue 17): a row of tabs that
 * scrolls sideways on a narrow screen (the current one scrolled into view), each item only with its permission,
 * the current one marked with aria-current. The console's router puts it above every project page.
 */
export function ProjectNav({ projectId, permissions }: { projectId: number; permissions: readonly TPermission[] }) {
  const [location] = useLocation();
  const current = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [location]);
  const items = projectNavItems(projectId, permissions);
  return (
    <nav aria-label={projectNavTexts.label} className="border-b border-slate-300 bg-white">
      <ul className="mx-auto flex max-w-[1440px] gap-1 overflow-x-auto px-2 sm:px-4">
        {items.map((item) => {
          const isHere = isCurrent(item, projectId, location);
          return (
            <li key={item.key} className="shrink-0">
              <Link
                ref={isHere ? current : undefined}
                href={item.href}
                aria-current={isHere ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center whitespace-nowrap border-b-4 px-3 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-800 ${
                  isHere ? 'border-blue-800 text-blue-900' : 'border-transparent text-slate-800 hover:border-slate-400 hover:text-slate-950'}`}
              >
                {projectNavTexts.items[item.key]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A project page under its navigation. */
export function ProjectLayout({ projectId, permissions, children }: { projectId: number; permissions: readonly TPermission[]; children: ReactNode }) {
  if (!Number.isInteger(projectId) || projectId <= 0) return <>{children}</>;
  return (
    <>
      <ProjectNav projectId={projectId} permissions={permissions} />
      {children}
    </>
  );
}
