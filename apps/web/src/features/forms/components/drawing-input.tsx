import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { FORM_LIMITS, formMessages, formValueField, isRequired, pinpointsKey, type TPinpoint } from '@portal/contract';
import { Button } from '../../../ui/button';
import { describedBy, FieldGroup, hintDomId, inputClass } from '../../../ui/question-field';
import { Select } from '../../../ui/select';
import { formTexts } from '../texts';
import type { InputProps } from './element-inputs';

/** Arrow keys move the crosshair by 2 % of the drawing, with Shift by 10 %. */
const STEP = 0.02;
const BIG_STEP = 0.1;
const clamp = (n: number) => Math.min(1, Math.max(0, n));
const round = (n: number) => Math.round(clamp(n) * 10_000) / 10_000;
let pinSeq = 0;
const newPinId = () => `pin-${Date.now().toString(36)}-${(pinSeq++).toString(36)}`;

/** Pins numbered from 1 in their order, as the rules want them ('Pin n', nr n). */
export const renumberPins = (pins: readonly TPinpoint[]): TPinpoint[] => pins.map((pin, i) => ({ ...pin, nr: i + 1, label: formMessages.pinLabel(i + 1) }));

export function pinsOf(value: unknown): TPinpoint[] {
  return Array.isArray(value) ? (value as TPinpoint[]) : [];
}

/**
 * A drawing to place pins on (spec 3.3): a pin is placed by a click or tap, or by keyboard: focus the
 * drawing, move the crosshair with the arrow keys and press Enter. Each pin is a 40 px orange circle
 * numbered from 1 and has a value (chosen from the options when there are) and a comment; it can be
 * removed, after which the others are numbered again.
 */
