import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@portal/contract';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import type { Services } from './services.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { customerRoutes } from './modules/customer/customer.routes.ts';
import { projectRoutes } from './modules/project/project.routes.ts';
import { shellRoutes } from './modules/shell/shell.routes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultWebDist = path.resolve(here, '../../web/dist');
const assetsDir = path.resolve(here, '../assets');

export async function buildApp(services: Services, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { env } = services;
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.LOG_LEVEL },
    trustProxy: true,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerAuth(app);

  const frameAncestors = env.FRAME_ANCESTORS.split(',').map((s) => s.trim()).filter(Boolean);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: frameAncestors.length ? frameAncestors : ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: false, // embedding is a feature; frame-ancestors decides who may
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Bewonersportaal API', version: '1.0.0', description: 'Every call accepts language=nl (query on GET, body otherwise).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(async (api) => {
    await api.register(customerRoutes(services));
    await api.register(authRoutes(services));
    await api.register(projectRoutes(services));
    await api.register(shellRoutes(env.FRONTEND_VERSION));
    if (fs.existsSync(assetsDir)) {
      await api.register(fastifyStatic, { root: assetsDir, prefix: '/assets/', decorateReply: false, maxAge: '1d' });
    }
  }, { prefix: '/api' });

  // Baseline for `npm run bench` only (scripts/bench.mjs sets it); never on in a real deployment.
  if (process.env.BENCH_BARE_ROUTE === 'true') app.get('/api/bench/bare', async () => ({ ok: true }));

  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : defaultWebDist;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasWeb ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && indexHtml && !url.startsWith('/api/') && !/\.[a-z0-9]{2,5}$/i.test(url)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ message: messages.notFound });
  });
  return app;
}
