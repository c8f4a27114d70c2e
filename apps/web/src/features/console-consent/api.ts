import { queryOptions } from '@tanstack/react-query';
import {
  consentLetterPaths, fillPath, LETTER_COUNT_HEADER, staffProjectPaths,
  type TConsentLetterAddress, type TConsentLetterForm, type TConsentLettersBody, type TConsentLettersRevoked, type TStaffProject,
} from '@portal/contract';
import { downloadName, staffApi, staffApiPage, staffDownload } from '../../lib/staff-api';
import type { MadePdf } from '../../ui/make-pdf-dialog';

export const consentLetterKeys = {
  all: ['staff', 'consent-letters'] as const,
  project: (projectId: number) => [...consentLetterKeys.all, projectId] as const,
  forms: (projectId: number) => [...consentLetterKeys.project(projectId), 'forms'] as const,
  addresses: (projectId: number, formId: number) => [...consentLetterKeys.project(projectId), 'addresses', formId] as const,
};

const formPath = (template: string, projectId: number, formId: number) => fillPath(template, { projectId, formId });

export const consentLetterQueries = {
  forms: (projectId: number) => queryOptions({
    queryKey: consentLetterKeys.forms(projectId),
    queryFn: () => staffApi<TConsentLetterForm[]>(fillPath(consentLetterPaths.forms, { projectId })),
  }),
  /** The project's name for the title and the crumbs. */
  project: (projectId: number) => queryOptions({
    queryKey: [...consentLetterKeys.project(projectId), 'project'] as const,
    queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)),
    staleTime: 60_000,
  }),
};

export const consentLetterApi = {
  page: (projectId: number, formId: number, page: { before?: number; q?: string }) =>
    staffApiPage<TConsentLetterAddress[]>(formPath(consentLetterPaths.addresses, projectId, formId), { before: page.before }, { query: { q: page.q } }),
  /** New links and their letters: the PDF, its file name and the number of letters. */
  async print(projectId: number, formId: number, body: Omit<TConsentLettersBody, 'language'>): Promise<MadePdf> {
    const { blob, headers } = await staffDownload(formPath(consentLetterPaths.print, projectId, formId), body);
    const filename = downloadName(headers, 'draagvlakbrieven.pdf');
    return { blob, filename, count: Number(headers.get(LETTER_COUNT_HEADER)) || 0 };
  },
  revokeOne: (projectId: number, formId: number, addressId: number) =>
    staffApi<TConsentLettersRevoked>(fillPath(consentLetterPaths.revokeOne, { projectId, formId, addressId }), { method: 'POST' }),
  revokeAll: (projectId: number, formId: number) =>
    staffApi<TConsentLettersRevoked>(formPath(consentLetterPaths.revokeAll, projectId, formId), { method: 'POST' }),
};
