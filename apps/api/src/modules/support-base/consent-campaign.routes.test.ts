import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  consentCampaignMessages, consentCampaignPaths, fillPath, LETTER_COUNT_HEADER, ZCampaignAddressPage, ZCampaignOverview, ZConsentTally, ZNoticesSent,
  ZReminderSent, ZReminderSettings, type TCampaignAddress, type TCampaignOverview,
} from '@portal/contract';
import { deadlineIn } from '../../../test/consent-letters.ts';
import { bearer, consoleToken, createTestApp, partnerToken, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { jobHandlers } from '../../services.ts';
import { runJobs } from '../../../test/jobs.ts';

let t: TestApp;
let admin: string; // Woonstad's customer administrator (console)
let editor: string; // Eva Smit, project editor of the Bloemenbuurt (console): may run the campaign
let contractor: string; // the partner account in the console: reads the tally, runs nothing
let otherAdmin: string; // De Vries's administrator (console)
let partner: string; // the partner portal
let bloemenbuurt: number;
let form: number; // 'Draagvlakmeting renovatieplan' (Bloemenbuurt)
let riverForm: number;

const DAY = 86_400_000;
const path = (template: string, params: Record<string, number>) => `/api${fillPath(template, params)}`;
const formPath = (template: string, extra: Record<string, number> = {}) => path(template, { projectId: bloemenbuurt, formId: form, ...extra });
const get = (url: string, token = editor) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: object, token = editor) =>
  t.app.inject({ method, url, headers: bearer(token), payload: { language: 'nl', ...payload } });

async function overview(token = editor): Promise<TCampaignOverview> {
  const res = await get(`${path(consentCampaignPaths.overview, { projectId: bloemenbuurt })}?language=nl&form_id=${form}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return ZCampaignOverview.parse(res.json());
}
const unit = (o: TCampaignOverview, name: string) => o.units.find((u) => u.building_unit === name)!;

async function allAddresses(query = ''): Promise<TCampaignAddress[]> {
  const items: TCampaignAddress[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${formPath(consentCampaignPaths.addresses)}?language=nl&page=${page}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZCampaignAddressPage.parse(res.json());
    items.push(...body.items);
    if (page >= body.pages) return items;
  }
}
const setRule = (counts_vacant: boolean, household_rule: 'home' | 'household', token = editor) =>
  send('PUT', path(consentCampaignPaths.rule, { projectId: bloemenbuurt }), { counts_vacant, household_rule }, token);
/**
 * Reminds as on that day, and lets the notifications module send them (issue 19) as at noon today in Amsterdam:
 * SMS waits out quiet hours (21:00-08:00), whenever the test runs.
 */
const remindAt = async (days: number) => {
  const sent = await t.services.consentCampaign.remindAll(new Date(Date.now() + days * DAY));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date())}T11:00:00Z`));
  try {
    await runJobs(t, { prefix: 'notif' });
  } finally {
    vi.useRealTimers();
  }
  return sent;
};
const isoDaysAgo = (days: number) => deadlineIn(-days);

beforeAll(async () => {
  t = await createTestApp({ mail: true, worker: false });
  bloemenbuurt = t.ids.projects.bloemenbuurt;
  const [eva] = await t.query<{ id: number }>("SELECT id FROM users WHERE username = 'redactie@example.nl'");
  [admin, editor, contractor, otherAdmin, partner] = await Promise.all([
    consoleToken(t, t.ids.users.admin), consoleToken(t, eva!.id), consoleToken(t, t.ids.users.partner),
    consoleToken(t, t.ids.users.partner, t.ids.customers.devries), partnerToken(t.app),
  ]);
  const byName = Object.fromEntries((await t.query<{ name: string; id: number }>("SELECT name, id FROM forms WHERE kind = 'support-base'")).map((r) => [r.name, r.id]));
  form = byName['Draagvlakmeting renovatieplan']!;
  riverForm = byName['Instemming verduurzaming Rivierenwijk']!;
});
afterAll(async () => {
  await t?.close();
});

