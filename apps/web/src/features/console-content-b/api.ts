import {
  fillPath, staffContentBPaths as paths, type TStaffAddressOption, type TStaffContact, type TStaffDocument, type TStaffDossierItem,
  type TStaffPartner, type TStaffWorkOrderEntry, type TStaffWorkOrderEntryBody, type TStaffWorkOrderSettings,
} from '@portal/contract';
import { staffApi, staffApiPage, staffUploadWithProgress } from '../../lib/staff-api';

/**
 * The console's work order, partners, contacts, documents and dossier (API: staff-content-b.ts of the
 * contract). Query keys sit under the project's content prefix (['staff', 'content', projectId]), so that
 * what invalidates a project's content invalidates these too.
 */
export const contentBKeys = {
  project: (projectId: number) => ['staff', 'content', projectId] as const,
  workOrder: (projectId: number) => ['staff', 'content', projectId, 'work-order'] as const,
  partners: (projectId: number) => ['staff', 'content', projectId, 'partners'] as const,
  partner: (projectId: number, id: number) => ['staff', 'content', projectId, 'partners', 'item', id] as const,
  informationOptions: (projectId: number) => ['staff', 'content', projectId, 'partners', 'information-items'] as const,
  contacts: (projectId: number) => ['staff', 'content', projectId, 'contacts'] as const,
  contact: (projectId: number, id: number) => ['staff', 'content', projectId, 'contacts', 'item', id] as const,
  documents: (projectId: number) => ['staff', 'content', projectId, 'documents'] as const,
  document: (projectId: number, id: number) => ['staff', 'content', projectId, 'documents', 'item', id] as const,
  dossier: (projectId: number) => ['staff', 'content', projectId, 'dossier'] as const,
  addresses: (projectId: number, q: string) => ['staff', 'content', projectId, 'address-search', q] as const,
};

type Page = { before?: number; q?: string };
const listOf = <T>(path: string, projectId: number, page: Page, query: Record<string, string | number | undefined> = {}) =>
  staffApiPage<T[]>(fillPath(path, { projectId }), { before: page.before }, { query: { q: page.q, ...query } });
const itemPath = (path: string, projectId: number, id: number) => fillPath(path, { projectId, id });

export const contentBApi = {
  addressSearch: (projectId: number, q: string) =>
    staffApi<TStaffAddressOption[]>(fillPath(paths.addressSearch, { projectId }), { query: { q: q || undefined, limit: 10 } }),

  workOrder: (projectId: number) => staffApi<TStaffWorkOrderSettings>(fillPath(paths.workOrder, { projectId })),
  saveWorkOrder: (projectId: number, body: unknown) => staffApi<TStaffWorkOrderSettings>(fillPath(paths.workOrder, { projectId }), { method: 'PUT', body }),
  workOrderEntries: (projectId: number, page: Page) => listOf<TStaffWorkOrderEntry>(paths.workOrderEntries, projectId, page),
  updateEntry: (projectId: number, addressId: number, body: TStaffWorkOrderEntryBody) =>
    staffApi<TStaffWorkOrderEntry>(fillPath(paths.workOrderEntry, { projectId, addressId }), { method: 'PATCH', body }),
  removeEntry: (projectId: number, addressId: number) => staffApi(fillPath(paths.workOrderEntry, { projectId, addressId }), { method: 'DELETE' }),

  partners: (projectId: number, page: Page) => listOf<TStaffPartner>(paths.partners, projectId, page),
  partner: (projectId: number, id: number) => staffApi<TStaffPartner>(itemPath(paths.partner, projectId, id)),
  informationOptions: (projectId: number) => staffApi<Array<{ id: number; title: string }>>(fillPath(paths.partnerInformationItems, { projectId })),
  savePartner: (projectId: number, id: number | null, body: unknown) => (id === null
    ? staffApi<TStaffPartner>(fillPath(paths.partners, { projectId }), { method: 'POST', body })
    : staffApi<TStaffPartner>(itemPath(paths.partner, projectId, id), { method: 'PUT', body })),
  removePartner: (projectId: number, id: number) => staffApi(itemPath(paths.partner, projectId, id), { method: 'DELETE' }),

  contacts: (projectId: number, page: Page) => listOf<TStaffContact>(paths.contacts, projectId, page),
  contact: (projectId: number, id: number) => staffApi<TStaffContact>(itemPath(paths.contact, projectId, id)),
  saveContact: (projectId: number, id: number | null, body: unknown) => (id === null
    ? staffApi<TStaffContact>(fillPath(paths.contacts, { projectId }), { method: 'POST', body })
    : staffApi<TStaffContact>(itemPath(paths.contact, projectId, id), { method: 'PUT', body })),
  removeContact: (projectId: number, id: number) => staffApi(itemPath(paths.contact, projectId, id), { method: 'DELETE' }),

  documents: (projectId: number, page: Page, filter: { scope?: 'project' | 'address' }) => listOf<TStaffDocument>(paths.documents, projectId, page, filter),
  document: (projectId: number, id: number) => staffApi<TStaffDocument>(itemPath(paths.document, projectId, id)),
  /** A new document: its fields as text before the file, sent with its progress (0..1). */
  uploadDocument: (projectId: number, file: File, fields: Record<string, string>, onProgress: (fraction: number) => void) =>
    staffUploadWithProgress<TStaffDocument>(fillPath(paths.documents, { projectId }), file, onProgress, { field: 'file', fields }),
  saveDocument: (projectId: number, id: number, body: unknown) => staffApi<TStaffDocument>(itemPath(paths.document, projectId, id), { method: 'PUT', body }),
  removeDocument: (projectId: number, id: number) => staffApi(itemPath(paths.document, projectId, id), { method: 'DELETE' }),

  dossier: (projectId: number, page: Page, addressId: number | undefined) => listOf<TStaffDossierItem>(paths.dossier, projectId, page, { address_id: addressId }),
  uploadDossierItem: (projectId: number, file: File, fields: Record<string, string>, onProgress: (fraction: number) => void) =>
    staffUploadWithProgress<TStaffDossierItem>(fillPath(paths.dossier, { projectId }), file, onProgress, { field: 'file', fields }),
  removeDossierItem: (projectId: number, id: number) => staffApi(itemPath(paths.dossierItem, projectId, id), { method: 'DELETE' }),
};
