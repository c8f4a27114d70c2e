import { queryOptions } from '@tanstack/react-query';
import {
  fillPath, personalDataPaths, staffProjectPaths, type TErasureBody, type TErasurePlan, type TPersonalDataAddress, type TPersonalDataExport, type TStaffProject,
} from '@portal/contract';
import { staffApi, staffGetFile } from '../../lib/staff-api';

export const privacyKeys = {
  all: ['staff', 'personal-data'] as const,
  address: (projectId: number, addressId: number) => [...privacyKeys.all, projectId, addressId] as const,
  /** The project's name for the crumbs (the same key as the address list's, so it is shared). */
  project: (projectId: number) => queryOptions({
    queryKey: ['staff', 'addresses', projectId, 'project'] as const,
    queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)),
    staleTime: 60_000,
  }),
  plan: (projectId: number, addressId: number, occupantId: number) => [...privacyKeys.address(projectId, addressId), 'plan', occupantId] as const,
};

const at = (template: string, values: Record<string, number>) => fillPath(template, values);

export const privacyQueries = {
  address: (projectId: number, addressId: number) => queryOptions({
    queryKey: privacyKeys.address(projectId, addressId),
    queryFn: () => staffApi<TPersonalDataAddress>(at(personalDataPaths.staffAddress, { projectId, addressId })),
    // While an export is being made, look again every 2 seconds.
    refetchInterval: (query) => (query.state.data?.exports.some((e) => e.status === 'queued' || e.status === 'running') ? 2000 : false),
  }),
  /** The project's name for the crumbs (the same key as the address list's, so it is shared). */
  project: (projectId: number) => queryOptions({
    queryKey: ['staff', 'addresses', projectId, 'project'] as const,
    queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)),
    staleTime: 60_000,
  }),
  plan: (projectId: number, addressId: number, occupantId: number) => queryOptions({
    queryKey: privacyKeys.plan(projectId, addressId, occupantId),
    queryFn: () => staffApi<TErasurePlan>(at(personalDataPaths.staffErasure, { projectId, addressId, occupantId })),
    staleTime: 0,
    gcTime: 0,
  }),
};

export const privacyApi = {
  startExport: (projectId: number, addressId: number, occupantId: number | null) =>
    staffApi<TPersonalDataExport>(at(personalDataPaths.staffExports, { projectId, addressId }), { body: { occupant_id: occupantId } }),
  file: (projectId: number, addressId: number, exportId: number) =>
    staffGetFile(at(personalDataPaths.staffExportFile, { projectId, addressId, exportId })),
  erase: (projectId: number, addressId: number, occupantId: number, body: TErasureBody) =>
    staffApi<TErasurePlan>(at(personalDataPaths.staffErasure, { projectId, addressId, occupantId }), { body }),
};
