import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { DEFAULT_MODULE_LABELS, type TModuleName } from '@portal/contract';
import { dashboardPath, type Audience } from '../lib/audience';
import { storage } from '../lib/storage';
import { ModulePage } from '../ui/module-page';
import { projectKeys, projectQueries } from '../features/projects/api';

/**
 * What every module screen needs, read from its route: the audience (resident, public visitor or
 * partner, by path), the project (cached by the layout), the module's title, the way back and
 * `markRead`, which refreshes the dashboard's new-item counts after the resident read something.
 */
export function useModuleRoute(module: TModuleName) {
  const [location] = useLocation();
  const params = useParams<{ projectId?: string }>();
  const queryClient = useQueryClient();
  const routeProjectId = Number(params.projectId) || 0;
  const kind = location.startsWith('/public/') ? 'public' : location.startsWith('/partner/') ? 'partner' : 'occupant';
  const occupantProjectId = kind === 'occupant' ? storage.projectId() : null;
  const audience = useMemo<Audience>(
    () => (kind === 'occupant' ? { kind, projectId: occupantProjectId } : { kind, projectId: routeProjectId }),
    [kind, occupantProjectId, routeProjectId],
  );

  // The same queries as the layout's, so the project comes from the cache.
  const occupantProject = useQuery({ ...projectQueries.occupant(occupantProjectId), enabled: kind === 'occupant' && occupantProjectId !== null });
  const publicProject = useQuery({ ...projectQueries.public(routeProjectId), enabled: kind === 'public' && routeProjectId > 0 });
  const partnerProject = useQuery({ ...projectQueries.partner(routeProjectId), enabled: kind === 'partner' && routeProjectId > 0 });
  const project = kind === 'occupant' ? occupantProject : kind === 'public' ? publicProject : partnerProject;
  const customer = useQuery(projectQueries.customer());

  const displayName = project.data?.modules.find((m) => m.name === module)?.display_name;
  const title = (module === 'complaints' ? project.data?.module_18_name : null) || displayName || DEFAULT_MODULE_LABELS[module];

  const markRead = useCallback(() => {
    if (audience.kind !== 'occupant') return;
    void queryClient.invalidateQueries({ queryKey: projectKeys.occupant(audience.projectId) });
  }, [audience, queryClient]);

  return {
    audience,
    title,
    backTo: dashboardPath(audience),
    markRead,
    project: project.data,
    tileUrl: customer.data?.map_tile_url ?? '',
  };
}

export type ModuleRoute = ReturnType<typeof useModuleRoute>;

/**
 * The frame of a module screen: its title and back button around the feature's page. A resident who
 * has not chosen a project yet (more than one, opened by a deep link) chooses one first.
 */
export function ModuleScreen({ module, children }: { module: TModuleName; children: (route: ModuleRoute) => ReactNode }) {
  const route = useModuleRoute(module);
  if (route.audience.kind === 'occupant' && route.audience.projectId === null) return <Redirect to="/projecten" replace />;
  return <ModulePage title={route.title} backTo={route.backTo}>{children(route)}</ModulePage>;
}

/** A numeric route parameter: null when absent, -1 when it is not a number (shown as not found). */
export function idParam(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  return /^\d+$/.test(value) ? Number(value) : -1;
}
