import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../lib/errors.ts';
import type { Session } from '../modules/auth/session.store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    bearer: string | undefined;
  }
}

/**
 * The session's bearer token, from the Authorization header only. A session token in a URL would land
 * in browser history, proxy logs and Referer headers, so `?token=` never counts as a session on any
 * route; downloads carry a signed, short-lived link token there instead (modules/files/file-links.ts).
 */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return undefined;
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.decorateRequest('bearer', undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    request.bearer = bearerOf(request);
    done();
  });
}

/** The session the access guard (plugins/access.ts) let through; routes that accept sessions only. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new UnauthorizedError();
  return request.session;
}
