import type { TPartnerFormKind } from './forms.ts';

/**
 * The forms' call paths (relative to the API base) and list items' module codes, for the portal: without zod, so that a resident's form
 * step does not load the schemas of forms.ts.
 */

/** Module codes of form list items: 13 intake, 14 support-base, 16 choice; null for a generic form. */
export const FORM_MODULES = { intake: 13, supportBase: 14, choice: 16 } as const;

const enc = encodeURIComponent;

/** The calls' paths (relative to the API base), for the portal. */
export const formPaths = {
  // overview
  occupantList: '/occupant/forms/',
  occupantMenus: '/occupant/form/menu',
  occupantMenu: (menuId: number) => `/occupant/form/menu/${menuId}`,
  publicUnique: (projectId: number) => `/public/forms/${projectId}/get-unique/`,
  publicList: (projectId: number) => `/public/forms/${projectId}`,
  publicMenus: (projectId: number) => `/public/forms/menus/${projectId}`,
  publicMenu: (menuId: number) => `/public/forms/menu/${menuId}`,
  // generic entries: base is '/occupant/form/{id}' or '/public/form/{id}/{unique}'
  occupantBase: (formId: number) => `/occupant/form/${formId}`,
  publicBase: (formId: number, unique: string) => `/public/form/${formId}/${unique}`,
  entries: (base: string) => `${base}/filled-in-forms`,
  newEntry: (base: string) => `${base}/new`,
  entry: (base: string, fid: number) => `${base}/filled-in-form/${fid}`,
  section: (base: string, fid: number, section: number) => `${base}/filled-in-form/${fid}/section/${section}`,
  upload: (base: string, fid: number, section: number, elementId: string) => `${base}/filled-in-form/${fid}/section/${section}/element/${enc(elementId)}`,
  lock: (base: string, fid: number) => `${base}/filled-in-form/${fid}/lock`,
  email: (base: string, fid: number) => `${base}/filled-in-form/${fid}/email`,
  nrOfSignatures: (base: string, fid: number) => `${base}/filled-in-form/${fid}/nr-of-signatures`,
  signature: (base: string, fid: number, x: number) => `${base}/filled-in-form/${fid}/signature/${x}`,
  signingUrl: (base: string, fid: number, x: number) => `${base}/filled-in-form/${fid}/signage/url/${x}`,
  isSigned: (base: string, fid: number, x: number) => `${base}/filled-in-form/${fid}/is-signed/${x}`,
  /** The address's occupants for contact inputs (a visitor's list is empty). */
  occupants: (base: string) => `${base}/occupants`,
  /** A visitor's photo and summary PDF (a resident's come as signed file links in the entry). */
  publicPhoto: (formId: number, unique: string, fid: number, photoId: number) => `/public/form/${formId}/${unique}/filled-in-form/${fid}/photo/${photoId}`,
  publicSummary: (formId: number, unique: string, fid: number) => `/public/form/${formId}/${unique}/filled-in-form/${fid}/summary`,
  // the simple public form
  publicSimple: (formId: number) => `/public/form/${formId}`,
} as const;

/** A partner's lists of a kind's forms and of a form's addresses (kind 'intake' or 'choice'). */
export const partnerFormListPaths = {
  forms: (kind: TPartnerFormKind, projectId: number) => `/partner/project/${projectId}/${kind}/forms/`,
  addresses: (kind: TPartnerFormKind, projectId: number, formId: number) => `/partner/project/${projectId}/${kind}/form/${formId}/addresses`,
} as const;

export const intakePaths = {
  partnerForms: (projectId: number) => partnerFormListPaths.forms('intake', projectId),
  partnerAddresses: (projectId: number, formId: number) => partnerFormListPaths.addresses('intake', projectId, formId),
  occupantForm: (formId: number) => `/occupant/intake/form/${formId}`,
  partnerForm: (formId: number, addressId: number) => `/partner/intake/form/${formId}/address/${addressId}`,
  occupantSection: (formId: number, section: number) => `/occupant/intake/form/${formId}/section/${section}`,
  partnerSection: (formId: number, section: number, addressId: number) => `/partner/intake/form/${formId}/section/${section}/address/${addressId}`,
  occupantSend: (formId: number) => `/occupant/intake/form/${formId}`,
  partnerSend: (formId: number, addressId: number) => `/partner/intake/form/${formId}/address/${addressId}`,
  occupantOccupants: (formId: number) => `/occupant/intake/form/${formId}/occupants`,
  partnerOccupants: (formId: number, addressId: number) => `/partner/intake/form/${formId}/address/${addressId}/occupants`,
  occupantUpload: (formId: number, section: number, elementId: string) => `/occupant/intake/form/${formId}/section/${section}/element/${enc(elementId)}`,
  partnerUpload: (formId: number, section: number, elementId: string, addressId: number) =>
    `/partner/intake/form/${formId}/section/${section}/element/${enc(elementId)}/address/${addressId}`,
} as const;
