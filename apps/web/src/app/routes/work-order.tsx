import { WorkOrderPage } from '../../features/work-order/components/work-order-page';
import { ModuleScreen } from '../module-route';

/** /werk-volgorde, /public/werk-volgorde/:projectId, /partner/werk-volgorde/:projectId */
export default function WorkOrderRoute() {
  return (
    <ModuleScreen module="work_order">
      {({ audience, tileUrl }) => <WorkOrderPage audience={audience} tileUrl={tileUrl} />}
    </ModuleScreen>
  );
}
