import type { TLoginResponse } from '@portal/contract';
import { storage } from '../../lib/storage';

/**
 * Stores what a login answer gives and tells where to go next, as the spec routes it:
 * a partner with several customers to /partner/klanten, with one customer and several projects to
 * that customer's list, otherwise to the project's partner dashboard; an occupant with several
 * projects to /projecten, with one straight to /dashboard.
 */
export function storeLoginAndRoute(response: TLoginResponse): string {
  if (!response.token || !response.role) return '/inloggen';
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
    const customers = response.customers ?? [];
    if (customers.length > 1) return '/partner/klanten';
    const ofCustomer = customers.length === 1 ? projects.filter((p) => p.customer_id === customers[0]!.id) : projects;
    if (customers.length === 1 && ofCustomer.length > 1) return `/partner/projecten/${customers[0]!.id}`;
    return ofCustomer[0] ? `/partner/dashboard/${ofCustomer[0].id}` : '/partner/klanten';
  }
  return routeOccupant(projects.map((p) => p.id));
}

/** One project: remember it and open the dashboard (or the place asked for before login). */
export function routeOccupant(projectIds: number[]): string {
  if (projectIds.length === 1) {
    storage.setProjectId(projectIds[0]!);
    const back = storage.returnTo();
    storage.setReturnTo(null);
    return back ?? '/dashboard';
  }
  storage.setProjectId(null);
  return '/projecten';
}
