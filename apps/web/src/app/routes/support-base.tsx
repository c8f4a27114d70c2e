import { useParams } from 'wouter';
import { idParam } from '../module-route';
import { SupportBaseScreen } from '../../features/forms/support-base/support-base-page';

/** /formulier/draagvlak/:formId/:section?/:nr?: the resident's support-base form. */
export default function SupportBaseRoute() {
  const { formId, section, nr } = useParams<{ formId: string; section?: string; nr?: string }>();
  return <SupportBaseScreen scope={{ kind: 'occupant', formId: idParam(formId) ?? -1 }} section={section} nr={nr} />;
}

