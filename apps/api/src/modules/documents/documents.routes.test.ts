import { describe, expect, it } from 'vitest';
import { ZDocument, ZDocumentList, type TDocument } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B } = app));

const names = (list: TDocument[]) => list.map((d) => d.name);
/** A file link without its query: authorised answers sign their links for the caller's session. */
const plain = (url: string) => url.split('?')[0]!;

describe('document lists', () => {
  it('gives a resident the project-wide documents and those of their own address, newest first', async () => {
    const res = await get('/api/occupant/documents?language=nl', tokens.jan);
    expect(res.statusCode).toBe(200);
    const list = ZDocumentList.parse(res.json());
    expect(names(list)).toEqual([
      'Bevestiging opnameafspraak', 'Presentatie bewonersavond', 'Planning fase 1', 'Plattegrond proefwoning', 'Uitnodiging huisbezoek',
      'Huurvoorstel', 'Bewonersbrief start renovatie',
    ]);
    expect(list.every((d) => !d.fetched && /^\d{2}-\d{2}-\d{4}$/.test(d.created_at))).toBe(true);
    expect(list.find((d) => d.name === 'Huurvoorstel')).toMatchObject({
      type: 'Brief', subject: 'Huurvoorstel na renovatie', methods: [{ type: 'post', message: 'Per aangetekende post verstuurd' }],
      document_url: expect.stringMatching(/^\/api\/files\/\d+\/Huurvoorstel\.pdf\?token=[\w.-]+$/),
    });
    // another address of the same project does not see Jan's letters
    const fatima = ZDocumentList.parse((await get(`/api/occupant/documents?project_id=${B}`, tokens.fatima)).json());
    expect(names(fatima)).toEqual(['Presentatie bewonersavond', 'Planning fase 1', 'Plattegrond proefwoning', 'Huurvoorstel', 'Bewonersbrief start renovatie']);
    const rivierenwijk = ZDocumentList.parse((await get(`/api/occupant/documents?project_id=${t.ids.projects.rivierenwijk}`, tokens.fatima)).json());
    expect(names(rivierenwijk)).toEqual(['Inmeten kozijnen', 'Zonnepanelen', 'Brief verduurzaming']);
    expect((await get('/api/occupant/documents', elsewhere.token, elsewhere.host)).json()).toEqual([]);
  });

  it('gives public visitors the public project-wide documents and staff all project-wide ones', async () => {
    const pub = ZDocumentList.parse((await get(`/api/public/documents/${B}`)).json());
    expect(names(pub)).toEqual(['Presentatie bewonersavond', 'Planning fase 1', 'Plattegrond proefwoning', 'Bewonersbrief start renovatie']);
    const staff = ZDocumentList.parse((await get(`/api/partner/project/${B}/documents`, tokens.partner)).json());
    expect(names(staff)).toEqual(['Presentatie bewonersavond', 'Planning fase 1', 'Plattegrond proefwoning', 'Huurvoorstel', 'Bewonersbrief start renovatie']);
    expect((await get(`/api/public/documents/${t.ids.projects.dakZuid}`)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/documents`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${elsewhere.projectId}/documents`, tokens.partner)).statusCode).toBe(404);
  });
});

describe('document lists, paged', () => {
  const page = async (url: string, token?: string) => {
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    return { list: ZDocumentList.parse(res.json()), hasMore: res.headers['x-has-more'] };
  };
  /** All pages of a list of `limit` documents each, following `before`. */
  async function allPages(url: string, limit: number, token?: string) {
    const pages = [];
    let before: number | undefined;
    while (pages.length < 50) {
      const next = await page(`${url}${url.includes('?') ? '&' : '?'}limit=${limit}${before ? `&before=${before}` : ''}`, token);
      pages.push(next);
      if (next.hasMore === 'false') return pages;
      expect(next.hasMore).toBe('true');
      before = next.list.at(-1)!.id;
    }
    throw new Error(`${url}: more than 50 pages`);
  }

  it('gives every document once, newest first, also when many share one moment (no gaps, no repeats)', async () => {
    // 25 more project-wide documents of Bloemenbuurt within one millisecond: five moments a microsecond
    // apart (finer than a JavaScript Date), five documents each, which only their ids order
    const [source] = await t.query<{ file_id: number }>('SELECT file_id FROM documents WHERE project_id = $1 LIMIT 1', [B]);
    const added = (await t.services.documents.add(Array.from({ length: 25 }, (_, i) => ({
      projectId: B, fileId: source!.file_id, type: 'Brief', subject: `Brief ${i + 1}`, name: `Brief ${i + 1}`, isPublic: i % 2 === 0,
    })))).map((a) => a.id);
    await t.query("UPDATE documents SET created_at = timestamptz '2030-01-01 10:00:00.123+00' + (id % 5) * interval '1 microsecond' WHERE id = ANY($1)", [added]);
    const whole = (await page('/api/occupant/documents?limit=100', tokens.jan)).list;
    expect(whole).toHaveLength(7 + 25);
    expect(whole.slice(0, 25).map((d) => d.id).sort()).toEqual([...added].sort());
    expect(whole[0]!.id % 5).toBe(4); // the latest microsecond first

    for (const [url, token, total] of [
      ['/api/occupant/documents', tokens.jan, 32], [`/api/partner/project/${B}/documents`, tokens.partner, 30], [`/api/public/documents/${B}`, undefined, 17],
    ] as const) {
      const pages = await allPages(url, 4, token);
      expect(pages.slice(0, -1).every((p) => p.list.length === 4), url).toBe(true);
      const ids = pages.flatMap((p) => p.list.map((d) => d.id));
      expect(ids, url).toHaveLength(total);
      expect(new Set(ids).size, url).toBe(total);
      const single = (await page(`${url}${url.includes('?') ? '&' : '?'}limit=100`, token)).list.map((d) => d.id);
      expect(ids, url).toEqual(single);
    }
    await t.query('DELETE FROM documents WHERE id = ANY($1)', [added]);
  });

  it('answers the newest 50 without `limit`, and an empty last page for a `before` the reader cannot list', async () => {
    const first = await page('/api/occupant/documents', tokens.jan);
    expect(first).toMatchObject({ hasMore: 'false' });
    expect(first.list).toHaveLength(7);
    const jans = first.list.find((d) => d.name === 'Bevestiging opnameafspraak')!; // Jan's own letter
    for (const [url, token] of [
      [`/api/occupant/documents?project_id=${B}&before=${jans.id}`, tokens.fatima], [`/api/public/documents/${B}?before=${jans.id}`, undefined],
      [`/api/partner/project/${B}/documents?before=${jans.id}`, tokens.partner], ['/api/occupant/documents?before=2147483647', tokens.jan],
    ] as const) {
      expect(await page(url, token), url).toEqual({ list: [], hasMore: 'false' });
    }
    expect((await get('/api/occupant/documents?limit=101', tokens.jan)).statusCode).toBe(422);
  });
});

