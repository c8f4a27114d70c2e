import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages, roleCan, STAFF_ROLES, type TFace, type TPermission, type TStaffRole } from '@portal/contract';
import type { ResourceKind, RouteAccess } from '../src/plugins/access.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

/**
 * The permission matrix (issue 15, section 1), generated from the OpenAPI document: every staff route (each
 * operation whose `x-access` takes the partner or console face) x every role x its own project / another
 * project. What is expected comes from the permission table in packages/contract/src/permissions.ts alone:
 * - own project, the role has the permission: the guard lets it through (the answer is whatever the handler
 *   says of an empty request, never 401, 403 or the guard's 404);
 * - own project, the role lacks the permission: 403;
 * - a project the role does not reach (another of the customer's for a role with a project list, another
 *   customer's for the rest): the guard's 404, as for an id that does not exist;
 * - a role without partner-portal.use on the partner face: 401.
 */

type Operation = { 'x-access'?: RouteAccess; parameters?: Array<{ in: string; name: string }> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };
type Route = { method: string; path: string; access: RouteAccess };
type Place = {
  projectId: number; customerId: number; addressId: number; conversationId: number; forms: Record<string, number>; appointmentTypeId: number; surveyId: number;
};

let t: TestApp;
let routes: Route[] = [];
const users = new Map<TStaffRole, number>();
/** A fresh session per request: a route of the matrix may end sessions (requiring TOTP of the customer's staff does). */
const sessionFor = (role: TStaffRole, face: 'partner' | 'console') => t.services.sessions.issue({
  role: 'partner', face, userId: users.get(role)!, occupantId: null, addressId: null, customerId: face === 'console' ? t.ids.customers.woonstad : null,
});
let own: Place;
let otherCustomer: Place;
const other = new Map<TStaffRole, Place>();

/** A copy of a form row of the demo for another project (same kind), so that every project has one of each kind. */
async function formOf(kind: string, projectId: number): Promise<number> {
  const [found] = await t.query<{ id: number }>('SELECT id FROM forms WHERE project_id = $1 AND kind = $2 ORDER BY id LIMIT 1', [projectId, kind]);
  if (found) return found.id;
  const [copy] = await t.query<{ id: number }>(
    `INSERT INTO forms SELECT * FROM json_populate_record(NULL::forms,
       (SELECT (to_jsonb(f) || jsonb_build_object('id', nextval(pg_get_serial_sequence('forms', 'id')), 'project_id', $2::int))::json FROM forms f WHERE f.kind = $1 ORDER BY f.id LIMIT 1))
     RETURNING id`, [kind, projectId]);
  return copy!.id;
}

async function place(projectId: number, customerId: number): Promise<Place> {
  const [address] = await t.query<{ id: number }>(
    `INSERT INTO addresses (customer_id, zipcode, house_number, street, city) VALUES ($1, '9999ZZ', $2, 'Matrixstraat', 'Testdorp') RETURNING id`,
    [customerId, String(projectId)]);
  await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [address!.id, projectId]);
  await t.query("INSERT INTO occupants (address_id, first_name, last_name, is_main) VALUES ($1, 'Test', 'Bewoner', true)", [address!.id]);
  const [conversation] = await t.query<{ id: number }>('INSERT INTO chat_conversations (project_id, address_id) VALUES ($1, $2) RETURNING id', [projectId, address!.id]);
  const forms: Record<string, number> = {};
  for (const kind of ['choice', 'intake', 'support-base']) forms[kind] = await formOf(kind, projectId);
  // An appointment type with a booking: every role's DELETE meets it (409, the type keeps its booking) instead of the first one removing it.
  const [appointmentType] = await t.query<{ id: number }>("INSERT INTO appointment_plannings (project_id, subject) VALUES ($1, 'Matrixschouw') RETURNING id", [projectId]);
  const [slot] = await t.query<{ id: number }>("INSERT INTO appointment_slots (planning_id, starts_at, capacity, taken) VALUES ($1, now() + interval '30 days', 1, 1) RETURNING id", [appointmentType!.id]);
  await t.query('INSERT INTO appointments (planning_id, address_id, slot_id) VALUES ($1, $2, $3)', [appointmentType!.id, address!.id, slot!.id]);
  // A survey of the project with a response: the console's survey routes check that it belongs to the project in the URL,
  // and every role's DELETE meets it (409, an answered survey stays) instead of the first one removing it.
  const [survey] = await t.query<{ id: number }>("INSERT INTO surveys (project_id, name, version) VALUES ($1, 'Matrix', 1) RETURNING id", [projectId]);
  await t.query(`INSERT INTO survey_responses (survey_id, project_id, address_id, version, answers) VALUES ($1, $2, $3, 1, '{"version": 1, "answers": []}')`,
    [survey!.id, projectId, address!.id]);
  return { projectId, customerId, addressId: address!.id, conversationId: conversation!.id, forms, appointmentTypeId: appointmentType!.id, surveyId: survey!.id };
}

const formKindOf = (path: string) => (path.includes('/intake/') ? 'intake' : path.includes('/support-base/') ? 'support-base' : 'choice');

