/**
 * The server the end-to-end suite runs against (Playwright's webServer starts it):
 *
 * 1. an in-process SMTP catcher (127.0.0.1, free port, no TLS, no auth) that keeps every message in
 *    memory, with a small HTTP API on 127.0.0.1:$E2E_MAIL_PORT for the tests:
 *      GET /mails    -> [{ to, from, subject, text, html, date }] (oldest first)
 *      DELETE /mails -> clears them
 *      GET /info     -> { dataDir, publicUrl, webDist } (for the operator CLI, which needs the portal's DATA_DIR;
 *                       webDist: the copy of the web app the portal serves, pwa.spec.ts puts a next service worker there)
 *      GET /embedder?src=/path -> a page of another origin that frames the portal at /path
 * 2. the portal itself (apps/api/src/main.ts through tsx) on $E2E_PORT with a fresh temp DATA_DIR
 *    (embedded PostgreSQL, demo data seeded on the first start), mail going to the catcher, serving
 *    a copy of apps/web/dist taken at start.
 *
 * SIGTERM/SIGINT are passed on to the portal so that it stops its PostgreSQL cleanly; the temp
 * folder is removed when everything has stopped. Needs the built web app (npm run build -w @portal/web).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT || 4173);
const mailPort = Number(process.env.E2E_MAIL_PORT || 4174);
const publicUrl = `http://localhost:${port}`;
const say = (msg: string) => console.log(`[e2e-server] ${msg}`);

// E2E_WEB_DIST lets a second checkout or a parallel build keep its own build apart.
const indexHtml = path.join(process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(root, 'apps/web/dist'), 'index.html');
if (!fs.existsSync(indexHtml)) {
  console.error(`[e2e-server] ${indexHtml} is missing: build the web app first with \`npm run build -w @portal/web\` (the root \`npm test\` does that).`);
  process.exit(1);
}

// --- mail catcher -------------------------------------------------------------------------------

export type CaughtAttachment = { filename: string; contentType: string; size: number };
export type CaughtMail = { to: string[]; from: string; subject: string; text: string; html: string; attachments: CaughtAttachment[]; date: string };
const mails: CaughtMail[] = [];

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      try {
        const message = parseMessage(Buffer.concat(chunks).toString('latin1'));
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
          date: new Date().toISOString(),
        });
        callback();
      } catch (error) {
        callback(error as Error);
      }
    });
  },
});

/** A small MIME reader: enough for what nodemailer sends (multipart, quoted-printable, base64, attachments by name and size). */
function parseMessage(raw: string): { subject: string; text: string; html: string; attachments: CaughtAttachment[] } {
  const found = { subject: '', text: '', html: '', attachments: [] as CaughtAttachment[] };
  const walk = (part: string, top: boolean) => {
    const split = part.search(/\r?\n\r?\n/);
    const head = split < 0 ? part : part.slice(0, split);
    const body = split < 0 ? '' : part.slice(split).replace(/^\r?\n\r?\n/, '');
    const headers = new Map<string, string>();
    for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    if (top) found.subject = decodeWords(headers.get('subject') ?? '');
    const type = headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const sections = body.split(`--${boundary}`).slice(1);
      for (const section of sections) if (!section.startsWith('--')) walk(section.replace(/^\r?\n/, ''), false);
      return;
    }
    const disposition = headers.get('content-disposition') ?? '';
    if (/^attachment/i.test(disposition)) {
      const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1] ?? '');
      const bytes = /base64/i.test(headers.get('content-transfer-encoding') ?? '') ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'latin1');
      found.attachments.push({ filename, contentType: type.split(';')[0]!.trim().toLowerCase(), size: bytes.length });
      return;
    }
    const charset = /charset="?([^";]+)"?/i.exec(type)?.[1] ?? 'utf-8';
    const content = decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit', charset);
    if (/^text\/html/i.test(type) && !found.html) found.html = content;
    else if (/^text\/plain/i.test(type) && !found.text) found.text = content;
  };
  walk(raw, true);
  return found;
}

