import { describe, expect, it } from 'vitest';
import { ZStaffContentOverview, ZStaffImage, ZStaffNews } from '@portal/contract';
import { waitFor, type TestApp } from '../../../test/helpers.ts';
import { newCounts, type DemoTokens, type Requester } from '../../../test/content.ts';
import { inMinutes, png } from './test-setup.ts';
import { setUpStaffContentApp, type ConsoleSessions, type Requests } from '../../../test/staff.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, staff: ConsoleSessions, http: Requests, B: number, R: number;
setUpStaffContentApp((app) => ({ t, get, tokens, staff, http, B, R } = app));

describe('GET /api/staff/projects/{projectId}/content', () => {
  it('answers the project, its modules, counts with drafts and partners; 404 for others', async () => {
    const res = await http.get(`/api/staff/projects/${B}/content`, staff.editor);
    expect(res.statusCode, res.body).toBe(200);
    const overview = ZStaffContentOverview.parse(res.json());
    expect(overview.project).toMatchObject({ id: B, name: 'Renovatie Bloemenbuurt' });
    expect(overview.modules).toContain('news');
    expect(overview.counts.news).toBeGreaterThan(0);
    expect(overview.partners.length).toBeGreaterThan(0);
    expect((await http.get(`/api/staff/projects/${R}/content`, staff.editor)).statusCode).toBe(404);
    expect((await http.get(`/api/staff/projects/${B}/content`, staff.otherAdmin)).statusCode).toBe(404);
    expect((await http.get(`/api/staff/projects/${B}/content`)).statusCode).toBe(401);
  });
});

describe('POST /api/staff/projects/{projectId}/images/{purpose}', () => {
  it('stores an image for rich text under a random name that loads without a session', async () => {
    const res = await http.upload(`/api/staff/projects/${B}/images/content`, { data: await png(3000, 1000) }, staff.editor);
    expect(res.statusCode, res.body).toBe(201);
    const image = ZStaffImage.parse(res.json());
    // the console's answer signs the link for its session; the stored path itself loads without one
    expect(image.url).toMatch(/^\/api\/files\/\d+\/afbeelding-[0-9a-f]{24}\.png(\?token=.+)?$/);
    expect(image).toMatchObject({ image_width: 2560, image_height: 853 }); // scaled down
    // the console shows a news image under its signed link right after the upload, before any article holds it
    const news = ZStaffImage.parse((await http.upload(`/api/staff/projects/${B}/images/news`, { data: await png(400, 200) }, staff.editor)).json());
    expect(news.url).toContain('?token=');
    expect((await get(news.url)).statusCode).toBe(200);
    const path = image.url.replace(/\?.*$/, '');
    expect((await get(path)).statusCode).toBe(200);
    expect((await get(path.replace(/afbeelding-[0-9a-f]+/, 'afbeelding'))).statusCode).toBe(404);
  });

  it('refuses a purpose it does not know, a file that is not an image, and other customers', async () => {
    expect((await http.upload(`/api/staff/projects/${B}/images/raket`, { data: await png() }, staff.editor)).statusCode).toBe(422);
    const text = await http.upload(`/api/staff/projects/${B}/images/news`, { data: Buffer.from('hallo'), contentType: 'image/png' }, staff.editor);
    expect(text.statusCode).toBe(422);
    expect((await http.upload(`/api/staff/projects/${B}/images/news`, { data: await png() }, staff.otherAdmin)).statusCode).toBe(404);
    expect((await http.upload(`/api/staff/projects/${R}/images/news`, { data: await png() }, staff.editor)).statusCode).toBe(404);
  });
});

describe('a scheduled item', () => {
  it('appears and is counted when its moment comes (a job drops the cached counts then)', async () => {
    const before = (await newCounts(t, tokens.jan)).news!;
    const scheduled = ZStaffNews.parse((await http.post(`/api/staff/projects/${B}/news`, staff.editor, {
      title: 'Straks zichtbaar', date: '01-01-2026', image_id: null, content: '<p>x</p>', is_public: false, publish_at: inMinutes(0.05),
    })).json());
    expect(scheduled.status).toBe('scheduled');
    expect((await newCounts(t, tokens.jan)).news).toBe(before);
    const moved = await waitFor(async () => (await newCounts(t, tokens.jan)).news === before + 1, { timeoutMs: 15_000, interval: 250 });
    expect(moved).toBe(true);
  }, 20_000);
});
