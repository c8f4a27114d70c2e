import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { parse as parsePattern } from 'regexparam';
import { navigate } from 'wouter/use-browser-location';
import type { TRole } from '@portal/contract';
import { setAuthFailureHandler } from '../lib/api';
import { storage } from '../lib/storage';
import { Loading } from '../ui/states';
import { AppLayout, type Area } from './layout';
import { RouteError } from './route-error';
import { Toaster } from '../ui/toaster';
import { AppWatchers } from '../features/shell/watchers';

type Screen = {
  path: string;
  /** 'console': the staff console brings its own layout (skip link, header, main), so AppLayout's stays out. */
  area: Area | 'console';
  roles?: TRole[];
  page: ComponentType;
  /** A partner page that is also a resident's tile target (the spec's intake tile): where a resident is sent instead. */
  occupantTo?: string;
};

const STAFF: TRole[] = ['partner', 'woco', 'administrator'];

type PageModule = { default: ComponentType };
type PreloadablePage = ComponentType & { preload?: () => Promise<unknown> };

/**
 * A screen's page, in its own chunk: rendered through React.lazy until loaded, directly once loaded.
 * `preload` loads it ahead: main.tsx loads the first screen's page (its chunk is already fetched through
 * the page's modulepreload links) before the first render, so that the first render does not suspend:
 * React shows a suspended boundary's content at the earliest 300 ms after its fallback appeared, which
 * put the login page's logo (its largest element) 300 ms after the spinner (measured: LCP 0.58 s vs
 * first paint 0.26 s unthrottled; Lighthouse mobile LCP 2.02 s).
 */
