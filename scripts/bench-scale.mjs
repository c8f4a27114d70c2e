/**
 * `npm run bench -- --scale`: the latency of every read a resident, a partner and a public visitor make
 * (the spec's section 7 and the web's api.ts files), and of the staff console's reads of the project's forms,
 * entries, consent campaign and payments (issue 16, as the demo's customer administrator, password and TOTP),
 * on a project of realistic size. Then the console's long work, timed once each as jobs: the CSV export of
 * 5,000 entries, the ZIP of their 5,000 summary PDFs (started, then polled until done) and the payments XLSX.
 * Measures, never asserts: prints one line per call (a call that does not answer 200 says so) and exits 0
 * whatever the figures.
 *
 * 1. A server starts on a fresh temporary DATA_DIR with the demo data (SEED_DEMO, the default), which
 *    also runs the migrations.
 * 2. The scale project is added to the demo customer 'Woonstad Vernieuwd' with plain SQL through `pg`
 *    (INSERT ... SELECT generate_series, a few seconds) on the server's embedded PostgreSQL: port from
 *    DATA_DIR/pg/postmaster.pid, password from DATA_DIR/pg-password, as `npm run portal` reaches it.
 *    Content rows are copies of the demo project's (so images, files and JSON shapes are real ones).
 *    Sizes: SCALE below. Then VACUUM ANALYZE, and the server is started again, so no cache holds seed-time state.
 * 3. Each call: WARMUP requests, then REQUESTS requests one after another on one keep-alive connection,
 *    each timed from sending to the last byte of the answer; median and p99 of those.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './start.mjs';
import { login, sleep, startServing, stopServer, table, tempDataDir } from './bench-servers.mjs';

const apiRequire = createRequire(path.join(root, 'apps/api/package.json'));
const pg = apiRequire('pg');
const { generate: generateTotp } = apiRequire('otplib');

export const SCALE = {
  addresses: 5_000, // all in the project's work order; 2 occupants each
  messages: 100_000, // over `conversations` address conversations and `visitors` visitor conversations
  conversations: 4_000,
  benchConversationMessages: 2_500, // the bench resident's own conversation
  visitors: 50,
  visitorMessages: 10,
  news: 1_000,
  planningDays: 200,
  itemsPerPlanningDay: 2,
  newsReadByEveryone: 20, // the newest articles every address has opened (content_reads)
};
const WARMUP = 20;
const REQUESTS = 200;
const TARGET = { medianMs: 10, p99Ms: 50 };
const BENCH_ZIPCODE = '3000BK';
const BENCH_VISITOR = 'benchvisitor00000001';
const RESIDENT_PASSWORD = 'Bewoner2026!';
const PARTNER = { username: 'partner@example.nl', password: 'Partner2026!' };
/** The demo's customer administrator (apps/api/src/demo/staff.ts), with TOTP. */
const CONSOLE = { email: 'beheer@example.nl', password: 'Beheer2026!', totpSecret: 'LL2QQCDONQBBPZUK4RNBQWVMMA5NEJSA' };
const STREETS = [
  'Tulpstraat', 'Rozenstraat', 'Lelieweg', 'Irislaan', 'Dahliastraat', 'Asterstraat', 'Krokuslaan', 'Narcisweg', 'Violierstraat', 'Anjerlaan',
  'Goudsbloemstraat', 'Klaproosweg', 'Madeliefstraat', 'Zonnebloemlaan', 'Hyacintstraat', 'Fresiaweg', 'Orchideestraat', 'Seringenlaan', 'Jasmijnstraat', 'Lavendelweg',
];

// ---------------------------------------------------------------------------------------------------
// Seeding

/** The running embedded server's connection string (as apps/api/src/db/open.ts finds it for the CLI). */
export function databaseUrl(dataDir) {
  const port = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://portal:${encodeURIComponent(password)}@127.0.0.1:${port}/portal`;
}

/**
 * INSERT INTO `table` `count` copies of the demo project's rows (cycled): the columns of `copied` are
 * taken as they are, `set` gives SQL expressions over `src` (the row copied) and `g` (0 .. count-1).
 */
function copyRows({ table: name, from = name, where, count, copied, set }) {
  const columns = [...copied, ...Object.keys(set)];
  const values = [...copied.map((c) => `src.${c}`), ...Object.values(set)];
  return `WITH src AS (SELECT *, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM ${from} WHERE ${where})
    INSERT INTO ${name} (${columns.join(', ')})
    SELECT ${values.join(', ')} FROM generate_series(0, ${count - 1}) g JOIN src ON src.k = g % src.n ORDER BY g`;
}

