import { queryOptions } from '@tanstack/react-query';
import type { TDossierItem, TSuccess } from '@portal/contract';
import { api } from '../../lib/api';

/** The dossier belongs to a resident's address: occupant calls only. */
export const dossierKeys = {
  all: ['dossier'] as const,
  list: (projectId: number | null) => [...dossierKeys.all, projectId] as const,
};

export const dossierQueries = {
  list: (projectId: number | null) =>
    queryOptions({ queryKey: dossierKeys.list(projectId), queryFn: ({ signal }) => api<TDossierItem[]>('/occupant/dossier', { signal }) }),
};

export const dossierApi = {
  /** Asks the server to e-mail the whole dossier. */
  requestDownload: (email: string) => api<TSuccess>('/occupant/download/dossier', { body: { email } }),
};
