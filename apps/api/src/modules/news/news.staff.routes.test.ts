import { describe, expect, it } from 'vitest';
import { ZNewsList, ZStaffList, ZStaffNews, type TStaffNews, type TStaffNewsInput } from '@portal/contract';
import { addDays, amsterdamIsoDate, isoDateToDutch } from '../../lib/dates.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, type DemoTokens, type Requester } from '../../../test/content.ts';
import { auditOf, png } from '../staff-projects/test-setup.ts';
import { setUpStaffContentApp, type ConsoleSessions, type Requests } from '../../../test/staff.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, staff: ConsoleSessions, http: Requests, B: number, R: number;
setUpStaffContentApp((app) => ({ t, get, tokens, staff, http, B, R } = app));

const today = isoDateToDutch(amsterdamIsoDate(new Date()));
const article = (over: Partial<TStaffNewsInput> = {}): TStaffNewsInput => ({
  title: 'Steigers weg in de Tulpstraat', date: today, image_id: null, content: '<p>De steigers gaan <strong>vrijdag</strong> weg.</p>',
  is_public: false, publish_at: null, ...over,
});
const list = (projectId: number) => `/api/staff/projects/${projectId}/news`;
const item = (projectId: number, id: number) => `/api/staff/projects/${projectId}/news/${id}`;
const residentTitles = async (token: string) => ZNewsList.parse((await get(`/api/occupant/news?project_id=${B}`, token)).json()).map((a) => a.title);

