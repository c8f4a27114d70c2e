import {
  staffProjectPaths, type TStaffCustomer, type TStaffCustomerBody, type TStaffProject, type TStaffProjectBody, type TStaffProjectCreateBody,
  type TStaffProjectListItem, type TStaffProjectStatus,
} from '@portal/contract';
import { staffApi, staffApiPage, staffUpload } from '../../lib/staff-api';

/** Query keys of the console's customer and projects; a change invalidates its own key only. */
export const consoleProjectKeys = {
  all: ['staff', 'projects'] as const,
  lists: () => [...consoleProjectKeys.all, 'list'] as const,
  list: (status: TStaffProjectStatus) => [...consoleProjectKeys.lists(), status] as const,
  detail: (id: number) => [...consoleProjectKeys.all, 'detail', id] as const,
  customer: ['staff', 'customer'] as const,
};

export const consoleProjectsApi = {
  list: (page: { before?: number; q?: string }, status: TStaffProjectStatus) =>
    staffApiPage<TStaffProjectListItem[]>(staffProjectPaths.projects, { before: page.before }, { query: { q: page.q, status } }),
  create: (body: TStaffProjectCreateBody) => staffApi<TStaffProject>(staffProjectPaths.projects, { method: 'POST', body }),
  get: (id: number) => staffApi<TStaffProject>(staffProjectPaths.project(id)),
  update: (id: number, body: TStaffProjectBody) => staffApi<TStaffProject>(staffProjectPaths.project(id), { method: 'PUT', body }),
  uploadLogo: (id: number, file: File) => staffUpload<TStaffProject>(staffProjectPaths.projectLogo(id), file),
  removeLogo: (id: number) => staffApi<TStaffProject>(staffProjectPaths.projectLogo(id), { method: 'DELETE' }),
  archive: (id: number) => staffApi<TStaffProject>(staffProjectPaths.archive(id), { method: 'POST' }),
  restore: (id: number) => staffApi<TStaffProject>(staffProjectPaths.restore(id), { method: 'POST' }),

  customer: () => staffApi<TStaffCustomer>(staffProjectPaths.customer),
  updateCustomer: (body: TStaffCustomerBody) => staffApi<TStaffCustomer>(staffProjectPaths.customer, { method: 'PUT', body }),
  uploadCustomerLogo: (file: File) => staffUpload<TStaffCustomer>(staffProjectPaths.customerLogo, file),
  removeCustomerLogo: () => staffApi<TStaffCustomer>(staffProjectPaths.customerLogo, { method: 'DELETE' }),
};
