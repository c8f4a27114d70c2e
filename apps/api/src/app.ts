import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import compress from '@fastify/compress';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@portal/contract';
import { registerAuth } from './plugins/auth.ts';
import { registerAccess } from './plugins/access.ts';
import { clientErrors, frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerPublicScope } from './plugins/public-scope.ts';
import { loggerOptions, type LogStream } from './lib/logging.ts';
import { pageHeadersFor, registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { inlineScriptHashes, registerWebApp } from './plugins/web-app.ts';
import type { Services } from './services.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { customerRoutes } from './modules/customer/customer.routes.ts';
import { appManifestRoutes } from './modules/customer/app-manifest.ts';
import { projectRoutes } from './modules/project/project.routes.ts';
import { shellRoutes } from './modules/shell/shell.routes.ts';
import { filesRoutes, registerFileLinkSigning } from './modules/files/index.ts';
import { newsRoutes } from './modules/news/index.ts';
import { complaintsRoutes } from './modules/complaints/index.ts';
import { informationRoutes } from './modules/information/index.ts';
import { scheduleRoutes } from './modules/schedule/index.ts';
import { workOrderRoutes, workOrderStaffRoutes } from './modules/work-order/index.ts';
import { partnersRoutes, partnersStaffRoutes } from './modules/partners/index.ts';
import { documentsRoutes, documentsStaffRoutes } from './modules/documents/index.ts';
import { dossierRoutes, dossierStaffRoutes } from './modules/dossier/index.ts';
import { contactsRoutes, contactsStaffRoutes } from './modules/contacts/index.ts';
import { appointmentRoutes, appointmentWaitlistRoutes } from './modules/appointment/index.ts';
import { householdRoutes } from './modules/household/index.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { chatInboxRoutes } from './modules/chat/chat.inbox.routes.ts';
import { surveyRoutes } from './modules/survey/index.ts';
import { signingRoutes } from './modules/signing/index.ts';
import { paymentRoutes, staffPaymentsRoutes } from './modules/payment/index.ts';
import { choiceFormRoutes } from './modules/choice-form/index.ts';
import { genericFormRoutes } from './modules/generic-form/index.ts';
import { intakeRoutes } from './modules/intake/index.ts';
import { consentCampaignRoutes, consentLettersRoutes, supportBaseRoutes } from './modules/support-base/index.ts';
import { projectOverviewRoutes, staffProjectsRoutes } from './modules/staff-projects/index.ts';
import { staffAuthRoutes } from './modules/staff/staff-auth.routes.ts';
import { staffAccountsRoutes } from './modules/staff/staff-accounts.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { staffAddressesRoutes } from './modules/staff-addresses/index.ts';
import { staffEntriesRoutes } from './modules/staff-entries/index.ts';
import { personalDataRoutes } from './modules/personal-data/index.ts';
import { staffContentRoutes } from './modules/staff-content/index.ts';
import { staffFormsRoutes } from './modules/staff-forms/index.ts';
import { staffAppointmentsRoutes } from './modules/staff-appointments/index.ts';
import { staffSurveysRoutes } from './modules/staff-surveys/index.ts';
import { staffSurveyResultsRoutes } from './modules/staff-surveys/index.ts';
import { addressSearchRoutes } from './modules/address/address-search.routes.ts';
import { retentionRoutes } from './modules/retention/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultWebDist = path.resolve(here, '../../web/dist');
const assetsDir = path.resolve(here, '../assets');

/**
 * The map tile server as a CSP source ('https://service.pdok.nl'; '{s}.tile.example.org' becomes
 * '*.tile.example.org'), so that tiles load even from a plain-http tile server of one's own.
 */
export function tileImageSource(tileUrl: string): string[] {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl);
  if (!match) return [];
  const host = match[2]!.replace(/\{s\}/g, '*').replace(/\{[^}]*\}/g, '*');
  return [`${match[1]!.toLowerCase()}://${host.toLowerCase()}`];
}

