import { useEffect, useId, useState } from 'react';
import { euro } from '../../../lib/money';
import {
  calculatorCents, choiceMessages, formValueField, isRequired, numberBounds, numberHint, optionKey, priceCents, textMaxLength, timeWindow,
  type TFormElement, type TFormOption, type TFormValue,
} from '@portal/contract';
import { DateField } from '../../../ui/date-field';
import { Checkbox } from '../../../ui/field';
import { describedBy, fieldDomId, FieldGroup, FieldSingle, hintDomId, inputClass } from '../../../ui/question-field';
import { RadioOption } from '../../../ui/radio-group';
import { SafeHtml } from '../../../ui/safe-html';
import { Select } from '../../../ui/select';
import { formTexts } from '../texts';
import type { ElementEnv } from './element-env';

export type InputProps = { element: TFormElement; env: ElementEnv };

const labelOf = (element: TFormElement) => element.data.label ?? '';
const text = (value: TFormValue | undefined) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** A title: its label as a heading and the staff's text (sanitised). */
export function TitleElement({ element }: { element: TFormElement }) {
  const { label, wysiwyg } = element.data;
  return (
    <div className="flex flex-col gap-2">
      {label && <h3 className="text-lg font-semibold text-slate-900">{label}</h3>}
      {wysiwyg && <SafeHtml html={wysiwyg} />}
    </div>
  );
}

/** Text and textarea (4 rows, with the counter '(n van max tekens)' when a maxLength is set). */
export function TextInput({ element, env, multiline }: InputProps & { multiline: boolean }) {
  const field = formValueField(element.id);
  const error = env.errors[field];
  const value = text(env.values[element.id]);
  const max = textMaxLength(element.data);
  const counter = multiline && typeof element.data.maxLength === 'number' && element.data.maxLength > 0;
  const required = isRequired(env.family, element);
  const common = {
    id: fieldDomId(field),
    name: field,
    value,
    placeholder: element.data.placeholder ?? undefined,
    maxLength: max,
    disabled: env.readOnly,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(field, { hint: counter, error }),
    className: inputClass(error),
  } as const;
  return (
    <FieldSingle
      field={field}
      label={labelOf(element)}
      required={required}
      error={error}
      after={counter ? <p id={hintDomId(field)} className="self-end text-sm text-slate-700">{formTexts.counter(value.length, max)}</p> : undefined}
    >
      {multiline
        ? <textarea rows={4} onChange={(e) => env.setValue(element.id, e.target.value)} {...common} />
        : <input type="text" onChange={(e) => env.setValue(element.id, e.target.value)} {...common} />}
    </FieldSingle>
  );
}

const parseNumber = (typed: string, decimals: boolean): TFormValue => {
  const trimmed = typed.trim().replace(',', '.');
  if (!trimmed) return null;
  return (decimals ? /^-?\d+(\.\d{1,2})?$/ : /^-?\d+$/).test(trimmed) ? Number(trimmed) : typed;
};

/**
 * A number: typed as text (a half-typed '-' stays), kept as a number once it is one. The hint gives
 * the bounds (per family); the generic form clamps a number out of bounds and says so (spec 5).
 */
export function NumberInput({ element, env, decimals = false }: InputProps & { decimals?: boolean }) {
  const field = formValueField(element.id);
  const error = env.errors[field];
  const value = env.values[element.id];
  const [typed, setTyped] = useState(() => text(value));
  // A value set from outside (a restored draft, a clamp) replaces what is shown.
  useEffect(() => {
    setTyped((current) => (parseNumber(current, decimals) === (value ?? null) ? current : text(value)));
  }, [value, decimals]);
  const { min, max } = numberBounds(element.data);
  const hint = numberHint(env.family, min, max);
  const required = isRequired(env.family, element);

  const blur = () => {
    const parsed = parseNumber(typed, decimals);
    if (env.family !== 'generic' || typeof parsed !== 'number') return;
    const clamped = Math.min(Math.max(parsed, min), max);
    if (clamped !== parsed) {
      env.setValue(element.id, clamped);
      env.setFieldError(field, hint);
    }
  };
  // The calculator of a choice form with prices: the price per unit and the total (spec 5).
  const unitCents = decimals && env.showPrices ? priceCents(element.data.price_per_unit) : null;
  const priced = unitCents !== null ? (
    <p className="text-sm text-slate-700" aria-live="polite">
      {`${formTexts.pricePerUnit(euro(unitCents), element.data.unit ?? '')} · ${formTexts.priceTotal(euro(typeof value === 'number' && !error ? calculatorCents(unitCents, value) : 0))}`}
    </p>
  ) : undefined;
  return (
    // An error that is the hint itself (the generic and choice forms' hints are sentences) shows once, as the error.
    <FieldSingle field={field} label={labelOf(element)} required={required} error={error} hint={error === hint ? undefined : hint} after={priced}>
      <input
        id={fieldDomId(field)}
        name={field}
        type="text"
        inputMode={decimals ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={typed}
        placeholder={element.data.placeholder ?? undefined}
        disabled={env.readOnly}
        onChange={(e) => {
          setTyped(e.target.value);
          env.setValue(element.id, parseNumber(e.target.value, decimals));
        }}
        onBlur={blur}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field, { hint: error !== hint, error })}
        className={`${inputClass(error)} sm:max-w-xs`}
      />
    </FieldSingle>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => pad(h));
