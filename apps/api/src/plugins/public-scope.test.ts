import Fastify from 'fastify';
import { deadlineIn, printLetters } from '../../test/consent-letters.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formMessages, surveyMessages, VISITOR_UNIQUE_HEADER, ZPublicSurveyList } from '@portal/contract';
import { consoleToken, createTestApp, type TestApp } from '../../test/helpers.ts';
import { registerPublicScope } from './public-scope.ts';

/**
 * Woonstad answers on localhost (and on any host nobody claims, '*'); Bouwbedrijf De Vries on
 * devries.localhost. Each customer's public projects, chat, surveys and forms answer on its own host
 * only; on the other's host they are not found, as an unknown id.
 */
describe("public routes answer for the customer of the request's host only", () => {
  let t: TestApp;
  const WOONSTAD = 'localhost';
  const DEVRIES = 'devries.localhost';
  const ids = { survey: 0, form: 0, simpleForm: 0, menu: 0, article: 0, havenArticle: 0 };

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    const one = async (sql: string, params: unknown[] = []) => (await t.query<{ id: number }>(sql, params))[0]!.id;
    const b = t.ids.projects.bloemenbuurt;
    ids.survey = await one("SELECT id FROM surveys WHERE name = 'Wonen in de Bloemenbuurt'");
    ids.form = await one("SELECT id FROM forms WHERE name = 'Aanmelding bewonersavond' AND project_id = $1", [b]);
    ids.simpleForm = await one("SELECT id FROM forms WHERE name = 'Vraag aan het projectteam'");
    ids.menu = await one('SELECT id FROM form_menus WHERE project_id = $1 ORDER BY id LIMIT 1', [b]);
    ids.article = await one('SELECT id FROM news_articles WHERE project_id = $1 AND is_public ORDER BY id LIMIT 1', [b]);
    ids.havenArticle = await one(
      "INSERT INTO news_articles (project_id, title, date, content, is_public) VALUES ($1, 'Nieuws van De Vries', '2026-01-10', '<p>Hallo</p>', true) RETURNING id",
      [t.ids.projects.havenkwartier],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const on = (host: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { host }, ...(payload ? { payload } : {}) });
  const count = async (table: string) => Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  it("answers every public read of another customer's project, survey, form or menu with 404, and the same read on its own host", async () => {
    const b = t.ids.projects.bloemenbuurt;
    const reads: Array<[url: string, message: string]> = [
      [`/api/public/projects/${t.ids.customers.woonstad}`, 'Klant niet gevonden'],
      [`/api/public/project/${b}`, 'Project niet gevonden'],
      ...['news', 'complaints', 'information/menu', 'information', 'faq', 'schedule', 'workorder', 'partners', 'documents', 'contacts']
        .map((segment): [string, string] => [`/api/public/${segment}/${b}`, 'Project niet gevonden']),
      [`/api/public/news/${b}/article/${ids.article}`, 'Project niet gevonden'],
      [`/api/public/chat/${b}`, 'Project niet gevonden'],
      [`/api/public/surveys/${b}`, 'Project niet gevonden'],
      [`/api/public/survey/${ids.survey}`, surveyMessages.surveyNotFound],
      [`/api/public/forms/${b}`, 'Project niet gevonden'],
      [`/api/public/forms/${b}/get-unique/`, 'Project niet gevonden'],
      [`/api/public/forms/menus/${b}`, 'Project niet gevonden'],
      [`/api/public/form/${ids.simpleForm}`, formMessages.notFound],
    ];
    for (const [url, message] of reads) {
      const own = await on(WOONSTAD, 'GET', url);
      expect(own.statusCode, `${url} on its own host: ${own.body}`).toBe(200);
      const other = await on(DEVRIES, 'GET', url);
      expect(other.statusCode, `${url} on another customer's host`).toBe(404);
      expect(other.json(), url).toEqual({ message });
    }
    // A menu without public forms is not found on either host; on the other host it is not found before anything is read.
    expect((await on(DEVRIES, 'GET', `/api/public/forms/menu/${ids.menu}`)).json()).toEqual({ message: formMessages.notFound });

    // The other way round: De Vries's public project and its content answer on its host, not on Woonstad's (nor on a host only '*' catches).
    const haven = t.ids.projects.havenkwartier;
    for (const url of [`/api/public/project/${haven}`, `/api/public/news/${haven}`, `/api/public/news/${haven}/article/${ids.havenArticle}`, `/api/public/projects/${t.ids.customers.devries}`]) {
      expect((await on(DEVRIES, 'GET', url)).statusCode, url).toBe(200);
      for (const host of [WOONSTAD, 'portaal.elders.example']) expect((await on(host, 'GET', url)).statusCode, `${url} on ${host}`).toBe(404);
    }
  });

  it("refuses a visitor's chat message, survey answer and form entry for another customer's project, storing nothing", async () => {
    const b = t.ids.projects.bloemenbuurt;
    const before = { chat: await count('chat_messages'), responses: await count('survey_responses'), entries: await count('form_entries') };
    expect((await on(DEVRIES, 'POST', `/api/public/chat/${b}`, { from_name: 'Bezoeker', message: 'Hallo' })).statusCode).toBe(404);

    const surveyList = await on(WOONSTAD, 'GET', `/api/public/surveys/${b}`);
    ZPublicSurveyList.parse(surveyList.json());
    const unique = String(surveyList.headers[VISITOR_UNIQUE_HEADER]);
    const answer = { answers: [{ question_id: 1, answer: 4 }, { question_id: 2, answer: 'Rustig.' }] };
    expect((await on(DEVRIES, 'POST', `/api/public/survey/${ids.survey}/${unique}`, answer)).statusCode).toBe(404);

    const formUnique = (await on(WOONSTAD, 'GET', `/api/public/forms/${b}/get-unique/`)).json<{ unique: string }>().unique;
    expect((await on(DEVRIES, 'GET', `/api/public/form/${ids.form}/${formUnique}/new`)).statusCode).toBe(404);
    expect((await on(DEVRIES, 'POST', `/api/public/form/${ids.simpleForm}`, { values: {} })).statusCode).toBe(404);
    expect({ chat: await count('chat_messages'), responses: await count('survey_responses'), entries: await count('form_entries') }).toEqual(before);

    // On its own host the same calls work.
    expect((await on(WOONSTAD, 'POST', `/api/public/chat/${b}`, { from_name: 'Bezoeker', message: 'Hallo' })).statusCode).toBe(200);
    expect((await on(WOONSTAD, 'GET', `/api/public/form/${ids.form}/${formUnique}/new`)).statusCode).toBe(200);
  });

  it("opens a consent letter's personal link on its own customer's host only", async () => {
    const [form] = await t.query<{ id: number }>("SELECT id FROM forms WHERE kind = 'support-base' AND name = 'Draagvlakmeting renovatieplan'");
    // Letter links exist only on letters the console prints.
    const { letters } = await printLetters(t, await consoleToken(t, t.ids.users.admin), t.ids.projects.bloemenbuurt, form!.id, { address_ids: [t.ids.addresses.a14], deadline: deadlineIn(14) });
    const url = letters[0]!.apiPath;
    expect((await on(WOONSTAD, 'GET', url)).statusCode).toBe(200);
    const other = await on(DEVRIES, 'GET', url);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: formMessages.notFound });
    expect((await on(DEVRIES, 'GET', `${url}/project`)).statusCode).toBe(404);
  });

  it('refuses to start with a public route whose id is not declared', async () => {
    const app = Fastify();
    registerPublicScope(app, { customers: t.services.customers, projects: t.services.projects, projectOf: t.services.publicProjectOf });
    expect(() => app.get('/api/public/iets/:id', async () => 'x')).toThrow(/declares config.publicScope/);
    expect(() => app.get('/api/public/iets/:id', { config: { publicScope: { kind: 'project', param: 'project_id' } } }, async () => 'x')).toThrow(/lacks/);
    app.get('/api/public/zonder-id', async () => 'x'); // no id in the path: nothing to declare
    await app.close();
  });
});
