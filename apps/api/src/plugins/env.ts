import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** The only place that reads process.env: parsed once, typed everywhere else. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * Connections to PostgreSQL per portal process (the job worker and its listener take one each). No request
   * holds more than one at a time (db/client.ts), so a busy portal queues for them instead of locking up.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
  /** 'false' behind a pooler that cannot keep a connection's prepared statements (PgBouncer in transaction mode before 1.21). */
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Port for the embedded PostgreSQL server; 0 picks a free one at every start. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PUBLIC_URL: z.string().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_SECURE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /**
   * 'true': keep SMTP connections open and reuse them (nodemailer's pool): about 5 ms a mail instead of about 100 ms
   * for a new connection each, which is what a fan-out of thousands of notifications needs (measured in the scale bench).
   */
  SMTP_POOL: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('Bewonersportaal <noreply@bewonersportaal.nl>'),
  /** SMS provider (HTTP API); without it SMS stay in the sms_outbox table (`npm run portal -- sms-outbox`). */
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  /** Sender name shown on the phone (at most 11 characters for an alphanumeric sender). */
  SMS_SENDER: z.string().max(11).default('Portaal'),
  FRONTEND_VERSION: z.string().default('7.0.0'),
  SESSION_DAYS: z.coerce.number().positive().default(30),
  /** A staff console session ends after this many minutes without a request. */
  STAFF_IDLE_MINUTES: z.coerce.number().positive().default(30),
  /** An activation code from a staff-made letter works this many days (console: addresses, activation letters). */
  ACTIVATION_CODE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Lifetime of a signed download link (modules/files/file-links.ts), in minutes; a link lives up to 1.5 × this. */
  FILE_LINK_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(10),
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Attempts per 15 minutes on login, activation and forgot-password. */
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_CLIENT_MAX: z.coerce.number().int().positive().default(100),
  /** Past RATE_LIMIT_ACCOUNT_MAX attempts on one account, untrusted login attempts on it are spaced this far apart. */
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  /**
   * Second-factor codes (TOTP, recovery codes) on one staff account from all clients per 15 minutes after which each
   * further code waits its turn, one per TOTP_SLOWDOWN_MS (auth/code-guard.ts); after as many wrong codes within an
   * hour the account's owner is mailed.
   */
  TOTP_SLOWDOWN_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
  TOTP_SLOWDOWN_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /**
   * Which proxies may tell the client's address (X-Forwarded-For): 'off' (default: the socket's address
   * counts), a number of proxy hops in front of the portal, or a comma-separated list of proxy
   * addresses or CIDR ranges. 'true' (trust anyone) is refused: any client could then pick its address.
   */
  TRUST_PROXY: z.string().default('off').transform((value, ctx): boolean | number | string[] => {
    const v = value.trim().toLowerCase();
    if (v === '' || v === 'off' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    if (v === 'true' || v === 'on') {
      ctx.addIssue({ code: 'custom', message: "trusting every proxy lets any client choose its address; give a hop count (e.g. 1) or the proxies' addresses" });
      return z.NEVER;
    }
    return v.split(',').map((s) => s.trim()).filter(Boolean);
  }),
  /** Appointment confirmations (e-mail or SMS) per address, and per recipient (an e-mail address or mobile number) over all addresses, per 24 hours. */
  CONFIRMATION_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  CONFIRMATION_MAX_PER_RECIPIENT: z.coerce.number().int().positive().default(3),
  /** Calls of the unauthenticated payment webhooks and signing postbacks per client address per 15 minutes. */
  WEBHOOK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  /**
   * SMS codes of the signing page (modules/signing/signing.sms-limits.ts): per mobile number and per form entry, per
   * hour and per day (over one: 429), and per customer per hour (when spent no code is sent until the hour is over,
   * and the customer's administrators are mailed once).
   */
  SMS_CODE_MAX_PER_NUMBER_HOUR: z.coerce.number().int().positive().default(3),
  SMS_CODE_MAX_PER_NUMBER_DAY: z.coerce.number().int().positive().default(8),
  SMS_CODE_MAX_PER_ENTRY_HOUR: z.coerce.number().int().positive().default(12),
  SMS_CODE_MAX_PER_ENTRY_DAY: z.coerce.number().int().positive().default(24),
  SMS_BUDGET_PER_CUSTOMER_HOUR: z.coerce.number().int().positive().default(200),
  /** Chat messages per 15 minutes per visitor code (public) or per address (residents). */
  CHAT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /** Notifications of a batchable category (news) within this many seconds go out as one message (modules/notifications). */
  NOTIFY_BATCH_SECONDS: z.coerce.number().int().min(0).max(24 * 3600).default(300),
  /** 'off': SMS and push are not held back between 21:00 and 08:00 (the fan-out bench, whatever the hour it runs). */
  NOTIFY_QUIET_HOURS: z.enum(['on', 'off']).default('on'),
  /** 'true': push endpoints on plain http and local addresses are accepted (the tests' and the bench's local push service); never in production. */
  PUSH_ALLOW_LOCAL_ENDPOINTS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Largest survey photo upload in bytes (png/jpeg; larger is refused with 413). */
  SURVEY_PHOTO_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  /**
   * Images decoded at the same time (uploads, drawn signatures; modules/files/image-work.ts), each on one
   * core; default half the machine's cores, at least 1. IMAGE_QUEUE_MAX more wait their turn; beyond
   * that an upload is refused at once with 503 and Retry-After.
   */
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(64).default(Math.max(1, Math.floor(availableParallelism() / 2))),
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(8),
  WEB_DIST: z.string().optional(),
  BENCH_BARE_ROUTE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Comma-separated origins (https://intranet.example.nl) that may show the portal of every customer in
   * a frame, besides the portal itself and each customer's website and embedding origins (customer settings).
   */
  FRAME_ANCESTORS: z.string().default(''),
  /** XYZ tile server for the maps; the default is PDOK's BRT achtergrondkaart (Dutch government, free). */
  MAP_TILE_URL: z.string().default('https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:3857/{z}/{x}/{y}.png'),
  /** A dossier e-mail attaches the files up to this total size; a larger dossier gets time-limited links. */
  DOSSIER_MAIL_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  /**
   * S3-compatible object storage for uploaded files (modules/files/s3-storage.ts), so that several portal
   * processes share them; without S3_BUCKET they stay on local disk under DATA_DIR/files.
   */
  S3_BUCKET: unsetWhenEmpty(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens').optional()),
  /** Address of a MinIO or other S3-compatible server; AWS S3 when unset. */
  S3_ENDPOINT: unsetWhenEmpty(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: unsetWhenEmpty(z.string().optional()),
  /**
   * Both required with S3_BUCKET: the portal passes them to the SDK and reads no other credentials (not
   * the SDK's default chain of AWS_* variables, ~/.aws files and instance roles), so that all of its
   * configuration is here and a missing key stops the start instead of the first upload.
   */
  S3_ACCESS_KEY_ID: unsetWhenEmpty(z.string().optional()),
  S3_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string().optional()),
  /** Bucket in the path (http://host/bucket/key) instead of in the host name; default true with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: unsetWhenEmpty(z.enum(['true', 'false']).optional()).transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Folder in the bucket for the portal's objects ('portal' → portal/survey/2026/03/...), for a bucket shared with others. */
  S3_PREFIX: unsetWhenEmpty(z.string().regex(/^\/?[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\/?$/, 'folder names of letters, digits, dots, hyphens and underscores, separated by /').optional())
    .transform((v) => v?.replace(/^\/|\/$/g, '')),
  /**
   * Online payment (modules/payment): 'mollie' (with MOLLIE_API_KEY), 'local' (the portal's own test checkout,
   * where the payer picks the outcome) or 'off'. Unset: 'local' with the demo data (SEED_DEMO), else 'off', so
   * that a production start never takes "payments" at the test checkout.
   */
  PAYMENT_PROVIDER: unsetWhenEmpty(z.enum(['local', 'mollie', 'off']).optional()),
  /** Mollie's API key, 'test_...' or 'live_...'; required with PAYMENT_PROVIDER=mollie. */
  MOLLIE_API_KEY: unsetWhenEmpty(z.string().regex(/^(test|live)_\w+$/, "a Mollie API key starts with test_ or live_").optional()),
  /** Another address of Mollie's API, https only (a fake Mollie in tests); Mollie's own (https://api.mollie.com/v2/) when unset. */
  MOLLIE_API_ENDPOINT: unsetWhenEmpty(z.url({ protocol: /^https$/ }).optional()),
  /**
   * Legal signing (modules/signing): 'signhost' (with the three SIGNHOST_ keys), 'local' (the portal's own sign
   * page) or 'off'. Unset: 'local' with the demo data (SEED_DEMO), else 'off' (legal signing answers 503).
   */
  SIGNING_PROVIDER: unsetWhenEmpty(z.enum(['local', 'signhost', 'off']).optional()),
  /** Signhost's application key (header `Application: APPKey ...`), user token (`Authorization: APIKey ...`) and postback shared secret. */
  SIGNHOST_APP_KEY: unsetWhenEmpty(z.string().optional()),
  SIGNHOST_USER_TOKEN: unsetWhenEmpty(z.string().optional()),
  SIGNHOST_SHARED_SECRET: unsetWhenEmpty(z.string().optional()),
  /** Another address of Signhost's API (a fake Signhost on this machine in tests); https://api.signhost.com when unset. */
  SIGNHOST_API_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/ }).optional()),
}).superRefine((env, ctx) => {
  for (const name of ['SIGNHOST_APP_KEY', 'SIGNHOST_USER_TOKEN', 'SIGNHOST_SHARED_SECRET'] as const) {
    if (env.SIGNING_PROVIDER === 'signhost' && !env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with SIGNING_PROVIDER=signhost' });
  }
  // The user token goes along with every call: plain http only to this machine (a fake Signhost in tests).
  if (env.SIGNHOST_API_URL?.startsWith('http:') && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(env.SIGNHOST_API_URL)) {
    ctx.addIssue({ code: 'custom', path: ['SIGNHOST_API_URL'], message: 'https required (plain http only to 127.0.0.1 or localhost)' });
  }
  if (env.PAYMENT_PROVIDER === 'mollie' && !env.MOLLIE_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['MOLLIE_API_KEY'], message: 'required with PAYMENT_PROVIDER=mollie: a Mollie API key starting with test_ or live_' });
  }
  const others = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const)
    .filter((name) => env[name] !== undefined);
  if (!env.S3_BUCKET) {
    // Without the bucket the files would quietly go to local disk, which other processes cannot read.
    if (others.length) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `required with ${others.join(', ')}` });
    return;
  }
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with S3_BUCKET (the portal reads no other S3 credentials)' });
  }
});