/** The scale project, in one transaction; returns the ids the measured calls need. */
export async function seed(client) {
  const one = async (sql, params) => (await client.query(sql, params)).rows[0];
  const run = (sql, params) => client.query(sql, params);
  const demo = await one(`SELECT p.id, p.customer_id FROM projects p WHERE p.name = 'Renovatie Bloemenbuurt'`);
  if (!demo) throw new Error('The demo project Renovatie Bloemenbuurt is missing: did the server seed its demo?');
  const P0 = demo.id;
  const { password_hash: residentHash } = await one(`SELECT password_hash FROM occupants WHERE email_address = 'jan.devries@example.nl'`);
  const partner = await one(`SELECT id, name FROM users WHERE username = $1`, [PARTNER.username]);

  await run('BEGIN');
  const { id: P } = await one(`INSERT INTO projects (customer_id, name, description, logo_url, corporate_identity_color, color_primary, color_secondary,
      welcome_message, support_base_progress, modules, module_18_name, work_order_message, is_public)
    SELECT customer_id, 'Schaalproef 5.000 woningen', 'Benchmarkproject: ${SCALE.addresses} woningen, ${SCALE.news} nieuwsberichten, ${SCALE.messages} chatberichten.',
      logo_url, corporate_identity_color, color_primary, color_secondary, welcome_message, support_base_progress, modules, module_18_name,
      work_order_message, true
    FROM projects WHERE id = $1 RETURNING id`, [P0]);
  const p = [P];
  // The demo partner is a contractor: it reaches the projects it was given.
  await run(`INSERT INTO staff_projects (user_id, project_id) VALUES ($1, $2)`, [partner.id, P]);

  // Addresses 1..N: zipcodes 3000BK, 3001BK, ... with house numbers 1..50, one street each (names repeat
  // every 20 zipcodes); n = 1 is the bench resident's.
  await run(`CREATE TEMP TABLE bench_addresses (n int PRIMARY KEY, id int NOT NULL) ON COMMIT DROP`);
  await run(`WITH made AS (
      INSERT INTO addresses (customer_id, zipcode, house_number, street, city, lat, lng, activated_at)
      SELECT $1, (3000 + (g - 1) / 50)::text || 'BK', ((g - 1) % 50 + 1)::text, (ARRAY[${STREETS.map((n) => `'${n}'`).join(', ')}])[(g - 1) / 50 % ${STREETS.length} + 1], 'Utrecht',
        52.08 + ((g - 1) % 100) * 0.0004, 5.10 + ((g - 1) / 100) * 0.0006, now()
      FROM generate_series(1, ${SCALE.addresses}) g RETURNING id)
    INSERT INTO bench_addresses SELECT row_number() OVER (ORDER BY id), id FROM made`, [demo.customer_id]);
  await run(`INSERT INTO address_projects (address_id, project_id) SELECT id, $1 FROM bench_addresses`, p);
  await run(`INSERT INTO occupants (address_id, first_name, last_name, gender, email_address, mobile, password_hash, is_main)
    SELECT id, 'Bewoner', 'Nummer ' || n, 'M', 'bewoner' || n || '@bench.example.nl', '06' || lpad(n::text, 8, '0'),
      CASE WHEN n = 1 THEN $1 END, true FROM bench_addresses
    UNION ALL SELECT id, 'Huisgenoot', 'Nummer ' || n, 'F', NULL, NULL, NULL, false FROM bench_addresses`, [residentHash]);
  await run(`INSERT INTO work_order_entries (project_id, address_id, number, status, is_public)
    SELECT $1, id, n, CASE WHEN n <= ${SCALE.addresses / 5} THEN 'done' WHEN n <= ${SCALE.addresses / 2} THEN 'in_progress' ELSE 'in_preparation' END, n % 10 <> 0
    FROM bench_addresses`, p);

  // Content: copies of the demo project's items.
  const demoRows = `project_id = ${P0}`;
  await run(copyRows({
    table: 'news_articles', where: demoRows, count: SCALE.news, copied: ['image_file_id', 'content'],
    set: { project_id: P, title: `src.title || ' (' || (g + 1) || ')'`, date: 'current_date - g', is_public: 'g % 2 = 0' },
  }));
  await run(copyRows({
    table: 'partners', where: demoRows, count: 20, copied: ['logo_file_id', 'website', 'lat', 'lng'],
    set: { project_id: P, name: `src.name || ' ' || (g + 1)`, is_public: 'g % 4 <> 3', position: 'g' },
  }));
  await run(copyRows({
    table: 'information_items', where: demoRows, count: 80,
    copied: ['kind', 'menuitem_id', 'content', 'image_file_id', 'icons', 'access_to_home_required', 'indicators'],
    set: { project_id: P, title: `src.title || ' (' || (g + 1) || ')'`, is_public: 'g % 2 = 0', position: 'g' },
  }));
  await run(`INSERT INTO information_item_partners (item_id, partner_id, position)
    SELECT i.id, pa.id, 0 FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM information_items WHERE project_id = $1) i
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM partners WHERE project_id = $1) pa ON pa.k = i.k % 20 + 1`, p);
  await run(copyRows({
    table: 'complaint_items', where: demoRows, count: 20, copied: ['image_file_id', 'content'],
    set: { project_id: P, title: `src.title || ' (' || (g + 1) || ')'`, is_public: 'g % 2 = 0', position: 'g' },
  }));
  await run(copyRows({
    table: 'contacts', where: demoRows, count: 20,
    copied: ['first_name', 'affix', 'last_name', 'email', 'mobile_number', 'phone_number', 'function', 'description', 'avatar_file_id', 'logo_file_id', 'organisation', 'can_chat'],
    set: { project_id: P, is_public: 'g % 3 <> 2', position: 'g' },
  }));
  await run(`INSERT INTO schedules (project_id, comment, image_file_id, show_date) SELECT $1, comment, image_file_id, show_date FROM schedules WHERE project_id = ${P0}`, p);
  const planningItems = SCALE.planningDays * SCALE.itemsPerPlanningDay;
  await run(copyRows({
    table: 'schedule_items', where: demoRows, count: planningItems,
    copied: ['description', 'content', 'image_file_id', 'highlight', 'access_to_home_required', 'icons', 'indicators'],
    set: {
      project_id: P, title: `src.title || ' (' || (g + 1) || ')'`,
      date: `current_date + (g / ${SCALE.itemsPerPlanningDay})::int - ${SCALE.planningDays / 2}`, is_public: 'g % 2 = 0', position: `g % ${SCALE.itemsPerPlanningDay}`,
    },
  }));
  await run(`INSERT INTO schedule_item_partners (item_id, partner_id, position)
    SELECT i.id, pa.id, 0 FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM schedule_items WHERE project_id = $1) i
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM partners WHERE project_id = $1) pa ON pa.k = i.k % 20 + 1`, p);
  // Documents: 200 for the whole project, 2 per address; dossier: 4 items per address.
  await run(copyRows({
    table: 'documents', where: demoRows, count: 200, copied: ['file_id', 'type', 'subject', 'name', 'methods'],
    set: { project_id: P, is_public: 'g % 2 = 0', created_at: `now() - g * interval '1 day'` },
  }));
  await run(`WITH src AS (SELECT *, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM documents WHERE ${demoRows})
    INSERT INTO documents (project_id, address_id, file_id, type, subject, name, methods, created_at)
    SELECT $1, a.id, src.file_id, src.type, src.subject, src.name, src.methods, now() - (a.n % 300 + j) * interval '1 day'
    FROM bench_addresses a CROSS JOIN generate_series(0, 1) j JOIN src ON src.k = (a.n + j) % src.n`, p);
  await run(`WITH src AS (SELECT *, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM dossier_items WHERE ${demoRows})
    INSERT INTO dossier_items (project_id, address_id, file_id, type, sub_type, method_type, name, subject, created_at)
    SELECT $1, a.id, src.file_id, src.type, src.sub_type, src.method_type, src.name, src.subject, now() - (a.n % 300 + j) * interval '1 day'
    FROM bench_addresses a CROSS JOIN generate_series(0, 3) j JOIN src ON src.k = (a.n + j) % src.n`, p);
  // Surveys: copies of the demo's; every address answered the first one.
  await run(copyRows({
    table: 'surveys', where: `${demoRows} AND is_active`, count: 6, copied: ['version', 'is_public', 'is_active', 'questions', 'form'],
    set: { project_id: P, name: `src.name || ' (' || (g + 1) || ')'`, position: 'g' },
  }));
  await run(`INSERT INTO survey_responses (survey_id, project_id, address_id, version, answers)
    SELECT s.id, $1, a.id, s.version, CASE WHEN s.version = 1 THEN '{"version":1,"answers":[]}'::jsonb ELSE '{"version":2,"values":{}}'::jsonb END
    FROM bench_addresses a CROSS JOIN (SELECT id, version FROM surveys WHERE project_id = $1 ORDER BY position LIMIT 1) s WHERE a.n > 1`, p);
  // Appointments: two plannings, 300 slots each on the coming days, every address in both.
  await run(`INSERT INTO appointment_plannings (project_id, subject) VALUES ($1, 'Opname woning'), ($1, 'Plaatsen warmtepomp')`, p);
  await run(`INSERT INTO appointment_slots (planning_id, starts_at, daypart_id, capacity, taken)
    SELECT pl.id, date_trunc('day', now()) + (3 + s / 2) * interval '1 day' + CASE WHEN s % 2 = 0 THEN interval '8 hours' ELSE interval '12 hours' END,
      CASE WHEN s % 2 = 0 THEN 1 ELSE 2 END, 20, 0
    FROM appointment_plannings pl CROSS JOIN generate_series(0, 299) s WHERE pl.project_id = $1`, p);
  await run(`INSERT INTO appointments (planning_id, address_id, slot_id)
    SELECT pl.id, a.id, CASE WHEN a.n % 4 = 0 THEN NULL ELSE sl.id END
    FROM appointment_plannings pl CROSS JOIN bench_addresses a
    JOIN LATERAL (SELECT id FROM appointment_slots WHERE planning_id = pl.id ORDER BY starts_at, id OFFSET a.n % 300 LIMIT 1) sl ON true
    WHERE pl.project_id = $1`, p);
  await run(`UPDATE appointment_slots s SET taken = c.n FROM (SELECT slot_id, count(*) AS n FROM appointments WHERE slot_id IS NOT NULL GROUP BY slot_id) c
    WHERE c.slot_id = s.id AND s.planning_id IN (SELECT id FROM appointment_plannings WHERE project_id = $1)`, p);

  // Chat: the bench resident's long conversation, SCALE.conversations - 1 others, and visitor conversations.
  await run(`INSERT INTO chat_notifications (customer_id, project_id, show, title, text)
    SELECT customer_id, $1, show, title, text FROM chat_notifications WHERE project_id = ${P0}`, p);
  await run(`INSERT INTO chat_conversations (project_id, address_id, created_at)
    SELECT $1, id, now() - interval '400 days' FROM bench_addresses WHERE n <= ${SCALE.conversations} ORDER BY n`, p);
  await run(`INSERT INTO chat_conversations (project_id, visitor_token_hash, visitor_name, visitor_email, created_at)
    SELECT $1, translate(rtrim(encode(sha256(('benchvisitor' || lpad(g::text, 8, '0'))::bytea), 'base64'), '='), '+/', '-_'),
      'Bezoeker ' || g, 'bezoeker' || g || '@example.nl', now() - interval '30 days'
    FROM generate_series(1, ${SCALE.visitors}) g`, p);
  const others = SCALE.messages - SCALE.benchConversationMessages - SCALE.visitors * SCALE.visitorMessages;
  const base = Math.floor(others / (SCALE.conversations - 1));
  const extra = others - base * (SCALE.conversations - 1);
  // Message g of a conversation of m messages: every 5th conversation's last two resident messages are
  // unread by the team; staff and resident take turns, 3 hours apart, the last one up to ~4 days ago.
  await run(`WITH conv AS (
      SELECT c.id, a.n, o.id AS occupant_id,
        CASE WHEN a.n = 1 THEN ${SCALE.benchConversationMessages} WHEN a.n - 1 <= ${extra} THEN ${base + 1} ELSE ${base} END AS m
      FROM chat_conversations c JOIN bench_addresses a ON a.id = c.address_id
      JOIN occupants o ON o.address_id = a.id AND o.is_main WHERE c.project_id = $1
      UNION ALL
      SELECT c.id, NULL, NULL, ${SCALE.visitorMessages} FROM chat_conversations c WHERE c.project_id = $1 AND c.visitor_token_hash IS NOT NULL)
    INSERT INTO chat_messages (conversation_id, message, from_staff, from_user_id, from_user_name, from_occupant_id, from_address_name, read_at, created_at)
    SELECT conv.id,
      CASE WHEN g % 2 = 1 THEN 'Goedemiddag, dank voor uw bericht. De monteur komt volgende week langs om de situatie te bekijken; u krijgt vooraf een afspraak. (' || g || ')'
        ELSE 'Hallo, ik heb een vraag over de werkzaamheden aan mijn woning: wanneer wordt de steiger weer weggehaald? (' || g || ')' END,
      g % 2 = 1, CASE WHEN g % 2 = 1 THEN $2::int END, CASE WHEN g % 2 = 1 THEN $3 END,
      CASE WHEN g % 2 = 0 THEN conv.occupant_id END, CASE WHEN g % 2 = 0 AND conv.n IS NOT NULL THEN 'Bewoner Nummer ' || conv.n END,
      CASE WHEN conv.n % 5 = 0 AND g >= conv.m - 2 AND g % 2 = 0 THEN NULL ELSE now() - ((conv.m - g) * 3 - 1) * interval '1 hour' END,
      now() - ((conv.m - g) * 3) * interval '1 hour' - coalesce(conv.n, 0) * interval '1 minute'
    FROM conv CROSS JOIN LATERAL generate_series(1, conv.m) g`, [P, partner.id, partner.name]);
  await run(`UPDATE chat_conversations c SET last_message_at = m.last_at, last_message_preview = left(m.last_message, 140),
      last_message_from_staff = m.last_from_staff, staff_unread_count = m.staff_unread, address_unread_count = m.address_unread
    FROM (SELECT conversation_id, max(created_at) AS last_at,
        (array_agg(message ORDER BY created_at DESC, id DESC))[1] AS last_message,
        (array_agg(from_staff ORDER BY created_at DESC, id DESC))[1] AS last_from_staff,
        count(*) FILTER (WHERE NOT from_staff AND read_at IS NULL) AS staff_unread,
        count(*) FILTER (WHERE from_staff AND read_at IS NULL) AS address_unread
      FROM chat_messages WHERE conversation_id IN (SELECT id FROM chat_conversations WHERE project_id = $1) GROUP BY conversation_id) m
    WHERE c.id = m.conversation_id`, p);

  // Read marks: every address opened the newest news articles; the bench resident most of everything.
  await run(`INSERT INTO content_reads (address_id, module, item_id)
    SELECT a.id, 'news', na.id FROM bench_addresses a
    CROSS JOIN (SELECT id FROM news_articles WHERE project_id = $1 ORDER BY date DESC, id DESC LIMIT ${SCALE.newsReadByEveryone}) na`, p);
  await run(`INSERT INTO content_reads (address_id, module, item_id)
    SELECT a.id, t.module, t.id FROM bench_addresses a CROSS JOIN (
      SELECT 'news' AS module, id FROM news_articles WHERE project_id = $1 AND id % 10 <> 0
      UNION ALL SELECT 'information', id FROM information_items WHERE project_id = $1 AND id % 10 <> 0
      UNION ALL SELECT 'complaints', id FROM complaint_items WHERE project_id = $1 AND id % 4 <> 0
      UNION ALL SELECT 'schedule', id FROM schedule_items WHERE project_id = $1 AND date < current_date
      UNION ALL SELECT 'documents', id FROM documents WHERE project_id = $1 AND address_id IS NULL AND id % 3 <> 0) t
    WHERE a.n = 1 ON CONFLICT DO NOTHING`, p);
  await seedForms(run, P, P0);
  // The console's parts of issue 17 and later (scripts/bench-scale/<part>.mjs): each seeds its rows and names its ids.
  const partIds = {};
  for (const [name, part] of await benchParts()) partIds[name] = await part.seed(run, { P, P0, one });
  await run('COMMIT');
  // The seed imports 5,000 addresses at once: some 80,000 rows in the consent tally's change log (and more in the
  // project change log of the overview and planner), which the sweep job deletes 10 to 25 minutes later but the newest
  // per project. The reads are timed as they are then: with all of them each cached read's fingerprint (count and max
  // per project, lib/change-log.ts) costs some ms more. As the sweep does (it vacuums a log after a large sweep).
  for (const log of ['consent_tally_changes', 'project_changes']) {
    await run(`DELETE FROM ${log} c WHERE c.id < (SELECT max(n.id) FROM ${log} n WHERE n.project_id = c.project_id)`);
  }
  // VACUUM as autovacuum does within a minute of a bulk insert on a live server: else every index-only scan of the
  // new rows (the overview's counts) visits the table for each row, as no live database does for long.
  await run('VACUUM ANALYZE');

  // The ids the calls need.
  const bench = await one(`SELECT a.id AS address_id, c.id AS conversation_id FROM addresses a
    JOIN chat_conversations c ON c.address_id = a.id AND c.project_id = $1 WHERE a.zipcode = $2 AND a.house_number = '1'`, [P, BENCH_ZIPCODE]);
  const ids = {
    project: P,
    customer: demo.customer_id,
    conversation: bench.conversation_id,
    newsNewest: (await one(`SELECT id FROM news_articles WHERE project_id = $1 ORDER BY date DESC, id DESC LIMIT 1`, p)).id,
    newsDeep: (await one(`SELECT id FROM news_articles WHERE project_id = $1 ORDER BY date DESC, id DESC OFFSET 500 LIMIT 1`, p)).id,
    newsPublic: (await one(`SELECT id FROM news_articles WHERE project_id = $1 AND is_public ORDER BY date DESC, id DESC LIMIT 1`, p)).id,
    information: (await one(`SELECT id FROM information_items WHERE project_id = $1 AND kind = 'information' AND is_public ORDER BY id LIMIT 1`, p)).id,
    complaint: (await one(`SELECT id FROM complaint_items WHERE project_id = $1 AND is_public ORDER BY id LIMIT 1`, p)).id,
    document: (await one(`SELECT id FROM documents WHERE project_id = $1 AND address_id = $2 ORDER BY id LIMIT 1`, [P, bench.address_id])).id,
    // The bench resident's 100th document, in the list order (newest first): the `before` of page 3.
    documentDeep: (await one(`SELECT id FROM documents WHERE project_id = $1 AND (address_id IS NULL OR address_id = $2)
      ORDER BY created_at DESC, id DESC OFFSET 99 LIMIT 1`, [P, bench.address_id])).id,
    // A month of the planning other than the one it opens with: the next one.
    nextMonth: (await one(`SELECT to_char(current_date + interval '1 month', 'YYYY-MM') AS month`)).month,
    survey: (await one(`SELECT id FROM surveys WHERE project_id = $1 ORDER BY position LIMIT 1`, p)).id,
    publicSurvey: (await one(`SELECT id FROM surveys WHERE project_id = $1 AND is_public ORDER BY position LIMIT 1`, p))?.id ?? null,
    appointment: (await one(`SELECT ap.id FROM appointments ap JOIN appointment_plannings pl ON pl.id = ap.planning_id
      WHERE pl.project_id = $1 AND ap.address_id = $2 ORDER BY ap.id LIMIT 1`, [P, bench.address_id])).id,
    occupant: (await one(`SELECT id FROM occupants WHERE address_id = $1 AND NOT is_main LIMIT 1`, [bench.address_id])).id,
    messageDeep: (await one(`SELECT id FROM chat_messages WHERE conversation_id = $1 ORDER BY created_at DESC, id DESC OFFSET 1000 LIMIT 1`, [bench.conversation_id])).id,
    // The inbox's 500th conversation, in the inbox order (unread first, then the newest).
    inboxDeep: (await one(`SELECT id FROM chat_conversations WHERE project_id = $1 AND last_message_at IS NOT NULL
      ORDER BY staff_unread_count > 0 DESC, last_message_at DESC, id DESC OFFSET 500 LIMIT 1`, p)).id,
  };
  // The console's: the three forms, the bench resident's choice entry, the address halfway the entries list (its order:
  // postcode, house number), a payment and the payment list's 1,000th (newest first).
  for (const [key, kind] of [['consentForm', 'support-base'], ['choiceForm', 'choice'], ['genericForm', 'generic']]) {
    ids[key] = (await one(`SELECT id FROM forms WHERE project_id = $1 AND kind = $2`, [P, kind])).id;
  }
  ids.choiceEntry = (await one(`SELECT id FROM form_entries WHERE form_id = $1 AND address_id = $2`, [ids.choiceForm, bench.address_id])).id;
  ids.entriesDeep = (await one(`SELECT id FROM addresses WHERE customer_id = $1 AND zipcode = $2 AND house_number = '50'`,
    [demo.customer_id, `${3000 + SCALE.addresses / 100 - 1}BK`])).id;
  ids.payment = (await one(`SELECT id FROM payments WHERE entry_id = $1 ORDER BY id LIMIT 1`, [ids.choiceEntry])).id;
  ids.paymentDeep = (await one(`SELECT id FROM payments WHERE project_id = $1 ORDER BY id DESC OFFSET 1000 LIMIT 1`, p)).id;
  ids.parts = partIds;
  const counts = await one(`SELECT
    (SELECT count(*) FROM address_projects WHERE project_id = $1) AS addresses,
    (SELECT count(*) FROM occupants o JOIN address_projects ap ON ap.address_id = o.address_id WHERE ap.project_id = $1) AS occupants,
    (SELECT count(*) FROM work_order_entries WHERE project_id = $1) AS work_order,
    (SELECT count(*) FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id WHERE c.project_id = $1) AS messages,
    (SELECT count(*) FROM chat_conversations WHERE project_id = $1) AS conversations,
    (SELECT count(*) FROM news_articles WHERE project_id = $1) AS news,
    (SELECT count(DISTINCT date) FROM schedule_items WHERE project_id = $1) AS planning_days,
    (SELECT count(*) FROM schedule_items WHERE project_id = $1) AS planning_items,
    (SELECT count(*) FROM information_items WHERE project_id = $1) AS information,
    (SELECT count(*) FROM documents WHERE project_id = $1) AS documents,
    (SELECT count(*) FROM dossier_items WHERE project_id = $1) AS dossier,
    (SELECT count(*) FROM appointments ap JOIN appointment_plannings pl ON pl.id = ap.planning_id WHERE pl.project_id = $1) AS appointments,
    (SELECT count(*) FROM content_reads) AS read_marks,
    (SELECT count(*) FROM form_entries WHERE project_id = $1) AS entries,
    (SELECT count(*) FROM form_entry_events ev JOIN form_entries e ON e.id = ev.entry_id WHERE e.project_id = $1) AS entry_events,
    (SELECT count(*) FROM payments WHERE project_id = $1) AS payments`, p);
  return { ids, counts };
}

