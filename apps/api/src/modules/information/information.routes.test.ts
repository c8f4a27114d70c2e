import { describe, expect, it } from 'vitest';
import { INFORMATION_MENUS, ZInformationItem, ZInformationList, ZInformationMenuList, type TInformationItem } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number, R: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B, R } = app));

const titles = (list: TInformationItem[]) => list.map((i) => i.title);

describe('information menu', () => {
  it('lists the menu groups that hold items, for every audience', async () => {
    for (const [url, token] of [
      [`/api/public/information/menu/${B}?language=nl`, undefined],
      ['/api/occupant/information/menu', tokens.jan],
      [`/api/partner/project/${B}/information/menu`, tokens.partner],
    ] as const) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(200);
      expect(ZInformationMenuList.parse(res.json())).toEqual(INFORMATION_MENUS);
    }
  });

  it('leaves out groups without items for the reader, and is empty for a project without information', async () => {
    await t.query("UPDATE information_items SET is_public = false WHERE project_id = $1 AND menuitem_id = 1", [R]);
    expect((await get(`/api/public/information/menu/${R}`)).json()).toEqual([INFORMATION_MENUS[1], INFORMATION_MENUS[2]]);
    expect((await get(`/api/occupant/information/menu?project_id=${R}`, tokens.fatima)).json()).toEqual(INFORMATION_MENUS);
    expect((await get('/api/occupant/information/menu', elsewhere.token, elsewhere.host)).json()).toEqual([]);
  });
});

describe('information items', () => {
  it('answers public items with icons, indicators, partners and the home-access flag', async () => {
    const res = await get(`/api/public/information/${B}`);
    expect(res.statusCode).toBe(200);
    const list = ZInformationList.parse(res.json());
    expect(titles(list)).toEqual([
      'Nieuwe keuken', 'Badkamer en toilet', 'Gevelisolatie en nieuwe kozijnen', 'Dakisolatie en zonnepanelen', 'Steigers rond uw woning',
      'Logeerwoning tijdens de werkzaamheden',
    ]);
    const kitchen = list[0]!;
    expect(kitchen).toMatchObject({
      menuitem_id: 1, access_to_home_required: true, is_new: false,
      icon_urls: ['/api/assets/icons/keuken.svg', '/api/assets/icons/water.svg', '/api/assets/icons/stroom.svg', '/api/assets/icons/sleutel.svg'],
      indicators: [{ name: 'Geluidsoverlast', value: 80 }, { name: 'Stofoverlast', value: 60 }, { name: 'Bereikbaarheid woning', value: 30 }],
      image_url: expect.stringMatching(/^\/api\/files\/\d+\/keuken\.svg$/),
    });
    expect(kitchen.partners.map((p) => p.name)).toEqual(['Bouwbedrijf Van Dijk', 'Installatiebedrijf Bakker']);
    expect(kitchen.partners[0]!.logo_url).toMatch(/^\/api\/files\/\d+\/logo-bouwbedrijf-van-dijk\.svg$/);
    // the seed's <script> was removed when stored
    expect(kitchen.content).not.toContain('<script');
    expect(kitchen.content).toContain('<strong>vijf werkdagen</strong>');
    // a partner that is not public is left out of a public item's partners
    const facade = list.find((i) => i.title === 'Gevelisolatie en nieuwe kozijnen')!;
    expect(facade.partners.map((p) => p.name)).toEqual(['Bouwbedrijf Van Dijk']);
    // every group of the menu is used, and the icons exist as files
    expect(new Set(list.map((i) => i.menuitem_id))).toEqual(new Set([1, 2, 3]));
    const icon = await get(kitchen.icon_urls[0]!);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('gives residents and staff the non-public items too (and their non-public partners)', async () => {
    const occupant = ZInformationList.parse((await get('/api/occupant/information', tokens.jan)).json());
    expect(occupant).toHaveLength(8);
    expect(titles(occupant)).toContain('Mechanische ventilatie');
    expect(occupant.find((i) => i.title === 'Gevelisolatie en nieuwe kozijnen')!.partners.map((p) => p.name))
      .toEqual(['Bouwbedrijf Van Dijk', 'Schildersbedrijf De Kwast']);
    expect(occupant.every((i) => i.is_new)).toBe(true);
    const partner = ZInformationList.parse((await get(`/api/partner/project/${B}/information`, tokens.partner)).json());
    // the same items; their file links are signed for each caller's own session
    const unsigned = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/\?token=[\w.-]+/g, '')) as T;
    expect(unsigned(partner.map((i) => ({ ...i, is_new: true })))).toEqual(unsigned(occupant));
  });

  it('opens one item; a resident’s read marks it read and lowers the count', async () => {
    const [first] = ZInformationList.parse((await get('/api/occupant/information', tokens.jan)).json());
    const before = await newCounts(t, tokens.jan);
    const res = await get(`/api/occupant/information/item/${first!.id}?language=nl`, tokens.jan);
    expect(res.statusCode).toBe(200);
    expect(ZInformationItem.parse(res.json())).toEqual({ ...first, is_new: false });
    const after = await newCounts(t, tokens.jan);
    expect(after.information).toBe(before.information! - 1);
    expect(after.faq).toBe(before.faq);
  });

  it('refuses items of another project, a non-public item publicly, and another customer’s resident', async () => {
    const rivierenwijk = ZInformationList.parse((await get(`/api/occupant/information?project_id=${R}`, tokens.fatima)).json());
    for (const [url, token, host] of [
      [`/api/occupant/information/item/${rivierenwijk[0]!.id}`, tokens.jan, undefined],
      [`/api/occupant/information/item/${rivierenwijk[0]!.id}`, elsewhere.token, elsewhere.host],
      [`/api/public/information/${B}/item/${rivierenwijk[0]!.id}`, undefined, undefined],
    ] as const) {
      const res = await get(url, token, host);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Informatie niet gevonden' });
    }
    const hidden = ZInformationList.parse((await get('/api/occupant/information', tokens.jan)).json()).find((i) => i.title === 'Mechanische ventilatie')!;
    expect((await get(`/api/public/information/${B}/item/${hidden.id}`)).statusCode).toBe(404);
    const visible = ZInformationList.parse((await get(`/api/public/information/${B}`)).json())[1]!;
    expect((await get(`/api/public/information/${B}/item/${visible.id}`)).json()).toEqual(visible);
    expect((await get(`/api/public/information/${t.ids.projects.dakZuid}`)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${elsewhere.projectId}/information`, tokens.partner)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/information`, tokens.admin)).statusCode).toBe(404);
  });
});

