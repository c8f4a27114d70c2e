import { Redirect, useParams } from 'wouter';
import { idParam } from '../module-route';
import { IntakeScreen } from '../../features/forms/components/intake-page';
import { partnerIntakePages } from '../../features/forms/paths';
import { storage } from '../../lib/storage';

type Params = { formId: string; section?: string; projectId?: string; addressId?: string };

/**
 * /formulier/opname/:formId[/:section]: the resident's intake form;
 * /partner/opname/project/:projectId/adres/:addressId/:formId[/:section]: a partner's for an address.
 */
export default function IntakeRoute() {
  const { formId, section, projectId, addressId } = useParams<Params>();
  const form = idParam(formId) ?? -1;
  if (projectId === undefined) {
    if (storage.projectId() === null) return <Redirect to="/projecten" replace />;
    return <IntakeScreen scope={{ kind: 'occupant', formId: form }} section={section} backTo="/formulieren" backLabel="Terug naar formulieren" />;
  }
  const project = idParam(projectId) ?? -1;
  return (
    <IntakeScreen
      scope={{ kind: 'partner', formId: form, projectId: project, addressId: idParam(addressId) ?? -1 }}
      section={section}
      backTo={partnerIntakePages.addresses(project, form)}
      backLabel="Terug naar de adressen"
    />
  );
}
