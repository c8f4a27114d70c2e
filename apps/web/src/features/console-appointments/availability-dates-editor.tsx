import type { TDateOverride } from '@portal/contract';
import { Button } from '../../ui/button';
import { FieldErrorText } from '../../ui/field';
import { errorsUnder, RangeList } from './availability-week-editor';
import { typeTexts } from './types-texts';

const texts = typeTexts.availability;
type Errors = Record<string, string | undefined>;

/** A date a week from today ('YYYY-MM-DD', local), as the start of a new override or day off. */
const nextWeek = () => {
  const d = new Date(Date.now() + 7 * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const dutch = (iso: string) => iso.split('-').reverse().join('-');

function DateInput({ label, name, value, disabled, onChange }: { label: string; name: string; value: string; disabled?: boolean; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <input type="date" name={name} id={name} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}
        className="min-h-11 rounded-md border border-slate-400 bg-white px-2 py-1 text-base font-normal" />
    </label>
  );
}

/** Dates with other hours than the weekly schedule, each with its own time ranges. */
export function AvailabilityOverridesEditor({ overrides, errors, disabled, onChange }: {
  overrides: TDateOverride[]; errors: Errors; disabled?: boolean; onChange: (overrides: TDateOverride[]) => void;
}) {
  const set = (i: number, changed: TDateOverride) => onChange(overrides.map((o, j) => (j === i ? changed : o)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-lg font-semibold text-slate-900">{texts.overrides}</legend>
      <p className="text-sm text-slate-700">{texts.overridesIntro}</p>
      {overrides.length === 0 && <p className="text-slate-700">{texts.noOverrides}</p>}
      <ul className="flex flex-col gap-3">
        {overrides.map((override, i) => {
          const problems = errorsUnder(errors, `availability.overrides.${i}`);
          return (
            <li key={i} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 md:flex-row md:gap-6">
              <div className="flex items-end gap-2 md:w-64">
                <DateInput label={texts.overrideDate(i)} name={`availability.overrides.${i}.date`} value={override.date} disabled={disabled}
                  onChange={(date) => set(i, { ...override, date })} />
                {!disabled && (
                  <Button variant="ghost" aria-label={texts.removeOverride(i)} onClick={() => onChange(overrides.filter((_, j) => j !== i))}>
                    <span aria-hidden="true">✕</span>
                  </Button>
                )}
              </div>
              <div className="flex flex-1 flex-col gap-2">
                <RangeList day={override.date ? dutch(override.date) : texts.overrideDate(i)} name={`availability.overrides.${i}.ranges`} ranges={override.ranges}
                  disabled={disabled} onChange={(ranges) => set(i, { ...override, ranges })} />
                {problems.map((message) => <FieldErrorText key={message} id={`override-${i}-${message}`}>{message}</FieldErrorText>)}
              </div>
            </li>
          );
        })}
      </ul>
      {!disabled && (
        <Button variant="secondary" className="self-start" onClick={() => onChange([...overrides, { date: nextWeek(), ranges: [{ start: '09:00', end: '12:00' }] }])}>
          {texts.addOverride}
        </Button>
      )}
    </fieldset>
  );
}

/** Dates without any slot. */
export function AvailabilityDaysOffEditor({ daysOff, errors, disabled, onChange }: {
  daysOff: string[]; errors: Errors; disabled?: boolean; onChange: (daysOff: string[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-lg font-semibold text-slate-900">{texts.daysOff}</legend>
      <p className="text-sm text-slate-700">{texts.daysOffIntro}</p>
      {daysOff.length === 0 && <p className="text-slate-700">{texts.noDaysOff}</p>}
      <ul className="flex flex-wrap gap-3">
        {daysOff.map((date, i) => {
          const problems = errorsUnder(errors, `availability.days_off.${i}`);
          return (
            <li key={i} className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex items-end gap-2">
                <DateInput label={texts.dayOffDate(i)} name={`availability.days_off.${i}`} value={date} disabled={disabled}
                  onChange={(value) => onChange(daysOff.map((d, j) => (j === i ? value : d)))} />
                {!disabled && (
                  <Button variant="ghost" aria-label={texts.removeDayOff(i)} onClick={() => onChange(daysOff.filter((_, j) => j !== i))}>
                    <span aria-hidden="true">✕</span>
                  </Button>
                )}
              </div>
              {problems.map((message) => <FieldErrorText key={message} id={`dayoff-${i}-${message}`}>{message}</FieldErrorText>)}
            </li>
          );
        })}
      </ul>
      {!disabled && <Button variant="secondary" className="self-start" onClick={() => onChange([...daysOff, nextWeek()])}>{texts.addDayOff}</Button>}
    </fieldset>
  );
}
