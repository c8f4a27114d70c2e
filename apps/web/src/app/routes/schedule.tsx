import { useParams } from 'wouter';
import { SchedulePage } from '../../features/schedule/components/schedule-page';
import { idParam, ModuleScreen } from '../module-route';

/**
 * /planning[/:day[/:item_nr]] (day YYYY-MM-DD; item_nr the item's position within the day, from 0, as the spec's
 * /planning/{day_nr}/{item_nr}), /public/planning/:projectId, /partner/planning/:projectId[/:day[/:item_nr]]
 */
export default function ScheduleRoute() {
  const { day, item } = useParams<{ day?: string; item?: string }>();
  return (
    <ModuleScreen module="scheduling">
      {({ audience, markRead }) => <SchedulePage audience={audience} day={day ?? null} itemNr={idParam(item)} onRead={markRead} />}
    </ModuleScreen>
  );
}