/**
 * Forms of the scale project (issue 16): copies of the demo's consent form (Draagvlakmeting), priced choice form
 * (Keuzes voor uw keuken) and a generic form, each published as version 1, with an entry for every address and its
 * history. Building units of 50 homes (one per zipcode). Consent: 72% agree, 8% disagree, 5% answered but not
 * signed, 15% no entry; choice: every address locked with an amount, 60% paid, 5% paid twice, 10% failed;
 * generic: every address answered, half of them completed.
 */
async function seedForms(run, P, P0) {
  await run(`UPDATE address_projects ap SET building_unit = 'Blok ' || ((a.n - 1) / 50 + 1), vacant = a.n % 97 = 0
    FROM bench_addresses a WHERE ap.address_id = a.id AND ap.project_id = $1`, [P]);
  await run(`INSERT INTO forms (project_id, kind, name, description, definition, position, is_active, require_to_sign_form, require_to_sign_form_legally,
      use_sms_authentication, enable_payment, disable_prices, summary_text, status_text, published_version)
    SELECT $1, f.kind, f.name, f.description, f.definition, f.position, true, f.require_to_sign_form, f.require_to_sign_form_legally,
      f.use_sms_authentication, f.enable_payment, f.disable_prices, f.summary_text, f.status_text, 1
    FROM (SELECT DISTINCT ON (kind) * FROM forms
          WHERE (kind = 'support-base' AND name = 'Draagvlakmeting renovatieplan') OR (kind = 'choice' AND name = 'Keuzes voor uw keuken')
             OR (kind = 'generic' AND name = 'Uw wensen voor de renovatie')
          ORDER BY kind, id) f`, [P]);
  await run(`INSERT INTO form_versions (form_id, version, name, description, definition) SELECT id, 1, name, description, definition FROM forms WHERE project_id = $1`, [P]);
  await run(`INSERT INTO form_files (form_id, file_id) SELECT f.id, ff.file_id FROM forms f JOIN forms d ON d.kind = f.kind AND d.name = f.name AND d.project_id = $2
    JOIN form_files ff ON ff.form_id = d.id WHERE f.project_id = $1 ON CONFLICT DO NOTHING`, [P, P0]);
  const sign = `jsonb_build_object('1', jsonb_build_object('image', NULL, 'who', 'Bewoner Nummer ' || a.n, 'description', NULL, 'mobile', NULL, 'signed', true, 'signedAt', to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))`;
  // Consent: a.n % 100 < 72 agree, < 80 disagree (both signed), < 85 answered without signing, the rest nothing.
  await run(`INSERT INTO form_entries (form_id, project_id, address_id, one_per_owner, values, status, locked, locked_at, sections_done, signatures, nr_of_signatures,
      agreement, agreement_at, form_version, created_at, updated_at)
    SELECT f.id, $1, a.id, true, '{"akkoord":"agree"}'::jsonb, CASE WHEN a.n % 100 < 80 THEN 'signed' ELSE 'open' END, a.n % 100 < 80,
      CASE WHEN a.n % 100 < 80 THEN now() - (a.n % 20) * interval '1 day' END, 2, CASE WHEN a.n % 100 < 80 THEN ${sign} ELSE '{}'::jsonb END,
      CASE WHEN a.n % 100 < 80 THEN 1 END, CASE WHEN a.n % 100 < 72 THEN 'agree' WHEN a.n % 100 < 80 THEN 'disagree' END,
      CASE WHEN a.n % 100 < 80 THEN now() - (a.n % 20) * interval '1 day' END, 1, now() - interval '30 days', now() - (a.n % 20) * interval '1 day'
    FROM bench_addresses a CROSS JOIN forms f WHERE f.project_id = $1 AND f.kind = 'support-base' AND a.n % 100 < 85`, [P]);
  await run(`INSERT INTO form_entries (form_id, project_id, address_id, one_per_owner, values, status, locked, locked_at, sections_done, signatures, nr_of_signatures,
      amount_cents, paid_at, form_version, created_at, updated_at)
    SELECT f.id, $1, a.id, true, '{}'::jsonb, 'locked', true, now() - (a.n % 20) * interval '1 day', 3, ${sign}, 1,
      500 + (a.n % 40) * 2500, CASE WHEN a.n % 100 < 60 THEN now() - (a.n % 20) * interval '1 day' END, 1, now() - interval '30 days', now() - (a.n % 20) * interval '1 day'
    FROM bench_addresses a CROSS JOIN forms f WHERE f.project_id = $1 AND f.kind = 'choice'`, [P]);
  await run(`INSERT INTO form_entries (form_id, project_id, address_id, one_per_owner, values, status, locked, sections_done, form_version, created_at, updated_at)
    SELECT f.id, $1, a.id, true, '{}'::jsonb, CASE WHEN a.n % 2 = 0 THEN 'completed' ELSE 'answered' END, a.n % 2 = 0, 2, 1,
      now() - interval '30 days', now() - (a.n % 25) * interval '1 hour'
    FROM bench_addresses a CROSS JOIN forms f WHERE f.project_id = $1 AND f.kind = 'generic'`, [P]);
  // The signed consent entries' signing requests, signed at the provider with the signed document stored (copies of the
  // demo's files): only then does an agreement count in the tally.
  await run(`INSERT INTO signing_requests (subject_kind, entry_id, provider, provider_transaction_id, status, verification, document_file_id,
      signed_file_id, receipt_file_id, created_at, updated_at)
    SELECT 'support-base', e.id, 'local', 'bench-support-base-' || e.id, 'signed', 'sms', src.document_file_id, src.signed_file_id, src.receipt_file_id,
      e.agreement_at - interval '1 day', e.agreement_at
    FROM form_entries e JOIN forms f ON f.id = e.form_id AND f.kind = 'support-base'
    CROSS JOIN (SELECT document_file_id, signed_file_id, receipt_file_id FROM signing_requests
                WHERE subject_kind = 'support-base' AND status = 'signed' AND signed_file_id IS NOT NULL ORDER BY id LIMIT 1) src
    WHERE e.project_id = $1 AND e.status = 'signed'`, [P]);
  // History: created, two saves and (when locked) the lock, by the main occupant.
  await run(`INSERT INTO form_entry_events (entry_id, action, actor_kind, occupant_id, detail, at)
    SELECT e.id, ev.action, 'occupant', o.id, ev.detail, e.created_at + ev.k * interval '1 hour'
    FROM form_entries e JOIN occupants o ON o.address_id = e.address_id AND o.is_main
    CROSS JOIN LATERAL (VALUES (0, 'created', NULL::jsonb), (1, 'saved', '{"section":1}'::jsonb), (2, 'saved', '{"section":2}'::jsonb), (3, 'locked', NULL::jsonb)) ev(k, action, detail)
    WHERE e.project_id = $1 AND (ev.action <> 'locked' OR e.locked)`, [P]);
  // Payments of the choice entries (the payment module's subject 'choice-form', with the entry's project and form as
  // the console's list reads them): paid (60%), paid twice (5% of all), failed (10%); the second payment of an entry paid
  // twice is refunded in full.
  await run(`INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, project_id, form_id, amount_cents, description, status,
      refunded_cents, idempotency_key, paid_at, created_at, updated_at)
    SELECT 'local', 'tr_bench' || e.id || '_' || k, 'choice-form', e.id, e.project_id, e.form_id, e.amount_cents, 'Meerwerk keuzeformulier', s.status,
      CASE WHEN k = 2 THEN e.amount_cents ELSE 0 END,
      'bench-' || e.id || '-' || k, CASE WHEN s.status = 'paid' THEN e.locked_at + interval '1 hour' END, e.locked_at, e.locked_at
    FROM form_entries e JOIN bench_addresses a ON a.id = e.address_id JOIN forms f ON f.id = e.form_id AND f.kind = 'choice'
    CROSS JOIN LATERAL (VALUES (1, CASE WHEN a.n % 100 < 60 THEN 'paid' WHEN a.n % 100 < 70 THEN 'failed' ELSE NULL END),
                               (2, CASE WHEN a.n % 100 < 5 THEN 'paid' END)) s(k, status)
    WHERE e.project_id = $1 AND s.status IS NOT NULL`, [P]);
  await run(`INSERT INTO payment_events (payment_id, source, status, applied, at)
    SELECT p.id, 'created', 'open', true, p.created_at FROM payments p WHERE p.provider_payment_id LIKE 'tr_bench%'
    UNION ALL SELECT p.id, 'webhook', p.status, true, p.updated_at FROM payments p WHERE p.provider_payment_id LIKE 'tr_bench%'`);
  await run(`WITH r AS (
      INSERT INTO payment_refunds (payment_id, provider_refund_id, amount_cents, reason, status, origin, requested_by_name, created_at, updated_at)
      SELECT p.id, 're_bench' || p.id, p.refunded_cents, 'Dubbel betaald', 'refunded', 'console', 'Beheerder', p.paid_at + interval '1 day', p.paid_at + interval '1 day'
      FROM payments p WHERE p.project_id = $1 AND p.refunded_cents > 0 RETURNING id, payment_id, amount_cents, created_at)
    INSERT INTO payment_events (payment_id, source, status, refund_id, amount_cents, actor, applied, at)
    SELECT payment_id, 'console', 'refunded', id, amount_cents, 'Beheerder', true, created_at FROM r`, [P]);
}

