import { ModuleScreen } from '../module-route';
import { FormsOverview } from '../../features/forms/components/forms-overview';
import { formsAudience } from '../../features/forms/hooks/use-generic-form';

/** /formulieren and /public/formulieren/:projectId: the project's menus and forms. */
export default function FormsRoute() {
  return (
    <ModuleScreen module="forms">
      {({ audience }) => {
        const forms = formsAudience(audience);
        return forms && <FormsOverview audience={forms} />;
      }}
    </ModuleScreen>
  );
}
