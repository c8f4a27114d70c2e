import { beforeAll, describe, expect, it } from 'vitest';
import { HAS_MORE_HEADER, WORK_ORDER_STATUSES, ZWorkOrder, type TWorkOrder, type TWorkOrderEntry } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number, R: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B, R } = app));

type Page = { order: TWorkOrder; hasMore: boolean };
async function getPage(url: string, token?: string, host?: string): Promise<Page> {
  const res = await get(url, token, host);
  expect(res.statusCode, res.body).toBe(200);
  return { order: ZWorkOrder.parse(res.json()), hasMore: res.headers[HAS_MORE_HEADER] === 'true' };
}

/** Every entry of a work order, page by page (`before` is the last_id held); also the pages' sizes. */
async function getAll(url: string, token?: string, host?: string) {
  const entries: TWorkOrderEntry[] = [];
  const sizes: number[] = [];
  const join = url.includes('?') ? '&' : '?';
  for (let page = await getPage(url, token, host); ; page = await getPage(`${url}${join}before=${entries.at(-1)!.last_id}`, token, host)) {
    entries.push(...page.order.entries);
    sizes.push(page.order.entries.length);
    if (!page.hasMore) return { entries, sizes };
    expect(sizes.length).toBeLessThan(50);
  }
}

/** Runs `body` with the Bloemenbuurt's work-order settings changed, then puts them back. */
async function withSettings(set: string, body: () => Promise<void>) {
  const [before] = await t.query('SELECT work_order_show_image, work_order_message, work_order_image_url, work_order_public_addresses FROM projects WHERE id = $1', [B]);
  await t.query(`UPDATE projects SET ${set} WHERE id = $1`, [B]);
  try {
    await body();
  } finally {
    await t.query(
      'UPDATE projects SET work_order_show_image = $2, work_order_message = $3, work_order_image_url = $4, work_order_public_addresses = $5 WHERE id = $1',
      [B, before!.work_order_show_image, before!.work_order_message, before!.work_order_image_url, before!.work_order_public_addresses],
    );
  }
}

const ZIPCODE = /\b\d{4} ?[A-Z]{2}\b/;

