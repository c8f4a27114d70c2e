import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  formPaths, intakePaths, partnerFormListPaths,
  type TFormListItem, type TFormMenu, type TFormOccupant, type TFormPhoto, type TFormValues, type TGenericEntry, type TGenericEntrySummary,
  type TIntake, type TIntakeAddressProgress, type TIntakeFormListItem, type TPartnerFormKind, type TPublicSimpleForm,
} from '@portal/contract';
import { api, apiPage, earlyData } from '../../lib/api';
import { apiUploadWithProgress } from '../../lib/upload';
import { storage } from '../../lib/storage';

/** Generic forms are filled by residents and by visitors of a public project (who carry the project's visitor code). */
export type FormsAudience = { kind: 'occupant' } | { kind: 'public'; projectId: number };

/** One generic form as the calls address it: the audience, the form and (for a visitor) the visitor code. */
export type GenericForm = { audience: FormsAudience; formId: number; unique: string | null };

/** An intake form: the resident's own, or a partner's for one address. */
export type IntakeScope = { kind: 'occupant'; formId: number } | { kind: 'partner'; formId: number; addressId: number; projectId: number };

const audienceKey = (audience: FormsAudience) => (audience.kind === 'public' ? ['public', audience.projectId] : ['occupant', storage.projectId()]);
const publicCall = (audience: FormsAudience) => (audience.kind === 'public' ? { token: false as const } : {});

export const formKeys = {
  all: ['forms'] as const,
  list: (audience: FormsAudience) => [...formKeys.all, 'list', ...audienceKey(audience)] as const,
  menu: (audience: FormsAudience, menuId: number) => [...formKeys.all, 'menu', ...audienceKey(audience), menuId] as const,
  menus: (audience: FormsAudience) => [...formKeys.all, 'menus', ...audienceKey(audience)] as const,
  unique: (projectId: number) => [...formKeys.all, 'unique', projectId] as const,
  form: (form: GenericForm) => [...formKeys.all, 'form', ...audienceKey(form.audience), form.formId, form.unique] as const,
  entries: (form: GenericForm) => [...formKeys.form(form), 'entries'] as const,
  entry: (form: GenericForm, entryId: number) => [...formKeys.form(form), 'entry', entryId] as const,
  isSigned: (form: GenericForm, entryId: number, nr: number) => [...formKeys.entry(form, entryId), 'is-signed', nr] as const,
  signingUrl: (form: GenericForm, entryId: number, nr: number) => [...formKeys.entry(form, entryId), 'signing-url', nr] as const,
  publicSimple: (formId: number) => [...formKeys.all, 'public-simple', formId] as const,
};

export const intakeKeys = {
  all: ['intake'] as const,
  partnerForms: (kind: TPartnerFormKind, projectId: number) => [...intakeKeys.all, 'partner-forms', kind, projectId] as const,
  partnerAddresses: (kind: TPartnerFormKind, projectId: number, formId: number, q: string) => [...intakeKeys.all, 'partner-addresses', kind, projectId, formId, q] as const,
  form: (scope: IntakeScope) => [...intakeKeys.all, 'form', scope.kind, storage.projectId(), scope.formId, scope.kind === 'partner' ? scope.addressId : null] as const,
  occupants: (scope: IntakeScope) => [...intakeKeys.form(scope), 'occupants'] as const,
};

/** The base path of a generic form's calls: /occupant/form/{id} or /public/form/{id}/{unique}. */
function base(form: GenericForm): string {
  if (form.audience.kind === 'occupant') return formPaths.occupantBase(form.formId);
  if (!form.unique) throw new Error('visitor code missing');
  return formPaths.publicBase(form.formId, form.unique);
}

/** A visitor's code for this project: the stored one (shared with chat and surveys), else a new one from the server. */
async function getVisitorUnique(projectId: number, signal: AbortSignal): Promise<string> {
  const stored = storage.visitorUnique(projectId);
  if (stored) return stored;
  const answer = await api<{ unique: string }>(formPaths.publicUnique(projectId), { token: false, signal });
  storage.setVisitorUnique(projectId, answer.unique);
  return answer.unique;
}

