import { queryOptions } from '@tanstack/react-query';
import {
  fillPath, staffEntryPaths, staffProjectPaths,
  type TStaffEntryCounts, type TStaffEntryDetail, type TStaffEntryFilter, type TStaffEntryRow, type TStaffExport, type TStaffMe, type TStaffProject,
  type TStartExportBody,
} from '@portal/contract';
import { saveFile, staffApi, staffApiPage, staffGetFile } from '../../lib/staff-api';

export const entryKeys = {
  all: ['staff', 'entries'] as const,
  form: (projectId: number, formId: number) => [...entryKeys.all, projectId, formId] as const,
  list: (projectId: number, formId: number, filter: TStaffEntryFilter) => [...entryKeys.form(projectId, formId), 'list', filter] as const,
  counts: (projectId: number, formId: number) => [...entryKeys.form(projectId, formId), 'counts'] as const,
  detail: (projectId: number, formId: number, entryId: number) => [...entryKeys.form(projectId, formId), 'entry', entryId] as const,
  exports: (projectId: number, formId: number) => [...entryKeys.form(projectId, formId), 'exports'] as const,
};

const formPath = (template: string, projectId: number, formId: number, entryId?: number) =>
  fillPath(template, entryId === undefined ? { projectId, formId } : { projectId, formId, entryId });
const exportPath = (template: string, projectId: number, exportId: number) => fillPath(template, { projectId, exportId });

/** Filters as query parameters: empty ones left out. */
const query = (filter: TStaffEntryFilter) => Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));

export const entryQueries = {
  counts: (projectId: number, formId: number) => queryOptions({
    queryKey: entryKeys.counts(projectId, formId),
    queryFn: () => staffApi<TStaffEntryCounts>(formPath(staffEntryPaths.counts, projectId, formId)),
  }),
  detail: (projectId: number, formId: number, entryId: number) => queryOptions({
    queryKey: entryKeys.detail(projectId, formId, entryId),
    queryFn: () => staffApi<TStaffEntryDetail>(formPath(staffEntryPaths.one, projectId, formId, entryId)),
  }),
  /** The form's exports; polled while one is being made. */
  exports: (projectId: number, formId: number) => queryOptions({
    queryKey: entryKeys.exports(projectId, formId),
    queryFn: () => staffApi<TStaffExport[]>(formPath(staffEntryPaths.exports, projectId, formId)),
    refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'queued' || e.status === 'running') ? 1500 : false),
  }),
  project: (projectId: number) => queryOptions({
    queryKey: [...entryKeys.all, projectId, 'project'] as const,
    queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)),
    staleTime: 60_000,
  }),
  me: () => queryOptions({ queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 }),
};

export const entryApi = {
  page: (projectId: number, formId: number, filter: TStaffEntryFilter, before?: number) =>
    staffApiPage<TStaffEntryRow[]>(formPath(staffEntryPaths.list, projectId, formId), { before }, { query: query(filter) }),
  reopen: (projectId: number, formId: number, entryId: number, reason: string) =>
    staffApi<TStaffEntryDetail>(formPath(staffEntryPaths.reopen, projectId, formId, entryId), { method: 'POST', body: { reason } }),
  async summary(projectId: number, formId: number, entryId: number) {
    saveFile(await staffGetFile(formPath(staffEntryPaths.summary, projectId, formId, entryId)));
  },
  startExport: (projectId: number, formId: number, body: TStartExportBody) =>
    staffApi<TStaffExport>(formPath(staffEntryPaths.exports, projectId, formId), { method: 'POST', body }),
  async download(projectId: number, exportId: number) {
    saveFile(await staffGetFile(exportPath(staffEntryPaths.exportFile, projectId, exportId)));
  },
};
