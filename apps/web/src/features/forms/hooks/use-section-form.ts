import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { validateFormSection, type TFormFamily, type TFormPhoto, type TFormSection, type TFormValue, type TFormValues } from '@portal/contract';
import { isConnectionError, onConnectionRestored } from '../../../lib/connectivity';
import { errorList, serverFieldErrors } from '../../../lib/form-errors';
import { formDrafts } from '../../../lib/form-drafts';
import { useErrorSummary } from '../../../ui/error-summary';
import { toast, toastError } from '../../../ui/toaster';
import { formTexts, invalidFormText } from '../texts';
import { ruleContext, sectionPhotos, sectionValues, wireValues, type PhotoMap } from '../values';

export type SectionFormOptions<T> = {
  family: TFormFamily;
  section: TFormSection;
  /** Names the entry the drafts belong to ('generic:occupant:12:34'); the section's own key is added. */
  draftScope: string;
  draftSection: string;
  readOnly: boolean;
  /** The occupants a contact input may name, when known. */
  occupantIds: readonly number[] | null;
  save: (values: TFormValues) => Promise<T>;
  onSaved: (result: T) => void;
  /** The message after a save ('Formulier opgeslagen' unless told). */
  savedMessage?: string;
  /** Asked after the rules pass and before the save (a confirmation); false stops the save. */
  beforeSave?: () => Promise<boolean>;
};

/**
 * The state of one form section being filled: its values (from the server, or the draft that was not
 * saved yet), its errors and its save. What is typed is kept in the browser (a draft per entry and
 * section) until the server saved it; a save that fails for want of a connection stays pending and is
 * sent again as soon as the connection returns. The browser checks the contract's rules first (the
 * same the server runs); a 422 puts the server's messages on the same fields.
 */
export function useSectionForm<T>({ family, section, draftScope, draftSection, readOnly, occupantIds, save, onSaved, beforeSave, savedMessage = formTexts.saved }: SectionFormOptions<T>) {
  const [initialDraft] = useState(() => (readOnly ? null : formDrafts.get(draftScope, draftSection)));
  const [values, setValues] = useState<TFormValues>(() => ({ ...sectionValues(family, section), ...((initialDraft?.values as TFormValues | undefined) ?? {}) }));
  const [photos, setPhotos] = useState<PhotoMap>(() => ({ ...sectionPhotos(section), ...((initialDraft?.photos as PhotoMap | undefined) ?? {}) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(initialDraft?.pending === true);
  const [saving, setSaving] = useState(false);
  const dirty = useRef(initialDraft !== null);
  const { focusKey, focusSummary } = useErrorSummary();

  // A section that can no longer change (locked, sent) keeps no draft.
  useEffect(() => {
    if (readOnly) formDrafts.set(draftScope, draftSection, null);
  }, [readOnly, draftScope, draftSection]);

  // Kept in the browser after every change until the server has it.
  useEffect(() => {
    if (!dirty.current || readOnly) return;
    formDrafts.set(draftScope, draftSection, { values, photos, pending, savedAt: Date.now() });
  }, [values, photos, pending, draftScope, draftSection, readOnly]);

  const clearError = (field: string) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  const setValue = useCallback((key: string, value: TFormValue) => {
    dirty.current = true;
    setValues((current) => ({ ...current, [key]: value }));
    clearError(`values.${key}`);
  }, []);
  const setPhoto = useCallback((elementId: string, photo: TFormPhoto) => {
    dirty.current = true;
    setPhotos((current) => ({ ...current, [elementId]: photo }));
    setValues((current) => ({ ...current, [elementId]: photo.id }));
    clearError(`values.${elementId}`);
  }, []);
  const setFieldError = useCallback((field: string, message: string | undefined) => {
    if (message) setErrors((current) => ({ ...current, [field]: message }));
    else clearError(field);
  }, []);

  const showErrors = useCallback((found: Record<string, string>) => {
    setErrors(found);
    toast(invalidFormText(family), 'error');
    focusSummary();
  }, [focusSummary, family]);

  const latest = useRef({ values, photos });
  latest.current = { values, photos };
  const busy = useRef(false);

  const submit = useCallback(async ({ confirmed = false } = {}) => {
    if (busy.current || readOnly) return;
    const wire = wireValues(family, section, latest.current.values);
    const found = validateFormSection(family, section.elements, wire, ruleContext(latest.current.photos, occupantIds));
    if (found.length) return showErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
    setErrors({});
    if (beforeSave && !confirmed && !(await beforeSave())) return;
    busy.current = true;
    setSaving(true);
    try {
      const result = await save(wire);
      dirty.current = false;
      formDrafts.set(draftScope, draftSection, null);
      setPending(false);
      toast(savedMessage, 'success');
      onSaved(result);
    } catch (error) {
      if (isConnectionError(error)) {
        dirty.current = true;
        setPending(true);
        formDrafts.set(draftScope, draftSection, { ...latest.current, pending: true, savedAt: Date.now() });
        toast(formTexts.offlineKept, 'error', 10_000);
        return;
      }
      const fields = serverFieldErrors(error);
      if (fields.length) showErrors(Object.fromEntries(fields.map((e) => [e.field, e.message])));
      else toastError(error, formTexts.saveFailed);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }, [family, section, readOnly, occupantIds, save, onSaved, beforeSave, savedMessage, draftScope, draftSection, showErrors]);

  // A save waiting for the connection goes again when it returns; after a reload (connection back) at once.
  const retry = useRef(submit);
  retry.current = submit;
  const retriedOnOpen = useRef(false);
  useEffect(() => {
    if (!pending) return;
    if (!retriedOnOpen.current && initialDraft?.pending && navigator.onLine) {
      retriedOnOpen.current = true;
      void retry.current({ confirmed: true });
    }
    return onConnectionRestored(() => void retry.current({ confirmed: true }));
  }, [pending, initialDraft]);

  const list = useMemo(() => errorList(errors), [errors]);
  return {
    values, photos, errors, errorList: list, setValue, setPhoto, setFieldError, submit, saving, pending,
    /** A draft from an earlier visit was put back. */
    restored: initialDraft !== null,
    focusKey,
  };
}
