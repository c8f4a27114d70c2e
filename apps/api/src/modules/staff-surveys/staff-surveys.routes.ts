import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffSurveysPaths, ZApiError, ZStaffSurvey, ZStaffSurveyBody, ZStaffSurveyCopyBody, ZStaffSurveyListItem, ZStaffSurveyListQuery, ZStaffSurveyOrderBody,
  ZStaffSurveyParams, ZStaffSurveysProjectParams, ZStaffSurveyUpdateBody, ZSuccess,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const writeErrors = { ...errors, 409: ZApiError };
const ACCESS = 'Reading: surveys.read; changes: surveys.manage, on a project the account reaches. A survey of another project (or customer) '
  + 'answers 404 as one that does not exist. Every change is written to the audit log.';

const read = () => ({ access: access.console('surveys.read', access.project('projectId')) });
const manage = (action: string) => ({ access: access.console('surveys.manage', access.project('projectId'), { action }) });

/** The console's survey builder (contract: staff-surveys.ts). */
export const staffSurveysRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffSurveys } = services;

  app.get(staffSurveysPaths.list, {
    config: read(),
    schema: {
      tags, security, summary: "A project's surveys with their response counts", description: `In the residents' order; filters q (name) and status. ${ACCESS}`,
      params: ZStaffSurveysProjectParams, querystring: ZStaffSurveyListQuery, response: { 200: z.array(ZStaffSurveyListItem), ...errors },
    },
  }, async (request) => staffSurveys.list(staffOf(request), request.params.projectId, request.query));

  app.post(staffSurveysPaths.list, {
    config: manage('survey-create'),
    schema: {
      tags, security, summary: 'A new survey (version 1 or 2)', description: `A definition the rules refuse: 422 naming each question. ${ACCESS}`,
      params: ZStaffSurveysProjectParams, body: ZStaffSurveyBody, response: { 201: ZStaffSurvey, ...errors },
    },
  }, async (request, reply) => reply.code(201).send(await staffSurveys.create(staffOf(request), request.params.projectId, request.body)));

  app.put(staffSurveysPaths.order, {
    config: manage('survey-order'),
    schema: { tags, security, summary: "Orders the project's surveys (every id once)", description: ACCESS, params: ZStaffSurveysProjectParams, body: ZStaffSurveyOrderBody, response: { 200: z.array(ZStaffSurveyListItem), ...errors } },
  }, async (request) => staffSurveys.reorder(staffOf(request), request.params.projectId, request.body.ids));

  app.get(staffSurveysPaths.survey, {
    config: read(),
    schema: { tags, security, summary: 'A survey with its definition and revision', description: ACCESS, params: ZStaffSurveyParams, response: { 200: ZStaffSurvey, ...errors } },
  }, async (request) => staffSurveys.get(staffOf(request), request.params.projectId, request.params.surveyId));

  app.put(staffSurveysPaths.survey, {
    config: manage('survey-update'),
    schema: {
      tags, security, summary: 'Saves a survey',
      description: 'Names the revision it read: a stale one answers 409. Once answered, removing or retyping a question, removing or renaming an option, '
        + `switching one/many choice or shortening a scale answers 409 with a message per question. A definition the rules refuse: 422. ${ACCESS}`,
      params: ZStaffSurveyParams, body: ZStaffSurveyUpdateBody, response: { 200: ZStaffSurvey, ...writeErrors },
    },
  }, async (request) => staffSurveys.update(staffOf(request), request.params.projectId, request.params.surveyId, request.body));

  app.delete(staffSurveysPaths.survey, {
    config: manage('survey-delete'),
    schema: { tags, security, summary: 'Deletes a survey nobody answered (else 409: close it)', description: ACCESS, params: ZStaffSurveyParams, response: { 200: ZSuccess, ...writeErrors } },
  }, async (request) => {
    await staffSurveys.remove(staffOf(request), request.params.projectId, request.params.surveyId);
    return { success: true };
  });

  app.post(staffSurveysPaths.close, {
    config: manage('survey-close'),
    schema: { tags, security, summary: 'Closes a survey now', description: `Answers stay readable; no new answers. ${ACCESS}`, params: ZStaffSurveyParams, response: { 200: ZStaffSurvey, ...writeErrors } },
  }, async (request) => staffSurveys.close(staffOf(request), request.params.projectId, request.params.surveyId));

  app.post(staffSurveysPaths.copy, {
    config: manage('survey-copy'),
    schema: {
      tags, security, summary: 'Copies a survey (without answers) to this or another project of the customer',
      description: `A project the account does not reach answers 404. ${ACCESS}`, params: ZStaffSurveyParams, body: ZStaffSurveyCopyBody, response: { 201: ZStaffSurvey, ...errors },
    },
  }, async (request, reply) => reply.code(201).send(await staffSurveys.copy(staffOf(request), request.params.projectId, request.params.surveyId, request.body.project_id)));
};