export const formQueries = {
  /** The overview; a visitor's stored code marks the forms they opened before (`fetched`). */
  list: (audience: FormsAudience) =>
    queryOptions({
      queryKey: formKeys.list(audience),
      queryFn: ({ signal }) =>
        audience.kind === 'occupant'
          ? api<TFormListItem[]>(formPaths.occupantList, { signal })
          : api<TFormListItem[]>(formPaths.publicList(audience.projectId), { signal, token: false, query: { unique: storage.visitorUnique(audience.projectId) } }),
    }),
  menu: (audience: FormsAudience, menuId: number) =>
    queryOptions({
      queryKey: formKeys.menu(audience, menuId),
      queryFn: ({ signal }) =>
        audience.kind === 'occupant'
          ? api<TFormMenu>(formPaths.occupantMenu(menuId), { signal })
          : api<TFormMenu>(formPaths.publicMenu(menuId), { signal, token: false, query: { unique: storage.visitorUnique(audience.projectId) } }),
    }),
  /** Every menu with its items (where a form sits, and its name, for pages that know only its id). */
  menus: (audience: FormsAudience) =>
    queryOptions({
      queryKey: formKeys.menus(audience),
      queryFn: ({ signal }) =>
        audience.kind === 'occupant'
          ? api<TFormMenu[]>(formPaths.occupantMenus, { signal })
          : api<TFormMenu[]>(formPaths.publicMenus(audience.projectId), { signal, token: false, query: { unique: storage.visitorUnique(audience.projectId) } }),
    }),
  unique: (projectId: number) =>
    queryOptions({ queryKey: formKeys.unique(projectId), queryFn: ({ signal }) => getVisitorUnique(projectId, signal), staleTime: Infinity }),
  entries: (form: GenericForm) =>
    queryOptions({ queryKey: formKeys.entries(form), queryFn: ({ signal }) => api<TGenericEntrySummary[]>(formPaths.entries(base(form)), { signal, ...publicCall(form.audience) }) }),
  entry: (form: GenericForm, entryId: number) =>
    queryOptions({
      queryKey: formKeys.entry(form, entryId),
      queryFn: ({ signal }) => api<TGenericEntry>(formPaths.entry(base(form), entryId), { signal, ...publicCall(form.audience) }),
      // A resident's step opened as the first page: index.html asked for the entry while the app loaded (lib/api.ts).
      initialData: () => (form.audience.kind === 'occupant' ? earlyData<TGenericEntry>(formPaths.entry(base(form), entryId)) : undefined),
    }),
  /** The address's occupants for contact inputs (a visitor has none to choose). */
  occupants: (form: GenericForm) =>
    queryOptions({
      queryKey: [...formKeys.form(form), 'occupants'] as const,
      queryFn: ({ signal }) => (form.audience.kind === 'public' ? Promise.resolve([]) : api<TFormOccupant[]>(formPaths.occupants(base(form)), { signal })),
      staleTime: 5 * 60_000,
    }),
  /** Legal signing: whether signer `nr` signed, asked every 5 seconds while the signing page is open (spec 4.4, 9). */
  isSigned: (form: GenericForm, entryId: number, nr: number) =>
    queryOptions({
      queryKey: formKeys.isSigned(form, entryId, nr),
      queryFn: ({ signal }) => api<boolean>(formPaths.isSigned(base(form), entryId, nr), { signal, ...publicCall(form.audience) }).then((signed) => signed === true),
      refetchInterval: (query) => (query.state.data ? false : SIGNED_POLL_MS),
      staleTime: 0,
    }),
  signingUrl: (form: GenericForm, entryId: number, nr: number) =>
    queryOptions({
      queryKey: formKeys.signingUrl(form, entryId, nr),
      queryFn: ({ signal }) => api<{ url: string }>(formPaths.signingUrl(base(form), entryId, nr), { signal, ...publicCall(form.audience) }),
      staleTime: Infinity,
      retry: false,
    }),
  publicSimple: (formId: number) =>
    queryOptions({ queryKey: formKeys.publicSimple(formId), queryFn: ({ signal }) => api<TPublicSimpleForm>(formPaths.publicSimple(formId), { signal, token: false }) }),
};

export const SIGNED_POLL_MS = 5_000;

