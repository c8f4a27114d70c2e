import { api, apiPage, type ApiPage } from './api';

/**
 * Who is reading a content module, and so which API and which page paths apply:
 * - occupant: a logged-in resident, /occupant/<module> (the chosen project goes in the query);
 * - public: a visitor of a public project, /public/<module>/{project_id}, no token;
 * - partner: partner, woco or administrator staff, /partner/project/{project_id}/<module>.
 */
export type Audience =
  | { kind: 'occupant'; projectId: number | null }
  | { kind: 'public'; projectId: number }
  | { kind: 'partner'; projectId: number };

/** The part of a query key that tells audiences (and projects) apart. */
export function audienceKey(audience: Audience) {
  return [audience.kind, audience.projectId] as const;
}

/**
 * API path of a module read: `news` becomes /occupant/news, /public/news/{id} or
 * /partner/project/{id}/news; `information/menu` likewise.
 */
export function moduleApiPath(audience: Audience, module: string): string {
  switch (audience.kind) {
    case 'occupant':
      return `/occupant/${module}`;
    case 'public':
      return `/public/${module}/${audience.projectId}`;
    case 'partner':
      return `/partner/project/${audience.projectId}/${module}`;
  }
}

/** GET a module's answer for this audience (public reads carry no token). */
export function getModule<T>(audience: Audience, module: string, signal?: AbortSignal): Promise<T> {
  return api<T>(moduleApiPath(audience, module), { token: audience.kind === 'public' ? false : undefined, signal });
}

/** GET one page of a paged module read (news) for this audience. */
export function getModulePage<T>(audience: Audience, module: string, page: { before?: number; limit?: number }, signal?: AbortSignal): Promise<ApiPage<T>> {
  return apiPage<T>(moduleApiPath(audience, module), page, { token: audience.kind === 'public' ? false : undefined, signal });
}

/**
 * Page path of a module for this audience: `pagePath(a, 'nieuws', 12)` is /nieuws/12,
 * /public/nieuws/{project}/12 or /partner/nieuws/{project}/12.
 */
export function pagePath(audience: Audience, segment: string, ...rest: Array<string | number>): string {
  const tail = rest.map((part) => `/${encodeURIComponent(String(part))}`).join('');
  if (audience.kind === 'occupant') return `/${segment}${tail}`;
  return `/${audience.kind}/${segment}/${audience.projectId}${tail}`;
}

/** Where 'Terug naar dashboard' leads. */
export function dashboardPath(audience: Audience): string {
  if (audience.kind === 'occupant') return '/dashboard';
  return `/${audience.kind}/dashboard/${audience.projectId}`;
}
