import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNewsList } from '@portal/contract';
import { createTestApp, waitFor, type TestApp } from '../../../test/helpers.ts';
import { demoTokens, newCounts, requester } from '../../../test/content.ts';

let t: TestApp;
let get: ReturnType<typeof requester>;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let B: number;

beforeAll(async () => {
  t = await createTestApp();
  get = requester(t);
  tokens = await demoTokens(t);
  B = t.ids.projects.bloemenbuurt;
});
afterAll(async () => {
  await t?.close();
});

describe('nr_of_new_items of the content modules', () => {
  it('counts every item the address has not opened, per module', async () => {
    expect(await newCounts(t, tokens.jan)).toMatchObject({
      news: 6, information: 8, faq: 6, complaints: 4, scheduling: 14, documents: 7, dossier: 5, contacts: 0, partners: 0, work_order: 0,
    });
    expect(await newCounts(t, tokens.fatima, B)).toMatchObject({ news: 6, information: 8, faq: 6, complaints: 4, scheduling: 14, documents: 5, dossier: 2 });
    expect(await newCounts(t, tokens.fatima, t.ids.projects.rivierenwijk)).toMatchObject({
      news: 4, information: 5, faq: 3, complaints: 2, scheduling: 9, documents: 3, dossier: 2,
    });
  });

  it('serves the counts from memory until a read or new content changes them', async () => {
    let counted = 0;
    t.services.newItems.register(async () => {
      counted++;
      return {};
    });
    // Counts until the cache holds: after a change the bus drops it at once and again when its NOTIFY echo arrives.
    const settled = async () => {
      await waitFor(async () => {
        const before = counted;
        await newCounts(t, tokens.fatima, B);
        return counted === before;
      }, { timeoutMs: 10_000, interval: 20 });
      return counted;
    };
    const start = await settled();
    const cached = await newCounts(t, tokens.fatima, B);
    await newCounts(t, tokens.fatima, B);
    expect(counted).toBe(start); // no counting (no queries) on the hot path

    const [article] = ZNewsList.parse((await get(`/api/occupant/news?project_id=${B}`, tokens.fatima)).json());
    await get(`/api/occupant/news/article/${article!.id}?project_id=${B}`, tokens.fatima);
    expect((await newCounts(t, tokens.fatima, B)).news).toBe(cached.news! - 1);
    const afterRead = await settled();
    expect(afterRead).toBeGreaterThan(start); // the read dropped the address's counts

    await get(`/api/occupant/news/article/${article!.id}?project_id=${B}`, tokens.fatima); // nothing new: nothing dropped
    await newCounts(t, tokens.fatima, B);
    expect(counted).toBe(afterRead);

    await t.services.news.add([{ projectId: B, title: 'Nog een bericht', date: '2026-01-01', content: '' }]);
    expect((await newCounts(t, tokens.fatima, B)).news).toBe(cached.news!);
    expect(counted).toBeGreaterThan(afterRead); // new content dropped the project's counts
  });

  it('tells a second server process through PostgreSQL NOTIFY', async () => {
    const second = await createTestApp({ databaseUrl: t.databaseUrl });
    try {
      const before = (await newCounts(second, tokens.jan)).complaints!;
      const list = (await get('/api/occupant/complaints', tokens.jan)).json<{ items: Array<{ id: number; is_new: boolean }> }>();
      const unread = list.items.find((i) => i.is_new)!;
      await get(`/api/occupant/complaint/${unread.id}`, tokens.jan); // read through the first process
      expect(await waitFor(async () => (await newCounts(second, tokens.jan)).complaints === before - 1)).toBe(true);

      await t.services.complaints.add([{ projectId: B, title: 'Nieuw via proces 1', content: '' }]);
      expect(await waitFor(async () => (await newCounts(second, tokens.jan)).complaints === before)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('leaves no read marks for an administrator acting for the address', async () => {
    const { token } = await t.services.auth.issueActingSession(t.ids.users.admin, t.ids.addresses.a10);
    const before = await newCounts(t, tokens.jan);
    const [article] = ZNewsList.parse((await get('/api/occupant/news', token)).json());
    expect((await get(`/api/occupant/news/article/${article!.id}`, token)).json()).toMatchObject({ id: article!.id });
    const docs = (await get('/api/occupant/documents', token)).json<Array<{ id: number; document_url: string; fetched: boolean }>>();
    expect((await get(`/api/occupant/document/${docs[0]!.id}`, token)).json()).toMatchObject({ fetched: false });
    expect((await get(docs[1]!.document_url, token)).statusCode).toBe(200);
    await get('/api/occupant/schedule', token);
    expect(await newCounts(t, tokens.jan)).toEqual(before);
    expect((await get('/api/occupant/news', tokens.jan)).json<Array<{ id: number; is_new: boolean }>>().find((a) => a.id === article!.id)!.is_new).toBe(true);
  });

  it('records a read once per address and item', async () => {
    const addressId = t.ids.addresses.a14;
    expect(await t.services.reads.mark(addressId, 'news', [1, 2, 2])).toBe(2);
    expect(await t.services.reads.mark(addressId, 'news', [1, 2, 3])).toBe(1);
    expect(await t.services.reads.mark(addressId, 'news', [])).toBe(0);
    const rows = await t.query<{ n: number }>("SELECT count(*)::int AS n FROM content_reads WHERE address_id = $1 AND module = 'news'", [addressId]);
    expect(rows[0]!.n).toBe(3);
  });
});
