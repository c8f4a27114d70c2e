import { Redirect, useParams } from 'wouter';
import { useModuleRoute } from '../module-route';
import { GenericEntryScreen } from '../../features/forms/components/generic-entry-page';
import { formsAudience, useGenericForm } from '../../features/forms/hooks/use-generic-form';
import { formPages } from '../../features/forms/paths';
import type { FormsAudience } from '../../features/forms/api';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import NotFound from './not-found';

type Params = { formId: string; id: string; section?: string; nr?: string; projectId?: string };

/**
 * /formulier/formulier/:formId/:id[/:section[/:nr]] and /public/formulier/:projectId/:formId/:id[/:section[/:nr]]:
 * a generic form's entry, step by step.
 */
export default function FormEntryRoute() {
  const params = useParams<Params>();
  const { audience } = useModuleRoute('forms');
  const forms = formsAudience(audience);
  if (audience.kind === 'occupant' && audience.projectId === null) return <Redirect to="/projecten" replace />;
  // Only numbers name a project and a form here (other /public/formulier/... pages come before this one in the router).
  if (!forms || !/^\d+$/.test(params.formId) || (params.projectId !== undefined && !/^\d+$/.test(params.projectId))) return <NotFound />;
  return <Entry audience={forms} params={params} />;
}

function Entry({ audience, params }: { audience: FormsAudience; params: Params }) {
  const { form, error, retry } = useGenericForm(audience, Number(params.formId));
  if (error) return <Page title="Formulier"><ErrorState error={error} retry={retry} /></Page>;
  if (!form) return <Page title="Formulier"><Loading /></Page>;
  return <GenericEntryScreen form={form} pages={formPages(audience)} entry={params.id} section={params.section} nr={params.nr} />;
}
