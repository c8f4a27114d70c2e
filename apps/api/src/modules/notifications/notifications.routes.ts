import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationPaths, SMS_CATEGORIES, unsubscribeMessages, ZApiError, ZNotificationReach, ZNotificationReachExportQuery, ZNotificationReachParams, ZNotificationReachQuery, ZNotificationSettings, ZNotificationSettingsUpdate,
  notificationReachTexts, ZPushPublicKey, ZPushSubscriptionBody, ZPushUnsubscribeBody, ZUnsubscribeInfo, ZUnsubscribeQuery,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { exportTable, sendExport } from '../../lib/table-export.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import type { NotificationsService } from './notifications.service.ts';

type Deps = { notifications: NotificationsService; limiter: RateLimiter; limits: { client: number } };

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError, 429: ZApiError };
const tags = ['notifications'];
const security = [{ bearer: [] }];
/** Resident calls may carry the chosen project and language (ignored: preferences belong to the person). */
const ZQuery = z.object({ project_id: z.coerce.number().optional(), language: z.string().optional() });
/** The one-click POST (RFC 8058) sends `List-Unsubscribe=One-Click` as a form; the page may send JSON or nothing. */
const ZUnsubscribeBody = z.object({ 'List-Unsubscribe': z.string().max(50).optional(), token: z.string().max(500).optional(), language: z.string().optional() }).nullish();

/** Notifications (issue 19): the resident's preferences and devices, the one-click unsubscribe, the staff's reach per project. */
export const notificationsRoutes = ({ notifications, limiter, limits }: Deps): FastifyPluginAsyncZod => async (app) => {
  // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058: multipart/form-data
  // or application/x-www-form-urlencoded); only in this plugin's routes. The token is in the URL: the body is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => {
    done(null, {});
  });
  const me = (request: Parameters<typeof sessionOf>[0]) => {
    const occupantId = sessionOf(request).occupantId;
    if (!occupantId) throw new UnauthorizedError();
    return occupantId;
  };

  app.get(notificationPaths.settings, {
    config: { access: access.residentOnly },
    schema: {
      tags, summary: "The caller's own notification preferences, per category and channel",
      description: 'Every category, in the contract\'s order; a category never chosen shows the defaults (news as a daily e-mail digest). '
        + `sms is offered only for ${SMS_CATEGORIES.join(', ')}; email_address and mobile say where messages go (null: that channel cannot reach the person).`,
      querystring: ZQuery, security, response: { 200: ZNotificationSettings, ...errors },
    },
  }, async (request) => notifications.settings(me(request)));

  app.put(notificationPaths.settings, {
    config: { access: access.residentOnly },
    schema: {
      tags, summary: "Change the caller's own notification preferences",
      description: 'Only the categories given change. sms true for a category without SMS, or a category twice, answers 422 with a Dutch message on the field.',
      querystring: ZQuery, body: ZNotificationSettingsUpdate, security, response: { 200: ZNotificationSettings, ...errors },
    },
  }, async (request) => notifications.updateSettings(me(request), request.body));

  app.get(notificationPaths.pushKey, {
    config: { access: access.public },
    schema: { tags, summary: 'The VAPID public key (base64url) for PushManager.subscribe', response: { 200: ZPushPublicKey, ...errors } },
  }, async () => ({ public_key: await notifications.publicKey() }));

  app.post(notificationPaths.pushSubscriptions, {
    config: { access: access.residentOnly },
    schema: {
      tags, summary: "This device receives the caller's push messages",
      description: 'The body is the browser\'s PushSubscription.toJSON(). An endpoint registered before by another person (a shared device) now belongs to the caller. Answers the caller\'s settings.',
      querystring: ZQuery, body: ZPushSubscriptionBody, security, response: { 200: ZNotificationSettings, ...errors },
    },
  }, async (request) => notifications.subscribe(me(request), request.body));

  app.delete(notificationPaths.pushSubscriptions, {
    config: { access: access.residentOnly },
    schema: {
      tags, summary: 'This device stops receiving push messages', description: "Only the caller's own subscription is removed. Answers the caller's settings.",
      querystring: ZQuery, body: ZPushUnsubscribeBody, security, response: { 200: ZNotificationSettings, ...errors },
    },
  }, async (request) => notifications.unsubscribeDevice(me(request), request.body.endpoint));

  app.get(notificationPaths.unsubscribe, {
    config: { access: access.public },
    schema: {
      tags, summary: 'What a one-click unsubscribe token is for (changes nothing: link scanners open GETs)',
      description: `A forged or altered token answers 400 '${unsubscribeMessages.invalid}'.`,
      querystring: ZUnsubscribeQuery, response: { 200: ZUnsubscribeInfo, ...errors },
    },
  }, async (request) => notifications.unsubscribeInfo(request.query.token));

  app.post(notificationPaths.unsubscribe, {
    config: { access: access.public },
    schema: {
      tags, summary: "One-click unsubscribe (RFC 8058): e-mail for the token's category off, without login",
      description: 'The URL of the List-Unsubscribe header; the body may be the form `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded), JSON or empty. '
        + `A forged or altered token answers 400 '${unsubscribeMessages.invalid}'. Counted per client (429).`,
      querystring: ZUnsubscribeQuery, body: ZUnsubscribeBody, response: { 200: ZUnsubscribeInfo, ...errors },
    },
  }, async (request) => {
    await limiter.hit([{ key: `unsubscribe:client:${request.ip}`, max: limits.client }]);
    return notifications.unsubscribe(request.query.token);
  });

  app.get(notificationPaths.reach, {
    config: { access: access.console('addresses.read', access.project('projectId')) },
    schema: {
      tags: ['staff'], summary: "How many of the project's residents each channel reaches, per category",
      description: 'Counts only (no names): occupants of the project\'s addresses, those with an e-mail address, a mobile number, a push device; per category how many each channel reaches with their preferences (defaults where none chosen) and how many no channel reaches.',
      params: ZNotificationReachParams, querystring: ZNotificationReachQuery, security, response: { 200: ZNotificationReach, ...errors },
    },
  }, async (request) => notifications.reach(request.params.projectId, request.query.category));

  app.get(notificationPaths.reachExport, {
    config: { access: access.console('addresses.read', access.project('projectId')) },
    schema: {
      tags: ['staff'], summary: 'The reach per category as CSV or XLSX (the screen\'s filter)', description: 'Counts only, no personal data.',
      params: ZNotificationReachParams, querystring: ZNotificationReachExportQuery, security,
      produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('The rows: text/csv or xlsx'), ...errors },
    },
  }, async (request, reply) => {
    const reach = await notifications.reach(request.params.projectId, request.query.category);
    const t = notificationReachTexts.columns;
    const sms = (r: (typeof reach.categories)[number]) => (SMS_CATEGORIES.includes(r.category) ? r.sms : notificationReachTexts.smsNotOffered);
    return sendExport(reply, await exportTable(request.query.format, `bereik-project-${request.params.projectId}`, [
      { header: t.category, value: (r) => r.category_label },
      { header: t.email, value: (r) => r.email, kind: 'number' },
      { header: t.push, value: (r) => r.push, kind: 'number' },
      { header: t.sms, value: (r) => sms(r) },
      { header: t.none, value: (r) => r.none, kind: 'number' },
    ], reach.categories));
  });
};
