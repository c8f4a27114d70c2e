import { queryOptions } from '@tanstack/react-query';
import {
  fillPath, staffProjectPaths, staffSurveyResultPaths,
  type TStaffMe, type TStaffProject, type TSurveyOpenAnswer, type TSurveyResponseRow, type TSurveyResultFilter, type TSurveyResultPhoto, type TSurveyResults,
} from '@portal/contract';
import { staffApi, staffApiPage, staffGetFile } from '../../lib/staff-api';

/** The filters as the page keeps them in its URL (`?bouwdeel=&van=&tot=`), in the API's names. */
export type ResultsFilter = Omit<TSurveyResultFilter, 'language'>;

export const resultsKeys = {
  all: ['staff', 'survey-results'] as const,
  survey: (projectId: number, surveyId: number) => [...resultsKeys.all, projectId, surveyId] as const,
  summary: (projectId: number, surveyId: number, filter: ResultsFilter) => [...resultsKeys.survey(projectId, surveyId), 'summary', filter] as const,
  answers: (projectId: number, surveyId: number, question: string, filter: ResultsFilter) =>
    [...resultsKeys.survey(projectId, surveyId), 'answers', question, filter] as const,
  photos: (projectId: number, surveyId: number, filter: ResultsFilter) => [...resultsKeys.survey(projectId, surveyId), 'photos', filter] as const,
  responses: (projectId: number, surveyId: number, filter: ResultsFilter) => [...resultsKeys.survey(projectId, surveyId), 'responses', filter] as const,
};

const path = (template: string, projectId: number, surveyId: number) => fillPath(template, { projectId, surveyId });

export const resultsQueries = {
  summary: (projectId: number, surveyId: number, filter: ResultsFilter) => queryOptions({
    queryKey: resultsKeys.summary(projectId, surveyId, filter),
    queryFn: () => staffApi<TSurveyResults>(path(staffSurveyResultPaths.summary, projectId, surveyId), { query: filter }),
    retry: false,
  }),
  /** The project's name for the crumbs (the console-projects feature keeps the project itself). */
  project: (projectId: number) => queryOptions({
    queryKey: [...resultsKeys.all, projectId, 'project'] as const,
    queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)),
    staleTime: 60_000,
  }),
  /** The console's account (shared with the console's layout, which loaded it already). */
  me: () => queryOptions({ queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 }),
};

export const resultsApi = {
  answers: (projectId: number, surveyId: number, question: string, filter: ResultsFilter, before?: number) =>
    staffApiPage<TSurveyOpenAnswer[]>(path(staffSurveyResultPaths.answers, projectId, surveyId), { before }, { query: { ...filter, question } }),
  photos: (projectId: number, surveyId: number, filter: ResultsFilter, before?: number) =>
    staffApiPage<TSurveyResultPhoto[]>(path(staffSurveyResultPaths.photos, projectId, surveyId), { before }, { query: filter }),
  responses: (projectId: number, surveyId: number, filter: ResultsFilter, before?: number) =>
    staffApiPage<TSurveyResponseRow[]>(path(staffSurveyResultPaths.responses, projectId, surveyId), { before }, { query: filter }),
  export: (projectId: number, surveyId: number, filter: ResultsFilter, format: 'csv' | 'xlsx') =>
    staffGetFile(path(staffSurveyResultPaths.export, projectId, surveyId), { ...filter, format }),
};
