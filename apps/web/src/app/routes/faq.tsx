import { useParams } from 'wouter';
import { InformationPage } from '../../features/information/components/information-page';
import { idParam, ModuleScreen } from '../module-route';

/** /faq[/:id], /public/faq/:projectId[/:id], /partner/faq/:projectId[/:id] */
export default function FaqRoute() {
  const { id } = useParams<{ id?: string }>();
  return (
    <ModuleScreen module="faq">
      {({ audience, markRead }) => <InformationPage audience={audience} kind="faq" itemId={idParam(id)} onRead={markRead} />}
    </ModuleScreen>
  );
}
