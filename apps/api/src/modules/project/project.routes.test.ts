import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, DEFAULT_MODULE_LABELS, messages, MODULE_NAMES, PRIVATE_MODULES, ZProject, ZProjectSummary,
  type TPartnerCustomer, type TProject, type TProjectSummary,
} from '@portal/contract';
import { adminToken, bearer, createTestApp, DEMO, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let jan: string; // 1234AB 10: one project (Bloemenbuurt)
let fatima: string; // 1234AB 12: two projects (Bloemenbuurt, Rivierenwijk)
let partner: string; // linked to both customers
let admin: string; // linked to Woonstad only
let woco: string; // linked to Woonstad only
let elders: { customerId: number; projectId: number }; // a customer nobody in the demo is linked to

beforeAll(async () => {
  t = await createTestApp();
  [jan, fatima, partner, admin] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12'), partnerToken(t.app), adminToken(t.app)]);
  const wocoLogin = await t.app.inject({ method: 'POST', url: '/api/public/woco/login', payload: { token: DEMO.wocoToken } });
  woco = wocoLogin.json<{ token: string }>().token;
  const [customer] = await t.query<{ id: number }>("INSERT INTO customers (name, domains) VALUES ('Woningcorporatie Elders', '{elders.localhost}') RETURNING id");
  const [project] = await t.query<{ id: number }>(
    "INSERT INTO projects (customer_id, name, modules) VALUES ($1, 'Renovatie Elders', '[{\"name\":\"news\"}]'::jsonb) RETURNING id", [customer!.id],
  );
  elders = { customerId: customer!.id, projectId: project!.id };
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string, host?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...(host ? { host } : {}) } });

const moduleNames = (project: TProject) => project.modules.map((m) => m.name);

