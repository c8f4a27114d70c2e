import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { accessMessages, roleCan, type TFace, type TPermission, type TSessionFace, type TStaffRole } from '@portal/contract';
import type { Db } from '../db/client.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import { addresses } from '../modules/address/address.table.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import { sessions as sessionsTable, users } from '../modules/auth/auth.table.ts';
import type { Session, SessionStore } from '../modules/auth/session.store.ts';
import { chatConversations } from '../modules/chat/chat.table.ts';
import type { CustomerService } from '../modules/customer/customer.service.ts';
import { forms } from '../modules/form-engine/form-engine.table.ts';
import type { ProjectService } from '../modules/project/project.service.ts';
import { addressProjects, projects } from '../modules/project/project.table.ts';

/** Where a route's project (and so its customer) comes from: the resource named in the URL (or body). */
export type ResourceKind = 'project' | 'customer' | 'form' | 'conversation' | 'address';
export type ResourceRef = { kind: ResourceKind; key: string; from?: 'params' | 'body' };

/**
 * What a route accepts, declared once in its `config.access` (the server refuses to start when an /api
 * route declares nothing). `faces`: the sessions it takes ('public': none). Staff faces (partner, console)
 * need `permission`, checked against the caller's role at the customer of `resource` (or, without a
 * resource, at the console's customer / any customer the partner account works for). `address`: the path
 * parameter with the address an 'acting' session must be acting for. Audited: every staff change on the
 * partner and acting faces, and every staff read of a route marked `personalData`.
 */
export type RouteAccess = {
  faces: readonly TFace[];
  permission?: TPermission;
  resource?: ResourceRef;
  address?: string;
  personalData?: boolean;
  /** The audit log's name for what the route does ('chat-answer'); default: the route itself. */
  action?: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The staff member behind a staff or acting session, once the guard let the request through. */
    actor: Actor | null;
  }
  interface FastifyInstance {
    /**
     * The guard's decision for a declaration the route holds besides its own (a public route that also
     * takes a session: TOTP enrolment with a login ticket or in a console session).
     */
    checkAccess(request: FastifyRequest, declared: RouteAccess): Promise<void>;
  }
}

/** Who acts: the staff account, its role where the resource is (null: not resolved to one customer), the face. */
export type Actor = {
  userId: number;
  name: string;
  face: TSessionFace;
  customerId: number | null;
  role: TStaffRole | null;
  projectId: number | null;
  sessionId: number;
};

/** Declarations for routes, so a route reads as what it allows. */
export const access = {
  public: { faces: ['public'] } as RouteAccess,
  /** A resident at their address, or staff acting for it. */
  resident: (options: Pick<RouteAccess, 'personalData' | 'action'> = {}): RouteAccess => ({ faces: ['resident', 'acting'], ...options }),
  /** A resident only: nothing a staff member acting for the address may do (change its password, log in elsewhere). */
  residentOnly: { faces: ['resident'] } as RouteAccess,
  /** Any logged-in session (who am I, log out, a file link). */
  anySession: { faces: ['resident', 'acting', 'partner', 'console'], permission: 'account.self' } as RouteAccess,
  partner: (permission: TPermission, resource?: ResourceRef, options: Pick<RouteAccess, 'personalData' | 'action' | 'address'> = {}): RouteAccess =>
    ({ faces: options.address ? ['partner', 'acting'] : ['partner'], permission, ...(resource ? { resource } : {}), ...options }),
  console: (permission: TPermission, resource?: ResourceRef, options: Pick<RouteAccess, 'personalData' | 'action'> = {}): RouteAccess =>
    ({ faces: ['console'], permission, ...(resource ? { resource } : {}), ...options }),
  /** Resource references for the declarations above. */
  project: (key: string): ResourceRef => ({ kind: 'project', key }),
  customer: (key: string): ResourceRef => ({ kind: 'customer', key }),
  form: (key: string): ResourceRef => ({ kind: 'form', key }),
  conversation: (key: string): ResourceRef => ({ kind: 'conversation', key }),
  addressInBody: (key: string): ResourceRef => ({ kind: 'address', key, from: 'body' }),
};

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new UnauthorizedError();
  return request.actor;
}