// ---------------------------------------------------------------------------------------------------
// Measuring

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
function median(sorted) {
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** WARMUP + REQUESTS sequential GETs of one call; every answer must be 200. */
async function measure(base, call) {
  const headers = call.token ? { authorization: `Bearer ${call.token}` } : {};
  const url = `${base}${call.url}${call.url.includes('?') ? '&' : '?'}language=nl`;
  const times = [];
  let bytes = 0;
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 200) {
      // Measures, never asserts: the call's line says what it answered, and the bench goes on.
      process.stderr.write(`[bench] GET ${call.url} answered ${res.status}: ${Buffer.from(body).toString('utf8').slice(0, 300)}\n`);
      return { failed: res.status };
    }
    if (i >= WARMUP) times.push(ms);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { median: median(times), p99: percentile(times, 0.99), bytes };
}

/** Every read, as the web makes it (the resident's calls with the chosen project in the query). */
function calls(ids, resident, partner) {
  const { project: P } = ids;
  const R = resident;
  const occupant = (pattern, url = pattern) => ({ pattern, url: `${url}${url.includes('?') ? '&' : '?'}project_id=${P}`, token: R });
  const staff = (pattern, url) => ({ pattern, url, token: partner });
  const open = (pattern, url) => ({ pattern, url, token: null });
  return [
    // Resident
    occupant('/api/occupant/projects'),
    occupant('/api/occupant/project'),
    { pattern: '/api/auth/me', url: '/api/auth/me', token: R },
    occupant('/api/occupant/news'),
    occupant('/api/occupant/news?before={id} (page 11)', `/api/occupant/news?before=${ids.newsDeep}`),
    occupant('/api/occupant/news/article/{id}', `/api/occupant/news/article/${ids.newsNewest}`),
    occupant('/api/occupant/complaints'),
    occupant('/api/occupant/complaint/{id}', `/api/occupant/complaint/${ids.complaint}`),
    occupant('/api/occupant/schedule'),
    occupant('/api/occupant/schedule?month={YYYY-MM} (next month)', `/api/occupant/schedule?month=${ids.nextMonth}`),
    occupant('/api/occupant/information/menu'),
    occupant('/api/occupant/information'),
    occupant('/api/occupant/information/item/{id}', `/api/occupant/information/item/${ids.information}`),
    occupant('/api/occupant/faq'),
    occupant('/api/occupant/partners'),
    occupant('/api/occupant/workorder'),
    occupant('/api/occupant/documents'),
    occupant('/api/occupant/documents?before={id} (page 3)', `/api/occupant/documents?before=${ids.documentDeep}`),
    occupant('/api/occupant/document/{id}', `/api/occupant/document/${ids.document}`),
    occupant('/api/occupant/dossier'),
    occupant('/api/occupant/contacts'),
    occupant('/api/occupant/chat'),
    occupant('/api/occupant/chat?before={id} (older page)', `/api/occupant/chat?before=${ids.messageDeep}`),
    occupant('/api/occupant/surveys/'),
    occupant('/api/occupant/survey/{id}', `/api/occupant/survey/${ids.survey}`),
    occupant('/api/occupant/appointments'),
    occupant('/api/occupant/appointment/{id}', `/api/occupant/appointment/${ids.appointment}`),
    occupant('/api/occupant/occupants'),
    occupant('/api/occupant/occupant/{id}', `/api/occupant/occupant/${ids.occupant}`),
    // Partner
    staff('/api/partner/customers/', '/api/partner/customers/'),
    staff('/api/partner/customer/{id}/projects', `/api/partner/customer/${ids.customer}/projects`),
    staff('/api/partner/project/{id}', `/api/partner/project/${P}`),
    ...['news', 'complaints', 'schedule', 'information/menu', 'information', 'faq', 'partners', 'workorder', 'documents', 'contacts']
      .map((module) => staff(`/api/partner/project/{id}/${module}`, `/api/partner/project/${P}/${module}`)),
    staff('/api/partner/project/{id}/chats', `/api/partner/project/${P}/chats`),
    staff('/api/partner/project/{id}/chats?before={id} (page 11)', `/api/partner/project/${P}/chats?before=${ids.inboxDeep}`),
    staff('/api/partner/chat/{id}', `/api/partner/chat/${ids.conversation}`),
    staff('/api/partner/chat/{id}?before={id} (older page)', `/api/partner/chat/${ids.conversation}?before=${ids.messageDeep}`),
    // Public
    open('/api/polling', '/api/polling'),
    open('/api/public/customer/?domain={host}', '/api/public/customer/?domain=127.0.0.1'),
    open('/api/public/projects/{customer_id}', `/api/public/projects/${ids.customer}`),
    open('/api/public/project/{id}', `/api/public/project/${P}`),
    ...['news', 'complaints', 'schedule', 'information/menu', 'information', 'faq', 'partners', 'workorder', 'documents', 'contacts']
      .map((module) => open(`/api/public/${module}/{id}`, `/api/public/${module}/${P}`)),
    open('/api/public/news/{id}/article/{id}', `/api/public/news/${P}/article/${ids.newsPublic}`),
    open('/api/public/information/{id}/item/{id}', `/api/public/information/${P}/item/${ids.information}`),
    open('/api/public/complaints/{id}/item/{id}', `/api/public/complaints/${P}/item/${ids.complaint}`),
    open('/api/public/chat/{id}/{unique}', `/api/public/chat/${P}/${BENCH_VISITOR}`),
    open('/api/public/surveys/{id}', `/api/public/surveys/${P}?unique=${BENCH_VISITOR}`),
    ...(ids.publicSurvey ? [open('/api/public/survey/{id}', `/api/public/survey/${ids.publicSurvey}?unique=${BENCH_VISITOR}`)] : []),
  ];
}

