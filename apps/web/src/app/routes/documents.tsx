import { DocumentsPage } from '../../features/documents/components/documents-page';
import { ModuleScreen } from '../module-route';

/** /documenten, /public/documenten/:projectId, /partner/documenten/:projectId */
export default function DocumentsRoute() {
  return (
    <ModuleScreen module="documents">
      {({ audience, markRead }) => <DocumentsPage audience={audience} onRead={markRead} />}
    </ModuleScreen>
  );
}
