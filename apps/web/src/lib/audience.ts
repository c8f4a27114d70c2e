import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
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

/** GET a module's answer for this audience (public reads carry no token); `query` adds the read's own parameters. */
export function getModule<T>(audience: Audience, module: string, signal?: AbortSignal, query?: Record<string, string>): Promise<T> {
  return api<T>(moduleApiPath(audience, module), { token: audience.kind === 'public' ? false : undefined, signal, query });
}

/** GET one page of a paged module read (news, documents) for this audience. */
export function getModulePage<T>(audience: Audience, module: string, page: { before?: number; limit?: number }, signal?: AbortSignal): Promise<ApiPage<T>> {
  return apiPage<T>(moduleApiPath(audience, module), page, { token: audience.kind === 'public' ? false : undefined, signal });
}

/**
 * The query of a paged module list (news, documents: newest first, paging.ts): the first page, and each
 * next page continuing after the last item held, while the server says more follow.
 */
export function modulePagesQuery<T extends { id: number }>(audience: Audience, module: string, queryKey: QueryKey) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) => getModulePage<T[]>(audience, module, { before: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
  });
}

/** The items of the pages held, in order, each once (a page may repeat an item when the list changed in between). */
export function pagedItems<T extends { id: number }>(pages: Array<ApiPage<T[]>> | undefined): T[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((page) => page.data).filter((item) => !seen.has(item.id) && seen.add(item.id));
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
