/**
 * Operator commands: `npm run portal -- <command>` from the repository root.
 *
 * Talks to the embedded PostgreSQL server of a running portal when one runs in DATA_DIR, starts that
 * server itself (briefly) when none runs, or uses DATABASE_URL. Logging goes to stderr so that stdout
 * holds only what the command prints (a link can be piped or copied as is).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { normalizeAlnum, roleCan } from '@portal/contract';
import { describeError } from './lib/logging.ts';
import { loadEnv, type Env } from './plugins/env.ts';
import { readRunningUrl } from './lib/running-url.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import { addresses, occupants } from './modules/address/address.table.ts';
import { userCustomers, users } from './modules/auth/auth.table.ts';
import { customers } from './modules/customer/customer.table.ts';
import { mailOutbox } from './modules/mail/mail.table.ts';
import { smsOutbox } from './modules/sms/index.ts';
import { projects } from './modules/project/project.table.ts';
import { BackupError, defaultBackupName, restoreBackup, writeBackup } from './modules/backup/index.ts';
import { createDb, runMigrations } from './db/client.ts';
import { openDatabase } from './db/open.ts';

const USAGE = `Usage: npm run portal -- <command> [options]

Commands:
  login-link --address <postcode+number>  [--admin <username>] [--customer <id>]
      Print a /setlogin link that opens the portal as an administrator acting for the address.
      The address is '1234AB10', '1234 AB 10' or --zipcode 1234AB --house-number 10.
      --admin picks the administrator (default: the first one linked to the address's customer).
  woco-link [--user <username>] [--replace]
      Make a housing-corporation (woco) user an extra login link and print /woco/login/<token>;
      the user's earlier links keep working (the new one lasts a year). --replace makes it the
      only one: every earlier link of that user stops working. Default user: the first woco user.
  outbox [--limit 5]
      Show the newest e-mails of the outbox (without SMTP, mail is only written there).
  sms-outbox [--limit 5]
      Show the newest SMS messages (without SMS_PROVIDER_URL, SMS are only written there).
  backup [FILE]
      Write a consistent backup of the database and the stored files to FILE (default:
      ./portal-backup-<date>T<time>.tar.gz). Safe while the portal runs. With S3 storage the
      archive holds the database only: the bucket's own versioning or backups keep the files.
  restore FILE
      Bring a backup back into an empty data folder (DATA_DIR without a database) or an empty
      database (DATABASE_URL). Needs the portal version that made the backup.
  help
      Show this text.

Environment: DATA_DIR (default ./data), DATABASE_URL, PUBLIC_URL (the links' origin; without it, the
address the portal in DATA_DIR last started on).
Run it while the portal runs (it uses the portal's database server) or while it is stopped.`;

/** A mistake of the operator: printed without a stack trace, exit code 1. */
class CliError extends Error {}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      strict: true,
      options: {
        address: { type: 'string' },
        zipcode: { type: 'string' },
        'house-number': { type: 'string' },
        admin: { type: 'string' },
        customer: { type: 'string' },
        user: { type: 'string' },
        limit: { type: 'string' },
        replace: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
})();

const command = values.help ? 'help' : (positionals[0] ?? 'help');
const commands: Record<string, (runtime: Runtime, env: Env) => Promise<void>> = {
  'login-link': loginLink,
  'woco-link': wocoLink,
  outbox,
  'sms-outbox': smsOutboxCommand,
  backup,
};

if (command === 'help') {
  console.log(USAGE);
  process.exit(0);
}
const run = commands[command];
if (!run && command !== 'restore') {
  console.error(`Unknown command: ${command}\n\n${USAGE}`);
  process.exit(2);
}

// Ended by a signal, the process still runs its exit hooks, which shut down an embedded server it started.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => process.exit(1));

// `npm run portal -- outbox | head`: a closed pipe must not crash us before the database is stopped.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

// npm runs workspace scripts in the workspace folder (apps/api). INIT_CWD is the folder of the
// outer `npm run` (the repository root), the folder `npm start` resolves DATA_DIR=./data against.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

let exitCode = 0;
try {
  const parsed = loadEnv();
  // Links point at the running portal: PUBLIC_URL when given, else the address the portal last started on.
  const env = parsed.PUBLIC_URL ? parsed : { ...parsed, publicUrl: readRunningUrl(parsed.dataDir) ?? parsed.publicUrl };
  if (command === 'restore') {
    await restore(env);
    process.exit(0);
  }
  if (!env.DATABASE_URL && !fs.existsSync(path.join(env.dataDir, 'pg', 'PG_VERSION'))) {
    throw new CliError(`No portal database in ${env.dataDir}. Start the portal once (npm start) or set DATA_DIR or DATABASE_URL.`);
  }
  const runtime = await startRuntime(env, (msg) => console.error(`[portal] ${msg}`), { reuseRunning: true, poolSize: 2, worker: false });
  try {
    await run!(runtime, env);
  } finally {
    await runtime.close();
  }
} catch (error) {
  // A failed query is shown with its SQL and cause, never its parameters (a new password's hash, a token).
  console.error(error instanceof CliError || error instanceof BackupError ? `Error: ${error.message}` : `Error: ${describeError(error)}`);
  exitCode = 1;
}
process.exit(exitCode);