/**
 * The parts in scripts/bench-scale/ (one file per console area, in name order), each exporting
 * `seed(run, { P, P0, one })` (inside the seeding transaction; bench_addresses holds the project's addresses) that
 * returns its ids, and `calls(ids, c)` that returns its reads as `c(pattern, url)`.
 */
async function benchParts() {
  const folder = path.join(root, 'scripts/bench-scale');
  if (!fs.existsSync(folder)) return [];
  const files = fs.readdirSync(folder).filter((f) => f.endsWith('.mjs')).sort();
  return Promise.all(files.map(async (f) => [f.replace(/\.mjs$/, ''), await import(pathToFileURL(path.join(folder, f)).href)]));
}

/** The console's reads of the project's forms, entries, consent campaign and payments (issue 16), as the web makes them. */
function consoleCalls(ids, token) {
  const { project: P } = ids;
  const c = (pattern, url) => ({ pattern, url, token });
  const entries = (form, query = '') => `/api/staff/projects/${P}/forms/${form}/entries${query}`;
  return [
    c('/api/staff/projects/{id}/forms', `/api/staff/projects/${P}/forms`),
    c('/api/staff/projects/{id}/forms/{choice}/entries', entries(ids.choiceForm)),
    c('/api/staff/projects/{id}/forms/{choice}/entries?before={address} (halfway)', entries(ids.choiceForm, `?before=${ids.entriesDeep}`)),
    c('/api/staff/projects/{id}/forms/{generic}/entries?status=completed', entries(ids.genericForm, '?status=completed')),
    c('/api/staff/projects/{id}/forms/{choice}/entries?building_unit=Blok 37', entries(ids.choiceForm, `?building_unit=${encodeURIComponent('Blok 37')}`)),
    c('/api/staff/projects/{id}/forms/{consent}/entries?answered=no', entries(ids.consentForm, '?answered=no')),
    c('/api/staff/projects/{id}/forms/{choice}/entries?paid=yes', entries(ids.choiceForm, '?paid=yes')),
    c('/api/staff/projects/{id}/forms/{choice}/entries?paid=no', entries(ids.choiceForm, '?paid=no')),
    c('/api/staff/projects/{id}/forms/{choice}/entries?q=Lelieweg 7', entries(ids.choiceForm, `?q=${encodeURIComponent('Lelieweg 7')}`)),
    c('/api/staff/projects/{id}/forms/{choice}/entries?q={postcode}', entries(ids.choiceForm, '?q=3021BK')),
    c('/api/staff/projects/{id}/forms/{choice}/entries/counts', entries(ids.choiceForm, '/counts')),
    c('/api/staff/projects/{id}/forms/{consent}/entries/counts', entries(ids.consentForm, '/counts')),
    c('/api/staff/projects/{id}/forms/{choice}/entries/{id}', entries(ids.choiceForm, `/${ids.choiceEntry}`)),
    c('/api/staff/projects/{id}/consent-campaign', `/api/staff/projects/${P}/consent-campaign?form_id=${ids.consentForm}`),
    c('/api/staff/projects/{id}/consent-forms/{id}/campaign/addresses', `/api/staff/projects/${P}/consent-forms/${ids.consentForm}/campaign/addresses`),
    c('/api/staff/projects/{id}/consent-forms/{id}/campaign/addresses?status=no_answer',
      `/api/staff/projects/${P}/consent-forms/${ids.consentForm}/campaign/addresses?status=no_answer`),
    c('/api/staff/projects/{id}/consent-forms/{id}/campaign/addresses?building_unit=Blok 37',
      `/api/staff/projects/${P}/consent-forms/${ids.consentForm}/campaign/addresses?building_unit=${encodeURIComponent('Blok 37')}`),
    c('/api/staff/projects/{id}/payments', `/api/staff/projects/${P}/payments`),
    c('/api/staff/projects/{id}/payments?before={id} (page 21)', `/api/staff/projects/${P}/payments?before=${ids.paymentDeep}`),
    c('/api/staff/projects/{id}/payments?status=paid', `/api/staff/projects/${P}/payments?status=paid`),
    c('/api/staff/projects/{id}/payments?refunded=yes', `/api/staff/projects/${P}/payments?refunded=yes`),
    c('/api/staff/projects/{id}/payments?q=Lelieweg', `/api/staff/projects/${P}/payments?q=Lelieweg`),
    c('/api/staff/projects/{id}/payments/totals', `/api/staff/projects/${P}/payments/totals`),
    c('/api/staff/projects/{id}/payments/{id}', `/api/staff/projects/${P}/payments/${ids.payment}`),
  ];
}

