import { format, isValid, parse } from 'date-fns';
import { useEffect, useId, useRef, useState } from 'react';
import { contentStatus, type TContentStatus } from '@portal/contract';
import { PublicBadge, StatusBadge } from './console-status';
import { DateField, formatDutchDate } from './date-field';
import { Checkbox, controlBorder, FieldErrorText } from './field';
import { RadioGroup, RadioOption } from './radio-group';

export const publishTexts = {
  legend: 'Publicatie',
  draft: 'Concept: nog niet zichtbaar voor bewoners',
  publish: 'Publiceren vanaf een datum en tijd',
  date: 'Publicatiedatum',
  time: 'Tijd',
  timeHint: 'UU:MM, bijvoorbeeld 09:00',
  future: 'Gepland: bewoners zien het vanaf dit moment.',
  now: 'Bewoners zien het zodra u opslaat.',
  publicLabel: 'Zichtbaar voor publiek (bezoekers zonder inlog)',
  publicHint: 'Alleen als het project openbaar is.',
} as const;

/** Anything that is not a moment: the contract's schema refuses it with its Dutch message. */
export const INVALID_PUBLISH_AT = 'ongeldig';

type Draft = { mode: 'draft' | 'publish'; date: string; time: string };

function toDraft(value: string | null): Draft {
  if (value === null) return { mode: 'draft', date: formatDutchDate(new Date()), time: format(new Date(), 'HH:mm') };
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return { mode: 'publish', date: '', time: '' };
  return { mode: 'publish', date: formatDutchDate(moment), time: format(moment, 'HH:mm') };
}

/** The ISO moment of a draft in the browser's time zone (the console is used in the Netherlands). */
function toValue(draft: Draft): string | null {
  if (draft.mode === 'draft') return null;
  const moment = parse(`${draft.date} ${draft.time}`, 'dd-MM-yyyy HH:mm', new Date());
  return /^\d{2}-\d{2}-\d{4}$/.test(draft.date) && /^\d{2}:\d{2}$/.test(draft.time) && isValid(moment) ? moment.toISOString() : INVALID_PUBLISH_AT;
}

type Props = {
  /** publish_at: an ISO moment, or null for a draft. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  /** The field name the error summary links to (the first radio button carries it). */
  name?: string;
};

/**
 * Draft or published from a date and time: a choice of two, and for the second a date (DD-MM-YYYY with a
 * calendar) and a time. A moment in the future makes the item scheduled (Gepland); the status shows.
 */
export function PublishField({ value, onChange, error, name = 'publish_at' }: Props) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(value));
  const timeId = useId();
  const emitted = useRef<string | null | undefined>(undefined);
  // A value from outside (the item loaded, a form reset) replaces what is shown.
  useEffect(() => {
    if (value !== emitted.current) setDraft(toDraft(value));
  }, [value]);
  const update = (next: Draft) => {
    setDraft(next);
    const nextValue = toValue(next);
    emitted.current = nextValue;
    onChange(nextValue);
  };
  const status: TContentStatus | null = value === INVALID_PUBLISH_AT ? null : contentStatus(value);

  return (
    <RadioGroup legend={publishTexts.legend} error={error}>
      {({ describedBy, invalid }) => (
        <>
          <div className="flex items-center gap-2 text-sm">
            <span className="text-slate-700">Status:</span>
            {status && <StatusBadge status={status} />}
          </div>
          <RadioOption name={name} value="draft" label={publishTexts.draft} checked={draft.mode === 'draft'}
            aria-describedby={describedBy} aria-invalid={invalid} onChange={() => update({ ...draft, mode: 'draft' })} />
          <RadioOption name={name} value="publish" label={publishTexts.publish} checked={draft.mode === 'publish'}
            aria-describedby={describedBy} aria-invalid={invalid} onChange={() => update({ ...draft, mode: 'publish' })} />
          {draft.mode === 'publish' && (
            <div className="ml-8 flex flex-wrap items-start gap-4">
              <DateField label={publishTexts.date} value={draft.date} onChange={(date) => update({ ...draft, date })} />
              <div className="flex flex-col gap-1">
                <label htmlFor={timeId} className="text-sm font-medium text-slate-800">{publishTexts.time}</label>
                <input id={timeId} type="text" inputMode="numeric" placeholder="UU:MM" maxLength={5} value={draft.time}
                  aria-describedby={`${timeId}-hint`}
                  onChange={(e) => update({ ...draft, time: e.target.value })}
                  className={`min-h-11 w-28 rounded-md border bg-white px-3 py-2 text-base shadow-sm ${controlBorder(error)}`} />
                <p id={`${timeId}-hint`} className="text-xs text-slate-600">{publishTexts.timeHint}</p>
              </div>
              <p className="basis-full text-sm text-slate-700">{status === 'scheduled' ? publishTexts.future : status === 'published' ? publishTexts.now : ''}</p>
            </div>
          )}
        </>
      )}
    </RadioGroup>
  );
}

/** Public or not: a check box with the rule that a non-public project shows nothing to visitors. */
export function PublicToggle({ checked, onChange, name = 'is_public', error }: { checked: boolean; onChange: (checked: boolean) => void; name?: string; error?: string }) {
  const hintId = useId();
  return (
    <div className="flex flex-col">
      <Checkbox name={name} label={<span className="inline-flex flex-wrap items-center gap-2">{publishTexts.publicLabel} <PublicBadge isPublic={checked} /></span>}
        checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={error ? `${hintId}-error ${hintId}` : hintId} aria-invalid={error ? true : undefined} />
      <p id={hintId} className="ml-8 text-xs text-slate-600">{publishTexts.publicHint}</p>
      {error && <FieldErrorText id={`${hintId}-error`}>{error}</FieldErrorText>}
    </div>
  );
}
