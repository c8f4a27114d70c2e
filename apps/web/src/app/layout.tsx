import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { TBranding } from '@portal/contract';
import { storage } from '../lib/storage';
import { clearPersonalCaches } from '../lib/offline-cache';
import { authApi } from '../features/auth/api';
import { applyBranding } from '../features/branding/apply';
import { projectQueries } from '../features/projects/api';
import { Header } from '../features/shell/components/header';
import { isEmbedded } from '../features/shell/embed';
import { OfflineNotice } from '../features/shell/components/offline-notice';

export type Area = 'auth' | 'occupant' | 'public' | 'partner' | 'bare';

/** The shell around every page: header (unless embedded), branding, watchers and messages. */
export function AppLayout({ area, projectId: routeProjectId, children }: { area: Area; projectId: number | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const embedded = useMemo(isEmbedded, []);

  const customer = useQuery(projectQueries.customer());
  const occupantProject = useQuery({ ...projectQueries.occupant(storage.projectId()), enabled: area === 'occupant' && storage.projectId() !== null && !!storage.token() });
  const publicProject = useQuery({ ...projectQueries.public(routeProjectId ?? 0), enabled: area === 'public' && routeProjectId !== null });
  const partnerProject = useQuery({ ...projectQueries.partner(routeProjectId ?? 0), enabled: area === 'partner' && routeProjectId !== null });
  const project = area === 'occupant' ? occupantProject.data : area === 'public' ? publicProject.data : area === 'partner' ? partnerProject.data : undefined;

  const stored = area === 'occupant' || area === 'partner' ? storage.branding() : null;
  const fromProject: Partial<TBranding> | null = project
    ? { logo: project.logo_url, color_primary: project.color_primary, color_secondary: project.color_secondary, website: project.website }
    : null;
  // A /setlogin link's own logo, website and colours outrank the project's (the part the link leaves empty does not).
  const fromLink = area === 'occupant' && stored && storage.brandingFromLink()
    ? Object.fromEntries(Object.entries(stored).filter(([, value]) => value)) as Partial<TBranding>
    : null;
  const branding: Partial<TBranding> | null = fromLink ? { ...fromProject, ...fromLink } : fromProject ?? stored ?? customer.data ?? null;
  useEffect(() => applyBranding(branding), [branding?.color_primary, branding?.color_secondary]); // eslint-disable-line react-hooks/exhaustive-deps

  const logout = async () => {
    await authApi.logout().catch(() => {});
    const target = customer.data?.login_url_occupants || '/inloggen';
    storage.clearAll();
    await clearPersonalCaches(); // the resident's last-seen data, kept for offline use, goes before the page does
    queryClient.clear();
    window.location.assign(target);
  };

  const dashboardPath =
    area === 'occupant' ? (storage.projectId() ? '/dashboard' : '/projecten')
    // The public project list has no dashboard above it: no link that would point at the page itself.
    : area === 'public' ? (routeProjectId ? `/public/dashboard/${routeProjectId}` : null)
    : area === 'partner' ? (routeProjectId ? `/partner/dashboard/${routeProjectId}` : '/partner/klanten')
    : null;
  // Staff have no profile page; their PROJECTEN is the customer list (spec section 2: the partner area).
  const menuLinks = area === 'partner'
    ? [{ to: '/partner/klanten', label: 'PROJECTEN' }]
    : [{ to: '/profiel', label: 'PROFIEL' }, { to: '/projecten', label: 'PROJECTEN' }];
  const showHeader = !embedded && area !== 'auth' && area !== 'bare';

  return (
    <>
      <a href="#inhoud" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">Naar de inhoud</a>
      {showHeader && (
        <Header
          dashboardPath={dashboardPath}
          menuLinks={menuLinks}
          logo={branding?.logo ?? null}
          logoAlt={project?.name ?? customer.data?.name ?? 'Logo'}
          variant={area === 'public' ? 'public' : 'user'}
          website={branding?.website ?? null}
          onLogout={() => void logout()}
        />
      )}
      <main id="inhoud" className={showHeader ? 'pt-[83px]' : ''}>
        {area === 'occupant' && storage.isAdmin() && (
          // Staff who opened the portal through a login link see whose portal this is.
          <p role="note" className="mx-auto mt-3 max-w-[1440px] px-4 sm:px-6">
            <span className="block rounded-md bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-950 ring-1 ring-amber-300">
              U bekijkt het portaal als beheerder namens dit adres{project ? ` (${project.name})` : ''}. Wat u hier doet, doet u voor de bewoners.
            </span>
          </p>
        )}
        {(area === 'occupant' || area === 'public') && <OfflineNotice />}
        {children}
      </main>
    </>
  );
}
