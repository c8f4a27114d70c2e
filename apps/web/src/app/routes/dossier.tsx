import { useQuery } from '@tanstack/react-query';
import { DossierPage } from '../../features/dossier/components/dossier-page';
import { householdQueries } from '../../features/household/api';
import { ModuleScreen } from '../module-route';

/** /dossier (residents only). */
export default function DossierRoute() {
  // The e-mail field starts as the logged-in person's own address.
  const self = useQuery({ ...householdQueries.list(), select: (people) => people.find((p) => p.is_self) });
  return (
    <ModuleScreen module="dossier">
      {({ audience, markRead }) => <DossierPage projectId={audience.projectId} onRead={markRead} defaultEmail={self.data?.email_address ?? ''} />}
    </ModuleScreen>
  );
}
