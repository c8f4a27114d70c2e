import { queryOptions } from '@tanstack/react-query';
import type { TConfirmEmailResult, TNewPasswordBody, TNewPasswordResult, TOccupant, TOccupantCreateBody, TOccupantResult, TOccupantUpdateBody, TSuccess } from '@portal/contract';
import { personalDataPaths } from '@portal/contract';
import { api } from '../../lib/api';

export const householdKeys = {
  all: ['household'] as const,
  list: () => [...householdKeys.all, 'list'] as const,
  one: (id: number) => [...householdKeys.all, 'one', id] as const,
};

export const householdQueries = {
  list: () => queryOptions({ queryKey: householdKeys.list(), queryFn: ({ signal }) => api<TOccupant[]>('/occupant/occupants', { signal }) }),
  one: (id: number) => queryOptions({ queryKey: householdKeys.one(id), queryFn: ({ signal }) => api<TOccupant>(`/occupant/occupant/${id}`, { signal }) }),
};

export const householdApi = {
  create: (body: TOccupantCreateBody) => api<TOccupantResult>('/occupant/occupants/', { body }),
  update: (id: number, body: TOccupantUpdateBody) => api<TOccupantResult>(`/occupant/occupant/${id}`, { body }),
  remove: (id: number) => api<TSuccess>(`/occupant/occupant/delete/${id}`),
  newPassword: (body: TNewPasswordBody) => api<TNewPasswordResult>('/occupant/new-password', { body }),
  /** The resident's own export of personal data: the link arrives by e-mail (issue 20). */
  requestExport: () => api<TSuccess>(personalDataPaths.residentExport, { method: 'POST' }),
  /** The code of the link /email/bevestigen/{code}; no login needed. */
  confirmEmail: (code: string) => api<TConfirmEmailResult>('/public/confirm-email', { body: { code }, token: false, handleAuthErrors: true }),
};