/** The value of a path parameter: the resource's from the place, anything else a harmless default. */
function paramValue(route: Route, name: string, at: Place): string {
  const resource = route.access.resource;
  if (resource && resource.from !== 'body' && resource.key === name) return String(idFor(resource.kind, at, route.path));
  if (name === 'address_id' || name === 'addressId') return String(at.addressId);
  if (name === 'form_id') return String(at.forms[formKindOf(route.path)]);
  // An appointment type of the project (checked by its service, under the project the guard decided on).
  if (name === 'typeId' && route.path.includes('/appointment-types/')) return String(at.appointmentTypeId);
  if (name === 'surveyId') return String(at.surveyId);
  const defaults: Record<string, string> = { section: '0', element_id: 'x', nr: '1', x: '1', purpose: 'news', provider: 'local' };
  return defaults[name] ?? '999999';
}

function idFor(kind: ResourceKind, at: Place, path: string): number {
  switch (kind) {
    case 'project': return at.projectId;
    case 'customer': return at.customerId;
    case 'form': return at.forms[formKindOf(path)]!;
    case 'conversation': return at.conversationId;
    case 'address': return at.addressId;
    default: { const never: never = kind; return never; }
  }
}

function request(route: Route, token: string, at: Place) {
  const url = '/api' + route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(paramValue(route, name, at)));
  const body = route.access.resource?.from === 'body' ? { [route.access.resource.key]: idFor(route.access.resource.kind, at, route.path) } : {};
  return t.app.inject({ method: route.method as 'GET', url, headers: bearer(token), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body }) });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const doc = t.app.swagger() as unknown as OpenApi;
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const declared = operation['x-access'];
      if (declared && declared.faces.some((f: TFace) => f === 'partner' || f === 'console')) routes.push({ method: method.toUpperCase(), path: path.replace(/^\/api/, ''), access: declared });
    }
  }
  // Destructive routes last (archiving the project would end the partner face's access to it), archive before restore.
  const weight = (r: Route) => (r.path.endsWith('/archive') ? 2 : r.path.endsWith('/restore') ? 3 : r.method === 'GET' ? 0 : 1);
  routes = routes.sort((a, b) => weight(a) - weight(b));

  const { customers, projects } = t.ids;
  own = await place(projects.bloemenbuurt, customers.woonstad);
  const sameCustomer = await place(projects.rivierenwijk, customers.woonstad);
  otherCustomer = await place(projects.havenkwartier, customers.devries);
  for (const role of STAFF_ROLES) {
    const [user] = await t.query<{ id: number }>('INSERT INTO users (username, email, name) VALUES ($1, $1, $2) RETURNING id', [`${role}@matrix.nl`, `Matrix ${role}`]);
    await t.query('INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, $3)', [user!.id, customers.woonstad, role]);
    await t.query('INSERT INTO staff_projects (user_id, project_id) VALUES ($1, $2)', [user!.id, projects.bloemenbuurt]);
    other.set(role, roleCan(role, 'projects.all') ? otherCustomer : sameCustomer);
    users.set(role, user!.id);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the permission matrix', () => {
  it('covers every staff route of the OpenAPI document, each naming a permission', () => {
    expect(routes.length).toBeGreaterThan(120);
    for (const route of routes) expect(route.access.permission, `${route.method} ${route.path}`).toBeTruthy();
    // Both faces are in it: the partner portal's calls and the console's.
    expect(routes.some((r) => r.path.startsWith('/partner/'))).toBe(true);
    expect(routes.some((r) => r.path.startsWith('/staff/'))).toBe(true);
  });

  it('lets each role do exactly what the table gives it, on its own project and nowhere else', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const face = route.access.faces.includes('console') ? 'console' : 'partner';
      const permission = route.access.permission as TPermission;
      for (const role of STAFF_ROLES) {
        const token = await sessionFor(role, face);
        const label = `${route.method} ${route.path} as ${role} (${face})`;
        const allowed = roleCan(role, permission);
        const res = await request(route, token, own);
        const guard404 = res.statusCode === 404 && res.json<{ message: string }>().message === accessMessages.notReached;
        if (face === 'partner' && !roleCan(role, 'partner-portal.use')) {
          if (res.statusCode !== 401) wrong.push(`${label}: ${res.statusCode}, expected 401 (no partner portal)`);
          continue;
        }
        if (allowed && ([401, 403].includes(res.statusCode) || guard404 || res.statusCode >= 500)) wrong.push(`${label}: ${res.statusCode} ${res.body.slice(0, 120)}, expected allowed`);
        if (!allowed && res.statusCode !== 403) wrong.push(`${label}: ${res.statusCode}, expected 403`);
        if (!route.access.resource) continue;
        // A customer is another customer's; a project another project the role does not reach.
        const elsewhere = await request(route, await sessionFor(role, face), route.access.resource.kind === 'customer' ? otherCustomer : other.get(role)!);
        const refused = elsewhere.statusCode === 404 && elsewhere.json<{ message: string }>().message === accessMessages.notReached;
        if (!refused) wrong.push(`${label} on another project: ${elsewhere.statusCode} ${elsewhere.body.slice(0, 120)}, expected the guard's 404`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