describe('GET /api/occupant/workorder', () => {
  it('lists the project’s addresses in work-order sequence with coordinates and status, marking the resident’s own', async () => {
    const { order, hasMore } = await getPage('/api/occupant/workorder?language=nl', tokens.jan);
    expect(hasMore).toBe(false);
    expect(order).toMatchObject({ show_image: false, message: 'De woningen worden in de volgorde van de lijst hieronder aangepakt.', image_url: null });
    expect(order.entries).toHaveLength(33);
    expect(order.entries.map((e) => e.id)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
    expect(new Set(order.entries.map((e) => e.status))).toEqual(new Set(WORK_ORDER_STATUSES));
    const jan = { id: 2, last_id: 2, address_count: 1, full_address: 'Tulpstraat 10, 1234 AB Utrecht', lat: 52.0907, lng: 5.1214, status: 'done', is_own_address: true };
    expect(order.entries.slice(0, 2)).toEqual([
      { id: 1, last_id: 1, address_count: 1, full_address: 'Tulpstraat 12, 1234 AB Utrecht', lat: 52.0909, lng: 5.1217, status: 'done', is_own_address: false },
      jan,
    ]);
    expect(order.own_entry).toEqual(jan);
    expect(order.entries.filter((e) => e.is_own_address)).toHaveLength(1);
    expect(order.entries.map((e) => e.full_address)).toContain('Tulpstraat 14, 1234 AB Utrecht');
  });

  it('spreads the demo addresses over a neighbourhood, not one point', async () => {
    const { order } = await getPage('/api/occupant/workorder', tokens.jan);
    const lats = order.entries.map((e) => e.lat!);
    const lngs = order.entries.map((e) => e.lng!);
    // real Dutch coordinates in Utrecht
    for (const e of order.entries) {
      expect(e.lat).toBeGreaterThan(52.07);
      expect(e.lat).toBeLessThan(52.11);
      expect(e.lng).toBeGreaterThan(5.1);
      expect(e.lng).toBeLessThan(5.14);
    }
    expect(new Set(order.entries.map((e) => `${e.lat},${e.lng}`)).size).toBe(33);
    // several hundred metres across: a map fitted to them shows separate markers
    expect(Math.max(...lats) - Math.min(...lats)).toBeGreaterThan(0.003);
    expect(Math.max(...lngs) - Math.min(...lngs)).toBeGreaterThan(0.005);
  });

  it('pages the list with before and limit, and carries the own entry on every page', async () => {
    const first = await getPage('/api/occupant/workorder?limit=10', tokens.fatima);
    expect(first.hasMore).toBe(true);
    expect(first.order.entries.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const last = await getPage('/api/occupant/workorder?limit=10&before=30', tokens.fatima);
    expect(last.hasMore).toBe(false);
    expect(last.order.entries.map((e) => e.id)).toEqual([31, 32, 33]);
    // Fatima (Tulpstraat 12) is number 1: on the first page and on the last as own_entry.
    expect(last.order.own_entry).toMatchObject({ id: 1, full_address: 'Tulpstraat 12, 1234 AB Utrecht', is_own_address: true });
    expect(last.order.message).toBe(first.order.message);

    const { entries, sizes } = await getAll('/api/occupant/workorder?limit=10', tokens.fatima);
    expect(sizes).toEqual([10, 10, 10, 3]);
    expect(entries.map((e) => e.id)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
    expect((await getPage('/api/occupant/workorder?before=1000', tokens.jan)).order.entries).toEqual([]);
    expect((await get('/api/occupant/workorder?limit=101', tokens.jan)).statusCode).toBe(422);
  });

  it('marks Fatima’s address in both of her projects and refuses another customer’s project', async () => {
    for (const projectId of [B, R]) {
      const { order } = await getPage(`/api/occupant/workorder?project_id=${projectId}`, tokens.fatima);
      expect(order.entries.length).toBeGreaterThanOrEqual(30);
      expect(order.entries.find((e) => e.is_own_address)!.full_address).toBe('Tulpstraat 12, 1234 AB Utrecht');
      expect(order.own_entry!.full_address).toBe('Tulpstraat 12, 1234 AB Utrecht');
    }
    expect((await get(`/api/occupant/workorder?project_id=${R}`, tokens.jan)).statusCode).toBe(404);
    expect((await get(`/api/occupant/workorder?project_id=${elsewhere.projectId}`, tokens.jan)).statusCode).toBe(404);
  });
});

describe('public and partner work order', () => {
  it('shows public visitors street ranges of the public entries by default, no full addresses', async () => {
    const { order, hasMore } = await getPage(`/api/public/workorder/${B}`);
    expect(hasMore).toBe(false);
    expect(order.own_entry).toBeNull();
    // Tulpstraat 14 (number 13) is not public; the statuses change after numbers 11 and 22.
    expect(order.entries.map(({ id, last_id, address_count, full_address, status }) => ({ id, last_id, address_count, full_address, status }))).toEqual([
      { id: 1, last_id: 2, address_count: 2, full_address: 'Tulpstraat 10–12, Utrecht', status: 'done' },
      { id: 3, last_id: 11, address_count: 9, full_address: 'Rozenstraat 1–17, Utrecht', status: 'done' },
      { id: 12, last_id: 12, address_count: 1, full_address: 'Rozenstraat 19, Utrecht', status: 'in_progress' },
      { id: 14, last_id: 22, address_count: 9, full_address: 'Lelieweg 1–17, Utrecht', status: 'in_progress' },
      { id: 23, last_id: 23, address_count: 1, full_address: 'Lelieweg 19, Utrecht', status: 'in_preparation' },
      { id: 24, last_id: 33, address_count: 10, full_address: 'Narcisstraat 1–19, Utrecht', status: 'in_preparation' },
    ]);
    expect(order.entries.some((e) => ZIPCODE.test(e.full_address) || e.is_own_address)).toBe(false);
    // a range's marker sits in the middle of its addresses, not on one of them
    expect(order.entries[0]!.lat).toBeCloseTo((52.0907 + 52.0909) / 2, 6);
    expect(order.entries[0]!.lng).toBeCloseTo((5.1214 + 5.1217) / 2, 6);

    const paged = await getAll(`/api/public/workorder/${B}?limit=4`);
    expect(paged.sizes).toEqual([4, 2]);
    expect(paged.entries).toEqual(order.entries);
    expect((await get(`/api/public/workorder/${t.ids.projects.dakZuid}`)).statusCode).toBe(404);
  });

  it('shows public visitors the full public addresses when the project is set to', async () => {
    await withSettings('work_order_public_addresses = true', async () => {
      const { order } = await getPage(`/api/public/workorder/${B}`);
      expect(order.entries).toHaveLength(32);
      expect(order.entries.every((e) => e.address_count === 1 && e.id === e.last_id && ZIPCODE.test(e.full_address))).toBe(true);
      expect(order.entries.map((e) => e.full_address)).toContain('Tulpstraat 10, 1234 AB Utrecht');
      expect(order.entries.map((e) => e.full_address)).not.toContain('Tulpstraat 14, 1234 AB Utrecht');
      expect(order.entries.some((e) => e.is_own_address)).toBe(false);
      const paged = await getAll(`/api/public/workorder/${B}?limit=5`);
      expect(paged.sizes).toEqual([5, 5, 5, 5, 5, 5, 2]);
      expect(paged.entries).toEqual(order.entries);
    });
    // the setting is the project's: the other project still shows ranges
    expect((await getPage(`/api/public/workorder/${R}`)).order.entries.every((e) => !ZIPCODE.test(e.full_address))).toBe(true);
  });

  it('shows staff every entry in full and refuses staff of other customers', async () => {
    const { order } = await getPage(`/api/partner/project/${B}/workorder`, tokens.partner);
    expect(order.entries).toHaveLength(33);
    expect(order.entries.every((e) => ZIPCODE.test(e.full_address))).toBe(true);
    expect(order.entries.some((e) => e.is_own_address)).toBe(false);
    expect(order.own_entry).toBeNull();
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/workorder`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${elsewhere.projectId}/workorder`, tokens.partner)).statusCode).toBe(404);
  });
});

