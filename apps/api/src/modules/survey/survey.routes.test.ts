import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, messages, surveyMessages, VISITOR_UNIQUE_HEADER, ZPublicSurveyList, ZSurvey, ZSurveyList,
  type TProject, type TPublicSurveyList, type TSurvey, type TSurveyListItem, type TSurveyPhoto, type TSurveyV1, type TSurveyV2,
} from '@portal/contract';
import { bearer, createTestApp, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let jan: string; // 1234AB 10, Bloemenbuurt
let fatima: string; // 1234AB 12, Bloemenbuurt and Rivierenwijk
let partner: string;
let ids: {
  satisfaction: number; kitchen: number; neighbourhood: number; sampleHome: number; solar: number; insulation: number;
  haven: number; dakZuidPublic: number; noModule: number;
};
let noModuleProject: number;

beforeAll(async () => {
  t = await createTestApp();
  [jan, fatima, partner] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12'), partnerToken(t.app)]);
  const byName = Object.fromEntries((await t.query<{ name: string; id: number }>('SELECT name, id FROM surveys')).map((r) => [r.name, r.id]));
  // A survey of another customer's project, a public survey in a non-public project, and a project without the survey module.
  const [haven] = await t.query<{ id: number }>(
    `INSERT INTO surveys (project_id, name, version, is_public, questions) VALUES ($1, 'Havenkwartier', 1, true, '[{"id":1,"question":"Cijfer?","type":"rating"}]') RETURNING id`,
    [t.ids.projects.havenkwartier],
  );
  const [dakZuid] = await t.query<{ id: number }>(
    `INSERT INTO surveys (project_id, name, version, is_public, questions) VALUES ($1, 'Dak', 1, true, '[{"id":1,"question":"Cijfer?","type":"rating"}]') RETURNING id`,
    [t.ids.projects.dakZuid],
  );
  const [project] = await t.query<{ id: number }>(
    `INSERT INTO projects (customer_id, name, modules) VALUES ($1, 'Zonder enquêtes', '[{"name":"news"},{"name":"messages"}]'::jsonb) RETURNING id`,
    [t.ids.customers.woonstad],
  );
  noModuleProject = project!.id;
  await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [t.ids.addresses.a12, noModuleProject]);
  await t.services.projects.invalidateAddressProjects(t.ids.addresses.a12);
  const [noModule] = await t.query<{ id: number }>(
    `INSERT INTO surveys (project_id, name, version, is_public, questions) VALUES ($1, 'Verborgen', 1, true, '[{"id":1,"question":"Cijfer?","type":"rating"}]') RETURNING id`,
    [noModuleProject],
  );
  ids = {
    satisfaction: byName['Tevredenheid over de voorbereiding']!, kitchen: byName['Wensen voor keuken en badkamer']!,
    neighbourhood: byName['Wonen in de Bloemenbuurt']!, sampleHome: byName['Uw bezoek aan de proefwoning']!,
    solar: byName['Zonnepanelen: uw voorkeur']!, insulation: byName['Tevredenheid na de isolatie']!,
    haven: haven!.id, dakZuidPublic: dakZuid!.id, noModule: noModule!.id,
  };
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

/** A multipart/form-data body with one file (and optional text fields). */
function multipart(file: { field?: string; filename: string; contentType: string; data: Buffer } | null, fields: Record<string, string> = { language: 'nl' }) {
  const boundary = `----survey${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (url: string, file: Parameters<typeof multipart>[0], token?: string) => {
  const body = multipart(file);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
};

const png = (width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: '#2e7d32' } }).png().toBuffer();
const pngFile = async (width?: number, height?: number) => ({ filename: 'foto.png', contentType: 'image/png', data: await png(width, height) });

const invalid = (errors: Array<{ field: string; message: string }>) => ({ message: surveyMessages.invalid, errors });

/** A complete, valid answer to the kitchen survey (photo id from an upload). */
const kitchenValues = (photoId: number) => ({
  naam: '  Jan de Vries ', kleur_keuken: 'Eiken naturel', kookplaat: 'Inductie', extra: ['Extra stopcontacten', 'Vaatwasseraansluiting'],
  opmerkingen: '', tevredenheid: 4, belang: null, foto_badkamer: photoId,
});

describe('GET /api/occupant/surveys/', () => {
  it("lists the project's surveys in order, each marked done for this address", async () => {
    const res = await get('/api/occupant/surveys/?language=nl', jan);
    expect(res.statusCode).toBe(200);
    expect(ZSurveyList.parse(res.json())).toEqual<TSurveyListItem[]>([
      { id: ids.satisfaction, name: 'Tevredenheid over de voorbereiding', version: 1, done: true },
      { id: ids.kitchen, name: 'Wensen voor keuken en badkamer', version: 2, done: false },
      { id: ids.neighbourhood, name: 'Wonen in de Bloemenbuurt', version: 1, done: false },
      { id: ids.sampleHome, name: 'Uw bezoek aan de proefwoning', version: 2, done: false },
    ]);
    // without the trailing slash too
    expect((await get('/api/occupant/surveys', jan)).statusCode).toBe(200);
  });

  it('lists the chosen project of a two-project resident; done is per address', async () => {
    const bloemenbuurt = await get(`/api/occupant/surveys/?project_id=${t.ids.projects.bloemenbuurt}`, fatima);
    expect(bloemenbuurt.json<TSurveyListItem[]>().map((s) => s.done)).toEqual([false, false, false, false]); // 1234AB 10's answer is not hers
    const rivierenwijk = await get(`/api/occupant/surveys/?project_id=${t.ids.projects.rivierenwijk}`, fatima);
    expect(rivierenwijk.json<TSurveyListItem[]>().map((s) => [s.name, s.version])).toEqual([['Zonnepanelen: uw voorkeur', 2], ['Tevredenheid na de isolatie', 1]]);
  });

  it("refuses another address's project, a project without the survey module, and callers who are not residents", async () => {
    const other = await get(`/api/occupant/surveys/?project_id=${t.ids.projects.rivierenwijk}`, jan);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Project niet gevonden' });
    const off = await get(`/api/occupant/surveys/?project_id=${noModuleProject}`, fatima);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ message: surveyMessages.moduleUnavailable });
    expect((await get('/api/occupant/surveys/')).statusCode).toBe(401);
    expect((await get('/api/occupant/surveys/', 'geen-echt-token')).statusCode).toBe(401);
    const staff = await get('/api/occupant/surveys/', partner);
    expect(staff.statusCode).toBe(401);
    expect(staff.json()).toEqual({ message: accessMessages.wrongFace });
  });
});

describe('GET /api/occupant/survey/{id}', () => {
  it('shows a done version 1 survey with the answers of this address, also on another device (a new login)', async () => {
    const again = await occupantToken(t.app, '10');
    const res = await get(`/api/occupant/survey/${ids.satisfaction}`, again);
    expect(res.statusCode).toBe(200);
    const survey = ZSurvey.parse(res.json()) as TSurveyV1;
    expect(survey).toMatchObject({ id: ids.satisfaction, version: 1, done: true, submitted_at: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/) });
    expect(survey.questions.map((q) => [q.type, q.answer])).toEqual([['rating', 8], ['open', 'Graag elke maand een korte update per e-mail.'], ['rating', 7]]);
    // another household sees it open and without those answers
    const hers = (await get(`/api/occupant/survey/${ids.satisfaction}`, fatima)).json<TSurveyV1>();
    expect(hers.done).toBe(false);
    expect(hers.questions.every((q) => q.answer === null)).toBe(true);
  });

  it('shows an open version 2 survey with every element type and no values', async () => {
    const res = await get(`/api/occupant/survey/${ids.kitchen}`, jan);
    expect(res.statusCode).toBe(200);
    const survey = ZSurvey.parse(res.json()) as TSurveyV2;
    expect(survey).toMatchObject({ version: 2, done: false, submitted_at: null });
    const elements = survey.form.flatMap((s) => s.elements);
    expect(new Set(elements.map((e) => e.type))).toEqual(new Set(['s_title', 's_textinput', 's_textareainput', 's_select', 's_smileyinput', 's_photoinput']));
    expect(elements.flatMap((e) => (e.type === 's_select' ? [e.data.type] : []))).toEqual(['dropdown', 'radio', 'check']);
    expect(elements.flatMap((e) => (e.type === 's_smileyinput' ? [e.data.icon] : []))).toEqual(['smiley', 'star']);
    expect(elements.every((e) => e.value === null && e.photo === null)).toBe(true);
    const title = elements.find((e) => e.type === 's_title');
    expect(title?.type === 's_title' && title.data.wysiwyg).toContain('<strong>wensen</strong>');
  });

  it("refuses another project's survey, another customer's, an unknown one and one of a project without the module with 404", async () => {
    for (const id of [ids.solar, ids.haven, 999999]) {
      const res = await get(`/api/occupant/survey/${id}`, jan);
      expect(res.statusCode, `survey ${id}`).toBe(404);
      expect(res.json()).toEqual({ message: surveyMessages.surveyNotFound });
    }
    expect((await get(`/api/occupant/survey/${ids.noModule}`, fatima)).statusCode).toBe(404);
    expect((await get('/api/occupant/survey/abc', jan)).statusCode).toBe(422);
  });
});

describe('POST /api/occupant/survey/{id}: version 1', () => {
  it('requires every open answer and a whole rating from 0 to 10', async () => {
    const url = `/api/occupant/survey/${ids.neighbourhood}`;
    const empty = await post(url, { language: 'nl' }, jan);
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual(invalid([
      { field: 'answers.1', message: surveyMessages.ratingRange },
      { field: 'answers.2', message: 'Vul hier een antwoord in.' },
    ]));
    for (const rating of [11, -1, 3.5, '7']) {
      const res = await post(url, { answers: [{ question_id: 1, answer: rating }, { question_id: 2, answer: 'Meer groen' }] }, jan);
      expect(res.statusCode, `rating ${rating}`).toBe(422);
      expect(res.json()).toEqual(invalid([{ field: 'answers.1', message: surveyMessages.ratingRange }]));
    }
    const blank = await post(url, { answers: [{ question_id: 1, answer: 0 }, { question_id: 2, answer: '   ' }] }, jan);
    expect(blank.json()).toEqual(invalid([{ field: 'answers.2', message: 'Vul hier een antwoord in.' }]));
    const unknown = await post(url, { answers: [{ question_id: 1, answer: 5 }, { question_id: 2, answer: 'x' }, { question_id: 99, answer: 'y' }] }, jan);
    expect(unknown.json()).toEqual(invalid([{ field: 'answers.99', message: surveyMessages.unknownQuestion }]));
    const twice = await post(url, { answers: [{ question_id: 1, answer: 5 }, { question_id: 1, answer: 6 }, { question_id: 2, answer: 'x' }] }, jan);
    expect(twice.json()).toEqual(invalid([{ field: 'answers.1', message: surveyMessages.duplicateAnswer }]));
    const malformed = await post(url, { answers: 'nee' }, jan);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ message: messages.invalidInput, errors: [{ field: 'answers' }] });
    // nothing was stored
    expect((await get(url, jan)).json<TSurvey>().done).toBe(false);
  });

  it('stores valid answers once: read-only afterwards, a second submit is a 409, the tile count drops', async () => {
    const url = `/api/occupant/survey/${ids.neighbourhood}`;
    const counts = async () => (await get('/api/occupant/project', jan)).json<TProject>().modules.find((m) => m.name === 'survey')?.nr_of_new_items;
    expect(await counts()).toBe(3);
    const res = await post(url, { answers: [{ question_id: 2, answer: '  Meer groen en bankjes.  ' }, { question_id: 1, answer: 10 }], language: 'nl' }, jan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Enquete verstuurd' });

    const survey = (await get(url, jan)).json<TSurveyV1>();
    expect(survey.done).toBe(true);
    expect(survey.questions.map((q) => q.answer)).toEqual([10, 'Meer groen en bankjes.']);
    expect((await get('/api/occupant/surveys/', jan)).json<TSurveyListItem[]>().find((s) => s.id === ids.neighbourhood)?.done).toBe(true);
    expect(await counts()).toBe(2);

    const again = await post(url, { answers: [{ question_id: 1, answer: 1 }, { question_id: 2, answer: 'Anders' }] }, jan);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: surveyMessages.alreadyDone });
    expect((await get(url, jan)).json<TSurveyV1>().questions.map((q) => q.answer)).toEqual([10, 'Meer groen en bankjes.']);
    // another occupant of the same address (a new login) shares the answer
    const [row] = await t.query<{ occupant_id: number; version: number }>('SELECT occupant_id, version FROM survey_responses WHERE survey_id = $1', [ids.neighbourhood]);
    expect(row).toEqual({ occupant_id: t.ids.occupants.jan, version: 1 });
  });

  it('lets exactly one of several submits at the same moment win', async () => {
    const url = `/api/occupant/survey/${ids.insulation}?project_id=${t.ids.projects.rivierenwijk}`;
    const body = { answers: [{ question_id: 1, answer: 9 }, { question_id: 2, answer: 'Veel warmer.' }, { question_id: 3, answer: 8 }] };
    const results = await Promise.all(Array.from({ length: 6 }, () => post(url, body, fatima)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual({ message: surveyMessages.alreadyDone });
    const [{ n } = { n: 0 }] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM survey_responses WHERE survey_id = $1', [ids.insulation]);
    expect(n).toBe(1);
  });

  it("refuses to take answers for another project's or another customer's survey", async () => {
    for (const id of [ids.insulation, ids.haven]) {
      const res = await post(`/api/occupant/survey/${id}`, { answers: [{ question_id: 1, answer: 5 }] }, jan);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: surveyMessages.surveyNotFound });
    }
    expect((await post(`/api/occupant/survey/${ids.kitchen}`, { values: {} })).statusCode).toBe(401);
  });
});

describe('POST /api/occupant/survey/{id}/element/{element_id}: photos', () => {
  const url = () => `/api/occupant/survey/${ids.kitchen}/element/foto_badkamer`;

  it('stores a png, scaled to the element’s size, and answers its id, size and link', async () => {
    const res = await upload(url(), await pngFile(2000, 1000), jan);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json<TSurveyPhoto>();
    expect(photo).toEqual({ id: expect.any(Number), image_width: 1600, image_height: 800, url: expect.stringMatching(/^\/api\/files\/\d+\/foto\.png\?token=[\w.-]+$/) });
    // the resident reads it through the link signed for their session; another address and a visitor do not
    const own = await get(photo.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect((await sharp(own.rawPayload).metadata()).width).toBe(1600);
    const plain = photo.url.split('?')[0]!;
    expect((await get(plain, jan)).statusCode).toBe(200);
    expect((await get(plain, fatima)).statusCode).toBe(404);
    expect((await get(plain)).statusCode).toBe(401);
  });

  it("takes the photo under the spec's multipart field name files[key] too (spec 7: uploads put files under files[key])", async () => {
    for (const field of ['files[image]', 'files[foto]']) {
      const res = await upload(url(), { ...(await pngFile(50, 20)), field }, jan);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TSurveyPhoto>()).toMatchObject({ image_width: 50, image_height: 20 });
    }
    const odd = await upload(url(), { ...(await pngFile()), field: 'files[]' }, jan);
    expect(odd.statusCode).toBe(422);
    expect(odd.json()).toEqual({ message: surveyMessages.photoMissing, errors: [{ field: 'image', message: surveyMessages.photoMissing }] });
  });

  it('refuses a renamed non-image, a too large file and a missing file, with a Dutch message', async () => {
    const text = await upload(url(), { filename: 'photo.png', contentType: 'image/png', data: Buffer.from('Dit is geen foto, maar tekst.\n'.repeat(20)) }, jan);
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ message: surveyMessages.photoType, errors: [{ field: 'image', message: surveyMessages.photoType }] });

    // png bytes up front, garbage after: not a readable image
    const broken = await upload(url(), { filename: 'foto.png', contentType: 'image/png', data: Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 7)]) }, jan);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toBe(surveyMessages.photoType);

    const gif = await upload(url(), { filename: 'foto.gif', contentType: 'image/gif', data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') }, jan);
    expect(gif.statusCode).toBe(422);

    const big = await upload(url(), { filename: 'groot.jpg', contentType: 'image/jpeg', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10)]) }, jan);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'De foto is te groot; het maximum is 10 MB.', errors: [{ field: 'image', message: 'De foto is te groot; het maximum is 10 MB.' }] });

    for (const body of [multipart(null), multipart({ ...(await pngFile()), field: 'bestand' })]) {
      const res = await t.app.inject({ method: 'POST', url: url(), payload: body.payload, headers: { ...body.headers, ...bearer(jan) } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: surveyMessages.photoMissing, errors: [{ field: 'image', message: surveyMessages.photoMissing }] });
    }
    const json = await post(url(), { image: 'x' }, jan);
    expect(json.statusCode).toBe(422);
    expect(json.json().message).toBe(surveyMessages.photoMissing);
  });

  it('strips EXIF and GPS metadata and turns the photo upright', async () => {
    const withExif = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#884400' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Geheim Copyright', Artist: 'Jan de Vries' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 5/1 26/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(withExif).metadata();
    expect(before.exif).toBeDefined();
    expect(withExif.includes(Buffer.from('Geheim Copyright'))).toBe(true);

    const res = await upload(url(), { filename: 'IMG_0001.JPG', contentType: 'image/jpeg', data: withExif }, jan);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json<TSurveyPhoto>();
    expect([photo.image_width, photo.image_height]).toEqual([40, 60]); // orientation 6 applied
    const stored = (await get(photo.url)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Geheim Copyright'))).toBe(false);
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('refuses an element that takes no photos, a version 1 survey and another project’s survey', async () => {
    const file = await pngFile();
    const text = await upload(`/api/occupant/survey/${ids.kitchen}/element/naam`, file, jan);
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ message: surveyMessages.photoNotAPhotoField, errors: [{ field: 'element_id', message: surveyMessages.photoNotAPhotoField }] });
    expect((await upload(`/api/occupant/survey/${ids.satisfaction}/element/foto`, file, jan)).statusCode).toBe(422);
    expect((await upload(`/api/occupant/survey/${ids.solar}/element/dak`, file, jan)).statusCode).toBe(404);
    expect((await upload(url(), file)).statusCode).toBe(401);
  });
});

describe('POST /api/occupant/survey/{id}: version 2', () => {
  it('checks every rule of every element type', async () => {
    const url = `/api/occupant/survey/${ids.kitchen}`;
    const empty = await post(url, { values: {} }, jan);
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual(invalid([
      { field: 'values.naam', message: surveyMessages.required },
      { field: 'values.kleur_keuken', message: surveyMessages.required },
      { field: 'values.kookplaat', message: surveyMessages.required },
      { field: 'values.extra', message: surveyMessages.checkRequired },
      { field: 'values.tevredenheid', message: surveyMessages.required },
      { field: 'values.foto_badkamer', message: surveyMessages.photoRequired },
    ]));
    // without a body's values at all: the same
    expect((await post(url, {}, jan)).json().errors).toHaveLength(6);

    const [janPhoto] = await t.query<{ id: number }>('SELECT id FROM survey_photos WHERE address_id = $1 LIMIT 1', [t.ids.addresses.a10]);
    const wrong = await post(url, {
      values: {
        naam: 'x'.repeat(81), kleur_keuken: 'Paars', kookplaat: 'Gas', extra: ['Vaatwasseraansluiting', 'Sauna'], opmerkingen: ['lijst'],
        tevredenheid: 6, belang: 4, foto_badkamer: 999999, onbekend: 'x', intro: 'titel',
      },
    }, jan);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(invalid([
      { field: 'values.onbekend', message: surveyMessages.unknownElement },
      { field: 'values.intro', message: surveyMessages.unknownElement },
      { field: 'values.naam', message: 'Gebruik maximaal 80 tekens' },
      { field: 'values.kleur_keuken', message: surveyMessages.notAnOption },
      { field: 'values.kookplaat', message: surveyMessages.notAnOption },
      { field: 'values.extra', message: surveyMessages.notAnOption },
      { field: 'values.opmerkingen', message: surveyMessages.invalidValue },
      { field: 'values.tevredenheid', message: 'Kies een waarde van 1 tot en met 5' },
      { field: 'values.belang', message: 'Kies een waarde van 1 tot en met 3' },
      { field: 'values.foto_badkamer', message: surveyMessages.photoUnknown },
    ]));
    expect(janPhoto).toBeDefined(); // Jan uploaded photos above

    // a check group given as text, a radio given a list, a scale given text or 0
    const types = await post(url, { values: { ...kitchenValues(janPhoto!.id), extra: 'Vaatwasseraansluiting', kookplaat: ['Inductie'], tevredenheid: 0 } }, jan);
    expect(types.json().errors).toEqual([
      { field: 'values.kookplaat', message: surveyMessages.invalidValue },
      { field: 'values.extra', message: surveyMessages.invalidValue },
      { field: 'values.tevredenheid', message: 'Kies een waarde van 1 tot en met 5' },
    ]);
  });

  it("refuses a photo another respondent uploaded, or one uploaded for another element", async () => {
    const url = `/api/occupant/survey/${ids.kitchen}?project_id=${t.ids.projects.bloemenbuurt}`;
    const hers = (await upload(`/api/occupant/survey/${ids.kitchen}/element/foto_badkamer`, await pngFile(), fatima)).json<TSurveyPhoto>();
    const res = await post(url, { values: kitchenValues(hers.id) }, jan);
    expect(res.json()).toEqual(invalid([{ field: 'values.foto_badkamer', message: surveyMessages.photoUnknown }]));
  });

  it('stores valid values with the photo; the answers and the photo come back; later uploads are refused', async () => {
    const photo = (await upload(`/api/occupant/survey/${ids.kitchen}/element/foto_badkamer`, await pngFile(80, 60), jan)).json<TSurveyPhoto>();
    const before = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM survey_photos WHERE survey_id = $1 AND address_id = $2', [ids.kitchen, t.ids.addresses.a10]);
    expect(before[0]!.n).toBeGreaterThan(1); // earlier uploads of the tests above

    const res = await post(`/api/occupant/survey/${ids.kitchen}`, { values: kitchenValues(photo.id) }, jan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Enquete verstuurd' });

    const survey = (await get(`/api/occupant/survey/${ids.kitchen}`, jan)).json<TSurveyV2>();
    expect(survey.done).toBe(true);
    const values = Object.fromEntries(survey.form.flatMap((s) => s.elements).map((e) => [e.id, e.value]));
    expect(values).toEqual({
      intro: null, naam: 'Jan de Vries', kleur_keuken: 'Eiken naturel', kookplaat: 'Inductie', extra: ['Extra stopcontacten', 'Vaatwasseraansluiting'],
      titel_badkamer: null, opmerkingen: null, tevredenheid: 4, belang: null, foto_badkamer: photo.id,
    });
    const element = survey.form.flatMap((s) => s.elements).find((e) => e.id === 'foto_badkamer');
    expect(element?.photo).toEqual(photo);
    expect((await get(photo.url)).statusCode).toBe(200);

    // the replaced uploads are gone, rows and files
    const after = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM survey_photos WHERE survey_id = $1 AND address_id = $2', [ids.kitchen, t.ids.addresses.a10]);
    expect(after[0]!.n).toBe(1);

    const late = await upload(`/api/occupant/survey/${ids.kitchen}/element/foto_badkamer`, await pngFile(), jan);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: surveyMessages.alreadyDone });
    expect((await post(`/api/occupant/survey/${ids.kitchen}`, { values: kitchenValues(photo.id) }, jan)).statusCode).toBe(409);
  });
});

/** The visitor code a public survey list answers with (header X-Visitor-Unique). */
const codeOf = (res: { headers: Record<string, unknown> }) => String(res.headers[VISITOR_UNIQUE_HEADER]);

describe('public surveys', () => {
  const list = (projectId: number, unique?: string) => get(`/api/public/surveys/${projectId}${unique ? `?unique=${unique}` : ''}`);

  it("issues a visitor code and lists a public project's public surveys only", async () => {
    const res = await list(t.ids.projects.bloemenbuurt);
    expect(res.statusCode).toBe(200);
    // the spec's shape: a list; the visitor's code comes in a header
    const answer = { surveys: ZPublicSurveyList.parse(res.json()), unique: String(res.headers[VISITOR_UNIQUE_HEADER]) };
    expect(Array.isArray(res.json())).toBe(true);
    expect(answer.unique).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(answer.surveys).toEqual([
      { id: ids.neighbourhood, name: 'Wonen in de Bloemenbuurt', version: 1, done: false },
      { id: ids.sampleHome, name: 'Uw bezoek aan de proefwoning', version: 2, done: false },
    ]);
    // a known code is kept (it may come from the chat); a malformed one is replaced
    expect(codeOf(await list(t.ids.projects.bloemenbuurt, answer.unique))).toBe(answer.unique);
    const replaced = codeOf(await list(t.ids.projects.bloemenbuurt, 'kort'));
    expect(replaced).not.toBe('kort');
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('answers 404 for a non-public project, an unknown one and one without the survey module', async () => {
    for (const id of [t.ids.projects.dakZuid, 999999]) {
      const res = await list(id);
      expect(res.statusCode, `project ${id}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Project niet gevonden' });
    }
    await t.query('UPDATE projects SET is_public = true WHERE id = $1', [noModuleProject]);
    await t.services.projects.invalidateProject(noModuleProject);
    const off = await list(noModuleProject);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ message: surveyMessages.moduleUnavailable });
    expect((await get(`/api/public/survey/${ids.noModule}`)).statusCode).toBe(404);
  });

  it('refuses a survey that is not public, or a public survey of a non-public project, with 404', async () => {
    const unique = codeOf(await list(t.ids.projects.bloemenbuurt));
    for (const id of [ids.kitchen, ids.satisfaction, ids.dakZuidPublic, 999999]) {
      const one = await get(`/api/public/survey/${id}?unique=${unique}`);
      expect(one.statusCode, `survey ${id}`).toBe(404);
      expect(one.json()).toEqual({ message: surveyMessages.surveyNotFound });
      expect((await post(`/api/public/survey/${id}/${unique}`, { answers: [{ question_id: 1, answer: 5 }] })).statusCode).toBe(404);
      expect((await upload(`/api/public/survey/${id}/${unique}/element/foto`, await pngFile())).statusCode).toBe(404);
    }
    // the public survey of another customer's public project is readable on that customer's host only
    const haven = (host: string) => t.app.inject({ method: 'GET', url: `/api/public/survey/${ids.haven}`, headers: { host } });
    expect((await haven('devries.localhost')).statusCode).toBe(200);
    const elsewhere = await haven('localhost');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: surveyMessages.surveyNotFound });
  });

  it("ties a visitor's answers to their code: done for them, open for everyone else", async () => {
    const visitor = codeOf(await list(t.ids.projects.bloemenbuurt));
    const other = codeOf(await list(t.ids.projects.bloemenbuurt));
    expect(other).not.toBe(visitor);
    const url = `/api/public/survey/${ids.neighbourhood}/${visitor}`;

    const bad = await post(url, { answers: [{ question_id: 1, answer: 12 }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual(invalid([
      { field: 'answers.1', message: surveyMessages.ratingRange },
      { field: 'answers.2', message: 'Vul hier een antwoord in.' },
    ]));

    const res = await post(url, { answers: [{ question_id: 1, answer: 6 }, { question_id: 2, answer: 'Een speeltuin.' }], language: 'nl' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Enquete verstuurd' });

    const mine = (await get(`/api/public/survey/${ids.neighbourhood}?unique=${visitor}`)).json<TSurveyV1>();
    expect(mine).toMatchObject({ done: true });
    expect(mine.questions.map((q) => q.answer)).toEqual([6, 'Een speeltuin.']);
    for (const query of [`?unique=${other}`, '']) {
      const theirs = (await get(`/api/public/survey/${ids.neighbourhood}${query}`)).json<TSurveyV1>();
      expect(theirs.done).toBe(false);
      expect(theirs.questions.every((q) => q.answer === null)).toBe(true);
    }
    expect((await list(t.ids.projects.bloemenbuurt, visitor)).json<TPublicSurveyList>().find((s) => s.id === ids.neighbourhood)?.done).toBe(true);
    expect((await list(t.ids.projects.bloemenbuurt, other)).json<TPublicSurveyList>().find((s) => s.id === ids.neighbourhood)?.done).toBe(false);

    const again = await post(url, { answers: [{ question_id: 1, answer: 1 }, { question_id: 2, answer: 'x' }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: surveyMessages.alreadyDone });
    // the other visitor answers on their own
    expect((await post(`/api/public/survey/${ids.neighbourhood}/${other}`, { answers: [{ question_id: 1, answer: 3 }, { question_id: 2, answer: 'Rust.' }] })).statusCode).toBe(200);
    // the code is kept only as its hash
    const stored = await t.query<{ visitor_token_hash: string }>('SELECT visitor_token_hash FROM survey_responses WHERE survey_id = $1 AND address_id IS NULL', [ids.neighbourhood]);
    expect(stored).toHaveLength(2);
    expect(stored.map((r) => r.visitor_token_hash)).not.toContain(visitor);
  });

  it("takes a visitor's photo for a version 2 survey and shows it only with their code", async () => {
    const visitor = codeOf(await list(t.ids.projects.bloemenbuurt));
    const up = await upload(`/api/public/survey/${ids.sampleHome}/${visitor}/element/foto`, await pngFile(50, 50));
    expect(up.statusCode, up.body).toBe(200);
    const photo = up.json<TSurveyPhoto>();
    expect(photo.url).toBe(`/api/public/survey/${ids.sampleHome}/${visitor}/photo/${photo.id}`);
    const image = await get(photo.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const someoneElse = codeOf(await list(t.ids.projects.bloemenbuurt));
    expect((await get(`/api/public/survey/${ids.sampleHome}/${someoneElse}/photo/${photo.id}`)).statusCode).toBe(404);
    // the generic file link does not open a visitor's photo
    const [file] = await t.query<{ file_id: number }>('SELECT file_id FROM survey_photos WHERE id = $1', [photo.id]);
    expect((await get(`/api/files/${file!.file_id}/foto.png`)).statusCode).toBe(401);

    const res = await post(`/api/public/survey/${ids.sampleHome}/${visitor}`, {
      values: { bezocht: 'Op afspraak', indruk: 5, onderdelen: ['Keuken', 'Isolatie'], toelichting: 'Mooi licht.', foto: photo.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const survey = (await get(`/api/public/survey/${ids.sampleHome}?unique=${visitor}`)).json<TSurveyV2>();
    expect(survey.done).toBe(true);
    expect(survey.form[0]!.elements.find((e) => e.id === 'foto')?.photo).toEqual(photo);
    // residents' lists do not count visitors' answers
    expect((await get('/api/occupant/surveys/', fatima)).json<TSurveyListItem[]>().find((s) => s.id === ids.sampleHome)?.done).toBe(false);
  });

  it('refuses malformed visitor codes in the path with 422', async () => {
    const res = await post(`/api/public/survey/${ids.neighbourhood}/kort`, { answers: [] });
    expect(res.statusCode).toBe(422);
  });
});

describe('rate limits on public posts', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_CLIENT_MAX: '3' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 after the limit of submits and uploads per client', async () => {
    const [survey] = await limited.query<{ id: number }>("SELECT id FROM surveys WHERE name = 'Wonen in de Bloemenbuurt'");
    const unique = codeOf(await limited.app.inject({ method: 'GET', url: `/api/public/surveys/${limited.ids.projects.bloemenbuurt}` }));
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await limited.app.inject({ method: 'POST', url: `/api/public/survey/${survey!.id}/${unique}`, payload: { answers: [] } })).statusCode);
    }
    expect(codes).toEqual([422, 422, 422, 429]);
    const res = await limited.app.inject({ method: 'POST', url: `/api/public/survey/${survey!.id}/${unique}`, payload: { answers: [] } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: messages.tooManyAttempts });
  });
});
