import { useParams } from 'wouter';
import { ModulePage } from '../../ui/module-page';
import { SurveyPage } from '../../features/survey/components/survey-page';
import type { SurveyAudience } from '../../features/survey/api';
import { idParam, useModuleRoute } from '../module-route';

/** /enquetes, /enquete/:id, /public/enquetes/:projectId, /public/enquete/:projectId/:id */
export default function SurveysRoute() {
  const { id } = useParams<{ id?: string }>();
  const { audience, title, backTo, markRead } = useModuleRoute('survey');
  // Surveys have no partner paths; the router only sends residents and visitors here.
  const surveyAudience = audience as SurveyAudience;
  return (
    <ModulePage title={title} backTo={backTo}>
      <SurveyPage audience={surveyAudience} surveyId={idParam(id)} onSent={markRead} />
    </ModulePage>
  );
}
