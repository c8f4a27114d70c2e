import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, chatMessages, isNotificationVisible, messages, ZChatSendResponse, ZOccupantChat, ZPartnerChat, ZPartnerConversation, ZProject, ZPublicChat,
  type TChatMessage, type TOccupantChat, type TPartnerConversation, type TPublicChat,
} from '@portal/contract';
import { hashToken } from '../../lib/tokens.ts';
import { adminToken, bearer, createTestApp, DEMO, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';
import { toChatNotification } from './chat.service.ts';

const PARTNER_NAME = 'Pieter Bakker (Installatiebedrijf Bakker)';
const invalid = (errors: Array<{ field: string; message: string }>) => ({ message: messages.invalidInput, errors });

function client(t: TestApp) {
  return {
    get: (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} }),
    post: (url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(token ? bearer(token) : {}), ...headers } }),
  };
}

const texts = (chat: TChatMessage[]) => chat.map((m) => m.message);

describe('resident chat: GET and POST /api/occupant/chat', () => {
  let t: TestApp;
  let jan: string; // 1234AB 10, Bloemenbuurt only
  let fatima: string; // 1234AB 12, Bloemenbuurt and Rivierenwijk
  let partner: string;
  let http: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp();
    http = client(t);
    [jan, fatima, partner] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12'), partnerToken(t.app)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the address's conversation oldest first, with the team's names, and the project's notification", async () => {
    const res = await http.get('/api/occupant/chat?language=nl', jan);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ZOccupantChat.parse(res.json());
    expect(body.chat).toHaveLength(5);
    expect(body.chat[0]).toMatchObject({
      message: expect.stringMatching(/^Goedemiddag, wanneer worden de nieuwe kozijnen/), from_user_name: null, from_address_name: 'Jan de Vries', type: 'chat',
    });
    expect(body.chat[1]).toMatchObject({ from_user_name: PARTNER_NAME, from_address_name: null, type: 'chat' });
    const times = body.chat.map((m) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const m of body.chat) expect(m.created_at).toBe(new Date(m.created_at).toISOString());

    const notification = body.notification!;
    expect(notification).toMatchObject({
      show: 'between', title: 'Buiten kantooruren', from_hour: '08:00', till_hour: '17:00',
      monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false,
    });
    expect(notification.text).toContain('maandag tot en met vrijdag');
    expect(notification.is_visible).toBe(isNotificationVisible(notification, new Date()));
  });

  it("gives the spec's chat answer (chat, customer, client, unique) to a resident too", async () => {
    const [jansRow] = await t.query<{ email: string | null }>("SELECT email_address AS email FROM occupants WHERE id = $1", [t.ids.occupants.jan]);
    const [project] = await t.query<{ id: number; name: string; customer_id: number; customer: string }>(
      'SELECT p.id, p.name, p.customer_id, c.name AS customer FROM projects p JOIN customers c ON c.id = p.customer_id WHERE p.id = $1', [t.ids.projects.bloemenbuurt]);
    const body = ZOccupantChat.parse((await http.get('/api/occupant/chat?language=nl', jan)).json());
    expect(body.customer).toEqual({ id: project!.customer_id, name: project!.customer, project_name: project!.name, notification: body.notification });
    expect(body.client).toEqual({ name: 'Jan de Vries', email: jansRow!.email });
    expect(body.unique).toBeNull(); // residents are known by their address, not by a visitor code
    // Fatima's answer names her, and the project asked for
    const [river] = await t.query<{ name: string }>('SELECT name FROM projects WHERE id = $1', [t.ids.projects.rivierenwijk]);
    const hers = ZOccupantChat.parse((await http.get(`/api/occupant/chat?project_id=${t.ids.projects.rivierenwijk}`, fatima)).json());
    expect(hers).toMatchObject({ customer: { project_name: river!.name }, client: { name: 'Fatima El Amrani' }, unique: null });
  });

  it('sends a message: 200 Bericht verzonden, and it comes back last in the conversation', async () => {
    const res = await http.post('/api/occupant/chat', { message: '  Kan de monteur ook na 16:00 uur komen?  ', language: 'nl' }, jan);
    expect(res.statusCode).toBe(200);
    const body = ZChatSendResponse.parse(res.json());
    expect(body).toMatchObject({ success: true, message: 'Bericht verzonden' });
    expect(body.item).toMatchObject({ message: 'Kan de monteur ook na 16:00 uur komen?', from_user_name: null, from_address_name: 'Jan de Vries', type: 'chat' });
    expect(body.unique).toBeUndefined();

    const chat = (await http.get('/api/occupant/chat', jan)).json<TOccupantChat>().chat;
    expect(chat.at(-1)).toEqual(body.item);
  });

  it.each([
    ['an empty message', { message: '' }],
    ['a message of spaces', { message: '   \n ' }],
    ['no message at all', {}],
    ['a message that is not text', { message: 42 }],
  ])("refuses %s with 422 'Vul a.u.b. een bericht in.'", async (_label, payload) => {
    const res = await http.post('/api/occupant/chat', payload, jan);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalid([{ field: 'message', message: 'Vul a.u.b. een bericht in.' }]));
  });

  it('refuses a message over 5000 characters', async () => {
    const res = await http.post('/api/occupant/chat', { message: 'x'.repeat(5001) }, jan);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalid([{ field: 'message', message: chatMessages.messageTooLong }]));
  });

  it("keeps each address's conversation its own, per project", async () => {
    // Fatima's Bloemenbuurt conversation does not exist yet: she sees none of Jan's messages.
    const before = (await http.get('/api/occupant/chat', fatima)).json<TOccupantChat>();
    expect(before.chat).toEqual([]);
    expect((await http.post('/api/occupant/chat', { message: 'Bericht van nummer 12' }, fatima)).statusCode).toBe(200);
    expect(texts((await http.get('/api/occupant/chat', fatima)).json<TOccupantChat>().chat)).toEqual(['Bericht van nummer 12']);
    expect(texts((await http.get('/api/occupant/chat', jan)).json<TOccupantChat>().chat)).not.toContain('Bericht van nummer 12');

    // In Rivierenwijk she has her own conversation with the 'on' notification, always visible.
    const rivierenwijk = (await http.get(`/api/occupant/chat?project_id=${t.ids.projects.rivierenwijk}`, fatima)).json<TOccupantChat>();
    expect(rivierenwijk.chat.map((m) => m.from_address_name ?? m.from_user_name)).toEqual(['Fatima El Amrani', 'Sanne Visser (Woonstad)']);
    expect(rivierenwijk.notification).toMatchObject({ show: 'on', title: 'Let op: bouwvak', is_visible: true });
  });

  it("refuses another address's project and another customer's project with 404", async () => {
    for (const id of [t.ids.projects.rivierenwijk, t.ids.projects.havenkwartier, 999999]) {
      const get = await http.get(`/api/occupant/chat?project_id=${id}`, jan);
      expect(get.statusCode, `GET project ${id}`).toBe(404);
      expect(get.json()).toEqual({ message: 'Project niet gevonden' });
      const post = await http.post(`/api/occupant/chat?project_id=${id}`, { message: 'Hallo' }, jan);
      expect(post.statusCode, `POST project ${id}`).toBe(404);
    }
    // and nothing was stored for Jan in Rivierenwijk
    const rows = await t.query('SELECT 1 FROM chat_conversations WHERE project_id = $1 AND address_id = $2', [t.ids.projects.rivierenwijk, t.ids.addresses.a10]);
    expect(rows).toEqual([]);
  });

  it('refuses without a token (401) and with a staff token (401)', async () => {
    expect((await http.get('/api/occupant/chat')).statusCode).toBe(401);
    expect((await http.post('/api/occupant/chat', { message: 'x' })).statusCode).toBe(401);
    const staff = await http.get('/api/occupant/chat', partner);
    expect(staff.statusCode).toBe(401);
    expect(staff.json()).toEqual({ message: accessMessages.wrongFace });
  });

  it("answers 404 for a project without the 'messages' module", async () => {
    const [project] = await t.query<{ id: number }>(
      "INSERT INTO projects (customer_id, name, modules) VALUES ($1, 'Zonder chat', '[{\"name\":\"news\"}]'::jsonb) RETURNING id", [t.ids.customers.woonstad],
    );
    await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [t.ids.addresses.a10, project!.id]);
    await t.services.projects.invalidateAddressProjects(t.ids.addresses.a10);
    for (const res of [
      await http.get(`/api/occupant/chat?project_id=${project!.id}`, jan),
      await http.post(`/api/occupant/chat?project_id=${project!.id}`, { message: 'Hallo' }, jan),
      await http.get(`/api/public/chat/${project!.id}`),
      await http.post(`/api/public/chat/${project!.id}`, { from_name: 'Bezoeker', message: 'Hallo' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Contact is niet beschikbaar voor dit project.' });
    }
  });

  it("limits a resident's messages per address (CHAT_RATE_LIMIT_MAX)", async () => {
    const limited = await createTestApp({ env: { CHAT_RATE_LIMIT_MAX: '2' } });
    try {
      const token = await occupantToken(limited.app, '10');
      const send = () => limited.app.inject({ method: 'POST', url: '/api/occupant/chat', payload: { message: 'Hallo' }, headers: bearer(token) });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: messages.tooManyAttempts });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('notifications: project first, then the customer, with the out-of-hours rule', () => {
  let t: TestApp;
  let jan: string;
  beforeAll(async () => {
    t = await createTestApp();
    jan = await occupantToken(t.app, '10');
  });
  afterAll(async () => {
    await t?.close();
  });
  const notificationOf = async () => (await t.app.inject({ method: 'GET', url: '/api/occupant/chat', headers: bearer(jan) })).json<TOccupantChat>().notification;
  const publicNotificationOf = async () => (await t.app.inject({ method: 'GET', url: `/api/public/chat/${t.ids.projects.bloemenbuurt}` })).json<TPublicChat>().customer.notification;
  const setProject = (sql: string) => t.query(`UPDATE chat_notifications SET ${sql} WHERE project_id = $1`, [t.ids.projects.bloemenbuurt]);

  it("shows 'between' when no weekday is flagged (always out of hours) and hides it when open around the clock", async () => {
    await setProject("show = 'between', sunday = false, monday = false, tuesday = false, wednesday = false, thursday = false, friday = false, saturday = false");
    expect(await notificationOf()).toMatchObject({ show: 'between', is_visible: true });
    expect(await publicNotificationOf()).toMatchObject({ show: 'between', is_visible: true });
    await setProject("sunday = true, monday = true, tuesday = true, wednesday = true, thursday = true, friday = true, saturday = true, from_hour = '00:00', till_hour = '24:00'");
    expect(await notificationOf()).toMatchObject({ show: 'between', is_visible: false });
    expect(await publicNotificationOf()).toMatchObject({ is_visible: false });
  });

  it("shows 'on' always and 'off' never", async () => {
    await setProject("show = 'on'");
    expect(await notificationOf()).toMatchObject({ show: 'on', is_visible: true });
    await setProject("show = 'off'");
    expect(await notificationOf()).toMatchObject({ show: 'off', is_visible: false });
  });

  it("falls back to the customer's notification, and answers null without either", async () => {
    await t.query('DELETE FROM chat_notifications WHERE project_id = $1', [t.ids.projects.bloemenbuurt]);
    expect(await notificationOf()).toBeNull();
    await t.query(
      "INSERT INTO chat_notifications (customer_id, project_id, show, title, text) VALUES ($1, NULL, 'on', 'Woonstad meldt', 'Algemene melding')",
      [t.ids.customers.woonstad],
    );
    expect(await notificationOf()).toMatchObject({ show: 'on', title: 'Woonstad meldt', text: 'Algemene melding', is_visible: true });
  });

  it('computes is_visible at a fixed time in Europe/Amsterdam (toChatNotification)', () => {
    const row = {
      id: 1, customerId: 1, projectId: 1, show: 'between' as const, title: 'T', text: 'X', fromHour: '08:00', tillHour: '17:00',
      sunday: false, monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false,
    };
    expect(toChatNotification(row, new Date('2026-03-30T06:30:00Z')).is_visible).toBe(false); // Monday 08:30 CEST, the day after DST starts
    expect(toChatNotification(row, new Date('2026-03-30T05:30:00Z')).is_visible).toBe(true); // Monday 07:30 CEST
    expect(toChatNotification(row, new Date('2026-03-29T10:00:00Z')).is_visible).toBe(true); // Sunday
    expect(toChatNotification({ ...row, show: 'off' }, new Date('2026-03-29T10:00:00Z')).is_visible).toBe(false);
  });
});

describe('public chat: GET and POST /api/public/chat/{project_id}[/{unique}]', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    http = client(t);
    base = `/api/public/chat/${t.ids.projects.bloemenbuurt}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const issue = async (url = base) => {
    const res = await http.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return ZPublicChat.parse(res.json());
  };

  it('issues a new random visitor code without one, and stores it (hashed)', async () => {
    const first = await issue();
    expect(first.unique).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first).toMatchObject({
      chat: [],
      customer: { id: t.ids.customers.woonstad, name: 'Woonstad Vernieuwd', project_name: 'Renovatie Bloemenbuurt', notification: { show: 'between', title: 'Buiten kantooruren' } },
      client: { name: null, email: null },
    });
    const rows = await t.query<{ project_id: number }>('SELECT project_id FROM chat_conversations WHERE visitor_token_hash = $1', [hashToken(first.unique)]);
    expect(rows).toEqual([{ project_id: t.ids.projects.bloemenbuurt }]);
    expect(await t.query('SELECT 1 FROM chat_conversations WHERE visitor_token_hash = $1', [first.unique])).toEqual([]);

    const second = await issue();
    expect(second.unique).not.toBe(first.unique);
    // with the code, the same conversation and the same code
    expect((await issue(`${base}/${first.unique}?language=nl`)).unique).toBe(first.unique);
  });

  it("keeps a well-formed code it has not seen (surveys and forms share the visitor's code), without storing anything yet", async () => {
    const shared = 'a'.repeat(32);
    const answer = await issue(`${base}/${shared}`);
    expect(answer).toMatchObject({ unique: shared, chat: [], client: { name: null, email: null } });
    expect(await t.query('SELECT 1 FROM chat_conversations WHERE visitor_token_hash = $1', [hashToken(shared)])).toEqual([]);
    // the first message starts its conversation
    expect((await http.post(`${base}/${shared}`, { from_name: 'Gedeelde code', message: 'Eerste bericht' })).json()).toMatchObject({ unique: shared });
    expect(texts((await issue(`${base}/${shared}`)).chat)).toEqual(['Eerste bericht']);
  });

  it('refuses a malformed code or project id with 422', async () => {
    for (const url of [`${base}/kort`, `${base}/${'x'.repeat(20)}$`, `${base}/${'x'.repeat(65)}`, '/api/public/chat/abc', '/api/public/chat/0']) {
      const res = await http.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(messages.invalidInput);
    }
  });

  it('answers 404 for a hidden project and an unknown one', async () => {
    for (const id of [t.ids.projects.dakZuid, 999999]) {
      for (const res of [await http.get(`/api/public/chat/${id}`), await http.post(`/api/public/chat/${id}`, { from_name: 'A', message: 'B' })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Project niet gevonden' });
      }
    }
  });

  it('validates name (required), e-mail (optional but valid) and message (required) with the spec texts', async () => {
    const { unique } = await issue();
    const url = `${base}/${unique}`;
    const empty = await http.post(url, { from_name: '', from_email: '', message: '', language: 'nl' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual(invalid([
      { field: 'from_name', message: 'Vul a.u.b. een naam in.' },
      { field: 'message', message: 'Vul a.u.b. een bericht in.' },
    ]));
    const missing = await http.post(url, {});
    expect(missing.json()).toEqual(invalid([
      { field: 'from_name', message: 'Vul a.u.b. een naam in.' },
      { field: 'message', message: 'Vul a.u.b. een bericht in.' },
    ]));
    const badEmail = await http.post(url, { from_name: 'Anna', from_email: 'anna@voorbeeld', message: 'Hallo' });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json()).toEqual(invalid([{ field: 'from_email', message: 'Vul een geldig e-mailadres in' }]));
    const spaces = await http.post(url, { from_name: '   ', message: 'Hallo' });
    expect(spaces.json()).toEqual(invalid([{ field: 'from_name', message: 'Vul a.u.b. een naam in.' }]));
    // nothing was stored
    expect((await issue(url)).chat).toEqual([]);
  });

  it('sends with and without an e-mail address, and remembers the name and e-mail', async () => {
    const { unique } = await issue();
    const url = `${base}/${unique}`;
    const first = await http.post(url, { from_name: ' Anna Bakker ', from_email: '', message: 'Wanneer is de informatieavond?', language: 'nl' });
    expect(first.statusCode).toBe(200);
    expect(ZChatSendResponse.parse(first.json())).toMatchObject({
      success: true, message: 'Bericht verzonden', unique, item: { message: 'Wanneer is de informatieavond?', from_address_name: 'Anna Bakker', from_user_name: null },
    });
    expect((await issue(url)).client).toEqual({ name: 'Anna Bakker', email: null });

    const second = await http.post(url, { from_name: 'Anna Bakker', from_email: 'anna@example.nl', message: 'En waar?' });
    expect(second.statusCode).toBe(200);
    const chat = await issue(url);
    expect(texts(chat.chat)).toEqual(['Wanneer is de informatieavond?', 'En waar?']);
    expect(chat.client).toEqual({ name: 'Anna Bakker', email: 'anna@example.nl' });
    // a null e-mail is fine too
    expect((await http.post(url, { from_name: 'Anna Bakker', from_email: null, message: 'Nog een vraag' })).statusCode).toBe(200);
  });

  it("never shows one visitor's conversation to another visitor's code", async () => {
    const a = await issue();
    const b = await issue();
    await http.post(`${base}/${a.unique}`, { from_name: 'Visitor A', from_email: 'a@example.nl', message: 'Geheim van A' });
    await http.post(`${base}/${b.unique}`, { from_name: 'Visitor B', message: 'Bericht van B' });
    const seenByB = await issue(`${base}/${b.unique}`);
    expect(texts(seenByB.chat)).toEqual(['Bericht van B']);
    expect(seenByB.client).toEqual({ name: 'Visitor B', email: null });
    expect(texts((await issue(`${base}/${a.unique}`)).chat)).toEqual(['Geheim van A']);
    // A's code on another project opens nothing of A's: conversations are per project
    const elsewhere = await issue(`/api/public/chat/${t.ids.projects.rivierenwijk}/${a.unique}`);
    expect(elsewhere).toMatchObject({ chat: [], client: { name: null, email: null } });
    // nor does a post there land in A's conversation
    expect((await http.post(`/api/public/chat/${t.ids.projects.rivierenwijk}/${a.unique}`, { from_name: 'X', message: 'Elders' })).statusCode).toBe(200);
    expect(texts((await issue(`${base}/${a.unique}`)).chat)).toEqual(['Geheim van A']);
    expect(texts((await issue(`/api/public/chat/${t.ids.projects.rivierenwijk}/${a.unique}`)).chat)).toEqual(['Elders']);
  });

  it('sends without a code: a new code comes with the answer', async () => {
    const res = await http.post(base, { from_name: 'Zonder code', message: 'Hallo' });
    expect(res.statusCode).toBe(200);
    const { unique } = res.json<{ unique: string }>();
    expect(texts((await issue(`${base}/${unique}`)).chat)).toEqual(['Hallo']);
  });
});

describe('public chat rate limits', () => {
  it('limits per client address', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_CLIENT_MAX: '3', CHAT_RATE_LIMIT_MAX: '100' } });
    try {
      const base = `/api/public/chat/${t.ids.projects.bloemenbuurt}`;
      const send = (unique: string) => t.app.inject({ method: 'POST', url: `${base}/${unique}`, payload: { from_name: 'A', message: 'B' } });
      const { unique } = (await t.app.inject({ method: 'GET', url: base })).json<TPublicChat>();
      for (let i = 0; i < 3; i++) expect((await send(unique)).statusCode).toBe(200);
      const refused = await send(unique);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: messages.tooManyAttempts });
      // from another client address it still works
      const other = await t.app.inject({ method: 'POST', url: `${base}/${unique}`, payload: { from_name: 'A', message: 'B' }, remoteAddress: '10.1.2.3' });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits per visitor code', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_CLIENT_MAX: '100', CHAT_RATE_LIMIT_MAX: '2' } });
    try {
      const base = `/api/public/chat/${t.ids.projects.bloemenbuurt}`;
      const code = async () => (await t.app.inject({ method: 'GET', url: base })).json<TPublicChat>().unique;
      const send = (unique: string) => t.app.inject({ method: 'POST', url: `${base}/${unique}`, payload: { from_name: 'A', message: 'B' } });
      const [a, b] = [await code(), await code()];
      expect((await send(a)).statusCode).toBe(200);
      expect((await send(a)).statusCode).toBe(200);
      expect((await send(a)).statusCode).toBe(429);
      expect((await send(b)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits issuing new visitor codes per client address', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_CLIENT_MAX: '2' } });
    try {
      const get = () => t.app.inject({ method: 'GET', url: `/api/public/chat/${t.ids.projects.bloemenbuurt}` });
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe("the team's inbox: /api/partner/project/{project_id}/chats and /api/partner/chat/{conversation_id}", () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let partner: string; // both customers
  let admin: string; // Woonstad only
  let woco: string; // Woonstad only
  let jan: string;
  beforeAll(async () => {
    t = await createTestApp();
    http = client(t);
    [partner, admin, jan] = await Promise.all([partnerToken(t.app), adminToken(t.app), occupantToken(t.app, '10')]);
    woco = (await t.app.inject({ method: 'POST', url: '/api/public/woco/login', payload: { token: DEMO.wocoToken } })).json<{ token: string }>().token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const inbox = async (projectId: number, token = partner) => {
    const res = await http.get(`/api/partner/project/${projectId}/chats?language=nl`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TPartnerConversation[]>().map((c) => ZPartnerConversation.parse(c));
  };

  it('lists the conversations with a message: unread first, then the newest, with name, address or e-mail and preview', async () => {
    const list = await inbox(t.ids.projects.bloemenbuurt);
    expect(list.map((c) => [c.name, c.unread_count])).toEqual([['Marieke Smit', 1], ['Jan de Vries', 1]]);
    const [visitor, address] = list;
    expect(visitor).toMatchObject({
      kind: 'visitor', address: null, email: 'marieke.smit@example.nl', project_id: t.ids.projects.bloemenbuurt,
      last_message_preview: 'Fijn, waar kan ik me aanmelden voor die informatieavond?', last_message_from_staff: false,
    });
    expect(address).toMatchObject({ kind: 'address', name: 'Jan de Vries', address: 'Tulpstraat 10, 1234 AB Utrecht', email: null });
    expect(Date.parse(visitor!.last_message_at)).toBeGreaterThan(Date.parse(address!.last_message_at));

    // a visitor who only opened the chat (no message) is not listed
    await http.get(`/api/public/chat/${t.ids.projects.bloemenbuurt}`);
    expect(await inbox(t.ids.projects.bloemenbuurt)).toHaveLength(2);
  });

  it("opens a conversation (oldest first) and marks the resident's messages read", async () => {
    const [, janEntry] = await inbox(t.ids.projects.bloemenbuurt);
    const res = await http.get(`/api/partner/chat/${janEntry!.id}`, partner);
    expect(res.statusCode).toBe(200);
    const body = ZPartnerChat.parse(res.json());
    expect(body.conversation).toMatchObject({ id: janEntry!.id, name: 'Jan de Vries', unread_count: 0 });
    expect(body.chat).toHaveLength(5);
    expect(body.chat.at(-1)!.message).toBe('Is het mogelijk om de afspraak op een woensdag te plannen? Dan ben ik vrij.');

    const after = await inbox(t.ids.projects.bloemenbuurt);
    expect(after.map((c) => [c.name, c.unread_count])).toEqual([['Marieke Smit', 1], ['Jan de Vries', 0]]);
    const unread = await t.query('SELECT id FROM chat_messages WHERE conversation_id = $1 AND NOT from_staff AND read_at IS NULL', [janEntry!.id]);
    expect(unread).toEqual([]);
  });

  it("replies with the partner's name; the reply appears in the resident's chat and counts on their tile until read", async () => {
    const janEntry = (await inbox(t.ids.projects.bloemenbuurt)).find((c) => c.name === 'Jan de Vries')!;
    const empty = await http.post(`/api/partner/chat/${janEntry.id}`, { message: ' ' }, partner);
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual(invalid([{ field: 'message', message: 'Vul a.u.b. een bericht in.' }]));

    const res = await http.post(`/api/partner/chat/${janEntry.id}`, { message: 'Woensdag 8 april kan. We zetten de afspraak klaar.', language: 'nl' }, partner);
    expect(res.statusCode).toBe(200);
    expect(ZChatSendResponse.parse(res.json())).toMatchObject({
      success: true, message: 'Bericht verzonden', item: { from_user_name: PARTNER_NAME, from_address_name: null, message: 'Woensdag 8 april kan. We zetten de afspraak klaar.' },
    });

    const tile = async () => ZProject.parse((await http.get('/api/occupant/project', jan)).json()).modules.find((m) => m.name === 'messages')!.nr_of_new_items;
    expect(await tile()).toBe(1);
    const chat = (await http.get('/api/occupant/chat', jan)).json<TOccupantChat>().chat;
    expect(chat.at(-1)).toMatchObject({ message: 'Woensdag 8 april kan. We zetten de afspraak klaar.', from_user_name: PARTNER_NAME });
    expect(await tile()).toBe(0); // opened

    // the resident's answer is unread for the team again and moves up
    await http.post('/api/occupant/chat', { message: 'Top, dank u!' }, jan);
    const list = await inbox(t.ids.projects.bloemenbuurt);
    expect(list[0]).toMatchObject({ name: 'Jan de Vries', unread_count: 1, last_message_preview: 'Top, dank u!' });
  });

  it("replies to a public visitor; the reply appears in the visitor's chat", async () => {
    const base = `/api/public/chat/${t.ids.projects.bloemenbuurt}`;
    const { unique } = (await http.get(base)).json<TPublicChat>();
    await http.post(`${base}/${unique}`, { from_name: 'Kees Visser', from_email: 'kees@example.nl', message: 'Hebben jullie een folder?' });
    const entry = (await inbox(t.ids.projects.bloemenbuurt)).find((c) => c.name === 'Kees Visser')!;
    expect(entry).toMatchObject({ kind: 'visitor', email: 'kees@example.nl', unread_count: 1 });
    // the woco reads along but may not answer (no chat.answer)
    const refused = await http.post(`/api/partner/chat/${entry.id}`, { message: 'Niet van mij' }, woco);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: accessMessages.forbidden });
    expect((await http.post(`/api/partner/chat/${entry.id}`, { message: 'Die sturen we u per e-mail.' }, admin)).statusCode).toBe(200);
    const chat = (await http.get(`${base}/${unique}`)).json<TPublicChat>().chat;
    expect(chat.map((m) => [m.message, m.from_user_name])).toEqual([
      ['Hebben jullie een folder?', null],
      ['Die sturen we u per e-mail.', 'Beheerder Woonstad'],
    ]);
  });

  it("refuses a staff member of another customer: the project's inbox and its conversations are 404", async () => {
    // a conversation in Havenkwartier (Bouwbedrijf De Vries); the administrator works for Woonstad only
    const base = `/api/public/chat/${t.ids.projects.havenkwartier}`;
    const posted = (await http.post(base, { from_name: 'Bezoeker', message: 'Vraag aan De Vries' }, undefined, { host: 'devries.localhost' })).json<{ unique: string }>();
    expect(posted.unique).toBeTruthy();
    const [entry] = await inbox(t.ids.projects.havenkwartier, partner); // the partner works for both customers
    expect(entry).toMatchObject({ name: 'Bezoeker', unread_count: 1 });

    const list = await http.get(`/api/partner/project/${t.ids.projects.havenkwartier}/chats`, admin);
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ message: accessMessages.notReached });
    for (const res of [
      await http.get(`/api/partner/chat/${entry!.id}`, admin),
      await http.post(`/api/partner/chat/${entry!.id}`, { message: 'Niet van mij' }, admin),
      await http.get('/api/partner/chat/999999', partner),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: accessMessages.notReached });
    }
    // the refused reads marked nothing read and the refused reply stored nothing
    expect((await inbox(t.ids.projects.havenkwartier, partner))[0]).toMatchObject({ unread_count: 1, last_message_preview: 'Vraag aan De Vries' });
  });

  it('refuses residents (401), anonymous callers (401) and bad ids (404, as an unknown id: the guard decides before validation)', async () => {
    const [entry] = await inbox(t.ids.projects.bloemenbuurt);
    expect((await http.get(`/api/partner/project/${t.ids.projects.bloemenbuurt}/chats`, jan)).statusCode).toBe(401);
    expect((await http.get(`/api/partner/chat/${entry!.id}`, jan)).statusCode).toBe(401);
    expect((await http.post(`/api/partner/chat/${entry!.id}`, { message: 'x' }, jan)).statusCode).toBe(401);
    expect((await http.get(`/api/partner/chat/${entry!.id}`)).statusCode).toBe(401);
    const bad = await http.get('/api/partner/chat/abc', partner);
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ message: accessMessages.notReached });
  });

  it('answers an empty inbox for a project without conversations', async () => {
    expect(await inbox(t.ids.projects.dakZuid)).toEqual([]);
  });

  it('shows the routes in the OpenAPI document', async () => {
    const doc = (await http.get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/occupant/chat', '/api/public/chat/{project_id}', '/api/public/chat/{project_id}/{unique}',
      '/api/partner/project/{project_id}/chats', '/api/partner/chat/{conversation_id}',
    ]));
  });
});

describe('paging: the chat history and the inbox answer one page, X-Has-More says whether more follow', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let jan: string;
  let partner: string;
  beforeAll(async () => {
    t = await createTestApp();
    http = client(t);
    [jan, partner] = await Promise.all([occupantToken(t.app, '10'), partnerToken(t.app)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Adds `n` messages 'Bericht 1..n' to a conversation, a minute apart; every fifth shares its time with the one before. */
  const addMessages = (conversationId: number, n: number, fromStaff = false) => t.query(
    `INSERT INTO chat_messages (conversation_id, message, from_staff, created_at)
     SELECT $1, 'Bericht ' || i, $3, now() - interval '1 day' + ((i - CASE WHEN i % 5 = 0 THEN 1 ELSE 0 END) * interval '1 minute')
     FROM generate_series(1, $2::int) i`,
    [conversationId, n, fromStaff],
  );

  /** Follows `before` from page to page; every page is checked against the contract and for X-Has-More. */
  async function walk<T>(first: string, token: string | undefined, items: (body: unknown) => T[], cursor: (page: T[]) => number) {
    const pages: T[][] = [];
    let url = first;
    for (;;) {
      const res = await http.get(url, token);
      expect(res.statusCode, res.body).toBe(200);
      const page = items(res.json());
      pages.push(page);
      expect(['true', 'false']).toContain(res.headers['x-has-more']);
      if (res.headers['x-has-more'] === 'false') return pages;
      expect(page.length).toBeGreaterThan(0);
      url = `${first}${first.includes('?') ? '&' : '?'}before=${cursor(page)}`;
      expect(pages.length).toBeLessThan(20);
    }
  }

  it("answers the resident's newest 50 messages, oldest first, and the older ones page by page with before", async () => {
    const conversation = (await t.query<{ id: number }>('SELECT id FROM chat_conversations WHERE address_id = $1', [t.ids.addresses.a10]))[0]!;
    await addMessages(conversation.id, 120);
    const all = (await t.query<{ id: string }>('SELECT id FROM chat_messages WHERE conversation_id = $1 ORDER BY created_at, id', [conversation.id])).map((r) => Number(r.id));
    expect(all).toHaveLength(125); // the demo's 5 and these 120

    const first = await http.get('/api/occupant/chat?language=nl', jan);
    expect(first.headers['x-has-more']).toBe('true');
    const body = ZOccupantChat.parse(first.json());
    expect(body.chat.map((m) => m.id)).toEqual(all.slice(-50));
    expect(body.chat.at(-1)!.message).toBe('Bericht 120');
    expect(body.notification).not.toBeNull();

    const pages = await walk('/api/occupant/chat?language=nl', jan, (b) => ZOccupantChat.parse(b).chat, (page) => page[0]!.id);
    expect(pages.map((p) => p.length)).toEqual([50, 50, 25]);
    expect(pages.reverse().flat().map((m) => m.id)).toEqual(all);

    const small = await http.get(`/api/occupant/chat?limit=10&before=${all[20]}`, jan);
    expect(small.headers['x-has-more']).toBe('true');
    expect(small.json<TOccupantChat>().chat.map((m) => m.id)).toEqual(all.slice(10, 20));
    const oldest = await http.get(`/api/occupant/chat?limit=10&before=${all[5]}`, jan);
    expect(oldest.headers['x-has-more']).toBe('false');
    expect(oldest.json<TOccupantChat>().chat.map((m) => m.id)).toEqual(all.slice(0, 5));
  });

  it("gives an empty last page for another conversation's message, and refuses a bad limit or cursor with 422", async () => {
    const [foreign] = await t.query<{ id: string }>(
      'SELECT m.id FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id WHERE c.address_id IS DISTINCT FROM $1 LIMIT 1', [t.ids.addresses.a10],
    );
    const res = await http.get(`/api/occupant/chat?before=${foreign!.id}`, jan);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-has-more']).toBe('false');
    expect(res.json<TOccupantChat>().chat).toEqual([]);

    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'before=0', 'before=abc']) {
      const bad = await http.get(`/api/occupant/chat?${query}`, jan);
      expect(bad.statusCode, query).toBe(422);
      expect(bad.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field), query).toEqual([query.split('=')[0]]);
    }
  });

  it('marks the team\'s messages read only when the newest page is read, not when older ones are loaded', async () => {
    const [entry] = await t.query<{ id: number }>('SELECT id FROM chat_conversations WHERE address_id = $1', [t.ids.addresses.a10]);
    await http.post(`/api/partner/chat/${entry!.id}`, { message: 'Nog een vraag van ons' }, partner);
    const tile = async () => ZProject.parse((await http.get('/api/occupant/project', jan)).json()).modules.find((m) => m.name === 'messages')!.nr_of_new_items;
    expect(await tile()).toBe(1);
    const [oldest] = await t.query<{ id: string }>('SELECT id FROM chat_messages WHERE conversation_id = $1 ORDER BY created_at DESC, id DESC OFFSET 60 LIMIT 1', [entry!.id]);
    await http.get(`/api/occupant/chat?before=${oldest!.id}`, jan);
    expect(await tile()).toBe(1);
    await http.get('/api/occupant/chat', jan);
    expect(await tile()).toBe(0);
  });

  it("pages a public visitor's conversation, and the team's view of it", async () => {
    const base = `/api/public/chat/${t.ids.projects.bloemenbuurt}`;
    const { unique } = (await http.post(base, { from_name: 'Lotte', message: 'Eerste vraag' })).json<{ unique: string }>();
    const [conversation] = await t.query<{ id: number }>('SELECT id FROM chat_conversations WHERE visitor_token_hash = $1', [hashToken(unique)]);
    await addMessages(conversation!.id, 70, true);
    const ids = (await t.query<{ id: string }>('SELECT id FROM chat_messages WHERE conversation_id = $1 ORDER BY created_at, id', [conversation!.id])).map((r) => Number(r.id));
    expect(ids).toHaveLength(71);

    const visitor = await walk(`${base}/${unique}?limit=30`, undefined, (b) => ZPublicChat.parse(b).chat, (page) => page[0]!.id);
    expect(visitor.map((p) => p.length)).toEqual([30, 30, 11]);
    expect(visitor.reverse().flat().map((m) => m.id)).toEqual(ids);
    const first = ZPublicChat.parse((await http.get(`${base}/${unique}`)).json());
    expect(first).toMatchObject({ unique, client: { name: 'Lotte' }, customer: { project_name: 'Renovatie Bloemenbuurt' } });
    expect(first.chat.at(-1)!.message).toBe('Eerste vraag'); // sent now, after the added ones of yesterday

    // another visitor's code cannot page this conversation
    const other = (await http.get(base)).json<TPublicChat>().unique;
    const foreign = await http.get(`${base}/${other}?before=${ids[40]}`);
    expect(foreign.json<TPublicChat>().chat).toEqual([]);

    const team = await walk(`/api/partner/chat/${conversation!.id}?limit=40`, partner, (b) => ZPartnerChat.parse(b).chat, (page) => page[0]!.id);
    expect(team.map((p) => p.length)).toEqual([40, 31]);
    expect(team.reverse().flat().map((m) => m.id)).toEqual(ids);
  });

  it('pages the inbox in its own order (unread first, then the newest) without gaps or repeats', async () => {
    const project = t.ids.projects.rivierenwijk;
    // 70 visitor conversations: every third one unread, last messages a minute apart, some at the same time
    await t.query(
      `INSERT INTO chat_conversations (project_id, visitor_token_hash, visitor_name, last_message_at, last_message_preview, staff_unread_count)
       SELECT $1, 'paging-' || i, 'Bezoeker ' || i, now() - ((i / 2) * interval '1 minute'), 'Vraag ' || i, CASE WHEN i % 3 = 0 THEN 1 ELSE 0 END
       FROM generate_series(1, 70) i`,
      [project],
    );
    const expected = (await t.query<{ id: number }>(
      `SELECT id FROM chat_conversations WHERE project_id = $1 AND last_message_at IS NOT NULL
       ORDER BY staff_unread_count > 0 DESC, last_message_at DESC, id DESC`, [project],
    )).map((r) => r.id);
    expect(expected.length).toBeGreaterThanOrEqual(70);

    const first = await http.get(`/api/partner/project/${project}/chats`, partner);
    expect(first.headers['x-has-more']).toBe('true');
    expect(first.json<TPartnerConversation[]>().map((c) => c.id)).toEqual(expected.slice(0, 50));

    const parse = (b: unknown) => (b as unknown[]).map((c) => ZPartnerConversation.parse(c));
    const pages = await walk(`/api/partner/project/${project}/chats?limit=20`, partner, parse, (page) => page.at(-1)!.id);
    expect(pages.flat().map((c) => c.id)).toEqual(expected);
    expect(pages.flat().slice(0, 23).every((c) => c.unread_count > 0)).toBe(true);

    // another project's conversation positions nothing
    const [foreign] = await t.query<{ id: number }>('SELECT id FROM chat_conversations WHERE project_id <> $1 AND last_message_at IS NOT NULL LIMIT 1', [project]);
    const none = await http.get(`/api/partner/project/${project}/chats?before=${foreign!.id}`, partner);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-has-more']).toBe('false');
  });

  it('documents before, limit and the X-Has-More header in the OpenAPI document', async () => {
    type Op = { parameters?: Array<{ name: string; in: string }>; responses: Record<string, { headers?: Record<string, unknown> }> };
    const doc = (await http.get('/api/docs/json')).json<{ paths: Record<string, { get: Op }> }>();
    for (const path of ['/api/occupant/chat', '/api/public/chat/{project_id}/{unique}', '/api/partner/project/{project_id}/chats', '/api/partner/chat/{conversation_id}', '/api/occupant/news', '/api/public/news/{id}', '/api/partner/project/{project_id}/news']) {
      const op = doc.paths[path]!.get;
      expect(op.parameters!.filter((p) => p.in === 'query').map((p) => p.name), path).toEqual(expect.arrayContaining(['before', 'limit']));
      expect(Object.keys(op.responses['200']!.headers ?? {}), path).toEqual(['x-has-more']);
    }
  });
});