describe('staff news: drafts, publishing and the residents’ counts', () => {
  it('keeps a draft away from residents and their count; publishing shows it and moves the count', async () => {
    const before = (await newCounts(t, tokens.jan)).news!;
    const created = await http.post(list(B), staff.editor, article());
    expect(created.statusCode, created.body).toBe(201);
    const draft = ZStaffNews.parse(created.json());
    expect(draft).toMatchObject({ status: 'draft', publish_at: null, title: 'Steigers weg in de Tulpstraat' });
    expect(await residentTitles(tokens.jan)).not.toContain(draft.title);
    expect((await newCounts(t, tokens.jan)).news).toBe(before);
    expect((await get(`/api/occupant/news/article/${draft.id}`, tokens.jan)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${B}/news`, tokens.partner)).json().map((a: { id: number }) => a.id)).not.toContain(draft.id);

    // scheduled for tomorrow: still hidden and not counted
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = ZStaffNews.parse((await http.put(item(B, draft.id), staff.editor, article({ publish_at: tomorrow }))).json());
    expect(scheduled.status).toBe('scheduled');
    expect((await newCounts(t, tokens.jan)).news).toBe(before);

    const published = await http.put(item(B, draft.id), staff.editor, article({ publish_at: new Date(Date.now() - 1000).toISOString(), is_public: true }));
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<TStaffNews>().status).toBe('published');
    expect((await newCounts(t, tokens.jan)).news).toBe(before + 1);
    expect(await residentTitles(tokens.jan)).toContain(draft.title);
    expect(ZNewsList.parse((await get(`/api/public/news/${B}`)).json()).map((a) => a.title)).toContain(draft.title);
  });

  it('lists drafts with their status, searches and pages with X-Has-More', async () => {
    for (let i = 0; i < 3; i++) await http.post(list(R), staff.admin, article({ title: `Zoekbaar bericht ${i}`, date: isoDateToDutch(addDays(amsterdamIsoDate(new Date()), -i)) }));
    const first = await http.get(`${list(R)}?q=zoekbaar&limit=2`, staff.admin);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-has-more']).toBe('true');
    const page1 = ZStaffList.parse(first.json());
    expect(page1.map((a) => a.title)).toEqual(['Zoekbaar bericht 0', 'Zoekbaar bericht 1']);
    expect(page1[0]).toMatchObject({ status: 'draft', is_public: false, date: today });
    const second = await http.get(`${list(R)}?q=zoekbaar&limit=2&before=${page1[1]!.id}`, staff.admin);
    expect(ZStaffList.parse(second.json()).map((a) => a.title)).toEqual(['Zoekbaar bericht 2']);
    expect(second.headers['x-has-more']).toBe('false');
    // every article of the project (the demo's are published)
    const all = ZStaffList.parse((await http.get(`${list(R)}?limit=100`, staff.admin)).json());
    expect(all.filter((a) => a.status === 'published').length).toBeGreaterThan(0);
    // a literal % finds nothing rather than everything
    expect((await http.get(`${list(R)}?q=%25%25_%25`, staff.admin)).json()).toEqual([]);
  });

  it('sanitises the HTML when stored and writes every change to the audit log', async () => {
    const created = ZStaffNews.parse((await http.post(list(B), staff.editor, article({
      title: 'Onveilig', content: '<p onclick="x()">Hallo<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">klik</a>',
    }))).json());
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:']) expect(created.content).not.toContain(bad);
    expect(created.content).toContain('Hallo');
    await http.put(item(B, created.id), staff.editor, article({ title: 'Veilig' }));
    expect((await http.del(item(B, created.id), staff.editor)).json()).toEqual({ success: true });
    expect((await http.get(item(B, created.id), staff.editor)).statusCode).toBe(404);
    const entries = await auditOf(t, 'news', created.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]).toMatchObject({ project_id: B, before: { title: 'Onveilig' }, after: { title: 'Veilig' } });
    expect(entries[2]!.after).toBeNull();
    expect(String(entries[0]!.after!.content)).not.toContain('<script');
  });

  it('takes an image uploaded for news of this project, and refuses another project’s', async () => {
    const upload = await http.upload(`/api/staff/projects/${B}/images/news`, { data: await png() }, staff.editor);
    expect(upload.statusCode, upload.body + t.logs.join("\n")).toBe(201);
    const image = upload.json<{ id: number; url: string }>();
    const created = await http.post(list(B), staff.editor, article({ image_id: image.id, publish_at: new Date().toISOString(), is_public: true }));
    expect(created.statusCode, created.body).toBe(201);
    const saved = ZStaffNews.parse(created.json());
    expect(saved.image_url).toMatch(new RegExp(`^/api/files/${image.id}/afbeelding\\.png\\?token=`));
    // the published public article's image loads for anyone
    expect((await get(`/api/files/${image.id}/afbeelding.png`)).statusCode).toBe(200);

    const elsewhere = (await http.upload(`/api/staff/projects/${R}/images/news`, { data: await png() }, staff.admin)).json<{ id: number }>();
    const wrongPurpose = (await http.upload(`/api/staff/projects/${B}/images/schedule`, { data: await png() }, staff.admin)).json<{ id: number }>();
    for (const id of [elsewhere.id, wrongPurpose.id, 999_999]) {
      const refused = await http.post(list(B), staff.editor, article({ image_id: id }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ errors: [{ field: 'image_id', message: 'De afbeelding is niet gevonden. Upload haar opnieuw.' }] });
    }
    const notImage = await http.upload(`/api/staff/projects/${B}/images/news`, { data: Buffer.from('<svg/>'), contentType: 'image/png' }, staff.editor);
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().message).toBe('Alleen afbeeldingen van het type png of jpeg zijn toegestaan.');
  });

  it('keeps a draft’s image from residents and visitors', async () => {
    const image = (await http.upload(`/api/staff/projects/${B}/images/news`, { data: await png() }, staff.editor)).json<{ id: number }>();
    await http.post(list(B), staff.editor, article({ image_id: image.id, is_public: true }));
    expect((await get(`/api/files/${image.id}/afbeelding.png`)).statusCode).toBe(401);
    expect((await get(`/api/files/${image.id}/afbeelding.png`, tokens.jan)).statusCode).toBe(404);
  });

  it('answers 422 with Dutch messages for a bad article', async () => {
    const res = await http.post(list(B), staff.editor, { ...article(), title: ' ', date: '31-02-2026', publish_at: 'morgen' });
    expect(res.statusCode).toBe(422);
    const fields = res.json<{ errors: Array<{ field: string; message: string }> }>().errors;
    expect(fields).toEqual(expect.arrayContaining([
      { field: 'title', message: 'Vul een titel in' },
      { field: 'date', message: 'Vul een bestaande datum in als DD-MM-JJJJ' },
      { field: 'publish_at', message: 'Vul een geldige publicatiedatum en -tijd in' },
    ]));
  });
});

describe('staff news: who may edit what', () => {
  it('refuses another project of an editor, another customer and another project’s item with 404; no console session with 401', async () => {
    const own = ZStaffNews.parse((await http.post(list(B), staff.editor, article())).json());
    const [rivier] = await t.query<{ id: number }>('SELECT id FROM news_articles WHERE project_id = $1 LIMIT 1', [R]);
    const refused = [
      ['GET', list(R), staff.editor], ['POST', list(R), staff.editor], ['GET', item(R, rivier!.id), staff.editor],
      ['GET', list(B), staff.otherAdmin], ['GET', item(B, own.id), staff.otherAdmin], ['PUT', item(B, own.id), staff.otherAdmin],
      ['DELETE', item(B, own.id), staff.otherAdmin], ['POST', `/api/staff/projects/${B}/images/news`, staff.otherAdmin],
      // an item of another project through a project the caller may edit
      ['GET', item(B, rivier!.id), staff.admin], ['PUT', item(B, rivier!.id), staff.admin], ['DELETE', item(B, rivier!.id), staff.admin],
    ] as const;
    for (const [method, url, token] of refused) {
      const res = method === 'GET' ? await http.get(url, token) : method === 'DELETE' ? await http.del(url, token)
        : method === 'PUT' ? await http.put(url, token, article()) : await http.post(url, token, article());
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await http.get(list(B), tokens.admin)).statusCode).toBe(401); // a portal (not console) session
    expect((await http.get(list(B), tokens.jan)).statusCode).toBe(401);
    expect((await http.get(list(B))).statusCode).toBe(401);
    expect((await http.get(item(B, own.id), staff.editor)).statusCode).toBe(200);
  });
});
