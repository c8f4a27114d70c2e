import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';
import { FORM_DEADLINE_DAYS, formNoticeTexts } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
});
afterAll(async () => t?.close());

/** A published form of the demo project, first published `publishedHoursAgo` ago. */
async function form(kind: string, name: string, { publishedHoursAgo, closesInDays, opensHoursAgo }: { publishedHoursAgo: number; closesInDays: number | null; opensHoursAgo?: number }) {
  const [row] = await t.query<{ id: number }>(`INSERT INTO forms (project_id, kind, name, published_version, is_active, opens_at, closes_at)
    VALUES ($1, $2, $3, 1, true, CASE WHEN $4::int IS NULL THEN NULL ELSE now() - make_interval(hours => $4::int) END,
      CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(days => $5::int) END) RETURNING id`,
  [t.ids.projects.bloemenbuurt, kind, name, opensHoursAgo ?? null, closesInDays]);
  await t.query(`INSERT INTO form_versions (form_id, version, name, definition, published_at) VALUES ($1, 1, $2, '[]', now() - make_interval(hours => $3::int))`,
    [row!.id, name, publishedHoursAgo]);
  return row!.id;
}

const messages = (tag: string) => t.query<{ id: number; title: string }>('SELECT id, title FROM notification_messages WHERE tag = $1', [tag]);
const recipients = async (tag: string) => (await t.query<{ occupant_id: number }>(
  `SELECT DISTINCT o.occupant_id FROM notification_outbox o JOIN notification_messages m ON m.id = o.message_id WHERE m.tag = $1`, [tag])).map((r) => r.occupant_id);

describe('form notices (issue 19, category form)', () => {
  it('announces a form that opened to the project once, and reminds only the addresses without an answer before the deadline', async () => {
    const generic = await form('generic', 'Wensen voor de tuin', { publishedHoursAgo: 1, closesInDays: FORM_DEADLINE_DAYS - 1 });
    // Jan's address (1234AB 10) answered; Fatima's (12) did not.
    await t.query(`INSERT INTO form_entries (form_id, project_id, address_id, values) VALUES ($1, $2, $3, '{"tuin":"ja"}')`, [generic, t.ids.projects.bloemenbuurt, t.ids.addresses.a10]);
    const old = await form('choice', 'Keuzes van vorige week', { publishedHoursAgo: 24 * 5, closesInDays: 20 });
    const intake = await form('intake', 'Opname (partner)', { publishedHoursAgo: 1, closesInDays: 1 });
    const later = await form('generic', 'Nog niet open', { publishedHoursAgo: 1, closesInDays: 2, opensHoursAgo: -5 });
    const consent = await form('support-base', 'Instemming fase 2', { publishedHoursAgo: 2, closesInDays: 1 });

    await t.services.formNotices.run();
    await t.services.formNotices.run(); // a rerun tells nobody twice

    expect((await messages(`form-open-${generic}`)).map((m) => m.title)).toEqual([formNoticeTexts.openTitle('Wensen voor de tuin')]);
    expect(await messages(`form-deadline-${generic}`)).toHaveLength(1);
    expect(await messages(`form-open-${consent}`)).toHaveLength(1);
    expect(await messages(`form-deadline-${consent}`)).toEqual([]); // the campaign's own reminders
    for (const id of [old, intake, later]) {
      expect(await messages(`form-open-${id}`)).toEqual([]);
      expect(await messages(`form-deadline-${id}`)).toEqual([]);
    }

    await runJobs(t);
    const { jan, anna, fatima } = t.ids.occupants;
    expect(await recipients(`form-open-${generic}`)).toEqual(expect.arrayContaining([jan, anna, fatima]));
    const reminded = await recipients(`form-deadline-${generic}`);
    expect(reminded).toContain(fatima);
    expect(reminded).not.toContain(jan);
    expect(reminded).not.toContain(anna);
  });
});
