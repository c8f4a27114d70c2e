import type { FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, occupantToken, type TestApp } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { describeError, redactText } from './logging.ts';

describe('log lines hold no SQL parameters and no secrets', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  const logged = () => lines.join('');

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' } });
    // A second app on the same services whose logger writes to `lines`.
    app = await buildApp(t.services, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('a failed query is logged with its SQL and PostgreSQL error, without its parameters', async () => {
    const token = await occupantToken(app);
    await t.query(`CREATE FUNCTION refuse_occupant() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'geweigerd door de test'; END $$`);
    await t.query('CREATE TRIGGER refuse_occupant BEFORE INSERT ON occupants FOR EACH ROW EXECUTE FUNCTION refuse_occupant()');
    lines.length = 0;

    const res = await app.inject({
      method: 'POST', url: '/api/occupant/occupants/', headers: { ...bearer(token), cookie: 'sid=koekje-geheim' },
      payload: { first_name: 'Geheimvoornaam', last_name: 'Geheimachternaam', gender: 'F', email_address: 'geheim.adres@example.nl', password: 'Geheim-Wachtwoord-2026' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Er is iets misgegaan. Probeer het later opnieuw.' });

    const entry = lines.map((line) => JSON.parse(line) as { msg: string; err?: { type: string; message: string; query?: string; cause?: { code?: string; message: string } } })
      .find((line) => line.msg === 'unexpected error');
    expect(entry?.err?.query).toMatch(/^insert into "occupants"/);
    expect(entry?.err?.message).toBe(`Failed query: ${entry?.err?.query}`);
    expect(entry?.err?.cause).toMatchObject({ code: 'P0001', message: 'geweigerd door de test' });

    const text = logged();
    for (const secret of ['$argon2', 'Geheim-Wachtwoord', 'geheim.adres@example.nl', 'Geheimvoornaam', 'Geheimachternaam', 'koekje-geheim', token]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toMatch(/params: (?!\[redacted\])/);
  });

  it('secret-sounding keys are redacted at any depth of any logged object, and an error logged alone', () => {
    lines.length = 0;
    app.log.info({
      headers: { authorization: 'Bearer kop-geheim', cookie: 'sid=koek-geheim' },
      body: { username: 'jan', password: 'wachtwoord-geheim', nested: [{ deeper: { activation_code: 'code-geheim', Token: 'token-geheim', code: 'ABC-geheim' } }] },
      req: { method: 'GET', url: '/api/files/1/a.pdf?token=url-geheim&filename=a.pdf' },
    }, 'probe with Bearer bericht-geheim');
    app.log.error(new DrizzleQueryError('select * from "sessions" where "token_hash" = $1', ['hash-geheim'], new Error('verbroken')));

    const text = logged();
    expect(text).toContain('probe with Bearer [redacted]');
    expect(text).toContain('"username":"jan"');
    expect(text).toContain('select * from \\"sessions\\"');
    expect(text).toContain('filename=a.pdf');
    for (const secret of ['kop-geheim', 'koek-geheim', 'wachtwoord-geheim', 'code-geheim', 'token-geheim', 'ABC-geheim', 'url-geheim', 'bericht-geheim', 'hash-geheim']) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe('describeError and redactText (text log lines: the runtime, the job worker)', () => {
  it('a failed query: its SQL and the cause, not its parameters', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "geheim-1"'), { code: '22P02' });
    const error = new DrizzleQueryError('select "id" from "occupants" where "email_address" = $1', ['geheim@example.nl'], cause);
    const text = describeError(error);
    expect(text).toBe('DrizzleQueryError: Failed query: select "id" from "occupants" where "email_address" = $1; cause: Error [22P02]: invalid input syntax for type integer: "geheim-1"');
    expect(text).not.toContain('geheim@example.nl');
  });

  it("graphile-worker's quoted error loses its params, also across lines", () => {
    const line = "Failed task 7 (password-reset, 3.10ms, attempt 1 of 10) with error 'Failed query: select 1\nparams: geheim@example.nl,regel\ntwee':\n  Error: Failed query: select 1\nparams: geheim@example.nl\n    at Foo (/app/x.ts:1:1)";
    const text = redactText(line);
    expect(text).not.toContain('geheim');
    expect(text).toContain('at Foo (/app/x.ts:1:1)');
  });
});
