import { describe, expect, it } from 'vitest';
import { ZSchedule, type TSchedule } from '@portal/contract';
import { addDays, amsterdamIsoDate } from '../../lib/dates.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number, R: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B, R } = app));

const today = amsterdamIsoDate(new Date());
const entries = (s: TSchedule) => Object.values(s.sorted_scheduled_items).flat();

describe('GET /api/public/schedule/{id}', () => {
  it('answers the comment and the public entries keyed by day (YYYY-MM-DD, ascending)', async () => {
    const res = await get(`/api/public/schedule/${B}?language=nl`);
    expect(res.statusCode).toBe(200);
    const schedule = ZSchedule.parse(res.json());
    expect(schedule.comment).toBe('<p>De planning is <strong>onder voorbehoud</strong> van het weer. Wijzigingen ziet u hier als eerste.</p>');
    expect(schedule.show_date).toBe(true);
    expect(schedule.image_url).toBeNull();
    const days = Object.keys(schedule.sorted_scheduled_items);
    expect(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(days).toEqual([...days].sort());
    expect(days).toContain(addDays(today, -8));
    expect(days).not.toContain(addDays(today, 2)); // that day has only non-public entries
    const first = schedule.sorted_scheduled_items[addDays(today, -8)]![0]!;
    expect(first).toMatchObject({
      title: 'Steigers plaatsen Tulpstraat 2-20', description: 'Even huisnummers', is_new: false,
      item: {
        title: 'Steigers plaatsen Tulpstraat 2-20', highlight: false, access_to_home_required: false,
        icon_urls: ['/api/assets/icons/steiger.svg'], indicators: [{ name: 'Geluidsoverlast', value: 60 }],
        image_url: expect.stringMatching(/^\/api\/files\/\d+\/steigers\.svg$/),
      },
    });
    expect(first.partners.map((p) => p.name)).toEqual(['Bouwbedrijf Van Dijk']);
    expect(entries(schedule).some((e) => e.item.highlight)).toBe(true);
    expect((await get(`/api/public/schedule/${t.ids.projects.dakZuid}`)).statusCode).toBe(404);
  });

  it('spans the current and the next month', async () => {
    const schedule = ZSchedule.parse((await get('/api/occupant/schedule', tokens.fatima)).json());
    const months = new Set(Object.keys(schedule.sorted_scheduled_items).map((d) => d.slice(0, 7)));
    expect(months).toContain(today.slice(0, 7));
    expect(months).toContain(addDays(`${today.slice(0, 7)}-01`, 32).slice(0, 7));
  });
});

describe('GET /api/occupant/schedule', () => {
  it('shows every entry of the project; reading marks them all read (is_new tells what was new before)', async () => {
    const before = await newCounts(t, tokens.jan);
    expect(before.scheduling).toBe(14);
    const first = ZSchedule.parse((await get('/api/occupant/schedule', tokens.jan)).json());
    expect(entries(first)).toHaveLength(14);
    expect(entries(first).every((e) => e.is_new)).toBe(true);
    const sameDay = first.sorted_scheduled_items[addDays(today, 2)]!;
    expect(sameDay.map((e) => e.title)).toEqual(['Keukens vervangen Tulpstraat 2-6', 'Stroom kort afgesloten']);
    expect(sameDay[0]!.item.access_to_home_required).toBe(true);
    expect(sameDay[1]!.item.highlight).toBe(true);
    expect((await newCounts(t, tokens.jan)).scheduling).toBe(0);

    const second = ZSchedule.parse((await get('/api/occupant/schedule', tokens.jan)).json());
    expect(entries(second).every((e) => !e.is_new)).toBe(true);

    await t.services.schedule.add([{ projectId: B, date: addDays(today, 3), title: 'Extra controle', content: '<p>Controle<script>x()</script></p>' }]);
    expect((await newCounts(t, tokens.jan)).scheduling).toBe(1);
    const third = ZSchedule.parse((await get('/api/occupant/schedule', tokens.jan)).json());
    const added = entries(third).find((e) => e.title === 'Extra controle')!;
    expect(added.is_new).toBe(true);
    expect(added.item.content).toBe('<p>Controle</p>');
    expect(entries(third).filter((e) => e.is_new)).toHaveLength(1);
  });

  it('shows the chosen project only to its residents', async () => {
    const rivierenwijk = ZSchedule.parse((await get(`/api/occupant/schedule?project_id=${R}`, tokens.fatima)).json());
    expect(entries(rivierenwijk).map((e) => e.title)).toContain('Inmeten kozijnen Rijnlaan');
    expect((await get(`/api/occupant/schedule?project_id=${R}`, tokens.jan)).statusCode).toBe(404);
    const elders = ZSchedule.parse((await get('/api/occupant/schedule', elsewhere.token, elsewhere.host)).json());
    expect(elders).toEqual({ comment: null, image_url: null, show_date: true, sorted_scheduled_items: {} });
  });
});

describe('GET /api/partner/project/{project_id}/schedule', () => {
  it('shows every entry to staff of the customer, and refuses other staff', async () => {
    const res = await get(`/api/partner/project/${R}/schedule`, tokens.partner);
    expect(res.statusCode).toBe(200);
    const schedule = ZSchedule.parse(res.json());
    expect(entries(schedule).map((e) => e.title)).toContain('Warmtepompen Maasstraat'); // not public
    expect(entries(schedule).every((e) => !e.is_new)).toBe(true);
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/schedule`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${elsewhere.projectId}/schedule`, tokens.partner)).statusCode).toBe(404);
  });
});
