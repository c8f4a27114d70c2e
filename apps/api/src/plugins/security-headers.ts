import type { FastifyInstance } from 'fastify';
import type { Env } from './env.ts';

/** 'https://www.example.nl/path' -> 'https://www.example.nl'; anything that is not an http(s) origin -> null. */
export function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins in a comma-separated list, each checked (a CSP source list must not carry ';' or quotes). */
export function originList(value: string): string[] {
  return value.split(',').map((s) => originOf(s)).filter((s): s is string => s !== null);
}

/**
 * The security headers of every answer (the set helmet sends by default, plus noindex), built once.
 * They never change per request, so one hook sets them: helmet's per-request middleware chain cost
 * half of the API's throughput in `npm run bench`. A route may still override one (file downloads set
 * a sandboxing CSP of their own; the app's page adds the customer's embedding origins).
 *
 * Scripts: the app's own files, plus the page's inline scripts named by their hashes (`scriptHashes`).
 *
 * Framing: the portal itself ('self') and the origins in `embedOrigins` (the customer's website and
 * embedding sites, plus FRAME_ANCESTORS for every customer); nothing else. X-Frame-Options (which can
 * name no origin) is sent only when no other origin may frame the portal.
 */
/** Where Signhost's SignUrls point (INTEGRATIONS.md): framed by the sign steps when SIGNING_PROVIDER=signhost. */
export const SIGNHOST_SIGN_ORIGIN = 'https://view.signhost.com';

export function securityHeaders(env: Pick<Env, 'FRAME_ANCESTORS' | 'publicUrl' | 'SIGNING_PROVIDER'>, extraImageSources: string[] = [], embedOrigins: string[] = [],
  scriptHashes: string[] = []): Record<string, string> {
  const frameAncestors = [...new Set([...originList(env.FRAME_ANCESTORS), ...embedOrigins])];
  const csp = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'", 'https:', 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'", ...frameAncestors],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...extraImageSources],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'"],
    // the installable portal (issue 19): its service worker (/sw.js) and the manifest (/api/public/manifest.webmanifest)
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // the signing page in the sign steps' frame: the portal's own (local provider) or Signhost's SignUrl
    'frame-src': ["'self'", ...(env.SIGNING_PROVIDER === 'signhost' ? [SIGNHOST_SIGN_ORIGIN] : [])],
  };
  return {
    'content-security-policy': Object.entries(csp).map(([name, values]) => `${name} ${values.join(' ')}`).join(';'),
    ...(frameAncestors.length ? {} : { 'x-frame-options': 'SAMEORIGIN' }),
    ...(env.publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'x-robots-tag': 'noindex, nofollow',
  };
}

/**
 * The headers of the app's page for one customer: the customer's website and embedding origins may
 * frame it. Built once per distinct set of origins.
 */
export function pageHeadersFor(env: Pick<Env, 'FRAME_ANCESTORS' | 'publicUrl' | 'SIGNING_PROVIDER'>, extraImageSources: string[], scriptHashes: string[] = []) {
  const built = new Map<string, Record<string, string>>();
  return (customer: { website: string | null; embedOrigins: string[] } | null): Record<string, string> => {
    const origins = customer ? [originOf(customer.website), ...customer.embedOrigins.map(originOf)].filter((o): o is string => o !== null) : [];
    const key = origins.join(' ');
    let headers = built.get(key);
    if (!headers) built.set(key, (headers = securityHeaders(env, extraImageSources, origins, scriptHashes)));
    return headers;
  };
}

export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
