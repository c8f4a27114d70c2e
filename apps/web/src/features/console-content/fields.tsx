import { Controller, useFieldArray, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ICON_LABELS, ICON_NAMES, INFORMATION_MENUS, MAX_INDICATORS, type TStaffImagePurpose } from '@portal/contract';
import { Button } from '../../ui/button';
import { LazyRichTextEditor } from '../../ui/console-content-layout';
import { ConsoleImageUpload } from '../../ui/console-image-upload';
import { uploadStaffImage } from '../../ui/console-image-upload';
import { PublicToggle, PublishField } from '../../ui/console-publish';
import { DateField } from '../../ui/date-field';
import { Checkbox, FieldErrorText, TextField } from '../../ui/field';
import { RadioGroup, RadioOption } from '../../ui/radio-group';
import { contentTexts } from './texts';

/* The fields the content forms share. Each takes the form (react-hook-form) and the field's name. */

type FormProps<T extends FieldValues> = { form: UseFormReturn<T> };
const err = (form: UseFormReturn<FieldValues>, name: string) => {
  const value = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], form.formState.errors);
  return (value as { message?: string } | undefined)?.message;
};

export function TitleInput<T extends FieldValues>({ form, label = contentTexts.fields.title, name = 'title' as Path<T> }: FormProps<T> & { label?: string; name?: Path<T> }) {
  return <TextField label={label} required maxLength={200} error={err(form as never, name)} {...form.register(name)} id={name} />;
}

export function DateInput<T extends FieldValues>({ form, name, label }: FormProps<T> & { name: Path<T>; label: string }) {
  return (
    <Controller control={form.control} name={name} render={({ field }) => (
      <DateField id={name} name={name} label={label} required value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={err(form as never, name)} />
    )} />
  );
}

export function RichTextInput<T extends FieldValues>({ form, name = 'content' as Path<T>, label = contentTexts.fields.content, projectId }: FormProps<T> & { name?: Path<T>; label?: string; projectId: number }) {
  return (
    <Controller control={form.control} name={name} render={({ field }) => (
      <LazyRichTextEditor id={name} label={label} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={err(form as never, name)}
        onUploadImage={async (file) => (await uploadStaffImage(projectId, 'content', file)).url} />
    )} />
  );
}

/** The item's image: `image_id` in the form, its link in `image_url` (kept beside the form's values for the preview). */
export function ImageInput<T extends FieldValues>({ form, projectId, purpose, imageUrl, onImageUrl, name = 'image_id' as Path<T>, label = contentTexts.fields.image }: FormProps<T> & {
  projectId: number; purpose: TStaffImagePurpose; imageUrl: string | null; onImageUrl: (url: string | null) => void; name?: Path<T>; label?: string;
}) {
  return (
    <Controller control={form.control} name={name} render={({ field }) => (
      <ConsoleImageUpload label={label} name={name} projectId={projectId} purpose={purpose} error={err(form as never, name)}
        value={field.value && imageUrl ? { id: field.value as number, url: imageUrl } : null}
        onChange={(image) => {
          onImageUrl(image?.url ?? null);
          field.onChange(image?.id ?? null);
        }} />
    )} />
  );
}

/** Draft or publish date, and public or not. */
export function PublishInputs<T extends FieldValues>({ form }: FormProps<T>) {
  return (
    <>
      <Controller control={form.control} name={'publish_at' as Path<T>} render={({ field }) => (
        <PublishField value={field.value ?? null} onChange={field.onChange} error={err(form as never, 'publish_at')} />
      )} />
      <Controller control={form.control} name={'is_public' as Path<T>} render={({ field }) => (
        <PublicToggle checked={Boolean(field.value)} onChange={field.onChange} error={err(form as never, 'is_public')} />
      )} />
    </>
  );
}

export function PositionInput<T extends FieldValues>({ form }: FormProps<T>) {
  return (
    <TextField label={contentTexts.fields.position} type="number" inputMode="numeric" min={0} className="max-w-40" hint={contentTexts.fields.positionHint}
      error={err(form as never, 'position')} id="position" {...form.register('position' as Path<T>, { valueAsNumber: true })} />
  );
}

