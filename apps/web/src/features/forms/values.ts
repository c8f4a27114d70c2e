import {
  askedContact, elementKeys, formElementKind, isInputKind, optionKey, pinpointsKey, timeWindow,
  type FormRuleContext, type TFormElement, type TFormFamily, type TFormPhoto, type TFormSection, type TFormValue, type TFormValues,
} from '@portal/contract';

/**
 * The values of a section as one flat map (form-rules.ts: '{id}', '{id}-value-{i}', '{id}-pinpoints'),
 * read from what the server sends per element (value, checked, photo, pinpoints, cp_id/cp), and
 * written back for a save.
 */

/** The photos a section holds, by element id. */
export type PhotoMap = Record<string, TFormPhoto>;

/** What an element holds, as values-map entries; a staff default (a valid option for a choice) when it holds nothing. */
export function elementValues(family: TFormFamily, element: TFormElement): TFormValues {
  const kind = formElementKind(family, element.type);
  if (!kind || !isInputKind(kind)) return {};
  const { data } = element;
  const options = data.options ?? [];
  if ((kind === 'select' || kind === 'choice') && data.type === 'check') {
    return Object.fromEntries(options.map((_, i) => [optionKey(element.id, i), element.checked?.[i] === true]));
  }
  switch (kind) {
    case 'drawinginput':
      return { [pinpointsKey(element.id)]: element.pinpoints ?? [] };
    case 'contactinput':
      return { [element.id]: element.cp_id === null || element.cp_id === undefined ? null : { cp_id: element.cp_id, cp: element.cp ?? null } };
    case 'photoinput':
      return { [element.id]: element.photo?.id ?? (typeof element.value === 'number' ? element.value : null) };
    default: {
      const held = element.value;
      if (held !== undefined && held !== null && held !== '') return { [element.id]: held };
      const preset = data.defaultValue;
      if (!preset) return { [element.id]: null };
      if (kind === 'select' || kind === 'choice') return { [element.id]: options.some((o) => o.label === preset) ? preset : null };
      if (kind === 'numberinput' || kind === 'calculatorinput') return { [element.id]: Number.isFinite(Number(preset)) ? Number(preset) : null };
      if (kind === 'timeinput') {
        const { from, till } = timeWindow(data);
        return { [element.id]: preset >= from && preset <= till ? preset : null };
      }
      return { [element.id]: preset };
    }
  }
}

export function sectionValues(family: TFormFamily, section: TFormSection): TFormValues {
  return Object.assign({}, ...section.elements.map((element) => elementValues(family, element))) as TFormValues;
}

export function sectionPhotos(section: TFormSection): PhotoMap {
  return Object.fromEntries(section.elements.flatMap((e) => (e.photo ? [[e.id, e.photo]] : [])));
}

/** The keys a section's save sends: every key of every input element of the section. */
export function sectionKeys(family: TFormFamily, section: Pick<TFormSection, 'elements'>): string[] {
  return section.elements.flatMap((element) => elementKeys(family, element));
}

/** What a save sends: the section's keys only, blank text as null (so the server clears it). */
export function wireValues(family: TFormFamily, section: Pick<TFormSection, 'elements'>, values: Readonly<TFormValues>): TFormValues {
  const entries = section.elements.flatMap((element) => {
    const kind = formElementKind(family, element.type);
    const empty: TFormValue = kind === 'drawinginput' ? [] : (kind === 'select' || kind === 'choice') && element.data.type === 'check' ? false : null;
    return elementKeys(family, element).map((key): [string, TFormValue] => {
      const value = values[key];
      if (value === undefined) return [key, empty];
      // A contact sends only the fields its input asks (spec 3.2): what an earlier version of the form asked is left out.
      if (kind === 'contactinput' && value && typeof value === 'object' && !Array.isArray(value) && value.cp) return [key, { ...value, cp: askedContact(element.data, value.cp) }];
      return [key, typeof value === 'string' && !value.trim() ? null : value];
    });
  });
  return Object.fromEntries(entries);
}

/** The rules' context in the browser: the photos it uploaded or was sent, and the address's occupants when known. */
export function ruleContext(photos: PhotoMap, occupantIds: readonly number[] | null): FormRuleContext {
  return {
    hasPhoto: (elementId, photoId) => photos[elementId]?.id === photoId,
    occupantIds: occupantIds ? new Set(occupantIds) : null,
  };
}
