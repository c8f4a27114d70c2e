import type { FastifyServerOptions } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';

/**
 * What the server logs, without the secrets of the requests it serves. A failed query is logged with
 * its SQL text and PostgreSQL's error code and message, never with its parameters (drizzle puts them
 * in the error's message and stack: password hashes, token hashes, e-mail addresses, chat texts).
 * Values under secret-sounding keys (password, token, code, cookie, authorization, ...) are replaced
 * at any depth of any logged object; request bodies are never logged.
 */

const REDACTED = '[redacted]';

/** Keys whose values never reach a log, at any depth and in any case. */
const SECRET_KEY = /pass(word|wd)?|token|secret|authori[sz]ation|cookie|hash|ticket|api[-_]?key|^code$|activation|^unique$|^params$/i;

/** pino's own redaction for the usual places (the formatter below covers every other depth). */
const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]',
  'headers.authorization', 'headers.cookie',
  // ('code' is left to the formatter, which skips errors: a PostgreSQL error's code belongs in the log.)
  ...['password', 'token', 'params', 'cookie', 'authorization'].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** Cuts drizzle's "params: ..." tail, bearer tokens and URL passwords out of a text (a message, a stack, a worker's log line). */
export function redactText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, `\nparams: ${REDACTED}`)
    .replace(/\b(Bearer)\s+\S+/gi, `$1 ${REDACTED}`)
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s/@]+@/gi, `$1${REDACTED}@`); // postgres://portal:<password>@...
}

/** PostgreSQL echoes the offending value in some messages ('invalid input syntax for type integer: "..."'). */
function scrubDatabaseText(text: string): string {
  return text
    .replace(/^(value) "(?:[^"]|"")*"/, `$1 "${REDACTED}"`)
    .replace(/: "(?:[^"]|"")*"$/, `: "${REDACTED}"`)
    .replace(/=\((?:.*)\)/g, `=(${REDACTED})`);
}

export type SerializedError = {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  /** The SQL text of a failed query, without its parameters. */
  query?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  detail?: string;
  cause?: SerializedError | string;
  errors?: Array<SerializedError | string>;
};

/** The stack with its first line(s), which repeat the message, replaced by the redacted message. */
function stackOf(error: Error, safeMessage: string): string | undefined {
  if (!error.stack) return undefined;
  const at = error.stack.indexOf(error.message);
  if (error.message && at !== -1 && at < 200) {
    return `${error.stack.slice(0, at)}${safeMessage}${redactText(error.stack.slice(at + error.message.length))}`;
  }
  return redactText(error.stack);
}

/** An error as a plain object that is safe to log (see the top of this file). */
export function serializeError(error: unknown, depth = 0): SerializedError | string {
  if (!(error instanceof Error)) return redactText(typeof error === 'string' ? error : JSON.stringify(redactSecrets(error)) ?? String(error));
  const type = error.constructor?.name || error.name || 'Error';
  const base = { type } as SerializedError;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') base.code = String(code);
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === 'number') base.statusCode = statusCode;

  if (error instanceof DrizzleQueryError || (typeof (error as { query?: unknown }).query === 'string' && 'params' in error)) {
    const query = String((error as unknown as { query: string }).query);
    base.message = `Failed query: ${query}`;
    base.query = query;
    base.stack = stackOf(error, base.message);
  } else if (error instanceof pg.DatabaseError) {
    base.message = scrubDatabaseText(error.message);
    base.stack = stackOf(error, base.message);
    for (const key of ['table', 'column', 'constraint', 'routine'] as const) if (error[key]) base[key] = error[key];
    if (error.detail) base.detail = scrubDatabaseText(error.detail);
  } else {
    base.message = redactText(error.message);
    base.stack = stackOf(error, base.message);
  }
  if (error.cause !== undefined && depth < 5) base.cause = serializeError(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < 5) base.errors = error.errors.slice(0, 10).map((e: unknown) => serializeError(e, depth + 1));
  return base;
}

/** One line for a text log: 'DrizzleQueryError: Failed query: select ...; cause: DatabaseError [22P05]: ...'. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: SerializedError | string | undefined = serializeError(error);
  while (current !== undefined && parts.length < 6) {
    if (typeof current === 'string') {
      parts.push(current);
      break;
    }
    parts.push(`${current.type}${current.code ? ` [${current.code}]` : ''}: ${current.message}`);
    current = current.cause;
  }
  return parts.join('; cause: ');
}

/** A copy of `value` with the values of secret-sounding keys replaced, at any depth (errors are serialised). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return serializeError(value);
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (depth > 8) return '[too deep]';
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redactSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(item, depth + 1);
  return out;
}

/** A URL with the values of secret query parameters (token, ticket, code, unique) replaced. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|ticket|code|unique)=)[^&#]*/gi, `$1${REDACTED}`);
}

/** `serializeError` in the shape of pino's `err` serializer. */
function loggedError(error: unknown): SerializedError & { stack: string } {
  const serialized = serializeError(error);
  return typeof serialized === 'string' ? { type: typeof error, message: serialized, stack: '' } : { ...serialized, stack: serialized.stack ?? '' };
}

/** Fastify's logger options (pino's, plus a `stream`), without a dependency on pino's own types. */
type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;
export type LogStream = NonNullable<LoggerOptions['stream']>;

type LoggedRequest = { method: string; url: string; host?: string; ip?: string };

/**
 * The server's pino options: the level, pino's redaction of the usual places, every logged object's
 * secrets replaced at any depth (formatters.log runs before the serializers: errors are left to
 * `serializeError`), and requests logged by method and URL only. `stream` is for tests.
 */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    formatters: {
      log: (object) => {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(object)) {
          out[key] = value instanceof Error ? value : SECRET_KEY.test(key) ? REDACTED : redactSecrets(value);
        }
        return out;
      },
    },
    hooks: {
      // A message of its own never carries parameters or tokens; an error logged alone gets its redacted message.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (first instanceof Error && typeof rest[0] !== 'string') {
          const serialized = serializeError(first);
          return method.apply(this, [{ err: first }, typeof serialized === 'string' ? serialized : serialized.message] as never);
        }
        if (first !== null && typeof first === 'object' && !(first instanceof Error) && typeof rest[0] !== 'string') {
          const err = (first as { err?: unknown }).err;
          if (err instanceof Error) {
            const serialized = serializeError(err);
            return method.apply(this, [first, typeof serialized === 'string' ? serialized : serialized.message] as never);
          }
        }
        return method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as never);
      },
      // The last line of defence, on the finished JSON line: drizzle's "params: ..." up to the end of its string.
      streamWrite: (line) => line.replace(/\\nparams: (?:[^"\\]|\\.)*/g, `\\nparams: ${REDACTED}`),
    },
    serializers: {
      err: loggedError,
      error: loggedError,
      req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip }),
    },
    ...(stream ? { stream } : {}),
  };
}