describe('GET /api/public/projects/{customer_id}', () => {
  it("lists a customer's public projects as summaries with inherited branding", async () => {
    const res = await get(`/api/public/projects/${t.ids.customers.woonstad}?language=nl`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual<TProjectSummary[]>([
      {
        id: t.ids.projects.bloemenbuurt, name: 'Renovatie Bloemenbuurt', customer_id: t.ids.customers.woonstad,
        logo_url: '/api/assets/demo/logo-bloemenbuurt.svg', color_primary: '#2e7d32',
        description: 'Groot onderhoud en verduurzaming van 120 eengezinswoningen.',
      },
      {
        id: t.ids.projects.rivierenwijk, name: 'Verduurzaming Rivierenwijk', customer_id: t.ids.customers.woonstad,
        logo_url: '/api/assets/demo/logo-woonstad.svg', color_primary: '#0b5394', // the customer's
        description: 'Isolatie, zonnepanelen en nieuwe kozijnen voor 64 portiekwoningen.',
      },
    ]);
  });

  it("leaves out a customer's non-public project", async () => {
    const res = await get(`/api/public/projects/${t.ids.customers.devries}`, undefined, 'devries.localhost');
    expect(res.statusCode).toBe(200);
    const list = res.json<TProjectSummary[]>();
    expect(list.map((p) => p.name)).toEqual(['Nieuwbouw Havenkwartier']);
    expect(list.map((p) => p.name)).not.toContain('Dakrenovatie Zuid');
  });

  it("answers 404 for another customer than the host's (an unknown one too) and 422 for a bad id", async () => {
    for (const [id, host] of [[999999, 'localhost'], [t.ids.customers.devries, 'localhost'], [t.ids.customers.woonstad, 'devries.localhost']] as const) {
      const res = await get(`/api/public/projects/${id}`, undefined, host);
      expect(res.statusCode, `${id} on ${host}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Klant niet gevonden' });
    }
    const bad = await get('/api/public/projects/0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: messages.invalidInput, errors: [{ field: 'id', message: 'Deze waarde is ongeldig' }] });
  });
});

describe('GET /api/public/project/{id}', () => {
  it('shows a public project without the private modules', async () => {
    const res = await get(`/api/public/project/${t.ids.projects.bloemenbuurt}`);
    expect(res.statusCode).toBe(200);
    const project = ZProject.parse(res.json());
    expect(project.name).toBe('Renovatie Bloemenbuurt');
    expect(project.address_id).toBeNull();
    expect(moduleNames(project)).toEqual(MODULE_NAMES.filter((m) => !PRIVATE_MODULES.includes(m)));
    for (const name of ['appointments', 'intake', 'dossier'] as const) expect(moduleNames(project)).not.toContain(name);
    expect(project.modules.find((m) => m.name === 'complaints')?.display_name).toBe('Meldingen'); // module_18_name
    expect(project.modules.find((m) => m.name === 'news')).toEqual({ name: 'news', display_name: 'Nieuws', nr_of_new_items: 0 });
    // staff HTML was sanitised when stored
    expect(project.welcome_message).toContain('<h2>Welkom bij de renovatie van de Bloemenbuurt</h2>');
    expect(project.welcome_message).not.toContain('<script');
  });

  it("answers 404 for another customer's public project on this host, and shows it on its own", async () => {
    const havenkwartier = `/api/public/project/${t.ids.projects.havenkwartier}`;
    expect((await get(havenkwartier, undefined, 'devries.localhost')).statusCode).toBe(200);
    for (const host of ['localhost', 'portaal.woonstad.example']) { // Woonstad's own host, and one only Woonstad's '*' answers
      const res = await get(havenkwartier, undefined, host);
      expect(res.statusCode, host).toBe(404);
      expect(res.json()).toEqual({ message: 'Project niet gevonden' });
    }
    expect((await get(`/api/public/project/${t.ids.projects.bloemenbuurt}`, undefined, 'devries.localhost')).statusCode).toBe(404);
  });

  it('answers 404 for a non-public project and for an unknown one', async () => {
    for (const id of [t.ids.projects.dakZuid, 999999]) {
      const res = await get(`/api/public/project/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Project niet gevonden' });
    }
  });
});

describe('GET /api/occupant/projects and /api/occupant/project', () => {
  it('lists the one project of a one-project resident and opens it without project_id', async () => {
    const list = await get('/api/occupant/projects?language=nl', jan);
    expect(list.statusCode).toBe(200);
    expect(list.json<TProjectSummary[]>().map((p) => ZProjectSummary.parse(p).id)).toEqual([t.ids.projects.bloemenbuurt]);

    const res = await get('/api/occupant/project', jan);
    expect(res.statusCode).toBe(200);
    const project = ZProject.parse(res.json());
    expect(project).toMatchObject({
      id: t.ids.projects.bloemenbuurt, name: 'Renovatie Bloemenbuurt', customer_id: t.ids.customers.woonstad,
      address_id: t.ids.addresses.a10, logo_url: '/api/assets/demo/logo-bloemenbuurt.svg', color_primary: '#2e7d32',
      color_secondary: '#9a4f00', website: 'https://www.woonstad-vernieuwd.nl', module_18_name: 'Meldingen',
      // computed from the project's consent form (the support-base tally); the stored text is only the fallback
      support_base_progress: expect.stringMatching(/^\d+ van de \d+ adressen \(\d+%\) hebben ingestemd$/),
      work_order_show_image: false, work_order_message: 'De woningen worden in de volgorde van de lijst hieronder aangepakt.',
    });
    // a resident sees every module, the private ones included, each with its new-item count
    expect(moduleNames(project)).toEqual([...MODULE_NAMES]);
    // New-item counts of the demo for 1234AB 10 (0 for modules not listed):
    const newItems: Record<string, number> = {
      survey: 3, // the surveys this address has not filled in yet (3 of 4 in Bloemenbuurt)
      appointments: 3, // waiting for the resident: Opname and Oplevering to confirm, Zonnepanelen to plan
      // content modules: every item of the project (documents: project-wide plus this address's) is unread
      news: 6, information: 8, faq: 6, complaints: 4, scheduling: 14, documents: 7, dossier: 5,
    };
    for (const m of project.modules) {
      expect(m.nr_of_new_items, m.name).toBe(newItems[m.name] ?? 0);
      expect(m.display_name).toBe(m.name === 'complaints' ? 'Meldingen' : DEFAULT_MODULE_LABELS[m.name]);
    }
  });

  it('lists both projects of a two-project resident and opens the one asked for', async () => {
    const list = await get('/api/occupant/projects', fatima);
    expect(list.json<TProjectSummary[]>().map((p) => p.name)).toEqual(['Renovatie Bloemenbuurt', 'Verduurzaming Rivierenwijk']);

    const first = await get('/api/occupant/project', fatima);
    expect(first.json<TProject>()).toMatchObject({ id: t.ids.projects.bloemenbuurt, address_id: t.ids.addresses.a12 });

    const chosen = await get(`/api/occupant/project?project_id=${t.ids.projects.rivierenwijk}&language=nl`, fatima);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<TProject>()).toMatchObject({
      id: t.ids.projects.rivierenwijk, name: 'Verduurzaming Rivierenwijk', address_id: t.ids.addresses.a12, module_18_name: 'Klachten',
      logo_url: '/api/assets/demo/logo-woonstad.svg', color_primary: '#0b5394',
    });
  });

  it("refuses a project of another address or another customer with 404", async () => {
    for (const id of [t.ids.projects.rivierenwijk, t.ids.projects.havenkwartier, t.ids.projects.dakZuid, elders.projectId, 999999]) {
      const res = await get(`/api/occupant/project?project_id=${id}`, jan);
      expect(res.statusCode, `project ${id}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Project niet gevonden' });
    }
  });

  it('refuses a request without a token, with an unknown token, and with a malformed project_id', async () => {
    for (const token of [undefined, 'niet-een-echt-token']) {
      const res = await get('/api/occupant/project', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
    }
    const bad = await get('/api/occupant/project?project_id=abc', jan);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: messages.invalidInput, errors: [{ field: 'project_id', message: 'Deze waarde is ongeldig' }] });
  });

  it("refuses an occupant token on another customer's host with 401", async () => {
    for (const url of ['/api/occupant/project', '/api/occupant/projects']) {
      const res = await get(url, jan, 'devries.localhost');
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
    }
    // and on its own host it still works
    expect((await get('/api/occupant/projects', jan, 'localhost:3000')).statusCode).toBe(200);
  });

  it('refuses staff tokens on occupant routes with 401', async () => {
    for (const token of [partner, admin, woco]) {
      const res = await get('/api/occupant/project', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: accessMessages.wrongFace });
    }
  });
});

describe('partner routes', () => {
  it('GET /api/partner/customers/ lists the customers the partner works for', async () => {
    const res = await get('/api/partner/customers/?language=nl', partner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual<TPartnerCustomer[]>([
      { id: t.ids.customers.devries, name: 'Bouwbedrijf De Vries', logo: '/api/assets/demo/logo-devries.svg', color_primary: '#7a1f2b', nr_of_projects: 2 },
      { id: t.ids.customers.woonstad, name: 'Woonstad Vernieuwd', logo: '/api/assets/demo/logo-woonstad.svg', color_primary: '#0b5394', nr_of_projects: 2 },
    ]);
    // without the trailing slash too
    expect((await get('/api/partner/customers', partner)).statusCode).toBe(200);
  });

  it('lists only their own customers for an administrator and a woco user', async () => {
    for (const token of [admin, woco]) {
      const res = await get('/api/partner/customers/', token);
      expect(res.statusCode).toBe(200);
      expect(res.json<TPartnerCustomer[]>().map((c) => c.id)).toEqual([t.ids.customers.woonstad]);
    }
  });

  it("GET /api/partner/customer/{id}/projects lists all of a customer's projects, the non-public included", async () => {
    const res = await get(`/api/partner/customer/${t.ids.customers.devries}/projects`, partner);
    expect(res.statusCode).toBe(200);
    expect(res.json<TProjectSummary[]>()).toEqual([
      { id: t.ids.projects.havenkwartier, name: 'Nieuwbouw Havenkwartier', customer_id: t.ids.customers.devries, logo_url: '/api/assets/demo/logo-devries.svg', color_primary: '#7a1f2b', description: '48 appartementen aan het water.' },
      { id: t.ids.projects.dakZuid, name: 'Dakrenovatie Zuid', customer_id: t.ids.customers.devries, logo_url: '/api/assets/demo/logo-devries.svg', color_primary: '#7a1f2b', description: 'Nieuwe daken voor 30 woningen in Zuid.' },
    ]);
    const woonstad = await get(`/api/partner/customer/${t.ids.customers.woonstad}/projects`, partner);
    expect(woonstad.json<TProjectSummary[]>().map((p) => p.id)).toEqual([t.ids.projects.bloemenbuurt, t.ids.projects.rivierenwijk]);
  });

  it('GET /api/partner/project/{id} shows a project with all its modules', async () => {
    const res = await get(`/api/partner/project/${t.ids.projects.dakZuid}`, partner);
    expect(res.statusCode).toBe(200);
    const project = ZProject.parse(res.json());
    expect(project).toMatchObject({ id: t.ids.projects.dakZuid, name: 'Dakrenovatie Zuid', customer_id: t.ids.customers.devries, address_id: null, module_18_name: 'Klachten' });
    expect(moduleNames(project)).toEqual([...MODULE_NAMES]);
  });

  it('refuses a customer or project the account is not linked to with 404', async () => {
    const customer = await get(`/api/partner/customer/${elders.customerId}/projects`, partner);
    expect(customer.statusCode).toBe(404);
    expect(customer.json()).toEqual({ message: accessMessages.notReached });

    const project = await get(`/api/partner/project/${elders.projectId}`, partner);
    expect(project.statusCode).toBe(404);
    expect(project.json()).toEqual({ message: accessMessages.notReached });

    // the administrator is linked to Woonstad only
    expect((await get(`/api/partner/customer/${t.ids.customers.devries}/projects`, admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}`, admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${t.ids.projects.bloemenbuurt}`, admin)).statusCode).toBe(200);
    expect((await get('/api/partner/project/999999', partner)).statusCode).toBe(404);
  });

  it('refuses an occupant token with 401 and no token with 401', async () => {
    const urls = ['/api/partner/customers/', `/api/partner/customer/${t.ids.customers.woonstad}/projects`, `/api/partner/project/${t.ids.projects.bloemenbuurt}`];
    for (const url of urls) {
      const asOccupant = await get(url, jan);
      expect(asOccupant.statusCode, url).toBe(401);
      expect(asOccupant.json()).toEqual({ message: accessMessages.wrongFace });
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ message: messages.unauthorized });
    }
  });

  it('does not tie a staff token to a host', async () => {
    expect((await get('/api/partner/customers/', partner, 'devries.localhost')).statusCode).toBe(200);
  });
});
