import { useParams } from 'wouter';
import { idParam } from '../module-route';
import { PublicSimpleForm } from '../../features/forms/components/public-simple-form';

/** /public/formulier/:formId: the simple public form, reached by its own link. */
export default function PublicSimpleFormRoute() {
  const { formId } = useParams<{ formId: string }>();
  return <PublicSimpleForm formId={idParam(formId) ?? -1} />;
}
