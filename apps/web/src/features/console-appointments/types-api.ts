import { queryOptions } from '@tanstack/react-query';
import {
  fillPath, staffAddressPaths, staffAppointmentTypePaths as paths, staffProjectPaths,
  type TAppointmentType, type TAppointmentTypeBody, type TAppointmentTypeListItem, type TAppointmentTypeOptions, type TAppointmentTypePreviewBody,
  type TAppointmentTypeSlot, type TStaffAddress, type TStaffMe, type TStaffProject,
} from '@portal/contract';
import { staffApi, staffApiPage, staffGetFile } from '../../lib/staff-api';

/** Appointment types and their availability in the console (contract: staff-appointment-types.ts). */
export const appointmentTypeKeys = {
  all: ['staff', 'appointment-types'] as const,
  project: (projectId: number) => [...appointmentTypeKeys.all, projectId] as const,
  list: (projectId: number, q: string) => [...appointmentTypeKeys.project(projectId), 'list', q] as const,
  one: (projectId: number, typeId: number) => [...appointmentTypeKeys.project(projectId), 'one', typeId] as const,
  slots: (projectId: number, typeId: number) => [...appointmentTypeKeys.project(projectId), 'slots', typeId] as const,
  preview: (projectId: number, body: TAppointmentTypePreviewBody) => [...appointmentTypeKeys.project(projectId), 'preview', body] as const,
};

const listPath = (projectId: number) => fillPath(paths.list, { projectId });
const onePath = (projectId: number, typeId: number) => fillPath(paths.one, { projectId, typeId });

export const appointmentTypeQueries = {
  list: (projectId: number, q: string) => queryOptions({
    queryKey: appointmentTypeKeys.list(projectId, q),
    queryFn: () => staffApi<TAppointmentTypeListItem[]>(listPath(projectId), { query: q ? { q } : {} }),
  }),
  one: (projectId: number, typeId: number) => queryOptions({
    queryKey: appointmentTypeKeys.one(projectId, typeId),
    queryFn: () => staffApi<TAppointmentType>(onePath(projectId, typeId)),
  }),
  /** The stored slots of the next four weeks, with places taken. */
  slots: (projectId: number, typeId: number) => queryOptions({
    queryKey: appointmentTypeKeys.slots(projectId, typeId),
    queryFn: () => staffApi<TAppointmentTypeSlot[]>(fillPath(paths.slots, { projectId, typeId }), { query: { days: 28 } }),
  }),
  /** The slots a draft's rules would make (nothing stored). */
  preview: (projectId: number, body: TAppointmentTypePreviewBody) => queryOptions({
    queryKey: appointmentTypeKeys.preview(projectId, body),
    queryFn: () => staffApi<TAppointmentTypeSlot[]>(fillPath(paths.preview, { projectId }), { method: 'POST', body }),
    staleTime: 30_000,
  }),
  options: (projectId: number) => queryOptions({
    queryKey: [...appointmentTypeKeys.project(projectId), 'options'] as const,
    queryFn: () => staffApi<TAppointmentTypeOptions>(fillPath(paths.options, { projectId })),
    staleTime: 60_000,
  }),
  project: (projectId: number) => queryOptions({
    queryKey: [...appointmentTypeKeys.project(projectId), 'project'] as const,
    queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)),
    staleTime: 60_000,
  }),
  me: () => queryOptions({ queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 }),
};

export const appointmentTypeApi = {
  create: (projectId: number, body: TAppointmentTypeBody) => staffApi<TAppointmentType>(listPath(projectId), { method: 'POST', body }),
  update: (projectId: number, typeId: number, body: TAppointmentTypeBody) => staffApi<TAppointmentType>(onePath(projectId, typeId), { method: 'PUT', body }),
  remove: (projectId: number, typeId: number) => staffApi<null>(onePath(projectId, typeId), { method: 'DELETE' }),
  export: (projectId: number, q: string, format: 'csv' | 'xlsx') => staffGetFile(fillPath(paths.export, { projectId }), { ...(q ? { q } : {}), format }),
  /** Addresses of the project matching a search, for "who may book: a list of addresses". */
  searchAddresses: (projectId: number, q: string) =>
    staffApiPage<TStaffAddress[]>(fillPath(staffAddressPaths.list, { projectId }), { limit: 20 }, { query: { q } }),
};
