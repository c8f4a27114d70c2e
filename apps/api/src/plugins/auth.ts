import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TRole } from '@portal/contract';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import type { Session, SessionStore } from '../modules/auth/session.store.ts';
import type { CustomerRow, CustomerService } from '../modules/customer/customer.service.ts';

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
  app.decorateRequest('staff', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.bearer = bearerOf(request);
    done();
  });
}

/**
 * A preHandler that requires a live session of one of `roles`. An occupant session is valid only on
 * its own customer's host.
 */
export function requireRole(sessions: SessionStore, customers: CustomerService, ...roles: TRole[]) {
  return async (request: FastifyRequest) => {
    if (!request.bearer) throw new UnauthorizedError();
    const session = await sessions.resolve(request.bearer);
    if (!session) throw new UnauthorizedError();
    if (!roles.includes(session.role)) throw new ForbiddenError();
    if (session.role === 'occupant') {
      const customer: CustomerRow = await customers.forHost(request.headers.host);
      if (customer.id !== session.customerId) throw new UnauthorizedError();
    }
    request.session = session;
  };
}

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new UnauthorizedError();
  return request.session;
}
