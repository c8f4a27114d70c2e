import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TSchedule } from '@portal/contract';
import { pagePath, type Audience } from '../../../lib/audience';
import { useAfterRead } from '../../../lib/use-after-read';
import { Card } from '../../../ui/page';
import { SafeHtml } from '../../../ui/safe-html';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { scheduleQueries } from '../api';
import { defaultDay, formatDay, highlightedDays, monthKey, neighbourMonths, parseDayKey, parseMonthKey, plannedDays } from '../calendar';
import { scheduleTexts } from '../texts';
import { DayView } from './day-view';
import { MonthCalendar } from './month-calendar';

/**
 * Planning. A schedule with only a comment or image, and every public schedule, shows that comment
 * and image (or 'Geen informatie beschikbaar'); otherwise a month calendar beside the chosen day's
 * entries, or 'Geen planning beschikbaar' when nothing is planned. The planning comes a month at a
 * time: the open day's month (a day in the address, /planning/{day}), else the month the server opens with.
 * /planning/{day}/{item_nr} opens the day's item at that position (0 the first).
 */
export function SchedulePage({ audience, day, itemNr, onRead }: { audience: Audience; day: string | null; itemNr: number | null; onRead?: () => void }) {
  const dayMonth = day && parseDayKey(day) ? day.slice(0, 7) : null;
  const opened = useQuery(scheduleQueries.month(audience, dayMonth));
  // A resident's read marks the whole planning seen (every month): the dashboard count goes down.
  useAfterRead('schedule', opened.isSuccess, audience.kind === 'occupant', () => onRead?.());
  if (opened.isPending) return <Loading />;
  if (opened.isError) return <ErrorState error={opened.error} retry={() => void opened.refetch()} />;
  const data = opened.data;
  const hasItems = data.months_with_items.length > 0;
  const hasNote = !!(data.comment?.trim() || data.image_url);
  if (audience.kind === 'public' || (!hasItems && hasNote)) {
    return hasNote ? <Note schedule={data} /> : <EmptyState>{scheduleTexts.noInformation}</EmptyState>;
  }
  if (!hasItems) return <EmptyState>{scheduleTexts.noSchedule}</EmptyState>;
  return <Planner audience={audience} opened={data} day={day} itemNr={itemNr} />;
}

function Note({ schedule }: { schedule: TSchedule }) {
  return (
    <Card className="flex flex-col gap-4">
      {schedule.image_url && <img src={schedule.image_url} alt="" className="max-h-[36rem] w-full rounded-md object-contain" />}
      {schedule.comment && <SafeHtml html={schedule.comment} />}
    </Card>
  );
}

/** The calendar (any month with its own read) beside the open day, whose month `opened` holds. */
function Planner({ audience, opened, day, itemNr }: { audience: Audience; opened: TSchedule; day: string | null; itemNr: number | null }) {
  const today = useMemo(() => new Date(), []);
  const selectedKey = parseDayKey(day) ? day : defaultDay(plannedDays(opened.sorted_scheduled_items), today);
  const selectedDate = parseDayKey(selectedKey) ?? parseMonthKey(opened.month)!;
  const [month, setMonth] = useState(opened.month);
  // Follow the open day when it changes (a link, the browser's back button) into another month.
  const [shownDay, setShownDay] = useState(selectedKey);
  if (shownDay !== selectedKey) {
    setShownDay(selectedKey);
    setMonth(opened.month);
  }
  const shown = useQuery(scheduleQueries.month(audience, month));
  const items = shown.data?.sorted_scheduled_items ?? null;
  const counts = useMemo(() => (items ? Object.fromEntries(plannedDays(items).map((key) => [key, items[key]!.length])) : {}), [items]);
  const highlighted = useMemo(() => highlightedDays(items ?? {}), [items]);
  const { previous, next } = neighbourMonths(opened.months_with_items, month);
  const entries = (selectedKey && opened.sorted_scheduled_items[selectedKey]) || [];
  return (
    <div className="flex flex-col gap-4">
      {(opened.comment?.trim() || opened.image_url) && <Note schedule={opened} />}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)] md:gap-6">
        <div className="flex flex-col gap-2 self-start">
          <MonthCalendar
            month={parseMonthKey(month)!}
            previous={previous ? parseMonthKey(previous) : null}
            next={next ? parseMonthKey(next) : null}
            onMonthChange={(date) => setMonth(monthKey(date))}
            busy={shown.isFetching && !items}
            counts={counts}
            highlighted={highlighted}
            selected={selectedKey}
            today={today}
            hrefFor={(key) => pagePath(audience, 'planning', key)}
          />
          {shown.isError && <ErrorState error={shown.error} retry={() => void shown.refetch()} />}
        </div>
        <DayView key={selectedKey} heading={scheduleTexts.dayHeading(formatDay(selectedDate))} entries={entries} openItemNr={itemNr} />
      </div>
    </div>
  );
}
