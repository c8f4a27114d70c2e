import { queryOptions } from '@tanstack/react-query';
import {
  fillPath, staffFormsPaths, staffProjectPaths,
  type TFormFamily, type TStaffForm, type TStaffFormAttachment, type TStaffFormCopyBody, type TStaffFormCreateBody, type TStaffFormImage,
  type TStaffFormListItem, type TStaffFormMenu, type TStaffFormPublishBody, type TStaffFormStatus, type TStaffFormUpdateBody, type TStaffFormVersion,
  type TExportFormat, type TStaffMe, type TStaffProject, type TStaffProjectListItem,
} from '@portal/contract';
import { staffApi, staffApiPage, staffGetFile, staffUpload } from '../../lib/staff-api';

export type FormFilter = { kind?: TFormFamily; status?: TStaffFormStatus };

export const formKeys = {
  all: ['staff', 'forms'] as const,
  project: (projectId: number) => [...formKeys.all, 'project', projectId] as const,
  list: (projectId: number, filter: FormFilter) => [...formKeys.project(projectId), 'list', filter] as const,
  menus: (projectId: number) => [...formKeys.project(projectId), 'menus'] as const,
  form: (formId: number) => [...formKeys.all, 'form', formId] as const,
  versions: (formId: number) => [...formKeys.form(formId), 'versions'] as const,
  attachments: (formId: number) => [...formKeys.form(formId), 'attachments'] as const,
};

const onProject = (template: string, projectId: number, extra: Record<string, number> = {}) => fillPath(template, { projectId, ...extra });
const onForm = (template: string, formId: number, extra: Record<string, number> = {}) => fillPath(template, { formId, ...extra });

export const formQueries = {
  form: (formId: number) => queryOptions({ queryKey: formKeys.form(formId), queryFn: () => staffApi<TStaffForm>(onForm(staffFormsPaths.form, formId)) }),
  versions: (formId: number) => queryOptions({ queryKey: formKeys.versions(formId), queryFn: () => staffApi<TStaffFormVersion[]>(onForm(staffFormsPaths.versions, formId)) }),
  attachments: (formId: number) => queryOptions({ queryKey: formKeys.attachments(formId), queryFn: () => staffApi<TStaffFormAttachment[]>(onForm(staffFormsPaths.attachments, formId)) }),
  menus: (projectId: number) => queryOptions({ queryKey: formKeys.menus(projectId), queryFn: () => staffApi<TStaffFormMenu[]>(onProject(staffFormsPaths.menus, projectId)) }),
  /** The project's name for the title and crumbs. */
  project: (projectId: number) => queryOptions({
    queryKey: [...formKeys.project(projectId), 'project'] as const, queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)), staleTime: 60_000,
  }),
  /** The projects a form can be copied to (the first 100 the account reaches). */
  projects: () => queryOptions({
    queryKey: [...formKeys.all, 'projects'] as const,
    queryFn: async () => (await staffApiPage<TStaffProjectListItem[]>(staffProjectPaths.projects, { limit: 100 })).data,
    staleTime: 60_000,
  }),
  me: () => queryOptions({ queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 }),
};

export const formApi = {
  page: (projectId: number, filter: FormFilter, page: { before?: number; q?: string }) =>
    staffApiPage<TStaffFormListItem[]>(onProject(staffFormsPaths.list, projectId), { before: page.before }, { query: { kind: filter.kind, status: filter.status, q: page.q } }),
  create: (projectId: number, body: TStaffFormCreateBody) => staffApi<TStaffForm>(onProject(staffFormsPaths.list, projectId), { method: 'POST', body }),
  importFile: (projectId: number, file: File) => staffUpload<TStaffForm>(onProject(staffFormsPaths.import, projectId), file, { field: 'file' }),
  update: (formId: number, body: TStaffFormUpdateBody) => staffApi<TStaffForm>(onForm(staffFormsPaths.form, formId), { method: 'PUT', body }),
  publish: (formId: number, body: TStaffFormPublishBody) => staffApi<TStaffForm>(onForm(staffFormsPaths.publish, formId), { method: 'POST', body }),
  copy: (formId: number, body: TStaffFormCopyBody) => staffApi<TStaffForm>(onForm(staffFormsPaths.copy, formId), { method: 'POST', body }),
  archive: (formId: number, archived: boolean) => staffApi<TStaffForm>(onForm(archived ? staffFormsPaths.archive : staffFormsPaths.restore, formId), { method: 'POST' }),
  uploadImage: (formId: number, file: File) => staffUpload<TStaffFormImage>(onForm(staffFormsPaths.images, formId), file),
  addAttachment: (formId: number, file: File) => staffUpload<TStaffFormAttachment[]>(onForm(staffFormsPaths.attachments, formId), file, { field: 'file' }),
  renameAttachment: (formId: number, attachmentId: number, name: string) =>
    staffApi<TStaffFormAttachment[]>(onForm(staffFormsPaths.attachment, formId, { attachmentId }), { method: 'PUT', body: { name } }),
  orderAttachments: (formId: number, ids: number[]) => staffApi<TStaffFormAttachment[]>(onForm(staffFormsPaths.attachmentsOrder, formId), { method: 'PUT', body: { ids } }),
  removeAttachment: (formId: number, attachmentId: number) =>
    staffApi<TStaffFormAttachment[]>(onForm(staffFormsPaths.attachment, formId, { attachmentId }), { method: 'DELETE' }),
  createMenu: (projectId: number, name: string) => staffApi<TStaffFormMenu[]>(onProject(staffFormsPaths.menus, projectId), { method: 'POST', body: { name } }),
  renameMenu: (projectId: number, menuId: number, name: string) => staffApi<TStaffFormMenu[]>(onProject(staffFormsPaths.menu, projectId, { menuId }), { method: 'PUT', body: { name } }),
  removeMenu: (projectId: number, menuId: number) => staffApi<TStaffFormMenu[]>(onProject(staffFormsPaths.menu, projectId, { menuId }), { method: 'DELETE' }),
  /** The form as a JSON file, for the browser to save. */
  exportFile: (formId: number) => staffGetFile(onForm(staffFormsPaths.export, formId)),
  /** The list (same filters) as CSV or XLSX. */
  exportList: (projectId: number, filter: FormFilter & { q?: string }, format: TExportFormat) =>
    staffGetFile(onProject(staffFormsPaths.listExport, projectId), { format, kind: filter.kind, status: filter.status, q: filter.q }),
};
