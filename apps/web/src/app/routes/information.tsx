import { useParams } from 'wouter';
import { InformationPage } from '../../features/information/components/information-page';
import { idParam, ModuleScreen } from '../module-route';

/** /informatie[/:id], /public/informatie/:projectId[/:id], /partner/informatie/:projectId[/:id] */
export default function InformationRoute() {
  const { id } = useParams<{ id?: string }>();
  return (
    <ModuleScreen module="information">
      {({ audience, markRead }) => <InformationPage audience={audience} kind="information" itemId={idParam(id)} onRead={markRead} />}
    </ModuleScreen>
  );
}
