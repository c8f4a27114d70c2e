import { queryOptions } from '@tanstack/react-query';
import { fillPath, notificationPaths, staffProjectPaths, type TExportFormat, type TNotificationCategory, type TNotificationReach, type TStaffProject } from '@portal/contract';
import { staffApi, staffGetFile } from '../../lib/staff-api';

/** The reach of notifications per project in the console (contract: notifications.ts). */
export const reachQueries = {
  reach: (projectId: number, category: TNotificationCategory | '') => queryOptions({
    queryKey: ['staff', 'notification-reach', projectId, category] as const,
    queryFn: () => staffApi<TNotificationReach>(fillPath(notificationPaths.reach, { projectId }), { query: category ? { category } : {} }),
  }),
  project: (projectId: number) => queryOptions({
    queryKey: ['staff', 'notification-reach', projectId, 'project'] as const,
    queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)),
    staleTime: 60_000,
  }),
};

export const reachApi = {
  export: (projectId: number, category: TNotificationCategory | '', format: TExportFormat) =>
    staffGetFile(fillPath(notificationPaths.reachExport, { projectId }), { ...(category ? { category } : {}), format }),
};
