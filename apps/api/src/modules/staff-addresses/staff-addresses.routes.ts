import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVATION_LETTERS_MAX, ADDRESS_IMPORT_MAX_ROWS, HAS_MORE_HEADER, LETTER_COUNT_HEADER, pagedAnswer, staffAddressPaths, ZActivationCodesBody,
  ZAddressImportConfirmBody, ZAddressImportPreview, ZAddressImportPreviewBody, ZAddressImportResult, ZAddressResetResult, ZApiError,
  ZOpenAsResidentResult, ZStaffAddress, ZStaffAddressesParams, ZStaffAddressExportQuery, ZStaffAddressList, ZStaffAddressListQuery, ZStaffAddressParams, ZStaffAddressSummary,
  ZStaffAddressUpdateBody,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import { sendLetters } from '../../lib/letter-pdf.ts';
import { sendExport } from '../../lib/table-export.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const writeErrors = { ...errors, 409: ZApiError };
/** An import sends up to 5000 rows (or a 2 MB file) as JSON: more than the server's default body limit. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
const ADMIN_ONLY = 'Customer administrators only (an address belongs to the customer and may be in several projects); a project editor gets 403.';

/**
 * Addresses and residents of a project (staff console). Reading: every staff account that reaches the
 * project; changes: customer administrators. Another customer's project or address answers 404.
 */
