import { describe, expect, it } from 'vitest';
import {
  colorMessages, DEFAULT_PROJECT_MODULES, staffProjectMessages, type TCustomer, type TPartnerCustomer, type TProject, type TProjectSummary,
  type TStaffProject, type TStaffProjectBody, type TStaffProjectListItem,
} from '@portal/contract';
import { occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';
import { setUpStaffApp, type ConsoleSessions, type Requests } from '../../../test/staff.ts';
import { auditOf, png } from './test-setup.ts';

let t: TestApp, tokens: ConsoleSessions, http: Requests;
setUpStaffApp((app) => ({ t, tokens, http } = app));

const LIST = '/api/staff/projects';
const one = (id: number) => `${LIST}/${id}`;

/** A project's settings as a PUT body, with changes. */
function bodyOf(p: TStaffProject, changes: Partial<TStaffProjectBody> = {}): TStaffProjectBody {
  return {
    name: p.name, description: p.description, color_primary: p.color_primary ?? '', color_secondary: p.color_secondary ?? '', website: p.website ?? '',
    is_public: p.is_public, modules: p.modules, module_18_name: p.module_18_name, welcome_message: p.welcome_message,
    support_base_progress: p.support_base_progress ?? '', work_order_show_image: p.work_order_show_image, work_order_message: p.work_order_message ?? '',
    ...changes,
  };
}
const project = async (id: number, token = tokens.admin) => (await http.get(one(id), token)).json<TStaffProject>();
const names = (items: TStaffProjectListItem[]) => items.map((p) => p.name);

describe('GET /api/staff/projects', () => {
  it("lists the customer's live projects by name, paged, and searches by name", async () => {
    const res = await http.get(LIST, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-has-more']).toBe('false');
    const items = res.json<TStaffProjectListItem[]>();
    expect(items).toEqual([
      {
        id: t.ids.projects.bloemenbuurt, name: 'Renovatie Bloemenbuurt', description: 'Groot onderhoud en verduurzaming van 120 eengezinswoningen.',
        logo_url: '/api/assets/demo/logo-bloemenbuurt.svg', color_primary: '#2e7d32', is_public: true, archived_at: null,
      },
      {
        id: t.ids.projects.rivierenwijk, name: 'Verduurzaming Rivierenwijk', description: 'Isolatie, zonnepanelen en nieuwe kozijnen voor 64 portiekwoningen.',
        logo_url: '/api/assets/demo/logo-woonstad.svg', color_primary: '#0b5394', is_public: true, archived_at: null,
      },
    ]);

    const first = await http.get(`${LIST}?limit=1`, tokens.admin);
    expect(first.headers['x-has-more']).toBe('true');
    expect(names(first.json())).toEqual(['Renovatie Bloemenbuurt']);
    const next = await http.get(`${LIST}?limit=1&before=${t.ids.projects.bloemenbuurt}`, tokens.admin);
    expect(next.headers['x-has-more']).toBe('false');
    expect(names(next.json())).toEqual(['Verduurzaming Rivierenwijk']);
    // Continuing after another customer's project gives an empty page.
    expect((await http.get(`${LIST}?before=${t.ids.projects.havenkwartier}`, tokens.admin)).json()).toEqual([]);

    expect(names((await http.get(`${LIST}?q=rivieren`, tokens.admin)).json())).toEqual(['Verduurzaming Rivierenwijk']);
    expect(names((await http.get(`${LIST}?q=%25`, tokens.admin)).json())).toEqual([]); // % is a character, not a wildcard
    expect(names((await http.get(LIST, tokens.otherAdmin)).json())).toEqual(['Dakrenovatie Zuid', 'Nieuwbouw Havenkwartier']);
  });

  it('shows a project editor only the projects they were given', async () => {
    expect(names((await http.get(LIST, tokens.editor)).json())).toEqual(['Renovatie Bloemenbuurt']);
  });

  it('refuses bad queries and callers without a console session', async () => {
    expect((await http.get(`${LIST}?status=weg`, tokens.admin)).statusCode).toBe(422);
    expect((await http.get(`${LIST}?limit=0`, tokens.admin)).statusCode).toBe(422);
    expect((await http.get(LIST)).statusCode).toBe(401);
    expect((await http.get(LIST, await partnerToken(t.app))).statusCode).toBe(401);
  });
});

describe('archive and restore', () => {
  it('refuses project editors', async () => {
    expect((await http.post(`${one(t.ids.projects.bloemenbuurt)}/archive`, tokens.editor)).statusCode).toBe(403);
    expect((await http.post(`${one(t.ids.projects.bloemenbuurt)}/restore`, tokens.editor)).statusCode).toBe(403);
  });

  it('hides an archived project from residents, partners and the public, and brings it back on restore', async () => {
    const id = t.ids.projects.bloemenbuurt;
    const { woonstad } = t.ids.customers;
    const jan = await occupantToken(t.app); // Bloemenbuurt only
    const fatima = await occupantToken(t.app, '12'); // Bloemenbuurt and Rivierenwijk
    const partner = await partnerToken(t.app);
    const seen = async () => ({
      jan: (await http.get('/api/occupant/project', jan)).statusCode,
      fatimaProjects: (await http.get('/api/occupant/projects', fatima)).json<TProjectSummary[]>().map((p) => p.id),
      fatimaAsked: (await http.get(`/api/occupant/project?project_id=${id}`, fatima)).statusCode,
      publicProject: (await http.get(`/api/public/project/${id}`)).statusCode,
      publicNews: (await http.get(`/api/public/news/${id}`)).statusCode,
      publicList: (await http.get(`/api/public/projects/${woonstad}`)).json<TProjectSummary[]>().map((p) => p.id),
      customer: (await t.app.inject({ method: 'GET', url: '/api/public/customer/', headers: { host: 'localhost' } })).json<TCustomer>().projects.map((p) => p.id),
      partner: (await http.get(`/api/partner/project/${id}`, partner)).statusCode,
      partnerCount: (await http.get('/api/partner/customers/', partner)).json<TPartnerCustomer[]>().find((c) => c.id === woonstad)?.nr_of_projects,
      partnerList: (await http.get(`/api/partner/customer/${woonstad}/projects`, partner)).json<TProjectSummary[]>().map((p) => p.id),
    });
    const live = await seen(); // everything is cached now
    expect(live).toEqual({
      jan: 200, fatimaProjects: [id, t.ids.projects.rivierenwijk], fatimaAsked: 200, publicProject: 200, publicNews: 200,
      publicList: [id, t.ids.projects.rivierenwijk], customer: [id, t.ids.projects.rivierenwijk], partner: 200, partnerCount: 2,
      partnerList: [id, t.ids.projects.rivierenwijk],
    });

    const res = await http.post(`${one(id)}/archive`, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TStaffProject>().archived_at).toEqual(expect.any(String));
    expect(await seen()).toEqual({
      jan: 404, fatimaProjects: [t.ids.projects.rivierenwijk], fatimaAsked: 404, publicProject: 404, publicNews: 404,
      publicList: [t.ids.projects.rivierenwijk], customer: [t.ids.projects.rivierenwijk], partner: 404, partnerCount: 1,
      partnerList: [t.ids.projects.rivierenwijk],
    });

    // Staff still reach it: in the archived list, and to edit it.
    expect(names((await http.get(LIST, tokens.admin)).json())).toEqual(['Verduurzaming Rivierenwijk']);
    expect(names((await http.get(`${LIST}?status=archived`, tokens.admin)).json())).toEqual(['Renovatie Bloemenbuurt']);
    expect(names((await http.get(`${LIST}?status=all`, tokens.admin)).json())).toEqual(['Renovatie Bloemenbuurt', 'Verduurzaming Rivierenwijk']);
    expect((await http.get(one(id), tokens.editor)).statusCode).toBe(200);

    // Archiving twice changes nothing and writes nothing.
    expect((await http.post(`${one(id)}/archive`, tokens.admin)).json<TStaffProject>().archived_at).toBe(res.json<TStaffProject>().archived_at);

    const restored = await http.post(`${one(id)}/restore`, tokens.admin);
    expect(restored.json<TStaffProject>().archived_at).toBeNull();
    expect(await seen()).toEqual(live);
    expect((await auditOf(t, 'project', id)).map((e) => e.action)).toEqual(['archive', 'restore']);
    expect((await auditOf(t, 'project', id))[0]).toMatchObject({ before: { archived_at: null }, after: { archived_at: expect.any(String) } });
  });
});

describe('POST /api/staff/projects', () => {
  it('creates a hidden project with the default modules (customer administrators only)', async () => {
    const res = await http.post(LIST, tokens.admin, { name: '  Sloop en nieuwbouw Oost ', description: '' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<TStaffProject>();
    expect(created).toMatchObject({
      name: 'Sloop en nieuwbouw Oost', description: '', is_public: false, logo_url: null, color_primary: null, archived_at: null,
      module_18_name: 'Klachten', welcome_message: '', support_base_progress: null,
      inherited: { logo: '/api/assets/demo/logo-woonstad.svg', color_primary: '#0b5394', color_secondary: '#9a4f00' },
    });
    expect(created.modules.map((m) => m.name)).toEqual(DEFAULT_PROJECT_MODULES);
    expect(created.modules[0]).toEqual({ name: 'news', display_name: 'Nieuws' });
    expect(await auditOf(t, 'project', created.id)).toMatchObject([{ action: 'create', project_id: created.id, before: null, after: { name: 'Sloop en nieuwbouw Oost' } }]);

    // Not public: no visitor sees it; staff do.
    expect((await http.get(`/api/public/project/${created.id}`)).statusCode).toBe(404);
    expect(names((await http.get(`${LIST}?q=Oost`, tokens.admin)).json())).toEqual(['Sloop en nieuwbouw Oost']);
    // Another customer's administrator cannot reach it.
    expect((await http.get(one(created.id), tokens.otherAdmin)).statusCode).toBe(404);
  });

  it('refuses project editors (403) and a missing name (422)', async () => {
    expect((await http.post(LIST, tokens.editor, { name: 'Van de redactie', description: '' })).statusCode).toBe(403);
    const res = await http.post(LIST, tokens.admin, { name: '   ', description: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Formulier niet goed ingevuld', errors: [{ field: 'name', message: staffProjectMessages.nameRequired }] });
  });
});

describe('GET and PUT /api/staff/projects/{id}', () => {
  it("answers 404 for another customer's project on every endpoint, and for a project an editor was not given", async () => {
    const foreign = t.ids.projects.havenkwartier;
    const body = bodyOf(await project(foreign, tokens.otherAdmin));
    expect((await http.get(one(foreign), tokens.admin)).statusCode).toBe(404);
    expect((await http.put(one(foreign), tokens.admin, body)).statusCode).toBe(404);
    expect((await http.upload(`${one(foreign)}/logo`, { data: await png() }, tokens.admin)).statusCode).toBe(404);
    expect((await http.del(`${one(foreign)}/logo`, tokens.admin)).statusCode).toBe(404);
    expect((await http.post(`${one(foreign)}/archive`, tokens.admin)).statusCode).toBe(404);
    expect((await http.post(`${one(foreign)}/restore`, tokens.admin)).statusCode).toBe(404);
    expect((await http.get(one(999_999), tokens.admin)).statusCode).toBe(404);
    expect((await project(foreign, tokens.otherAdmin)).name).toBe('Nieuwbouw Havenkwartier'); // unchanged

    const rivierenwijk = t.ids.projects.rivierenwijk;
    expect((await http.get(one(rivierenwijk), tokens.editor)).statusCode).toBe(404);
    expect((await http.put(one(rivierenwijk), tokens.editor, bodyOf(await project(rivierenwijk)))).statusCode).toBe(404);
    expect((await http.upload(`${one(rivierenwijk)}/logo`, { data: await png() }, tokens.editor)).statusCode).toBe(404);
    expect(await auditOf(t, 'project', foreign)).toEqual([]);
  });

  it("saves the settings, sanitises the welcome message and serves the resident's dashboard the change at once", async () => {
    const id = t.ids.projects.bloemenbuurt;
    const jan = await occupantToken(t.app);
    const dashboard = async () => (await http.get('/api/occupant/project', jan)).json<TProject>();
    expect((await dashboard()).name).toBe('Renovatie Bloemenbuurt'); // cached now

    const current = await project(id, tokens.editor);
    const res = await http.put(one(id), tokens.editor, bodyOf(current, {
      name: 'Renovatie Bloemenbuurt fase 2',
      color_primary: '#14532d', color_secondary: '',
      modules: [
        { name: 'complaints', display_name: 'wordt module_18_name' },
        { name: 'news', display_name: 'Laatste nieuws' },
        { name: 'scheduling', display_name: 'Planning' },
      ],
      module_18_name: 'Meldingen en klachten',
      welcome_message: '<h2>Welkom</h2><p onclick="steal()">Fijn dat u er bent. <a href="javascript:alert(1)">klik</a><script>alert(1)</script></p>',
      support_base_progress: 'Nog geen instemmingsformulier: 80% heeft mondeling ingestemd.',
    }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<TStaffProject>();
    expect(saved.welcome_message).toBe('<h2>Welkom</h2><p>Fijn dat u er bent. <a>klik</a></p>');
    expect(saved.modules).toEqual([
      { name: 'complaints', display_name: 'Meldingen en klachten' }, { name: 'news', display_name: 'Laatste nieuws' }, { name: 'scheduling', display_name: 'Planning' },
    ]);
    expect(saved.color_secondary).toBeNull();

    const shown = await dashboard();
    expect(shown).toMatchObject({
      name: 'Renovatie Bloemenbuurt fase 2', color_primary: '#14532d', color_secondary: '#9a4f00', module_18_name: 'Meldingen en klachten',
      welcome_message: saved.welcome_message,
    });
    expect(shown.modules.map((m) => [m.name, m.display_name])).toEqual([['complaints', 'Meldingen en klachten'], ['news', 'Laatste nieuws'], ['scheduling', 'Planning']]);

    const [entry] = (await auditOf(t, 'project', id)).filter((e) => e.action === 'update');
    expect(entry).toMatchObject({ actor: 'Sanne Visser (Woonstad)', project_id: id, before: { name: 'Renovatie Bloemenbuurt' }, after: { name: 'Renovatie Bloemenbuurt fase 2' } });
  });

  it('refuses unknown or repeated modules, too light colours and a bad website, in Dutch', async () => {
    const current = await project(t.ids.projects.rivierenwijk);
    const res = await http.put(one(current.id), tokens.admin, bodyOf(current, {
      color_primary: '#ffffff', website: 'www.zonder-schema.nl',
      modules: [{ name: 'news', display_name: 'Nieuws' }, { name: 'faq', display_name: 'FAQ' }, { name: 'news', display_name: 'Nog eens' }],
    }));
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'color_primary', message: colorMessages.tooLight(1) },
      { field: 'website', message: staffProjectMessages.websiteInvalid },
      { field: 'modules.2.name', message: staffProjectMessages.moduleTwice },
    ]);
    const unnamed = await http.put(one(current.id), tokens.admin, bodyOf(current, { modules: [{ name: 'faq', display_name: ' ' }], module_18_name: '' }));
    expect(unnamed.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'modules.0.display_name', message: staffProjectMessages.moduleNameRequired },
      { field: 'module_18_name', message: staffProjectMessages.moduleNameRequired },
    ]);
    const unknown = await http.put(one(current.id), tokens.admin, bodyOf(current, { modules: [{ name: 'weather' as 'news', display_name: 'Weer' }] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual(['modules.0.name']);
    expect((await project(current.id)).updated_at).toBe(current.updated_at);
  });

  it("uploads and removes a project's own logo; without one the customer's shows", async () => {
    const id = t.ids.projects.rivierenwijk;
    const res = await http.upload(`${one(id)}/logo`, { data: await png(300, 300, '#2e7d32') }, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    // the console's answer signs the link for its session; the logo itself is the plain path
    const signed = res.json<TStaffProject>().logo_url!;
    expect(signed).toMatch(/^\/api\/files\/\d+\/logo\.png(\?token=[\w.-]+)?$/);
    const logo = signed.split('?')[0]!;
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(200);
    expect((await http.get(`/api/public/project/${id}`)).json<TProject>().logo_url).toBe(logo);

    const bad = await http.upload(`${one(id)}/logo`, { data: Buffer.from('GIF89a......'), filename: 'logo.gif', contentType: 'image/gif' }, tokens.admin);
    expect(bad.statusCode).toBe(422);

    expect((await http.del(`${one(id)}/logo`, tokens.admin)).json<TStaffProject>().logo_url).toBeNull();
    expect((await http.get(`/api/public/project/${id}`)).json<TProject>().logo_url).toBe('/api/assets/demo/logo-woonstad.svg');
    expect((await auditOf(t, 'project', id)).map((e) => e.action)).toEqual(['update-logo', 'remove-logo']);
  });
});
