import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { idParam, useModuleRoute } from '../module-route';
import { intakeQueries } from '../../features/forms/api';
import { PartnerFormAddresses } from '../../features/forms/components/partner-form-lists';
import { partnerFormPages } from '../../features/forms/paths';
import { formTexts } from '../../features/forms/texts';
import { ModulePage } from '../../ui/module-page';
import { ButtonLink } from '../../ui/button';
import { PARTNER_FORM_MODULES, usePartnerFormKind } from './partner-forms';

/**
 * /partner/opname/project/:projectId/formulier/:formId/adressen and /partner/keuze/project/:projectId/formulier/:formId/adressen:
 * the addresses to fill the intake or choice form in for.
 */
export default function PartnerFormAddressesRoute() {
  const kind = usePartnerFormKind();
  const { formId } = useParams<{ formId: string }>();
  const { audience, title, backTo } = useModuleRoute(PARTNER_FORM_MODULES[kind]);
  const projectId = audience.projectId ?? 0;
  const form = idParam(formId) ?? -1;
  const forms = useQuery(intakeQueries.partnerForms(kind, projectId));
  const name = forms.data?.find((f) => f.id === form)?.name;
  return (
    <ModulePage title={name ?? title} backTo={backTo} actions={<ButtonLink variant="secondary" to={partnerFormPages(kind).forms(projectId)}>{formTexts.backToFormList}</ButtonLink>}>
      <PartnerFormAddresses kind={kind} projectId={projectId} formId={form} />
    </ModulePage>
  );
}
