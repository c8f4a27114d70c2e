import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consentCampaignPaths, HAS_MORE_HEADER, pagedAnswer, ZApiError, ZCampaignAddressPage, ZCampaignAddressParams, ZCampaignAddressQuery, ZCampaignExportQuery,
  ZCampaignFormParams, ZCampaignHouseholds, ZCampaignHouseholdsBody, ZCampaignHouseholdsParams, ZCampaignOverview, ZCampaignOverviewQuery,
  ZCampaignProjectParams, ZCampaignRule, ZCampaignRuleBody, ZCampaignVisitQuery, ZLanguageQuery, ZNoticeLettersBody, ZNoticesSent, ZNoticesSentBody,
  ZReminderListQuery, ZReminderRun, ZReminderSent, ZReminderSettings, ZReminderSettingsBody,
} from '@portal/contract';
import { sendJsonText } from '../../lib/answer-memo.ts';
import { sendLetters } from '../../lib/letter-pdf.ts';
import { access } from '../../plugins/access.ts';
import { staffOf } from '../staff/staff-access.ts';
import type { ConsentCampaign } from './consent-campaign.service.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const writeErrors = { ...errors, 409: ZApiError };

type Deps = { consentCampaign: ConsentCampaign };

/**
 * The consent campaign in the console (/beheer/projecten/:projectId/draagvlak): reads need consent.tally.read,
 * changes consent.campaign.manage; exports and the evidence pack are audited as reads of personal data.
 */
