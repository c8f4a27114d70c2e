import { useCallback, useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { elementKeys, formValueField, type TFormOccupant, type TFormPhoto, type TFormSection, type TFormValues } from '@portal/contract';
import { namedErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary } from '../../../ui/error-summary';
import { useSectionForm, type SectionFormOptions } from '../hooks/use-section-form';
import { formTexts, invalidFormText } from '../texts';
import { FormElements } from './form-element';
import type { ElementEnv } from './element-env';

const NO_OCCUPANTS: readonly TFormOccupant[] = [];

type Props<T> = Omit<SectionFormOptions<T>, 'occupantIds'> & {
  occupants: readonly TFormOccupant[] | null;
  upload: (elementId: string, file: File, onProgress: (fraction: number) => void) => Promise<TFormPhoto>;
  /** The save button's text ('Opslaan en volgende', 'Indienen'). */
  submitLabel: string;
  /** More buttons beside the save button. */
  actions?: ReactNode;
  /** The section's heading, when it has one. */
  heading?: ReactNode;
  /** Shown in parts under their own headings (a one-page form of several sections); the section holds all their elements. */
  parts?: readonly TFormSection[];
  /** Choice forms with prices: surcharges and calculator totals at the elements. */
  showPrices?: boolean;
  /** Told of every change of the values (a choice form's running total). */
  onValuesChange?: (values: TFormValues) => void;
};

/**
 * One section of a form: its elements (one renderer for every family), the error summary, the notices
 * of a restored or pending draft, and the save button. Key it by entry and section, so that each
 * section starts from its own values.
 */
export function SectionForm<T>({ occupants, upload, submitLabel, actions, heading, parts, showPrices, onValuesChange, ...options }: Props<T>) {
  const form = useSectionForm({ ...options, occupantIds: occupants ? occupants.map((o) => o.id) : null });
  const changed = useRef(onValuesChange);
  changed.current = onValuesChange;
  useEffect(() => changed.current?.(form.values), [form.values]);
  // The summary names the question of each message ('Naam: Dit veld is verplicht'); the field itself says the message only.
  const labels = useMemo(
    () => new Map(options.section.elements.flatMap((e) => elementKeys(options.family, e).map((key) => [formValueField(key), e.data.label ?? ''] as const))),
    [options.section, options.family],
  );
  const summary = namedErrors(form.errorList, labels);
  // The fields render again only when what they show changes (FormElements is memoised): the page around
  // them renders again as its other data arrive (the project, the customer, the occupants), and the form's
  // fields were most of that work, in tasks of 100-150 ms on a slow phone after the first paint.
  const uploadRef = useRef(upload);
  uploadRef.current = upload;
  const stableUpload = useCallback<typeof upload>((elementId, file, onProgress) => uploadRef.current(elementId, file, onProgress), []);
  // The occupants come after the form (their own call): the fields take them in a render that yields to the browser.
  const occupantList = useDeferredValue(occupants && occupants.length === 0 ? NO_OCCUPANTS : occupants);
  const { values, errors, photos, setValue, setFieldError, setPhoto } = form;
  const env = useMemo<ElementEnv>(
    () => ({ family: options.family, values, errors, readOnly: options.readOnly, setValue, setFieldError, photos, upload: stableUpload, setPhoto, occupants: occupantList, showPrices }),
    [options.family, values, errors, options.readOnly, setValue, setFieldError, photos, stableUpload, setPhoto, occupantList, showPrices],
  );
  return (
    <form
      noValidate
      aria-label={typeof heading === 'string' ? heading : undefined}
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      {heading && <h2 className="text-xl font-bold text-slate-900">{heading}</h2>}
      <ErrorSummary errors={summary} focusKey={form.focusKey} title={invalidFormText(options.family)} />
      {form.pending ? (
        <Banner tone="warning">{formTexts.offlinePending}</Banner>
      ) : form.restored && !options.readOnly ? (
        <Banner tone="info">{formTexts.draftRestored}</Banner>
      ) : null}
      {options.readOnly ? <p className="text-sm text-slate-700">{formTexts.readOnly}</p> : <p className="text-sm text-slate-700">{formTexts.requiredHint}</p>}
      {parts ? (
        parts.map((part) => (
          <section key={part.id} aria-label={part.label || undefined} className="flex flex-col gap-5">
            {part.label && <h3 className="border-b border-slate-200 pb-1 text-lg font-bold text-slate-900">{part.label}</h3>}
            <FormElements elements={part.elements} env={env} />
          </section>
        ))
      ) : (
        <FormElements elements={options.section.elements} env={env} />
      )}
      {(!options.readOnly || actions) && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {!options.readOnly && <Button type="submit" busy={form.saving}>{submitLabel}</Button>}
          {actions}
        </div>
      )}
    </form>
  );
}
