import { queryOptions } from '@tanstack/react-query';
import {
  supportBasePaths, type TConsentAgreement, type TConsentPaperHistory, type TConsentTally, type TFormOccupant, type TFormValues, type TSupportBaseForm, type TSupportBaseProject,
} from '@portal/contract';
import { api } from '../../../lib/api';
import { apiUploadWithProgress } from '../../../lib/upload';

/** One support-base form as the calls address it: the resident's own, or a letter's personal link (no login). */
export type SupportBaseScope = { kind: 'occupant'; formId: number } | { kind: 'public'; formId: number; token: string };

/** Polling of a signer's signed state (spec 9: support-base every 4 seconds). */
const SUPPORT_BASE_POLL_MS = 4_000;

const base = (scope: SupportBaseScope) => (scope.kind === 'occupant' ? supportBasePaths.occupantBase(scope.formId) : supportBasePaths.publicBase(scope.formId, scope.token));
const auth = (scope: SupportBaseScope) => (scope.kind === 'public' ? { token: false as const } : {});

export const supportBaseKeys = {
  all: ['support-base'] as const,
  form: (scope: SupportBaseScope) => [...supportBaseKeys.all, scope.kind, scope.formId, scope.kind === 'public' ? scope.token : null] as const,
  signUrl: (scope: SupportBaseScope, nr: number) => [...supportBaseKeys.form(scope), 'sign-url', nr] as const,
  isSigned: (scope: SupportBaseScope, nr: number) => [...supportBaseKeys.form(scope), 'is-signed', nr] as const,
  occupants: (scope: SupportBaseScope) => [...supportBaseKeys.form(scope), 'occupants'] as const,
  project: (scope: SupportBaseScope) => [...supportBaseKeys.form(scope), 'project'] as const,
  tally: (projectId: number, formId: number | null, page: number) => [...supportBaseKeys.all, 'tally', projectId, formId, page] as const,
  /** Everything of a project's tally: its pages and the addresses' paper forms. */
  tallyOf: (projectId: number) => [...supportBaseKeys.all, 'tally', projectId] as const,
  paper: (projectId: number, formId: number, addressId: number) => [...supportBaseKeys.tallyOf(projectId), 'paper', formId, addressId] as const,
};

export const supportBaseQueries = {
  form: (scope: SupportBaseScope) =>
    queryOptions({ queryKey: supportBaseKeys.form(scope), queryFn: ({ signal }) => api<TSupportBaseForm>(base(scope), { signal, ...auth(scope) }) }),
  project: (scope: SupportBaseScope) =>
    queryOptions({ queryKey: supportBaseKeys.project(scope), queryFn: ({ signal }) => api<TSupportBaseProject>(supportBasePaths.project(base(scope)), { signal, ...auth(scope) }), staleTime: 60_000 }),
  occupants: (scope: SupportBaseScope) =>
    queryOptions({ queryKey: supportBaseKeys.occupants(scope), queryFn: ({ signal }) => api<TFormOccupant[]>(supportBasePaths.occupants(base(scope)), { signal, ...auth(scope) }) }),
  /** The signing link: asked once (the first ask starts the request at the signing service). */
  signUrl: (scope: SupportBaseScope, nr: number) =>
    queryOptions({
      queryKey: supportBaseKeys.signUrl(scope, nr),
      queryFn: ({ signal }) => api<{ url: string }>(supportBasePaths.signUrl(base(scope), nr), { signal, ...auth(scope) }),
      staleTime: Infinity,
      retry: false,
    }),
  /** Polled every 4 seconds until signed; a query that is no longer shown stops polling. */
  isSigned: (scope: SupportBaseScope, nr: number) =>
    queryOptions({
      queryKey: supportBaseKeys.isSigned(scope, nr),
      queryFn: ({ signal }) => api<boolean>(supportBasePaths.isSigned(base(scope), nr), { signal, ...auth(scope) }).then((signed) => signed === true),
      refetchInterval: (query) => (query.state.data ? false : SUPPORT_BASE_POLL_MS),
      refetchIntervalInBackground: true,
      staleTime: 0,
    }),
  tally: (projectId: number, formId: number | null, page: number) =>
    queryOptions({
      queryKey: supportBaseKeys.tally(projectId, formId, page),
      queryFn: ({ signal }) => api<TConsentTally>(supportBasePaths.tally(projectId), { signal, query: { form_id: formId ?? undefined, page } }),
    }),
  /** An address's paper forms (staff). */
  paper: (projectId: number, formId: number, addressId: number) =>
    queryOptions({
      queryKey: supportBaseKeys.paper(projectId, formId, addressId),
      queryFn: ({ signal }) => api<TConsentPaperHistory>(supportBasePaths.paper(projectId, formId, addressId), { signal }),
    }),
};

/** Which address's paper forms a call is about. */
export type PaperPlace = { projectId: number; formId: number; addressId: number };
const paperPath = (p: PaperPlace) => supportBasePaths.paper(p.projectId, p.formId, p.addressId);

export const supportBaseApi = {
  saveSection: (scope: SupportBaseScope, section: number, values: TFormValues, version: number) =>
    api<TSupportBaseForm>(supportBasePaths.section(base(scope), section), { method: 'POST', body: { values, version }, ...auth(scope) }),
  nrOfSignatures: (scope: SupportBaseScope, n: number, names: string[]) =>
    api<TSupportBaseForm>(supportBasePaths.nrOfSignatures(base(scope)), { method: 'POST', body: { nr_of_signatures: n, names }, ...auth(scope) }),
  mobile: (scope: SupportBaseScope, nr: number, mobile: string) =>
    api<TSupportBaseForm>(supportBasePaths.mobile(base(scope), nr), { method: 'POST', body: { mobile }, ...auth(scope) }),
  /** Staff: a form that came back on paper, with what it says and a scan of it (multipart, with the upload's progress). */
  recordPaper: (p: PaperPlace, agreement: TConsentAgreement, scan: File, onProgress: (fraction: number) => void) =>
    apiUploadWithProgress<TConsentPaperHistory>(paperPath(p), scan, { field: 'file', fields: { agreement }, onProgress }),
  /** Staff: a second staff member confirms (or rejects, with a reason) a paper form that waits. */
  confirmPaper: (p: PaperPlace, recordId: number) =>
    api<TConsentPaperHistory>(supportBasePaths.paperConfirm(p.projectId, p.formId, p.addressId, recordId), { method: 'POST', body: {} }),
  rejectPaper: (p: PaperPlace, recordId: number, reason: string) =>
    api<TConsentPaperHistory>(supportBasePaths.paperReject(p.projectId, p.formId, p.addressId, recordId), { method: 'POST', body: { reason } }),
  /** Staff: corrects the paper form that counts, with a reason (and a new scan, or the old one's). */
  correctPaper: (p: PaperPlace, recordId: number, body: { agreement: TConsentAgreement; reason: string }, scan: File | null, onProgress: (fraction: number) => void) =>
    apiUploadWithProgress<TConsentPaperHistory>(supportBasePaths.paperCorrect(p.projectId, p.formId, p.addressId, recordId), scan, { field: 'file', fields: body, onProgress }),
  send: (scope: SupportBaseScope, body: { email_address: string; comment: string }) =>
    api<TSupportBaseForm>(supportBasePaths.send(base(scope)), { method: 'POST', body, ...auth(scope) }),
};
