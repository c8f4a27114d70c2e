import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HAS_MORE_HEADER, pagedAnswer, staffEntryPaths, ZApiError, ZReopenBody, ZStaffEntryCounts, ZStaffEntryDetail, ZStaffEntryList, ZStaffEntryListQuery,
  ZStaffEntryParams, ZStaffExport, ZStaffExportList, ZStaffExportParams, ZStaffEntryFormParams, ZStartExportBody,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const writeErrors = { ...errors, 409: ZApiError };

/**
 * The entries of a project's forms in the console, and their exports (issue 16, "Entries"). Reads need
 * forms.read and are audited (personal data); reopening needs forms.manage; exports forms.export. The form
 * must belong to the project in the URL (else 404, as another customer's).
 */
export const staffEntriesRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffEntries } = services;
  const read = access.console('forms.read', access.project('projectId'), { personalData: true, action: 'entries-read' });

  app.get(staffEntryPaths.list, {
    config: { access: read },
    schema: {
      tags, summary: "A form's entries: every address of the project with its latest entry, or the visitors' entries",
      description: 'Filters: status, building_unit, answered (no: addresses without an entry), paid (no: extra costs not paid), q (address words). '
        + '`owner=visitors`: entries of public visitors, newest first. Keyset paging (`before`: the last row\'s id; X-Has-More).',
      params: ZStaffEntryFormParams, querystring: ZStaffEntryListQuery, security, response: { 200: pagedAnswer(ZStaffEntryList), ...errors },
    },
  }, async (request, reply) => {
    const page = await staffEntries.list(staffOf(request), request.params.projectId, request.params.formId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.get(staffEntryPaths.counts, {
    config: { access: access.console('forms.read', access.project('projectId')) },
    schema: {
      tags, summary: "Counts of a form's entries per status, answered, paid, and the project's building units (the filter chips)",
      params: ZStaffEntryFormParams, security, response: { 200: ZStaffEntryCounts, ...errors },
    },
  }, async (request) => staffEntries.counts(staffOf(request), request.params.projectId, request.params.formId));

  app.get(staffEntryPaths.one, {
    config: { access: read },
    schema: {
      tags, summary: 'One entry: answers (against the version it answered), photos, drawings, signatures, history, payments',
      params: ZStaffEntryParams, security, response: { 200: ZStaffEntryDetail, ...errors },
    },
  }, async (request) => staffEntries.detail(staffOf(request), request.params.projectId, request.params.formId, request.params.entryId));

  app.get(staffEntryPaths.summary, {
    config: { access: access.console('forms.read', access.project('projectId'), { personalData: true, action: 'entry-summary-read' }) },
    schema: {
      tags, summary: "The entry's summary PDF as it is now", produces: ['application/pdf'],
      params: ZStaffEntryParams, security, response: { 200: z.any().describe('application/pdf'), ...errors },
    },
  }, async (request, reply) => {
    const { pdf, filename } = await staffEntries.summary(staffOf(request), request.params.projectId, request.params.formId, request.params.entryId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(pdf);
  });

  app.post(staffEntryPaths.reopen, {
    config: { access: access.console('forms.manage', access.project('projectId'), { action: 'entry-reopen' }) },
    schema: {
      tags, summary: 'Reopens a finished entry so that the resident can change it again',
      description: 'A reason is required; recorded in the entry\'s history and the audit log. Allowed for generic, intake and choice entries that are '
        + 'locked (an intake: sent), not signed through the signing service, no signing or payment open, not paid. A support-base consent is '
        + 'never reopened (ask it again with a new version). Otherwise 409 with the Dutch reason.',
      params: ZStaffEntryParams, body: ZReopenBody, security, response: { 200: ZStaffEntryDetail, ...writeErrors },
    },
  }, async (request) => staffEntries.reopen(staffOf(request), request.params.projectId, request.params.formId, request.params.entryId, request.body.reason));

  app.get(staffEntryPaths.exports, {
    config: { access: access.console('forms.export', access.project('projectId')) },
    schema: { tags, summary: "The form's latest exports (20)", params: ZStaffEntryFormParams, security, response: { 200: ZStaffExportList, ...errors } },
  }, async (request) => staffEntries.exportsOf(staffOf(request), request.params.projectId, request.params.formId));

  app.post(staffEntryPaths.exports, {
    config: { access: access.console('forms.export', access.project('projectId'), { action: 'entries-export' }) },
    schema: {
      tags, summary: "Starts an export of the form's entries: CSV or XLSX of the answers, or a ZIP of the summary PDFs",
      description: 'Made by a background job; poll the export for its progress. The filters of the list apply. Audited. The file can be downloaded '
        + 'for 7 days by staff who reach the project.',
      params: ZStaffEntryFormParams, body: ZStartExportBody, security, response: { 202: ZStaffExport, ...errors },
    },
  }, async (request, reply) => {
    const started = await staffEntries.startExport(staffOf(request), request.params.projectId, request.params.formId, request.body);
    return reply.code(202).send(started);
  });

  app.get(staffEntryPaths.exportOne, {
    config: { access: access.console('forms.export', access.project('projectId')) },
    schema: { tags, summary: 'One export with its progress', params: ZStaffExportParams, security, response: { 200: ZStaffExport, ...errors } },
  }, async (request) => staffEntries.exportOf(staffOf(request), request.params.projectId, request.params.exportId));

  app.get(staffEntryPaths.exportFile, {
    config: { access: access.console('forms.export', access.project('projectId'), { personalData: true, action: 'entries-export-download' }) },
    schema: {
      tags, summary: "The export's file (CSV, XLSX or ZIP)", description: 'Not ready or failed: 409; expired: 409.',
      params: ZStaffExportParams, security, response: { 200: z.any().describe('The file'), ...writeErrors },
    },
  }, async (request, reply) => {
    const file = await staffEntries.exportFile(staffOf(request), request.params.projectId, request.params.exportId);
    return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.body);
  });
};