type Deps = {
  db: Db;
  sessions: SessionStore;
  customers: CustomerService;
  projects: ProjectService;
  audit: AuditService;
  idleMinutes: number;
};

/** A resource's customer and project (null for a customer or an address). Unknown ids: null. */
async function resolveResource(db: Db, projectService: ProjectService, kind: ResourceKind, id: number): Promise<{ customerId: number; projectId: number | null; archived: boolean } | null> {
  const one = <T>(rows: T[]) => rows[0] ?? null;
  switch (kind) {
    case 'customer':
      return { customerId: id, projectId: null, archived: false };
    case 'project': {
      // A live project from the project service's memory (dropped on every change, in every process); an archived one from the database.
      const live = await projectService.projectWithCustomer(id);
      if (live) return { customerId: live.project.customerId, projectId: id, archived: false };
      const row = one(await db.select({ customerId: projects.customerId, archivedAt: projects.archivedAt }).from(projects).where(eq(projects.id, id)).limit(1));
      return row && { customerId: row.customerId, projectId: id, archived: row.archivedAt !== null };
    }
    case 'form':
    case 'conversation': {
      const table = kind === 'form' ? forms : chatConversations;
      const row = one(await db.select({ projectId: table.projectId, customerId: projects.customerId, archivedAt: projects.archivedAt })
        .from(table).innerJoin(projects, eq(projects.id, table.projectId)).where(eq(table.id, id)).limit(1));
      return row && { customerId: row.customerId, projectId: row.projectId, archived: row.archivedAt !== null };
    }
    case 'address': {
      const row = one(await db.select({ customerId: addresses.customerId }).from(addresses).where(eq(addresses.id, id)).limit(1));
      return row && { customerId: row.customerId, projectId: null, archived: false };
    }
    default: {
      const never: never = kind;
      return never;
    }
  }
}

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/**
 * The one guard (ARCHITECTURE.md, "Staff identity and permissions"): every /api route declares its access,
 * and this hook decides it before the route's own validation and handler run. Another customer's or
 * another project's resource answers 404, exactly as one that does not exist; a resource the caller
 * reaches without the permission answers 403; a session of another face 401.
 */
/** How long the audit outcomes of answered requests wait to be written together. */
const OUTCOME_FLUSH_MS = 50;