// ---------------------------------------------------------------------------------------------------

function parseAddress(): { zipcode: string; houseNumber: string } {
  if (values.zipcode !== undefined || values['house-number'] !== undefined) {
    const zipcode = normalizeAlnum(values.zipcode ?? '');
    const houseNumber = normalizeAlnum(values['house-number'] ?? '');
    if (zipcode.length !== 6 || !houseNumber) throw new CliError('Give both --zipcode (1234AB) and --house-number (10).');
    return { zipcode, houseNumber };
  }
  // `--address 1234 AB 10` without quotes leaves 'AB' and '10' as positionals; take them too.
  const raw = [values.address ?? '', ...positionals.slice(1)].join(' ');
  const value = normalizeAlnum(raw);
  if (value.length < 7) throw new CliError(`Give the address as postcode plus house number, e.g. --address 1234AB10 (got '${raw.trim()}').`);
  return { zipcode: value.slice(0, 6), houseNumber: value.slice(6) };
}

async function loginLink({ db, services }: Runtime, env: Env): Promise<void> {
  const { zipcode, houseNumber } = parseAddress();
  let found = await db
    .select({ address: addresses, customer: customers })
    .from(addresses)
    .innerJoin(customers, eq(customers.id, addresses.customerId))
    .where(and(eq(addresses.zipcode, zipcode), eq(addresses.houseNumber, houseNumber)))
    .orderBy(asc(addresses.id));
  const label = `${zipcode} ${houseNumber}`;
  if (!found.length) throw new CliError(`Unknown address: ${label}.`);

  let admin: { id: number; username: string } | undefined;
  if (values.admin) {
    const username = values.admin.trim().toLowerCase();
    [admin] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.username, username)).limit(1);
    if (!admin) throw new CliError(`Unknown staff account: ${username}.`);
    const allowed = (await services.projects.memberships(admin.id)).filter((m) => roleCan(m.role, 'login-links.create')).map((m) => m.customerId);
    found = found.filter((f) => allowed.includes(f.customer.id));
    if (!found.length) throw new CliError(`${username} may not make login links for the customer of ${label} (its role there lacks login-links.create).`);
  }
  if (values.customer) {
    const wanted = values.customer.trim();
    found = found.filter((f) => String(f.customer.id) === wanted || f.customer.name.toLowerCase() === wanted.toLowerCase());
    if (!found.length) throw new CliError(`Address ${label} does not belong to customer '${wanted}'.`);
  }
  if (found.length > 1) {
    const list = found.map((f) => `${f.customer.id} (${f.customer.name})`).join(', ');
    throw new CliError(`Address ${label} exists for several customers: ${list}. Choose one with --customer <id>.`);
  }
  const { address, customer } = found[0]!;

  if (!admin) {
    [admin] = await db.select({ id: users.id, username: users.username }).from(users)
      .innerJoin(userCustomers, eq(userCustomers.userId, users.id))
      .where(and(eq(userCustomers.customerId, customer.id), eq(userCustomers.role, 'customer-admin'), isNull(users.disabledAt)))
      .orderBy(asc(users.id)).limit(1);
    if (!admin) throw new CliError(`Customer ${customer.name} has no customer administrator; make one in the console or pass --admin.`);
  }
  const [resident] = await db.select({ id: occupants.id }).from(occupants).where(eq(occupants.addressId, address.id)).limit(1);
  if (!resident) throw new CliError(`Nobody lives at ${label} yet (the address has no occupants).`);

  // Branding of the address's first project, each part falling back to the customer's.
  const [first] = await services.projects.projectsForAddress(address.id);
  const [project] = first ? await db.select().from(projects).where(eq(projects.id, first.id)).limit(1) : [];
  const branding = {
    logo: project?.logoUrl ?? customer.logo,
    website: project?.website ?? customer.website,
    primary: project?.colorPrimary ?? customer.colorPrimary,
    secondary: project?.colorSecondary ?? customer.colorSecondary,
    notification: project?.notification ?? customer.notification,
  };

  // A single-use ticket, exchanged for the session when the link is opened; no session token in the link.
  const { token, expiresAt } = await services.auth.issueLoginLink(admin.id, address.id);
  const part = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : encodeURIComponent(String(value)));
  const parts = [token, branding.logo, branding.website, branding.primary, branding.secondary, null, address.id, branding.notification].map(part);
  // The server answers a path ending in '.xx' (like a file name) with 404 instead of the app; a last
  // part such as 'Zie www.example.nl' would, so its dots are percent-encoded too (same decoded value).
  parts[parts.length - 1] = parts.at(-1)!.replace(/\./g, '%2E');
  console.error(`[portal] ${customer.name}, ${address.street} ${address.houseNumber}, ${address.zipcode} ${address.city}; administrator ${admin.username}${project ? `; project ${project.name}` : ''}; the link works once, until ${expiresAt.toLocaleTimeString('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' })}`);
  console.log(`${env.publicUrl}/setlogin/${parts.join('/')}`);
}

