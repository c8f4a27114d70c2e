import { Suspense, useEffect, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Redirect, Route, Router, Switch, useLocation, useParams } from 'wouter';
import type { TPermission, TStaffMe } from '@portal/contract';
import { CONSOLE_LOGIN, setStaffSessionEndedHandler, staffApi, staffSession } from '../../lib/staff-api';
import { ErrorState, Loading } from '../../ui/states';
import { ProjectLayout } from '../console/project-nav';
import { consoleScreens, type ConsoleScreen } from '../console/screens';

/**
 * The staff console (/beheer): its own chunk and its own session, never loaded on resident, partner or
 * public pages. The login (and TOTP) screens stand alone; every other screen has the console's layout.
 */
export default function ConsoleApp() {
  return (
    <Router base="/beheer">
      <ConsoleRoutes />
    </Router>
  );
}

function ConsoleRoutes() {
  const [, navigate] = useLocation();
  useEffect(() => setStaffSessionEndedHandler(() => navigate('/inloggen')), [navigate]);
  return (
    <Switch>
      {consoleScreens.filter((s) => s.bare).map((screen) => (
        <Route key={screen.path} path={screen.path}>
          <main id="inhoud"><Suspense fallback={<Loading />}><screen.page /></Suspense></main>
        </Route>
      ))}
      <Route>
        <SignedIn />
      </Route>
    </Switch>
  );
}

export const staffMeQuery = { queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me') };

function SignedIn() {
  const hasToken = !!staffSession.token();
  const me = useQuery({ ...staffMeQuery, enabled: hasToken });
  if (!hasToken) {
    staffSession.setReturnTo(window.location.pathname + window.location.search);
    return <Redirect to="/inloggen" replace />;
  }
  if (me.isPending) return <main><Loading /></main>;
  if (me.isError) return <main className="p-6"><ErrorState error={me.error} retry={() => void me.refetch()} /></main>;
  if (me.data.totp_required) return <Redirect to="/tweestapsverificatie" replace />;
  return (
    <ConsoleLayout me={me.data}>
      <Switch>
        {consoleScreens.filter((s) => !s.bare && (!s.permission || me.data.permissions.includes(s.permission))).map((screen) => (
          <Route key={screen.path} path={screen.path}>
            {isProjectScreen(screen) ? (
              <ProjectScreen permissions={me.data.permissions}>
                <Suspense fallback={<Loading />}><ScreenPage page={screen.page} /></Suspense>
              </ProjectScreen>
            ) : <Suspense fallback={<Loading />}><ScreenPage page={screen.page} /></Suspense>}
          </Route>
        ))}
        <Route path="/"><Redirect to="/projecten" replace /></Route>
        <Route><p className="p-6" role="alert">Deze pagina bestaat niet.</p></Route>
      </Switch>
    </ConsoleLayout>
  );
}

function ScreenPage({ page: Page }: { page: ComponentType }) {
  return <Page />;
}

/** Every screen of one project (/projecten/:projectId/...) has the project's navigation above it: one place for all. */
const isProjectScreen = (screen: ConsoleScreen) => screen.path.startsWith('/projecten/:projectId');

function ProjectScreen({ permissions, children }: { permissions: readonly TPermission[]; children: React.ReactNode }) {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  return <ProjectLayout projectId={projectId} permissions={permissions}>{children}</ProjectLayout>;
}

const NAV: Array<{ to: string; label: string; permission?: TPermission }> = [
  { to: '/projecten', label: 'Projecten', permission: 'project.read' },
  { to: '/inbox', label: 'Inbox', permission: 'chat.read' },
  { to: '/klant', label: 'Klant', permission: 'customer.manage' },
  { to: '/medewerkers', label: 'Medewerkers', permission: 'accounts.manage' },
  { to: '/auditlog', label: 'Auditlog', permission: 'audit.read' },
  { to: '/account', label: 'Mijn account' },
];

function ConsoleLayout({ me, children }: { me: TStaffMe; children: React.ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="min-h-screen bg-slate-100">
      <a href="#inhoud" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">Naar de inhoud</a>
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-[1440px] flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <p className="font-semibold">Beheer <span className="font-normal text-slate-300">· {me.customer.name}</span></p>
          <nav aria-label="Beheer" className="flex flex-1 flex-wrap gap-1">
            {NAV.filter((item) => !item.permission || me.permissions.includes(item.permission)).map((item) => {
              const current = location === item.to || location.startsWith(`${item.to}/`);
              return (
                <Link key={item.to} href={item.to} aria-current={current ? 'page' : undefined}
                  className={`rounded px-3 py-1.5 text-sm ${current ? 'bg-white text-slate-900' : 'text-slate-100 hover:bg-slate-700'}`}>
                  {item.label}
                </Link>
              );
            })}
          </nav>
          <LogoutButton />
        </div>
      </header>
      <main id="inhoud">{children}</main>
    </div>
  );
}

function LogoutButton() {
  const [, navigate] = useLocation();
  const logout = async () => {
    await staffApi('/auth/logout', { method: 'POST' }).catch(() => undefined);
    staffSession.set(null);
    navigate('/inloggen');
  };
  return <button type="button" onClick={() => void logout()} className="rounded px-3 py-1.5 text-sm text-slate-100 underline hover:bg-slate-700">Uitloggen</button>;
}

export type { ConsoleScreen };
export { CONSOLE_LOGIN };
