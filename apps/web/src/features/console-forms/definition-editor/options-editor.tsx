import { useId } from 'react';
import { formatCents, priceCents, type TFormOption } from '@portal/contract';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import { ImageField } from './image-field';
import { ArrowDown, ArrowUp, IconButton, TrashIcon } from './sortable';
import { editorTexts as t } from './texts';

type Props = {
  legend: string;
  hint?: string;
  options: readonly TFormOption[];
  onChange: (options: TFormOption[]) => void;
  withPrices: boolean;
  withImages: boolean;
  /** The options' path ('sections.{s}.elements.{e}.data.options'); option i's problems are at '{path}.{i}.label' and '.price'. */
  path: string;
  errorAt: (field: string) => string | undefined;
  uploadImage: (file: File) => Promise<{ url: string }>;
  disabled?: boolean;
};

/** A price as typed, written the stored way once the field is left ('12,5' and '12.5' become '12,50'); left as typed when it is no amount. */
export const normalPrice = (text: string) => {
  const cents = priceCents(text);
  return cents === null ? text.trim() : formatCents(cents);
};

/** The options of a select or choice (label, and for a choice form a surcharge in euros and a picture), or a drawing's pin choices. */
export function OptionsEditor({ legend, hint, options, onChange, withPrices, withImages, path, errorAt, uploadImage, disabled }: Props) {
  const hintId = useId();
  const set = (i: number, change: Partial<TFormOption>) => onChange(options.map((o, j) => (j === i ? { ...o, ...change } : o)));
  const move = (i: number, to: number) => {
    const next = [...options];
    const [item] = next.splice(i, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  const add = () => onChange([...options, { label: t.newOption(options.length + 1), ...(withPrices ? { price: '0,00' } : {}), ...(withImages ? { image: null } : {}) }]);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
      {withPrices && <p id={hintId} className="text-xs text-slate-600">{t.optionPriceHint}</p>}
      {errorAt(path) && <p className="text-sm font-medium text-red-700">{errorAt(path)}</p>}
      <ol className="flex flex-col gap-3">
        {options.map((option, i) => (
          // Options have no id of their own: their place is their key (the renderer keys them the same way).
          <li key={i} className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3">
            <div className="flex items-center gap-1">
              <p className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-800">{option.label.trim() || t.newOption(i + 1)}</p>
              <IconButton label={t.optionUp(option.label)} disabled={disabled || i === 0} onClick={() => move(i, i - 1)}><ArrowUp /></IconButton>
              <IconButton label={t.optionDown(option.label)} disabled={disabled || i === options.length - 1} onClick={() => move(i, i + 1)}><ArrowDown /></IconButton>
              <IconButton label={t.optionRemove(option.label)} tone="danger" disabled={disabled} onClick={() => onChange(options.filter((_, j) => j !== i))}><TrashIcon /></IconButton>
            </div>
            <div className={`grid items-start gap-3 ${withPrices ? '@md:grid-cols-[minmax(0,1fr)_11rem]' : ''}`}>
              <TextField
                label={t.optionLabel(i + 1)}
                name={`${path}.${i}.label`}
                value={option.label}
                error={errorAt(`${path}.${i}.label`)}
                disabled={disabled}
                onChange={(event) => set(i, { label: event.target.value })}
              />
              {withPrices && (
                <TextField
                  label={t.optionPrice(i + 1)}
                  name={`${path}.${i}.price`}
                  inputMode="decimal"
                  value={option.price ?? ''}
                  error={errorAt(`${path}.${i}.price`)}
                  disabled={disabled}
                  onChange={(event) => set(i, { price: event.target.value })}
                  onBlur={(event) => event.target.value.trim() && set(i, { price: normalPrice(event.target.value) })}
                />
              )}
            </div>
            {withImages && (
              <ImageField
                label={t.optionImage(i + 1)}
                name={`${path}.${i}.image`}
                value={option.image}
                onChange={(url) => set(i, { image: url })}
                uploadImage={uploadImage}
                disabled={disabled}
              />
            )}
          </li>
        ))}
      </ol>
      <Button variant="secondary" className="self-start" disabled={disabled} onClick={add}>{t.addOption}</Button>
    </fieldset>
  );
}