describe('GET /api/occupant/document/{id}', () => {
  it('answers the document and marks it fetched; the count of new documents goes down', async () => {
    const list = ZDocumentList.parse((await get('/api/occupant/documents', tokens.jan)).json());
    const doc = list.find((d) => d.name === 'Uitnodiging huisbezoek')!;
    const before = (await newCounts(t, tokens.jan)).documents!;
    expect(before).toBe(7);
    const res = await get(`/api/occupant/document/${doc.id}?language=nl`, tokens.jan);
    expect(res.statusCode).toBe(200);
    expect(ZDocument.parse(res.json())).toEqual({ ...doc, fetched: true });
    expect((await newCounts(t, tokens.jan)).documents).toBe(before - 1);
    const again = ZDocumentList.parse((await get('/api/occupant/documents', tokens.jan)).json());
    expect(again.find((d) => d.id === doc.id)!.fetched).toBe(true);
  });

  it('refuses another address’s document, another project’s and another customer’s with 404', async () => {
    const jans = ZDocumentList.parse((await get('/api/occupant/documents', tokens.jan)).json()).find((d) => d.name === 'Bevestiging opnameafspraak')!;
    const rivierenwijk = ZDocumentList.parse((await get(`/api/occupant/documents?project_id=${t.ids.projects.rivierenwijk}`, tokens.fatima)).json());
    for (const [id, token, host] of [
      [jans.id, tokens.fatima, undefined], [rivierenwijk[0]!.id, tokens.jan, undefined], [jans.id, elsewhere.token, elsewhere.host],
    ] as const) {
      const res = await get(`/api/occupant/document/${id}`, token, host);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Document niet gevonden' });
    }
  });
});

describe('downloading a document', () => {
  it('serves the PDF to the resident through the signed link of their list and marks it fetched', async () => {
    const doc = ZDocumentList.parse((await get('/api/occupant/documents', tokens.jan)).json()).find((d) => d.name === 'Huurvoorstel')!;
    const before = (await newCounts(t, tokens.jan)).documents!;
    const res = await get(doc.document_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Huurvoorstel.pdf"; filename*=UTF-8''Huurvoorstel.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('%%EOF');
    expect((await newCounts(t, tokens.jan)).documents).toBe(before - 1);
    // the bearer header works as well as the signed link
    expect((await get(plain(doc.document_url), tokens.jan)).statusCode).toBe(200);
  });

  it('refuses an address document to another address (404), to no token (401) and to staff (404)', async () => {
    const doc = ZDocumentList.parse((await get('/api/occupant/documents', tokens.jan)).json()).find((d) => d.name === 'Bevestiging opnameafspraak')!;
    const url = plain(doc.document_url);
    expect((await get(url, tokens.fatima)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, tokens.partner)).statusCode).toBe(404);
    expect((await get(url, elsewhere.token, elsewhere.host)).statusCode).toBe(404);
  });

  it('serves a public document without a token, and a non-public one only with a token of the project', async () => {
    const pub = ZDocumentList.parse((await get(`/api/public/documents/${B}`)).json())[0]!;
    expect((await get(pub.document_url)).statusCode).toBe(200);
    const staff = ZDocumentList.parse((await get(`/api/partner/project/${B}/documents`, tokens.partner)).json());
    const hidden = plain(staff.find((d) => d.name === 'Huurvoorstel')!.document_url);
    expect((await get(hidden)).statusCode).toBe(401);
    expect((await get(hidden, tokens.partner)).statusCode).toBe(200);
    expect((await get(hidden, tokens.fatima)).statusCode).toBe(200);
    expect((await get(hidden, tokens.admin)).statusCode).toBe(200); // staff of Woonstad
    const rivierenwijk = ZDocumentList.parse((await get(`/api/partner/project/${t.ids.projects.rivierenwijk}/documents`, tokens.partner)).json());
    expect((await get(plain(rivierenwijk.find((d) => d.name === 'Zonnepanelen')!.document_url), tokens.jan)).statusCode).toBe(404);
  });
});