export function MenuInput<T extends FieldValues>({ form }: FormProps<T>) {
  return (
    <Controller control={form.control} name={'menuitem_id' as Path<T>} render={({ field }) => (
      <RadioGroup legend={contentTexts.fields.menu} required error={err(form as never, 'menuitem_id')}>
        {({ describedBy, invalid }) => INFORMATION_MENUS.map((menu) => (
          <RadioOption key={menu.id} name="menuitem_id" value={menu.id} label={menu.name} checked={field.value === menu.id}
            aria-describedby={describedBy} aria-invalid={invalid} onChange={() => field.onChange(menu.id)} />
        ))}
      </RadioGroup>
    )} />
  );
}

export function CheckboxInput<T extends FieldValues>({ form, name, label }: FormProps<T> & { name: Path<T>; label: string }) {
  return <Checkbox label={label} id={name} {...form.register(name)} />;
}

/** The icon set, each icon with its meaning; several may be chosen. */
export function IconsInput<T extends FieldValues>({ form }: FormProps<T>) {
  return (
    <Controller control={form.control} name={'icons' as Path<T>} render={({ field }) => {
      const chosen = (field.value ?? []) as string[];
      // a message for the list (too many) or for one chosen icon (unknown)
      const iconErrors = (form.formState.errors as Record<string, unknown>).icons as (Array<{ message?: string } | undefined> & { message?: string }) | undefined;
      const message = iconErrors?.message ?? (Array.isArray(iconErrors) ? iconErrors.find(Boolean)?.message : undefined);
      return (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{contentTexts.fields.icons}</legend>
          <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
            {ICON_NAMES.map((name) => (
              <label key={name} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-900">
                <input type="checkbox" name="icons" className="size-5 accent-brand" checked={chosen.includes(name)}
                  onChange={(e) => field.onChange(e.target.checked ? [...chosen, name] : chosen.filter((c) => c !== name))} />
                <img src={`/api/assets/icons/${name}.svg`} alt="" className="size-6" />
                {ICON_LABELS[name]}
              </label>
            ))}
          </div>
          {message && <FieldErrorText id="icons-error">{message}</FieldErrorText>}
        </fieldset>
      );
    }} />
  );
}

/** Indicators: a name and a value 0-100 each, added and removed by button. */
export function IndicatorsInput<T extends FieldValues>({ form }: FormProps<T>) {
  const { fields, append, remove } = useFieldArray({ control: form.control as unknown as Control<{ indicators: Array<{ name: string; value: number }> }>, name: 'indicators' });
  const f = form as unknown as UseFormReturn<{ indicators: Array<{ name: string; value: number }> }>;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">{contentTexts.fields.indicators}</legend>
      {fields.map((row, index) => (
        <div key={row.id} className="flex flex-wrap items-end gap-3">
          <TextField label={contentTexts.fields.indicatorName} id={`indicators.${index}.name`} className="min-w-0 flex-1"
            error={f.formState.errors.indicators?.[index]?.name?.message} {...f.register(`indicators.${index}.name`)} />
          <TextField label={contentTexts.fields.indicatorValue} id={`indicators.${index}.value`} type="number" min={0} max={100} className="w-32"
            error={f.formState.errors.indicators?.[index]?.value?.message} {...f.register(`indicators.${index}.value`, { valueAsNumber: true })} />
          <Button variant="ghost" onClick={() => remove(index)} aria-label={contentTexts.fields.removeIndicator(f.getValues(`indicators.${index}.name`))}>Verwijderen</Button>
        </div>
      ))}
      {fields.length < MAX_INDICATORS && (
        <Button variant="secondary" className="self-start" onClick={() => append({ name: '', value: 0 })}>{contentTexts.fields.addIndicator}</Button>
      )}
    </fieldset>
  );
}

/** The project's partners that carry out the work; several may be chosen. */
export function PartnersInput<T extends FieldValues>({ form, partners }: FormProps<T> & { partners: Array<{ id: number; name: string }> }) {
  return (
    <Controller control={form.control} name={'partner_ids' as Path<T>} render={({ field }) => {
      const chosen = (field.value ?? []) as number[];
      return (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">{contentTexts.fields.partners}</legend>
          {partners.length === 0 && <p className="text-sm text-slate-700">{contentTexts.fields.noPartners}</p>}
          {partners.map((partner) => (
            <Checkbox key={partner.id} name="partner_ids" label={partner.name} checked={chosen.includes(partner.id)}
              onChange={(e) => field.onChange(e.target.checked ? [...chosen, partner.id] : chosen.filter((c) => c !== partner.id))} />
          ))}
          {err(form as never, 'partner_ids') && <FieldErrorText id="partner_ids-error">{err(form as never, 'partner_ids')}</FieldErrorText>}
        </fieldset>
      );
    }} />
  );
}
