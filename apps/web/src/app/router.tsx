import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useParams } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { TRole } from '@portal/contract';
import { setAuthFailureHandler } from '../lib/api';
import { storage } from '../lib/storage';
import { Loading } from '../ui/states';
import { AppLayout, type Area } from './layout';
import { RouteError } from './route-error';

type Screen = { path: string; area: Area; roles?: TRole[]; page: ComponentType };

const STAFF: TRole[] = ['partner', 'woco', 'administrator'];
/** Every screen is its own chunk, loaded when its route is first opened. */
const screens: Screen[] = [
  { path: '/', area: 'bare', page: lazy(() => import('./routes/root-redirect')) },
  { path: '/inloggen', area: 'auth', page: lazy(() => import('./routes/login')) },
  { path: '/wachtwoord-vergeten', area: 'auth', page: lazy(() => import('./routes/forgot-password')) },
  { path: '/activeer-account', area: 'auth', page: lazy(() => import('./routes/activate-account')) },
  { path: '/stel-account-in', area: 'auth', page: lazy(() => import('./routes/set-account')) },
  { path: '/password/reset/:token/:email/:username', area: 'auth', page: lazy(() => import('./routes/password-reset')) },
  { path: '/setlogin/:token/:logo/:website/:primary/:secondary?/:adminToken?/:addressId?/:notification?', area: 'auth', page: lazy(() => import('./routes/set-login')) },
  { path: '/woco/login/:token', area: 'auth', page: lazy(() => import('./routes/woco-login')) },
  { path: '/demo', area: 'auth', page: lazy(() => import('./routes/demo-token')) },
  { path: '/update', area: 'auth', page: lazy(() => import('./routes/update')) },

  { path: '/public/projecten', area: 'public', page: lazy(() => import('./routes/public-projects')) },
  { path: '/public/dashboard/:projectId', area: 'public', page: lazy(() => import('./routes/public-dashboard')) },

  { path: '/projecten', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/projects')) },
  { path: '/dashboard', area: 'occupant', roles: ['occupant'], page: lazy(() => import('./routes/dashboard')) },

  { path: '/partner/klanten', area: 'partner', roles: STAFF, page: lazy(() => import('./routes/partner-customers')) },
  { path: '/partner/projecten/:customerId', area: 'partner', roles: STAFF, page: lazy(() => import('./routes/partner-projects')) },
  { path: '/partner/dashboard/:projectId', area: 'partner', roles: STAFF, page: lazy(() => import('./routes/partner-dashboard')) },
];
const NotFound = lazy(() => import('./routes/not-found'));

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
          <AppLayout area="bare" projectId={null}>
            <Suspense fallback={<Loading />}><NotFound /></Suspense>
          </AppLayout>
        </Route>
      </Switch>
    </ErrorBoundary>
  );
}

/** 401, 403 and 500 answers outside the login page lead to /inloggen; a 401 ends the stored session. */
setAuthFailureHandler((status) => {
  const here = window.location.pathname;
  if (here === '/inloggen') return;
  if (status === 401) storage.clearSession();
  storage.setReturnTo(here + window.location.search);
  navigate('/inloggen');
});
