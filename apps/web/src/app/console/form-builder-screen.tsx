import { FormBuilderPage } from '../../features/console-forms/builder-page';
import { renderFormPreview } from './form-preview';

/**
 * The form builder's screen: the console-forms feature's page with the resident's renderer as its live
 * preview (features never import each other, so the two meet here).
 */
export default function FormBuilderScreen() {
  return <FormBuilderPage renderPreview={renderFormPreview} />;
}