describe('the tally per building unit', () => {
  it('counts every home of the unit, non-responders as not agreeing, and states the rule', async () => {
    const o = await overview();
    expect(o.rule).toEqual({ counts_vacant: true, household_rule: 'home', rule_text: expect.stringContaining('wie niet reageert, telt als niet akkoord') });
    expect(o.rule.rule_text).toContain('Leegstaande woningen tellen mee');
    expect(o.rule.rule_text).toContain('Eén stem per woning');
    // Blok Noord: 20 homes (one vacant), 15 agreed: 75%; the 5 others (one vacant, one disagreed, three without a counted answer) count against.
    const noord = unit(o, 'Blok Noord');
    expect(noord).toMatchObject({ total: 20, vacant: 1, agreed: 15, votes: 20, agreed_votes: 15, percentage: 75, reached: true, rule_applies: true, warning: null, not_agreeing: 4 });
    // Blok Zuid: 13 homes, 4 agreed.
    expect(unit(o, 'Blok Zuid')).toMatchObject({ total: 13, agreed: 4, votes: 13, percentage: 30.8, reached: false, reached_on: null });
    // The partner portal reads the same tally, with the same rule in words.
    const partnerTally = ZConsentTally.parse((await get(`/api/partner/project/${bloemenbuurt}/support-base/tally?language=nl&form_id=${form}`, partner)).json());
    expect(partnerTally.rule_text).toBe(o.rule.rule_text);
    expect(partnerTally.units.find((u) => u.building_unit === 'Blok Noord')!.percentage).toBe(75);
  });

  it('leaves vacant homes out when the rule says so, and weighs households under the household rule', async () => {
    expect((await setRule(false, 'home')).statusCode).toBe(200);
    let o = await overview();
    expect(o.rule.rule_text).toContain('Leegstaande woningen tellen niet mee');
    expect(unit(o, 'Blok Noord')).toMatchObject({ votes: 19, agreed_votes: 15, percentage: 78.9, percentage_with_vacant: 75, percentage_without_vacant: 78.9 });

    // A home of Blok Noord that did not answer houses three households.
    const noordOpen = (await allAddresses('&building_unit=Blok%20Noord&status=no_answer'))[0]!;
    const households = await send('PUT', path(consentCampaignPaths.households, { projectId: bloemenbuurt, addressId: noordOpen.address_id }), { households: 3 });
    expect(households.statusCode, households.body).toBe(200);
    // Under the home rule it is still one vote.
    expect(unit(await overview(), 'Blok Noord')).toMatchObject({ votes: 19, agreed_votes: 15 });
    expect((await setRule(false, 'household')).statusCode).toBe(200);
    o = await overview();
    expect(o.rule.rule_text).toContain('Elk huishouden is een stem');
    // 15 of 21 votes: 71.4%. With the vacant home counted: 15 of 22, 68.2%.
    expect(unit(o, 'Blok Noord')).toMatchObject({ votes: 21, agreed_votes: 15, percentage: 71.4, reached: true });
    expect((await setRule(true, 'household')).statusCode).toBe(200);
    expect(unit(await overview(), 'Blok Noord')).toMatchObject({ votes: 22, percentage: 68.2, reached: false });

    const bad = await send('PUT', path(consentCampaignPaths.households, { projectId: bloemenbuurt, addressId: noordOpen.address_id }), { households: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: [{ field: 'households', message: consentCampaignMessages.households }] });
  });

  it('records the date 70% was reached once, and the date it fell below again', async () => {
    // The previous test left Blok Noord below 70% (household rule, vacant counted): the drop is on record.
    const o = await overview();
    const noord = unit(o, 'Blok Noord');
    expect(noord.milestones.map((m) => m.kind)).toEqual(['reached', 'dropped']);
    expect(noord.dropped_on).toBe(deadlineIn(0));
    // The first moment is the agreement that made 70% (14 of 20), as the tally computes it.
    const firstReached = noord.reached_on;
    expect(firstReached).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(firstReached).not.toBe(deadlineIn(0));

    // Back to one vote per home: reached again, the first date stays.
    expect((await setRule(true, 'home')).statusCode).toBe(200);
    const again = unit(await overview(), 'Blok Noord');
    expect(again.milestones.map((m) => m.kind)).toEqual(['reached', 'dropped', 'reached']);
    expect(again.reached_on).toBe(firstReached);
    // Reading again records nothing new.
    expect(unit(await overview(), 'Blok Noord').milestones).toHaveLength(3);
    const rows = await t.query('SELECT kind FROM consent_milestones WHERE form_id = $1 AND building_unit = $2', [form, 'Blok Noord']);
    expect(rows).toHaveLength(3);
  });

  it('warns when a unit has fewer than ten homes', async () => {
    const tulp = await t.query<{ address_id: number }>(
      `SELECT ap.address_id FROM address_projects ap JOIN addresses a ON a.id = ap.address_id WHERE ap.project_id = $1 AND a.street = 'Tulpstraat'`, [bloemenbuurt]);
    expect(tulp.length).toBeGreaterThan(0);
    await t.query(`UPDATE address_projects SET building_unit = 'Tuinhuizen' WHERE project_id = $1 AND address_id = ANY($2::int[])`, [bloemenbuurt, tulp.map((r) => r.address_id)]);
    const small = unit(await overview(), 'Tuinhuizen');
    expect(small.rule_applies).toBe(false);
    expect(small.warning).toBe(consentCampaignMessages.fewHomes(tulp.length));
    expect(unit(await overview(), 'Blok Noord').warning).toBeNull();
    await t.query(`UPDATE address_projects SET building_unit = 'Blok Zuid' WHERE project_id = $1 AND address_id = ANY($2::int[])`, [bloemenbuurt, tulp.map((r) => r.address_id)]);
  });

  it('lists the addresses per status with filters', async () => {
    const all = await allAddresses();
    expect(all).toHaveLength(33);
    const open = await allAddresses('&status=no_answer');
    expect(open.every((a) => !a.vacant && (a.status === 'not_started' || a.status === 'answering'))).toBe(true);
    const vacant = await allAddresses('&status=vacant');
    expect(vacant).toHaveLength(2);
    const agreed = await allAddresses('&status=agreed&building_unit=Blok%20Zuid');
    expect(agreed).toHaveLength(4);
    const tulp = await allAddresses('&q=tulpstraat%2010');
    expect(tulp.map((a) => a.full_address)).toEqual([expect.stringContaining('Tulpstraat 10')]);
  });
});

