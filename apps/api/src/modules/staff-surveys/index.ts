export { createStaffSurveysService, type StaffSurveysService } from './staff-surveys.service.ts';
export { staffSurveysRoutes } from './staff-surveys.routes.ts';
export { createStaffSurveyResults, surveyQuestions, type StaffSurveyResults } from './staff-surveys.results.service.ts';
export { staffSurveyResultsRoutes } from './staff-surveys.results.routes.ts';
