import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HAS_MORE_HEADER, pagedAnswer, staffSurveyResultPaths, ZApiError, ZSurveyAnswersQuery, ZSurveyOpenAnswerList, ZSurveyResponseList,
  ZSurveyResultExportQuery, ZSurveyResultFilter, ZSurveyResultPageQuery, ZSurveyResultParams, ZSurveyResultPhotoList, ZSurveyResults,
} from '@portal/contract';
import { sendExport } from '../../lib/table-export.ts';
import { access } from '../../plugins/access.ts';
import { staffOf } from '../staff/staff-access.ts';
import type { StaffSurveyResults } from './staff-surveys.results.service.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const FILTERS = 'Filters, applied to everything: `building_unit` (one of the project\'s units; visitors drop out), `from`/`to` (days of submitted_at in '
  + 'Europe/Amsterdam, both included). An unknown unit or `to` before `from`: 400.';
const PAGED = 'Newest first, keyset paged (`before`: the last item\'s id held; `limit` up to 100; X-Has-More).';

/**
 * A survey's results in the console (issue 17, "Surveys"): the summary per question and the response rates
 * (surveys.read; counts only), the open answers, photos and responses (surveys.read; they carry addresses:
 * audited as personal-data reads) and the export (surveys.export; audited). The survey must belong to the
 * project in the URL, else 404 as another customer's.
 */
export const staffSurveyResultsRoutes = (services: { staffSurveyResults: StaffSurveyResults }): FastifyPluginAsyncZod => async (app) => {
  const { staffSurveyResults: results } = services;
  const personal = (action: string) => access.console('surveys.read', access.project('projectId'), { personalData: true, action });

  app.get(staffSurveyResultPaths.summary, {
    config: { access: access.console('surveys.read', access.project('projectId')) },
    schema: {
      tags, summary: "A survey's results: per question a count per option or value (and the average of ratings and scales), response rates",
      description: `The response rate counts the project's addresses (per building unit) that answered; public visitors are counted apart. ${FILTERS}`,
      params: ZSurveyResultParams, querystring: ZSurveyResultFilter, security, response: { 200: ZSurveyResults, ...errors },
    },
  }, async (request) => results.summary(staffOf(request), request.params.projectId, request.params.surveyId, request.query));

  app.get(staffSurveyResultPaths.answers, {
    config: { access: personal('survey-answers-read') },
    schema: {
      tags, summary: 'The answers to one open question, with who answered', description: `\`question\`: the element or question id of an open question (else 400). ${PAGED} ${FILTERS}`,
      params: ZSurveyResultParams, querystring: ZSurveyAnswersQuery, security, response: { 200: pagedAnswer(ZSurveyOpenAnswerList), ...errors },
    },
  }, async (request, reply) => {
    const page = await results.answers(staffOf(request), request.params.projectId, request.params.surveyId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.get(staffSurveyResultPaths.photos, {
    config: { access: personal('survey-photos-read') },
    schema: {
      tags, summary: 'The photos the responses answered with (the gallery)',
      description: `Each \`url\` is a file link signed for the caller's session (short-lived, this file only). Paged by photo id. ${PAGED} ${FILTERS}`,
      params: ZSurveyResultParams, querystring: ZSurveyResultPageQuery, security, response: { 200: pagedAnswer(ZSurveyResultPhotoList), ...errors },
    },
  }, async (request, reply) => {
    const page = await results.photos(staffOf(request), request.params.projectId, request.params.surveyId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.get(staffSurveyResultPaths.responses, {
    config: { access: personal('survey-responses-read') },
    schema: {
      tags, summary: 'Every response as a row: when, the address, building unit and occupant (residents), the answers as text',
      description: `${PAGED} ${FILTERS}`,
      params: ZSurveyResultParams, querystring: ZSurveyResultPageQuery, security, response: { 200: pagedAnswer(ZSurveyResponseList), ...errors },
    },
  }, async (request, reply) => {
    const page = await results.responses(staffOf(request), request.params.projectId, request.params.surveyId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.get(staffSurveyResultPaths.export, {
    config: { access: access.console('surveys.export', access.project('projectId'), { personalData: true, action: 'survey-results-export' }) },
    schema: {
      tags, summary: "A survey's responses as CSV or XLSX",
      description: `Every response the filters keep, newest first, one column per question; \`format\`: csv (UTF-8 with BOM, \`;\`) or xlsx. Text that `
        + `starts with = + - @ is written as text. Audited. ${FILTERS}`,
      params: ZSurveyResultParams, querystring: ZSurveyResultExportQuery, security,
      produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('The file'), ...errors },
    },
  }, async (request, reply) => {
    const { format, ...filter } = request.query;
    return sendExport(reply, await results.export(staffOf(request), request.params.projectId, request.params.surveyId, filter, format));
  });
};
