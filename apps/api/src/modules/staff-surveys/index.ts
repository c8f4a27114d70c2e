export { createStaffSurveyResults, surveyQuestions, type StaffSurveyResults } from './staff-surveys.results.service.ts';
export { staffSurveyResultsRoutes } from './staff-surveys.results.routes.ts';
