import { useQuery } from '@tanstack/react-query';
import type { TFormListItem } from '@portal/contract';
import type { Audience } from '../../../lib/audience';
import { formQueries, type FormsAudience, type GenericForm } from '../api';

/** The forms' audience of a module route: residents and public visitors (partners fill in intake forms only). */
export function formsAudience(audience: Audience): FormsAudience | null {
  if (audience.kind === 'occupant') return { kind: 'occupant' };
  if (audience.kind === 'public') return { kind: 'public', projectId: audience.projectId };
  return null;
}

/**
 * A generic form as its calls address it: a visitor's first needs the project's visitor code (the one
 * stored for chat and surveys, else a new one from the server); a resident's is there at once.
 */
export function useGenericForm(audience: FormsAudience, formId: number) {
  const projectId = audience.kind === 'public' ? audience.projectId : 0;
  const unique = useQuery({ ...formQueries.unique(projectId), enabled: audience.kind === 'public' });
  const form: GenericForm | null = audience.kind === 'occupant' ? { audience, formId, unique: null } : unique.data ? { audience, formId, unique: unique.data } : null;
  return { form, error: unique.error, retry: () => void unique.refetch() };
}

/** A form's name and the menu it sits in, from the overview and the menus (both cached); null while unknown. */
export function useFormPlace(audience: FormsAudience, formId: number) {
  const list = useQuery(formQueries.list(audience));
  const menus = useQuery(formQueries.menus(audience));
  const isForm = (item: TFormListItem) => item.type === 'form' && item.form_id === formId;
  const menu = menus.data?.find((m) => m.items.some(isForm)) ?? null;
  const item = list.data?.find(isForm) ?? menu?.items.find(isForm) ?? null;
  return { name: item?.name ?? null, menuId: menu?.id ?? null };
}