export function DrawingInput({ element, env }: InputProps) {
  const key = pinpointsKey(element.id);
  const field = formValueField(key);
  const error = env.errors[field];
  const pins = pinsOf(env.values[key]);
  const { data } = element;
  const options = data.options ?? [];
  const label = data.label ?? '';
  const canPlace = !env.readOnly && data.pinpointsEnabled !== false && pins.length < FORM_LIMITS.pinsMax;
  const [cursor, setCursor] = useState({ x: 0.5, y: 0.5 });
  const [focused, setFocused] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const area = useRef<HTMLDivElement>(null);

  const place = (x: number, y: number) => {
    const nr = pins.length + 1;
    const pin: TPinpoint = { id: newPinId(), x: round(x), y: round(y), value: '', comment: '', label: formMessages.pinLabel(nr), nr };
    env.setValue(key, [...pins, pin]);
    setAnnouncement(formTexts.pinPlaced(pin.label));
  };
  const update = (id: string, change: Partial<Pick<TPinpoint, 'value' | 'comment'>>) => env.setValue(key, pins.map((p) => (p.id === id ? { ...p, ...change } : p)));
  const remove = (pin: TPinpoint) => {
    env.setValue(key, renumberPins(pins.filter((p) => p.id !== pin.id)));
    setAnnouncement(formTexts.pinRemoved(pin.label));
    area.current?.focus();
  };

  const click = (event: MouseEvent<HTMLDivElement>) => {
    if (!canPlace) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const x = (event.clientX - box.left) / box.width;
    const y = (event.clientY - box.top) / box.height;
    setCursor({ x: round(x), y: round(y) });
    place(x, y);
  };
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCursor((c) => ({ x: round(c.x + move[0]), y: round(c.y + move[1]) }));
    } else if ((event.key === 'Enter' || event.key === ' ') && canPlace) {
      event.preventDefault();
      place(cursor.x, cursor.y);
    }
  };

  const percent = (n: number) => Math.round(n * 100);
  const positionId = `${hintDomId(field)}-position`;
  return (
    <FieldGroup field={field} label={label} required={isRequired(env.family, element)} error={error} hint={canPlace ? formTexts.pinsHelp : undefined}>
      {/* A custom widget (role application: it handles its own keys): a click or tap places a pin where it lands, the
          keyboard moves a crosshair and places one with Enter. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={area}
        id={field}
        role="application"
        aria-roledescription="tekening"
        aria-label={formTexts.pinsDrawing(label)}
        aria-describedby={[describedBy(field, { hint: canPlace, error }), canPlace ? positionId : null].filter(Boolean).join(' ') || undefined}
        aria-disabled={canPlace ? undefined : true}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onClick={click}
        onKeyDown={keyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        data-testid="drawing-area"
        className={`relative w-full max-w-3xl touch-manipulation select-none overflow-hidden rounded-md border bg-white ${canPlace ? 'cursor-crosshair' : ''} ${error ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-300'}`}
      >
        {data.drawing
          ? <img src={data.drawing} alt="" draggable={false} className="pointer-events-none block h-auto w-full" />
          : <div className="aspect-[4/3] w-full bg-[linear-gradient(#e2e8f0_1px,transparent_1px),linear-gradient(90deg,#e2e8f0_1px,transparent_1px)] bg-[size:24px_24px]" />}
        {pins.map((pin) => (
          <span
            key={pin.id}
            aria-hidden="true"
            data-pin={pin.nr}
            className="pointer-events-none absolute flex size-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-orange-500 text-base font-bold text-slate-950 shadow-md"
            style={{ left: `${pin.x * 100}%`, top: `${pin.y * 100}%` }}
          >
            {pin.nr}
          </span>
        ))}
        {focused && canPlace && (
          <span
            aria-hidden="true"
            data-testid="drawing-crosshair"
            className="pointer-events-none absolute size-8 -translate-x-1/2 -translate-y-1/2 before:absolute before:left-1/2 before:top-0 before:h-full before:w-0.5 before:-translate-x-1/2 before:bg-blue-800 after:absolute after:left-0 after:top-1/2 after:h-0.5 after:w-full after:-translate-y-1/2 after:bg-blue-800"
            style={{ left: `${cursor.x * 100}%`, top: `${cursor.y * 100}%` }}
          />
        )}
      </div>
      {canPlace && <p id={positionId} className="sr-only">{formTexts.pinPosition(percent(cursor.x), percent(cursor.y))}</p>}
      <p role="status" className="sr-only">{announcement}</p>

      {pins.length === 0 ? (
        <p className="text-sm text-slate-700">{formTexts.pinsNone}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {pins.map((pin) => (
            <li key={pin.id}>
              <PinFields pin={pin} field={field} options={options.map((o) => o.label)} withComment={data.commentsEnabled !== false} readOnly={env.readOnly} onChange={(change) => update(pin.id, change)} onRemove={() => remove(pin)} />
            </li>
          ))}
        </ol>
      )}
    </FieldGroup>
  );
}

function PinFields({ pin, field, options, withComment, readOnly, onChange, onRemove }: {
  pin: TPinpoint; field: string; options: string[]; withComment: boolean; readOnly: boolean;
  onChange: (change: Partial<Pick<TPinpoint, 'value' | 'comment'>>) => void; onRemove: () => void;
}) {
  const base = `${field}-${pin.id}`.replace(/[^A-Za-z0-9_-]/g, '-');
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <legend className="flex items-center gap-2 px-1 text-base font-semibold text-slate-900">
        <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-orange-500 text-sm font-bold text-slate-950">{pin.nr}</span>
        {pin.label}
      </legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${base}-value`} className="text-sm font-medium text-slate-800">{formTexts.pinValue}</label>
          {options.length ? (
            <Select id={`${base}-value`} name={`${field}.${pin.nr}.value`} value={pin.value} disabled={readOnly} onChange={(e) => onChange({ value: e.target.value })}>
              <option value="">{formTexts.choose}</option>
              {options.map((o) => <option key={o} value={o}>{o}</option>)}
            </Select>
          ) : (
            <input id={`${base}-value`} name={`${field}.${pin.nr}.value`} type="text" value={pin.value} maxLength={FORM_LIMITS.contactFieldMax} disabled={readOnly} onChange={(e) => onChange({ value: e.target.value })} className={inputClass()} />
          )}
        </div>
        {withComment && (
          <div className="flex flex-col gap-1 sm:col-span-2">
            <label htmlFor={`${base}-comment`} className="text-sm font-medium text-slate-800">{formTexts.pinComment}</label>
            <textarea id={`${base}-comment`} name={`${field}.${pin.nr}.comment`} rows={2} value={pin.comment} maxLength={FORM_LIMITS.pinCommentMax} disabled={readOnly} onChange={(e) => onChange({ comment: e.target.value })} className={inputClass()} />
          </div>
        )}
      </div>
      {!readOnly && <Button variant="secondary" className="self-start" onClick={onRemove}>{formTexts.pinRemove(pin.label)}</Button>}
    </fieldset>
  );
}
