import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip' | 'identity';

/** Security headers a browser applies to documents and workers only (plugins/security-headers.ts), and a date that an immutable file does not need. */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control',
  'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'x-robots-tag', 'last-modified',
];

/**
 * The built web app: its files precompressed at build (brotli and gzip, vite-plugin-compression2)
 * and served as the browser's Accept-Encoding allows, with `Vary: accept-encoding`; hashed assets
 * cached for a year (immutable), the rest revalidated. The page (index.html) is the answer to every
 * route of the app; `sendPage` sends it, in memory, in the same three encodings.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const asset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A hashed script or style is never a document or a worker: the headers that only a document (or a worker) obeys
      // are some 850 bytes of every answer, a tenth of what the login page's scripts weigh over the wire. It keeps
      // nosniff, the resource policy, the referrer policy (a module's imports follow it) and HSTS.
      if (asset) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    },
  });

  const indexFile = path.join(webDist, 'index.html');
  const built: Page = {
    identity: fs.readFileSync(indexFile),
    br: readIfPresent(`${indexFile}.br`),
    gzip: readIfPresent(`${indexFile}.gz`),
  };
  const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });
  const preloads = routePreloads(webDist);

  // The page with the customer's logo first in its <head> and a screen's preloads last, compressed once per variant.
  const variants = new Map<string, Page>([['\n', built]]);
  const variant = (early: string, late: string): Page => {
    const key = `${early}\n${late}`;
    let page = variants.get(key);
    if (!page) {
      const html = Buffer.from(built.identity.toString('utf8').replace('</title>', `</title>${early}`).replace('</head>', `${late}</head>`));
      page = {
        identity: html,
        br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: zlib.gzipSync(html, { level: 9 }),
      };
      variants.set(key, page); // bounded: one per screen of the router and customer logo
    }
    return page;
  };

  /**
   * Sends the page for `request`. `logo`: the customer's logo and name, preloaded in the <head> and named
   * there for the app (data-portal-logo): the login and account pages show the logo as their largest
   * element, which the browser would otherwise find only after the app ran and the customer lookup
   * answered (Lighthouse: the logo was the LCP element, 0.7 s of its 2.1 s spent waiting to be found).
   * It comes first in the <head>, with high priority: after the scripts it waited for a free connection.
   */
  return function sendPage(request: FastifyRequest, reply: FastifyReply, options: { logo?: { src: string | null; name: string } | null } = {}) {
    const urlPath = request.url.split('?')[0] ?? '/';
    const page = variant(SHOWS_CUSTOMER_LOGO.test(urlPath) ? logoPreload(options.logo) : '', preloads(urlPath));
    const header = request.headers['accept-encoding'];
    let encoding = (typeof header === 'string' && negotiator.negotiate(header)) || 'identity';
    if (!page[encoding]) encoding = 'identity';
    reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(page[encoding]);
  };
}

/**
 * The pages that show the customer's logo as their largest element: the login and account pages (the
 * router's 'auth' area, apps/web/src/app/router.tsx). Elsewhere the header shows the project's logo, and
 * a preload of the customer's would only take a connection from the page's own files.
 */
const SHOWS_CUSTOMER_LOGO = /^\/(inloggen|wachtwoord-vergeten|activeer-account|stel-account-in|password\/reset|email\/bevestigen|setlogin|woco\/login|demo|update)(\/|$)/;

type Page = { identity: Buffer; br?: Buffer | undefined; gzip?: Buffer | undefined };

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The logo's preload (a path on the portal or an https address; nothing for anything else), with its name for the app. */
export function logoPreload(logo: { src: string | null; name: string } | null | undefined): string {
  const src = logo?.src;
  if (!src || !/^(\/[^/\\]|https:\/\/)/.test(src) || /["<>\s]/.test(src)) return '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${attribute(src)}" data-portal-logo data-name="${attribute(logo.name)}">`;
}

/**
 * The <head> lines that let the browser fetch a screen's own scripts (and styles) together with the
 * app's entry, from the build's route-preloads.json (see apps/web/build/route-preloads.ts): a path
 * pattern of the router per screen. Measured with Lighthouse: the screen's chunk was fetched only
 * after the entry had run, one round trip before the first paint. The scripts are inert links
 * (data-portal-module) that index.html's last script turns into modulepreloads when it starts the app:
 * after the first screen it paints itself, at once on other pages (apps/web/build/first-paint.ts).
 */
export function routePreloads(webDist: string): (urlPath: string) => string {
  let routes: Array<{ pattern: string; files: string[] }> = [];
  try {
    routes = JSON.parse(fs.readFileSync(path.join(webDist, 'route-preloads.json'), 'utf8')) as typeof routes;
  } catch {
    return () => '';
  }
  const safe = (file: string) => /^[\w./-]+$/.test(file);
  const compiled = routes.map(({ pattern, files }) => ({
    // wouter patterns: ':name' one segment, ':name?' an optional one
    match: new RegExp(`^${pattern.replace(/\/:\w+\?/g, '(?:/[^/]+)?').replace(/:\w+/g, '[^/]+').replace(/\/$/, '')}/?$`),
    head: files.filter(safe).map((file) => (file.endsWith('.css')
      ? `<link rel="stylesheet" href="/${file}">`
      : `<link data-portal-module crossorigin href="/${file}">`)).join(''),
  }));
  return (urlPath) => compiled.find((route) => route.match.test(urlPath))?.head ?? '';
}

/**
 * The CSP sources ('sha256-...') of the inline scripts in the built page (index.html's early call of the
 * first screen's data), so that the Content-Security-Policy allows exactly those and no other inline script.
 */
export function inlineScriptHashes(webDist: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => `sha256-${crypto.createHash('sha256').update(code ?? '').digest('base64')}`);
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}
