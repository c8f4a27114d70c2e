import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { expect, inject } from 'vitest';
import type { TLoginBody, TLoginResponse } from '@portal/contract';
import { buildApp } from '../src/app.ts';
import { ensureDatabase, type Db } from '../src/db/client.ts';
import { DEMO, seedDemo } from '../src/demo/seed.ts';
import { loadEnv } from '../src/plugins/env.ts';
import { startRuntime } from '../src/runtime.ts';
import type { Services } from '../src/services.ts';
import { users } from '../src/modules/auth/auth.table.ts';
import { freePort } from './server-process.ts';

export { DEMO, freePort };

/* ------------------------------------------------------------------------------------------------
 * A local SMTP server that keeps every message it receives.
 * ---------------------------------------------------------------------------------------------- */

export type CaughtMail = { from: string; to: string[]; subject: string; text: string; html: string; raw: string };

export type MailCatcher = {
  port: number;
  messages: CaughtMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitForMail(predicate?: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
};

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        messages.push({
          ...parsed,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    messages,
    async waitForMail(predicate = () => true, timeoutMs = 15_000) {
      const found = await waitFor(() => messages.find(predicate), { timeoutMs, interval: 20 });
      if (!found) throw new Error(`No matching mail within ${timeoutMs} ms (received ${messages.length}: ${messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ')})`);
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(input: string): Buffer {
  const text = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 words in a header ('=?UTF-8?Q?Nieuw_wachtwoord?='). */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_all, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
  );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Just enough MIME for our own mails: nested multiparts, quoted-printable and base64 parts. */
export function parseMail(raw: string): { subject: string; text: string; html: string } {
  const result = { subject: '', text: '', html: '' };
  const walk = (part: string, isRoot: boolean) => {
    const { headers, body } = splitHeaders(part);
    if (isRoot) result.subject = decodeHeader(headers.get('subject') ?? '');
    const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      const pieces = body.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith('--')) break;
        walk(piece.replace(/^\r?\n/, ''), false);
      }
      return;
    }
    const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    const decoded = encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body).toString('utf8')
      : encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
    if (type.startsWith('text/html')) result.html += decoded;
    else if (type.startsWith('text/plain')) result.text += decoded;
  };
  walk(raw, true);
  return result;
}

