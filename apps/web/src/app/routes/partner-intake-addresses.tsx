import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { idParam, useModuleRoute } from '../module-route';
import { intakeQueries } from '../../features/forms/api';
import { PartnerIntakeAddresses } from '../../features/forms/components/partner-intake';
import { partnerIntakePages } from '../../features/forms/paths';
import { ModulePage } from '../../ui/module-page';
import { ButtonLink } from '../../ui/button';

/** /partner/opname/project/:projectId/formulier/:formId/adressen: the addresses to fill the form in for. */
export default function PartnerIntakeAddressesRoute() {
  const { formId } = useParams<{ formId: string }>();
  const { audience, title, backTo } = useModuleRoute('intake');
  const projectId = audience.projectId ?? 0;
  const form = idParam(formId) ?? -1;
  const forms = useQuery(intakeQueries.partnerForms(projectId));
  const name = forms.data?.find((f) => f.id === form)?.name;
  return (
    <ModulePage title={name ?? title} backTo={backTo} actions={<ButtonLink variant="secondary" to={partnerIntakePages.forms(projectId)}>Terug naar de formulieren</ButtonLink>}>
      <PartnerIntakeAddresses projectId={projectId} formId={form} />
    </ModulePage>
  );
}
