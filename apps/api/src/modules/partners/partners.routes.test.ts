import { describe, expect, it } from 'vitest';
import { ZInformationList, ZPartnerList } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B } = app));

describe('partners', () => {
  it('lists the public partners with logo, website, position and their public information items', async () => {
    const res = await get(`/api/public/partners/${B}?language=nl`);
    expect(res.statusCode).toBe(200);
    const list = ZPartnerList.parse(res.json());
    expect(list.map((p) => p.name)).toEqual(['Bouwbedrijf Van Dijk', 'Installatiebedrijf Bakker', 'Zonnewerk Utrecht']);
    expect(list[0]).toMatchObject({
      website: 'https://www.bouwbedrijf-vandijk.nl', lat: 52.1017, lng: 5.0963,
      logo_url: expect.stringMatching(/^\/api\/files\/\d+\/logo-bouwbedrijf-van-dijk\.svg$/),
    });
    expect(list[0]!.information_items.map((i) => i.title)).toEqual([
      'Nieuwe keuken', 'Badkamer en toilet', 'Gevelisolatie en nieuwe kozijnen', 'Steigers rond uw woning',
    ]);
    // a non-public item is not linked for the public
    expect(list[1]!.information_items.map((i) => i.title)).toEqual(['Nieuwe keuken']);
    // the linked items are information items of the project (they open at /informatie/{id})
    const info = ZInformationList.parse((await get(`/api/public/information/${B}`)).json());
    for (const item of list.flatMap((p) => p.information_items)) expect(info.map((i) => i.id)).toContain(item.id);
  });

  it('shows residents and staff every partner and every linked item', async () => {
    for (const [url, token] of [['/api/occupant/partners', tokens.jan], [`/api/partner/project/${B}/partners`, tokens.partner]] as const) {
      const list = ZPartnerList.parse((await get(url, token)).json());
      expect(list.map((p) => p.name)).toEqual(['Bouwbedrijf Van Dijk', 'Installatiebedrijf Bakker', 'Zonnewerk Utrecht', 'Schildersbedrijf De Kwast']);
      expect(list[1]!.information_items.map((i) => i.title)).toEqual(['Nieuwe keuken', 'Mechanische ventilatie']);
      expect(list[3]!.website).toBeNull();
    }
  });

  it('scopes by project and customer', async () => {
    const rivierenwijk = ZPartnerList.parse((await get(`/api/occupant/partners?project_id=${t.ids.projects.rivierenwijk}`, tokens.fatima)).json());
    expect(rivierenwijk.map((p) => p.name)).toEqual(['Groen Wonen Installaties', 'Bouwbedrijf Van Dijk', 'Isolatie Totaal']);
    expect((await get(`/api/occupant/partners?project_id=${t.ids.projects.rivierenwijk}`, tokens.jan)).statusCode).toBe(404);
    expect((await get('/api/occupant/partners', elsewhere.token, elsewhere.host)).json()).toEqual([]);
    expect((await get(`/api/public/partners/${t.ids.projects.dakZuid}`)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/partners`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${elsewhere.projectId}/partners`, tokens.partner)).statusCode).toBe(404);
  });
});
