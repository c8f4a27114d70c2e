import { describe, expect, it } from 'vitest';
import { WORK_ORDER_STATUSES, ZWorkOrder } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number, R: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B, R } = app));

describe('GET /api/occupant/workorder', () => {
  it('lists the project’s addresses in work-order sequence with coordinates and status, marking the resident’s own', async () => {
    const res = await get('/api/occupant/workorder?language=nl', tokens.jan);
    expect(res.statusCode).toBe(200);
    const order = ZWorkOrder.parse(res.json());
    expect(order).toMatchObject({ show_image: false, message: 'De woningen worden in de volgorde van de lijst hieronder aangepakt.', image_url: null });
    expect(order.entries).toHaveLength(33);
    expect(order.entries.map((e) => e.id)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
    expect(new Set(order.entries.map((e) => e.status))).toEqual(new Set(WORK_ORDER_STATUSES));
    expect(order.entries.slice(0, 2)).toEqual([
      { id: 1, full_address: 'Tulpstraat 12, 1234 AB Utrecht', lat: 52.0909, lng: 5.1217, status: 'done', is_own_address: false },
      { id: 2, full_address: 'Tulpstraat 10, 1234 AB Utrecht', lat: 52.0907, lng: 5.1214, status: 'done', is_own_address: true },
    ]);
    expect(order.entries.filter((e) => e.is_own_address)).toHaveLength(1);
    // real Dutch coordinates around Utrecht
    for (const e of order.entries) {
      expect(e.lat).toBeGreaterThan(52.08);
      expect(e.lat).toBeLessThan(52.1);
      expect(e.lng).toBeGreaterThan(5.11);
      expect(e.lng).toBeLessThan(5.13);
    }
    expect(order.entries.map((e) => e.full_address)).toContain('Tulpstraat 14, 1234 AB Utrecht');
  });

  it('marks Fatima’s address in both of her projects', async () => {
    for (const projectId of [B, R]) {
      const order = ZWorkOrder.parse((await get(`/api/occupant/workorder?project_id=${projectId}`, tokens.fatima)).json());
      expect(order.entries.length).toBeGreaterThanOrEqual(30);
      expect(order.entries.find((e) => e.is_own_address)!.full_address).toBe('Tulpstraat 12, 1234 AB Utrecht');
    }
    expect((await get(`/api/occupant/workorder?project_id=${R}`, tokens.jan)).statusCode).toBe(404);
    expect(ZWorkOrder.parse((await get('/api/occupant/workorder', elsewhere.token, elsewhere.host)).json()).entries).toEqual([]);
  });
});

describe('public and partner work order', () => {
  it('shows public visitors the public entries only, none as their own', async () => {
    const order = ZWorkOrder.parse((await get(`/api/public/workorder/${B}`)).json());
    expect(order.entries).toHaveLength(32);
    expect(order.entries.map((e) => e.full_address)).not.toContain('Tulpstraat 14, 1234 AB Utrecht');
    expect(order.entries.some((e) => e.is_own_address)).toBe(false);
    expect((await get(`/api/public/workorder/${t.ids.projects.dakZuid}`)).statusCode).toBe(404);
  });

  it('shows staff every entry and refuses staff of other customers', async () => {
    const order = ZWorkOrder.parse((await get(`/api/partner/project/${B}/workorder`, tokens.partner)).json());
    expect(order.entries).toHaveLength(33);
    expect(order.entries.some((e) => e.is_own_address)).toBe(false);
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/workorder`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${elsewhere.projectId}/workorder`, tokens.partner)).statusCode).toBe(404);
  });
});
