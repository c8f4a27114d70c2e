import { FORM_MODULES, type TFormListItem, type TPartnerFormKind } from '@portal/contract';
import type { FormsAudience, IntakeScope } from './api';
import { stepSegments, type GenericStep } from './steps';

/**
 * The forms' page paths (spec 2.1, 2.2) for a resident and for a visitor of a public project, who
 * gets the /public prefix and the project id.
 */
export function formPages(audience: FormsAudience) {
  const root = audience.kind === 'public' ? `/public/formulier/${audience.projectId}` : '/formulier/formulier';
  return {
    list: audience.kind === 'public' ? `/public/formulieren/${audience.projectId}` : '/formulieren',
    menu: (menuId: number) => (audience.kind === 'public' ? `/public/formulier/${audience.projectId}/menu/${menuId}` : `/formulier/menu/${menuId}`),
    results: (formId: number) => `${root}/resultaten/${formId}`,
    /** An entry; `nieuw` asks the server for a new one, 0 for the one to continue (a form of one entry). */
    entry: (formId: number, entryId: number | 'nieuw', step?: GenericStep) => `${root}/${formId}/${entryId}${step ? `/${stepSegments(step)}` : ''}`,
  };
}
export type FormPages = ReturnType<typeof formPages>;

/** The entry ids that ask the server which entry to open: 'nieuw' (or 'new') a new one, 0 the current one. */
export function entryParam(value: string | undefined): { kind: 'new' } | { kind: 'current' } | { kind: 'entry'; id: number } | null {
  if (value === 'nieuw' || value === 'new') return { kind: 'new' };
  if (value === '0') return { kind: 'current' };
  return value && /^\d{1,10}$/.test(value) ? { kind: 'entry', id: Number(value) } : null;
}

/** Where an item of the forms overview leads (spec 2.2); null for a kind the audience has no page for. */
export function itemHref(audience: FormsAudience, item: TFormListItem): string | null {
  const pages = formPages(audience);
  if (item.type === 'menu' || item.module === 'menu') return pages.menu(item.id);
  const isPublic = audience.kind === 'public';
  switch (item.module) {
    case FORM_MODULES.intake:
      return isPublic ? null : `/formulier/opname/${item.form_id}`;
    case FORM_MODULES.supportBase:
      return isPublic ? `/public/formulier/draagvlak/${item.form_id}/0` : `/formulier/draagvlak/${item.form_id}/0`;
    case FORM_MODULES.choice:
      return isPublic ? null : `/formulier/keuze/${item.form_id}/0`;
    case null:
      return item.allow_multiple_entries ? pages.results(item.form_id) : pages.entry(item.form_id, 0);
    default: {
      const never: never = item.module;
      return never;
    }
  }
}

/** An intake form's section pages: the resident's own, or a partner's for an address. */
export function intakePage(scope: IntakeScope, section?: number): string {
  const tail = section === undefined ? '' : `/${section}`;
  return scope.kind === 'occupant'
    ? `/formulier/opname/${scope.formId}${tail}`
    : `/partner/opname/project/${scope.projectId}/adres/${scope.addressId}/${scope.formId}${tail}`;
}

/** The portal segment of a partner's pages per form kind: /partner/opname/... and /partner/keuze/... */
const PARTNER_SEGMENTS: Record<TPartnerFormKind, string> = { intake: 'opname', choice: 'keuze' };

/** A partner's pages of a form kind: the project's forms, a form's addresses and the form of an address. */
export function partnerFormPages(kind: TPartnerFormKind) {
  const root = (projectId: number) => `/partner/${PARTNER_SEGMENTS[kind]}/project/${projectId}`;
  return {
    forms: (projectId: number) => `${root(projectId)}/formulieren`,
    addresses: (projectId: number, formId: number) => `${root(projectId)}/formulier/${formId}/adressen`,
    /** The pages of one address's form (a step follows). */
    form: (projectId: number, formId: number, addressId: number) => `${root(projectId)}/adres/${addressId}/${formId}`,
    /** The form of an address: its first section (intake), or the step to resume (choice: 0 is the first section). */
    address: (projectId: number, formId: number, addressId: number) =>
      kind === 'intake' ? intakePage({ kind: 'partner', projectId, formId, addressId }) : `${root(projectId)}/adres/${addressId}/${formId}/0`,
  };
}

export const partnerIntakePages = partnerFormPages('intake');