const MINUTES = Array.from({ length: 12 }, (_, i) => pad(i * 5));

/** A time HH:mm as an hour and a minute select: hours 0 to 8 and hours outside the element's window are disabled. */
export function TimeInput({ element, env }: InputProps) {
  const field = formValueField(element.id);
  const error = env.errors[field];
  const value = text(env.values[element.id]);
  const [hour = '', minute = ''] = /^\d{2}:\d{2}$/.test(value) ? value.split(':') : [];
  const { from, till } = timeWindow(element.data);
  const required = isRequired(env.family, element);
  const inWindow = (time: string) => time >= from && time <= till;
  const hourAllowed = (h: string) => MINUTES.some((m) => inWindow(`${h}:${m}`));
  const minuteId = useId();
  // The minutes a value has that is not on the 5-minute list (set by staff or another device) stay choosable.
  const minutes = minute && !MINUTES.includes(minute) ? [...MINUTES, minute].sort() : MINUTES;

  const setHour = (h: string) => {
    if (!h) return env.setValue(element.id, null);
    const keep = minute && inWindow(`${h}:${minute}`) ? minute : (MINUTES.find((m) => inWindow(`${h}:${m}`)) ?? '00');
    env.setValue(element.id, `${h}:${keep}`);
  };
  return (
    <FieldGroup field={field} label={labelOf(element)} required={required} error={error} hint={formTexts.timeWindow(from, till)}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldDomId(`${field}-hour`)} className="text-sm font-medium text-slate-800">{formTexts.timeHour}</label>
          <Select
            id={fieldDomId(`${field}-hour`)}
            name={field}
            className="w-28"
            value={hour}
            disabled={env.readOnly}
            error={error}
            aria-required={required || undefined}
            aria-describedby={describedBy(field, { hint: true, error })}
            onChange={(e) => setHour(e.target.value)}
          >
            <option value="">--</option>
            {HOURS.map((h) => <option key={h} value={h} disabled={!hourAllowed(h)}>{h}</option>)}
          </Select>
        </div>
        <span aria-hidden="true" className="pb-2.5 text-lg font-semibold">:</span>
        <div className="flex flex-col gap-1">
          <label htmlFor={minuteId} className="text-sm font-medium text-slate-800">{formTexts.timeMinute}</label>
          <Select
            id={minuteId}
            className="w-28"
            value={minute}
            disabled={env.readOnly || !hour}
            error={error}
            onChange={(e) => env.setValue(element.id, hour && e.target.value ? `${hour}:${e.target.value}` : null)}
          >
            <option value="">--</option>
            {minutes.map((m) => <option key={m} value={m} disabled={!!hour && !inWindow(`${hour}:${m}`)}>{m}</option>)}
          </Select>
        </div>
      </div>
    </FieldGroup>
  );
}

/** A date DD-MM-YYYY with the calendar (year select of plus or minus 10 years). */
export function DateInput({ element, env }: InputProps) {
  const field = formValueField(element.id);
  return (
    <DateField
      id={fieldDomId(field)}
      name={field}
      label={labelOf(element)}
      required={isRequired(env.family, element)}
      value={text(env.values[element.id])}
      onChange={(v) => env.setValue(element.id, v)}
      error={env.errors[field]}
      disabled={env.readOnly}
      look="question"
    />
  );
}

/** An option's surcharge as shown on a choice form with prices: '€ 12,50', or no surcharge for '0,00'; '' without a price. */
function optionPrice(option: TFormOption, env: ElementEnv): string {
  const cents = env.showPrices ? priceCents(option.price) : null;
  if (cents === null) return '';
  return cents === 0 ? choiceMessages.noSurcharge : `+\u00a0${euro(cents)}`;
}

