import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HAS_MORE_HEADER, pagedAnswer, staffPaymentPaths, ZApiError, ZConsolePaymentDetail, ZConsolePaymentList, ZRefundBody, ZRefundResult,
  ZStaffPaymentExportQuery, ZStaffPaymentFilter, ZStaffPaymentListQuery, ZStaffPaymentParams, ZStaffPaymentsParams, ZStaffPaymentTotals,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const FILTERS = 'Filters: `form_id`, `status`, `refunded` (yes: something refunded or on its way; no), `double=true` (entries paid more than once), '
  + '`from`/`to` (days in Europe/Amsterdam, both included), `q` (address words: street, house number, postcode, city; every word must match).';

/**
 * Payments of a project in the staff console (issue 16): reading with payments.read, refunds with payments.refund.
 * Another customer's project or payment answers 404. Reads of payments hold addresses (personal data): audited.
 */
export const staffPaymentsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffPayments } = services;

  app.get(staffPaymentPaths.list, {
    config: { access: access.console('payments.read', access.project('projectId'), { personalData: true, action: 'payments-read' }) },
    schema: {
      tags, summary: "A project's payments with their address, form and refunded, charged-back and remaining amounts",
      description: `Newest first, paged (\`before\`: the last payment id held; \`limit\` up to 100; X-Has-More). ${FILTERS}`,
      params: ZStaffPaymentsParams, querystring: ZStaffPaymentListQuery, security, response: { 200: pagedAnswer(ZConsolePaymentList), ...errors },
    },
  }, async (request, reply) => {
    const page = await staffPayments.list(staffOf(request), request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.get(staffPaymentPaths.totals, {
    config: { access: access.console('payments.read', access.project('projectId')) },
    schema: {
      tags, summary: "Totals of a project's payments per status and per form",
      description: `Of the payments matching the filters: counts and sums per status and per form, and of the paid ones the amount received, refunded, charged back and kept. ${FILTERS}`,
      params: ZStaffPaymentsParams, querystring: ZStaffPaymentFilter, security, response: { 200: ZStaffPaymentTotals, ...errors },
    },
  }, async (request) => staffPayments.totals(staffOf(request), request.params.projectId, request.query));

  app.get(staffPaymentPaths.export, {
    config: { access: access.console('payments.read', access.project('projectId'), { personalData: true, action: 'payments-export' }) },
    schema: {
      tags, summary: "A project's payments as CSV or XLSX",
      description: `The payments matching the filters (${FILTERS}), newest first; \`format\`: csv (UTF-8 with BOM, \`;\`) or xlsx. Text that starts `
        + 'with = + - @ is written as text. Audited.',
      params: ZStaffPaymentsParams, querystring: ZStaffPaymentExportQuery, security, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('The file'), ...errors },
    },
  }, async (request, reply) => {
    const { format, ...filter } = request.query;
    const file = await staffPayments.export(staffOf(request), request.params.projectId, filter, format);
    return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store').send(file.body);
  });

  app.get(staffPaymentPaths.one, {
    config: { access: access.console('payments.read', access.project('projectId'), { personalData: true, action: 'payment-read' }) },
    schema: {
      tags, summary: 'A payment with its refunds, chargebacks, history and the other payments of its entry',
      params: ZStaffPaymentParams, security, response: { 200: ZConsolePaymentDetail, ...errors },
    },
  }, async (request) => staffPayments.one(staffOf(request), request.params.projectId, request.params.paymentId));

  app.post(staffPaymentPaths.refunds, {
    config: { access: access.console('payments.refund', access.project('projectId'), { action: 'payment-refund' }) },
    schema: {
      tags, summary: 'Refunds a paid payment, fully or partly, through its provider',
      description: 'Body: `reason` (required), `amount_cents` (omitted: everything that remains), `idempotency_key` (made once per refund by the client '
        + 'and kept across retries: a repeated request answers the same refund, `repeated: true`). More than remains (the amount less refunded, on its '
        + 'way and charged back): 422. A payment that is not paid: 422. The provider refusing: 422 (nothing refunded); the provider not answering: '
        + '503 (try again with the same key). The refund is stored and audited before the provider is asked; its later steps arrive through the '
        + "provider's webhook and the reconciliation job.",
      params: ZStaffPaymentParams, body: ZRefundBody, security, response: { 200: ZRefundResult, ...errors, 503: ZApiError },
    },
  }, async (request) => staffPayments.refund(staffOf(request), request.params.projectId, request.params.paymentId, request.body));
};
