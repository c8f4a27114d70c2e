import { queryOptions } from '@tanstack/react-query';
import { fillPath, staffOverviewPaths, type TStaffProjectOverview } from '@portal/contract';
import { staffApi } from '../../lib/staff-api';

export const overviewKeys = {
  all: ['staff', 'overview'] as const,
  project: (projectId: number) => [...overviewKeys.all, projectId] as const,
};

export const overviewQueries = {
  project: (projectId: number) => queryOptions({
    queryKey: overviewKeys.project(projectId),
    queryFn: () => staffApi<TStaffProjectOverview>(fillPath(staffOverviewPaths.overview, { projectId })),
    staleTime: 30_000,
  }),
};
