/**
 * Notifications at scale (issue 19) in `npm run bench -- --scale`: a news item published to the scale project of
 * 5,000 addresses and 10,000 occupants, through the console's own call (POST /api/staff/projects/{id}/news), with
 * every occupant wanting news by e-mail at once (not the daily digest) and by push, half of them with a device.
 *
 * Measured (never asserted), on a server started for this part with SMTP to a local catcher and the push
 * subscriptions pointing at a local push endpoint (both in this process, answering at once):
 * - time to queue: from the publish call until the fan-out job has written every outbox row and queued the sends;
 * - time to send all: until every outbox row is sent, every mail reached the SMTP catcher and every push the endpoint;
 * - the server process's memory (RSS) before and at its peak, sampled every 100 ms.
 * Read: GET .../notifications/reach as a console read.
 * A focused run: `BENCH_CALLS=notifications npm run bench -- --scale` (no other reads or jobs).
 */
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';

const PUSH_HOST = 'http://bench-push.invalid';

/** Half of the addresses' main occupants have a push device; everybody wants news by e-mail at once and by push. */
export async function seed(run, { P }) {
  const ecdh = createECDH('prime256v1');
  const p256dh = ecdh.generateKeys().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  await run(`INSERT INTO notification_preferences (occupant_id, category, email, push, sms)
    SELECT o.id, 'news', 'direct', true, false FROM occupants o JOIN bench_addresses a ON a.id = o.address_id
    ON CONFLICT DO NOTHING`);
  await run(`INSERT INTO push_subscriptions (occupant_id, endpoint, p256dh, auth)
    SELECT o.id, $1 || '/push/' || o.id, $2, $3 FROM occupants o JOIN bench_addresses a ON a.id = o.address_id
    WHERE o.is_main AND a.n % 2 = 0`, [PUSH_HOST, p256dh, auth]);
  return { notificationsProject: P };
}

export function calls(ids, c) {
  return [c('/api/staff/projects/{id}/notifications/reach', `/api/staff/projects/${ids.notificationsProject}/notifications/reach`)];
}