export const consentCampaignRoutes = (services: Deps): FastifyPluginAsyncZod => async (app) => {
  const { consentCampaign: campaign } = services;
  const read = { access: access.console('consent.tally.read', access.project('projectId')) };
  const manage = { access: access.console('consent.campaign.manage', access.project('projectId')) };

  app.get(consentCampaignPaths.overview, {
    config: read,
    schema: {
      tags, summary: 'The consent campaign of a form: the tally per building unit', security,
      description: "The project's rule (vacant homes, several households) in words; per building unit the legal denominator (every home; "
        + 'non-responders count as not agreeing), percentages, a warning below 10 homes, when 70% was first reached and when it fell below again '
        + '(recorded as the tally sees it), the notices drafted and sent; the reminder schedule. The first consent form when `form_id` is left out.',
      params: ZCampaignProjectParams, querystring: ZCampaignOverviewQuery, response: { 200: ZCampaignOverview, ...errors },
    },
  }, async (request, reply) => sendJsonText(reply, await campaign.overview(staffOf(request), request.params.projectId, request.query.form_id)));

  app.put(consentCampaignPaths.rule, {
    config: manage,
    schema: {
      tags, summary: "Sets the project's rule for the 70% count", description: 'Whether vacant homes count, and one vote per home or per household. Audited.',
      params: ZCampaignProjectParams, body: ZCampaignRuleBody, security, response: { 200: ZCampaignRule, ...writeErrors },
    },
  }, async (request) => campaign.setRule(staffOf(request), request.params.projectId, request.body));

  app.put(consentCampaignPaths.households, {
    config: manage,
    schema: {
      tags, summary: 'Sets the number of households of a home', description: 'Counts under the household rule only. Audited.',
      params: ZCampaignHouseholdsParams, body: ZCampaignHouseholdsBody, security, response: { 200: ZCampaignHouseholds, ...writeErrors },
    },
  }, async (request) => campaign.setHouseholds(staffOf(request), request.params.projectId, request.params.addressId, request.body.households));

  app.get(consentCampaignPaths.addresses, {
    config: read,
    schema: {
      tags, summary: "The form's addresses with status, reminders and notice", security,
      description: 'Filtered by building unit, status (also `no_answer`, `vacant`) and address text; 50 per page. Per address the eight weeks to go to court, from the day its notice was sent.',
      params: ZCampaignFormParams, querystring: ZCampaignAddressQuery, response: { 200: ZCampaignAddressPage, ...errors },
    },
  }, async (request) => campaign.addresses(staffOf(request), request.params.projectId, request.params.formId, request.query));

  app.get(consentCampaignPaths.export, {
    config: { access: access.console('consent.tally.read', access.project('projectId'), { personalData: true, action: 'export-consent-addresses' }) },
    schema: {
      tags, summary: 'Exports the filtered addresses (CSV or XLSX)', description: 'The filters of the address list; values that start with = + - @ are written as text. Audited.',
      params: ZCampaignFormParams, querystring: ZCampaignExportQuery, security, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('The export'), ...errors },
    },
  }, async (request, reply) => {
    const file = await campaign.export(staffOf(request), request.params.projectId, request.params.formId, request.query);
    return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.body);
  });

  app.post(consentCampaignPaths.noticeLetters, {
    config: manage,
    schema: {
      tags, summary: 'Drafts the written notices of a unit that reached 70% (PDF)', security, produces: ['application/pdf'],
      description: 'One A4 letter per address of the unit that did not agree (vacant homes left out), saying when 70% was reached and that the tenant may ask '
        + 'the court within eight weeks of the notice. Each address\'s notice is recorded as drafted; 409 when the unit is below 70% or everyone agreed. Audited.',
      params: ZCampaignFormParams, body: ZNoticeLettersBody, response: { 200: z.any().describe('The letters: application/pdf'), ...writeErrors },
    },
  }, async (request, reply) => sendLetters(reply, await campaign.noticeLetters(staffOf(request), request.params.projectId, request.params.formId, request.body.building_unit)));

  app.post(consentCampaignPaths.noticesSent, {
    config: manage,
    schema: {
      tags, summary: "Marks a unit's drafted notices sent", description: '`sent_on` (DD-MM-YYYY, not in the future): the eight weeks to go to court run from it. Audited.',
      params: ZCampaignFormParams, body: ZNoticesSentBody, security, response: { 200: ZNoticesSent, ...writeErrors },
    },
  }, async (request) => campaign.markNoticesSent(staffOf(request), request.params.projectId, request.params.formId, request.body.building_unit, request.body.sent_on));

  app.get(consentCampaignPaths.reminderSettings, {
    config: read,
    schema: {
      tags, summary: "The form's reminder schedule", description: 'Default: after 5 days, then every 2 days, at most 4, by e-mail and SMS; off until switched on.',
      params: ZCampaignFormParams, querystring: ZLanguageQuery, security, response: { 200: ZReminderSettings, ...errors },
    },
  }, async (request) => campaign.reminderSettings(staffOf(request), request.params.projectId, request.params.formId));

  app.put(consentCampaignPaths.reminderSettings, {
    config: manage,
    schema: {
      tags, summary: "Sets the form's reminder schedule", description: 'Reminder n goes `first_after_days + (n-1) × interval_days` after `starts_on` to addresses that have not answered. Audited.',
      params: ZCampaignFormParams, body: ZReminderSettingsBody, security, response: { 200: ZReminderSettings, ...writeErrors },
    },
  }, async (request) => campaign.saveReminderSettings(staffOf(request), request.params.projectId, request.params.formId, request.body));

  app.get(consentCampaignPaths.reminders, {
    config: read,
    schema: {
      tags, summary: 'The reminders sent for the form', description: 'Newest first, paged (`before`: the last id held; X-Has-More).',
      params: ZCampaignFormParams, querystring: ZReminderListQuery, security, response: { 200: pagedAnswer(z.array(ZReminderSent)), ...errors },
    },
  }, async (request, reply) => {
    const page = await campaign.reminders(staffOf(request), request.params.projectId, request.params.formId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.post(consentCampaignPaths.remindersRun, {
    config: manage,
    schema: {
      tags, summary: 'Sends the reminders that are due now', description: 'What the reminder job does every quarter of an hour, for this form. Audited.',
      params: ZCampaignFormParams, security, response: { 200: ZReminderRun, ...writeErrors },
    },
  }, async (request) => campaign.runReminders(staffOf(request), request.params.projectId, request.params.formId));

  app.get(consentCampaignPaths.visitList, {
    config: { access: access.console('consent.tally.read', access.project('projectId'), { personalData: true, action: 'print-visit-list' }) },
    schema: {
      tags, summary: 'The list of addresses to visit (PDF)', description: 'Addresses that have not answered, by unit, with their occupants and phone numbers. Audited.',
      params: ZCampaignFormParams, querystring: ZCampaignVisitQuery, security, produces: ['application/pdf'], response: { 200: z.any().describe('application/pdf'), ...writeErrors },
    },
  }, async (request, reply) => sendLetters(reply, await campaign.visitList(staffOf(request), request.params.projectId, request.params.formId, request.query.building_unit)));

  app.get(consentCampaignPaths.evidence, {
    config: { access: access.console('consent.tally.read', access.project('projectId'), { personalData: true, action: 'export-evidence' }) },
    schema: {
      tags, summary: 'The evidence pack of an address (ZIP)', security, produces: ['application/zip'],
      description: 'The proposal version the address answered, its answers, the signed PDF, the receipt, paper scans, a timeline with the verification data, '
        + 'and manifest.json with the SHA-256 of every document. Audited.',
      params: ZCampaignAddressParams, querystring: ZLanguageQuery, response: { 200: z.any().describe('application/zip'), ...errors },
    },
  }, async (request, reply) => {
    const pack = await campaign.evidence(staffOf(request), request.params.projectId, request.params.formId, request.params.addressId);
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${pack.filename}"`).header('cache-control', 'no-store').send(pack.zip);
  });
};
