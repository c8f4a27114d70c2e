import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  personalDataPaths as paths, personalDataTexts, roleCan, ZApiError, ZErasureBody, ZErasurePlan, ZPersonalDataAddress, ZPersonalDataAddressParams,
  ZPersonalDataErasureParams, ZPersonalDataExport, ZPersonalDataExportParams, ZPersonalDataFileParams, ZPersonalDataTokenParams,
  ZStartPersonalDataExportBody, ZSuccess,
} from '@portal/contract';
import { sendHtmlPage } from '../../lib/html-page.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import { staffOf } from '../staff/staff-access.ts';
import type { PersonalDataService } from './personal-data.service.ts';

const tags = ['personal-data'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError, 429: ZApiError };

/**
 * Residents' rights (issue 20): exports of personal data (console: personal-data.export; the resident on /profiel,
 * the link by e-mail) and erasure of an occupant (console: personal-data.erase). Every console call is audited:
 * the guard logs the request, the service the export or erasure with its categories and counts.
 */
export const personalDataRoutes = (deps: { personalData: PersonalDataService }): FastifyPluginAsyncZod => async (app) => {
  const { personalData } = deps;
  const project = access.project('projectId');

  app.get(paths.staffAddress, {
    config: { access: access.console('personal-data.export', project, { personalData: true, action: 'personal-data-read' }) },
    schema: {
      tags, summary: "The address's household (with whether each may be erased) and its exports",
      params: ZPersonalDataAddressParams, security, response: { 200: ZPersonalDataAddress, ...errors },
    },
  }, async (request) => {
    const ctx = staffOf(request);
    return personalData.addressView(ctx, request.params.projectId, request.params.addressId, roleCan(ctx.role, 'personal-data.erase'));
  });

  app.post(paths.staffExports, {
    config: { access: access.console('personal-data.export', project, { action: 'personal-data-export' }) },
    schema: {
      tags, summary: 'Starts an export of one occupant (occupant_id) or the whole address (null): a ZIP with JSON, PDF and files, made by a job',
      description: 'Downloadable by staff who may export for 7 days. Audited.',
      params: ZPersonalDataAddressParams, body: ZStartPersonalDataExportBody, security, response: { 202: ZPersonalDataExport, ...errors },
    },
  }, async (request, reply) => {
    const started = await personalData.startStaffExport(staffOf(request), request.params.projectId, request.params.addressId, request.body.occupant_id);
    return reply.code(202).send(started);
  });

  app.get(paths.staffExportFile, {
    config: { access: access.console('personal-data.export', project, { personalData: true, action: 'personal-data-export-download' }) },
    schema: {
      tags, summary: "The export's ZIP", description: 'Not ready, failed or expired: 409.',
      params: ZPersonalDataExportParams, security, response: { 200: z.any().describe('application/zip'), ...errors },
    },
  }, async (request, reply) => {
    const file = await personalData.staffExportFile(staffOf(request), request.params.projectId, request.params.addressId, request.params.exportId);
    return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.body);
  });

  app.get(paths.staffErasure, {
    config: { access: access.console('personal-data.erase', project, { personalData: true, action: 'personal-data-erase-preview' }) },
    schema: {
      tags, summary: 'What erasing the occupant removes, anonymises and keeps (a legal hold, with its reason); nothing changes',
      description: 'The last occupant of an address (a former tenant) takes the household\'s records along; a member of a household that stays '
        + 'takes their own records and their name out of the shared ones. Erasing the holder of a household that stays makes a member the holder '
        + '(new_holder: one with an account first; without one the address is activated anew).',
      params: ZPersonalDataErasureParams, security, response: { 200: ZErasurePlan, ...errors },
    },
  }, async (request) => personalData.erasurePlan(staffOf(request), request.params.projectId, request.params.addressId, request.params.occupantId));

  app.post(paths.staffErasure, {
    config: { access: access.console('personal-data.erase', project, { action: 'personal-data-erase' }) },
    schema: {
      tags, summary: 'Erases the occupant: removes or anonymises their data everywhere, keeps what a hold keeps; audited with categories and counts',
      description: 'The holder of a household that stays: the member named by the preview\'s new_holder becomes the holder.',
      params: ZPersonalDataErasureParams, body: ZErasureBody, security, response: { 200: ZErasurePlan, ...errors },
    },
  }, async (request) => personalData.erase(staffOf(request), request.params.projectId, request.params.addressId, request.params.occupantId, request.body.reason));

  app.post(paths.residentExport, {
    config: { access: access.residentOnly },
    schema: {
      tags, summary: 'The resident asks for an export of their own data; the download link arrives by e-mail (valid 7 days)',
      description: `No e-mail address: 409. Once a day (429 '${personalDataTexts.tooMany}').`,
      security, response: { 202: ZSuccess, ...errors },
    },
  }, async (request, reply) => {
    await personalData.requestResidentExport(sessionOf(request));
    return reply.code(202).send({ success: true, message: personalDataTexts.exportAsked });
  });

  app.get(paths.publicDownload, {
    config: { access: access.public },
    schema: { tags, summary: 'The page behind the e-mailed link: the PDF and the ZIP, or a Dutch message (410) when expired', params: ZPersonalDataTokenParams },
  }, async (request, reply) => {
    const page = await personalData.downloadPage(request.params.token);
    return sendPage(request, reply.header('referrer-policy', 'no-referrer'), page);
  });

  app.get(paths.publicDownloadFile, {
    config: { access: access.public },
    schema: { tags, summary: "The export's PDF (shown in the browser) or ZIP (downloaded); expired: the page's message (410)", params: ZPersonalDataFileParams },
  }, async (request, reply) => {
    const file = await personalData.downloadFile(request.params.token, request.params.kind);
    if (!file) {
      const page = await personalData.downloadPage(request.params.token);
      return sendPage(request, reply, page);
    }
    const disposition = request.params.kind === 'pdf' ? 'inline' : 'attachment';
    return reply.type(file.contentType).header('content-disposition', `${disposition}; filename="${file.filename}"`).header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer').send(file.body);
  });
};

/**
 * The link opened from the e-mail (a browser asks for text/html) gets the Dutch page; any other client an expired
 * link as our JSON error with the same message, like every other endpoint.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: { status: number; html: string }) {
  if (page.status >= 400 && !(request.headers.accept ?? '').includes('text/html')) {
    return reply.code(page.status).send({ message: personalDataTexts.linkExpired });
  }
  return sendHtmlPage(reply, page.status, page.html);
}
