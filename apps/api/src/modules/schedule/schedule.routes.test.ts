import { describe, expect, it } from 'vitest';
import { ZSchedule, type TSchedule } from '@portal/contract';
import { addDays, amsterdamIsoDate } from '../../lib/dates.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number, R: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B, R } = app));

const today = amsterdamIsoDate(new Date());
const monthOf = (day: string) => day.slice(0, 7);
const entries = (s: TSchedule) => Object.values(s.sorted_scheduled_items).flat();
const bloemenbuurt = () => `/api/occupant/schedule?project_id=${B}`;

/** GET a planning read and parse it; `month` (YYYY-MM) goes in the query. */
async function read(url: string, token?: string, month?: string, host?: string): Promise<TSchedule> {
  const query = month ? `${url.includes('?') ? '&' : '?'}month=${month}` : '';
  const res = await get(`${url}${query}`, token, host);
  expect(res.statusCode, res.body).toBe(200);
  return ZSchedule.parse(res.json());
}

/** Every month of a planning, read one by one: the entries of the whole planning, each month's own. */
async function readAllMonths(url: string, token?: string): Promise<TSchedule[]> {
  const { months_with_items } = await read(url, token);
  return Promise.all(months_with_items.map((month) => read(url, token, month)));
}

describe('GET /api/public/schedule/{id}', () => {
  it('answers the comment and the public entries of one month keyed by day (YYYY-MM-DD, ascending)', async () => {
    const past = addDays(today, -8);
    const schedule = await read(`/api/public/schedule/${B}?language=nl`, undefined, monthOf(past));
    expect(schedule.comment).toBe('<p>De planning is <strong>onder voorbehoud</strong> van het weer. Wijzigingen ziet u hier als eerste.</p>');
    expect(schedule.show_date).toBe(true);
    expect(schedule.image_url).toBeNull();
    expect(schedule.month).toBe(monthOf(past));
    const days = Object.keys(schedule.sorted_scheduled_items);
    expect(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && monthOf(d) === monthOf(past))).toBe(true);
    expect(days).toEqual([...days].sort());
    expect(days).toContain(past);
    const first = schedule.sorted_scheduled_items[past]![0]!;
    expect(first).toMatchObject({
      title: 'Steigers plaatsen Tulpstraat 2-20', description: 'Even huisnummers', is_new: false,
      item: {
        title: 'Steigers plaatsen Tulpstraat 2-20', highlight: false, access_to_home_required: false,
        icon_urls: ['/api/assets/icons/steiger.svg'], indicators: [{ name: 'Geluidsoverlast', value: 60 }],
        image_url: expect.stringMatching(/^\/api\/files\/\d+\/steigers\.svg$/),
      },
    });
    expect(first.partners.map((p) => p.name)).toEqual(['Bouwbedrijf Van Dijk']);
    const soon = await read(`/api/public/schedule/${B}`, undefined, monthOf(addDays(today, 2)));
    expect(Object.keys(soon.sorted_scheduled_items)).not.toContain(addDays(today, 2)); // that day has only non-public entries
    const all = (await readAllMonths(`/api/public/schedule/${B}`)).flatMap(entries);
    expect(all.some((e) => e.item.highlight)).toBe(true);
    expect(all.map((e) => e.title)).not.toContain('Stroom kort afgesloten'); // not public
    expect((await get(`/api/public/schedule/${t.ids.projects.dakZuid}`)).statusCode).toBe(404);
  });

  it('refuses a month that is not YYYY-MM', async () => {
    for (const month of ['2026-13', '2026-1', '03-2026', '2026-03-01']) {
      const res = await get(`/api/public/schedule/${B}?month=${month}`);
      expect(res.statusCode, month).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'month', message: 'Geef een maand als JJJJ-MM' }]);
    }
  });
});

