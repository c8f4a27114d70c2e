import { beforeAll, describe, expect, it } from 'vitest';
import { ZInformationItem, ZStaffFaq, ZStaffInformation, ZStaffList, type TStaffFaqInput, type TStaffInformationInput } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, type DemoTokens, type Requester } from '../../../test/content.ts';
import { auditActions, expectStaffRefusals, inMinutes } from '../staff-content/test-setup.ts';
import { setUpStaffContentApp, type ConsoleSessions, type Requests } from '../../../test/staff.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, staff: ConsoleSessions, http: Requests, B: number, R: number;
setUpStaffContentApp((app) => ({ t, get, tokens, staff, http, B, R } = app));
let partnerOfB: number, partnerOfR: number;
beforeAll(async () => {
  [{ id: partnerOfB }] = (await t.query<{ id: number }>('SELECT id FROM partners WHERE project_id = $1 ORDER BY id LIMIT 1', [B])) as [{ id: number }];
  [{ id: partnerOfR }] = (await t.query<{ id: number }>('SELECT id FROM partners WHERE project_id = $1 ORDER BY id LIMIT 1', [R])) as [{ id: number }];
});

const info = (over: Partial<TStaffInformationInput> = {}): TStaffInformationInput => ({
  title: 'Nieuwe warmtepomp', menuitem_id: 1, content: '<p>Zo werkt hij.</p>', image_id: null, icons: ['warmtepomp', 'stroom'],
  access_to_home_required: true, indicators: [{ name: 'Overlast', value: 40 }], partner_ids: [], position: 0, is_public: false, publish_at: null, ...over,
});
const faq = (over: Partial<TStaffFaqInput> = {}): TStaffFaqInput => ({ title: 'Mag ik thuisblijven?', content: '<p>Ja.</p>', position: 0, is_public: true, publish_at: null, ...over });
const infoList = (projectId: number) => `/api/staff/projects/${projectId}/information`;
const faqList = (projectId: number) => `/api/staff/projects/${projectId}/faq`;

describe('staff information items', () => {
  it('stores menu group, icons, indicators, partners and home access; a draft is invisible and not counted until published', async () => {
    const before = (await newCounts(t, tokens.jan)).information!;
    const created = await http.post(infoList(B), staff.editor, info({ partner_ids: [partnerOfB] }));
    expect(created.statusCode, created.body).toBe(201);
    const item = ZStaffInformation.parse(created.json());
    expect(item).toMatchObject({ menuitem_id: 1, icons: ['warmtepomp', 'stroom'], indicators: [{ name: 'Overlast', value: 40 }], partner_ids: [partnerOfB], status: 'draft' });
    expect((await get(`/api/occupant/information/item/${item.id}`, tokens.jan)).statusCode).toBe(404);
    expect((await newCounts(t, tokens.jan)).information).toBe(before);

    await http.put(`${infoList(B)}/${item.id}`, staff.editor, info({ partner_ids: [partnerOfB], publish_at: inMinutes(-1) }));
    const shown = ZInformationItem.parse((await get(`/api/occupant/information/item/${item.id}`, tokens.jan)).json());
    expect(shown).toMatchObject({ title: 'Nieuwe warmtepomp', access_to_home_required: true, menuitem_id: 1 });
    expect(shown.icon_urls).toEqual(['/api/assets/icons/warmtepomp.svg', '/api/assets/icons/stroom.svg']);
    expect(shown.partners.map((p) => p.id)).toEqual([partnerOfB]);
    expect((await newCounts(t, tokens.jan)).information).toBe(before); // Jan opened it just now
    expect(await auditActions(t, 'information', item.id)).toEqual(['create', 'update']);
  });

  it('refuses another project’s partner, an unknown icon and an indicator over 100 with Dutch messages', async () => {
    const partner = await http.post(infoList(B), staff.editor, info({ partner_ids: [partnerOfR] }));
    expect(partner.statusCode).toBe(422);
    expect(partner.json().errors).toEqual([{ field: 'partner_ids', message: 'Deze partner hoort niet bij het project' }]);
    const bad = await http.post(infoList(B), staff.editor, { ...info(), icons: ['raket'], indicators: [{ name: 'Stof', value: 120 }], menuitem_id: 4 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(expect.arrayContaining([
      { field: 'icons.0', message: 'Kies een pictogram uit de lijst' },
      { field: 'indicators.0.value', message: 'Vul een waarde van 0 tot en met 100 in' },
      { field: 'menuitem_id', message: 'Kies een menugroep' },
    ]));
  });

  it('refuses other projects and customers with 404, and keeps FAQ and information apart', async () => {
    const own = ZStaffInformation.parse((await http.post(infoList(B), staff.editor, info())).json());
    const [foreign] = await t.query<{ id: number }>("SELECT id FROM information_items WHERE project_id = $1 AND kind = 'information' LIMIT 1", [R]);
    await expectStaffRefusals(t, staff, { list: infoList, own: own.id, foreign: foreign!.id, body: info() });
    expect((await http.get(`${faqList(B)}/${own.id}`, staff.editor)).statusCode).toBe(404);
  });
});

describe('staff FAQ items', () => {
  it('creates, lists, publishes and deletes questions; drafts do not count for residents', async () => {
    const before = (await newCounts(t, tokens.jan)).faq!;
    const created = ZStaffFaq.parse((await http.post(faqList(B), staff.editor, faq({ content: '<p onmouseover="x()">Ja<script>1</script></p>' }))).json());
    expect(created.content).toBe('<p>Ja</p>');
    expect((await newCounts(t, tokens.jan)).faq).toBe(before);
    const listed = ZStaffList.parse((await http.get(`${faqList(B)}?q=thuisblijven`, staff.editor)).json());
    expect(listed).toEqual([expect.objectContaining({ id: created.id, status: 'draft', is_public: true, group: null })]);
    await http.put(`${faqList(B)}/${created.id}`, staff.editor, faq({ publish_at: inMinutes(-1) }));
    expect((await newCounts(t, tokens.jan)).faq).toBe(before + 1);
    const publicFaq = (await get(`/api/public/faq/${B}`)).json<Array<{ title: string }>>();
    expect(publicFaq.map((q) => q.title)).toContain('Mag ik thuisblijven?');
    expect((await http.del(`${faqList(B)}/${created.id}`, staff.editor)).statusCode).toBe(200);
    expect(await auditActions(t, 'faq', created.id)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses other projects and customers with 404', async () => {
    const own = ZStaffFaq.parse((await http.post(faqList(B), staff.editor, faq())).json());
    const [foreign] = await t.query<{ id: number }>("INSERT INTO information_items (project_id, kind, title) VALUES ($1, 'faq', 'Elders') RETURNING id", [R]);
    await expectStaffRefusals(t, staff, { list: faqList, own: own.id, foreign: foreign!.id, body: faq() });
  });
});
