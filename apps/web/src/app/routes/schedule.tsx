import { useParams } from 'wouter';
import { SchedulePage } from '../../features/schedule/components/schedule-page';
import { idParam, ModuleScreen } from '../module-route';

/** /planning[/:day[/:item]] (day YYYY-MM-DD), /public/planning/:projectId, /partner/planning/:projectId[/:day[/:item]] */
export default function ScheduleRoute() {
  const { day, item } = useParams<{ day?: string; item?: string }>();
  return (
    <ModuleScreen module="scheduling">
      {({ audience, markRead }) => <SchedulePage audience={audience} day={day ?? null} itemId={idParam(item)} onRead={markRead} />}
    </ModuleScreen>
  );
}
