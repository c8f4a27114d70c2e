import {
  addDays, addMonths, addYears, eachDayOfInterval, endOfMonth, endOfWeek, endOfYear, format, getDay, isSameDay, isSameMonth, isValid, parse,
  setMonth, startOfDay, startOfMonth, startOfWeek, startOfYear,
} from 'date-fns';
import { nl } from 'date-fns/locale/nl';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { controlBorder, LabelledField } from './field';
import { Select } from './select';

/** The spec's date format (forms-and-shell section 5): DD-MM-YYYY. */
export const DUTCH_DATE_FORMAT = 'dd-MM-yyyy';
/** The year select offers this many years before and after the current one (spec: plus or minus 10 years). */
export const DATE_FIELD_YEAR_SPAN = 10;

const WEEK = { weekStartsOn: 1 } as const; // a Dutch week starts on Monday

/** The label of a questionnaire's question (ui/question-field.tsx) on LabelledField's own label. */
const QUESTION_LOOK = 'gap-1.5 [&>label]:text-base [&>label]:font-semibold [&>label]:text-slate-900 [&>label>span]:text-red-700';

/** '05-03-2026' as that day; null when the text is not a real day written DD-MM-YYYY ('31-02-2026' is not). */
export function parseDutchDate(text: string): Date | null {
  if (!/^\d{2}-\d{2}-\d{4}$/.test(text)) return null;
  const date = parse(text, DUTCH_DATE_FORMAT, new Date());
  return isValid(date) ? date : null;
}

export const formatDutchDate = (date: Date): string => format(date, DUTCH_DATE_FORMAT);

