/**
 * Fixtures shared by the content modules' route tests (news, information, documents, files, ...):
 * a second customer with its own public project and resident, the demo's tokens, and short request helpers.
 */
import { afterAll, beforeAll } from 'vitest';
import { MODULE_NAMES, type TProject } from '@portal/contract';
import { hashPassword } from '../src/lib/passwords.ts';
import {
  adminToken, bearer, createTestApp, DEMO, login, occupantToken, partnerToken, userToken, type TestApp, type TestAppOptions,
} from './helpers.ts';

export type Elsewhere = { customerId: number; projectId: number; addressId: number; host: string; token: string; staffToken: string };

/**
 * A customer nobody in the demo works for ('Woningcorporatie Elders' on elders.localhost), with a public
 * project, one resident at 9999ZZ 1 who is logged in (use `host` on their requests) and an administrator
 * who works for this customer only.
 */
export async function createElsewhere(t: TestApp): Promise<Elsewhere> {
  const host = 'elders.localhost';
  const modules = JSON.stringify(MODULE_NAMES.map((name) => ({ name })));
  const [customer] = await t.query<{ id: number }>("INSERT INTO customers (name, domains) VALUES ('Woningcorporatie Elders', $1) RETURNING id", [[host]]);
  const [project] = await t.query<{ id: number }>("INSERT INTO projects (customer_id, name, modules) VALUES ($1, 'Renovatie Elders', $2::jsonb) RETURNING id", [customer!.id, modules]);
  const [address] = await t.query<{ id: number }>(
    "INSERT INTO addresses (customer_id, zipcode, house_number, street, city, activated_at) VALUES ($1, '9999ZZ', '1', 'Elderslaan', 'Elders', now()) RETURNING id",
    [customer!.id],
  );
  await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [address!.id, project!.id]);
  await t.query(
    "INSERT INTO occupants (address_id, first_name, last_name, email_address, password_hash, is_main) VALUES ($1, 'Els', 'Elders', 'els@example.nl', $2, true)",
    [address!.id, await hashPassword(DEMO.residentPassword)],
  );
  const [user] = await t.query<{ id: number }>(
    "INSERT INTO users (username, email, name, password_hash) VALUES ('beheer@elders.nl', 'beheer@elders.nl', 'Beheer Elders', $1) RETURNING id",
    [await hashPassword(DEMO.adminPassword)],
  );
  await t.query("INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, 'customer-admin')", [user!.id, customer!.id]);
  const answer = await login(t.app, { zipcode: '9999ZZ', house_number: '1', password: DEMO.residentPassword }, { host });
  const staffToken = await userToken(t.app, 'beheer@elders.nl', DEMO.adminPassword);
  return { customerId: customer!.id, projectId: project!.id, addressId: address!.id, host, token: answer.token!, staffToken };
}

/** The demo's people: Jan (1234AB 10, Bloemenbuurt), Fatima (1234AB 12, both projects), a partner of both customers, an administrator of Woonstad only. */
export async function demoTokens(t: TestApp) {
  const [jan, fatima, partner, admin] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12'), partnerToken(t.app), adminToken(t.app)]);
  return { jan, fatima, partner, admin };
}
export type DemoTokens = Awaited<ReturnType<typeof demoTokens>>;

export function requester(t: TestApp) {
  return (url: string, token?: string, host?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...(host ? { host } : {}) } });
}
export type Requester = ReturnType<typeof requester>;

/** What a content module's route test works with; B and R are the demo's public projects. */
export type ContentApp = {
  t: TestApp;
  get: Requester;
  tokens: DemoTokens;
  elsewhere: Elsewhere;
  /** Renovatie Bloemenbuurt (public; Jan and Fatima). */
  B: number;
  /** Verduurzaming Rivierenwijk (public; Fatima only). */
  R: number;
};

/**
 * The set-up of a content module's route test file: before all tests an app on its own database with the
 * demo data, the demo's people logged in and the customer elsewhere; after all tests the app is closed.
 * `receive` takes what the tests use once it is ready:
 *
 *   let t: TestApp, get: Requester, tokens: DemoTokens, B: number;
 *   setUpContentApp((app) => ({ t, get, tokens, B } = app));
 */
export function setUpContentApp(receive: (app: ContentApp) => void, options: TestAppOptions = {}): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options);
    const [tokens, elsewhere] = await Promise.all([demoTokens(t), createElsewhere(t)]);
    receive({ t, get: requester(t), tokens, elsewhere, B: t.ids.projects.bloemenbuurt, R: t.ids.projects.rivierenwijk });
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** nr_of_new_items of every module of the resident's project. */
export async function newCounts(t: TestApp, token: string, projectId?: number): Promise<Record<string, number>> {
  const res = await requester(t)(`/api/occupant/project${projectId ? `?project_id=${projectId}` : ''}`, token);
  if (res.statusCode !== 200) throw new Error(`GET /api/occupant/project: ${res.statusCode} ${res.body}`);
  return Object.fromEntries(res.json<TProject>().modules.map((m) => [m.name, m.nr_of_new_items]));
}

/** An item id of another project or customer must be refused with 404 and this message. */
export const notFound = (message: string) => ({ message });
