import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
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
  area: Area;
  roles?: TRole[];
  page: ComponentType;
  /** A partner page that is also a resident's tile target (the spec's intake tile): where a resident is sent instead. */
  occupantTo?: string;
};

const STAFF: TRole[] = ['partner', 'woco', 'administrator'];
const SurveysScreen = lazy(() => import('./routes/surveys'));
/** Every screen is its own chunk, loaded when its route is first opened. */
const screens: Screen[] = [
  { path: '/', area: 'bare', page: lazy(() => import('./routes/root-redirect')) },
  { path: '/inloggen', area: 'auth', page: lazy(() => import('./routes/login')) },
  { path: '/wachtwoord-vergeten', area: 'auth', page: lazy(() => import('./routes/forgot-password')) },
  { path: '/activeer-account', area: 'auth', page: lazy(() => import('./routes/activate-account')) },
  { path: '/stel-account-in', area: 'auth', page: lazy(() => import('./routes/set-account')) },
  { path: '/password/reset/:token/:email/:username', area: 'auth', page: lazy(() => import('./routes/password-reset')) },
  { path: '/email/bevestigen/:code', area: 'auth', page: lazy(() => import('./routes/confirm-email')) },
  { path: '/setlogin/:token/:logo/:website/:primary/:secondary?/:adminToken?/:addressId?/:notification?', area: 'auth', page: lazy(() => import('./routes/set-login')) },
  { path: '/woco/login/:token', area: 'auth', page: lazy(() => import('./routes/woco-login')) },
  { path: '/demo/:token?', area: 'auth', page: lazy(() => import('./routes/demo-token')) },
  { path: '/update', area: 'auth', page: lazy(() => import('./routes/update')) },

  { path: '/public/projecten', area: 'public', page: lazy(() => import('./routes/public-projects')) },
  { path: '/public/dashboard/:projectId', area: 'public', page: lazy(() => import('./routes/public-dashboard')) },

  { path: '/projecten', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/projects')) },
  { path: '/dashboard', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/dashboard')) },

  { path: '/partner/klanten', area: 'partner', roles: STAFF, page: lazy(() => import('./routes/partner-customers')) },
  { path: '/partner/projecten/:customerId', area: 'partner', roles: STAFF, page: lazy(() => import('./routes/partner-projects')) },
  { path: '/partner/dashboard/:projectId', area: 'partner', roles: STAFF, page: lazy(() => import('./routes/partner-dashboard')) },

  // Read-only content modules: one screen file (one chunk) per module, on the resident, public and partner paths.
  ...contentScreens([
    { module: 'nieuws', params: '/:id?', page: lazy(() => import('./routes/news')) },
    { module: 'complaints', params: '/:id?', page: lazy(() => import('./routes/complaints')) },
    { module: 'informatie', params: '/:id?', page: lazy(() => import('./routes/information')) },
    { module: 'faq', params: '/:id?', page: lazy(() => import('./routes/faq')) },
    { module: 'planning', params: '/:day?/:item?', publicParams: '', page: lazy(() => import('./routes/schedule')) },
    { module: 'werk-volgorde', params: '', page: lazy(() => import('./routes/work-order')) },
    { module: 'partners', params: '', page: lazy(() => import('./routes/partners')) },
    { module: 'documenten', params: '', page: lazy(() => import('./routes/documents')) },
    { module: 'contactpersonen', params: '', page: lazy(() => import('./routes/contacts')) },
  ]),
  { path: '/dossier', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/dossier')) },
  // Chat ('Contact'): the resident's and the visitor's conversation (both public paths are the same page), and the team's inbox.
  { path: '/berichten', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/chat')) },
  { path: '/public/berichten/:projectId', area: 'public', page: lazy(() => import('./routes/chat')) },
  { path: '/public/chat/:projectId', area: 'public', page: lazy(() => import('./routes/chat')) },
  { path: '/partner/berichten/:projectId/:conversationId?', area: 'partner', roles: STAFF, page: lazy(() => import('./routes/partner-inbox')) },
  { path: '/afspraken', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/appointments')) },
  { path: '/profiel', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/profile')) },
  { path: '/profiel/toevoegen', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/profile-add')) },
  { path: '/profiel/wijzig-wachtwoord', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/profile-password')) },
  { path: '/profiel/:occupantId', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/profile-edit')) },
  // Surveys (one chunk): the list beside the open survey, for residents and for visitors.
  { path: '/enquetes', area: 'occupant', roles: ['occupant'], page: SurveysScreen },
  { path: '/enquete/:id', area: 'occupant', roles: ['occupant'], page: SurveysScreen },
  { path: '/public/enquetes/:projectId', area: 'public', page: SurveysScreen },
  { path: '/public/enquete/:projectId/:id', area: 'public', page: SurveysScreen },
  // Forms (formulieren): the overview, menus, a form's entries and an entry step by step (features/forms/steps.ts), for
  // residents and visitors. Wouter takes the first match: the menu and results paths come before the entry's, whose
  // :formId would take 'menu' or 'resultaten'; draagvlak's /public/formulier/draagvlak/... must come before it too.
  { path: '/formulieren', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/forms')) },
  { path: '/public/formulieren/:projectId', area: 'public', page: lazy(() => import('./routes/forms')) },
  { path: '/formulier/menu/:menuId', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/form-menu')) },
  { path: '/public/formulier/:projectId/menu/:menuId', area: 'public', page: lazy(() => import('./routes/form-menu')) },
  { path: '/formulier/formulier/resultaten/:formId', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/form-results')) },
  { path: '/public/formulier/:projectId/resultaten/:formId', area: 'public', page: lazy(() => import('./routes/form-results')) },
  { path: '/formulier/formulier/:formId/:id/:section?/:nr?', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/form-entry')) },
  { path: '/public/formulier/:projectId/:formId/:id/:section?/:nr?', area: 'public', page: lazy(() => import('./routes/form-entry')) },
  { path: '/public/formulier/:formId', area: 'public', page: lazy(() => import('./routes/public-simple-form')) },
  // Intake forms (opname): the resident's own, and a partner's per address.
  { path: '/formulier/opname/:formId/:section?', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/intake')) },
  // The spec's intake tile target for residents too: a resident is sent on to the forms overview, which lists their intake forms.
  {
    path: '/partner/opname/project/:projectId/formulieren', area: 'partner', roles: STAFF, occupantTo: '/formulieren',
    page: lazy(() => import('./routes/partner-intake-forms')),
  },
  { path: '/partner/opname/project/:projectId/formulier/:formId/adressen', area: 'partner', roles: STAFF, page: lazy(() => import('./routes/partner-intake-addresses')) },
  { path: '/partner/opname/project/:projectId/adres/:addressId/:formId/:section?', area: 'partner', roles: STAFF, page: lazy(() => import('./routes/intake')) },
];

/** A module page on /<module>, /public/<module>/:projectId and /partner/<module>/:projectId. */
function contentScreens(modules: Array<{ module: string; params: string; publicParams?: string; page: ComponentType }>): Screen[] {
  return modules.flatMap(({ module, params, publicParams = params, page }): Screen[] => [
    { path: `/${module}${params}`, area: 'occupant', roles: ['occupant'], page },
    { path: `/public/${module}/:projectId${publicParams}`, area: 'public', page },
    { path: `/partner/${module}/:projectId${params}`, area: 'partner', roles: STAFF, page },
  ]);
}
const NotFound = lazy(() => import('./routes/not-found'));

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

/** Login-gated screens: without a stored token (or with another role) go to /inloggen and remember where. */
function Guard({ roles, children }: { roles?: TRole[]; children: ReactNode }) {
  const role = storage.role();
  if (roles && (!storage.token() || !role || !roles.includes(role))) {
    storage.setReturnTo(window.location.pathname + window.location.search);
    return <Redirect to="/inloggen" replace />;
  }
  return children;
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
