export { createSurveyService, type SurveyService, type SurveyServiceDeps } from './survey.service.ts';
export { surveyRoutes } from './survey.routes.ts';
export { surveys, surveyResponses, surveyPhotos, type SurveyAnswers, type SurveyQuestionDefinition } from './survey.table.ts';
