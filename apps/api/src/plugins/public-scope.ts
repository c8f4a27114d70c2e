import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { formMessages, surveyMessages } from '@portal/contract';
import { NotFoundError } from '../lib/errors.ts';
import type { CustomerService } from '../modules/customer/customer.service.ts';
import type { ProjectService } from '../modules/project/project.service.ts';

/**
 * What the id in a public route's path is: a customer, a project, or something of a project (a survey,
 * a form, a form menu) that `projectOf` traces to its project.
 */
export type PublicScope = { kind: 'customer' | 'project' | PublicIdKind; param: string };
export type PublicIdKind = 'survey' | 'form' | 'form-menu';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api/public route with an id in its path declares what the id is (plugins/public-scope.ts). */
    publicScope?: PublicScope;
  }
}

/** What a route would answer for an unknown id of each kind: another customer's id answers the same. */
const NOT_FOUND: Record<PublicScope['kind'], string> = {
  customer: 'Klant niet gevonden',
  project: 'Project niet gevonden',
  survey: surveyMessages.surveyNotFound,
  form: formMessages.notFound,
  'form-menu': formMessages.notFound,
};

type Deps = {
  customers: Pick<CustomerService, 'forHost'>;
  projects: Pick<ProjectService, 'projectWithCustomer'>;
  /** The project of a survey, form or form menu; null when there is none (the route then answers its own 404). */
  projectOf: Record<PublicIdKind, (id: number) => Promise<number | null>>;
};

/**
 * Public routes answer for the customer of the request's host only: customer B's public projects, chat,
 * surveys and forms are not found on customer A's host (404, as an unknown id). One rule for every public
 * route, in one place: each route
 * declares what its id is (`config.publicScope`), this hook traces it to its project and compares that
 * project's customer with `customers.forHost(Host)`. The server refuses to start when a public route with
 * an id in its path declares nothing, so no route can forget.
 */
export function registerPublicScope(app: FastifyInstance, deps: Deps) {
  async function check(request: FastifyRequest): Promise<void> {
    const scope = request.routeOptions.config.publicScope!;
    const id = Number((request.params as Record<string, unknown>)[scope.param]);
    const host = await deps.customers.forHost(request.headers.host);
    if (scope.kind === 'customer') {
      if (id !== host.id) throw new NotFoundError(NOT_FOUND.customer);
      return;
    }
    const projectId = scope.kind === 'project' ? id : await deps.projectOf[scope.kind](id);
    if (projectId === null) return;
    const found = await deps.projects.projectWithCustomer(projectId);
    if (!found) return;
    if (found.project.customerId !== host.id) throw new NotFoundError(NOT_FOUND[scope.kind]);
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!/^\/api\/public\//.test(route.url)) return;
    const scope = route.config?.publicScope;
    if (!scope) {
      if (route.url.includes(':')) throw new Error(`${route.method} ${route.url}: a public route with an id in its path declares config.publicScope`);
      return;
    }
    if (!route.url.includes(`:${scope.param}`)) throw new Error(`${route.method} ${route.url}: publicScope names :${scope.param}, which the path lacks`);
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [check, ...own];
  });
}