/** The resident set size of a process in bytes (Linux), or null. */
function rss(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The fan-out, timed once. `ctx`: { ids, dataDir, pg, apiRequire, databaseUrl, startServing, stopServer, consoleLogin, sleep }.
 * Answers rows for the bench's table: [what, figure].
 */
export async function timed(ctx) {
  const { ids, dataDir } = ctx;
  const P = ids.notificationsProject;
  // The SMTP catcher (counts messages) and the push endpoint (counts requests, answers 201).
  const { SMTPServer } = ctx.apiRequire('smtp-server');
  let mails = 0;
  let listUnsubscribe = 0;
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, size: 1024 * 1024, disableReverseLookup: true,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => { if (head.length < 4000) head += chunk.toString('utf8'); });
      stream.on('end', () => {
        mails++;
        if (/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im.test(head)) listUnsubscribe++;
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = smtp.server.address().port;
  let pushes = 0;
  let encrypted = 0;
  const push = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      pushes++;
      if (request.headers['content-encoding'] === 'aes128gcm' && /^vapid /.test(String(request.headers.authorization))) encrypted++;
      response.statusCode = 201;
      response.end();
    });
  });
  await new Promise((resolve) => push.listen(0, '127.0.0.1', resolve));
  const pushBase = `http://127.0.0.1:${push.address().port}`;

  // The server first: it starts the embedded PostgreSQL.
  // Quiet hours off: the bench measures sending whatever the hour it runs (at night SMS and push would wait until 08:00).
  const server = await ctx.startServing(dataDir, {
    SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false', SMTP_POOL: 'true', NOTIFY_BATCH_SECONDS: '0', NOTIFY_QUIET_HOURS: 'off', PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
  }).catch(async (error) => {
    await new Promise((resolve) => smtp.close(resolve));
    push.close();
    throw error;
  });
  const client = new ctx.pg.Client({ connectionString: ctx.databaseUrl(dataDir) });
  await client.connect();
  try {
    // Every occupant of the project with an e-mail address (the seed gives housemates none), the devices at the local endpoint.
    await client.query(`UPDATE occupants o SET email_address = 'huisgenoot' || o.id || '@bench.example.nl'
      FROM address_projects ap WHERE ap.address_id = o.address_id AND ap.project_id = $1 AND o.email_address IS NULL`, [P]);
    await client.query('UPDATE push_subscriptions SET endpoint = replace(endpoint, $1, $2)', [PUSH_HOST, pushBase]);
    const [{ occupants, devices }] = (await client.query(`SELECT count(*)::int AS occupants,
      (SELECT count(*)::int FROM push_subscriptions s JOIN occupants o2 ON o2.id = s.occupant_id JOIN address_projects ap2 ON ap2.address_id = o2.address_id AND ap2.project_id = $1) AS devices
      FROM occupants o JOIN address_projects ap ON ap.address_id = o.address_id AND ap.project_id = $1`, [P])).rows;

    const token = await ctx.consoleLogin(server.base);
    const rssBefore = rss(server.child.pid);
    let rssPeak = rssBefore ?? 0;
    const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, rss(server.child.pid) ?? 0); }, 100);

    const started = performance.now();
    const today = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date()).replace(/\//g, '-');
    const res = await fetch(`${server.base}/api/staff/projects/${P}/news`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'nl', title: 'Bench: de steigers komen maandag', date: today, image_id: null, content: '<p>De steigers worden maandag geplaatst.</p>', is_public: false, publish_at: new Date(Date.now() - 1000).toISOString() }),
    });
    const published = performance.now();
    if (!res.ok) throw new Error(`publishing answered ${res.status}: ${await res.text()}`);
    const { id } = await res.json();
    const tag = `news:${id}`;
    let queuedAt = null;
    let expected = null;
    let doneAt = null;
    // BENCH_NOTIFY_MAX_S: stop waiting after this many seconds (default 1800) and report the rate so far.
    const maxSeconds = Number(process.env.BENCH_NOTIFY_MAX_S ?? 1800);
    const limit = started + maxSeconds * 1000;
    let last = null;
    while (performance.now() < limit) {
      const { rows: [s] } = await client.query(`SELECT m.fanned_out_at IS NOT NULL AS fanned, count(ob.id)::int AS total, count(ob.sent_at)::int AS sent,
        count(*) FILTER (WHERE ob.channel = 'email')::int AS emails, count(*) FILTER (WHERE ob.channel = 'push')::int AS pushes
        FROM notification_messages m LEFT JOIN notification_outbox ob ON ob.message_id = m.id WHERE m.tag = $1 GROUP BY m.id`, [tag]);
      last = s;
      if (s?.fanned && queuedAt === null) {
        queuedAt = performance.now();
        expected = s;
      }
      if (expected && s.sent === expected.total && mails >= expected.emails && pushes >= expected.pushes) {
        doneAt = performance.now();
        break;
      }
      await ctx.sleep(100);
    }
    clearInterval(sampler);
    const mb = (bytes) => (bytes ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : '-');
    const s = (ms) => (ms === null ? `not within ${maxSeconds} s` : `${(ms / 1000).toFixed(2)} s`);
    const sendMs = doneAt === null ? null : doneAt - started;
    const elapsed = performance.now() - started;
    const sentSoFar = last?.sent ?? 0;
    const rate = expected ? `${((doneAt === null ? sentSoFar : expected.total) / ((doneAt === null ? elapsed : sendMs) / 1000)).toFixed(1)} messages/s` : '-';
    const partial = doneAt === null && expected ? `; ${sentSoFar.toLocaleString('en-US')} of ${expected.total.toLocaleString('en-US')} sent in ${(elapsed / 1000).toFixed(0)} s, all in about ${((expected.total / Math.max(1, sentSoFar)) * elapsed / 1000).toFixed(0)} s at that rate` : '';
    return [
      ['recipients', `${occupants.toLocaleString('en-US')} occupants of ${P ? 'the scale project' : '-'}, ${devices.toLocaleString('en-US')} push devices`],
      ['publish call (the news item stored, the fan-out queued)', `${(published - started).toFixed(0)} ms`],
      ['time to queue (every outbox row written, every send job queued)', `${s(queuedAt === null ? null : queuedAt - started)} (${expected ? `${expected.emails.toLocaleString('en-US')} e-mails, ${expected.pushes.toLocaleString('en-US')} pushes` : '-'})`],
      ['time to send all (SMTP catcher and push endpoint received everything)', `${s(sendMs)} (${rate}; one worker, concurrency 1${partial})`],
      ['received', `${mails.toLocaleString('en-US')} mails (${listUnsubscribe.toLocaleString('en-US')} with List-Unsubscribe-Post), ${pushes.toLocaleString('en-US')} pushes (${encrypted.toLocaleString('en-US')} aes128gcm + VAPID)`],
      ['server memory (RSS)', `${mb(rssBefore)} before, ${mb(rssPeak)} at its peak`],
    ];
  } finally {
    await client.end();
    await ctx.stopServer(server.child);
    await new Promise((resolve) => smtp.close(resolve));
    push.closeAllConnections();
    await new Promise((resolve) => push.close(resolve));
  }
}
