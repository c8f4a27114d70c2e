import { useParams } from 'wouter';
import { ComplaintsPage } from '../../features/complaints/components/complaints-page';
import { idParam, ModuleScreen } from '../module-route';

/** /complaints[/:id], /public/complaints/:projectId[/:id], /partner/complaints/:projectId[/:id]; titled by module_18_name. */
export default function ComplaintsRoute() {
  const { id } = useParams<{ id?: string }>();
  return (
    <ModuleScreen module="complaints">
      {({ audience, markRead }) => <ComplaintsPage audience={audience} itemId={idParam(id)} onRead={markRead} />}
    </ModuleScreen>
  );
}
