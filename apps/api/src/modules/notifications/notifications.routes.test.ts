import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES, SMS_CATEGORIES, unsubscribeMessages,
  type TNotificationReach, type TNotificationSettings, type TPushPayload, type TUnsubscribeInfo,
} from '@portal/contract';
import { bearer, createTestApp, occupantToken, type CaughtMail, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';
import { startPushService } from '../../../test/push.ts';
import { consoleSessions } from '../staff-projects/test-setup.ts';
import type { NotifyInput } from './index.ts';

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let jan: string;
let fatima: string;
let staff: Awaited<ReturnType<typeof consoleSessions>>;

const settingsUrl = '/api/occupant/notifications';
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const put = (token: string, preferences: unknown) => t.app.inject({ method: 'PUT', url: settingsUrl, headers: bearer(token), payload: { preferences } });
const subscribe = (token: string, s: { endpoint: string; keys: { p256dh: string; auth: string } }) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: bearer(token), payload: { ...s, expirationTime: null } });

async function notify(input: NotifyInput) {
  await t.db.transaction((tx) => t.services.notifications.notify(tx, input));
}
/** Runs the queued notification jobs (whatever their run_at: the send job itself holds back what is not due). */
const deliver = () => runJobs(t, { prefix: 'notif' });
const mailsTo = (to: string, since: number) => t.mail!.messages.slice(since).filter((m) => m.to.includes(to));
const smsTo = async (to: string) => t.query<{ text: string }>('SELECT text FROM sms_outbox WHERE "to" = $1 ORDER BY id', [to]);
const payloads = (since: number, name: string) => pushService.received.slice(since).filter((r) => r.path.endsWith(`/${name}`))
  .map((r) => JSON.parse(r.payload ?? 'null') as TPushPayload);
