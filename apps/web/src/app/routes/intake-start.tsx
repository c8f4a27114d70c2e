import { ModuleScreen } from '../module-route';
import { IntakeForms } from '../../features/forms/components/forms-overview';

/**
 * /formulier/opname: the resident's Opname tile (the spec's tile target /partner/opname/project/{id}/formulieren
 * sends a resident here): their intake form straight away, or a choice when the project has several.
 */
export default function IntakeStartRoute() {
  return <ModuleScreen module="intake">{() => <IntakeForms />}</ModuleScreen>;
}
