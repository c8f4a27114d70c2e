import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  validateFormSection, type TFormFamily, type TFormOccupant, type TFormPhoto, type TFormSectionDefinition, type TFormValue, type TFormValues,
} from '@portal/contract';
import { FormElements } from '../../features/forms/components/form-element';
import type { ElementEnv } from '../../features/forms/components/element-env';
import { elementValues, ruleContext, wireValues, type PhotoMap } from '../../features/forms/values';
import { Button } from '../../ui/button';

/**
 * The form builder's live preview: the resident's own renderer (features/forms: FormElements, the one
 * renderer of every family's elements, with their rules, hints and prices) mounted on the unsaved draft.
 * Composed here because features never import each other; the builder's page hands `renderFormPreview`
 * to the DefinitionEditor as its `renderPreview`. What is typed stays in this component's memory: no
 * draft is kept, nothing is sent; a photo is shown from the browser (an object URL), never uploaded.
 */

export const formPreviewTexts = {
  check: 'Controleer als bewoner',
  checked: 'De antwoorden in het voorbeeld voldoen aan de regels.',
  invalid: (n: number) => (n === 1 ? 'Het voorbeeld heeft 1 antwoord dat niet voldoet.' : `Het voorbeeld heeft ${n} antwoorden die niet voldoen.`),
  reset: 'Antwoorden wissen',
  sampleOccupant: 'J. de Vries (voorbeeldbewoner)',
} as const;

/** The address's occupants a contact input offers: one sample, so that the choice can be tried. */
const SAMPLE_OCCUPANTS: readonly TFormOccupant[] = [{ id: 1, full_name: formPreviewTexts.sampleOccupant }];

function FormPreview({ kind, sections }: { kind: TFormFamily; sections: TFormSectionDefinition[] }) {
  const [typed, setTyped] = useState<TFormValues>({});
  const [photos, setPhotos] = useState<PhotoMap>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState('');
  const urls = useRef<string[]>([]);
  const nextPhotoId = useRef(0);
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  // The staff defaults (as a resident's empty entry gets them), then what was typed in the preview.
  const values = useMemo(
    () => ({ ...Object.assign({}, ...sections.flatMap((s) => s.elements.map((e) => elementValues(kind, e)))) as TFormValues, ...typed }),
    [kind, sections, typed],
  );
  const clearError = (field: string) => setErrors((current) => {
    if (!(field in current)) return current;
    const next = { ...current };
    delete next[field];
    return next;
  });
  const setValue = useCallback((key: string, value: TFormValue) => {
    setTyped((current) => ({ ...current, [key]: value }));
    clearError(`values.${key}`);
  }, []);
  const setFieldError = useCallback((field: string, message: string | undefined) => {
    if (message) setErrors((current) => ({ ...current, [field]: message }));
    else clearError(field);
  }, []);
  const setPhoto = useCallback((elementId: string, photo: TFormPhoto) => {
    setPhotos((current) => ({ ...current, [elementId]: photo }));
    setValue(elementId, photo.id);
  }, [setValue]);
  const upload = useCallback(async (_elementId: string, file: File, onProgress: (fraction: number) => void): Promise<TFormPhoto> => {
    const url = URL.createObjectURL(file);
    urls.current.push(url);
    onProgress(1);
    nextPhotoId.current -= 1;
    return { id: nextPhotoId.current, url, image_width: 0, image_height: 0 };
  }, []);

  const env: ElementEnv = {
    family: kind, values, errors, readOnly: false, setValue, setFieldError, photos, upload, setPhoto, occupants: SAMPLE_OCCUPANTS, showPrices: kind === 'choice',
  };
  const check = () => {
    const context = ruleContext(photos, SAMPLE_OCCUPANTS.map((o) => o.id));
    const found = sections.flatMap((s) => validateFormSection(kind, s.elements, wireValues(kind, s, values), context));
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
    setOutcome(found.length ? formPreviewTexts.invalid(found.length) : formPreviewTexts.checked);
  };
  return (
    <form noValidate className="flex flex-col gap-6" onSubmit={(event) => { event.preventDefault(); check(); }}>
      {sections.map((section) => (
        <section key={section.id} aria-label={section.label || undefined} className="flex flex-col gap-4">
          {section.label && <h3 className="border-b border-slate-200 pb-1 text-lg font-bold text-slate-900">{section.label}</h3>}
          <FormElements elements={section.elements} env={env} />
        </section>
      ))}
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:flex-wrap">
        <Button type="submit">{formPreviewTexts.check}</Button>
        <Button variant="secondary" onClick={() => { setTyped({}); setPhotos({}); setErrors({}); setOutcome(''); }}>{formPreviewTexts.reset}</Button>
      </div>
      <p role="status" className="text-sm text-slate-800">{outcome}</p>
    </form>
  );
}

/** The DefinitionEditor's `renderPreview`: the resident's renderer on the draft `sections` of a form of `kind`. */
export function renderFormPreview(kind: TFormFamily, sections: TFormSectionDefinition[]): ReactNode {
  return <FormPreview kind={kind} sections={sections} />;
}
