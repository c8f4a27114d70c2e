import { weekdayName, type TTimeRange, type TWeeklyHours } from '@portal/contract';
import { Button } from '../../ui/button';
import { Checkbox, FieldErrorText } from '../../ui/field';
import { typeTexts } from './types-texts';

const texts = typeTexts.availability;
type Errors = Record<string, string | undefined>;

/** The field errors at or under a path ('availability.weekly.0.ranges'), for one message per day. */
export const errorsUnder = (errors: Errors, prefix: string) =>
  Object.entries(errors).filter(([field, message]) => message && (field === prefix || field.startsWith(`${prefix}.`))).map(([, message]) => message!);

/** Start and end of one time range: time inputs named by their field path (the error summary finds them), their names saying the day and range. */
export function RangeInputs({ label, name, range, disabled, onChange }: {
  label: string; name: string; range: TTimeRange; disabled?: boolean; onChange: (range: TTimeRange) => void;
}) {
  const input = 'min-h-11 w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 py-1';
  return (
    <>
      <label className="flex min-w-0 flex-col gap-1 text-sm text-slate-800">
        {texts.from}
        <input type="time" name={`${name}.start`} id={`${name}.start`} value={range.start} disabled={disabled} step={300}
          aria-label={`${texts.from} (${label})`}
          onChange={(e) => onChange({ ...range, start: e.target.value })} className={input} />
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-sm text-slate-800">
        {texts.until}
        <input type="time" name={`${name}.end`} id={`${name}.end`} value={range.end} disabled={disabled} step={300}
          aria-label={`${texts.until} (${label})`}
          onChange={(e) => onChange({ ...range, end: e.target.value })} className={input} />
      </label>
    </>
  );
}

/** The time ranges of one day with add and remove buttons. */
export function RangeList({ day, name, ranges, disabled, onChange }: {
  day: string; name: string; ranges: TTimeRange[]; disabled?: boolean; onChange: (ranges: TTimeRange[]) => void;
}) {
  const last = ranges.at(-1);
  const next: TTimeRange = last ? { start: last.end, end: last.end < '23:00' ? `${String(Number(last.end.slice(0, 2)) + 1).padStart(2, '0')}${last.end.slice(2)}` : '23:59' } : { start: '09:00', end: '12:00' };
  return (
    <div className="flex flex-col gap-2">
      {ranges.map((range, i) => (
        <div key={i} className="grid max-w-md grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.75rem] items-end gap-2">
          <RangeInputs label={texts.rangeLabel(day, i)} name={`${name}.${i}`} range={range} disabled={disabled}
            onChange={(changed) => onChange(ranges.map((r, j) => (j === i ? changed : r)))} />
          {!disabled && (
            <Button variant="ghost" className="px-0" aria-label={texts.removeRange(day, i)} onClick={() => onChange(ranges.filter((_, j) => j !== i))}>
              <span aria-hidden="true">✕</span>
            </Button>
          )}
        </div>
      ))}
      {!disabled && (
        <Button variant="secondary" className="self-start" onClick={() => onChange([...ranges, next])}>{texts.addRange(day)}</Button>
      )}
    </div>
  );
}

/**
 * The weekly schedule: per weekday (Monday first) open or closed, and its time ranges. `weekly` holds all
 * seven days in order; a closed day has no ranges.
 */
export function AvailabilityWeekEditor({ weekly, errors, disabled, onChange }: {
  weekly: TWeeklyHours[]; errors: Errors; disabled?: boolean; onChange: (weekly: TWeeklyHours[]) => void;
}) {
  const set = (i: number, ranges: TTimeRange[]) => onChange(weekly.map((d, j) => (j === i ? { ...d, ranges } : d)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-lg font-semibold text-slate-900">{texts.weekly}</legend>
      <p className="text-sm text-slate-700">{texts.weeklyIntro}</p>
      <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {weekly.map((day, i) => {
          const name = weekdayName(day.weekday);
          const problems = errorsUnder(errors, `availability.weekly.${i}`);
          return (
            <li key={day.weekday} className="flex flex-col gap-2 p-3 md:flex-row md:items-start md:gap-6">
              <div className="md:w-48">
                <Checkbox label={texts.open(name)} checked={day.ranges.length > 0} disabled={disabled}
                  onChange={(e) => set(i, e.target.checked ? [{ start: '09:00', end: '12:00' }] : [])} />
              </div>
              <div className="flex flex-1 flex-col gap-2">
                {day.ranges.length > 0
                  ? <RangeList day={name} name={`availability.weekly.${i}.ranges`} ranges={day.ranges} disabled={disabled} onChange={(ranges) => set(i, ranges)} />
                  : <p className="py-2.5 text-slate-700">{texts.closed}</p>}
                {problems.map((message) => <FieldErrorText key={message} id={`weekly-${i}-${message}`}>{message}</FieldErrorText>)}
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
