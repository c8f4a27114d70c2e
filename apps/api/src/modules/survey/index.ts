export { createSurveyService, type SurveyService, type SurveyServiceDeps } from './survey.service.ts';
export { surveyRoutes } from './survey.routes.ts';
export { findSurvey } from './survey.repository.ts';
export { surveys, surveyResponses, surveyPhotos, type SurveyAnswers, type SurveyQuestionDefinition } from './survey.table.ts';