function lazyPage(load: () => Promise<PageModule>): PreloadablePage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () => (loading ??= load().then((module) => (loaded = module.default)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}
const SurveysScreen = lazyPage(() => import('./routes/surveys'));
/** Every screen is its own chunk, loaded when its route is first opened. */
const screens: Screen[] = [
  { path: '/', area: 'bare', page: lazyPage(() => import('./routes/root-redirect')) },
  { path: '/inloggen', area: 'auth', page: lazyPage(() => import('./routes/login')) },
  { path: '/wachtwoord-vergeten', area: 'auth', page: lazyPage(() => import('./routes/forgot-password')) },
  { path: '/activeer-account', area: 'auth', page: lazyPage(() => import('./routes/activate-account')) },
  { path: '/stel-account-in', area: 'auth', page: lazyPage(() => import('./routes/set-account')) },
  { path: '/password/reset/:token/:email/:username', area: 'auth', page: lazyPage(() => import('./routes/password-reset')) },
  { path: '/email/bevestigen/:code', area: 'auth', page: lazyPage(() => import('./routes/confirm-email')) },
  { path: '/setlogin/:token/:logo/:website/:primary/:secondary?/:adminToken?/:addressId?/:notification?', area: 'auth', page: lazyPage(() => import('./routes/set-login')) },
  { path: '/woco/login/:token', area: 'auth', page: lazyPage(() => import('./routes/woco-login')) },
  { path: '/demo/:token?', area: 'auth', page: lazyPage(() => import('./routes/demo-token')) },
  { path: '/update', area: 'auth', page: lazyPage(() => import('./routes/update')) },
  // The unsubscribe link of every e-mail to a resident (issue 19): no login.
  { path: '/afmelden', area: 'auth', page: lazyPage(() => import('./routes/unsubscribe')) },
  // The staff console: one entry for all of /beheer; its own chunks, router, session and layout (routes/console.tsx).
  { path: '/beheer/*?', area: 'console', page: lazyPage(() => import('./routes/console')) },

  { path: '/public/projecten', area: 'public', page: lazyPage(() => import('./routes/public-projects')) },
  // The customer's privacy page, written from its retention policy (issue 20); the default privacy link leads to it too.
  { path: '/privacy', area: 'public', page: lazyPage(() => import('./routes/privacy')) },
  { path: '/privacyverklaring', area: 'public', page: lazyPage(() => import('./routes/privacy')) },
  { path: '/public/dashboard/:projectId', area: 'public', page: lazyPage(() => import('./routes/public-dashboard')) },

  { path: '/projecten', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/projects')) },
  { path: '/dashboard', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/dashboard')) },

  { path: '/partner/klanten', area: 'partner', roles: STAFF, page: lazyPage(() => import('./routes/partner-customers')) },
  { path: '/partner/projecten/:customerId', area: 'partner', roles: STAFF, page: lazyPage(() => import('./routes/partner-projects')) },
  { path: '/partner/dashboard/:projectId', area: 'partner', roles: STAFF, page: lazyPage(() => import('./routes/partner-dashboard')) },
  { path: '/partner/betalingen/:projectId', area: 'partner', roles: STAFF, page: lazyPage(() => import('./routes/partner-payments')) },

  // Read-only content modules: one screen file (one chunk) per module, on the resident, public and partner paths.
  ...contentScreens([
    { module: 'nieuws', params: '/:id?', page: lazyPage(() => import('./routes/news')) },
    { module: 'complaints', params: '/:id?', page: lazyPage(() => import('./routes/complaints')) },
    { module: 'informatie', params: '/:id?', page: lazyPage(() => import('./routes/information')) },
    { module: 'faq', params: '/:id?', page: lazyPage(() => import('./routes/faq')) },
    { module: 'planning', params: '/:day?/:item?', publicParams: '', page: lazyPage(() => import('./routes/schedule')) },
    { module: 'werk-volgorde', params: '', page: lazyPage(() => import('./routes/work-order')) },
    { module: 'partners', params: '', page: lazyPage(() => import('./routes/partners')) },
    { module: 'documenten', params: '', page: lazyPage(() => import('./routes/documents')) },
    { module: 'contactpersonen', params: '', page: lazyPage(() => import('./routes/contacts')) },
  ]),
  { path: '/dossier', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/dossier')) },
  // Chat ('Contact'): the resident's and the visitor's conversation (both public paths are the same page), and the team's inbox.
  { path: '/berichten', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/chat')) },
  { path: '/public/berichten/:projectId', area: 'public', page: lazyPage(() => import('./routes/chat')) },
  { path: '/public/chat/:projectId', area: 'public', page: lazyPage(() => import('./routes/chat')) },
  { path: '/partner/berichten/:projectId/:conversationId?', area: 'partner', roles: STAFF, page: lazyPage(() => import('./routes/partner-inbox')) },
  { path: '/afspraken', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/appointments')) },
  { path: '/profiel', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/profile')) },
  { path: '/profiel/toevoegen', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/profile-add')) },
  { path: '/profiel/wijzig-wachtwoord', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/profile-password')) },
  { path: '/profiel/meldingen', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/profile-notifications')) },
  { path: '/profiel/:occupantId', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/profile-edit')) },
  // Surveys (one chunk): the list beside the open survey, for residents and for visitors.
  { path: '/enquetes', area: 'occupant', roles: ['occupant'], page: SurveysScreen },
  { path: '/enquete/:id', area: 'occupant', roles: ['occupant'], page: SurveysScreen },
  { path: '/public/enquetes/:projectId', area: 'public', page: SurveysScreen },
  { path: '/public/enquete/:projectId/:id', area: 'public', page: SurveysScreen },
  // Forms (formulieren): the overview, menus, a form's entries and an entry step by step (features/forms/steps.ts), for
  // residents and visitors. Wouter takes the first match: the menu and results paths come before the entry's, whose
  // :formId would take 'menu' or 'resultaten'; draagvlak's /public/formulier/draagvlak/... must come before it too.
  { path: '/formulieren', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/forms')) },
  { path: '/public/formulieren/:projectId', area: 'public', page: lazyPage(() => import('./routes/forms')) },
  { path: '/formulier/menu/:menuId', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/form-menu')) },
  { path: '/public/formulier/:projectId/menu/:menuId', area: 'public', page: lazyPage(() => import('./routes/form-menu')) },
  // Support-base (draagvlak): the resident's wizard, and a letter's personal link (before the public entry route).
  { path: '/formulier/draagvlak/:formId/:section?/:nr?', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/support-base')) },
  { path: '/public/formulier/draagvlak/:formId/token/:token', area: 'public', page: lazyPage(() => import('./routes/public-support-base')) },
  { path: '/public/formulier/draagvlak/:formId/:section?/:nr?', area: 'public', page: lazyPage(() => import('./routes/public-support-base')) },
  { path: '/formulier/formulier/resultaten/:formId', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/form-results')) },
  { path: '/public/formulier/:projectId/resultaten/:formId', area: 'public', page: lazyPage(() => import('./routes/form-results')) },
  { path: '/formulier/formulier/:formId/:id/:section?/:nr?', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/form-entry')) },
  { path: '/public/formulier/:projectId/:formId/:id/:section?/:nr?', area: 'public', page: lazyPage(() => import('./routes/form-entry')) },
  { path: '/public/formulier/:formId', area: 'public', page: lazyPage(() => import('./routes/public-simple-form')) },
  // Intake forms (opname): the resident's own, and a partner's per address.
  { path: '/formulier/opname', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/intake-start')) },
  { path: '/formulier/opname/:formId/:section?', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/intake')) },
  // Choice forms (keuze): the resident's (or an is_admin session's) and staff's for an address.
  { path: '/formulier/keuze/:formId/:section?/:nr?', area: 'occupant', roles: ['occupant'], page: lazyPage(() => import('./routes/choice-form')) },
  { path: '/partner/keuze/project/:projectId/adres/:addressId/:formId/:section?/:nr?', area: 'partner', roles: STAFF, page: lazyPage(() => import('./routes/choice-form')) },
  // A partner's choice forms of the project (the partner's Formulieren tile) and a form's addresses: the same lists as intake's.
  { path: '/partner/keuze/project/:projectId/formulieren', area: 'partner', roles: STAFF, occupantTo: '/formulieren', page: lazyPage(() => import('./routes/partner-forms')) },
  { path: '/partner/keuze/project/:projectId/formulier/:formId/adressen', area: 'partner', roles: STAFF, page: lazyPage(() => import('./routes/partner-form-addresses')) },
  // The spec's intake tile target for residents too: a resident is sent on to their own intake form (/formulier/opname).
  {
    path: '/partner/opname/project/:projectId/formulieren', area: 'partner', roles: STAFF, occupantTo: '/formulier/opname',
    page: lazyPage(() => import('./routes/partner-forms')),
  },
  { path: '/partner/opname/project/:projectId/formulier/:formId/adressen', area: 'partner', roles: STAFF, page: lazyPage(() => import('./routes/partner-form-addresses')) },
  { path: '/partner/opname/project/:projectId/adres/:addressId/:formId/:section?', area: 'partner', roles: STAFF, page: lazyPage(() => import('./routes/intake')) },
];

/** A module page on /<module>, /public/<module>/:projectId and /partner/<module>/:projectId. */
function contentScreens(modules: Array<{ module: string; params: string; publicParams?: string; page: ComponentType }>): Screen[] {
  return modules.flatMap(({ module, params, publicParams = params, page }): Screen[] => [
    { path: `/${module}${params}`, area: 'occupant', roles: ['occupant'], page },
    { path: `/public/${module}/:projectId${publicParams}`, area: 'public', page },
    { path: `/partner/${module}/:projectId${params}`, area: 'partner', roles: STAFF, page },
  ]);
}
const NotFound = lazyPage(() => import('./routes/not-found'));

/** Resident-area paths (portal.md section 2) are login-gated even where no screen answers (yet). */
const RESIDENT_AREA = /^\/(nieuws|complaints|informatie|faq|planning|werk-volgorde|partners|contactpersonen|documenten|dossier|berichten|enquetes|enquete|afspraken|profiel|formulieren|formulier)(\/|$)/;

/** The area whose header an unknown address shows: the resident's or staff's when logged in, else the public one. */
function fallbackArea(gated: boolean): Area {
  const role = storage.token() ? storage.role() : null;
  if (gated || role === 'occupant') return 'occupant';
  return role ? 'partner' : 'public';
}

function FallbackView() {
  const [path] = useLocation();
  const gated = RESIDENT_AREA.test(path);
  return (
    <AppLayout area={fallbackArea(gated)} projectId={null}>
      <Guard roles={gated ? ['occupant'] : undefined}>
        <Suspense fallback={<Loading />}><NotFound /></Suspense>
      </Guard>
    </AppLayout>
  );
}

/** Where a logged-in person starts: staff at their customers (the partner portal's home), a resident at their dashboard. */
function startPageOf(role: TRole): string {
  if (role !== 'occupant') return '/partner/klanten';
  return storage.projectId() ? '/dashboard' : '/projecten';
}

/**
 * Login-gated screens: without a stored session go to /inloggen and remember where; someone logged in with
 * another role (a partner opening /dashboard, a resident opening a partner page) goes to their own start page.
 */
function Guard({ roles, children }: { roles?: TRole[]; children: ReactNode }) {
  const role = storage.role();
  if (!roles) return children;
  if (storage.token() && role) return roles.includes(role) ? children : <Redirect to={startPageOf(role)} replace />;
  storage.setReturnTo(window.location.pathname + window.location.search);
  return <Redirect to="/inloggen" replace />;
}

class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function ScreenView({ screen }: { screen: Screen }) {
  const params = useParams<{ projectId?: string }>();
  const Page = screen.page;
  if (screen.occupantTo && storage.token() && storage.role() === 'occupant') return <Redirect to={screen.occupantTo} replace />;
  if (screen.area === 'console') return <Suspense fallback={<Loading />}><Page /></Suspense>;
  return (
    <AppLayout area={screen.area} projectId={Number(params.projectId) || null}>
      <Guard roles={screen.roles}>
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      </Guard>
    </AppLayout>
  );
}

/** Loads the page of the screen that answers `path` (nothing for an unknown path); never rejects. */
export async function preloadScreen(path: string): Promise<void> {
  const screen = screens.find((candidate) => matchRoute(parsePattern, candidate.path, path)[0]);
  const page = screen?.page as PreloadablePage | undefined;
  await page?.preload?.().catch(() => undefined);
}

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Switch>
        {screens.map((screen) => (
          <Route key={screen.path} path={screen.path}>
            <ScreenView screen={screen} />
          </Route>
        ))}
        <Route>
          <FallbackView />
        </Route>
      </Switch>
      {/* Mounted once for the whole visit, so an alert or a cancelled update is not repeated per page. */}
      <Toaster />
      <AppWatchers />
    </ErrorBoundary>
  );
}

/**
 * 401, 403 and 500 answers outside the login page lead to /inloggen, which says why; a 401 ends the
 * stored session. Only the first failure of a burst counts (a page's parallel calls all fail at once).
 */
setAuthFailureHandler((status) => {
  const here = window.location.pathname;
  if (here === '/inloggen') return;
  if (status === 401) storage.clearSession();
  storage.setLoginReason(status === 401 ? 'expired' : status === 403 ? 'forbidden' : 'error');
  storage.setReturnTo(here + window.location.search);
  navigate('/inloggen');
});
