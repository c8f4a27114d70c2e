import type { FastifyInstance } from 'fastify';
import type { Env } from './env.ts';

/**
 * The security headers of every answer (the set helmet sends by default, plus noindex), built once.
 * They never change per request, so one hook sets them: helmet's per-request middleware chain cost
 * half of the API's throughput in `npm run bench`. A route may still override one (file downloads set
 * a sandboxing CSP of their own).
 */
export function securityHeaders(env: Pick<Env, 'FRAME_ANCESTORS'>, extraImageSources: string[] = []): Record<string, string> {
  const frameAncestors = env.FRAME_ANCESTORS.split(',').map((s) => s.trim()).filter(Boolean);
  const csp = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'", 'https:', 'data:'],
    'form-action': ["'self'"],
    // Embedding is a feature: FRAME_ANCESTORS decides who may frame the portal.
    'frame-ancestors': frameAncestors.length ? frameAncestors : ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...extraImageSources],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
  };
  return {
    'content-security-policy': Object.entries(csp).map(([name, values]) => `${name} ${values.join(' ')}`).join(';'),
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

export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
