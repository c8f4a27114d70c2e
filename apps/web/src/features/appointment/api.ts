import { queryOptions } from '@tanstack/react-query';
import type { TAppointment, TAppointmentChangeBody, TAppointmentDetail, TAppointmentResult } from '@portal/contract';
import { api } from '../../lib/api';

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (projectId: number | null) => [...appointmentKeys.all, 'list', projectId] as const,
  one: (projectId: number | null, id: number) => [...appointmentKeys.all, 'one', projectId, id] as const,
};

export const appointmentQueries = {
  list: (projectId: number | null) =>
    queryOptions({ queryKey: appointmentKeys.list(projectId), queryFn: ({ signal }) => api<TAppointment[]>('/occupant/appointments', { signal }) }),
  /** One appointment with its free slots; always fresh when the modal opens. */
  one: (projectId: number | null, id: number) =>
    queryOptions({ queryKey: appointmentKeys.one(projectId, id), queryFn: ({ signal }) => api<TAppointmentDetail>(`/occupant/appointment/${id}`, { signal }), staleTime: 0 }),
};

export const appointmentApi = {
  change: (id: number, body: TAppointmentChangeBody) => api<TAppointmentResult>(`/occupant/appointment/v2/change/${id}`, { body }),
  confirm: (appointment: TAppointment) =>
    api<TAppointmentResult>(`/occupant/appointment/v2/confirm/${appointment.cluster_schedule_id}`, { body: { version: appointment.version } }),
  cancel: (appointment: TAppointment) =>
    api<TAppointmentResult>(`/occupant/appointment/cancel/${appointment.cluster_schedule_id}`, { body: { version: appointment.version } }),
};

/** What the confirmation fields start with: the resident's own e-mail address and mobile number. */
export type ConfirmationPrefill = { email: string; mobile: string };
