import { PartnersPage } from '../../features/partners/components/partners-page';
import { ModuleScreen } from '../module-route';

/** /partners, /public/partners/:projectId, /partner/partners/:projectId */
export default function PartnersRoute() {
  return (
    <ModuleScreen module="partners">
      {({ audience, tileUrl }) => <PartnersPage audience={audience} tileUrl={tileUrl} />}
    </ModuleScreen>
  );
}
