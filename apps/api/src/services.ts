import type { Db } from './db/client.ts';
import type { Env } from './plugins/env.ts';
import { requireRole } from './plugins/auth.ts';
import type { InvalidationBus } from './lib/invalidation.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRateLimiter } from './modules/auth/rate-limit.ts';
import { createSessionStore } from './modules/auth/session.store.ts';
import { createCustomerService } from './modules/customer/customer.service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createNewItemRegistry } from './modules/project/new-items.ts';
import { createProjectService } from './modules/project/project.service.ts';

export type ServiceDeps = { db: Db; bus: InvalidationBus; env: Env; log: (error: unknown, msg: string) => void };

/** Wires the domain services together: small factories, no container. */
export function createServices({ db, bus, env, log }: ServiceDeps) {
  const apiUrl = `${env.publicUrl}/api`;
  const sessions = createSessionStore(db, bus, { days: env.SESSION_DAYS });
  const customers = createCustomerService(db, bus, apiUrl);
  const newItems = createNewItemRegistry();
  const projects = createProjectService(db, bus, newItems);
  const mailer = createMailer(db, env);
  const limiter = createRateLimiter(db);
  const auth = createAuthService({
    db, sessions, limiter, mailer, projects, publicUrl: env.publicUrl, apiUrl, log,
    limits: { account: env.RATE_LIMIT_ACCOUNT_MAX, client: env.RATE_LIMIT_CLIENT_MAX },
  });
  const guard = {
    any: requireRole(sessions, customers, 'occupant', 'partner', 'woco', 'administrator'),
    occupant: requireRole(sessions, customers, 'occupant'),
    staff: requireRole(sessions, customers, 'partner', 'woco', 'administrator'),
  };
  return { db, bus, env, sessions, customers, newItems, projects, mailer, limiter, auth, guard };
}
export type Services = ReturnType<typeof createServices>;
