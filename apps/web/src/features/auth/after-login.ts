import type { TLoginResponse } from '@portal/contract';
import { setApiBase } from '../../lib/api';
import { storage } from '../../lib/storage';

/**
 * Stores what a login answer gives and tells where to go next, as the spec routes it:
 * a partner with several customers to /partner/klanten, with one customer and several projects to
 * that customer's list, otherwise to the project's partner dashboard; an occupant with several
 * projects to /projecten, with one straight to /dashboard.
 */
export function storeLoginAndRoute(response: TLoginResponse): string {
  if (!response.token || !response.role) return '/inloggen';
  if (response.api_url) setApiBase(response.api_url);
  storage.saveSession({
    token: response.token,
    role: response.role,
    adminToken: response.admin_token ?? null,
    addressId: response.address_id ?? null,
    isAdmin: response.is_admin ?? false,
  });
  storage.setBranding({
    logo: response.logo ?? null,
    color_primary: response.color_primary,
    color_secondary: response.color_secondary,
    website: response.website ?? null,
    notification: response.notification ?? null,
  });
  const projects = response.projects ?? [];
  if (response.role !== 'occupant') {
    const back = takeReturnTo('staff');
    if (back) return back;
    const customers = response.customers ?? [];
    if (customers.length > 1) return '/partner/klanten';
    const ofCustomer = customers.length === 1 ? projects.filter((p) => p.customer_id === customers[0]!.id) : projects;
    if (customers.length === 1 && ofCustomer.length > 1) return `/partner/projecten/${customers[0]!.id}`;
    return ofCustomer[0] ? `/partner/dashboard/${ofCustomer[0].id}` : '/partner/klanten';
  }
  return routeOccupant(projects.map((p) => p.id));
}

/**
 * The page asked for before login, if the person now logged in may open it: staff only their
 * /partner/ pages, residents only theirs (so a partner logging in on a resident's expired session is
 * not sent to a resident page). Forgotten once read.
 */
export function takeReturnTo(who: 'occupant' | 'staff'): string | null {
  const back = storage.returnTo();
  storage.setReturnTo(null);
  if (!back) return null;
  return back.startsWith('/partner/') === (who === 'staff') ? back : null;
}

/**
 * One project: remember it and open the dashboard, or the place asked for before login. Several:
 * the place asked for when the project chosen before is still one of them, else the project list
 * (which then opens the place asked for, see `afterProjectChosen`).
 */
export function routeOccupant(projectIds: number[]): string {
  const back = storage.returnTo();
  const chosen = storage.projectId();
  if (projectIds.length === 1) {
    storage.setProjectId(projectIds[0]!);
    return takeReturnTo('occupant') ?? '/dashboard';
  }
  if (back && chosen && projectIds.includes(chosen)) return takeReturnTo('occupant') ?? '/dashboard';
  storage.setProjectId(null);
  return '/projecten';
}

/** Where a resident goes after choosing a project on /projecten: the place asked for before login, else the dashboard. */
export function afterProjectChosen(projectId: number): string {
  storage.setProjectId(projectId);
  return takeReturnTo('occupant') ?? '/dashboard';
}
