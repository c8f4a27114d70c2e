import { useParams } from 'wouter';
import { idParam, ModuleScreen } from '../module-route';
import { FormMenu } from '../../features/forms/components/forms-overview';
import { formsAudience } from '../../features/forms/hooks/use-generic-form';

/** /formulier/menu/:menuId and /public/formulier/:projectId/menu/:menuId */
export default function FormMenuRoute() {
  const { menuId } = useParams<{ menuId: string }>();
  return (
    <ModuleScreen module="forms">
      {({ audience }) => {
        const forms = formsAudience(audience);
        return forms && <FormMenu audience={forms} menuId={idParam(menuId) ?? -1} />;
      }}
    </ModuleScreen>
  );
}