export const genericApi = {
  /** Opens the form without an entry id: the server answers the entry it created (or, for a form of one entry, the one there is). */
  open: (form: GenericForm, fresh: boolean) =>
    // A visitor has no 'current' call: /new answers the entry of a single-entry form too.
    api<TGenericEntry>(fresh || form.audience.kind === 'public' ? formPaths.newEntry(base(form)) : base(form), publicCall(form.audience)),
  /** Saves a section; `version` is the entry's version the values started from (a newer one answers 409). */
  saveSection: (form: GenericForm, entryId: number, section: number, values: TFormValues, version?: number) =>
    api<TGenericEntry>(formPaths.section(base(form), entryId, section), { body: { values, version }, ...publicCall(form.audience) }),
  upload: (form: GenericForm, entryId: number, section: number, elementId: string, file: File, onProgress: (fraction: number) => void) =>
    apiUploadWithProgress<TFormPhoto>(formPaths.upload(base(form), entryId, section, elementId), file, { onProgress, ...publicCall(form.audience) }),
  lock: (form: GenericForm, entryId: number) => api<TGenericEntry>(formPaths.lock(base(form), entryId), { body: {}, ...publicCall(form.audience) }),
  nrOfSignatures: (form: GenericForm, entryId: number, count: number, names?: string[]) =>
    api<TGenericEntry>(formPaths.nrOfSignatures(base(form), entryId), { body: { nr_of_signatures: count, names }, ...publicCall(form.audience) }),
  signature: (form: GenericForm, entryId: number, nr: number, body: { signature: string | null; who: string; description: string }) =>
    api<TGenericEntry>(formPaths.signature(base(form), entryId, nr), { body, ...publicCall(form.audience) }),
  email: (form: GenericForm, entryId: number, addresses: string[]) =>
    api<unknown>(formPaths.email(base(form), entryId), { body: { email_address: addresses }, ...publicCall(form.audience) }),
  submitPublicSimple: (formId: number, values: TFormValues) => api<unknown>(formPaths.publicSimple(formId), { body: { values }, token: false }),
};

// ---- intake ----------------------------------------------------------------------------------

const intakePath = (scope: IntakeScope) => (scope.kind === 'occupant' ? intakePaths.occupantForm(scope.formId) : intakePaths.partnerForm(scope.formId, scope.addressId));

export const intakeQueries = {
  /** A partner's forms of a kind (intake or choice) of the project. Both lists show progress: fetched anew when opened. */
  partnerForms: (kind: TPartnerFormKind, projectId: number) =>
    queryOptions({
      queryKey: intakeKeys.partnerForms(kind, projectId), queryFn: ({ signal }) => api<TIntakeFormListItem[]>(partnerFormListPaths.forms(kind, projectId), { signal }), staleTime: 0,
    }),
  /** The addresses a page at a time (ordered by street and number; `before` is the last address held). */
  partnerAddresses: (kind: TPartnerFormKind, projectId: number, formId: number, q: string) =>
    infiniteQueryOptions({
      queryKey: intakeKeys.partnerAddresses(kind, projectId, formId, q),
      queryFn: ({ signal, pageParam }) =>
        apiPage<TIntakeAddressProgress[]>(partnerFormListPaths.addresses(kind, projectId, formId), { before: pageParam }, { signal, query: { q: q || undefined } }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
      placeholderData: (previous) => previous,
      staleTime: 0,
    }),
  form: (scope: IntakeScope) => queryOptions({ queryKey: intakeKeys.form(scope), queryFn: ({ signal }) => api<TIntake>(intakePath(scope), { signal }) }),
  occupants: (scope: IntakeScope) =>
    queryOptions({
      queryKey: intakeKeys.occupants(scope),
      queryFn: ({ signal }) =>
        api<TFormOccupant[]>(scope.kind === 'occupant' ? intakePaths.occupantOccupants(scope.formId) : intakePaths.partnerOccupants(scope.formId, scope.addressId), { signal }),
      staleTime: 5 * 60_000,
    }),
};

export const intakeApi = {
  saveSection: (scope: IntakeScope, section: number, values: TFormValues, version?: number) =>
    api<TIntake>(scope.kind === 'occupant' ? intakePaths.occupantSection(scope.formId, section) : intakePaths.partnerSection(scope.formId, section, scope.addressId), {
      body: { values, version },
    }),
  send: (scope: IntakeScope) => api<TIntake>(scope.kind === 'occupant' ? intakePaths.occupantSend(scope.formId) : intakePaths.partnerSend(scope.formId, scope.addressId), { body: {} }),
  upload: (scope: IntakeScope, section: number, elementId: string, file: File, onProgress: (fraction: number) => void) =>
    apiUploadWithProgress<TFormPhoto>(
      scope.kind === 'occupant' ? intakePaths.occupantUpload(scope.formId, section, elementId) : intakePaths.partnerUpload(scope.formId, section, elementId, scope.addressId),
      file,
      { onProgress },
    ),
};
