import { describe, expect, it } from 'vitest';
import { ZComplaintItem, ZComplaintList, type TComplaintList } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number, R: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B, R } = app));

const titles = (list: TComplaintList) => list.items.map((i) => i.title);

describe('GET /api/public/complaints/{id}', () => {
  it('answers the page title (module_18_name) and the public items in staff order', async () => {
    const res = await get(`/api/public/complaints/${B}?language=nl`);
    expect(res.statusCode).toBe(200);
    const list = ZComplaintList.parse(res.json());
    expect(list.title).toBe('Meldingen');
    expect(titles(list)).toEqual(['Een melding doen over de werkzaamheden', 'Schade aan uw woning of spullen', 'Een klacht indienen']);
    expect(list.items[0]).toMatchObject({ image_url: expect.stringMatching(/^\/api\/files\/\d+\/melding\.svg$/), is_new: false });
    expect(list.items[2]!.image_url).toBeNull();
    expect(ZComplaintList.parse((await get(`/api/public/complaints/${R}`)).json()).title).toBe('Klachten');
  });

  it('hides non-public projects', async () => {
    const res = await get(`/api/public/complaints/${t.ids.projects.dakZuid}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project niet gevonden' });
  });

  it('opens a public item; a non-public item or another project’s is 404', async () => {
    const list = ZComplaintList.parse((await get(`/api/public/complaints/${B}`)).json());
    const res = await get(`/api/public/complaints/${B}/item/${list.items[1]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(ZComplaintItem.parse(res.json())).toEqual(list.items[1]);

    const all = ZComplaintList.parse((await get('/api/occupant/complaints', tokens.jan)).json());
    const hidden = all.items.find((i) => i.title === 'Spoed buiten werktijden')!;
    const other = ZComplaintList.parse((await get(`/api/public/complaints/${R}`)).json()).items[0]!;
    for (const id of [hidden.id, other.id]) {
      const refused = await get(`/api/public/complaints/${B}/item/${id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Melding niet gevonden' });
    }
  });
});

describe('GET /api/occupant/complaints and /api/occupant/complaint/{id}', () => {
  it('lists every item of the project, and reading one marks it read', async () => {
    const list = ZComplaintList.parse((await get('/api/occupant/complaints', tokens.jan)).json());
    expect(list.title).toBe('Meldingen');
    expect(titles(list)).toContain('Spoed buiten werktijden');
    expect(list.items.every((i) => i.is_new)).toBe(true);
    const before = (await newCounts(t, tokens.jan)).complaints!;
    expect(before).toBe(list.items.length);

    const res = await get(`/api/occupant/complaint/${list.items[0]!.id}?language=nl`, tokens.jan);
    expect(res.statusCode).toBe(200);
    expect(ZComplaintItem.parse(res.json())).toEqual({ ...list.items[0], is_new: false });
    expect((await newCounts(t, tokens.jan)).complaints).toBe(before - 1);
    const again = ZComplaintList.parse((await get('/api/occupant/complaints', tokens.jan)).json());
    expect(again.items.find((i) => i.id === list.items[0]!.id)!.is_new).toBe(false);
  });

  it('refuses an item of another project or customer with 404', async () => {
    const rivierenwijk = ZComplaintList.parse((await get(`/api/occupant/complaints?project_id=${R}`, tokens.fatima)).json());
    expect(rivierenwijk.title).toBe('Klachten');
    const res = await get(`/api/occupant/complaint/${rivierenwijk.items[0]!.id}`, tokens.jan);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Melding niet gevonden' });
    expect((await get(`/api/occupant/complaint/${rivierenwijk.items[0]!.id}`, elsewhere.token, elsewhere.host)).statusCode).toBe(404);
    expect((await get('/api/occupant/complaints', elsewhere.token, elsewhere.host)).json()).toEqual({ title: 'Klachten', items: [] });
  });
});

describe('GET /api/partner/project/{project_id}/complaints', () => {
  it('shows every item to staff of the customer and refuses others', async () => {
    const res = await get(`/api/partner/project/${B}/complaints`, tokens.partner);
    expect(res.statusCode).toBe(200);
    const list = ZComplaintList.parse(res.json());
    expect(list.items).toHaveLength(4);
    expect(list.items.every((i) => !i.is_new)).toBe(true);
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/complaints`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${elsewhere.projectId}/complaints`, tokens.partner)).statusCode).toBe(404);
  });

  it('sanitises stored HTML', async () => {
    await t.services.complaints.add([{ projectId: B, title: 'Test', isPublic: true, content: '<p>Meld het<script>alert(1)</script></p><iframe src="https://x"></iframe>' }]);
    const list = ZComplaintList.parse((await get(`/api/partner/project/${B}/complaints`, tokens.partner)).json());
    const item = list.items.find((i) => i.title === 'Test')!;
    expect(item.content).toBe('<p>Meld het</p>');
  });
});
