import { Redirect, useParams } from 'wouter';
import { idParam, useModuleRoute } from '../module-route';
import { FormEntries } from '../../features/forms/components/forms-overview';
import { formsAudience, useFormPlace, useGenericForm } from '../../features/forms/hooks/use-generic-form';
import { formPages } from '../../features/forms/paths';
import { formTexts } from '../../features/forms/texts';
import type { FormsAudience } from '../../features/forms/api';
import { BackLink } from '../../ui/button';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import NotFound from './not-found';

/** /formulier/formulier/resultaten/:formId and /public/formulier/:projectId/resultaten/:formId: the entries of a form. */
export default function FormResultsRoute() {
  const { formId } = useParams<{ formId: string }>();
  const { audience } = useModuleRoute('forms');
  const forms = formsAudience(audience);
  if (audience.kind === 'occupant' && audience.projectId === null) return <Redirect to="/projecten" replace />;
  if (!forms) return <NotFound />;
  return <Results audience={forms} formId={idParam(formId) ?? -1} />;
}

function Results({ audience, formId }: { audience: FormsAudience; formId: number }) {
  const { form, error, retry } = useGenericForm(audience, formId);
  const place = useFormPlace(audience, formId);
  const pages = formPages(audience);
  // Back to the menu the form sits in, else to the forms list (spec 2.2).
  const back = place.menuId !== null ? { to: pages.menu(place.menuId), label: formTexts.backToMenu } : { to: pages.list, label: formTexts.backToForms };
  return (
    <Page title={place.name ?? formTexts.formTitle} actions={<BackLink to={back.to}>{back.label}</BackLink>}>
      {error ? <ErrorState error={error} retry={retry} /> : form ? <FormEntries form={form} /> : <Loading />}
    </Page>
  );
}