describe('FAQ', () => {
  it('lists FAQ items (no menu group) per audience', async () => {
    const pub = ZInformationList.parse((await get(`/api/public/faq/${B}`)).json());
    expect(titles(pub)).toEqual([
      'Moet ik thuis zijn tijdens de werkzaamheden?', 'Wat gebeurt er met mijn spullen?', 'Kan ik de werkzaamheden weigeren?',
      'Wat als ik na afloop schade ontdek?', 'Hoe lang duurt de renovatie per woning?',
    ]);
    expect(pub.every((i) => i.menuitem_id === null)).toBe(true);
    expect(ZInformationList.parse((await get('/api/occupant/faq', tokens.jan)).json())).toHaveLength(6);
    expect(ZInformationList.parse((await get(`/api/partner/project/${B}/faq`, tokens.partner)).json())).toHaveLength(6);
  });

  it('opens a FAQ item with the information item read and counts it under faq', async () => {
    const [question] = ZInformationList.parse((await get('/api/occupant/faq', tokens.fatima)).json());
    const before = await newCounts(t, tokens.fatima, B);
    const res = await get(`/api/occupant/information/item/${question!.id}?project_id=${B}`, tokens.fatima);
    expect(res.json()).toEqual({ ...question, is_new: false });
    const after = await newCounts(t, tokens.fatima, B);
    expect(after.faq).toBe(before.faq! - 1);
    expect(after.information).toBe(before.information);
    expect((await get(`/api/public/information/${B}/item/${question!.id}`)).statusCode).toBe(200);
  });

  it('sanitises and validates added items, and counts them as new', async () => {
    const before = await newCounts(t, tokens.jan);
    await t.services.information.add([
      { projectId: B, kind: 'faq', title: 'Veilig?', isPublic: true, content: '<p>Ja<script>alert(1)</script></p>' },
      { projectId: B, menuitemId: 3, title: 'Nieuw item', content: '<p>Info</p>', indicators: [{ name: 'Overlast', value: 100 }] },
    ]);
    const after = await newCounts(t, tokens.jan);
    expect(after.faq).toBe(before.faq! + 1);
    expect(after.information).toBe(before.information! + 1);
    const faq = ZInformationList.parse((await get(`/api/public/faq/${B}`)).json());
    expect(faq.find((i) => i.title === 'Veilig?')!.content).toBe('<p>Ja</p>');
    await expect(t.services.information.add([{ projectId: B, menuitemId: 4, title: 'Fout', content: '' }])).rejects.toThrow('Kies een menugroep');
    await expect(t.services.information.add([{ projectId: B, menuitemId: 1, title: 'Fout', content: '', indicators: [{ name: 'x', value: 101 }] }]))
      .rejects.toThrow('0 tot en met 100');
  });
});
