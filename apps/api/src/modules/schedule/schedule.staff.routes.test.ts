import { describe, expect, it } from 'vitest';
import { ZSchedule, ZStaffList, ZStaffScheduleItem, ZStaffScheduleSettings, type TStaffScheduleItemInput } from '@portal/contract';
import { addDays, amsterdamIsoDate, isoDateToDutch } from '../../lib/dates.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, type DemoTokens, type Requester } from '../../../test/content.ts';
import { auditActions, expectStaffRefusals, inMinutes, png } from '../staff-content/test-setup.ts';
import { setUpStaffContentApp, type ConsoleSessions, type Requests } from '../../../test/staff.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, staff: ConsoleSessions, http: Requests, B: number, R: number;
setUpStaffContentApp((app) => ({ t, get, tokens, staff, http, B, R } = app));

const day = addDays(amsterdamIsoDate(new Date()), 3);
const entry = (over: Partial<TStaffScheduleItemInput> = {}): TStaffScheduleItemInput => ({
  date: isoDateToDutch(day), title: 'Steiger opbouwen', description: 'Voorzijde', content: '<p>Van 8 tot 16 uur.</p>', highlight: true,
  image_id: null, icons: ['steiger'], access_to_home_required: false, indicators: [], partner_ids: [], position: 0, is_public: true, publish_at: null, ...over,
});
const list = (projectId: number) => `/api/staff/projects/${projectId}/schedule`;
const settingsUrl = (projectId: number) => `/api/staff/projects/${projectId}/schedule-settings`;
const residentDay = async () => ZSchedule.parse((await get(`/api/occupant/schedule?month=${day.slice(0, 7)}`, tokens.jan)).json()).sorted_scheduled_items[day] ?? [];

describe('staff planning items', () => {
  it('publishes a day’s item to /planning only when published; counts move then; lists newest day first', async () => {
    await get('/api/occupant/schedule', tokens.jan); // Jan has seen the planning: nothing new
    expect((await newCounts(t, tokens.jan)).scheduling).toBe(0);
    const created = ZStaffScheduleItem.parse((await http.post(list(B), staff.editor, entry())).json());
    expect(created).toMatchObject({ status: 'draft', date: isoDateToDutch(day), highlight: true, description: 'Voorzijde' });
    expect((await residentDay()).map((e) => e.item.title)).not.toContain('Steiger opbouwen');
    // Jan reads the planning while the item is a draft: it must still count as new once published
    expect((await newCounts(t, tokens.jan)).scheduling).toBe(0);

    await http.put(`${list(B)}/${created.id}`, staff.editor, entry({ publish_at: inMinutes(-1), title: 'Steiger opbouwen (gewijzigd)' }));
    expect((await newCounts(t, tokens.jan)).scheduling).toBe(1);
    const shown = (await residentDay()).find((e) => e.item.id === created.id)!;
    expect(shown).toMatchObject({ title: 'Steiger opbouwen (gewijzigd)', description: 'Voorzijde', item: { highlight: true } });

    const later = ZStaffScheduleItem.parse((await http.post(list(B), staff.editor, entry({ date: isoDateToDutch(addDays(day, 30)), title: 'Later' }))).json());
    const rows = ZStaffList.parse((await http.get(`${list(B)}?limit=100`, staff.editor)).json());
    const isoDays = rows.map((r) => r.date!.split('-').reverse().join('-'));
    expect(isoDays).toEqual([...isoDays].sort().reverse());
    expect(rows.findIndex((r) => r.id === later.id)).toBeLessThan(rows.findIndex((r) => r.id === created.id));
    expect(await auditActions(t, 'schedule', created.id)).toEqual(['create', 'update']);
  });

  it('refuses other projects and customers with 404', async () => {
    const own = ZStaffScheduleItem.parse((await http.post(list(B), staff.editor, entry())).json());
    const [foreign] = await t.query<{ id: number }>('SELECT id FROM schedule_items WHERE project_id = $1 LIMIT 1', [R]);
    await expectStaffRefusals(t, staff, { list, own: own.id, foreign: foreign!.id, body: entry() });
  });
});

describe('staff planning settings', () => {
  it('stores a comment-only or image-only planning, sanitised and audited; refused for others', async () => {
    const commentOnly = await http.put(settingsUrl(B), staff.editor, { comment: '<p>Alleen tekst<script>x</script></p>', image_id: null, show_date: false });
    expect(commentOnly.statusCode, commentOnly.body).toBe(200);
    expect(ZStaffScheduleSettings.parse(commentOnly.json())).toEqual({ comment: '<p>Alleen tekst</p>', image_id: null, image_url: null, show_date: false });
    const resident = ZSchedule.parse((await get('/api/occupant/schedule', tokens.jan)).json());
    expect(resident).toMatchObject({ comment: '<p>Alleen tekst</p>', show_date: false });

    const image = (await http.upload(`/api/staff/projects/${B}/images/schedule`, { data: await png() }, staff.editor)).json<{ id: number }>();
    const imageOnly = ZStaffScheduleSettings.parse((await http.put(settingsUrl(B), staff.editor, { comment: '', image_id: image.id, show_date: true })).json());
    expect(imageOnly).toMatchObject({ comment: null, image_id: image.id, show_date: true });
    expect(ZSchedule.parse((await get('/api/occupant/schedule', tokens.jan)).json()).image_url).toMatch(new RegExp(`^/api/files/${image.id}/`));
    expect(await auditActions(t, 'schedule-settings', B)).toEqual(['update', 'update']);

    for (const [url, token] of [[settingsUrl(R), staff.editor], [settingsUrl(B), staff.otherAdmin]] as const) {
      expect((await http.get(url, token)).statusCode).toBe(404);
      expect((await http.put(url, token, { comment: null, image_id: null, show_date: true })).statusCode).toBe(404);
    }
  });
});
