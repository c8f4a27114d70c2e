import { lazy, type ComponentType } from 'react';

export type ConsoleScreen = {
  /** Relative to /beheer. */
  path: string;
  page: ComponentType;
  /** Customer administrators only. */
  admin?: boolean;
  /** Without the console's layout and login check (the login and TOTP screens). */
  bare?: boolean;
};

/**
 * The console's screens, each its own chunk inside the console's. Feature folders: console-auth
 * (login, TOTP, accounts, audit log), console-projects (customer, projects), console-addresses,
 * console-content. Wouter takes the first match: put specific paths before general ones.
 */
export const consoleScreens: ConsoleScreen[] = [
  { path: '/projecten', page: lazy(() => import('./pages/projects-placeholder')) },
];
