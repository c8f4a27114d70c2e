import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleToken, createTestApp, occupantToken, partnerToken, type TestApp } from './helpers.ts';

/**
 * Hostile input for every endpoint of the OpenAPI document (`app.swagger()`): NUL bytes, lone
 * surrogates and raw invalid UTF-8 in every string of the body, the query, the path and the Host
 * header; numbers beyond PostgreSQL's integer; a 2 MB body; 100,000 levels of nesting; wrong types
 * and content types - without a token, with a resident's, a partner's and (on /staff) a console administrator's. No answer may be a
 * 5xx, and every 4xx is JSON with a `message`.
 */

type JsonSchema = {
  type?: string; enum?: unknown[]; const?: unknown; nullable?: boolean; default?: unknown;
  properties?: Record<string, JsonSchema>; additionalProperties?: JsonSchema | boolean; required?: string[];
  items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[];
  minimum?: number; maxLength?: number; pattern?: string;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; consumes?: string[] };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

type Path = Array<string | number>;

/** Valid values for fields whose rules a plain 'tekst' would break first, so that hostile values get further. */
const HINTS: Record<string, unknown> = {
  password: 'Fuzz-Wachtwoord-2026', new_password: 'Fuzz-Wachtwoord-2026', password_confirmation: 'Fuzz-Wachtwoord-2026',
  email: 'fuzz@example.nl', email_address: 'fuzz@example.nl', from_email: 'fuzz@example.nl', username: 'jan.devries@example.nl',
  zipcode: '1234AB', house_number: '10', mobile: '0612345678', mobile_number: '0612345678', telephone: '0301234567',
};

/** A plausible value for a schema: every property present, so that every string has a place. */
function sample(schema: JsonSchema | undefined, depth = 0, name = ''): unknown {
  if (!schema || depth > 8) return null;
  if (name in HINTS && (schema.type === 'string' || schema.anyOf || schema.nullable)) return HINTS[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options?.length) return sample(options.find((o) => o.type !== 'null') ?? options[0], depth + 1);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value, depth + 1, key);
      if (typeof schema.additionalProperties === 'object') out['1'] = sample(schema.additionalProperties, depth + 1);
      return out;
    }
    case 'array': return [sample(schema.items, depth + 1)];
    case 'integer': case 'number': return Math.max(1, schema.minimum ?? 1);
    case 'boolean': return true;
    case 'string': return 'tekst';
    default: return schema.default ?? null;
  }
}

/** Paths to every leaf of `value` that satisfies `pick`. */
function leaves(value: unknown, pick: (v: unknown) => boolean, at: Path = []): Path[] {
  if (pick(value)) return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, pick, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, pick, [...at, k]));
  return [];
}

function withLeaf(value: unknown, at: Path, leaf: unknown): unknown {
  if (at.length === 0) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[at[0]!] = withLeaf(copy[at[0]!], at.slice(1), leaf);
  return copy;
}

const NUL = 'a\u0000b';
const HIGH = 'a\uD800b';
const LOW = '\uDC00a';
/** Text variants that travel inside JSON (JSON.stringify writes lone surrogates as \udXXX escapes). */
const BAD_TEXT = [NUL, HIGH, LOW];
/** The same in a URL: %00, an encoded surrogate (invalid UTF-8), a raw invalid byte. */
const BAD_URL_TEXT = ['a%00b', '%ED%A0%80', '%FF', '%C0%80'];
const BAD_NUMBERS = ['99999999999999999999', '2147483648', '1e400', '-1', '1.5', 'abc'];
const BAD_JSON_NUMBERS = [2147483648, 1e20, -2147483649, 1.5, -1];
const DEEP = 100_000;

type Auth = 'none' | 'occupant' | 'partner' | 'staff';
type Variant = { label: string; auth: Auth; inject: InjectOptions };

