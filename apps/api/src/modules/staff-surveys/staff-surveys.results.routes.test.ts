import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, HAS_MORE_HEADER, surveyResultMessages,
  type TSurveyOpenAnswer, type TSurveyPhoto, type TSurveyResponseRow, type TSurveyResultPhoto, type TSurveyResults,
} from '@portal/contract';
import { bearer, consoleToken, createTestApp, occupantToken, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: string;
let editor: string;
let viewer: string;
let jan: string; // 1234AB 10: Blok A
let fatima: string; // 1234AB 12: Blok B
let project: number;
let survey: number;
let v1: number;

const form = [{
  id: 'sectie', label: 'Uw mening', elements: [
    { id: 'titel', type: 's_title', data: { label: 'Over de renovatie' } },
    { id: 'naam', type: 's_textinput', data: { label: 'Uw naam' } },
    { id: 'opmerking', type: 's_textareainput', data: { label: 'Opmerkingen' } },
    { id: 'vervoer', type: 's_select', data: { label: 'Vervoer', type: 'dropdown', options: [{ label: 'Fiets' }, { label: 'Auto' }] } },
    { id: 'tevreden', type: 's_select', data: { label: 'Tevreden?', type: 'radio', options: [{ label: 'Ja' }, { label: 'Nee' }] } },
    { id: 'ruimtes', type: 's_select', data: { label: 'Ruimtes', type: 'check', options: [{ label: 'Keuken' }, { label: 'Badkamer' }, { label: 'Zolder' }] } },
    { id: 'smiley', type: 's_smileyinput', data: { label: 'Hoe was het?', icon: 'smiley', value_1: 'Slecht', value_2: 'Matig', value_3: 'Goed' } },
    { id: 'sterren', type: 's_smileyinput', data: { label: 'Sterren', icon: 'star' } },
    { id: 'foto', type: 's_photoinput', data: { label: 'Een foto' } },
  ],
}];

const base = (projectId = project, surveyId = survey) => `/api/staff/projects/${projectId}/surveys/${surveyId}/results`;
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

function multipart(data: Buffer) {
  const boundary = '----results7';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nnl\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="keuken.png"\r\nContent-Type: image/png\r\n\r\n`),
    data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function staffUser(role: string, name: string): Promise<string> {
  const [user] = await t.query<{ id: number }>('INSERT INTO users (username, email, name) VALUES ($1, $1, $2) RETURNING id', [`${role}@enquetes.nl`, name]);
  await t.query('INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, $3)', [user!.id, t.ids.customers.woonstad, role]);
  await t.query('INSERT INTO staff_projects (user_id, project_id) VALUES ($1, $2)', [user!.id, project]);
  return consoleToken(t, user!.id);
}

beforeAll(async () => {
  t = await createTestApp();
  project = t.ids.projects.bloemenbuurt;
  admin = await consoleToken(t, t.ids.users.admin);
  [editor, viewer, jan, fatima] = await Promise.all([
    staffUser('project-editor', 'Redacteur Enquêtes'), staffUser('woco-viewer', 'Kijker Enquêtes'), occupantToken(t.app, '10'), occupantToken(t.app, '12'),
  ]);
  await t.query("UPDATE address_projects SET building_unit = CASE WHEN address_id = $2 THEN 'Blok A' ELSE 'Blok B' END WHERE project_id = $1", [project, t.ids.addresses.a10]);
  const [row] = await t.query<{ id: number }>(
    "INSERT INTO surveys (project_id, name, version, is_public, form) VALUES ($1, 'Na de renovatie', 2, true, $2::jsonb) RETURNING id", [project, JSON.stringify(form)]);
  survey = row!.id;
  const [old] = await t.query<{ id: number }>(
    `INSERT INTO surveys (project_id, name, version, questions) VALUES ($1, 'Cijfers', 1, '[{"id":1,"question":"Uw cijfer?","type":"rating"},{"id":2,"question":"Waarom?","type":"open"}]') RETURNING id`,
    [project]);
  v1 = old!.id;

  // Jan answers with a photo, Fatima with a formula-like text; a public visitor answers too.
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
  const upload = await t.app.inject({ method: 'POST', url: `/api/occupant/survey/${survey}/element/foto?project_id=${project}`, ...multipart(png), headers: { ...multipart(png).headers, ...bearer(jan) } });
  expect(upload.statusCode, upload.body).toBe(200);
  const photo = upload.json<TSurveyPhoto>();
  const submit = (token: string, values: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/occupant/survey/${survey}?project_id=${project}`, headers: bearer(token), payload: { language: 'nl', values } });
  expect((await submit(jan, {
    naam: 'Jan', opmerking: 'Mooi geworden', vervoer: 'Fiets', tevreden: 'Ja', ruimtes: ['Keuken', 'Badkamer'], smiley: 3, sterren: 5, foto: photo.id,
  })).statusCode).toBe(200);
  expect((await submit(fatima, { naam: '=HYPERLINK("x")', opmerking: '', vervoer: 'Auto', tevreden: 'Ja', ruimtes: ['Keuken'], smiley: 2, sterren: 4 })).statusCode).toBe(200);
  await t.query(
    `INSERT INTO survey_responses (survey_id, project_id, visitor_token_hash, version, answers, submitted_at)
     VALUES ($1, $2, 'bezoeker', 2, '{"version":2,"values":{"tevreden":"Nee","smiley":1,"opmerking":"Als bezoeker"}}', now() - interval '3 days')`,
    [survey, project]);
  await t.query(
    `INSERT INTO survey_responses (survey_id, project_id, address_id, version, answers)
     VALUES ($1, $2, $3, 1, '{"version":1,"answers":[{"question_id":1,"answer":8},{"question_id":2,"answer":"Snel klaar"}]}'),
            ($1, $2, $4, 1, '{"version":1,"answers":[{"question_id":1,"answer":5}]}')`,
    [v1, project, t.ids.addresses.a10, t.ids.addresses.a12]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('survey results in the console', () => {
  it('summarises every question: counts per option, scale and star distributions with their average, response rates per building unit', async () => {
    const res = await get(base());
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<TSurveyResults>();
    expect(r).toMatchObject({ responses: 3, resident_responses: 2, visitor_responses: 1, building_units: ['Blok A', 'Blok B'] });
    expect(r.survey).toMatchObject({ id: survey, name: 'Na de renovatie', version: 2, is_public: true });
    const addresses = r.rate_per_unit.reduce((n, u) => n + u.addresses, 0);
    expect(r.rate).toMatchObject({ building_unit: null, addresses, answered: 2 });
    expect(r.rate_per_unit.find((u) => u.building_unit === 'Blok A')).toEqual({ building_unit: 'Blok A', addresses: 1, answered: 1, rate: 1 });
    const q = Object.fromEntries(r.questions.map((x) => [x.id, x]));
    expect(Object.keys(q)).toEqual(['naam', 'opmerking', 'vervoer', 'tevreden', 'ruimtes', 'smiley', 'sterren', 'foto']); // no title
    expect(q.vervoer).toMatchObject({ kind: 'choice', variant: 'dropdown', answered: 2, bars: [{ label: 'Fiets', count: 1 }, { label: 'Auto', count: 1 }] });
    expect(q.tevreden!.bars.map((b) => b.count)).toEqual([2, 1]);
    expect(q.ruimtes).toMatchObject({ variant: 'check', answered: 2, bars: [{ label: 'Keuken', count: 2 }, { label: 'Badkamer', count: 1 }, { label: 'Zolder', count: 0 }] });
    expect(q.smiley).toMatchObject({ kind: 'scale', variant: 'smiley', answered: 3, average: 2, bars: [
      { label: 'Slecht', value: 1, count: 1 }, { label: 'Matig', value: 2, count: 1 }, { label: 'Goed', value: 3, count: 1 }] });
    expect(q.sterren).toMatchObject({ variant: 'star', average: 4.5 });
    expect(q.sterren!.bars).toHaveLength(5);
    expect(q.opmerking).toMatchObject({ kind: 'text', answered: 2, bars: [], average: null }); // Fatima's empty text does not count
    expect(q.foto).toMatchObject({ kind: 'photo', answered: 1 });
  });

  it('applies the building unit and date filters to everything; visitors drop out under a unit', async () => {
    const a = (await get(`${base()}?building_unit=${encodeURIComponent('Blok A')}`)).json<TSurveyResults>();
    expect(a).toMatchObject({ responses: 1, resident_responses: 1, visitor_responses: 0, rate: { building_unit: 'Blok A', addresses: 1, answered: 1, rate: 1 } });
    expect(a.rate_per_unit).toHaveLength(1);
    expect(a.building_units).toEqual(['Blok A', 'Blok B']);
    expect(a.questions.find((x) => x.id === 'vervoer')!.bars.map((b) => b.count)).toEqual([1, 0]);

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const recent = (await get(`${base()}?from=${today}&to=${today}`)).json<TSurveyResults>();
    expect(recent).toMatchObject({ responses: 2, visitor_responses: 0 });
    const older = (await get(`${base()}?to=2020-01-01`)).json<TSurveyResults>();
    expect(older).toMatchObject({ responses: 0, rate: { answered: 0 } });

    const rows = (await get(`${base()}/responses?building_unit=${encodeURIComponent('Blok B')}`)).json<TSurveyResponseRow[]>();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.building_unit).toBe('Blok B');
  });

  it('refuses bad filters with a Dutch 400', async () => {
    const unit = await get(`${base()}?building_unit=Blok%20Z`);
    expect(unit.statusCode).toBe(400);
    expect(unit.json()).toMatchObject({ message: surveyResultMessages.unknownBuildingUnit });
    const range = await get(`${base()}/responses?from=2026-05-02&to=2026-05-01`);
    expect(range.statusCode).toBe(400);
    expect(range.json()).toMatchObject({ message: surveyResultMessages.badDateRange });
    // a malformed day is refused by the query's schema, as every malformed input (422), with the Dutch message
    const day = await get(`${base()}?from=gisteren`);
    expect(day.statusCode).toBe(422);
    expect(JSON.stringify(day.json())).toContain(surveyResultMessages.badDate);
    expect((await get(`${base()}/answers?question=vervoer`)).statusCode).toBe(400);
    expect((await get(`${base()}/answers`)).statusCode).toBe(422); // no question: the query's schema
  });

  it('lists the open answers and every response, newest first and paged, with address, unit and occupant', async () => {
    const first = await get(`${base()}/answers?question=opmerking&limit=1`);
    expect(first.statusCode).toBe(200);
    expect(first.headers[HAS_MORE_HEADER]).toBe('true');
    const [newest] = first.json<TSurveyOpenAnswer[]>();
    expect(newest).toMatchObject({ text: 'Mooi geworden', building_unit: 'Blok A', full_address: expect.stringContaining('1234 AB'), occupant_name: expect.any(String) });
    const next = (await get(`${base()}/answers?question=opmerking&limit=1&before=${newest!.response_id}`)).json<TSurveyOpenAnswer[]>();
    expect(next).toMatchObject([{ text: 'Als bezoeker', address_id: null, full_address: null, building_unit: null }]);

    const page = await get(`${base()}/responses?limit=2`);
    expect(page.headers[HAS_MORE_HEADER]).toBe('true');
    const rows = page.json<TSurveyResponseRow[]>();
    expect(rows.map((x) => x.answers.naam)).toEqual(['=HYPERLINK("x")', 'Jan']);
    expect(rows[1]!.answers).toMatchObject({ ruimtes: 'Keuken, Badkamer', smiley: '3 - Goed', sterren: '5', foto: 'Foto', vervoer: 'Fiets' });
    const rest = await get(`${base()}/responses?limit=2&before=${rows[1]!.id}`);
    expect(rest.headers[HAS_MORE_HEADER]).toBe('false');
    expect(rest.json<TSurveyResponseRow[]>()).toHaveLength(1);

    const old = (await get(base(project, v1))).json<TSurveyResults>();
    expect(old.questions).toMatchObject([
      { id: '1', kind: 'rating', answered: 2, average: 6.5 }, { id: '2', kind: 'text', answered: 1 },
    ]);
    expect(old.questions[0]!.bars).toHaveLength(11);
    expect((await get(`${base(project, v1)}/answers?question=2`)).json<TSurveyOpenAnswer[]>()).toMatchObject([{ text: 'Snel klaar' }]);
  });

  it('shows the photos as a gallery through signed, short-lived links (no session token in the URL)', async () => {
    const res = await get(`${base()}/photos`);
    expect(res.statusCode).toBe(200);
    const [photo] = res.json<TSurveyResultPhoto[]>();
    expect(photo).toMatchObject({ element_id: 'foto', image_width: 40, image_height: 30, building_unit: 'Blok A', url: expect.stringMatching(/^\/api\/files\/\d+\/[^?]+\?token=[\w.-]+$/) });
    expect(photo!.url).not.toContain(admin);
    const image = await t.app.inject({ method: 'GET', url: photo!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await get(`${base()}/photos?building_unit=${encodeURIComponent('Blok B')}`)).json()).toEqual([]);
  });

  it('exports CSV and XLSX (formula-like text as text), audited; surveys.export needed', async () => {
    const csv = await get(`${base()}/export?format=csv`, editor);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/resultaten-na-de-renovatie\.csv/);
    expect(csv.body).toContain("'=HYPERLINK(");
    expect(csv.body.split('\r\n')[0]).toContain('Ingevuld op;Ingevuld door;Adres;Bouwdeel;Bewoner;Uw naam;Opmerkingen');

    const xlsx = await get(`${base()}/export?format=xlsx&building_unit=${encodeURIComponent('Blok B')}`, editor);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const cells = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(cells).toContain('=HYPERLINK("x")');
    expect(sheet.getRow(2).getCell(6).type).toBe(ExcelJS.ValueType.String);
    expect(cells).toContain('Blok B');

    expect((await get(`${base()}/export?format=csv`, viewer)).statusCode).toBe(403);
    expect((await get(base(), viewer)).statusCode).toBe(200); // reading needs surveys.read only
    const audited = await t.query<{ action: string; project_id: number }>("SELECT action, project_id FROM audit_log WHERE action = 'survey-results-export' ORDER BY id");
    expect(audited).toHaveLength(2);
    expect(audited[0]!.project_id).toBe(project);
    const reads = await t.query("SELECT 1 FROM audit_log WHERE action IN ('survey-responses-read', 'survey-answers-read', 'survey-photos-read')");
    expect(reads.length).toBeGreaterThan(0);
  });

  it('serves a kept summary only while nothing changed: a new or removed response and a building unit moved show at once', async () => {
    const before = (await get(base())).json<TSurveyResults>();
    const [added] = await t.query<{ id: number }>(
      `INSERT INTO survey_responses (survey_id, project_id, visitor_token_hash, version, answers)
       VALUES ($1, $2, 'bezoeker-2', 2, '{"version":2,"values":{"tevreden":"Nee"}}') RETURNING id`, [survey, project]);
    const more = (await get(base())).json<TSurveyResults>();
    expect(more.responses).toBe(before.responses + 1);
    expect(more.questions.find((q) => q.id === 'tevreden')!.bars[1]!.count).toBe(2);
    await t.query('DELETE FROM survey_responses WHERE id = $1', [added!.id]);
    expect((await get(base())).json<TSurveyResults>().responses).toBe(before.responses);

    await t.query("UPDATE address_projects SET building_unit = 'Blok C' WHERE project_id = $1 AND address_id = $2", [project, t.ids.addresses.a10]);
    const moved = (await get(base())).json<TSurveyResults>();
    expect(moved.building_units).toContain('Blok C');
    expect(moved.rate_per_unit.find((u) => u.building_unit === 'Blok C')).toMatchObject({ addresses: 1, answered: 1 });
    await t.query("UPDATE address_projects SET building_unit = 'Blok A' WHERE project_id = $1 AND address_id = $2", [project, t.ids.addresses.a10]);
  });

  it("answers the guard's 404 for another project's or another customer's survey", async () => {
    const other = t.ids.projects.rivierenwijk;
    const res = await get(base(other, survey));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: accessMessages.notReached });
    expect((await get(`${base(other, survey)}/responses`)).statusCode).toBe(404);
    expect((await get(`${base(other, survey)}/export?format=csv`)).statusCode).toBe(404);
    expect((await get(base(t.ids.projects.havenkwartier, survey))).statusCode).toBe(404);
    expect((await get(base(project, 999_999))).statusCode).toBe(404);
    expect((await get(base(), jan)).statusCode).toBe(401);
  });
});