export function registerAccess(app: FastifyInstance, deps: Deps) {
  const { db, sessions, customers, projects, audit } = deps;
  const idleMs = deps.idleMinutes * 60_000;
  /** last_seen_at of console sessions is written at most once a minute per session. */
  const touched = new Map<number, number>();

  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    // Static files (the API's own assets: demo logos, the sign page's script), the OpenAPI pages and the bench's bare route are public by nature.
    const exempt = ['/api/docs', '/api/assets/', '/api/signing/assets/', '/api/bench/'];
    if (!route.url.startsWith('/api/') || exempt.some((prefix) => route.url.startsWith(prefix)) || route.method === 'HEAD') return;
    const declared = route.config?.access;
    const where = `${String(route.method)} ${route.url}`;
    if (!declared || !declared.faces.length) throw new Error(`${where} declares no access (config.access): every /api route must`);
    const staff = declared.faces.some((f) => f === 'partner' || f === 'console');
    if (staff && !declared.permission) throw new Error(`${where} accepts staff but names no permission`);
    if (declared.faces.includes('public') && declared.faces.length > 1) throw new Error(`${where} mixes public with session faces`);
  });

  /**
   * The staff account behind a session and, on the console, the session's idle check (not idle past
   * STAFF_IDLE_MINUTES): one query for both, as every staff request asks them.
   */
  async function staffUser(session: Session, bearer: string) {
    const [row] = await db.select({ name: users.name, disabledAt: users.disabledAt, lastSeenAt: sessionsTable.lastSeenAt, createdAt: sessionsTable.createdAt })
      .from(sessionsTable).innerJoin(users, eq(users.id, sessionsTable.userId)).where(eq(sessionsTable.id, session.id)).limit(1);
    if (!row || row.disabledAt) throw new UnauthorizedError();
    if (session.face !== 'console') return row;
    const now = Date.now();
    const seen = (row.lastSeenAt ?? row.createdAt).getTime();
    if (now - seen > idleMs) {
      await sessions.revoke(bearer);
      throw new UnauthorizedError();
    }
    if (now - (touched.get(session.id) ?? seen) > 60_000) {
      touched.set(session.id, now);
      if (touched.size > 10_000) touched.clear();
      await db.update(sessionsTable).set({ lastSeenAt: new Date(now) }).where(eq(sessionsTable.id, session.id));
    }
    return row;
  }

  app.addHook('preValidation', async (request) => {
    const declared = request.routeOptions.config?.access;
    if (!declared || declared.faces.includes('public')) return;
    return check(request, declared);
  });
  app.decorate('checkAccess', (request: FastifyRequest, declared: RouteAccess) => check(request, declared));

  async function check(request: FastifyRequest, declared: RouteAccess): Promise<void> {
    if (!request.bearer) throw new UnauthorizedError();
    const session = await sessions.resolve(request.bearer);
    if (!session) throw new UnauthorizedError();
    if (!declared.faces.includes(session.face)) throw new UnauthorizedError(accessMessages.wrongFace);
    request.session = session;

    if (session.face === 'resident' || session.face === 'acting') {
      // A resident's session is valid on its own customer's host only.
      const customer = await customers.forHost(request.headers.host);
      if (customer.id !== session.customerId || session.addressId === null) throw new UnauthorizedError();
    }
    if (session.face === 'resident') return;

    if (session.userId === null) throw new UnauthorizedError();
    const user = await staffUser(session, request.bearer);
    const actor: Actor = {
      userId: session.userId, name: user.name, face: session.face, customerId: session.customerId, role: null, projectId: null, sessionId: session.id,
    };
    request.actor = actor;

    if (session.face === 'acting') {
      // Staff acting for one address: on a partner route, only for that address, of a project it belongs to.
      if (declared.faces.includes('resident')) return auditAhead(request, declared, actor);
      const param = declared.address ? (request.params as Record<string, unknown>)[declared.address] : undefined;
      if (idOf(param) !== session.addressId) throw new NotFoundError(accessMessages.notReached);
      const found = declared.resource ? await resolveFrom(request, declared) : null;
      if (declared.resource && !found) throw new NotFoundError(accessMessages.notReached);
      if (found?.projectId) {
        const addressId = session.addressId!;
        const [link] = await db.select({ id: addressProjects.addressId }).from(addressProjects)
          .where(and(eq(addressProjects.addressId, addressId), eq(addressProjects.projectId, found.projectId))).limit(1);
        if (!link) throw new NotFoundError(accessMessages.notReached);
        actor.projectId = found.projectId;
      }
      return auditAhead(request, declared, actor);
    }

    // Staff faces: the role at the resource's customer decides.
    const permission = declared.permission!;
    const memberships = await projects.memberships(session.userId);
    if (session.face === 'partner' && !memberships.some((m) => roleCan(m.role, 'partner-portal.use'))) throw new UnauthorizedError(accessMessages.noPartnerPortal);
    if (declared.resource) {
      const found = await resolveFrom(request, declared);
      if (!found) throw new NotFoundError(accessMessages.notReached);
      if (session.face === 'console' && found.customerId !== session.customerId) throw new NotFoundError(accessMessages.notReached);
      if (session.face === 'partner' && found.archived) throw new NotFoundError(accessMessages.notReached);
      const membership = memberships.find((m) => m.customerId === found.customerId);
      if (!membership) throw new NotFoundError(accessMessages.notReached);
      // An address is reached through one of its projects that the account reaches (then its permission decides).
      if (declared.resource.kind === 'address') await requireAddressInReach(session.userId, idOf(bodyOrParam(request, declared.resource))!, 'project.read');
      if (found.projectId !== null) {
        const reach = await projects.staffReach(session.userId, { id: found.projectId, customerId: found.customerId }, permission);
        if (reach === 'none') throw new NotFoundError(accessMessages.notReached);
        if (reach === 'forbidden') throw new ForbiddenError(accessMessages.forbidden);
      } else if (!roleCan(membership.role, permission)) {
        throw new ForbiddenError(accessMessages.forbidden);
      }
      actor.customerId = found.customerId;
      actor.role = membership.role;
      actor.projectId = found.projectId;
    } else if (session.face === 'console') {
      const membership = memberships.find((m) => m.customerId === session.customerId);
      if (!membership) throw new UnauthorizedError();
      if (!roleCan(membership.role, permission)) throw new ForbiddenError(accessMessages.forbidden);
      actor.role = membership.role;
    } else if (!memberships.some((m) => roleCan(m.role, permission))) {
      throw new ForbiddenError(accessMessages.forbidden);
    }
    return auditAhead(request, declared, actor);
  }

  const bodyOrParam = (request: FastifyRequest, ref: ResourceRef): unknown =>
    ((ref.from === 'body' ? request.body : request.params) as Record<string, unknown> | null | undefined)?.[ref.key];

  async function resolveFrom(request: FastifyRequest, declared: RouteAccess) {
    const ref = declared.resource!;
    const id = idOf(bodyOrParam(request, ref));
    if (id === null) return null;
    return resolveResource(db, projects, ref.kind, id);
  }

  /** An address is reached through a project of its customer that the account reaches with the permission. */
  async function requireAddressInReach(userId: number, addressId: number, permission: TPermission) {
    const reachable = await projects.reachableProjects(userId, permission);
    const ids = new Set(reachable.map((p) => p.id));
    const rows = await db.select({ projectId: addressProjects.projectId }).from(addressProjects).where(eq(addressProjects.addressId, addressId));
    if (!rows.some((r) => ids.has(r.projectId))) throw new NotFoundError(accessMessages.notReached);
  }

  /**
   * Staff actions are written to the audit log before the handler runs (write-ahead: no change can happen
   * without its row) and get their outcome, the answer's status, when the answer went out. The console's
   * own changes are audited inside their transactions by its services; here the console's reads of
   * personal data, and everything staff do on the partner and acting faces.
   */
  async function auditAhead(request: FastifyRequest, declared: RouteAccess, actor: Actor) {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const logged = isRead ? declared.personalData === true : actor.face !== 'console';
    if (!logged) return;
    const customerId = actor.customerId ?? request.session?.customerId ?? (await customers.forHost(request.headers.host)).id;
    const route = `${request.method} ${request.routeOptions.url}`;
    const row = audit.recordRequest({
      customerId, userId: actor.userId, actor: actor.name, face: actor.face,
      action: declared.action ?? (isRead ? 'read' : 'request'), entity: declared.resource?.kind ?? 'route',
      entityId: declared.resource ? String(bodyOrParam(request, declared.resource) ?? '') : null,
      projectId: actor.projectId, route, params: request.params, addressId: request.session?.addressId ?? null,
    });
    row.catch(() => {}); // awaited below or in onSend; this only keeps a failed insert from counting as unhandled
    auditedRequests.set(request, row);
    // A change waits for its row before the handler runs. A read's row is written while the handler reads, and
    // the answer waits for it in onSend: no personal data leaves without its row, at the cost of one of the two.
    if (!isRead) await row;
  }

  const auditedRequests = new WeakMap<FastifyRequest, Promise<number>>();
  app.addHook('onSend', async (request, _reply, payload) => {
    const row = auditedRequests.get(request);
    if (!row) return payload;
    try {
      await row;
    } catch (error) {
      auditedRequests.delete(request); // the error's own answer goes out without the row it could not write
      throw error;
    }
    return payload;
  });
  // The outcomes are written together, a moment after their answers went out: one statement for a burst of
  // requests instead of one each (and none on the way of the next request). Written at close too.
  const outcomes = new Map<number, number>();
  let flushing: NodeJS.Timeout | null = null;
  const flushOutcomes = async () => {
    flushing = null;
    const batch = [...outcomes];
    outcomes.clear();
    await audit.recordOutcomes(batch);
  };
  app.addHook('onResponse', async (request, reply) => {
    const row = auditedRequests.get(request);
    if (!row) return;
    outcomes.set(await row, reply.statusCode);
    flushing ??= setTimeout(() => void flushOutcomes().catch((error: unknown) => app.log.error({ err: error }, 'audit outcomes not written')), OUTCOME_FLUSH_MS);
  });
  app.addHook('onClose', async () => {
    if (flushing) clearTimeout(flushing);
    await flushOutcomes().catch((error: unknown) => app.log.error({ err: error }, 'audit outcomes not written at close'));
  });
}
