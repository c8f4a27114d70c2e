import { ModuleScreen } from '../module-route';
import { PartnerIntakeForms } from '../../features/forms/components/partner-intake';

/** /partner/opname/project/:projectId/formulieren: the project's intake forms. */
export default function PartnerIntakeFormsRoute() {
  return <ModuleScreen module="intake">{({ audience }) => <PartnerIntakeForms projectId={audience.projectId ?? 0} />}</ModuleScreen>;
}
