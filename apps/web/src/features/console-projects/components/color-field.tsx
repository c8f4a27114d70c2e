import { useId, type ReactNode } from 'react';
import { colorMessages, contrastWithWhite, HEX_COLOR_PATTERN, isReadableWithWhite } from '@portal/contract';
import { Button } from '../../../ui/button';
import { controlBorder, LabelledField } from '../../../ui/field';
import { colorTexts } from '../texts';

type Props = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  /** A project's colour may be empty: this colour (the customer's) applies then. */
  inherited?: { color: string; clearLabel: string };
};

/**
 * A brand colour: the hex code (what is validated and sent), a colour picker beside it, a sample with
 * white text and the contrast verdict as it is typed, with the same rule the server applies.
 */
export function ColorField({ label, name, value, onChange, onBlur, error, hint, inherited }: Props) {
  const id = useId();
  const shown = value.trim() || inherited?.color || '';
  const valid = HEX_COLOR_PATTERN.test(shown);
  const readable = valid && isReadableWithWhite(shown);
  const verdict = !valid ? '' : readable ? colorMessages.readable(contrastWithWhite(shown)) : colorMessages.tooLight(contrastWithWhite(shown));
  return (
    <div className="flex flex-col gap-2">
      <LabelledField label={label} error={error} hint={hint ?? colorTexts.hint} id={id}>
        {(control) => (
          <div className="flex flex-wrap items-center gap-2">
            <input
              {...control}
              name={name}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              onBlur={onBlur}
              maxLength={7}
              spellCheck={false}
              autoComplete="off"
              placeholder={inherited?.color}
              className={`min-h-11 w-32 rounded-md border bg-white px-3 py-2 font-mono text-base shadow-sm ${controlBorder(error)}`}
            />
            <input
              type="color"
              aria-label={colorTexts.pick(label)}
              value={valid ? shown.toLowerCase() : '#000000'}
              onChange={(e) => onChange(e.target.value)}
              onBlur={onBlur}
              className="h-11 w-14 cursor-pointer rounded-md border border-slate-400 bg-white p-1"
            />
            {valid && (
              <span aria-hidden="true" className="rounded-md px-3 py-2 text-sm font-semibold text-white" style={{ backgroundColor: shown }}>
                {colorTexts.sample}
              </span>
            )}
            {inherited && value.trim() !== '' && <Button variant="ghost" onClick={() => onChange('')}>{inherited.clearLabel}</Button>}
          </div>
        )}
      </LabelledField>
      <p aria-live="polite" className={`text-sm ${readable ? 'text-green-800' : 'font-medium text-amber-900'}`}>{error ? '' : verdict}</p>
    </div>
  );
}
