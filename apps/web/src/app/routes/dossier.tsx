import { DossierPage } from '../../features/dossier/components/dossier-page';
import { ModuleScreen } from '../module-route';

/** /dossier (residents only). */
export default function DossierRoute() {
  return (
    <ModuleScreen module="dossier">
      {({ audience, markRead }) => <DossierPage projectId={audience.projectId} onRead={markRead} />}
    </ModuleScreen>
  );
}