describe('the month of a planning read', () => {
  // The customer elsewhere's project starts with an empty planning; each step adds items on days around today.
  const url = '/api/occupant/schedule';
  const residentRead = (month?: string) => read(url, elsewhere.token, month, elsewhere.host);
  const add = (date: string, title: string, isPublic = true) =>
    t.services.schedule.add([{ projectId: elsewhere.projectId, date, title, isPublic }]);
  const past = addDays(today, -70);
  const yesterday = addDays(today, -1);
  const later = addDays(today, 75);

  it('without `month` is the month of the first planned day from today, else the last month with items, else this month', async () => {
    expect(await residentRead()).toMatchObject({ month: monthOf(today), months_with_items: [], sorted_scheduled_items: {} });

    await add(past, 'Lang geleden');
    expect(await residentRead()).toMatchObject({ month: monthOf(past), months_with_items: [monthOf(past)] });

    await add(yesterday, 'Gisteren');
    await add(later, 'Later');
    const withLater = await residentRead();
    // yesterday's month has items, but none from today on: the planning opens at the next planned day
    expect(withLater.month).toBe(monthOf(later));
    expect(Object.keys(withLater.sorted_scheduled_items)).toEqual([later]);
    expect(withLater.months_with_items).toEqual([...new Set([past, yesterday, later].map(monthOf))]);

    await add(today, 'Vandaag');
    expect((await residentRead()).month).toBe(monthOf(today));
  });

  it('with `month` holds that month only, names it, and lists every month with items', async () => {
    const months = (await residentRead()).months_with_items;
    const pastMonth = await residentRead(monthOf(past));
    expect(pastMonth.month).toBe(monthOf(past));
    expect(Object.keys(pastMonth.sorted_scheduled_items)).toEqual([past]);
    expect(entries(pastMonth).map((e) => e.title)).toEqual(['Lang geleden']);
    expect(pastMonth.months_with_items).toEqual(months);

    const empty = monthOf(addDays(past, -400));
    expect(await residentRead(empty)).toMatchObject({ month: empty, months_with_items: months, sorted_scheduled_items: {} });

    // a month ends on its last day: the first day of the next month belongs to the next
    const edge = monthOf(addDays(today, 400));
    const firstOfNext = `${monthOf(addDays(`${edge}-01`, 40))}-01`;
    const lastOfEdge = addDays(firstOfNext, -1);
    await add(`${edge}-01`, 'Eerste dag');
    await add(lastOfEdge, 'Laatste dag');
    await add(firstOfNext, 'Eerste dag van de volgende maand');
    expect(Object.keys((await residentRead(edge)).sorted_scheduled_items)).toEqual([`${edge}-01`, lastOfEdge]);
    expect(Object.keys((await residentRead(monthOf(firstOfNext))).sorted_scheduled_items)).toEqual([firstOfNext]);
  });

  it('lists for public visitors only the months with public items; staff see every month', async () => {
    const hidden = monthOf(addDays(today, 200));
    await add(`${hidden}-15`, 'Alleen voor bewoners', false);
    const resident = await residentRead();
    const visitor = await read(`/api/public/schedule/${elsewhere.projectId}`, undefined, undefined, elsewhere.host);
    const staff = await read(`/api/partner/project/${elsewhere.projectId}/schedule`, elsewhere.staffToken, undefined, elsewhere.host);
    expect(resident.months_with_items).toContain(hidden);
    expect(staff.months_with_items).toEqual(resident.months_with_items);
    expect(visitor.months_with_items).toEqual(resident.months_with_items.filter((m) => m !== hidden));
    expect((await read(`/api/public/schedule/${elsewhere.projectId}`, undefined, hidden, elsewhere.host)).sorted_scheduled_items).toEqual({});
    expect(entries(await read(`/api/partner/project/${elsewhere.projectId}/schedule`, elsewhere.staffToken, hidden, elsewhere.host))
      .map((e) => e.title)).toEqual(['Alleen voor bewoners']);
  });
});

