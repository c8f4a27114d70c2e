import { describe, expect, it } from 'vitest';
import { ZContactList, type TContact } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B } = app));

const names = (list: TContact[]) => list.map((c) => [c.first_name, c.affix, c.last_name].filter(Boolean).join(' '));

describe('contacts', () => {
  it('lists the public contact persons with avatar, logo and the chat flag', async () => {
    const res = await get(`/api/public/contacts/${B}?language=nl`);
    expect(res.statusCode).toBe(200);
    const list = ZContactList.parse(res.json());
    expect(names(list)).toEqual(['Sanne Visser', 'Mohamed Yilmaz', 'Pieter Bakker']);
    expect(list[0]).toMatchObject({
      email: 'sanne.visser@woonstad-vernieuwd.nl', mobile_number: '0612345670', phone_number: '0301234500', function: 'Bewonersconsulent',
      can_chat: true, avatar_url: expect.stringMatching(/^\/api\/files\/\d+\/sanne-visser\.svg$/),
      logo_url: expect.stringMatching(/^\/api\/files\/\d+\/logo-woonstad\.svg$/),
      organisation: 'Woonstad Vernieuwd',
    });
    expect(list[1]).toMatchObject({ can_chat: false, phone_number: null, organisation: 'Bouwbedrijf Van Dijk' });
    expect(list[2]!.logo_url).toBeNull();
  });

  it('shows residents and staff the non-public contacts too', async () => {
    for (const [url, token] of [['/api/occupant/contacts', tokens.jan], [`/api/partner/project/${B}/contacts`, tokens.partner]] as const) {
      const list = ZContactList.parse((await get(url, token)).json());
      expect(names(list)).toEqual(['Sanne Visser', 'Mohamed Yilmaz', 'Lisa de Boer', 'Pieter Bakker']);
      expect(list.find((c) => c.last_name === 'Boer')).toMatchObject({ affix: 'de', can_chat: true, mobile_number: null });
    }
  });

  it('scopes by project and customer', async () => {
    const rivierenwijk = ZContactList.parse((await get(`/api/occupant/contacts?project_id=${t.ids.projects.rivierenwijk}`, tokens.fatima)).json());
    expect(names(rivierenwijk)).toEqual(['Emma Jansen', 'Daan Vermeulen', 'Klantenservice Woonstad Vernieuwd']);
    expect(rivierenwijk.filter((c) => c.can_chat)).toHaveLength(1);
    expect(rivierenwijk[2]).toMatchObject({ avatar_url: null, function: null });
    expect((await get(`/api/occupant/contacts?project_id=${t.ids.projects.rivierenwijk}`, tokens.jan)).statusCode).toBe(404);
    expect((await get('/api/occupant/contacts', elsewhere.token, elsewhere.host)).json()).toEqual([]);
    expect((await get(`/api/public/contacts/${t.ids.projects.dakZuid}`)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/contacts`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${elsewhere.projectId}/contacts`, tokens.partner)).statusCode).toBe(404);
    expect((await get('/api/occupant/contacts')).statusCode).toBe(401);
  });
});