/** `logStream` receives the log lines instead of stdout (tests read them). */
export async function buildApp(services: Services, options: { logger?: boolean; logStream?: LogStream } = {}): Promise<FastifyInstance> {
  const { env } = services;
  const app = Fastify({
    // Redacted: no SQL parameters, tokens, passwords or cookies in any log line (lib/logging.ts).
    logger: options.logger === false ? false : loggerOptions(env.LOG_LEVEL, options.logStream),
    // The client's address comes from the socket unless TRUST_PROXY names the proxies in front (rate limits count per client).
    // (a hop count is supported at run time, lib/request.js, though fastify's types list no number)
    trustProxy: env.TRUST_PROXY as boolean | string | string[],
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler: clientErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerAuth(app);
  // Every /api route declares who may call it (config.access); one guard decides before validation and handler.
  registerAccess(app, {
    db: services.db, sessions: services.sessions, customers: services.customers, projects: services.projects, audit: services.audit,
    idleMinutes: env.STAFF_IDLE_MINUTES,
  });
  registerPublicScope(app, { customers: services.customers, projects: services.projects, projectOf: services.publicProjectOf });
  registerFileLinkSigning(app, services.files); // file links in authorised answers are signed for the session

  const imageSources = tileImageSource(env.MAP_TILE_URL);
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : defaultWebDist;
  const scriptHashes = inlineScriptHashes(webDist);
  // Every answer allows the page's own inline scripts by their hashes: the service worker keeps index.html as it was
  // fetched as a file (/index.html) and serves it for navigations offline, with that answer's headers.
  registerSecurityHeaders(app, securityHeaders(env, imageSources, [], scriptHashes));
  const pageHeaders = pageHeadersFor(env, imageSources, scriptHashes);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Bewonersportaal API', version: '1.0.0', description: 'Every call accepts language=nl (query on GET, body otherwise). Text with U+0000 or an unpaired surrogate anywhere in a request, and a JSON body that is no valid UTF-8, is refused with 400 { message, errors }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // The route's access declaration travels in the OpenAPI document (x-access), where the permission matrix test reads it.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const declared = input.route.config?.access;
      return declared ? { ...out, schema: { ...out.schema, 'x-access': declared } } : out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(async (api) => {
    // JSON answers over 1 kB go out compressed (brotli at a fast level, else gzip), as the web's files do;
    // files (images, PDFs) are sent as stored. The web app's own files are precompressed at build.
    await api.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
    await api.register(customerRoutes(services));
    // The installable portal (issue 19): the customer's web app manifest and its icons.
    await api.register(appManifestRoutes(services));
    await api.register(authRoutes(services));
    await api.register(projectRoutes(services));
    await api.register(shellRoutes(env.FRONTEND_VERSION, services.db));
    await api.register(filesRoutes(services));
    await api.register(newsRoutes(services));
    await api.register(complaintsRoutes(services));
    await api.register(informationRoutes(services));
    await api.register(scheduleRoutes(services));
    await api.register(workOrderRoutes(services));
    await api.register(partnersRoutes(services));
    await api.register(documentsRoutes(services));
    await api.register(dossierRoutes(services));
    await api.register(contactsRoutes(services));
    await api.register(appointmentRoutes(services));
    await api.register(appointmentWaitlistRoutes(services));
    await api.register(householdRoutes(services));
    await api.register(chatRoutes(services));
    await api.register(surveyRoutes(services));
    await api.register(signingRoutes(services));
    await api.register(paymentRoutes(services));
    await api.register(choiceFormRoutes(services));
    await api.register(genericFormRoutes(services));
    await api.register(intakeRoutes(services));
    await api.register(supportBaseRoutes(services));
    await api.register(staffProjectsRoutes(services));
    await api.register(projectOverviewRoutes(services));
    await api.register(staffAuthRoutes(services));
    await api.register(staffAccountsRoutes(services));
    await api.register(auditRoutes(services));
    await api.register(staffAddressesRoutes(services));
    await api.register(staffEntriesRoutes(services));
    // Residents' rights (issue 20): exports of personal data and erasure.
    await api.register(personalDataRoutes(services));
    await api.register(staffPaymentsRoutes(services));
    await api.register(chatInboxRoutes(services));
    await api.register(consentLettersRoutes(services));
    await api.register(consentCampaignRoutes(services));
    await api.register(staffContentRoutes(services));
    await api.register(staffFormsRoutes(services));
    await api.register(staffAppointmentsRoutes(services));
    await api.register(staffSurveysRoutes(services));
    await api.register(staffSurveyResultsRoutes(services));
    // The console's work order, partners, contacts, documents and dossier items (issue 10), and its address picker.
    await api.register(workOrderStaffRoutes(services));
    await api.register(partnersStaffRoutes(services));
    await api.register(contactsStaffRoutes(services));
    await api.register(documentsStaffRoutes(services));
    await api.register(dossierStaffRoutes(services));
    await api.register(addressSearchRoutes(services));
    // Retention per customer and project, and the privacy page (issue 20).
    await api.register(retentionRoutes(services));
    await api.register(notificationsRoutes({ notifications: services.notifications, limiter: services.limiter, limits: { client: env.RATE_LIMIT_CLIENT_MAX } }));
    if (fs.existsSync(assetsDir)) {
      await api.register(fastifyStatic, { root: assetsDir, prefix: '/assets/', decorateReply: false, maxAge: '1d' });
    }
  }, { prefix: '/api' });

  // Baseline for `npm run bench` only (scripts/bench.mjs sets it); never on in a real deployment.
  // A route without any work, the baseline of `npm run bench`.
  if (env.BENCH_BARE_ROUTE) app.get('/api/bench/bare', async () => ({ ok: true }));

  const sendPage = fs.existsSync(path.join(webDist, 'index.html')) ? await registerWebApp(app, webDist) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && sendPage && !url.startsWith('/api/') && !/\.[a-z0-9]{2,5}$/i.test(url)) {
      // The page may be framed by the customer's own website(s); an unknown host by nobody else.
      const customer = await services.customers.forHost(request.headers.host).catch(() => null);
      const headers = pageHeaders(customer);
      if (!headers['x-frame-options']) reply.removeHeader('x-frame-options');
      return sendPage(request, reply.headers(headers), { logo: customer && { src: customer.logo, name: customer.name } });
    }
    return reply.status(404).send({ message: messages.notFound });
  });
  return app;
}
