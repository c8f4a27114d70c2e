import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, occupantToken, partnerToken, type TestApp } from '../../test/helpers.ts';

const INVALID = { message: 'De invoer bevat ongeldige tekens.' };
const invalidField = (field: string) => ({ ...INVALID, errors: [{ field, message: 'Dit veld bevat ongeldige tekens.' }] });

describe('text with U+0000 or a lone surrogate, refused for every endpoint', () => {
  let t: TestApp;
  let resident: string;
  let partner: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_SLOWDOWN_MS: '0' } });
    resident = await occupantToken(t.app);
    partner = await partnerToken(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const messageCount = async () => Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM chat_messages'))[0]!.n);

  it('login, forgot-password and activation answer a Dutch 400 naming the field', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/public/login', payload: { username: 'jan\u0000', password: 'Geheim123' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(invalidField('username'));

    const lowSurrogate = await t.app.inject({ method: 'POST', url: '/api/public/login', payload: { zipcode: '1234AB', house_number: '10\uDC00', password: 'x' } });
    expect(lowSurrogate.statusCode).toBe(400);
    expect(lowSurrogate.json()).toEqual(invalidField('house_number'));

    const forgot = await t.app.inject({ method: 'POST', url: '/api/public/forgot-password', payload: { username: 'a\uD800@example.nl' } });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json()).toEqual(invalidField('username'));
  });

  it('the three chats store nothing and answer 400', async () => {
    const before = await messageCount();
    const project = t.ids.projects.bloemenbuurt;
    const own = await t.app.inject({ method: 'POST', url: '/api/occupant/chat', headers: bearer(resident), payload: { message: 'Hallo\u0000' } });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual(invalidField('message'));

    const visitor = await t.app.inject({ method: 'POST', url: `/api/public/chat/${project}`, payload: { from_name: 'Bezoeker \uD83D', message: 'Hallo' } });
    expect(visitor.statusCode).toBe(400);
    expect(visitor.json()).toEqual(invalidField('from_name'));

    const chats = await t.app.inject({ method: 'GET', url: `/api/partner/project/${project}/chats`, headers: bearer(partner) });
    const conversation = (chats.json() as Array<{ id: number }>)[0]!.id;
    const team = await t.app.inject({ method: 'POST', url: `/api/partner/chat/${conversation}`, headers: bearer(partner), payload: { message: '\u0000' } });
    expect(team.statusCode).toBe(400);
    expect(await messageCount()).toBe(before);

    // Emoji and diacritics are ordinary text.
    const fine = await t.app.inject({ method: 'POST', url: '/api/occupant/chat', headers: bearer(resident), payload: { message: 'Dank u 👍, tot ziens in café Één' } });
    expect(fine.statusCode).toBe(200);
  });

  it('household names, survey answers and object keys', async () => {
    const occupant = await t.app.inject({
      method: 'POST', url: '/api/occupant/occupants/', headers: bearer(resident),
      payload: { first_name: 'Piet\u0000', last_name: 'Jansen', gender: 'M', password: 'Welkom-2026-Thuis' },
    });
    expect(occupant.statusCode).toBe(400);
    expect(occupant.json()).toEqual(invalidField('first_name'));

    const surveys = (await t.app.inject({ method: 'GET', url: '/api/occupant/surveys/', headers: bearer(resident) })).json() as Array<{ id: number; done: boolean }>;
    const survey = surveys.find((s) => !s.done)!.id;
    const answer = await t.app.inject({ method: 'POST', url: `/api/occupant/survey/${survey}`, headers: bearer(resident), payload: { values: { 1: 'Prima\u0000' } } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(invalidField('values.1'));

    // A key is text too; the field is named without echoing the refused character.
    const key = await t.app.inject({ method: 'POST', url: `/api/occupant/survey/${survey}`, headers: bearer(resident), payload: { values: { 'x\uD800': 'Prima' } } });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual(invalidField('values.x\uFFFD'));
  });

  it('the customer lookup: the query and the Host header', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/public/customer/?domain=portaal%00.nl' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(invalidField('domain'));

    const host = await t.app.inject({ method: 'GET', url: '/api/public/customer/', headers: { host: 'portaal\u0000.nl' } });
    expect(host.statusCode).toBe(400);
    expect(host.json()).toEqual(invalidField('host'));

    // With a token: refused before the session's customer is looked up by host.
    const occupantHost = await t.app.inject({ method: 'GET', url: '/api/occupant/projects', headers: { ...bearer(resident), host: 'a\u0000' } });
    expect(occupantHost.statusCode).toBe(400);
  });

  it('path parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/chat/1/abc%00defghijklmnopqrstuvwxyz' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidField('unique'));
  });

  it('multipart text fields and file names of a survey photo', async () => {
    // A photo element of a survey this address has not answered yet.
    const surveys = (await t.app.inject({ method: 'GET', url: '/api/occupant/surveys/', headers: bearer(resident) })).json() as Array<{ id: number; done: boolean; version: number }>;
    let target = '';
    for (const { id } of surveys.filter((s) => !s.done && s.version === 2)) {
      const survey = (await t.app.inject({ method: 'GET', url: `/api/occupant/survey/${id}`, headers: bearer(resident) })).json() as { form: Array<{ elements: Array<{ id: string; type: string }> }> };
      const photo = survey.form.flatMap((section) => section.elements).find((element) => element.type === 's_photoinput');
      if (photo) target = `/api/occupant/survey/${id}/element/${photo.id}`;
    }
    expect(target).not.toBe('');
    const boundary = '----guard';
    const form = (...parts: string[]) => Buffer.from(`${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`, 'latin1');
    const upload = (payload: Buffer) => t.app.inject({
      method: 'POST', url: target, payload,
      headers: { ...bearer(resident), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const field = await upload(form('Content-Disposition: form-data; name="title"\r\n\r\nfoto\u0000', 'Content-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG'));
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual(invalidField('title'));

    const filename = await upload(form('Content-Disposition: form-data; name="image"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG'));
    expect(filename.statusCode).toBe(400);
    expect(filename.json()).toEqual(invalidField('image'));
  });
});

describe('raw invalid UTF-8, sizes, nesting, numbers and shapes: a Dutch 4xx, never a 500', () => {
  let t: TestApp;
  let resident: string;

  beforeAll(async () => {
    t = await createTestApp();
    resident = await occupantToken(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('invalid UTF-8 bytes in a JSON body are a Dutch 400 and nothing is stored (not U+FFFD)', async () => {
    const count = async () => Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM chat_messages'))[0]!.n);
    const before = await count();
    const post = (payload: Buffer) => t.app.inject({ method: 'POST', url: '/api/occupant/chat', headers: { ...bearer(resident), 'content-type': 'application/json; charset=utf-8' }, payload });
    // A stray 0xFF, an encoded surrogate (ED A0 80), an overlong NUL (C0 80), a sequence cut short (E2 82).
    for (const bad of [[0xff], [0xed, 0xa0, 0x80], [0xc0, 0x80], [0xe2, 0x82]]) {
      const res = await post(Buffer.concat([Buffer.from('{"message":"a'), Buffer.from(bad), Buffer.from('b"}')]));
      expect(res.statusCode, bad.join(' ')).toBe(400);
      expect(res.json()).toEqual({ message: 'De invoer bevat tekens die niet goed zijn gecodeerd (geen geldige UTF-8).' });
    }
    expect(await count()).toBe(before);

    // Real UTF-8 (a byte order mark in front, diacritics, an emoji) is text as ever; __proto__ is still refused.
    const fine = await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"message":"Café Één 👍"}')]));
    expect(fine.statusCode, fine.body).toBe(200);
    const [row] = await t.query<{ message: string }>('SELECT message FROM chat_messages ORDER BY id DESC LIMIT 1');
    expect(row!.message).toBe('Café Één 👍');
    expect((await post(Buffer.from('{"message":"x","__proto__":{"a":1}}'))).statusCode).toBe(400);
  });

  it('an undecodable escape in the path is a Dutch 400; in the query it is kept as text, not an error', async () => {
    for (const url of ['/api/public/news/%ED%A0%80', '/api/public/news/%FF', '/api/public/news/%C0%80']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: 'Het adres van dit verzoek is ongeldig.' });
    }
    const query = await t.app.inject({ method: 'GET', url: '/api/public/customer/?domain=%FF%ED%A0%80' });
    expect(query.statusCode).toBeLessThan(500);
  });

  it('a body over 1 MB is a Dutch 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Het bestand of verzoek is te groot.' });
  });

  it('100,000 levels of nesting are a Dutch 400, and the server carries on', async () => {
    for (const payload of ['['.repeat(100_000) + ']'.repeat(100_000), '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/occupant/chat', headers: { ...bearer(resident), 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'De invoer is te diep genest.' });
    }
    const nested = await t.app.inject({ method: 'POST', url: '/api/occupant/chat', headers: bearer(resident), payload: { message: 'x', extra: [[[[['diep, maar niet te']]]]] } });
    expect(nested.statusCode).toBe(200);
  });

  it('ids beyond PostgreSQL integer are refused by validation (422), not by the database', async () => {
    for (const id of ['2147483648', '99999999999999999999', '1e400', '-1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/news/${t.ids.projects.bloemenbuurt}/article/${id}` });
      expect(res.statusCode, id).toBe(422);
      const query = await t.app.inject({ method: 'GET', url: `/api/occupant/news?project_id=${id}`, headers: bearer(resident) });
      expect(query.statusCode, id).toBe(422);
    }
  });

  it('empty, broken, mistyped and unsupported bodies', async () => {
    const post = (payload: string, contentType: string) => t.app.inject({ method: 'POST', url: '/api/public/login', headers: { 'content-type': contentType }, payload });
    expect((await post('', 'application/json')).json()).toEqual({ message: 'Het verzoek is niet goed opgebouwd.' });
    expect((await post('{"username":', 'application/json')).statusCode).toBe(400);
    const array = await post('[{"username":"jan"}]', 'application/json');
    expect(array.statusCode).toBe(422);
    expect(array.json()).toMatchObject({ message: 'Formulier niet goed ingevuld' });
    expect((await post('username=jan', 'text/plain')).statusCode).toBe(422); // Fastify parses text/plain as a string
    const xml = await post('<login/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ message: 'Dit soort inhoud wordt niet ondersteund.' });
  });
});