describe('hostile input to every endpoint', () => {
  let t: TestApp;
  const tokens: Record<Auth, string | null> = { none: null, occupant: null, partner: null, staff: null };
  /** Ids of demo data that the routes' path parameters name, found through the API itself. */
  const demo: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_ACCOUNT_MAX: '100000', RATE_LIMIT_CLIENT_MAX: '100000', CHAT_RATE_LIMIT_MAX: '100000', LOGIN_SLOWDOWN_MS: '0' },
    });
    tokens.occupant = await occupantToken(t.app);
    tokens.partner = await partnerToken(t.app);
    tokens.staff = await consoleToken(t, t.ids.users.admin);
    const get = async <T,>(url: string, auth: Auth): Promise<T[]> => {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[auth]}` } });
      return res.statusCode === 200 ? (res.json() as T[]) : [];
    };
    const project = t.ids.projects.bloemenbuurt;
    const surveys = await get<{ id: number; done: boolean; version: number }>('/api/occupant/surveys/', 'occupant');
    let photo: { survey: number; element: string } | null = null;
    for (const { id } of surveys.filter((s) => !s.done && s.version === 2)) {
      const res = await t.app.inject({ method: 'GET', url: `/api/occupant/survey/${id}`, headers: { authorization: `Bearer ${tokens.occupant}` } });
      const form = (res.json() as { form?: Array<{ elements: Array<{ id: string; type: string }> }> }).form ?? [];
      const element = form.flatMap((section) => section.elements).find((e) => e.type === 's_photoinput');
      if (element) photo = { survey: id, element: element.id };
    }
    const appointments = await get<{ id: number; cluster_schedule_id: number | null }>('/api/occupant/appointments', 'occupant');
    const occupants = await get<{ id: number; is_self: boolean }>('/api/occupant/occupants', 'occupant');
    const chats = await get<{ id: number }>(`/api/partner/project/${project}/chats`, 'partner');
    Object.assign(demo, {
      project_id: String(project),
      projectId: String(project),
      addressId: String(t.ids.addresses.a10),
      survey: String(photo?.survey ?? surveys.find((s) => !s.done)?.id ?? 1),
      element_id: photo?.element ?? '1',
      appointment: String(appointments[0]?.id ?? 1),
      cluster_schedule_id: String(appointments.find((a) => a.cluster_schedule_id)?.cluster_schedule_id ?? 1),
      occupant: String(occupants.find((o) => !o.is_self)?.id ?? 1),
      conversation_id: String(chats[0]?.id ?? 1),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Values for path parameters that name demo data, so that hostile input reaches the handlers. */
  function validParam(route: string, name: string): string {
    if (name === 'unique') return 'Abcdefghijklmnopqrstuvwxyz012345';
    if (name === 'filename') return 'bestand.pdf';
    if (name === 'id') {
      if (route.includes('/delete/')) return '999999'; // the other variants must not delete the demo's occupants
      if (route.includes('/survey/')) return demo.survey!;
      if (route.includes('/appointment/')) return demo.appointment!;
      if (route.includes('/occupant/occupant/')) return demo.occupant!;
    }
    return demo[name] ?? '1';
  }

  function variantsOf(route: string, method: string, op: Operation): Variant[] {
    const params = (op.parameters ?? []).filter((p) => p.in !== 'path' || route.includes(`{${p.name}}`));
    const pathParams = params.filter((p) => p.in === 'path');
    const queryParams = params.filter((p) => p.in === 'query');
    const url = (path: Record<string, string> = {}, query = '') => {
      let u = route;
      for (const p of pathParams) u = u.replace(`{${p.name}}`, path[p.name] ?? validParam(route, p.name));
      return query ? `${u}?${query}` : u;
    };
    const jsonSchema = op.requestBody?.content['application/json']?.schema;
    const hasBody = method !== 'get';
    const isMultipart = !jsonSchema && hasBody && (op.consumes?.includes('multipart/form-data') ?? true);
    const body = jsonSchema ? sample(jsonSchema) : undefined;

    const each: Array<Omit<Variant, 'auth'>> = [];
    const add = (label: string, inject: Omit<InjectOptions, 'method'>) => each.push({ label, inject: { method: method.toUpperCase() as 'GET', ...inject } });
    const json = (payload: string | Buffer) => ({ payload, headers: { 'content-type': 'application/json' } });

    for (const p of pathParams) {
      for (const bad of [...BAD_URL_TEXT, ...BAD_NUMBERS]) add(`path ${p.name}=${bad}`, { url: url({ [p.name]: bad }), ...(body !== undefined ? { payload: body as object } : {}) });
    }
    for (const p of queryParams) {
      for (const bad of [...BAD_URL_TEXT, ...BAD_NUMBERS]) add(`query ${p.name}=${bad}`, { url: url({}, `${p.name}=${bad}`), ...(body !== undefined ? { payload: body as object } : {}) });
    }
    add('unknown query parameter with NUL', { url: url({}, 'extra=a%00b') });
    add('raw surrogate in the query', { url: url({}, 'language=\uD800') });
    add('Host with NUL', { url: url(), headers: { host: 'portaal\u0000.example.nl' } });
    add('Host with a lone surrogate', { url: url(), headers: { host: 'portaal\uD800.example.nl' } });
    add('Host of 10,000 characters', { url: url(), headers: { host: `${'a'.repeat(10_000)}.nl` } });

    if (jsonSchema) {
      for (const at of leaves(body, (v) => typeof v === 'string')) {
        for (const bad of BAD_TEXT) add(`body ${at.join('.')}=${JSON.stringify(bad)}`, { url: url(), payload: withLeaf(body, at, bad) as object });
      }
      for (const at of leaves(body, (v) => typeof v === 'number')) {
        for (const bad of BAD_JSON_NUMBERS) add(`body ${at.join('.')}=${bad}`, { url: url(), payload: withLeaf(body, at, bad) as object });
      }
      const huge = leaves(body, (v) => typeof v === 'string').reduce((acc, at) => withLeaf(acc, at, 'x'.repeat(200_000)), body);
      add('every string 200,000 characters', { url: url(), payload: huge as object });
      add('a key with NUL', { url: url(), payload: { ...(body as object), 'k\u0000': 'x' } });
      add('a key with a lone surrogate', { url: url(), payload: { ...(body as object), '\uD800': 'x' } });
      for (const wrong of [[], [body], 'tekst', 42, true, null]) add(`body ${JSON.stringify(wrong).slice(0, 20)}`, { url: url(), ...json(JSON.stringify(wrong)) });
      add('raw invalid UTF-8 in a string', { url: url(), ...json(Buffer.concat([Buffer.from('{"username":"a'), Buffer.from([0xff, 0xed, 0xa0, 0x80, 0xc0, 0x80]), Buffer.from('b"}')])) });
    }
    if (hasBody && !isMultipart) {
      add('body of 2 MB', { url: url(), ...json(JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) })) });
      add(`${DEEP} nested arrays`, { url: url(), ...json('['.repeat(DEEP) + ']'.repeat(DEEP)) });
      add(`${DEEP} nested objects`, { url: url(), ...json('{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP)) });
      add('broken JSON', { url: url(), ...json('{"a":') });
      add('empty JSON body', { url: url(), ...json('') });
      add('text/plain', { url: url(), payload: 'hallo', headers: { 'content-type': 'text/plain' } });
      add('a form', { url: url(), payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      add('an unknown content type', { url: url(), payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    }
    if (isMultipart) {
      const boundary = '----fuzz';
      const part = (head: string, content: string | Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
      const form = (...parts: Buffer[]) => ({
        url: url(), payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      const png = Buffer.from('89504e470d0a1a0a', 'hex');
      add('multipart text field with NUL', form(part('Content-Disposition: form-data; name="title"', NUL), part('Content-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png', png)));
      add('multipart text field with invalid UTF-8', form(part('Content-Disposition: form-data; name="title"', Buffer.from([0x61, 0xed, 0xa0, 0x80])), part('Content-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png', png)));
      add('multipart file name with NUL', form(part('Content-Disposition: form-data; name="image"; filename="a\u0000.png"\r\nContent-Type: image/png', png)));
      add('multipart field name with NUL', form(part('Content-Disposition: form-data; name="ima\u0000ge"; filename="a.png"\r\nContent-Type: image/png', png)));
      add('multipart without a boundary', { url: url(), payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
      add('multipart, broken', { url: url(), payload: `--${boundary}\r\nContent-Disposition: form-data; name="image"\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    }

    // Every variant with the route's own caller (a resident's token on /occupant, a partner's on /partner,
    // none on /public; all three elsewhere), the NUL variants with the other two as well; the token itself once with NUL.
    const own: Auth[] = route.startsWith('/api/occupant/') ? ['occupant'] : route.startsWith('/api/partner/') ? ['partner'] : route.startsWith('/api/public/') ? ['none']
      : route.startsWith('/api/staff/') ? ['staff'] : ['none', 'occupant', 'partner'];
    const out: Variant[] = [];
    for (const auth of ['none', 'occupant', 'partner', 'staff'] as const) {
      for (const v of each) if (own.includes(auth) || /NUL|\\u0000|%00/.test(v.label)) out.push({ ...v, auth });
    }
    out.push({ label: 'bearer token with NUL', auth: 'none', inject: { method: method.toUpperCase() as 'GET', url: url(), headers: { authorization: 'Bearer a\u0000b' } } });
    out.push({ label: 'bearer token with a lone surrogate', auth: 'none', inject: { method: method.toUpperCase() as 'GET', url: url(), headers: { authorization: 'Bearer \uD800' } } });
    return out;
  }

  it('answers no 5xx, and every 4xx is JSON with a Dutch message', async () => {
    const doc = t.app.swagger() as unknown as OpenApi;
    const operations = Object.entries(doc.paths).flatMap(([route, ops]) => Object.entries(ops).map(([method, op]) => ({ route, method, op })));
    expect(operations.length).toBeGreaterThan(50);
    // Logout revokes the tokens the other calls use: last.
    operations.sort((a, b) => Number(a.route.includes('logout')) - Number(b.route.includes('logout')));

    const failures: string[] = [];
    let sent = 0;
    let staffReached = 0; // the console token must get past the console's guard, or /staff would be fuzzed at its door only
    for (const { route, method, op } of operations) {
      for (const variant of variantsOf(route, method, op)) {
        const token = tokens[variant.auth];
        const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(variant.inject.headers as Record<string, string> | undefined) };
        const res = await t.app.inject({ ...variant.inject, headers });
        sent++;
        if (variant.auth === 'staff' && res.statusCode !== 401) staffReached++;
        const where = `${method.toUpperCase()} ${route} [${variant.auth}] ${variant.label}`;
        if (res.statusCode >= 500) {
          failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else if (res.statusCode >= 400) {
          let message: unknown;
          try {
            message = (res.json() as { message?: unknown }).message;
          } catch {
            message = undefined;
          }
          // Fastify's own English error ({ statusCode, code, error, message }) means our Dutch handler was bypassed.
          if (typeof message !== 'string' || message.length === 0 || res.body.includes('"statusCode"')) {
            failures.push(`${where}: ${res.statusCode} without our JSON error: ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(staffReached).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    // Some 5,000 requests one after another: 2 minutes on one of these 2-core machines, over 2 on a slower one.
  }, 480_000);
});
