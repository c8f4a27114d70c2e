import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { elementKeys, formValueField, type TFormOccupant, type TFormPhoto, type TFormSection, type TFormValues } from '@portal/contract';
import { namedErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary } from '../../../ui/error-summary';
import { useSectionForm, type SectionFormOptions } from '../hooks/use-section-form';
import { formTexts, invalidFormText } from '../texts';
import { FormElements } from './form-element';

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
  const env = {
    family: options.family,
    values: form.values,
    errors: form.errors,
    readOnly: options.readOnly,
    setValue: form.setValue,
    setFieldError: form.setFieldError,
    photos: form.photos,
    upload,
    setPhoto: form.setPhoto,
    occupants,
    showPrices,
  };
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