describe('GET /api/occupant/schedule', () => {
  it('holds every entry of the project in exactly one month', async () => {
    const months = await readAllMonths(bloemenbuurt(), tokens.jan);
    expect(months.map((m) => m.month)).toEqual(months[0]!.months_with_items);
    const ids = months.flatMap(entries).map((e) => e.item.id);
    expect(ids).toHaveLength(14);
    expect(new Set(ids).size).toBe(14);
    const sameDay = months.find((m) => m.month === monthOf(addDays(today, 2)))!.sorted_scheduled_items[addDays(today, 2)]!;
    expect(sameDay.map((e) => e.title)).toEqual(['Keukens vervangen Tulpstraat 2-6', 'Stroom kort afgesloten']);
    expect(sameDay[0]!.item.access_to_home_required).toBe(true);
    expect(sameDay[1]!.item.highlight).toBe(true);
  });

  it('opening the planning (any month) marks the whole planning read; is_new tells what was new before', async () => {
    // Fatima's reads of Bloemenbuurt: the test above read Jan's
    const fatima = (month?: string) => read(bloemenbuurt(), tokens.fatima, month);
    expect((await newCounts(t, tokens.fatima, B)).scheduling).toBe(14);
    const first = await fatima();
    expect(first.month).toBe(monthOf(today)); // the demo plans something today
    expect(entries(first).length).toBeGreaterThan(0);
    expect(entries(first).every((e) => e.is_new)).toBe(true);
    expect((await newCounts(t, tokens.fatima, B)).scheduling).toBe(0); // also the entries of the other months
    const rows = await t.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM content_reads WHERE address_id = $1 AND module = 'schedule'", [t.ids.addresses.a12],
    );
    expect(rows[0]!.n).toBe(14); // one mark per item of this project, none of the other project's
    const later = first.months_with_items.find((m) => m > first.month)!;
    expect(entries(await fatima(later)).every((e) => !e.is_new)).toBe(true);
    expect(entries(await fatima()).every((e) => !e.is_new)).toBe(true);

    // a new item in a later month counts as new until the planning is opened again, in whatever month
    const added = addDays(`${later}-01`, 3);
    await t.services.schedule.add([{ projectId: B, date: added, title: 'Extra controle', content: '<p>Controle<script>x()</script></p>' }]);
    expect((await newCounts(t, tokens.fatima, B)).scheduling).toBe(1);
    const inLater = entries(await fatima(later)).find((e) => e.title === 'Extra controle')!;
    expect(inLater.is_new).toBe(true);
    expect(inLater.item.content).toBe('<p>Controle</p>');
    expect((await newCounts(t, tokens.fatima, B)).scheduling).toBe(0);
    expect(entries(await fatima(later)).filter((e) => e.is_new)).toEqual([]);
    // the other project's planning is not marked
    expect((await newCounts(t, tokens.fatima, R)).scheduling).toBe(9);
  });

  it('shows the chosen project only to its residents', async () => {
    const rivierenwijk = await readAllMonths(`/api/occupant/schedule?project_id=${R}`, tokens.fatima);
    expect(rivierenwijk.flatMap(entries).map((e) => e.title)).toContain('Inmeten kozijnen Rijnlaan');
    expect((await get(`/api/occupant/schedule?project_id=${R}`, tokens.jan)).statusCode).toBe(404);
    expect((await get(`/api/occupant/schedule?project_id=${R}&month=${monthOf(today)}`, tokens.jan)).statusCode).toBe(404);
  });
});

describe('GET /api/partner/project/{project_id}/schedule', () => {
  it('shows every entry to staff of the customer, and refuses other staff', async () => {
    const months = await readAllMonths(`/api/partner/project/${R}/schedule`, tokens.partner);
    const all = months.flatMap(entries);
    expect(all.map((e) => e.title)).toContain('Warmtepompen Maasstraat'); // not public
    expect(all).toHaveLength(9);
    expect(all.every((e) => !e.is_new)).toBe(true);
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/schedule`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${elsewhere.projectId}/schedule`, tokens.partner)).statusCode).toBe(404);
  });
});