async function wocoLink({ db, services }: Runtime, env: Env): Promise<void> {
  const username = values.user?.trim().toLowerCase();
  const [user] = await db.select({ id: users.id, username: users.username }).from(users)
    .innerJoin(userCustomers, eq(userCustomers.userId, users.id))
    .where(username ? and(eq(users.username, username), eq(userCustomers.role, 'woco-viewer')) : eq(userCustomers.role, 'woco-viewer'))
    .orderBy(asc(users.id)).limit(1);
  if (!user) throw new CliError(username ? `Unknown woco user: ${username} (no housing-corporation viewer has this username).` : 'There is no housing-corporation viewer.');
  const token = await services.auth.issueWocoLink(user.id, { replace: values.replace });
  console.error(values.replace
    ? `[portal] New login link for ${user.username}; every earlier link of this user no longer works.`
    : `[portal] Extra login link for ${user.username}, valid for a year; earlier links keep working (--replace ends them).`);
  console.log(`${env.publicUrl}/woco/login/${encodeURIComponent(token)}`);
}

async function outbox({ db }: Runtime): Promise<void> {
  const limit = Number(values.limit ?? 5);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new CliError('--limit must be a whole number from 1 to 1000.');
  const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
  if (!mails.length) {
    console.log('The outbox is empty.');
    return;
  }
  const rule = '-'.repeat(72);
  for (const mail of mails) {
    const status = mail.sentAt ? `sent ${mail.sentAt.toISOString()}` : mail.error ? `not sent (${mail.error})` : 'not sent (no SMTP configured)';
    console.log([
      rule,
      `#${mail.id}  ${mail.createdAt.toISOString()}  ${status}`,
      `To:      ${mail.to}`,
      `Subject: ${mail.subject}`,
      '',
      mail.text.trimEnd(),
    ].join('\n'));
  }
  console.log(rule);
}

async function smsOutboxCommand({ db }: Runtime): Promise<void> {
  const limit = Number(values.limit ?? 5);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new CliError('--limit must be a whole number from 1 to 1000.');
  const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(limit);
  if (!rows.length) {
    console.log('The SMS outbox is empty.');
    return;
  }
  for (const sms of rows) {
    const status = sms.sentAt ? `sent ${sms.sentAt.toISOString()}` : sms.error ? `not sent (${sms.error})` : 'not sent (no SMS provider configured)';
    console.log(`#${sms.id}  ${sms.createdAt.toISOString()}  ${status}
To:   ${sms.to}
${sms.text}
`);
  }
}

/** Where the local file store keeps its files; null with S3 storage. */
function filesDirOf(env: Env): string | null {
  return env.s3 ? null : path.join(env.dataDir, 'files');
}

async function backup({ db }: Runtime, env: Env): Promise<void> {
  const file = path.resolve(positionals[1] ?? defaultBackupName());
  if (fs.existsSync(file)) throw new CliError(`${file} exists already: give another file name.`);
  const { bytes, manifest } = await writeBackup(db.$client, filesDirOf(env), file);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const files = manifest.files.storage === 'local' ? `${manifest.files.count} files` : 'no files (S3 storage: the bucket keeps them)';
  console.error(`[portal] Backup of ${manifest.tables.length} tables (${rows} rows) and ${files}: ${(bytes / 1e6).toFixed(1)} MB.`);
  console.log(file);
}

/** Restores into an empty data folder or database: migrates it, then loads the archive. */
async function restore(env: Env): Promise<void> {
  const file = positionals[1];
  if (!file) throw new CliError('Give the backup file: npm run portal -- restore FILE');
  const filesDir = filesDirOf(env);
  if (!env.DATABASE_URL && fs.existsSync(path.join(env.dataDir, 'pg', 'PG_VERSION'))) {
    throw new CliError(`${env.dataDir} holds a database already. Restore into an empty data folder (set DATA_DIR to a new folder).`);
  }
  if (filesDir && fs.existsSync(filesDir) && fs.readdirSync(filesDir).length) {
    throw new CliError(`${filesDir} holds files already. Restore into an empty data folder.`);
  }
  const log = (msg: string) => console.error(`[portal] ${msg}`);
  const database = await openDatabase(env, log);
  const db = createDb(database.url, 2);
  try {
    await runMigrations(db);
    const manifest = await restoreBackup(db.$client, filesDir, path.resolve(file));
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    log(`Restored ${rows} rows in ${manifest.tables.length} tables and ${filesDir ? manifest.files.count : 0} files from the backup of ${manifest.created_at}.`);
  } finally {
    await db.$client.end().catch(() => {});
    await database.stop();
  }
}
