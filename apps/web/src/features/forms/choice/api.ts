import { queryOptions } from '@tanstack/react-query';
import {
  choicePaths, choiceStepSegments,
  type ChoiceScope, type ChoiceStep, type TChoiceForm, type TChoiceTotal, type TFormOccupant, type TFormPhoto, type TFormValues, type TSuccess,
} from '@portal/contract';
import { api } from '../../../lib/api';
import { apiUploadWithProgress } from '../../../lib/upload';
import { storage } from '../../../lib/storage';
import { SIGNED_POLL_MS } from '../api';
import { partnerFormPages } from '../paths';

/**
 * One choice form as the pages address it: the calls' scope (the resident's own address, or an address
 * staff act for), the token of those calls (an administrator who came in through a login link uses the
 * admin token, spec 6), and the page paths.
 */
export type ChoiceTarget = {
  scope: ChoiceScope;
  /** The bearer of the calls when it is not the stored session token. */
  token?: string;
  /** The page of a step (or of the form, to resume). */
  page: (step?: ChoiceStep) => string;
  /** The project of a staff page (for the back link), else null. */
  projectId: number | null;
};

/** A resident's own form, or (an is_admin session with its admin token) the administrator's calls for the address. */
export function residentTarget(formId: number): ChoiceTarget {
  const adminToken = storage.isAdmin() ? storage.adminToken() : null;
  const addressId = storage.addressId();
  const page = (step?: ChoiceStep) => `/formulier/keuze/${formId}${step ? `/${choiceStepSegments(step)}` : ''}`;
  if (adminToken && addressId) return { scope: { kind: 'partner', formId, addressId }, token: adminToken, page, projectId: null };
  return { scope: { kind: 'occupant', formId }, page, projectId: null };
}

/** Staff acting for an address of a project. */
export function partnerTarget(projectId: number, addressId: number, formId: number): ChoiceTarget {
  return {
    scope: { kind: 'partner', formId, addressId },
    page: (step) => `${partnerFormPages('choice').form(projectId, formId, addressId)}${step ? `/${choiceStepSegments(step)}` : ''}`,
    projectId,
  };
}

const auth = (target: ChoiceTarget) => (target.token ? { token: target.token } : {});

export const choiceKeys = {
  all: ['choice'] as const,
  form: (target: ChoiceTarget) => [...choiceKeys.all, target.scope.kind, storage.projectId(), target.scope.formId, target.scope.kind === 'partner' ? target.scope.addressId : null] as const,
};

export const choiceQueries = {
  form: (target: ChoiceTarget) =>
    queryOptions({ queryKey: choiceKeys.form(target), queryFn: ({ signal }) => api<TChoiceForm>(choicePaths.form(target.scope), { signal, ...auth(target) }) }),
  occupants: (target: ChoiceTarget) =>
    queryOptions({
      queryKey: [...choiceKeys.form(target), 'occupants'] as const,
      queryFn: ({ signal }) => api<TFormOccupant[]>(choicePaths.occupants(target.scope), { signal, ...auth(target) }),
      staleTime: 5 * 60_000,
    }),
  signingUrl: (target: ChoiceTarget, nr: number) =>
    queryOptions({
      queryKey: [...choiceKeys.form(target), 'signing-url', nr] as const,
      queryFn: ({ signal }) => api<{ url: string }>(choicePaths.signingUrl(target.scope, nr), { signal, ...auth(target) }),
      staleTime: Infinity,
      retry: false,
    }),
  /** Legal signing: asked every 5 seconds until signed (spec 4.3, 9). */
  isSigned: (target: ChoiceTarget, nr: number) =>
    queryOptions({
      queryKey: [...choiceKeys.form(target), 'is-signed', nr] as const,
      queryFn: ({ signal }) => api<boolean>(choicePaths.isSigned(target.scope, nr), { signal, ...auth(target) }).then((signed) => signed === true),
      refetchInterval: (query) => (query.state.data ? false : SIGNED_POLL_MS),
      staleTime: 0,
    }),
};

export const choiceApi = {
  saveSection: (target: ChoiceTarget, section: number, values: TFormValues, version?: number) =>
    api<TChoiceForm>(choicePaths.section(target.scope, section), { body: { values, version }, ...auth(target) }),
  upload: (target: ChoiceTarget, section: number, elementId: string, file: File, onProgress: (fraction: number) => void) =>
    apiUploadWithProgress<TFormPhoto>(choicePaths.upload(target.scope, section, elementId), file, { onProgress, ...auth(target) }),
  /** The running total for the section's values as they are typed (the server's prices). */
  total: (target: ChoiceTarget, section: number, values: TFormValues, signal?: AbortSignal) =>
    api<TChoiceTotal>(choicePaths.total(target.scope, section), { body: { values }, signal, ...auth(target) }),
  complete: (target: ChoiceTarget) => api<TChoiceForm>(choicePaths.section(target.scope, 'summary'), { body: {}, ...auth(target) }),
  signers: (target: ChoiceTarget, body: { nr_of_signatures: number; names: string[]; mobile_numbers: string[] }) =>
    api<TChoiceForm>(choicePaths.nrOfSignatures(target.scope), { body, ...auth(target) }),
  signature: (target: ChoiceTarget, nr: number, body: { signature: string | null; who: string }) =>
    api<TChoiceForm>(choicePaths.signature(target.scope, nr), { body, ...auth(target) }),
  send: (target: ChoiceTarget, body: { email_address: string; comment: string }) => api<TSuccess>(choicePaths.send(target.scope), { body, ...auth(target) }),
  /** Residents: the payment's checkout link. */
  pay: (formId: number) => api<{ mollie_url: string }>(choicePaths.mollie(formId), { body: {} }),
};