describe('notices once a unit reached 70%', () => {
  it('drafts one letter per address that did not agree, and none for a unit below 70%', async () => {
    const res = await send('POST', formPath(consentCampaignPaths.noticeLetters), { building_unit: 'Blok Noord' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers[LETTER_COUNT_HEADER]).toBe('4');
    const text = pdfText(res.rawPayload);
    const pages = text.split(/Aan de bewoner\(s\) van/).slice(1);
    expect(pages).toHaveLength(4);
    const notAgreeing = (await allAddresses('&building_unit=Blok%20Noord')).filter((a) => !a.vacant && a.status !== 'agreed');
    expect(notAgreeing).toHaveLength(4);
    for (const a of notAgreeing) expect(pages.filter((p) => p.includes(a.full_address.split(',')[0]!))).toHaveLength(1);
    const o = await overview();
    expect(text).toContain(`Op ${unit(o, 'Blok Noord').reached_on} had 70% of meer`);
    expect(text.replace(/\s+/g, ' ')).toContain('binnen 8 weken na de datum van deze brief de rechter vragen');
    expect(unit(o, 'Blok Noord')).toMatchObject({ notices_drafted: 4, notices_sent: 0 });

    const below = await send('POST', formPath(consentCampaignPaths.noticeLetters), { building_unit: 'Blok Zuid' });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({ message: consentCampaignMessages.notReached });
    expect((await send('POST', formPath(consentCampaignPaths.noticeLetters), { building_unit: 'Nergens' })).statusCode).toBe(422);
  });

  it('marks the notices sent and shows per address the eight weeks to go to court', async () => {
    const future = await send('POST', formPath(consentCampaignPaths.noticesSent), { building_unit: 'Blok Noord', sent_on: deadlineIn(1) });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({ errors: [{ field: 'sent_on', message: consentCampaignMessages.sentOnFuture }] });
    expect((await send('POST', formPath(consentCampaignPaths.noticesSent), { building_unit: 'Blok Noord', sent_on: '31-02-2026x' })).statusCode).toBe(422);

    const res = await send('POST', formPath(consentCampaignPaths.noticesSent), { building_unit: 'Blok Noord', sent_on: isoDaysAgo(3) });
    expect(res.statusCode, res.body).toBe(200);
    // Eight weeks (56 days) from the day it was sent.
    expect(ZNoticesSent.parse(res.json())).toEqual({ marked: 4, sent_on: isoDaysAgo(3), court_deadline: deadlineIn(53) });
    const noticed = (await allAddresses('&building_unit=Blok%20Noord')).filter((a) => a.notice);
    expect(noticed).toHaveLength(4);
    for (const a of noticed) expect(a.notice).toEqual({ drafted_at: deadlineIn(0), sent_on: isoDaysAgo(3), court_deadline: deadlineIn(53) });
    // Marked once: nothing is left to mark.
    expect((await send('POST', formPath(consentCampaignPaths.noticesSent), { building_unit: 'Blok Noord', sent_on: deadlineIn(0) })).statusCode).toBe(409);
    const [audit] = await t.query<{ action: string }>("SELECT action FROM audit_log WHERE action = 'mark-notices-sent' AND project_id = $1", [bloemenbuurt]);
    expect(audit).toBeTruthy();
  });
});

describe('reminders', () => {
  it('starts with the default schedule, switched off', async () => {
    const res = await get(`${formPath(consentCampaignPaths.reminderSettings)}?language=nl`);
    expect(ZReminderSettings.parse(res.json())).toEqual({
      enabled: false, starts_on: deadlineIn(0), first_after_days: 5, interval_days: 2, max_count: 4, by_email: true, by_sms: true,
    });
    const bad = await send('PUT', formPath(consentCampaignPaths.reminderSettings), {
      enabled: true, starts_on: deadlineIn(0), first_after_days: 5, interval_days: 0, max_count: 11, by_email: true, by_sms: true,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field).sort()).toEqual(['interval_days', 'max_count']);
  });

  it('go on the schedule to addresses that have not answered, by e-mail and SMS, at most four, each in the history', async () => {
    const saved = await send('PUT', formPath(consentCampaignPaths.reminderSettings), {
      enabled: true, starts_on: deadlineIn(0), first_after_days: 5, interval_days: 2, max_count: 4, by_email: true, by_sms: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const unanswered = await allAddresses('&status=no_answer');
    // Addresses without an e-mail address or mobile number get none (they are on the visit list).
    const reachable = new Set((await t.query<{ address_id: number }>(
      "SELECT DISTINCT address_id FROM occupants WHERE address_id = ANY($1::int[]) AND (coalesce(email_address, '') <> '' OR coalesce(mobile, '') <> '')",
      [unanswered.map((a) => a.address_id)])).map((r) => r.address_id));
    const open = unanswered.filter((a) => reachable.has(a.address_id));
    expect(open.length).toBeGreaterThan(1);
    expect(open.length).toBeLessThan(unanswered.length);
    const a10 = open.find((a) => a.address_id === t.ids.addresses.a10)!;
    expect(a10).toBeTruthy();
    const [jan] = await t.query<{ id: number; email_address: string; mobile: string | null }>('SELECT id, email_address, mobile FROM occupants WHERE address_id = $1 AND email_address IS NOT NULL ORDER BY id LIMIT 1', [a10.address_id]);
    // Jan wants SMS about forms (not the default: SMS costs the portal money).
    await t.query("INSERT INTO notification_preferences (occupant_id, category, email, push, sms) VALUES ($1, 'form', 'direct', true, true)", [jan!.id]);

    expect(await remindAt(0)).toBe(0);
    expect(await remindAt(4)).toBe(0);
    expect(await remindAt(5)).toBe(open.length);
    expect(await remindAt(5)).toBe(0); // the same day again: nothing
    expect(await remindAt(6)).toBe(0); // two days after the first
    expect(await remindAt(7)).toBe(open.length);

    // An address answers (it signed): no more reminders for it.
    // (the reminders opened an entry for each address that had none)
    const answering = (await allAddresses('&status=no_answer')).find((a) => a.address_id !== a10.address_id && reachable.has(a.address_id))!;
    expect(answering.entry_id).not.toBeNull();
    await t.query("UPDATE form_entries SET status = 'signed' WHERE id = $1", [answering.entry_id]);
    expect(await remindAt(9)).toBe(open.length - 1);
    expect(await remindAt(11)).toBe(open.length - 1);
    expect(await remindAt(13)).toBe(0); // at most four
    expect(await remindAt(30)).toBe(0);

    const counts = await t.query<{ address_id: number; n: number; max: number }>(
      'SELECT address_id, count(*)::int AS n, max(nr)::int AS max FROM consent_reminders WHERE form_id = $1 GROUP BY address_id', [form]);
    expect(counts).toHaveLength(open.length);
    expect(counts.find((c) => c.address_id === a10.address_id)).toMatchObject({ n: 4, max: 4 });
    expect(counts.find((c) => c.address_id === answering.address_id)).toMatchObject({ n: 2 });
    // Vacant homes, addresses that answered and addresses nobody can be reached at get none.
    const vacant = await allAddresses('&status=vacant');
    expect(counts.some((c) => vacant.some((v) => v.address_id === c.address_id))).toBe(false);
    expect(counts.some((c) => !reachable.has(c.address_id))).toBe(false);

    // Each reminder is in the entry's history (an entry is opened for an address that had none).
    const events = await t.query<{ detail: { nr: number } }>(
      "SELECT ev.detail FROM form_entry_events ev JOIN form_entries e ON e.id = ev.entry_id WHERE e.form_id = $1 AND e.address_id = $2 AND ev.action = 'reminder' ORDER BY ev.id",
      [form, a10.address_id]);
    expect(events.map((e) => e.detail.nr)).toEqual([1, 2, 3, 4]);
    const list = await allAddresses('&q=tulpstraat%2010');
    expect(list[0]).toMatchObject({ reminders: 4, status: 'not_started' });

    // The mails reached the SMTP catcher; the SMS went out once per number per day at most.
    const mails = t.mail!.messages.filter((m) => m.to.includes(jan!.email_address) && m.subject === 'Herinnering: Draagvlakmeting renovatieplan');
    expect(mails).toHaveLength(4);
    expect(mails[0]!.text).toContain('Wij hebben nog geen reactie van u ontvangen');
    expect(jan!.mobile).toBeTruthy();
    const sms = await t.query('SELECT id FROM sms_outbox WHERE "to" = $1 AND text LIKE $2', [jan!.mobile!.replace(/[\s-]/g, ''), 'Herinnering: Draagvlakmeting renovatieplan%']);
    expect(sms).toHaveLength(1); // the other reminders came within the same real day: one reminder SMS per number per day
    const a10Rows = await t.query<{ sms: number; sms_skipped: number }>('SELECT sms, sms_skipped FROM consent_reminders WHERE form_id = $1 AND address_id = $2 ORDER BY nr', [form, a10.address_id]);
    expect(a10Rows.map((r) => [r.sms, r.sms_skipped])).toEqual([[1, 0], [0, 1], [0, 1], [0, 1]]);
    const sent = await get(`${formPath(consentCampaignPaths.reminders)}?language=nl&limit=100`);
    const rows = ZReminderSent.array().parse(sent.json());
    expect(rows.filter((r) => r.address_id === a10.address_id).map((r) => r.nr)).toEqual([4, 3, 2, 1]);
  });

  it('are sent by the periodic job, which also dates a unit falling below 70% when nobody looks', async () => {
    expect(jobHandlers(t.services)['consent-reminders']).toBeTypeOf('function');
    // Blok Noord below 70% without anyone reading the campaign: the job records it.
    await t.query('UPDATE projects SET consent_household_rule = $1, consent_counts_vacant = true WHERE id = $2', ['household', bloemenbuurt]);
    const before = await t.query('SELECT id FROM consent_milestones WHERE form_id = $1 AND building_unit = $2', [form, 'Blok Noord']);
    await jobHandlers(t.services)['consent-reminders']({});
    const after = await t.query<{ kind: string }>('SELECT kind FROM consent_milestones WHERE form_id = $1 AND building_unit = $2 ORDER BY id', [form, 'Blok Noord']);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.kind).toBe('dropped');
    await t.query('UPDATE projects SET consent_household_rule = $1 WHERE id = $2', ['home', bloemenbuurt]);
  });

  it('can be run now by staff who run the campaign, not by readers', async () => {
    expect((await send('POST', formPath(consentCampaignPaths.remindersRun), {}, contractor)).statusCode).toBe(403);
    const res = await send('POST', formPath(consentCampaignPaths.remindersRun), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 0 }); // nobody is due today: the schedule's first reminder is after 5 days
  });

  it('prints the list of addresses to visit', async () => {
    const res = await get(`${formPath(consentCampaignPaths.visitList)}?language=nl`);
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Bezoeklijst: Draagvlakmeting renovatieplan');
    expect(text).toContain('Tulpstraat 10');
    const agreed = (await allAddresses('&status=agreed'))[0]!;
    expect(text).not.toContain(agreed.full_address.split(',')[0]!);
  });
});

describe('exports and the evidence pack', () => {
  it('exports the filtered list as CSV and XLSX with formula-like values as text, audited', async () => {
    await t.query(`UPDATE addresses SET street = '=HYPERLINK("http://x")' WHERE id = $1`, [t.ids.addresses.a14]);
    const csv = await get(`${formPath(consentCampaignPaths.export)}?language=nl&format=csv&building_unit=Blok%20Zuid`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const body = csv.rawPayload.toString('utf8');
    expect(body).toContain(`'=HYPERLINK`);
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(1 + 13);
    const xlsx = await get(`${formPath(consentCampaignPaths.export)}?language=nl&format=xlsx&status=no_answer`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const cells: unknown[] = [];
    sheet.eachRow((row) => cells.push(row.getCell(1).value));
    const formulaLike = cells.find((v) => typeof v === 'string' && v.startsWith('=HYPERLINK'));
    expect(formulaLike).toBeTruthy();
    const audit = await t.query("SELECT id FROM audit_log WHERE action = 'export-consent-addresses' AND project_id = $1", [bloemenbuurt]);
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('packs the evidence of an address with a manifest of SHA-256 hashes', async () => {
    const [digital] = await t.query<{ address_id: number }>(
      `SELECT e.address_id FROM form_entries e JOIN signing_requests r ON r.entry_id = e.id AND r.subject_kind = 'support-base'
        WHERE e.form_id = $1 AND r.status = 'signed' ORDER BY e.id LIMIT 1`, [form]);
    expect(digital).toBeTruthy();
    const res = await get(formPath(consentCampaignPaths.evidence, { addressId: digital!.address_id }) + '?language=nl');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(expect.arrayContaining(['manifest.json', 'voorstel.json', 'antwoorden.json', 'tijdlijn.json']));
    expect(names.some((n) => n.startsWith('ondertekend-'))).toBe(true);
    expect(names.some((n) => n.startsWith('ontvangstbewijs-'))).toBe(true);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as { proposal_version: number; documents: Array<{ name: string; sha256: string }> };
    expect(manifest.proposal_version).toBe(1);
    expect(manifest.documents.map((d) => d.name).sort()).toEqual(names.filter((n) => n !== 'manifest.json'));
    for (const d of manifest.documents) {
      const bytes = await zip.file(d.name)!.async('nodebuffer');
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(d.sha256);
    }
    const timeline = JSON.parse(await zip.file('tijdlijn.json')!.async('string')) as Array<{ what: string }>;
    expect(timeline.map((e) => e.what)).toEqual(expect.arrayContaining(['signing-request', 'entry:signed']));
    const proposal = JSON.parse(await zip.file('voorstel.json')!.async('string')) as { definition: unknown[] };
    expect(proposal.definition.length).toBeGreaterThan(0);
    const audit = await t.query("SELECT id FROM audit_log WHERE action = 'export-evidence' AND project_id = $1", [bloemenbuurt]);
    expect(audit).toHaveLength(1);
  });
});

describe('who may', () => {
  it("reads with consent.tally.read, changes with consent.campaign.manage; another customer's ids are not found", async () => {
    expect((await get(`${path(consentCampaignPaths.overview, { projectId: bloemenbuurt })}?language=nl`, contractor)).statusCode).toBe(200);
    expect((await setRule(true, 'home', contractor)).statusCode).toBe(403);
    expect((await send('POST', formPath(consentCampaignPaths.noticeLetters), { building_unit: 'Blok Noord' }, contractor)).statusCode).toBe(403);
    expect((await setRule(true, 'home', admin)).statusCode).toBe(200);
    // The partner portal's session is not a console session.
    expect((await get(`${path(consentCampaignPaths.overview, { projectId: bloemenbuurt })}?language=nl`, partner)).statusCode).toBe(401);
    // Another customer's administrator: this project does not exist for them.
    expect((await get(`${path(consentCampaignPaths.overview, { projectId: bloemenbuurt })}?language=nl`, otherAdmin)).statusCode).toBe(404);
    expect((await get(formPath(consentCampaignPaths.evidence, { addressId: t.ids.addresses.a10 }) + '?language=nl', otherAdmin)).statusCode).toBe(404);
    // A form of another project, an address of another customer.
    expect((await get(`${path(consentCampaignPaths.addresses, { projectId: bloemenbuurt, formId: riverForm })}?language=nl`)).statusCode).toBe(404);
    const [foreign] = await t.query<{ id: number }>(
      "INSERT INTO addresses (customer_id, zipcode, house_number, street, city) VALUES ($1, '9999ZZ', '1', 'Vreemdestraat', 'Elders') RETURNING id", [t.ids.customers.devries]);
    await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [foreign!.id, t.ids.projects.havenkwartier]);
    expect(foreign).toBeTruthy();
    expect((await send('PUT', path(consentCampaignPaths.households, { projectId: bloemenbuurt, addressId: foreign!.id }), { households: 2 })).statusCode).toBe(404);
    expect((await get(formPath(consentCampaignPaths.evidence, { addressId: foreign!.id }) + '?language=nl')).statusCode).toBe(404);
  });
});