/** The header as the mail carries it (folded lines joined). */
const header = (mail: CaughtMail, name: string) => {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? null;
};
const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeAll(async () => {
  t = await createTestApp({ worker: false, mail: true, env: { NOTIFY_BATCH_SECONDS: '300', PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' } });
  pushService = await startPushService();
  jan = await occupantToken(t.app, '10');
  fatima = await occupantToken(t.app, '12');
  staff = await consoleSessions(t);
});
afterAll(async () => {
  await pushService?.close();
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('preferences', () => {
  it('answers the defaults for a person who chose nothing, and needs a resident session', async () => {
    const res = await get(settingsUrl, jan);
    expect(res.statusCode, res.body).toBe(200);
    const settings = res.json<TNotificationSettings>();
    expect(settings.preferences.map((p) => p.category)).toEqual([...NOTIFICATION_CATEGORIES]);
    expect(settings.preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(settings).toMatchObject({ email_address: 'jan.devries@example.nl', mobile: '0612345678', push_devices: 0 });
    expect((await get(settingsUrl)).statusCode).toBe(401);
  });

  it('refuses SMS for a category without SMS with a Dutch message, and a category twice', async () => {
    const res = await put(jan, [{ category: 'news', email: 'direct', push: true, sms: true }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/SMS is niet mogelijk voor nieuws/);
    expect(res.json().errors[0].field).toBe('preferences.0.sms');
    const twice = await put(jan, [{ category: 'chat', email: 'off', push: true, sms: false }, { category: 'chat', email: 'direct', push: true, sms: false }]);
    expect(twice.statusCode).toBe(422);
    const bad = await put(jan, [{ category: 'nieuws', email: 'direct', push: true, sms: false }]);
    expect(bad.statusCode).toBe(422);
    expect((await get(settingsUrl, jan)).json<TNotificationSettings>().preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it("changes the caller's own preferences only", async () => {
    const res = await put(jan, [{ category: 'payment', email: 'off', push: true, sms: false }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TNotificationSettings>().preferences.find((p) => p.category === 'payment')).toEqual({ category: 'payment', email: 'off', push: true, sms: false });
    // Fatima (another address) still has the defaults; no route takes another person's id.
    expect((await get(settingsUrl, fatima)).json<TNotificationSettings>().preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const [row] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM notification_preferences WHERE occupant_id <> $1', [t.ids.occupants.jan]);
    expect(row!.n).toBe(0);
    expect((await put(jan, [{ category: 'payment', email: 'direct', push: false, sms: false }])).statusCode).toBe(200);
  });
});

describe('push subscriptions', () => {
  it('answers the VAPID public key, the same key every time', async () => {
    const first = await get('/api/push/public-key');
    expect(first.statusCode).toBe(200);
    const key = first.json<{ public_key: string }>().public_key;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect((await get('/api/push/public-key')).json().public_key).toBe(key);
  });

  it('moves an endpoint registered again by another person to that person, and removes only the own one', async () => {
    const shared = pushService.subscriber('sub', 'shared-device');
    expect((await subscribe(jan, shared)).json<TNotificationSettings>().push_devices).toBe(1);
    expect((await subscribe(fatima, shared)).json<TNotificationSettings>().push_devices).toBe(1);
    expect((await get(settingsUrl, jan)).json<TNotificationSettings>().push_devices).toBe(0);
    // Jan cannot remove Fatima's device.
    await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: bearer(jan), payload: { endpoint: shared.endpoint } });
    expect((await get(settingsUrl, fatima)).json<TNotificationSettings>().push_devices).toBe(1);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: bearer(fatima), payload: { endpoint: shared.endpoint } });
    expect(gone.json<TNotificationSettings>().push_devices).toBe(0);
    expect((await subscribe(jan, { endpoint: 'javascript:alert(1)', keys: shared.keys })).statusCode).toBe(422);
  });
});

describe('sending', () => {
  it('honours each person\'s preferences per category and channel, with push encrypted for the subscription', async () => {
    const phone = pushService.subscriber('sub', 'jan-phone');
    expect((await subscribe(jan, phone)).statusCode).toBe(200);
    await put(jan, [{ category: 'chat', email: 'off', push: true, sms: false }]);
    at('2026-11-25T10:00:00Z'); // 11:00 in Amsterdam
    const mails = t.mail!.messages.length;
    const pushes = pushService.received.length;
    const smsBefore = (await smsTo('0612345678')).length;
    await notify({ category: 'appointment', to: { addressIds: [t.ids.addresses.a10] }, title: 'Afspraak verzet: Meterkast naar 26-11-2026', body: 'Het projectteam heeft uw afspraak verzet.', url: '/afspraken', tag: 'appointment:1' });
    await notify({ category: 'chat', to: { addressIds: [t.ids.addresses.a10] }, title: 'Nieuw antwoord op uw bericht', body: 'Het projectteam heeft geantwoord.', url: '/berichten' });
    await deliver();

    // Appointments: e-mail to both occupants, SMS to Jan (the only mobile), push to Jan's device.
    expect(mailsTo('jan.devries@example.nl', mails).map((m) => m.subject)).toEqual(['Afspraak verzet: Meterkast naar 26-11-2026']);
    expect(mailsTo('anna.devries@example.nl', mails).map((m) => m.subject).sort()).toEqual(['Afspraak verzet: Meterkast naar 26-11-2026', 'Nieuw antwoord op uw bericht']);
    expect((await smsTo('0612345678')).slice(smsBefore).map((s) => s.text)).toEqual([expect.stringMatching(/^Afspraak verzet: Meterkast naar 26-11-2026\. http.*\/afspraken$/)]);
    // Chat: Jan switched e-mail off, push stays on.
    const received = pushService.received.slice(pushes);
    expect(received.every((r) => r.headers['content-encoding'] === 'aes128gcm' && /^vapid t=.+, k=.+/.test(String(r.headers.authorization)) && r.error === null)).toBe(true);
    expect(payloads(pushes, 'jan-phone').sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      { title: 'Afspraak verzet: Meterkast naar 26-11-2026', body: 'Het projectteam heeft uw afspraak verzet.', url: '/afspraken', category: 'appointment', tag: 'appointment:1' },
      { title: 'Nieuw antwoord op uw bericht', body: 'Het projectteam heeft geantwoord.', url: '/berichten', category: 'chat', tag: 'chat' },
    ]);
    // The encrypted body is not the payload in the clear.
    expect(received[0]!.body.includes(Buffer.from('Afspraak'))).toBe(false);
  });

  it('holds SMS and push back during quiet hours until 08:00, lets an urgent one through, and sends e-mail at once', async () => {
    at('2026-11-25T21:30:00Z'); // 22:30 in Amsterdam
    const mails = t.mail!.messages.length;
    const pushes = pushService.received.length;
    const smsBefore = (await smsTo('0612345678')).length;
    await notify({ category: 'appointment', to: { occupantIds: [t.ids.occupants.jan] }, title: 'Afspraak gepland: Meterkast', body: 'Gepland.', url: '/afspraken' });
    await runJobs(t, { prefix: 'notify-fanout' });
    const queued = await t.query<{ channel: string; run_at: Date }>(`SELECT j.payload->>'channel' AS channel, j.run_at FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks k ON k.id = j.task_id WHERE k.identifier = 'notify-send' AND (j.payload->>'occupantId')::int = $1 ORDER BY 1`, [t.ids.occupants.jan]);
    expect(queued.map((q) => [q.channel, new Date(q.run_at).toISOString()])).toEqual([
      ['email', '2026-11-25T21:30:00.000Z'], ['push', '2026-11-26T07:00:00.000Z'], ['sms', '2026-11-26T07:00:00.000Z'],
    ]);
    await deliver();
    expect(mailsTo('jan.devries@example.nl', mails).map((m) => m.subject)).toEqual(['Afspraak gepland: Meterkast']);
    expect(payloads(pushes, 'jan-phone')).toEqual([]);
    expect((await smsTo('0612345678')).length).toBe(smsBefore);

    // Urgent (moved to tomorrow morning): at once, in the night.
    await notify({ category: 'appointment', to: { occupantIds: [t.ids.occupants.jan] }, urgent: true, title: 'Afspraak verzet naar morgen 08:30', body: 'Verzet.', url: '/afspraken' });
    await deliver();
    expect((await smsTo('0612345678')).slice(smsBefore).map((s) => s.text)).toEqual([expect.stringMatching(/^Afspraak verzet naar morgen 08:30\./)]);
    expect(payloads(pushes, 'jan-phone').map((p) => p.title)).toEqual(['Afspraak verzet naar morgen 08:30']);

    // 08:00: what waited goes out (the collector queues what is due).
    at('2026-11-26T07:00:30Z');
    await t.services.notifications.collect();
    await deliver();
    expect(payloads(pushes, 'jan-phone').map((p) => p.title)).toEqual(['Afspraak verzet naar morgen 08:30', 'Afspraak gepland: Meterkast']);
    expect((await smsTo('0612345678')).slice(smsBefore).map((s) => s.text)).toEqual([expect.stringMatching(/^Afspraak verzet naar morgen/), expect.stringMatching(/^Afspraak gepland: Meterkast\./)]);
  });

  it('gathers news items within the window into one message, and news e-mail into one daily digest', async () => {
    const fatimaPhone = pushService.subscriber('sub', 'fatima-phone');
    await subscribe(fatima, fatimaPhone);
    await put(jan, [{ category: 'news', email: 'direct', push: true, sms: false }]);
    at('2026-11-26T09:00:10Z'); // 10:00 in Amsterdam
    const mails = t.mail!.messages.length;
    const pushes = pushService.received.length;
    const to = { occupantIds: [t.ids.occupants.jan, t.ids.occupants.fatima] };
    await notify({ category: 'news', to, title: 'Steigers komen maandag', body: 'De steigers worden maandag geplaatst.', url: '/dashboard' });
    await runJobs(t, { prefix: 'notify-fanout' });
    at('2026-11-26T09:02:00Z');
    await notify({ category: 'news', to, title: 'Bewonersavond 3 december', body: 'U bent welkom.', url: '/dashboard' });
    await runJobs(t, { prefix: 'notify-fanout' });
    // One job per person and channel for the window (09:00:00-09:05:00).
    const jobs = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id
      WHERE k.identifier = 'notify-send' AND (j.payload->>'occupantId')::int = $1 AND j.payload->>'channel' = 'push'`, [t.ids.occupants.jan]);
    expect(jobs[0]!.n).toBe(1);
    // Not before the window ends.
    await deliver();
    expect(payloads(pushes, 'jan-phone')).toEqual([]);
    at('2026-11-26T09:05:00Z');
    await t.services.notifications.collect();
    await deliver();
    for (const name of ['jan-phone', 'fatima-phone']) {
      expect(payloads(pushes, name)).toEqual([{ title: 'Nieuws: 2 nieuwe berichten', body: '- Steigers komen maandag\n- Bewonersavond 3 december', url: '/dashboard', category: 'news', tag: 'news:gathered' }]);
    }
    const janMails = mailsTo('jan.devries@example.nl', mails);
    expect(janMails.map((m) => m.subject)).toEqual(['Nieuws: 2 nieuwe berichten']);
    expect(janMails[0]!.text).toContain('De steigers worden maandag geplaatst.');
    // Fatima keeps the default: a daily digest at 08:00, nothing before.
    expect(mailsTo('fatima.elamrani@example.nl', mails)).toEqual([]);
    at('2026-11-27T07:00:00Z');
    await t.services.notifications.collect();
    await deliver();
    const digest = mailsTo('fatima.elamrani@example.nl', mails);
    expect(digest.map((m) => m.subject)).toEqual(['Nieuws: 2 nieuwe berichten']);
    expect(digest[0]!.text).toContain('Bewonersavond 3 december');
  });

  it('removes a subscription the push service no longer knows (404/410)', async () => {
    const gone = pushService.subscriber('gone', 'old-tablet');
    const missing = pushService.subscriber('missing', 'old-laptop');
    await subscribe(jan, gone);
    await subscribe(jan, missing);
    const before = (await get(settingsUrl, jan)).json<TNotificationSettings>().push_devices;
    at('2026-11-26T12:00:00Z');
    await notify({ category: 'dossier', to: { occupantIds: [t.ids.occupants.jan] }, title: 'Nieuw document in uw dossier', body: 'Tekening.pdf', url: '/dossier' });
    await deliver();
    expect((await get(settingsUrl, jan)).json<TNotificationSettings>().push_devices).toBe(before - 2);
    const left = await t.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE occupant_id = $1', [t.ids.occupants.jan]);
    expect(left.map((l) => l.endpoint)).toEqual([expect.stringMatching(/\/sub\/jan-phone$/)]);
  });
});

describe('what tells residents', () => {
  it('a published news article tells its project once, however often it is announced', async () => {
    const [project] = await t.query<{ project_id: number }>('SELECT project_id FROM address_projects WHERE address_id = $1 LIMIT 1', [t.ids.addresses.a10]);
    const [article] = await t.query<{ id: number }>(`INSERT INTO news_articles (project_id, title, date, content, publish_at)
      VALUES ($1, 'Stroom eraf op dinsdag', current_date, '<p>Van 9 tot 12 uur &amp; daarna weer aan.</p>', now()) RETURNING id`, [project!.project_id]);
    for (let i = 0; i < 2; i++) {
      await t.db.transaction((tx) => t.services.staffContent.publishing.published(tx, project!.project_id, `news:${article!.id}`));
    }
    const messages = await t.query<{ category: string; title: string; body: string; url: string }>('SELECT category, title, body, url FROM notification_messages WHERE tag = $1', [`news:${article!.id}`]);
    expect(messages).toEqual([{ category: 'news', title: 'Nieuws: Stroom eraf op dinsdag', body: 'Van 9 tot 12 uur & daarna weer aan.', url: '/dashboard' }]);
    await deliver();
    const [queued] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM notification_outbox ob JOIN notification_messages m ON m.id = ob.message_id
      WHERE m.tag = $1 AND ob.occupant_id = $2 AND ob.channel = 'email'`, [`news:${article!.id}`, t.ids.occupants.jan]);
    expect(queued!.n).toBe(1);
  });
});

describe('one-click unsubscribe', () => {
  let mail: CaughtMail;
  let token: string;

  beforeAll(async () => {
    vi.useRealTimers();
    const since = t.mail!.messages.length;
    await notify({ category: 'dossier', to: { occupantIds: [t.ids.occupants.anna] }, title: 'Nieuw document in uw dossier', body: 'Meetrapport.pdf', url: '/dossier' });
    await deliver();
    mail = mailsTo('anna.devries@example.nl', since)[0]!;
    token = decodeURIComponent(/token=([^>\s]+)>/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1] ?? '');
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post on every notification e-mail, and the page link in the footer', async () => {
    expect(header(mail, 'List-Unsubscribe')).toMatch(/^<http[^>]+\/api\/public\/unsubscribe\?token=[^>]+>$/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`/afmelden?token=${encodeURIComponent(token)}`);
    expect(t.mail!.messages.filter((m) => m.subject === 'Nieuw document in uw dossier' || m.subject.startsWith('Afspraak') || m.subject.startsWith('Nieuws'))
      .every((m) => header(m, 'List-Unsubscribe-Post') === 'List-Unsubscribe=One-Click')).toBe(true);
  });

  it('tells what the link is for without login, and changes nothing on GET', async () => {
    const res = await get(`/api/public/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TUnsubscribeInfo>()).toEqual({ category: 'dossier', category_label: 'Dossier', email_address: 'a***@example.nl', unsubscribed: false });
  });

  it('turns e-mail for the category off with the RFC 8058 one-click POST, without login', async () => {
    const res = await t.app.inject({
      method: 'POST', url: `/api/public/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TUnsubscribeInfo>().unsubscribed).toBe(true);
    const [pref] = await t.query<{ email: string }>("SELECT email FROM notification_preferences WHERE occupant_id = $1 AND category = 'dossier'", [t.ids.occupants.anna]);
    expect(pref!.email).toBe('off');
    // Also as multipart/form-data (RFC 8058's other form) and from the page (JSON or no body); the next dossier notice sends Anna no e-mail.
    const multipart = await t.app.inject({
      method: 'POST', url: `/api/public/unsubscribe?token=${encodeURIComponent(token)}`, headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/public/unsubscribe?token=${encodeURIComponent(token)}`, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/public/unsubscribe?token=${encodeURIComponent(token)}` })).statusCode).toBe(200);
    const since = t.mail!.messages.length;
    await notify({ category: 'dossier', to: { occupantIds: [t.ids.occupants.anna] }, title: 'Nieuw document in uw dossier', body: 'Nog een.pdf', url: '/dossier' });
    await deliver();
    expect(mailsTo('anna.devries@example.nl', since)).toEqual([]);
  });

  it('refuses a forged or altered token with 400', async () => {
    const [, category, signature] = token.split('.');
    const forged = [
      `${t.ids.occupants.jan}.${category}.${signature}`, // another person with Anna's signature
      `${t.ids.occupants.anna}.news.${signature}`, // another category
      `${t.ids.occupants.anna}.${category}.${'A'.repeat(43)}`,
      'nonsense',
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/api/public/unsubscribe?token=${encodeURIComponent(bad)}` });
        expect(res.statusCode, `${method} ${bad}`).toBe(400);
        expect(res.json().message).toBe(unsubscribeMessages.invalid);
      }
    }
    const [pref] = await t.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_preferences WHERE occupant_id = $1 AND category = 'dossier'", [t.ids.occupants.jan]);
    expect(pref!.n).toBe(0);
  });
});

describe('reach per project (console)', () => {
  it('counts how many residents each channel reaches, per category, for addresses.read only', async () => {
    const [project] = await t.query<{ project_id: number }>('SELECT project_id FROM address_projects WHERE address_id = $1 LIMIT 1', [t.ids.addresses.a10]);
    const url = `/api/staff/projects/${project!.project_id}/notifications/reach`;
    const res = await get(url, staff.admin);
    expect(res.statusCode, res.body + t.logs.slice(-3).join('\n')).toBe(200);
    const reach = res.json<TNotificationReach>();
    const [people] = await t.query<{ n: number; email: number; mobile: number; push: number }>(`SELECT count(*)::int AS n, count(nullif(trim(email_address), ''))::int AS email,
      count(nullif(trim(mobile), ''))::int AS mobile, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.occupant_id = o.id))::int AS push
      FROM occupants o WHERE address_id IN (SELECT address_id FROM address_projects WHERE project_id = $1)`, [project!.project_id]);
    expect(people!.push).toBeGreaterThan(0);
    expect(reach).toMatchObject({ occupants: people!.n, with_email: people!.email, with_mobile: people!.mobile, with_push: people!.push });
    expect(reach.categories.map((c) => c.category)).toEqual([...NOTIFICATION_CATEGORIES]);
    // Jan: e-mail off for chat (push on), Anna: dossier e-mail off.
    const chat = reach.categories.find((c) => c.category === 'chat')!;
    expect(chat.email).toBe(people!.email - 1);
    expect(chat.push).toBe(people!.push);
    expect(reach.categories.find((c) => c.category === 'news')!.sms).toBe(0);
    expect(reach.categories.find((c) => c.category === 'appointment')!.sms).toBe(people!.mobile);
    // Every category's counts, none included, as the plain definition gives them: each occupant under their own choice
    // or else the default, one row per person and category.
    const defaults = DEFAULT_NOTIFICATION_PREFERENCES.map((d) => `('${d.category}', '${d.email}', ${d.push}, ${d.sms && SMS_CATEGORIES.includes(d.category)})`).join(', ');
    const expected = await t.query<{ category: string; email: number; push: number; sms: number; none: number }>(`
      WITH people AS (
        SELECT o.id, nullif(trim(o.email_address), '') IS NOT NULL AS has_email, nullif(trim(o.mobile), '') IS NOT NULL AS has_mobile,
          EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.occupant_id = o.id) AS has_push
        FROM occupants o WHERE o.address_id IN (SELECT address_id FROM address_projects WHERE project_id = $1)
      ), defaults (category, email, push, sms) AS (VALUES ${defaults}),
      reach AS (
        SELECT d.category, people.has_email AND coalesce(p.email, d.email) <> 'off' AS by_email, people.has_push AND coalesce(p.push, d.push) AS by_push,
          people.has_mobile AND coalesce(p.sms, d.sms) AND d.category = ANY($2::text[]) AS by_sms
        FROM people CROSS JOIN defaults d LEFT JOIN notification_preferences p ON p.occupant_id = people.id AND p.category = d.category
      )
      SELECT category, count(*) FILTER (WHERE by_email)::int AS email, count(*) FILTER (WHERE by_push)::int AS push,
        count(*) FILTER (WHERE by_sms)::int AS sms, count(*) FILTER (WHERE NOT (by_email OR by_push OR by_sms))::int AS none
      FROM reach GROUP BY category`, [project!.project_id, [...SMS_CATEGORIES]]);
    expect(reach.categories.map(({ category, email, push, sms, none }) => ({ category, email, push, sms, none })))
      .toEqual(NOTIFICATION_CATEGORIES.map((category) => expected.find((e) => e.category === category)));
    expect(reach.categories.some((c) => c.none > 0)).toBe(true);
    // The filter, and the export with it (counts only).
    const news = (await get(`${url}?category=news`, staff.admin)).json<TNotificationReach>();
    expect(news.categories.map((c) => c.category)).toEqual(['news']);
    const csv = await get(`${url}/export?format=csv&category=chat`, staff.admin);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toEqual(['Onderwerp;E-mail;Push;SMS;Niet bereikt', `Chat;${chat.email};${chat.push};n.v.t.;${chat.none}`]);
    expect((await get(`${url}/export?format=pdf`, staff.admin)).statusCode).toBe(422);
    expect((await get(url, staff.otherAdmin)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await get(url, jan)).statusCode).toBe(401);
    expect((await get(url)).statusCode).toBe(401);
  });
});