/** Where files are stored when S3_BUCKET is set (modules/files/s3-storage.ts). */
export type S3Config = {
  bucket: string;
  /** A MinIO or other S3-compatible server; AWS S3 when absent. */
  endpoint?: string;
  region: string;
  /** The bucket in the path (http://host/bucket/key) instead of in the host name. */
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** A folder in the bucket for every key ('portal' → portal/survey/2026/03/....png). */
  prefix?: string;
};

/** Signhost's keys (modules/signing/signing.signhost.ts); null unless SIGNING_PROVIDER=signhost. */
export type SignhostConfig = { appKey: string; userToken: string; sharedSecret: string; apiUrl: string };

type ParsedEnv = z.infer<typeof ZEnv>;

/** The providers in use, after the defaults (see PAYMENT_PROVIDER and SIGNING_PROVIDER). */
export type Env = Omit<ParsedEnv, 'PAYMENT_PROVIDER' | 'SIGNING_PROVIDER'> & {
  PAYMENT_PROVIDER: NonNullable<ParsedEnv['PAYMENT_PROVIDER']>;
  SIGNING_PROVIDER: NonNullable<ParsedEnv['SIGNING_PROVIDER']>;
  dataDir: string; publicUrl: string; s3: S3Config | null; signhost: SignhostConfig | null;
};