/** The reset link of a password mail: /password/reset/{token}/{email}/{username}. */
export function findResetLink(mail: CaughtMail): { url: string; token: string; email: string; username: string } {
  const match = /(https?:\/\/\S+?)?\/password\/reset\/([^/\s]+)\/([^/\s]+)\/([^/\s"<]+)/.exec(mail.text);
  if (!match) throw new Error(`No reset link in mail:\n${mail.text}`);
  return {
    url: match[0],
    token: decodeURIComponent(match[2]!),
    email: decodeURIComponent(match[3]!),
    username: decodeURIComponent(match[4]!),
  };
}

/* ------------------------------------------------------------------------------------------------
 * An app on its own database.
 * ---------------------------------------------------------------------------------------------- */

/** Ids of the demo data, looked up by name so that tests never guess serial numbers. */
export type DemoIds = {
  customers: { woonstad: number; devries: number };
  projects: { bloemenbuurt: number; rivierenwijk: number; havenkwartier: number; dakZuid: number };
  /** Addresses of Woonstad at 1234AB: 10 (Jan, one project), 12 (Fatima, two projects), 14 (not activated). */
  addresses: { a10: number; a12: number; a14: number };
  occupants: { jan: number; anna: number; fatima: number; kees: number };
  users: { partner: number; admin: number; woco: number };
};

export type TestApp = {
  app: FastifyInstance;
  services: Services;
  db: Db;
  databaseUrl: string;
  /** The local SMTP catcher, when the app was created with `mail: true`. */
  mail: MailCatcher | null;
  /** The demo's ids; throws when the database holds no demo data. */
  readonly ids: DemoIds;
  /** Runs SQL on the test database (for set-up a route cannot do, such as expiring a code). */
  query<R extends Record<string, unknown> = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** Messages the runtime logged (errors of background work such as sending mail). */
  logs: string[];
  /** Listens on a free port on 127.0.0.1, for tests where real sockets matter; returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Extra environment, e.g. { RATE_LIMIT_CLIENT_MAX: '3' }. */
  env?: Record<string, string>;
  /** Seed the demo data (default true, unless `databaseUrl` is given). */
  seed?: boolean;
  /** Start a local SMTP catcher and point the app's mailer at it. */
  mail?: boolean;
  /** Run the background job worker in this app (default true). */
  worker?: boolean;
  /** Use this (existing) test database instead of a fresh copy: a second server process on the same data. */
  databaseUrl?: string;
};

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * A fresh copy of the migrated template database without an app on it, for server processes that a test
 * starts itself (DATABASE_URL); `drop` removes it (global teardown drops it too, should a test crash).
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('pgTestPrefix')}${randomBytes(4).toString('hex')}`;
  const url = await ensureDatabase(adminUrl, name, inject('pgTemplate'));
  return { url, drop: () => dropDatabase(adminUrl, name) };
}

async function loadDemoIds(db: Db): Promise<DemoIds | null> {
  const q = async (text: string) => (await db.$client.query<{ key: string; id: number }>(text)).rows;
  const byKey = (rows: Array<{ key: string; id: number }>) => Object.fromEntries(rows.map((r) => [r.key, r.id]));
  const customers = byKey(await q('SELECT name AS key, id FROM customers'));
  if (!customers['Woonstad Vernieuwd']) return null;
  const projects = byKey(await q('SELECT name AS key, id FROM projects'));
  const addresses = byKey(await q("SELECT house_number AS key, a.id FROM addresses a JOIN customers c ON c.id = a.customer_id WHERE c.name = 'Woonstad Vernieuwd' AND zipcode = '1234AB'"));
  const occupants = byKey(await q('SELECT email_address AS key, id FROM occupants'));
  const users = byKey(await q('SELECT username AS key, id FROM users'));
  const need = (map: Record<string, number>, key: string): number => {
    const id = map[key];
    if (!id) throw new Error(`Demo data lacks ${key}`);
    return id;
  };
  return {
    customers: { woonstad: need(customers, 'Woonstad Vernieuwd'), devries: need(customers, 'Bouwbedrijf De Vries') },
    projects: {
      bloemenbuurt: need(projects, 'Renovatie Bloemenbuurt'), rivierenwijk: need(projects, 'Verduurzaming Rivierenwijk'),
      havenkwartier: need(projects, 'Nieuwbouw Havenkwartier'), dakZuid: need(projects, 'Dakrenovatie Zuid'),
    },
    addresses: { a10: need(addresses, '10'), a12: need(addresses, '12'), a14: need(addresses, '14') },
    occupants: {
      jan: need(occupants, 'jan.devries@example.nl'), anna: need(occupants, 'anna.devries@example.nl'),
      fatima: need(occupants, 'fatima.elamrani@example.nl'), kees: need(occupants, 'kees.jansen@example.nl'),
    },
    users: { partner: need(users, 'partner@example.nl'), admin: need(users, 'beheer@example.nl'), woco: need(users, 'woco@example.nl') },
  };
}

/**
 * A real app on a real database: a fresh copy of the migrated template (CREATE DATABASE ... TEMPLATE),
 * the real runtime (pool, migrations, LISTEN/NOTIFY bus) and the demo data. Call `close()` in afterAll;
 * it drops the database it created.
 */
const servicesOf = new WeakMap<FastifyInstance, Services>();

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const ownsDatabase = !options.databaseUrl;
  const name = `${inject('pgTestPrefix')}${randomBytes(4).toString('hex')}`;
  const databaseUrl = options.databaseUrl ?? (await ensureDatabase(adminUrl, name, inject('pgTemplate')));
  const mail = options.mail ? await startMailCatcher() : null;
  const dataDir = path.join(os.tmpdir(), `${name}-data`);
  const logs: string[] = [];

  const cleanUp: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const step of cleanUp.reverse()) await step().catch((error: unknown) => logs.push(`close: ${String(error)}`));
    cleanUp.length = 0;
  };
  if (ownsDatabase) cleanUp.push(() => dropDatabase(adminUrl, name));
  if (mail) cleanUp.push(() => mail.close());
  cleanUp.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

  try {
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.DEBUG_API_LOG ? 'error' : 'silent',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      SEED_DEMO: 'false',
      ...(mail ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port), SMTP_SECURE: 'false' } : {}),
      ...options.env,
    });
    const runtime = await startRuntime(env, (msg) => logs.push(msg), { poolSize: 5, worker: options.worker });
    cleanUp.push(runtime.close);
    if (options.seed ?? ownsDatabase) await seedDemo(runtime.services);
    const app = await buildApp(runtime.services, { logger: process.env.DEBUG_API_LOG ? true : false });
    servicesOf.set(app, runtime.services);
    cleanUp.push(() => app.close());
    const ids = await loadDemoIds(runtime.db);

    return {
      app,
      services: runtime.services,
      db: runtime.db,
      databaseUrl,
      mail,
      get ids(): DemoIds {
        if (!ids) throw new Error('This test database has no demo data');
        return ids;
      },
      async query<R extends Record<string, unknown>>(text: string, params?: unknown[]) {
        return (await runtime.db.$client.query<R>(text, params)).rows;
      },
      logs,
      async listen() {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const address = app.server.address();
        if (!address || typeof address === 'string') throw new Error('not listening');
        return `http://127.0.0.1:${address.port}`;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A test app listening on a free port of 127.0.0.1 that PUBLIC_URL names, so that what reaches the app
 * over HTTP (a provider's postbacks, a payment webhook) does so over a real socket; `base` is that URL.
 */
export async function createListeningApp(options: TestAppOptions = {}): Promise<TestApp & { base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ ...options, env: { ...options.env, PUBLIC_URL: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return Object.assign(t, { base });
}

/* ------------------------------------------------------------------------------------------------
 * Small request helpers.
 * ---------------------------------------------------------------------------------------------- */

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Posts to /api/public/login and expects a successful login; returns the answer. */
export async function login(app: FastifyInstance, body: TLoginBody, headers: Record<string, string> = {}): Promise<TLoginResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/public/login', payload: body, headers });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<TLoginResponse>();
  expect(answer.success).toBe(true);
  expect(answer.token).toEqual(expect.any(String));
  return answer;
}

/** A resident of the demo at 1234AB {houseNumber} with the demo password; returns the bearer token. */
export async function occupantToken(app: FastifyInstance, houseNumber = '10', password: string = DEMO.residentPassword): Promise<string> {
  return (await login(app, { zipcode: '1234AB', house_number: houseNumber, password })).token!;
}

export async function userToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  return (await login(app, { username, password })).token!;
}

export const partnerToken = (app: FastifyInstance) => userToken(app, 'partner@example.nl', DEMO.partnerPassword);

/**
 * A partner-portal session of the demo's customer administrator. Its account has TOTP (the login asks for a
 * code, each code works once: auth.routes.test.ts tests that step), so tests get the session made directly.
 */
export async function adminToken(app: FastifyInstance): Promise<string> {
  const services = servicesOf.get(app);
  if (!services) throw new Error('adminToken: not an app of createTestApp');
  const [user] = await services.db.select({ id: users.id }).from(users).where(eq(users.username, 'beheer@example.nl'));
  return services.sessions.issue({ role: 'administrator', face: 'partner', userId: user!.id, occupantId: null, addressId: null, customerId: null });
}

/**
 * A staff console session for a user, made directly (no password or TOTP step), for tests of the console's
 * endpoints; the console's own login is tested in modules/staff. `customerId` defaults to the user's first customer.
 */
export async function consoleToken(t: TestApp, userId: number, customerId?: number): Promise<string> {
  const [link] = customerId ? [{ customer_id: customerId }] : await t.query<{ customer_id: number }>('SELECT customer_id FROM user_customers WHERE user_id = $1 ORDER BY customer_id LIMIT 1', [userId]);
  return t.services.sessions.issue({ role: 'administrator', face: 'console', userId, occupantId: null, addressId: null, customerId: link!.customer_id });
}

/** Polls `probe` until it returns a truthy value or the time is up; returns the last value. */
export async function waitFor<T>(probe: () => T | Promise<T>, { timeoutMs = 10_000, interval = 10 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
