import { useQuery } from '@tanstack/react-query';
import { startOfMonth } from 'date-fns';
import { useMemo, useState } from 'react';
import type { TSchedule } from '@portal/contract';
import { pagePath, type Audience } from '../../../lib/audience';
import { useAfterRead } from '../../../lib/use-after-read';
import { Card } from '../../../ui/page';
import { SafeHtml } from '../../../ui/safe-html';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { scheduleQueries } from '../api';
import { defaultDay, formatDay, highlightedDays, parseDayKey, plannedDays } from '../calendar';
import { scheduleTexts } from '../texts';
import { DayView } from './day-view';
import { MonthCalendar } from './month-calendar';

/**
 * Planning. A schedule with only a comment or image, and every public schedule, shows that comment
 * and image (or 'Geen informatie beschikbaar'); otherwise a month calendar beside the chosen day's
 * entries, or 'Geen planning beschikbaar' when nothing is planned.
 */
export function SchedulePage({ audience, day, itemId, onRead }: { audience: Audience; day: string | null; itemId: number | null; onRead?: () => void }) {
  const schedule = useQuery(scheduleQueries.detail(audience));
  // A resident's read of the planning marks all its entries seen: the dashboard count goes down.
  const hadNew = audience.kind === 'occupant' && Object.values(schedule.data?.sorted_scheduled_items ?? {}).some((entries) => entries.some((e) => e.is_new));
  useAfterRead('schedule', schedule.isSuccess, hadNew, () => onRead?.());
  if (schedule.isPending) return <Loading />;
  if (schedule.isError) return <ErrorState error={schedule.error} retry={() => void schedule.refetch()} />;
  const data = schedule.data;
  const days = plannedDays(data.sorted_scheduled_items);
  const hasNote = !!(data.comment?.trim() || data.image_url);
  if (audience.kind === 'public' || (days.length === 0 && hasNote)) {
    return hasNote ? <Note schedule={data} /> : <EmptyState>{scheduleTexts.noInformation}</EmptyState>;
  }
  if (days.length === 0) return <EmptyState>{scheduleTexts.noSchedule}</EmptyState>;
  return <Planner audience={audience} schedule={data} days={days} day={day} itemId={itemId} />;
}

function Note({ schedule }: { schedule: TSchedule }) {
  return (
    <Card className="flex flex-col gap-4">
      {schedule.image_url && <img src={schedule.image_url} alt="" className="max-h-[36rem] w-full rounded-md object-contain" />}
      {schedule.comment && <SafeHtml html={schedule.comment} />}
    </Card>
  );
}

function Planner({ audience, schedule, days, day, itemId }: { audience: Audience; schedule: TSchedule; days: string[]; day: string | null; itemId: number | null }) {
  const today = useMemo(() => new Date(), []);
  const items = schedule.sorted_scheduled_items;
  const selectedKey = parseDayKey(day) ? day : defaultDay(days, today);
  const selectedDate = parseDayKey(selectedKey)!;
  const [month, setMonth] = useState(() => startOfMonth(selectedDate));
  // Follow the open day when it changes (a link, the browser's back button) into another month.
  const [shownDay, setShownDay] = useState(selectedKey);
  if (shownDay !== selectedKey) {
    setShownDay(selectedKey);
    setMonth(startOfMonth(selectedDate));
  }
  const counts = useMemo(() => Object.fromEntries(days.map((key) => [key, items[key]!.length])), [days, items]);
  const highlighted = useMemo(() => highlightedDays(items), [items]);
  const entries = (selectedKey && items[selectedKey]) || [];
  return (
    <div className="flex flex-col gap-4">
      {(schedule.comment?.trim() || schedule.image_url) && <Note schedule={schedule} />}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)] md:gap-6">
        <div className="self-start">
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            counts={counts}
            highlighted={highlighted}
            selected={selectedKey}
            today={today}
            hrefFor={(key) => pagePath(audience, 'planning', key)}
          />
        </div>
        <DayView key={selectedKey} heading={scheduleTexts.dayHeading(formatDay(selectedDate))} entries={entries} openItemId={itemId} />
      </div>
    </div>
  );
}