/** The start-up log's line naming the providers in use (runtime.ts). */
export function describeProviders(env: Pick<Env, 'PAYMENT_PROVIDER' | 'SIGNING_PROVIDER' | 'SMS_PROVIDER_URL' | 'SMTP_HOST'>): string {
  const payment = { local: 'local test checkout (no real money)', mollie: 'Mollie', off: 'off (PAYMENT_PROVIDER not set: online payment answers 503)' }[env.PAYMENT_PROVIDER];
  const signing = { local: "local sign page (the portal's own)", signhost: 'Signhost', off: 'off (SIGNING_PROVIDER not set: legal signing answers 503)' }[env.SIGNING_PROVIDER];
  const sms = env.SMS_PROVIDER_URL ? 'HTTP provider' : 'outbox only (SMS_PROVIDER_URL not set)';
  const mail = env.SMTP_HOST ? `SMTP ${env.SMTP_HOST}` : 'outbox only (SMTP_HOST not set)';
  return `Providers: payment ${payment}; signing ${signing}; SMS ${sms}; mail ${mail}`;
}

/** An empty variable (`S3_ENDPOINT=` in a compose file) counts as unset. */
function unsetWhenEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema);
}

function s3Config(env: z.infer<typeof ZEnv>): S3Config | null {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket || !accessKeyId || !secretAccessKey) return null; // the refinement above refused a bucket without keys
  return {
    bucket,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    region: env.S3_REGION ?? 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    credentials: { accessKeyId, secretAccessKey },
    ...(env.S3_PREFIX ? { prefix: env.S3_PREFIX } : {}),
  };
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // The local providers are for the demo (and the tests, which choose them): without a choice and without the demo, off.
  const fallback = env.SEED_DEMO ? 'local' : 'off';
  return {
    ...env,
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? fallback,
    SIGNING_PROVIDER: env.SIGNING_PROVIDER ?? fallback,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    s3: s3Config(env),
    signhost: env.SIGNING_PROVIDER === 'signhost' && env.SIGNHOST_APP_KEY && env.SIGNHOST_USER_TOKEN && env.SIGNHOST_SHARED_SECRET
      ? { appKey: env.SIGNHOST_APP_KEY, userToken: env.SIGNHOST_USER_TOKEN, sharedSecret: env.SIGNHOST_SHARED_SECRET, apiUrl: (env.SIGNHOST_API_URL ?? 'https://api.signhost.com').replace(/\/$/, '') }
      : null,
  };
}