/** What was typed, written DD-MM-YYYY when it is a day: '5-3-2026', '5.3.2026' and '05032026' become '05-03-2026'. */
export function normalizeDutchDate(text: string): string {
  const typed = text.trim();
  const parts = /^(\d{1,2})[-./\s](\d{1,2})[-./\s](\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  if (!parts) return typed;
  const candidate = `${parts[1]!.padStart(2, '0')}-${parts[2]!.padStart(2, '0')}-${parts[3]}`;
  return parseDutchDate(candidate) ? candidate : typed;
}

const texts = {
  placeholder: 'DD-MM-JJJJ',
  hint: (year: number) => `Dag-maand-jaar, bijvoorbeeld 15-04-${year}`,
  open: 'Kies datum',
  openWith: (day: string) => `Kies datum, gekozen: ${day}`,
  dialog: 'Kies een datum',
  month: 'Maand',
  year: 'Jaar',
  previous: 'Vorige maand',
  next: 'Volgende maand',
  close: 'Sluiten',
} as const;

/** The same day in another year, or the month's last day when it has no such day (29 February). */
const withYear = (day: Date, year: number) => setMonth(new Date(year, 0, day.getDate()), day.getMonth());

/** 'donderdag 5 maart 2026': how a day is spoken. */
const spoken = (day: Date) => format(day, 'EEEE d MMMM yyyy', { locale: nl });

type Props = {
  label: string;
  /** DD-MM-YYYY, empty, or what is being typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The current day (for tests); the year select spans DATE_FIELD_YEAR_SPAN years around its year. */
  today?: Date;
  /** 'question': the larger label of a questionnaire (ui/question-field.tsx), red ' *'. */
  look?: 'question';
};

/**
 * A date in DD-MM-YYYY: typed (normalised when the field is left), or picked from a calendar with a
 * month select and a year select of the current year plus or minus 10. The calendar is a small dialog
 * beside the field; it is used by keyboard as the WAI-ARIA date picker is (arrows, Home/End,
 * PageUp/PageDown for a month, with Shift for a year, Enter to choose, Escape to close).
 */
export function DateField({ label, value, onChange, onBlur, name, id, error, hint, required, disabled, today: todayProp, look }: Props) {
  const today = startOfDay(todayProp ?? new Date());
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const chosen = parseDutchDate(value);

  const wrapper = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  // Focus leaving the field and its calendar (Tab away, a click elsewhere) closes the calendar.
  useEffect(() => {
    const node = wrapper.current;
    if (!open || !node) return;
    const leave = (event: FocusEvent) => {
      if (!node.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    node.addEventListener('focusout', leave);
    return () => node.removeEventListener('focusout', leave);
  }, [open]);
  return (
    <div ref={wrapper} className="relative">
      <LabelledField label={label} error={error} hint={hint ?? texts.hint(today.getFullYear())} required={required} id={id} className={look ? QUESTION_LOOK : ''}>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              name={name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={texts.placeholder}
              maxLength={DUTCH_DATE_FORMAT.length}
              value={value}
              disabled={disabled}
              onChange={(event) => onChange(event.target.value)}
              onBlur={(event) => {
                const normalised = normalizeDutchDate(event.target.value);
                if (normalised !== event.target.value) onChange(normalised);
                onBlur?.();
              }}
              className={`min-h-11 w-40 rounded-md border bg-white px-3 py-2 text-base shadow-sm ${controlBorder(error)}`}
            />
            <button
              ref={toggle}
              type="button"
              aria-haspopup="dialog"
              aria-expanded={open}
              aria-controls={open ? dialogId : undefined}
              aria-label={chosen ? texts.openWith(spoken(chosen)) : texts.open}
              disabled={disabled}
              onClick={() => setOpen((current) => !current)}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-400 bg-white text-brand shadow-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <CalendarIcon />
            </button>
          </div>
        )}
      </LabelledField>
      {open && (
        <Calendar
          id={dialogId}
          selected={chosen}
          today={today}
          onSelect={(day) => {
            onChange(formatDutchDate(day));
            close();
          }}
          onClose={close}
        />
      )}
    </div>
  );
}

type CalendarProps = { id: string; selected: Date | null; today: Date; onSelect: (day: Date) => void; onClose: () => void };

/** The month of the active day: selects for month and year, the days in a table with one tab stop. */
function Calendar({ id, selected, today, onSelect, onClose }: CalendarProps) {
  const first = startOfYear(addYears(today, -DATE_FIELD_YEAR_SPAN));
  const last = startOfDay(endOfYear(addYears(today, DATE_FIELD_YEAR_SPAN)));
  const clamp = (day: Date) => (day < first ? first : day > last ? last : day);
  // The day that has the tab stop (and focus while moving through the days).
  const [active, setActive] = useState(() => clamp(selected ?? today));
  const focusActive = useRef(true);
  const grid = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [active]);
  const moveTo = (day: Date, withFocus: boolean) => {
    focusActive.current = withFocus;
    setActive(clamp(day));
  };

  const steps: Record<string, (day: Date, shift: boolean) => Date> = {
    ArrowLeft: (day) => addDays(day, -1),
    ArrowRight: (day) => addDays(day, 1),
    ArrowUp: (day) => addDays(day, -7),
    ArrowDown: (day) => addDays(day, 7),
    Home: (day) => startOfWeek(day, WEEK),
    End: (day) => startOfDay(endOfWeek(day, WEEK)),
    PageUp: (day, shift) => (shift ? addYears(day, -1) : addMonths(day, -1)),
    PageDown: (day, shift) => (shift ? addYears(day, 1) : addMonths(day, 1)),
  };
  const onDayKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    moveTo(step(active, event.shiftKey), true);
  };
  // Escape closes this calendar only, not a modal <dialog> the field sits in (hence a native listener
  // that stops the key before the document sees it).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = box.current!;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      onClose();
    };
    node.addEventListener('keydown', onKey);
    return () => node.removeEventListener('keydown', onKey);
  }, [onClose]);

  const monthStart = startOfMonth(active);
  const lead = (getDay(monthStart) + 6) % 7; // empty cells before the 1st, Monday first
  const cells: Array<Date | null> = [...Array<null>(lead).fill(null), ...eachDayOfInterval({ start: monthStart, end: endOfMonth(active) })];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const weekdays = eachDayOfInterval({ start: startOfWeek(today, WEEK), end: endOfWeek(today, WEEK) });
  const years = Array.from({ length: DATE_FIELD_YEAR_SPAN * 2 + 1 }, (_, i) => first.getFullYear() + i);
  const months = Array.from({ length: 12 }, (_, m) => format(new Date(2000, m, 1), 'LLLL', { locale: nl }));
  const monthId = `${id}-month`;
  const yearId = `${id}-year`;

  return (
    // tabIndex -1: a click on the calendar's background keeps focus inside it (so it stays open).
    <div
      ref={box}
      id={id}
      role="dialog"
      aria-label={texts.dialog}
      tabIndex={-1}
      className="absolute left-0 top-full z-30 mt-1 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 rounded-lg border border-slate-300 bg-white p-3 shadow-lg"
    >
      <div className="flex items-center gap-1">
        <NavButton label={texts.previous} disabled={isSameMonth(active, first)} onClick={() => moveTo(addMonths(active, -1), false)} direction="previous" />
        <label htmlFor={monthId} className="sr-only">{texts.month}</label>
        <Select id={monthId} className="flex-1" value={active.getMonth()} onChange={(event) => moveTo(setMonth(active, Number(event.target.value)), false)}>
          {months.map((month, m) => <option key={month} value={m}>{month}</option>)}
        </Select>
        <label htmlFor={yearId} className="sr-only">{texts.year}</label>
        <Select id={yearId} className="w-28" value={active.getFullYear()} onChange={(event) => moveTo(withYear(active, Number(event.target.value)), false)}>
          {years.map((year) => <option key={year} value={year}>{year}</option>)}
        </Select>
        <NavButton label={texts.next} disabled={isSameMonth(active, last)} onClick={() => moveTo(addMonths(active, 1), false)} direction="next" />
      </div>
      <table ref={grid} className="w-full table-fixed border-collapse text-center">
        <caption className="sr-only">{format(active, 'LLLL yyyy', { locale: nl })}</caption>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day.getDay()} scope="col" abbr={format(day, 'EEEE', { locale: nl })} className="pb-1 text-xs font-semibold text-slate-600">
                {format(day, 'EEEEEE', { locale: nl })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => (
                <td key={d} className="p-0.5">
                  {day && (
                    <DayButton
                      day={day}
                      isActive={isSameDay(day, active)}
                      isSelected={!!selected && isSameDay(day, selected)}
                      isToday={isSameDay(day, today)}
                      onSelect={onSelect}
                      onKeyDown={onDayKey}
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={onClose} className="self-end rounded-md px-3 py-2 text-sm font-semibold text-slate-900 underline hover:bg-slate-100">
        {texts.close}
      </button>
    </div>
  );
}

type DayProps = { day: Date; isActive: boolean; isSelected: boolean; isToday: boolean; onSelect: (day: Date) => void; onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void };

function DayButton({ day, isActive, isSelected, isToday, onSelect, onKeyDown }: DayProps) {
  const look = isSelected ? 'bg-brand font-semibold text-on-brand' : isToday ? 'font-semibold text-slate-900 ring-1 ring-inset ring-brand' : 'text-slate-900 hover:bg-slate-100';
  return (
    <button
      type="button"
      tabIndex={isActive ? 0 : -1}
      aria-label={spoken(day)}
      aria-pressed={isSelected}
      aria-current={isToday ? 'date' : undefined}
      onClick={() => onSelect(day)}
      onKeyDown={onKeyDown}
      className={`flex size-10 items-center justify-center rounded-md text-sm ${look}`}
    >
      {day.getDate()}
    </button>
  );
}

function NavButton({ label, direction, disabled, onClick }: { label: string; direction: 'previous' | 'next'; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-brand hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d={direction === 'previous' ? 'M12 5l-5 5 5 5' : 'M8 5l5 5-5 5'} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <rect x="3" y="4.5" width="14" height="12.5" rx="1.5" />
      <path d="M3 8.5h14M7 2.5v4M13 2.5v4" strokeLinecap="round" />
    </svg>
  );
}
