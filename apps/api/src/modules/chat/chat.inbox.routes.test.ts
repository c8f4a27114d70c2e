import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, HAS_MORE_HEADER, inboxMessages,
  type TAnswerTimes, type TChatNotification, type TInboxConversation, type TInboxConversationDetail, type TOccupantChat, type TPartnerChat, type TSavedReply,
} from '@portal/contract';
import { bearer, consoleToken, createTestApp, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';
import { consoleSessions, requests } from '../staff-projects/test-setup.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof consoleSessions>>;
let http: ReturnType<typeof requests>;
let viewer: string;
let outsider: { id: number; token: string };
let resident: string;
let conversationId: number;

const inbox = (query = '') => `/api/staff/inbox${query}`;
const one = (id = conversationId, rest = '') => `/api/staff/conversations/${id}${rest}`;

async function residentSays(message: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/occupant/chat', headers: bearer(resident), payload: { message } });
  expect(res.statusCode, res.body).toBe(200);
}

async function addStaff(role: string, name: string, projectIds: number[]): Promise<{ id: number; token: string }> {
  const [user] = await t.query<{ id: number }>('INSERT INTO users (username, email, name) VALUES ($1, $1, $2) RETURNING id', [`${role}-${name}@inbox.test`, name]);
  await t.query('INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, $3)', [user!.id, t.ids.customers.woonstad, role]);
  for (const p of projectIds) await t.query('INSERT INTO staff_projects (user_id, project_id) VALUES ($1, $2)', [user!.id, p]);
  return { id: user!.id, token: await consoleToken(t, user!.id) };
}

const answerMails = async (to?: string) => (await t.query<{ to: string; subject: string; text: string }>(
  `SELECT "to", subject, text FROM mail_outbox WHERE subject LIKE 'Nieuw antwoord op uw bericht%' AND ($1::text IS NULL OR "to" = $1) ORDER BY id`, [to ?? null]));

beforeAll(async () => {
  // The test decides when background work runs (runJobs).
  t = await createTestApp({ worker: false });
  tokens = await consoleSessions(t);
  http = requests(t);
  viewer = (await addStaff('woco-viewer', 'Willem Viewer', [])).token;
  // A project editor of another project of the same customer: does not reach Bloemenbuurt.
  outsider = await addStaff('project-editor', 'Olga Elders', [t.ids.projects.rivierenwijk]);
  resident = await occupantToken(t.app);
  await residentSays('Wanneer wordt de steiger bij mijn woning weggehaald?');
  const [row] = await t.query<{ id: number }>('SELECT id FROM chat_conversations WHERE address_id = $1 AND project_id = $2', [t.ids.addresses.a10, t.ids.projects.bloemenbuurt]);
  conversationId = row!.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the inbox list', () => {
  it("lists the conversations of the editor's projects, newest first, filtered by project, state and assignee", async () => {
    const res = await http.get(inbox(), tokens.editor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[HAS_MORE_HEADER]).toBeDefined();
    const list = res.json<TInboxConversation[]>();
    const mine = list.find((c) => c.id === conversationId)!;
    expect(mine).toMatchObject({ kind: 'address', status: 'open', assignee: null, project: { id: t.ids.projects.bloemenbuurt } });
    expect(mine.address).toContain('1234 AB');
    // The editor reaches Bloemenbuurt only.
    expect(list.every((c) => c.project.id === t.ids.projects.bloemenbuurt)).toBe(true);
    const dates = list.map((c) => c.last_message_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const open = (await http.get(inbox(`?project_id=${t.ids.projects.bloemenbuurt}&status=open`), tokens.editor)).json<TInboxConversation[]>();
    expect(open.some((c) => c.id === conversationId)).toBe(true);
    expect(open.every((c) => c.status === 'open')).toBe(true);
    const waiting = (await http.get(inbox('?status=waiting'), tokens.editor)).json<TInboxConversation[]>();
    expect(waiting.some((c) => c.id === conversationId)).toBe(false);
    const unassigned = (await http.get(inbox('?assigned=none'), tokens.editor)).json<TInboxConversation[]>();
    expect(unassigned.some((c) => c.id === conversationId)).toBe(true);
  });

  it('searches the address, the household name, a visitor name and the message text', async () => {
    const found = async (q: string) => (await http.get(inbox(`?q=${encodeURIComponent(q)}`), tokens.admin)).json<TInboxConversation[]>().map((c) => c.id);
    expect(await found('1234AB 10')).toContain(conversationId);
    expect(await found('steiger wegge')).toContain(conversationId);
    expect(await found('steiger vijver')).not.toContain(conversationId);
    const [jan] = await t.query<{ first_name: string }>('SELECT first_name FROM occupants WHERE id = $1', [t.ids.occupants.jan]);
    expect(await found(jan!.first_name)).toContain(conversationId);
    const visitor = await t.app.inject({
      method: 'POST', url: `/api/public/chat/${t.ids.projects.bloemenbuurt}`, payload: { from_name: 'Zoë Zoekbaar', message: 'Hallo daar' },
    });
    expect(visitor.statusCode, visitor.body).toBe(200);
    const visitorList = await found('Zoekbaar');
    expect(visitorList).toHaveLength(1);
    expect(await found('%')).toEqual([]);
  });

  it('pages with before', async () => {
    const first = await http.get(inbox('?limit=1'), tokens.admin);
    expect(first.headers[HAS_MORE_HEADER]).toBe('true');
    const [a] = first.json<TInboxConversation[]>();
    const [b] = (await http.get(inbox(`?limit=1&before=${a!.id}`), tokens.admin)).json<TInboxConversation[]>();
    expect(b!.id).not.toBe(a!.id);
    expect(b!.last_message_at <= a!.last_message_at).toBe(true);
  });

  it('refuses bad filters in Dutch, and a project the caller does not reach with the guard 404', async () => {
    const bad = await http.get(inbox('?status=later'), tokens.editor);
    expect(bad.statusCode).toBe(422);
    const assigned = await http.get(inbox('?assigned=iedereen'), tokens.editor);
    expect(assigned.statusCode).toBe(422);
    expect(assigned.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toBe(inboxMessages.assignedInvalid);
    const other = await http.get(inbox(`?project_id=${t.ids.projects.rivierenwijk}`), tokens.editor);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ message: string }>().message).toBe(accessMessages.notReached);
    const foreign = await http.get(inbox(`?project_id=${t.ids.projects.bloemenbuurt}`), tokens.otherAdmin);
    expect(foreign.statusCode).toBe(404);
  });

  it('exports the inbox as XLSX (audited)', async () => {
    const res = await http.get(inbox('/export?format=xlsx&status=open'), tokens.admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('Toegewezen aan');
    expect(sheet.rowCount).toBeGreaterThan(1);
    const [audit] = await t.query("SELECT action FROM audit_log WHERE action = 'inbox-export-xlsx'");
    expect(audit).toBeDefined();
  });
});

describe('one conversation', () => {
  it("shows the messages, the address's context and whether the caller may answer", async () => {
    const res = await http.get(one(), tokens.editor);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<TInboxConversationDetail>();
    expect(detail.chat.at(-1)!.message).toContain('steiger');
    expect(detail.can_answer).toBe(true);
    expect(detail.context!.occupants.length).toBeGreaterThan(0);
    expect(detail.context).toHaveProperty('open_forms');
    expect(detail.context).toHaveProperty('appointments');
    expect(detail.context).toHaveProperty('consent');
    // Opening it marked the resident's message read.
    expect(detail.conversation.unread_count).toBe(0);
    const viewed = (await http.get(one(), viewer)).json<TInboxConversationDetail>();
    expect(viewed.can_answer).toBe(false);
  });

  it("answers another customer's conversation id with the guard's 404", async () => {
    for (const url of [one(), one(conversationId, '/assignees')]) {
      const res = await http.get(url, tokens.otherAdmin);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(accessMessages.notReached);
    }
    const write = await http.post(one(conversationId, '/messages'), tokens.otherAdmin, { message: 'Hallo' });
    expect(write.statusCode).toBe(404);
    const outside = await http.get(one(), outsider.token);
    expect(outside.statusCode).toBe(404);
  });

  it('lets the woco viewer read but not answer, note, assign or close', async () => {
    expect((await http.get(one(), viewer)).statusCode).toBe(200);
    expect((await http.post(one(conversationId, '/messages'), viewer, { message: 'Hallo' })).statusCode).toBe(403);
    expect((await http.post(one(conversationId, '/notes'), viewer, { note: 'Intern' })).statusCode).toBe(403);
    expect((await http.put(one(conversationId, '/assignee'), viewer, { user_id: null })).statusCode).toBe(403);
    expect((await http.post(one(conversationId, '/close'), viewer)).statusCode).toBe(403);
    expect((await http.post('/api/staff/saved-replies', viewer, { title: 'x', body: 'y' })).statusCode).toBe(403);
  });
});

describe('answering, notes, assignment, closing', () => {
  it("answers as the editor: the conversation waits for the resident, who reads the answer", async () => {
    const res = await http.post(one(conversationId, '/messages'), tokens.editor, { message: 'De steiger gaat vrijdag weg.' });
    expect(res.statusCode, `${res.body} ${t.logs.join('\n')}`).toBe(200);
    const { conversation } = res.json<{ conversation: TInboxConversation }>();
    expect(conversation.status).toBe('waiting');
    expect(conversation.first_answer_seconds).toEqual(expect.any(Number));
    const chat = (await t.app.inject({ method: 'GET', url: '/api/occupant/chat', headers: bearer(resident) })).json<TOccupantChat>();
    expect(chat.chat.at(-1)!.message).toBe('De steiger gaat vrijdag weg.');
    const [audit] = await t.query("SELECT action FROM audit_log WHERE action = 'chat-answer' AND entity_id = $1", [String(conversationId)]);
    expect(audit).toBeDefined();
  });

  it('refuses an empty answer in Dutch', async () => {
    const res = await http.post(one(conversationId, '/messages'), tokens.editor, { message: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toBe('Schrijf een bericht.');
  });

  it("keeps private notes from the resident's and the partner portal's message endpoints", async () => {
    const secret = 'GEHEIM: bewoner is boos over de planning';
    const res = await http.post(one(conversationId, '/notes'), tokens.editor, { note: secret });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await http.get(one(), tokens.editor)).json<TInboxConversationDetail>();
    expect(detail.notes.map((n) => n.note)).toContain(secret);
    expect(detail.chat.map((m) => m.message)).not.toContain(secret);

    const residentChat = await t.app.inject({ method: 'GET', url: '/api/occupant/chat', headers: bearer(resident) });
    expect(residentChat.statusCode).toBe(200);
    expect(residentChat.body).not.toContain('GEHEIM');
    const partner = await partnerToken(t.app);
    const partnerChat = await t.app.inject({ method: 'GET', url: `/api/partner/chat/${conversationId}`, headers: bearer(partner) });
    expect(partnerChat.statusCode, partnerChat.body).toBe(200);
    expect(partnerChat.json<TPartnerChat>().chat.length).toBeGreaterThan(0);
    expect(partnerChat.body).not.toContain('GEHEIM');
    const partnerInbox = await t.app.inject({ method: 'GET', url: `/api/partner/project/${t.ids.projects.bloemenbuurt}/chats`, headers: bearer(partner) });
    expect(partnerInbox.body).not.toContain('GEHEIM');
    const empty = await http.post(one(conversationId, '/notes'), tokens.editor, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toBe(inboxMessages.noteRequired);
  });

  it('assigns to someone who reaches the project, refuses someone who does not (422), and unassigns', async () => {
    const assignees = (await http.get(one(conversationId, '/assignees'), tokens.editor)).json<Array<{ id: number; name: string }>>();
    expect(assignees.map((a) => a.id)).toContain(t.ids.users.woco);
    expect(assignees.map((a) => a.id)).not.toContain(outsider.id);

    const self = await http.put(one(conversationId, '/assignee'), tokens.editor, { user_id: t.ids.users.woco });
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json<TInboxConversation>().assignee?.id).toBe(t.ids.users.woco);
    const mine = (await http.get(inbox('?assigned=me'), tokens.editor)).json<TInboxConversation[]>();
    expect(mine.map((c) => c.id)).toEqual([conversationId]);
    const byId = (await http.get(inbox(`?assigned=${t.ids.users.woco}`), tokens.admin)).json<TInboxConversation[]>();
    expect(byId.map((c) => c.id)).toEqual([conversationId]);

    const refused = await http.put(one(conversationId, '/assignee'), tokens.editor, { user_id: outsider.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(inboxMessages.assigneeNotReaching);
    const otherCustomer = await http.put(one(conversationId, '/assignee'), tokens.editor, { user_id: 999_999 });
    expect(otherCustomer.statusCode).toBe(422);
    const bad = await http.put(one(conversationId, '/assignee'), tokens.editor, { user_id: 'Piet' });
    expect(bad.statusCode).toBe(422);

    const none = await http.put(one(conversationId, '/assignee'), tokens.editor, { user_id: null });
    expect(none.json<TInboxConversation>().assignee).toBeNull();
  });

  it('closes and reopens; a resident message opens a closed conversation again', async () => {
    const closed = await http.post(one(conversationId, '/close'), tokens.editor);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<TInboxConversation>()).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    const again = await http.post(one(conversationId, '/close'), tokens.editor);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(inboxMessages.alreadyClosed);
    const reopened = await http.post(one(conversationId, '/reopen'), tokens.editor);
    expect(reopened.json<TInboxConversation>().status).toBe('waiting');
    expect((await http.post(one(conversationId, '/reopen'), tokens.editor)).statusCode).toBe(409);
    await http.post(one(conversationId, '/close'), tokens.editor);
    await residentSays('Toch nog een vraag.');
    const detail = (await http.get(one(), tokens.editor)).json<TInboxConversationDetail>();
    expect(detail.conversation.status).toBe('open');
    expect(detail.conversation.closed_at).toBeNull();
  });

  it('shows the time to first answer per project', async () => {
    const res = await http.get(`/api/staff/projects/${t.ids.projects.bloemenbuurt}/inbox/answer-times`, tokens.editor);
    expect(res.statusCode, res.body).toBe(200);
    const times = res.json<TAnswerTimes>();
    expect(times.answered).toBeGreaterThan(0);
    expect(times.average_seconds).toEqual(expect.any(Number));
    expect(times.by_status.open).toBeGreaterThan(0);
    const other = await http.get(`/api/staff/projects/${t.ids.projects.bloemenbuurt}/inbox/answer-times`, tokens.otherAdmin);
    expect(other.statusCode).toBe(404);
  });
});

describe('the answer e-mail', () => {
  const janEmail = async () => (await t.query<{ email_address: string }>('SELECT email_address FROM occupants WHERE id = $1', [t.ids.occupants.jan]))[0]!.email_address;

  it('mails once for two answers within the hour, again after an hour, never when already read', async () => {
    const to = await janEmail();
    await runJobs(t);
    const before = (await answerMails(to)).length;
    await t.query('UPDATE chat_conversations SET answer_mailed_at = NULL WHERE id = $1', [conversationId]);
    await http.post(one(conversationId, '/messages'), tokens.editor, { message: 'Eerste antwoord' });
    await http.post(one(conversationId, '/messages'), tokens.editor, { message: 'Tweede antwoord' });
    expect((await runJobs(t)).filter((job) => job === 'chat-answer-mail')).toEqual(['chat-answer-mail', 'chat-answer-mail']);
    const mails = await answerMails(to);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain('/berichten');
    expect(mails.at(-1)!.text).not.toContain('Tweede antwoord');

    // An hour later (the last e-mail moved back in time), another unread answer: another e-mail.
    await t.query("UPDATE chat_conversations SET answer_mailed_at = now() - interval '61 minutes' WHERE id = $1", [conversationId]);
    await http.post(one(conversationId, '/messages'), tokens.editor, { message: 'Derde antwoord' });
    await runJobs(t);
    expect(await answerMails(to)).toHaveLength(before + 2);

    // Read before the job runs: no e-mail.
    await t.query("UPDATE chat_conversations SET answer_mailed_at = now() - interval '2 hours' WHERE id = $1", [conversationId]);
    await http.post(one(conversationId, '/messages'), tokens.editor, { message: 'Vierde antwoord' });
    await t.app.inject({ method: 'GET', url: '/api/occupant/chat', headers: bearer(resident) });
    await runJobs(t);
    expect(await answerMails(to)).toHaveLength(before + 2);
  });

  it('mails a visitor who gave an e-mail address, and not one who did not', async () => {
    const project = t.ids.projects.bloemenbuurt;
    const send = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/public/chat/${project}`, payload: { message: 'Een vraag van een bezoeker', ...body } });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.query<{ id: number }>("SELECT id FROM chat_conversations WHERE visitor_name = $1", [body.from_name]);
      return row!.id;
    };
    const withMail = await send({ from_name: 'Bezoeker Met Mail', from_email: 'bezoeker@voorbeeld.nl' });
    const without = await send({ from_name: 'Bezoeker Zonder Mail' });
    const before = (await answerMails()).length;
    await http.post(one(without, '/messages'), tokens.editor, { message: 'Antwoord zonder mail' });
    await runJobs(t);
    expect(await answerMails()).toHaveLength(before);
    await http.post(one(withMail, '/messages'), tokens.editor, { message: 'Antwoord met mail' });
    await runJobs(t);
    const mails = await answerMails('bezoeker@voorbeeld.nl');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/public/berichten/${project}`);
  });
});

describe('saved replies and the out-of-hours notice', () => {
  it('manages saved replies per customer: one title once, Dutch messages, another customer sees none', async () => {
    const made = await http.post('/api/staff/saved-replies', tokens.editor, { title: 'Steiger', body: 'Beste {voornaam}, de steiger gaat binnenkort weg.' });
    expect(made.statusCode, made.body).toBe(200);
    const reply = made.json<TSavedReply>();
    const twice = await http.post('/api/staff/saved-replies', tokens.editor, { title: 'steiger', body: 'x' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(inboxMessages.titleTaken);
    const empty = await http.post('/api/staff/saved-replies', tokens.editor, { title: '', body: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ errors: Array<{ message: string }> }>().errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([inboxMessages.titleRequired, inboxMessages.bodyRequired]));
    const changed = await http.put(`/api/staff/saved-replies/${reply.id}`, tokens.editor, { title: 'Steiger weg', body: 'Beste {voornaam}, de steiger is weg.' });
    expect(changed.json<TSavedReply>().title).toBe('Steiger weg');
    expect((await http.get('/api/staff/saved-replies', viewer)).json<TSavedReply[]>().map((r) => r.id)).toContain(reply.id);
    expect((await http.get('/api/staff/saved-replies', tokens.otherAdmin)).json<TSavedReply[]>()).toEqual([]);
    expect((await http.put(`/api/staff/saved-replies/${reply.id}`, tokens.otherAdmin, { title: 'x', body: 'y' })).statusCode).toBe(404);
    expect((await http.del(`/api/staff/saved-replies/${reply.id}`, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await http.del(`/api/staff/saved-replies/${reply.id}`, tokens.editor)).statusCode).toBe(200);
    expect((await http.get('/api/staff/saved-replies', tokens.editor)).json<TSavedReply[]>()).toEqual([]);
  });

  it("sets the customer's out-of-hours notice (chat.answer), which viewers read", async () => {
    const body = {
      show: 'on', title: 'Buiten kantoortijden', text: 'Wij antwoorden op werkdagen.', sunday: false, monday: true, tuesday: true, wednesday: true,
      thursday: true, friday: true, saturday: false, from_hour: '08:00', till_hour: '17:00',
    };
    const res = await http.put('/api/staff/chat-notification', tokens.editor, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TChatNotification>()).toMatchObject({ title: 'Buiten kantoortijden', is_visible: true });
    expect((await http.get('/api/staff/chat-notification', viewer)).json<TChatNotification>().title).toBe('Buiten kantoortijden');
    expect((await http.put('/api/staff/chat-notification', viewer, body)).statusCode).toBe(403);
    const wrong = await http.put('/api/staff/chat-notification', tokens.editor, { ...body, from_hour: '18:00' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toBe(inboxMessages.hoursOrder);
  });
});
