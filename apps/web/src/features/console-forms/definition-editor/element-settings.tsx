import { useId, type ReactNode } from 'react';
import {
  CONTACT_FIELD_LABELS, CONTACT_OPTIONAL_FIELDS, elementField, elementSpec, SELECT_TYPE_LABELS,
  type TElementSetting, type TFormElementData, type TFormElementDefinition, type TFormFamily,
} from '@portal/contract';
import { LazyRichTextEditor } from '../../../ui/console-content-layout';
import { Checkbox, LabelledField, TextField } from '../../../ui/field';
import { Select } from '../../../ui/select';
import { ImageField } from './image-field';
import { normalPrice, OptionsEditor } from './options-editor';
import { editorTexts as t } from './texts';

type Props = {
  family: TFormFamily;
  sectionId: string;
  element: TFormElementDefinition;
  onChange: (data: Partial<TFormElementData>) => void;
  /** The message at a problem path, if any. */
  errorAt: (field: string) => string | undefined;
  uploadImage: (file: File) => Promise<{ url: string }>;
  disabled?: boolean;
};

const toNumber = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/** A number setting (empty is null: no bound, no maximum). */
function NumberSetting({ label, value, onChange, name, error, hint, disabled, step }: {
  label: string; value: number | null | undefined; onChange: (n: number | null) => void; name: string; error?: string; hint?: ReactNode; disabled?: boolean; step?: string;
}) {
  return (
    <TextField
      className="min-w-0 flex-1 basis-40"
      type="number"
      step={step ?? 'any'}
      label={label}
      name={name}
      value={value ?? ''}
      error={error}
      hint={hint}
      disabled={disabled}
      onChange={(event) => onChange(toNumber(event.target.value))}
    />
  );
}

