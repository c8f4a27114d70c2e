import { queryOptions } from '@tanstack/react-query';
import {
  fillPath, LETTER_COUNT_HEADER, staffAddressPaths, staffProjectPaths,
  type TActivationCodesBody, type TAddressImportConfirmBody, type TAddressImportPreview, type TAddressImportPreviewBody, type TAddressImportResult,
  type TAddressResetResult, type TAddressStatusFilter, type TExportFormat, type TOpenAsResidentResult, type TStaffAddress, type TStaffAddressSummary,
  type TStaffAddressUpdateBody, type TStaffMe, type TStaffProject,
} from '@portal/contract';
import { downloadName, staffApi, staffApiPage, staffDownload, staffGetFile } from '../../lib/staff-api';

export type AddressFilter = { q?: string; status?: TAddressStatusFilter };

export const addressKeys = {
  all: ['staff', 'addresses'] as const,
  project: (projectId: number) => [...addressKeys.all, projectId] as const,
  list: (projectId: number, filter: AddressFilter) => [...addressKeys.project(projectId), 'list', filter] as const,
  summary: (projectId: number) => [...addressKeys.project(projectId), 'summary'] as const,
};

const path = (template: string, projectId: number, addressId?: number) => fillPath(template, addressId === undefined ? { projectId } : { projectId, addressId });

export const addressQueries = {
  summary: (projectId: number) => queryOptions({
    queryKey: addressKeys.summary(projectId),
    queryFn: () => staffApi<TStaffAddressSummary>(path(staffAddressPaths.summary, projectId)),
  }),
  /** The project's name for the title (the console-projects feature keeps the project itself). */
  project: (projectId: number) => queryOptions({
    queryKey: [...addressKeys.project(projectId), 'project'] as const,
    queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)),
    staleTime: 60_000,
  }),
  /** The console's account (shared with the console's layout, which loaded it already). */
  me: () => queryOptions({ queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 }),
};

export const addressApi = {
  /** The list with its filters as CSV or XLSX. */
  exportFile: (projectId: number, filter: AddressFilter, format: TExportFormat) =>
    staffGetFile(path(staffAddressPaths.export, projectId), { format, q: filter.q, status: filter.status }),
  page: (projectId: number, filter: AddressFilter, before?: number) =>
    staffApiPage<TStaffAddress[]>(path(staffAddressPaths.list, projectId), { before }, { query: { q: filter.q, status: filter.status } }),
  update: (projectId: number, addressId: number, body: TStaffAddressUpdateBody) =>
    staffApi<TStaffAddress>(path(staffAddressPaths.one, projectId, addressId), { method: 'PUT', body }),
  reset: (projectId: number, addressId: number) => staffApi<TAddressResetResult>(path(staffAddressPaths.reset, projectId, addressId), { method: 'POST' }),
  openAsResident: (projectId: number, addressId: number) =>
    staffApi<TOpenAsResidentResult>(path(staffAddressPaths.openAsResident, projectId, addressId), { method: 'POST' }),
  preview: (projectId: number, body: TAddressImportPreviewBody) =>
    staffApi<TAddressImportPreview>(path(staffAddressPaths.importPreview, projectId), { method: 'POST', body }),
  confirm: (projectId: number, body: TAddressImportConfirmBody) =>
    staffApi<TAddressImportResult>(path(staffAddressPaths.importConfirm, projectId), { method: 'POST', body }),
  /** New codes and their letters: the PDF, its file name and the number of letters. */
  async letters(projectId: number, body: TActivationCodesBody) {
    const { blob, headers } = await staffDownload(path(staffAddressPaths.codes, projectId), body);
    const filename = downloadName(headers, 'activatiebrieven.pdf');
    return { blob, filename, count: Number(headers.get(LETTER_COUNT_HEADER)) || 0 };
  },
};