/** An option's label with (choice forms) its picture and surcharge. */
function OptionLabel({ option, env }: { option: TFormOption; env: ElementEnv }) {
  const price = optionPrice(option, env);
  if (!option.image && !price) return <>{option.label}</>;
  return (
    // Picture and text side by side at every width (the text wraps beside the picture, never under it);
    // the picture is smaller on a phone, and the surcharge stays on one line.
    <span className="flex items-center gap-3" data-option-label="">
      {option.image && <img src={option.image} alt="" width={120} height={80} loading="lazy" className="h-16 w-24 shrink-0 rounded border border-slate-300 bg-white object-cover sm:h-20 sm:w-[120px]" />}
      <span className="flex min-w-0 flex-col">
        <span>{option.label}</span>
        {price && <span className="whitespace-nowrap text-sm font-semibold text-slate-700">{price}</span>}
      </span>
    </span>
  );
}

/** A choice: a dropdown, radio buttons, or check boxes (each option its own key '{id}-value-{i}'). */
export function SelectInput({ element, env }: InputProps) {
  const { data } = element;
  const options = data.options ?? [];
  const required = isRequired(env.family, element);
  const field = formValueField(element.id);

  if (data.type === 'check') {
    const keys = options.map((_, i) => optionKey(element.id, i));
    const groupField = formValueField(keys[0] ?? element.id);
    const error = keys.map((key) => env.errors[formValueField(key)]).find(Boolean);
    return (
      <FieldGroup field={groupField} label={labelOf(element)} required={required} error={error}>
        <div className="flex flex-col gap-1">
          {options.map((option, i) => (
            <Checkbox
              key={keys[i]}
              // The group (a fieldset) carries the first key's id; each box its own.
              id={`${fieldDomId(formValueField(keys[i]!))}-option`}
              name={formValueField(keys[i]!)}
              label={<OptionLabel option={option} env={env} />}
              checked={env.values[keys[i]!] === true}
              disabled={env.readOnly}
              onChange={(e) => env.setValue(keys[i]!, e.target.checked)}
              aria-invalid={error ? true : undefined}
            />
          ))}
        </div>
      </FieldGroup>
    );
  }
  const error = env.errors[field];
  const value = text(env.values[element.id]);
  if (data.type === 'radio') {
    return (
      <FieldGroup field={field} label={labelOf(element)} required={required} error={error}>
        <div className="flex flex-col gap-1">
          {options.map((option) => (
            <RadioOption
              key={option.label}
              name={field}
              value={option.label}
              label={<OptionLabel option={option} env={env} />}
              checked={value === option.label}
              disabled={env.readOnly}
              onChange={() => env.setValue(element.id, option.label)}
              aria-invalid={error ? true : undefined}
            />
          ))}
        </div>
      </FieldGroup>
    );
  }
  return (
    <FieldSingle field={field} label={labelOf(element)} required={required} error={error}>
      <Select
        id={fieldDomId(field)}
        name={field}
        value={value}
        disabled={env.readOnly}
        error={error}
        aria-required={required || undefined}
        aria-describedby={describedBy(field, { error })}
        onChange={(e) => env.setValue(element.id, e.target.value || null)}
      >
        <option value="">{data.placeholder || formTexts.choose}</option>
        {options.map((option) => {
          const price = optionPrice(option, env);
          return <option key={option.label} value={option.label}>{price ? `${option.label} (${price})` : option.label}</option>;
        })}
      </Select>
    </FieldSingle>
  );
}

/** An agreement (support-base): agree or disagree, always required. */
export function AgreeInput({ element, env }: InputProps) {
  const field = formValueField(element.id);
  const error = env.errors[field];
  const value = env.values[element.id];
  const choices = [
    { value: 'agree', label: element.data.agree || formTexts.agree },
    { value: 'disagree', label: element.data.disagree || formTexts.disagree },
  ];
  return (
    <FieldGroup field={field} label={labelOf(element)} required error={error}>
      <div className="flex flex-col gap-1">
        {choices.map((choice) => (
          <RadioOption
            key={choice.value}
            name={field}
            value={choice.value}
            label={choice.label}
            checked={value === choice.value}
            disabled={env.readOnly}
            onChange={() => env.setValue(element.id, choice.value)}
            aria-invalid={error ? true : undefined}
          />
        ))}
      </div>
    </FieldGroup>
  );
}
