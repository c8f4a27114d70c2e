import { describe, expect, it } from 'vitest';
import { accessMessages, messages, ZNewsArticle, ZNewsList, type TNewsArticle } from '@portal/contract';
import { addDays, amsterdamIsoDate, isoDateToDutch } from '../../lib/dates.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number, R: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B, R } = app));

const today = amsterdamIsoDate(new Date());
const daysAgo = (n: number) => isoDateToDutch(addDays(today, -n));
const titles = (list: TNewsArticle[]) => list.map((a) => a.title);

describe('GET /api/public/news/{id}', () => {
  it('lists the public articles of a public project, newest first, with Dutch dates and image links', async () => {
    const res = await get(`/api/public/news/${B}?language=nl`);
    expect(res.statusCode).toBe(200);
    const list = ZNewsList.parse(res.json());
    expect(titles(list)).toEqual([
      'De renovatie is begonnen: steigers in de Tulpstraat',
      'Terugblik op de bewonersavond',
      'De proefwoning is klaar: kom kijken',
      'Uw vaste aanspreekpunt: Sanne Visser',
    ]);
    expect(list.map((a) => a.date)).toEqual([daysAgo(3), daysAgo(9), daysAgo(16), daysAgo(35)]);
    expect(list[0]).toMatchObject({ image_url: expect.stringMatching(/^\/api\/files\/\d+\/start-renovatie\.svg$/), is_new: false });
    expect(list[0]!.content).toContain('<strong>twee weken van tevoren</strong>');
  });

  it('answers 404 Project niet gevonden for a non-public project and an unknown one, and 422 for a bad id', async () => {
    for (const id of [t.ids.projects.dakZuid, 999_999]) {
      const res = await get(`/api/public/news/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Project niet gevonden' });
    }
    const bad = await get('/api/public/news/abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: messages.invalidInput, errors: [{ field: 'id', message: 'Deze waarde is ongeldig' }] });
  });

  it('keeps even a public article of a non-public project hidden', async () => {
    await t.services.news.add([{ projectId: t.ids.projects.dakZuid, title: 'Openbaar bericht in een besloten project', date: today, isPublic: true, content: '<p>x</p>' }]);
    expect((await get(`/api/public/news/${t.ids.projects.dakZuid}`)).statusCode).toBe(404);
  });

  it('opens one public article; a non-public one or another project’s is 404', async () => {
    const [first] = ZNewsList.parse((await get(`/api/public/news/${B}`)).json());
    const res = await get(`/api/public/news/${B}/article/${first!.id}`);
    expect(res.statusCode).toBe(200);
    expect(ZNewsArticle.parse(res.json())).toEqual(first);

    const all = ZNewsList.parse((await get('/api/occupant/news', tokens.jan)).json());
    const hidden = all.find((a) => a.title === 'Parkeren tijdens de werkzaamheden')!;
    const other = ZNewsList.parse((await get(`/api/public/news/${R}`)).json())[0]!;
    for (const url of [`/api/public/news/${B}/article/${hidden.id}`, `/api/public/news/${B}/article/${other.id}`]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ message: 'Nieuwsbericht niet gevonden' });
    }
  });
});

describe('GET /api/occupant/news and /api/occupant/news/article/{id}', () => {
  it('lists every article of the resident’s project, public or not, each new until opened', async () => {
    const res = await get('/api/occupant/news?language=nl', tokens.jan);
    expect(res.statusCode).toBe(200);
    const list = ZNewsList.parse(res.json());
    expect(list).toHaveLength(6);
    expect(titles(list)).toContain('Parkeren tijdens de werkzaamheden');
    expect(list.every((a) => a.is_new)).toBe(true);
  });

  it('marks an opened article read: is_new turns false and nr_of_new_items goes down', async () => {
    const before = (await newCounts(t, tokens.jan)).news!;
    const [article] = ZNewsList.parse((await get('/api/occupant/news', tokens.jan)).json());
    const opened = await get(`/api/occupant/news/article/${article!.id}`, tokens.jan);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<TNewsArticle>()).toEqual({ ...article, is_new: false });
    expect((await newCounts(t, tokens.jan)).news).toBe(before - 1);
    // reading again changes nothing
    await get(`/api/occupant/news/article/${article!.id}`, tokens.jan);
    expect((await newCounts(t, tokens.jan)).news).toBe(before - 1);

    const list = ZNewsList.parse((await get('/api/occupant/news', tokens.jan)).json());
    expect(list.find((a) => a.id === article!.id)!.is_new).toBe(false);
    // read marks are per address: Fatima still sees it as new
    const fatima = ZNewsList.parse((await get(`/api/occupant/news?project_id=${B}`, tokens.fatima)).json());
    expect(fatima.find((a) => a.id === article!.id)!.is_new).toBe(true);
  });

  it('counts a newly added article at once (the cached counts are dropped)', async () => {
    const before = (await newCounts(t, tokens.fatima, B)).news!;
    await t.services.news.add([{ projectId: B, title: 'Extra bericht', date: today, content: '<p>Nieuw</p>' }]);
    expect((await newCounts(t, tokens.fatima, B)).news).toBe(before + 1);
  });

  it('refuses another project’s article with 404, and shows the chosen project of a two-project resident', async () => {
    const rivierenwijk = ZNewsList.parse((await get(`/api/occupant/news?project_id=${R}`, tokens.fatima)).json());
    expect(titles(rivierenwijk)).toContain('Nieuwe kozijnen: inmeten in uw woning'); // non-public, Fatima lives there
    const res = await get(`/api/occupant/news/article/${rivierenwijk[0]!.id}`, tokens.jan);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Nieuwsbericht niet gevonden' });
    // Fatima opens it only in its own project
    expect((await get(`/api/occupant/news/article/${rivierenwijk[0]!.id}?project_id=${R}`, tokens.fatima)).statusCode).toBe(200);
    expect((await get(`/api/occupant/news/article/${rivierenwijk[0]!.id}?project_id=${B}`, tokens.fatima)).statusCode).toBe(404);
    // a project that is not the resident's
    const foreign = await get(`/api/occupant/news?project_id=${R}`, tokens.jan);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Project niet gevonden' });
    // another customer's resident, on their own host, sees only their own (empty) project
    const elders = await get('/api/occupant/news', elsewhere.token, elsewhere.host);
    expect(elders.json()).toEqual([]);
    expect((await get(`/api/occupant/news/article/${rivierenwijk[0]!.id}`, elsewhere.token, elsewhere.host)).statusCode).toBe(404);
  });

  it('refuses a request without a token (401) and a staff token (401)', async () => {
    expect((await get('/api/occupant/news')).statusCode).toBe(401);
    expect((await get('/api/occupant/news', tokens.partner)).statusCode).toBe(401);
  });
});

describe('GET /api/partner/project/{project_id}/news', () => {
  it('lists every article, public or not, for staff of the project’s customer', async () => {
    const res = await get(`/api/partner/project/${B}/news?language=nl`, tokens.partner);
    expect(res.statusCode).toBe(200);
    const list = ZNewsList.parse(res.json());
    expect(titles(list)).toEqual(expect.arrayContaining(['Parkeren tijdens de werkzaamheden', 'Geef uw keuzes voor keuken en badkamer door']));
    expect(list.every((a) => !a.is_new)).toBe(true);
    expect((await get(`/api/partner/project/${t.ids.projects.dakZuid}/news`, tokens.partner)).statusCode).toBe(200); // non-public project
  });

  it('refuses a project of a customer the account does not work for with 404', async () => {
    for (const [token, id] of [[tokens.admin, t.ids.projects.havenkwartier], [tokens.partner, elsewhere.projectId]] as const) {
      const res = await get(`/api/partner/project/${id}/news`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: accessMessages.notReached });
    }
    expect((await get(`/api/partner/project/${B}/news`, tokens.jan)).statusCode).toBe(401);
    expect((await get(`/api/partner/project/${B}/news`)).statusCode).toBe(401);
  });
});

describe('staff HTML', () => {
  it('is sanitised when stored: no script, no event handlers, no javascript: links', async () => {
    await t.services.news.add([{
      projectId: B, title: 'Onveilige inhoud', date: today, isPublic: true,
      content: '<p onclick="steal()">Hallo<script>alert(1)</script></p><a href="javascript:alert(2)">klik</a><img src="x" onerror="alert(3)">',
    }]);
    const list = ZNewsList.parse((await get(`/api/public/news/${B}`)).json());
    const article = list.find((a) => a.title === 'Onveilige inhoud')!;
    expect(article.content).toContain('Hallo');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:']) expect(article.content).not.toContain(bad);
    for (const a of list) expect(a.content).not.toContain('<script');
  });
});

describe('paging: the newest 50 articles, then older ones with before; X-Has-More says whether more follow', () => {
  /** Follows `before` (the last article of each page) until X-Has-More is false. */
  async function walk(url: string, token?: string) {
    const pages: TNewsArticle[][] = [];
    for (let next = url; ;) {
      const res = await get(next, token);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(ZNewsList.parse(res.json()));
      if (res.headers['x-has-more'] !== 'true') {
        expect(res.headers['x-has-more']).toBe('false');
        return pages;
      }
      next = `${url}${url.includes('?') ? '&' : '?'}before=${pages.at(-1)!.at(-1)!.id}`;
      expect(pages.length).toBeLessThan(20);
    }
  }

  it('walks every article of a project once, newest first, for residents, visitors (public ones only) and staff', async () => {
    // 130 articles, two a day, every third one public
    await t.query(
      `INSERT INTO news_articles (project_id, title, date, content, is_public)
       SELECT $1, 'Archief ' || i, current_date - 100 - (i / 2), '<p>Archief</p>', i % 3 = 0 FROM generate_series(1, 130) i`,
      [R],
    );
    const order = 'ORDER BY date DESC, id DESC';
    const all = (await t.query<{ id: number }>(`SELECT id FROM news_articles WHERE project_id = $1 ${order}`, [R])).map((r) => r.id);
    const open = (await t.query<{ id: number }>(`SELECT id FROM news_articles WHERE project_id = $1 AND is_public ${order}`, [R])).map((r) => r.id);

    const first = await get(`/api/occupant/news?project_id=${R}`, tokens.fatima);
    expect(first.headers['x-has-more']).toBe('true');
    expect(ZNewsList.parse(first.json()).map((a) => a.id)).toEqual(all.slice(0, 50));

    const resident = await walk(`/api/occupant/news?project_id=${R}`, tokens.fatima);
    expect(resident.map((p) => p.length)).toEqual([50, 50, all.length - 100]);
    expect(resident.flat().map((a) => a.id)).toEqual(all);
    expect((await walk(`/api/partner/project/${R}/news?limit=40`, tokens.partner)).flat().map((a) => a.id)).toEqual(all);
    const visitor = await walk(`/api/public/news/${R}?limit=25`);
    expect(visitor.flat().map((a) => a.id)).toEqual(open);
    expect(visitor.at(-1)!.length).toBeLessThanOrEqual(25);
  });

  it("positions nothing with an article the reader cannot list (another project's, or a non-public one for a visitor)", async () => {
    const [hidden] = await t.query<{ id: number }>('SELECT id FROM news_articles WHERE project_id = $1 AND NOT is_public LIMIT 1', [R]);
    const [other] = await t.query<{ id: number }>('SELECT id FROM news_articles WHERE project_id = $1 LIMIT 1', [B]);
    for (const [url, token] of [[`/api/public/news/${R}?before=${hidden!.id}`], [`/api/occupant/news?project_id=${R}&before=${other!.id}`, tokens.fatima]] as const) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual([]);
      expect(res.headers['x-has-more'], url).toBe('false');
    }
    for (const query of ['limit=0', 'limit=101', 'before=-1']) expect((await get(`/api/public/news/${R}?${query}`)).statusCode, query).toBe(422);
  });
});
