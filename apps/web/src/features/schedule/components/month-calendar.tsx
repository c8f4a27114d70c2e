import { isSameDay } from 'date-fns';
import { Link } from 'wouter';
import { formatDay, formatMonth, monthGrid, weekdayNames } from '../calendar';
import { scheduleTexts } from '../texts';

type Props = {
  month: Date;
  /** Where the back and forward buttons lead (the nearest months with items); null: nowhere. */
  previous: Date | null;
  next: Date | null;
  onMonthChange: (month: Date) => void;
  /** The month's items are still loading: the grid shows no planned days yet. */
  busy?: boolean;
  /** Number of entries per planned day (YYYY-MM-DD). */
  counts: Record<string, number>;
  highlighted: Set<string>;
  selected: string | null;
  today: Date;
  hrefFor: (day: string) => string;
};

/**
 * A month of the planning: days with items are links (to that day), important days stand out,
 * the open day carries aria-current. The month buttons go back and forward to the nearest month with
 * items (and say which); without one they are disabled. The caption is announced.
 */
export function MonthCalendar({ month, previous, next, onMonthChange, busy = false, counts, highlighted, selected, today, hrefFor }: Props) {
  const weekdays = weekdayNames();
  return (
    <section aria-label={scheduleTexts.calendar} aria-busy={busy || undefined} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="mb-3 flex items-center justify-between gap-2">
        <MonthButton label={previous ? `${scheduleTexts.previousMonth}: ${formatMonth(previous)}` : scheduleTexts.noEarlierMonth} to={previous} onMonthChange={onMonthChange} direction="back" />
        <p className="text-lg font-semibold" aria-live="polite" data-testid="calendar-month">{capitalise(formatMonth(month))}</p>
        <MonthButton label={next ? `${scheduleTexts.nextMonth}: ${formatMonth(next)}` : scheduleTexts.noLaterMonth} to={next} onMonthChange={onMonthChange} direction="forward" />
      </div>
      <table className={`w-full table-fixed border-separate border-spacing-1 text-center ${busy ? 'opacity-60' : ''}`}>
        <caption className="sr-only">{formatMonth(month)}</caption>
        <thead>
          <tr>
            {weekdays.map(([short, full]) => (
              <th key={full} scope="col" className="pb-1 text-xs font-semibold uppercase text-slate-600">
                <abbr title={full} className="no-underline">{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]!.key}>
              {week.map((day) => {
                const count = day.inMonth ? (counts[day.key] ?? 0) : 0;
                const important = highlighted.has(day.key);
                const isToday = isSameDay(day.date, today);
                const base = 'mx-auto flex size-10 flex-col items-center justify-center rounded-full text-sm sm:size-11';
                if (!day.inMonth) return <td key={day.key} />; // days of the neighbouring months stay empty
                if (!count) {
                  return (
                    <td key={day.key}>
                      <span className={`${base} ${isToday ? 'font-extrabold text-slate-950 underline decoration-2 underline-offset-4' : 'text-slate-900'}`}>{day.date.getDate()}{isToday && <span className="sr-only"> ({scheduleTexts.today})</span>}</span>
                    </td>
                  );
                }
                const current = selected === day.key;
                const tone = current
                  ? 'bg-brand text-on-brand'
                  : important ? 'bg-amber-100 text-amber-950 ring-2 ring-amber-700' : 'bg-slate-100 text-slate-900 ring-1 ring-brand';
                return (
                  <td key={day.key}>
                    <Link
                      to={hrefFor(day.key)}
                      aria-current={current ? 'date' : undefined}
                      aria-label={scheduleTexts.dayLabel(`${formatDay(day.date)}${isToday ? ` (${scheduleTexts.today})` : ''}`, count, important)}
                      data-day={day.key}
                      data-important={important || undefined}
                      className={`${base} font-bold no-underline ${tone} hover:brightness-95`}
                    >
                      {/* Today is underlined once: the number, not the mark under it. */}
                      <span aria-hidden="true" className={isToday ? 'underline decoration-2 underline-offset-2' : undefined} data-today={isToday || undefined}>{day.date.getDate()}</span>
                      <span aria-hidden="true" className="text-[0.6rem] leading-none">{important ? '!' : '•'}</span>
                    </Link>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 flex flex-wrap gap-4 text-xs text-slate-700">
        <li className="flex items-center gap-2"><span className="size-3 rounded-full bg-slate-100 ring-1 ring-brand" aria-hidden="true" />{scheduleTexts.legendPlanned}</li>
        <li className="flex items-center gap-2"><span className="size-3 rounded-full bg-amber-100 ring-2 ring-amber-700" aria-hidden="true" />{scheduleTexts.legendImportant}</li>
      </ul>
    </section>
  );
}

/** A month button; without a month to go to it stays focusable but does nothing (aria-disabled). */
function MonthButton({ label, to, onMonthChange, direction }: {
  label: string; to: Date | null; onMonthChange: (month: Date) => void; direction: 'back' | 'forward';
}) {
  return (
    <button type="button" onClick={() => to && onMonthChange(to)} aria-label={label} title={label} aria-disabled={!to || undefined}
      className="inline-flex size-11 items-center justify-center rounded-md border border-slate-300 bg-white hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-white">
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d={direction === 'back' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'} />
      </svg>
    </button>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
