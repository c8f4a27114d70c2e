import { useEffect, useState } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { DEFAULT_MODULE_LABELS, STAFF_PROJECT_LIMITS, type TModuleName } from '@portal/contract';
import type { ModuleRow } from '../project-form';
import { Button } from '../../../ui/button';
import { Checkbox, TextField } from '../../../ui/field';
import { projectTexts as texts } from '../texts';

type WithModules = { modules: ModuleRow[] };

type Props<T extends WithModules> = {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
};

/**
 * Every module of the portal as a row: on or off, the name residents see on the dashboard, and its place
 * (up and down buttons; focus stays on the moved module's button and its new place is announced).
 */
export function ModulesEditor<T extends WithModules>(props: Props<T>) {
  // The generic form narrowed to its modules: the only part this editor touches.
  const { control, register, errors } = props as unknown as Props<WithModules>;
  const { fields, move } = useFieldArray({ control, name: 'modules' });
  const rows = useWatch({ control, name: 'modules' });
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<{ name: TModuleName; direction: 'up' | 'down' } | null>(null);

  useEffect(() => {
    if (!focus) return;
    const wanted = document.getElementById(`module-${focus.name}-${focus.direction}`) as HTMLButtonElement | null;
    const other = document.getElementById(`module-${focus.name}-${focus.direction === 'up' ? 'down' : 'up'}`) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocus(null);
  }, [focus, fields]);

  const shift = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const name = fields[index]!.name;
    move(index, to);
    setFocus({ name, direction });
    setAnnouncement(texts.moduleMoved(DEFAULT_MODULE_LABELS[name], to + 1, fields.length));
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{texts.modulesIntro}</p>
      <ol className="flex flex-col gap-2" id="modules">
        {fields.map((field, i) => {
          const label = DEFAULT_MODULE_LABELS[field.name];
          const enabled = rows[i]?.enabled ?? field.enabled;
          return (
            <li key={field.id} data-module={field.name} className={`rounded-md border p-3 ${enabled ? 'border-slate-300 bg-white' : 'border-dashed border-slate-300 bg-slate-50'}`}>
              <fieldset className="flex flex-col gap-2 sm:flex-row sm:items-end sm:gap-4">
                <legend className="sr-only">{`${i + 1}. ${label}`}</legend>
                <div className="flex items-center gap-2 sm:w-56">
                  <span aria-hidden="true" className="w-6 text-right text-sm tabular-nums text-slate-600">{i + 1}.</span>
                  <Checkbox label={texts.moduleOn(label)} {...register(`modules.${i}.enabled`)} />
                </div>
                <TextField
                  className="min-w-0 flex-1"
                  label={texts.moduleName}
                  maxLength={STAFF_PROJECT_LIMITS.moduleName}
                  hint={field.name === 'complaints' ? texts.complaintsHint : undefined}
                  error={errors.modules?.[i]?.display_name?.message}
                  {...register(`modules.${i}.display_name`)}
                />
                <div className="flex gap-2">
                  <Button id={`module-${field.name}-up`} variant="secondary" aria-label={texts.moduleUp(label)} disabled={i === 0} onClick={() => shift(i, 'up')}>
                    <span aria-hidden="true">↑</span>
                  </Button>
                  <Button id={`module-${field.name}-down`} variant="secondary" aria-label={texts.moduleDown(label)} disabled={i === fields.length - 1} onClick={() => shift(i, 'down')}>
                    <span aria-hidden="true">↓</span>
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <p role="status" className="sr-only">{announcement}</p>
    </div>
  );
}