/** A console session of the demo's customer administrator (password, then the TOTP code). */
async function consoleLogin(base) {
  const post = async (url, body) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: 'nl', ...body }) });
    return { status: res.status, answer: await res.json() };
  };
  const first = await post('/api/staff/login', { email: CONSOLE.email, password: CONSOLE.password });
  if (first.answer.token) return first.answer.token;
  if (first.answer.status !== 'totp') throw new Error(`Logging in to the console failed (${first.status}): ${JSON.stringify(first.answer)}`);
  // A code is accepted once: the code of the next step when this one was used (a second bench within 30 s).
  for (const steps of [0, 1]) {
    const code = await generateTotp({ secret: CONSOLE.totpSecret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const second = await post('/api/staff/login/totp', { ticket: first.answer.ticket, code });
    if (second.answer.token) return second.answer.token;
  }
  throw new Error('The console did not accept the TOTP code of the demo administrator');
}

/**
 * The console's long work, timed as jobs (not held to the read target): an export of the entries started (POST
 * .../exports) and polled every 100 ms until done; the payments XLSX, made while the request waits.
 */
async function timeJobs(base, ids, token) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const P = ids.project;
  const entryExport = async (form, kind) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/staff/projects/${P}/forms/${form}/exports`, { method: 'POST', headers, body: JSON.stringify({ kind }) });
    let job = await res.json();
    if (res.status !== 202) throw new Error(`Starting the ${kind} export answered ${res.status}: ${JSON.stringify(job)}`);
    while (job.status === 'queued' || job.status === 'running') {
      await sleep(100);
      job = await (await fetch(`${base}/api/staff/projects/${P}/exports/${job.id}?language=nl`, { headers: { authorization: headers.authorization } })).json();
    }
    const ms = performance.now() - started;
    if (job.status !== 'done') return { ms, note: `${job.status}: ${job.error}` };
    const file = await fetch(`${base}/api/staff/projects/${P}/exports/${job.id}/file?language=nl`, { headers: { authorization: headers.authorization } });
    const bytes = (await file.arrayBuffer()).byteLength;
    return { ms, note: `${job.total} entries, ${bytes.toLocaleString('en-US')} bytes` };
  };
  const jobs = [
    ['CSV export of the choice form\'s entries (job)', () => entryExport(ids.choiceForm, 'csv')],
    ['ZIP of the choice form\'s summary PDFs (job)', () => entryExport(ids.choiceForm, 'zip')],
    ['GET /api/staff/projects/{id}/payments/export?format=xlsx', async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/staff/projects/${P}/payments/export?format=xlsx&language=nl`, { headers: { authorization: headers.authorization } });
      const bytes = (await res.arrayBuffer()).byteLength;
      return { ms: performance.now() - started, note: res.ok ? `${bytes.toLocaleString('en-US')} bytes` : `answered ${res.status}` };
    }],
  ];
  const rows = [['job', 'duration', 'result']];
  for (const [name, run] of jobs) {
    process.stderr.write(`[bench] job: ${name}\n`);
    const { ms, note } = await run();
    rows.push([name, ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`, note]);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Run

export async function measureScale() {
  // BENCH_DATA_DIR=<folder>: seed into that folder once and keep it; a later run with the same folder measures
  // again without seeding (for comparing a change to the code on the same data). Default: a fresh temp folder.
  const kept = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;
  const dataDir = kept ?? tempDataDir('scale');
  const seedFile = kept && path.join(kept, 'bench-scale-seed.json');
  const reuse = seedFile && fs.existsSync(seedFile);
  process.stderr.write(`[bench] starting a server ${reuse ? `on the seeded ${dataDir}` : 'with the demo data (runs the migrations)'} ...\n`);
  // The bare route (BENCH_BARE_ROUTE): the baseline every call's median is also given against, measured in the same run,
  // so that runs on machines of different speed can be compared.
  const serve = () => startServing(dataDir, { BENCH_BARE_ROUTE: 'true' });
  let server = await serve();
  let seeded;
  let seedMs = 0;
  if (reuse) {
    seeded = JSON.parse(fs.readFileSync(seedFile, 'utf8'));
  } else {
    process.stderr.write('[bench] seeding the scale project ...\n');
    const client = new pg.Client({ connectionString: databaseUrl(dataDir) });
    await client.connect();
    const seedStarted = performance.now();
    try {
      seeded = await seed(client);
    } finally {
      await client.end();
    }
    seedMs = performance.now() - seedStarted;
    if (seedFile) fs.writeFileSync(seedFile, JSON.stringify(seeded));
    process.stderr.write(`[bench] seeded in ${(seedMs / 1000).toFixed(1)} s; starting the server again ...\n`);
    await stopServer(server.child);
    server = await serve();
  }

  const resident = await login(server.base, { zipcode: BENCH_ZIPCODE, house_number: '1', password: RESIDENT_PASSWORD }, 'the bench resident');
  const partner = await login(server.base, PARTNER, 'the demo partner');
  const staff = await consoleLogin(server.base);
  const loadBefore = os.loadavg()[0];
  const baseline = await measure(server.base, { url: '/api/bench/bare', token: null });
  const rows = [['call', 'median', 'p99', 'target met', 'answer bytes', 'median / baseline']];
  rows.push(['GET /api/bench/bare (baseline: no session, no database)', `${baseline.median.toFixed(2)} ms`, `${baseline.p99.toFixed(2)} ms`, '-', String(baseline.bytes), '1x']);
  let met = 0;
  const parts = await benchParts();
  const consoleCall = (pattern, url) => ({ pattern, url, token: staff });
  const partCalls = parts.flatMap(([name, part]) => part.calls(seeded.ids.parts[name], consoleCall));
  // BENCH_CALLS=<regex>: only the calls whose pattern matches, and no jobs (a focused run, e.g. BENCH_CALLS=/api/staff/).
  const only = process.env.BENCH_CALLS ? new RegExp(process.env.BENCH_CALLS) : null;
  const list = [...calls(seeded.ids, resident.token, partner.token), ...consoleCalls(seeded.ids, staff), ...partCalls]
    .filter((call) => !only || only.test(call.pattern));
  for (const [i, call] of list.entries()) {
    process.stderr.write(`[bench] ${i + 1}/${list.length} GET ${call.pattern}\n`);
    const result = await measure(server.base, call);
    if (result.failed) {
      rows.push([`GET ${call.pattern}`, '-', '-', `answered ${result.failed}`, '-', '-']);
      continue;
    }
    const ok = result.median < TARGET.medianMs && result.p99 < TARGET.p99Ms;
    if (ok) met++;
    rows.push([`GET ${call.pattern}`, `${result.median.toFixed(1)} ms`, `${result.p99.toFixed(1)} ms`, ok ? 'yes' : 'NO', result.bytes.toLocaleString('en-US'),
      `${(result.median / baseline.median).toFixed(1)}x`]);
  }
  const loadAfterReads = os.loadavg()[0];
  const jobRows = only ? [['job', 'duration', 'result'], ['(left out: BENCH_CALLS is set)', '-', '-']] : await timeJobs(server.base, seeded.ids, staff);
  await stopServer(server.child);
  // Parts with work of their own to time (`timed(ctx)`: notifications' fan-out), each on a server it starts itself;
  // with BENCH_CALLS only the parts whose name matches.
  const timedRows = [];
  for (const [name, part] of parts) {
    if (typeof part.timed !== 'function' || (only && !only.test(name))) continue;
    process.stderr.write(`[bench] timing ${name} ...\n`);
    const ctx = { ids: seeded.ids.parts[name], dataDir, pg, apiRequire, databaseUrl, startServing, stopServer, consoleLogin, sleep };
    timedRows.push([name, await part.timed(ctx).catch((error) => [['failed', String(error?.message ?? error)]])]);
  }

  const c = seeded.counts;
  const n = (v) => Number(v).toLocaleString('en-US');
  console.log('');
  // Other work on the machine shows in the p99 first: the load average tells whether there was any.
  const load = `load average ${loadBefore.toFixed(1)} before, ${loadAfterReads.toFixed(1)} after the reads, ${os.loadavg()[0].toFixed(1)} after the jobs`;
  console.log(`Scale benchmark ${new Date().toISOString()}  (Node ${process.version}, ${os.cpus().length} cores, ${load}; `
    + 'server, its embedded PostgreSQL and the load generator on one machine)');
  console.log(`Project: ${n(c.addresses)} addresses (${n(c.work_order)} in the work order), ${n(c.occupants)} occupants, ${n(c.messages)} chat messages in ${n(c.conversations)} conversations, `
    + `${n(c.news)} news items, ${n(c.planning_days)} planning days (${n(c.planning_items)} items), ${n(c.information)} information items, ${n(c.documents)} documents, `
    + `${n(c.dossier)} dossier items, ${n(c.appointments)} appointments, ${n(c.read_marks)} read marks, `
    + `${n(c.entries)} form entries (a consent, a choice and a generic form) with ${n(c.entry_events)} history events, ${n(c.payments)} payments; `
    + `seeded in ${(seedMs / 1000).toFixed(1)} s.`);
  console.log(`Each call: ${WARMUP} warm-up requests, then ${REQUESTS} one after another on one keep-alive connection, timed to the last byte; `
    + `target median < ${TARGET.medianMs} ms and p99 < ${TARGET.p99Ms} ms. Answer bytes: the JSON as received.`);
  console.log(table(rows));
  console.log(`${met} of ${list.length} calls met the target.`);
  console.log('');
  console.log('The console\'s long work, timed once each (not held to the target): an export job from its start until it is done, the XLSX until its last byte.');
  console.log(table(jobRows));
  for (const [name, rows] of timedRows) {
    console.log('');
    console.log(`${name}: timed once (not held to the read target).`);
    console.log(table([['what', 'figure'], ...rows]));
  }
}