export const staffAddressesRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffAddresses } = services;

  app.get(staffAddressPaths.list, {
    config: { access: access.console('addresses.read', access.project('projectId'), { personalData: true }) },
    schema: {
      tags, summary: "A project's addresses with their residents' status",
      description: 'In postcode and house-number order, paged (`before`: the last address held; X-Has-More). `q`: every word must match the postcode '
        + 'or house number (from the start), the street or the city. Status: activated (an account), code (a live code), code-expired, none.',
      params: ZStaffAddressesParams, querystring: ZStaffAddressListQuery, security, response: { 200: pagedAnswer(ZStaffAddressList), ...errors },
    },
  }, async (request, reply) => {
    const page = await staffAddresses.list(staffOf(request), request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.get(staffAddressPaths.export, {
    config: { access: access.console('addresses.read', access.project('projectId'), { personalData: true, action: 'addresses-export' }) },
    schema: {
      tags, summary: "The project's addresses as CSV or XLSX",
      description: 'The list with the same filters (`q`, `status`), every address in its order; values that look like a formula are written as text. Audited.',
      params: ZStaffAddressesParams, querystring: ZStaffAddressExportQuery, security,
      response: { 200: z.any().describe('text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), ...errors },
    },
  }, async (request, reply) => sendExport(reply, await staffAddresses.exportList(staffOf(request), request.params.projectId, request.query)));

  app.get(staffAddressPaths.summary, {
    config: { access: access.console('addresses.read', access.project('projectId')) },
    schema: { tags, summary: "Counts of a project's addresses by status", params: ZStaffAddressesParams, security, response: { 200: ZStaffAddressSummary, ...errors } },
  }, async (request) => staffAddresses.summary(staffOf(request), request.params.projectId));

  app.post(staffAddressPaths.importPreview, {
    config: { access: access.console('addresses.manage', access.project('projectId')) },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      tags, summary: 'Checks a CSV of addresses; writes nothing',
      description: `Body: \`csv\` (the file's text: UTF-8, at most 2 MB and ${ADDRESS_IMPORT_MAX_ROWS} rows, separated by ; , tab or |, a BOM allowed) `
        + 'or `rows` (the rows of an earlier preview with corrections). Columns (first line, Dutch or English names): postcode, huisnummer, toevoeging, '
        + 'straat, plaats, bouwkundige_eenheid, lat, lng. Each row comes back normalised or with Dutch errors per field (a duplicate of an earlier row '
        + 'included), and whether the customer has the address already (updated and linked) or it is new. A file that cannot be read, lacks a '
        + `required column or is empty: 422. ${ADMIN_ONLY}`,
      params: ZStaffAddressesParams, body: ZAddressImportPreviewBody, security, response: { 200: ZAddressImportPreview, ...errors },
    },
  }, async (request) => staffAddresses.preview(staffOf(request), request.params.projectId, request.body));

  app.post(staffAddressPaths.importConfirm, {
    config: { access: access.console('addresses.manage', access.project('projectId')) },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      tags, summary: 'Imports the previewed rows',
      description: 'The rows are checked again; while any has an error nothing is written (422, `errors` at `rows.{i}.{field}`). Otherwise, in one '
        + 'transaction: addresses are created or updated (by postcode and house number within the customer; an empty building unit or coordinates '
        + `keep the old ones) and linked to the project with their building unit; one audit entry (import). ${ADMIN_ONLY}`,
      params: ZStaffAddressesParams, body: ZAddressImportConfirmBody, security, response: { 200: ZAddressImportResult, ...errors },
    },
  }, async (request) => staffAddresses.confirmImport(staffOf(request), request.params.projectId, request.body.rows));

  app.post(staffAddressPaths.codes, {
    config: { access: access.console('addresses.manage', access.project('projectId')) },
    schema: {
      tags, summary: 'New activation codes and their letters (PDF)',
      description: 'For `address_ids` of the project (an address with an account: 409) or `all_without_account`. Each address gets a new single-use code '
        + '(16 characters, stored hashed, expiring after ACTIVATION_CODE_DAYS, default 90); an earlier code stops working. The answer is application/pdf: '
        + 'one A4 letter per address with the address, the code, the login address and a QR code to it; the plain codes exist only there. '
        + `Header ${LETTER_COUNT_HEADER}: the number of letters. At most ${ACTIVATION_LETTERS_MAX} addresses at once. ${ADMIN_ONLY}`,
      params: ZStaffAddressesParams, body: ZActivationCodesBody, security, produces: ['application/pdf'],
      response: { 200: z.any().describe('The letters: application/pdf'), ...writeErrors },
    },
  }, async (request, reply) => {
    return sendLetters(reply, await staffAddresses.activationLetters(staffOf(request), request.params.projectId, request.body));
  });

  app.put(staffAddressPaths.one, {
    config: { access: access.console('addresses.manage', access.project('projectId')) },
    schema: {
      tags, summary: 'Changes an address: street, city, coordinates, building unit, vacancy',
      description: `Postcode and house number are the resident's login and do not change here. Coordinates: both or neither, within the Netherlands. ${ADMIN_ONLY}`,
      params: ZStaffAddressParams, body: ZStaffAddressUpdateBody, security, response: { 200: ZStaffAddress, ...errors },
    },
  }, async (request) => staffAddresses.update(staffOf(request), request.params.projectId, request.params.addressId, request.body));

  app.post(staffAddressPaths.reset, {
    config: { access: access.console('addresses.manage', access.project('projectId')) },
    schema: {
      tags, summary: "Resets the address's account",
      description: 'Every resident of the address loses their password and sessions (the household members stay), the address is no longer activated and '
        + `any code stops working; a new letter can then activate it again. ${ADMIN_ONLY}`,
      params: ZStaffAddressParams, security, response: { 200: ZAddressResetResult, ...errors },
    },
  }, async (request) => ({ success: true as const, address: await staffAddresses.reset(staffOf(request), request.params.projectId, request.params.addressId) }));

  app.post(staffAddressPaths.openAsResident, {
    config: { access: access.console('login-links.create', access.project('projectId'), { action: 'open-as-resident' }) },
    schema: {
      tags, summary: 'A link that opens the portal as the resident of the address',
      description: 'The /setlogin link of a single-use login-link ticket (15 minutes), recorded in the audit log. The account must be an administrator '
        + `login of the portal (users.role administrator) and the address must have a resident (409). ${ADMIN_ONLY}`,
      params: ZStaffAddressParams, security, response: { 200: ZOpenAsResidentResult, ...writeErrors },
    },
  }, async (request) => {
    const { url, expiresAt } = await staffAddresses.openAsResident(staffOf(request), request.params.projectId, request.params.addressId);
    return { success: true as const, url, expires_at: expiresAt.toISOString() };
  });
};