/** The settings of one element, as its registry entry (form-elements.ts) lists them. */
export function ElementSettings({ family, sectionId, element, onChange, errorAt, uploadImage, disabled }: Props) {
  const spec = elementSpec(family, element.type);
  const typeId = useId();
  if (!spec) return null;
  const { data } = element;
  const path = (key: string) => elementField(sectionId, element.id, `data.${key}`);
  const has = (setting: TElementSetting) => spec.settings.includes(setting);
  const text = (key: 'label' | 'placeholder' | 'defaultValue' | 'agree' | 'disagree' | 'unit', label: string, extra: { hint?: ReactNode; required?: boolean; type?: string } = {}) => (
    <TextField
      label={label}
      name={path(key)}
      value={data[key] ?? ''}
      error={errorAt(path(key))}
      hint={extra.hint}
      required={extra.required}
      type={extra.type}
      disabled={disabled}
      onChange={(event) => onChange({ [key]: event.target.value })}
    />
  );
  const options = data.options ?? [];
  const choosesOne = (spec.kind === 'select' || spec.kind === 'choice') && data.type !== 'check';

  return (
    <div className="flex flex-col gap-4">
      {has('label') && text('label', spec.noun === 'Tekstblok' ? t.titleLabel : t.label, { required: spec.noun === 'Vraag' })}
      {has('wysiwyg') && (
        <LazyRichTextEditor
          id={`${typeId}-wysiwyg`}
          label={t.wysiwyg}
          value={data.wysiwyg ?? ''}
          onChange={(html) => onChange({ wysiwyg: html })}
          error={errorAt(path('wysiwyg'))}
          onUploadImage={async (file) => (await uploadImage(file)).url}
        />
      )}
      {has('required') && (
        <Checkbox label={t.required} name={path('requiredField')} checked={data.requiredField === true} disabled={disabled} onChange={(event) => onChange({ requiredField: event.target.checked })} />
      )}
      {has('selectType') && (
        <LabelledField label={t.selectType} error={errorAt(path('type'))} id={typeId}>
          {(control) => (
            <Select {...control} name={path('type')} value={data.type ?? ''} error={errorAt(path('type'))} disabled={disabled}
              onChange={(event) => onChange({ type: event.target.value as NonNullable<TFormElementData['type']> })}>
              {!data.type && <option value="">{t.chooseSelectType}</option>}
              {(spec.selectTypes ?? []).map((type) => <option key={type} value={type}>{SELECT_TYPE_LABELS[type]}</option>)}
            </Select>
          )}
        </LabelledField>
      )}
      {has('options') && (
        <OptionsEditor
          legend={t.options}
          options={options}
          onChange={(next) => onChange({ options: next })}
          withPrices={has('optionPrices')}
          withImages={has('optionImages')}
          path={path('options')}
          errorAt={errorAt}
          uploadImage={uploadImage}
          disabled={disabled}
        />
      )}
      {has('placeholder') && (spec.kind !== 'select' || data.type === 'dropdown') && text('placeholder', t.placeholder)}
      {has('defaultValue') && (choosesOne ? (
        <LabelledField label={t.defaultValue} error={errorAt(path('defaultValue'))}>
          {(control) => (
            <Select {...control} name={path('defaultValue')} value={data.defaultValue ?? ''} error={errorAt(path('defaultValue'))} disabled={disabled}
              onChange={(event) => onChange({ defaultValue: event.target.value })}>
              <option value="">{t.defaultNone}</option>
              {/* a default that is no longer an option stays visible, so the problem at it can be read and fixed */}
              {data.defaultValue && !options.some((o) => o.label === data.defaultValue) && <option value={data.defaultValue}>{data.defaultValue}</option>}
              {options.filter((o) => o.label.trim()).map((o) => <option key={o.label} value={o.label}>{o.label}</option>)}
            </Select>
          )}
        </LabelledField>
      ) : spec.kind !== 'select' && spec.kind !== 'choice' && text('defaultValue', t.defaultValue, { hint: t.defaultHint[spec.kind], type: spec.kind === 'timeinput' ? 'time' : undefined }))}
      {has('minMax') && (
        <div className="flex flex-wrap gap-3">
          <NumberSetting label={t.minValue} name={path('minValue')} value={data.minValue} error={errorAt(path('minValue'))} hint={t.boundHint} disabled={disabled} onChange={(n) => onChange({ minValue: n })} />
          <NumberSetting label={t.maxValue} name={path('maxValue')} value={data.maxValue} error={errorAt(path('maxValue'))} hint={t.boundHint} disabled={disabled} onChange={(n) => onChange({ maxValue: n })} />
        </div>
      )}
      {has('maxLength') && (
        <div className="flex flex-wrap gap-3">
          <NumberSetting label={t.maxLength} name={path('maxLength')} step="1" value={data.maxLength} error={errorAt(path('maxLength'))} hint={t.maxLengthHint} disabled={disabled} onChange={(n) => onChange({ maxLength: n })} />
        </div>
      )}
      {has('hours') && (
        <div className="flex flex-wrap gap-3">
          {(['fromHour', 'tillHour'] as const).map((key) => (
            <TextField key={key} className="min-w-0 flex-1 basis-40" type="time" label={key === 'fromHour' ? t.fromHour : t.tillHour} name={path(key)} value={data[key] ?? ''}
              error={errorAt(path(key))} disabled={disabled} onChange={(event) => onChange({ [key]: event.target.value })} />
          ))}
        </div>
      )}
      {has('calculator') && (
        <div className="flex flex-wrap gap-3">
          <div className="min-w-0 flex-1 basis-40">{text('unit', t.unit)}</div>
          <TextField className="min-w-0 flex-1 basis-40" label={t.pricePerUnit} name={path('price_per_unit')} inputMode="decimal" value={data.price_per_unit ?? ''}
            error={errorAt(path('price_per_unit'))} hint={t.optionPriceHint} disabled={disabled}
            onChange={(event) => onChange({ price_per_unit: event.target.value })}
            onBlur={(event) => event.target.value.trim() && onChange({ price_per_unit: normalPrice(event.target.value) })} />
        </div>
      )}
      {has('agreeTexts') && (
        <div className="flex flex-col gap-3 @md:flex-row">
          <div className="min-w-0 flex-1">{text('agree', t.agree)}</div>
          <div className="min-w-0 flex-1">{text('disagree', t.disagree)}</div>
        </div>
      )}
      {has('drawing') && (
        <>
          <ImageField label={t.drawing} name={path('drawing')} value={data.drawing} error={errorAt(path('drawing'))} uploadImage={uploadImage} disabled={disabled}
            onChange={(url) => onChange({ drawing: url })} />
          <Checkbox label={t.pinpointsEnabled} name={path('pinpointsEnabled')} checked={data.pinpointsEnabled !== false} disabled={disabled}
            onChange={(event) => onChange({ pinpointsEnabled: event.target.checked })} />
          <Checkbox label={t.commentsEnabled} name={path('commentsEnabled')} checked={data.commentsEnabled !== false} disabled={disabled}
            onChange={(event) => onChange({ commentsEnabled: event.target.checked })} />
          <OptionsEditor legend={t.pinOptions} hint={t.pinOptionsHint} options={options} onChange={(next) => onChange({ options: next })} withPrices={false} withImages={false}
            path={path('options')} errorAt={errorAt} uploadImage={uploadImage} disabled={disabled} />
        </>
      )}
      {has('photoSize') && (
        <div className="flex flex-wrap gap-3">
          <NumberSetting label={t.imageWidth} name={path('image_width')} step="1" value={data.image_width} error={errorAt(path('image_width'))} hint={t.photoSizeHint} disabled={disabled} onChange={(n) => onChange({ image_width: n })} />
          <NumberSetting label={t.imageHeight} name={path('image_height')} step="1" value={data.image_height} error={errorAt(path('image_height'))} disabled={disabled} onChange={(n) => onChange({ image_height: n })} />
        </div>
      )}
      {has('contactFields') && (
        <fieldset className="flex flex-col">
          <legend className="text-sm font-semibold text-slate-900">{t.contactFields}</legend>
          <p className="text-xs text-slate-600">{t.contactFieldsHint}</p>
          <div className="grid gap-x-4 @md:grid-cols-2">
            {CONTACT_OPTIONAL_FIELDS.map((field) => (
              <Checkbox key={field} label={CONTACT_FIELD_LABELS[field]} name={path(`contact_fields.${field}`)} disabled={disabled}
                // Without flags every field is asked (forms made before the flags).
                checked={data.contact_fields ? data.contact_fields[field] === true : true}
                onChange={(event) => {
                  const current = data.contact_fields ?? Object.fromEntries(CONTACT_OPTIONAL_FIELDS.map((f) => [f, true]));
                  onChange({ contact_fields: { ...current, [field]: event.target.checked } });
                }} />
            ))}
          </div>
        </fieldset>
      )}
      {spec.kind === 'signatureinput' && <p className="text-sm text-slate-700">{t.signatureNote}</p>}
    </div>
  );
}
