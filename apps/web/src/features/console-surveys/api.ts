import { queryOptions } from '@tanstack/react-query';
import {
  fillPath, staffProjectPaths, staffSurveysPaths,
  type TStaffMe, type TStaffProject, type TStaffProjectListItem, type TStaffSurvey, type TStaffSurveyBody, type TStaffSurveyListItem,
  type TStaffSurveyListQuery, type TStaffSurveyUpdateBody,
} from '@portal/contract';
import { staffApi, staffApiPage } from '../../lib/staff-api';

export const surveyKeys = {
  all: ['staff', 'surveys'] as const,
  project: (projectId: number) => [...surveyKeys.all, 'project', projectId] as const,
  list: (projectId: number, filter: TStaffSurveyListQuery) => [...surveyKeys.project(projectId), 'list', filter] as const,
  survey: (projectId: number, surveyId: number) => [...surveyKeys.project(projectId), 'survey', surveyId] as const,
};

const onProject = (projectId: number) => fillPath(staffSurveysPaths.list, { projectId });
const onSurvey = (template: string, projectId: number, surveyId: number) => fillPath(template, { projectId, surveyId });

export const surveyQueries = {
  list: (projectId: number, filter: TStaffSurveyListQuery) => queryOptions({
    queryKey: surveyKeys.list(projectId, filter),
    queryFn: () => staffApi<TStaffSurveyListItem[]>(onProject(projectId), { query: { q: filter.q || undefined, status: filter.status } }),
  }),
  survey: (projectId: number, surveyId: number) => queryOptions({
    queryKey: surveyKeys.survey(projectId, surveyId), queryFn: () => staffApi<TStaffSurvey>(onSurvey(staffSurveysPaths.survey, projectId, surveyId)),
  }),
  project: (projectId: number) => queryOptions({
    queryKey: [...surveyKeys.project(projectId), 'project'] as const, queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)), staleTime: 60_000,
  }),
  /** The projects a survey can be copied to (the first 100 the account reaches). */
  projects: () => queryOptions({
    queryKey: [...surveyKeys.all, 'projects'] as const,
    queryFn: async () => (await staffApiPage<TStaffProjectListItem[]>(staffProjectPaths.projects, { limit: 100 })).data,
    staleTime: 60_000,
  }),
  me: () => queryOptions({ queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 }),
};

export const surveyApi = {
  create: (projectId: number, body: TStaffSurveyBody) => staffApi<TStaffSurvey>(onProject(projectId), { method: 'POST', body }),
  update: (projectId: number, surveyId: number, body: TStaffSurveyUpdateBody) =>
    staffApi<TStaffSurvey>(onSurvey(staffSurveysPaths.survey, projectId, surveyId), { method: 'PUT', body }),
  remove: (projectId: number, surveyId: number) => staffApi(onSurvey(staffSurveysPaths.survey, projectId, surveyId), { method: 'DELETE' }),
  close: (projectId: number, surveyId: number) => staffApi<TStaffSurvey>(onSurvey(staffSurveysPaths.close, projectId, surveyId), { method: 'POST' }),
  copy: (projectId: number, surveyId: number, target: number) =>
    staffApi<TStaffSurvey>(onSurvey(staffSurveysPaths.copy, projectId, surveyId), { method: 'POST', body: { project_id: target } }),
  reorder: (projectId: number, ids: number[]) => staffApi<TStaffSurveyListItem[]>(fillPath(staffSurveysPaths.order, { projectId }), { method: 'PUT', body: { ids } }),
};

/** The console paths of the survey screens (the results screen belongs to the results feature). */
export const surveyPages = {
  list: (projectId: number) => `/projecten/${projectId}/enquetes`,
  survey: (projectId: number, surveyId: number) => `/projecten/${projectId}/enquetes/${surveyId}`,
  results: (projectId: number, surveyId: number) => `/projecten/${projectId}/enquetes/${surveyId}/resultaten`,
};