describe('the image-and-message variant', () => {
  it('gives every reader show_image with the image and the message', async () => {
    await withSettings("work_order_show_image = true, work_order_image_url = '/api/assets/demo/werkvolgorde.png', work_order_message = 'Zie de kaart.'", async () => {
      for (const [url, token] of [[`/api/public/workorder/${B}`], ['/api/occupant/workorder', tokens.jan], [`/api/partner/project/${B}/workorder`, tokens.partner]] as const) {
        const { order } = await getPage(url, token);
        expect(order).toMatchObject({ show_image: true, image_url: '/api/assets/demo/werkvolgorde.png', message: 'Zie de kaart.' });
      }
    });
    expect((await getPage(`/api/public/workorder/${B}`)).order).toMatchObject({ show_image: false, image_url: null });
    // the demo's Rivierenwijk shows a drawing of its order
    expect((await getPage(`/api/public/workorder/${R}`)).order).toMatchObject({ show_image: true, image_url: '/api/assets/demo/werkvolgorde-rivierenwijk.svg' });
  });
});

describe('a long work order (1,000 addresses on two streets)', () => {
  beforeAll(async () => {
    // Aweg 1-300 then Bweg 301-1000, numbered in that order, all in progress; the elsewhere resident's own
    // address comes last, as number 1001.
    await t.query(
      `WITH a AS (
         INSERT INTO addresses (customer_id, zipcode, house_number, street, city, lat, lng)
         SELECT $1, '9999YY', n::text, CASE WHEN n <= 300 THEN 'Aweg' ELSE 'Bweg' END, 'Elders', 52 + n * 0.00001, 5 + n * 0.00001
         FROM generate_series(1, 1000) AS n RETURNING id, house_number
       )
       INSERT INTO work_order_entries (project_id, address_id, number, status) SELECT $2, id, house_number::int, 'in_progress' FROM a`,
      [elsewhere.customerId, elsewhere.projectId],
    );
    await t.query("INSERT INTO work_order_entries (project_id, address_id, number, status) VALUES ($1, $2, 1001, 'done')", [elsewhere.projectId, elsewhere.addressId]);
  });

  it('pages the resident through every address in bounded pages, the own address found on the first', async () => {
    const first = await getPage('/api/occupant/workorder', elsewhere.token, elsewhere.host);
    expect(first.hasMore).toBe(true);
    expect(first.order.entries).toHaveLength(100);
    expect(first.order.own_entry).toMatchObject({ id: 1001, full_address: 'Elderslaan 1, 9999 ZZ Elders', is_own_address: true });
    const { entries, sizes } = await getAll('/api/occupant/workorder', elsewhere.token, elsewhere.host);
    expect(sizes).toEqual([...Array(10).fill(100), 1]);
    expect(entries.map((e) => e.id)).toEqual(Array.from({ length: 1001 }, (_, i) => i + 1));
  });

  it('gives public visitors bounded pages of ranges that cover every number once', async () => {
    const { entries } = await getAll(`/api/public/workorder/${elsewhere.projectId}`, undefined, elsewhere.host);
    // A range continued past the rows one page reads waits for the next page; a run longer than that is split.
    expect(entries.map(({ id, last_id, address_count, full_address }) => ({ id, last_id, address_count, full_address }))).toEqual([
      { id: 1, last_id: 300, address_count: 300, full_address: 'Aweg 1–300, Elders' },
      { id: 301, last_id: 800, address_count: 500, full_address: 'Bweg 301–800, Elders' },
      { id: 801, last_id: 1000, address_count: 200, full_address: 'Bweg 801–1000, Elders' },
      { id: 1001, last_id: 1001, address_count: 1, full_address: 'Elderslaan 1, Elders' },
    ]);
  });
});