function decodeBody(body: string, encoding: string, charset: string): string {
  let bytes: Buffer;
  if (/base64/i.test(encoding)) bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else if (/quoted-printable/i.test(encoding)) {
    const unfolded = body.replace(/=\r?\n/g, '');
    bytes = Buffer.from(unfolded.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  } else bytes = Buffer.from(body, 'latin1');
  return new TextDecoder(charset.toLowerCase() === 'us-ascii' ? 'utf-8' : charset).decode(bytes).replace(/\r\n/g, '\n').trimEnd();
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_, charset: string, kind: string, text: string) => {
    const bytes = kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
    return new TextDecoder(charset).decode(bytes);
  });
}

await new Promise<void>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(0, '127.0.0.1', () => resolve());
});
const smtpPort = (smtp.server.address() as AddressInfo).port;

const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
fs.chmodSync(tempRoot, 0o755); // as root the embedded PostgreSQL runs as the postgres user, which must reach pg/
const dataDir = path.join(tempRoot, 'data');
// The portal serves a copy of the built web app: a `vite build` in the tree during the run (which
// replaces the hashed files) must not leave the suite with an index.html whose scripts are gone.
const webDist = path.join(tempRoot, 'web');
fs.cpSync(path.dirname(indexHtml), webDist, { recursive: true });

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (url.pathname === '/mails' && request.method === 'GET') return json(200, mails);
  if (url.pathname === '/mails' && request.method === 'DELETE') {
    mails.length = 0;
    return json(200, { success: true });
  }
  if (url.pathname === '/info' && request.method === 'GET') return json(200, { dataDir, publicUrl, smtpPort, webDist });
  if (url.pathname === '/embedder' && request.method === 'GET') {
    // Another site that frames the portal. It is served from here (a real loopback origin) because
    // Chromium refuses to frame localhost from a page whose address it does not know (local network access).
    const src = url.searchParams.get('src') ?? '/';
    const escaped = `${publicUrl}${src.startsWith('/') ? src : `/${src}`}`.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Woningcorporatie</title></head>
<body style="margin:0;font-family:sans-serif"><h1 style="margin:16px">Onze renovaties</h1>
<iframe title="Bewonersportaal" src="${escaped}" style="display:block;width:100%;height:900px;border:0"></iframe></body></html>`);
    return;
  }
  return json(404, { message: 'not found' });
});
await new Promise<void>((resolve, reject) => {
  api.once('error', reject);
  api.listen(mailPort, '127.0.0.1', () => resolve());
});
say(`SMTP catcher on 127.0.0.1:${smtpPort}, mail API on http://127.0.0.1:${mailPort}/mails`);

// --- the portal ---------------------------------------------------------------------------------

const portal: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '', // always the embedded server: the suite needs nothing installed
    PORT: String(port),
    HOST: 'localhost', // Fastify binds both 127.0.0.1 and ::1 for 'localhost'
    PUBLIC_URL: publicUrl,
    WEB_DIST: webDist,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_SECURE: 'false',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_CLIENT_MAX: '10000',
    // the /embedder page (another origin) frames the portal, as a customer's website would
    FRAME_ANCESTORS: `http://127.0.0.1:${mailPort}`,
  },
});
const portalExited = new Promise<number>((resolve) => portal.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

let stopping = false;
async function stop(reason: string, exitCode: number) {
  if (stopping) return;
  stopping = true;
  say(`${reason}: stopping`);
  if (portal.exitCode === null && portal.signalCode === null) {
    portal.kill('SIGTERM');
    const timer = setTimeout(() => portal.kill('SIGKILL'), 20_000);
    await portalExited;
    clearTimeout(timer);
  }
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => api.close(() => resolve()));
  try {
    fs.rmSync(tempRoot, { recursive: true, force: true });
  } catch (error) {
    say(`could not remove ${tempRoot}: ${String(error)}`);
  }
  process.exit(exitCode);
}

process.on('SIGTERM', () => void stop('SIGTERM', 0));
process.on('SIGINT', () => void stop('SIGINT', 0));
process.on('SIGHUP', () => void stop('SIGHUP', 0));
void portalExited.then((code) => {
  if (!stopping) void stop(`the portal exited with code ${code}`, code || 1);
});
