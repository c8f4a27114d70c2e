import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT, ROLE_PERMISSIONS, staffAuthMessages, type TStaffLoginAnswer, type TStaffMe, type TStaffRole, type TStaffSignedIn, type TTotpConfirm, type TTotpStart } from '@portal/contract';
import { hashPassword } from '../../lib/passwords.ts';
import { bearer, consoleToken, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { STAFF_DEMO } from '../../demo/staff.ts';

/**
 * The console's login on the real database: uniform answers, rate limits, TOTP (right, wrong, reused),
 * recovery codes, enrolment, the customer's TOTP requirement, inactivity and the password links.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mail: true });
});
afterAll(async () => {
  await t?.close();
});

type Call = { token?: string; body?: unknown; ip?: string; host?: string };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, { token, body, ip, host }: Call = {}) =>
  t.app.inject({ method, url, payload: body as object, headers: { ...(token ? bearer(token) : {}), ...(host ? { host } : {}) }, remoteAddress: ip });

/**
 * Waits out the end of a 30-second TOTP step when fewer than `marginMs` are left of it, so that a test that
 * uses the codes of neighbouring steps (now -1, now, now +1) sees the same 'now' throughout.
 */
async function clearOfStepEnd(marginMs = 10_000) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** A TOTP code for `secret` at now plus `steps` time steps of 30 s (the server takes ±1 step, each code once). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function login(email: string, password: string, ip = '10.0.0.1'): Promise<TStaffLoginAnswer> {
  const res = await call('POST', '/api/staff/login', { body: { email, password }, ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TStaffLoginAnswer>();
}

/** A new console account of Woonstad with a password (and no TOTP). */
async function addStaff(email: string, role: TStaffRole | null, password = 'Wachtwoord2026', customerId = t.ids.customers.woonstad): Promise<number> {
  const [row] = await t.query<{ id: number }>(
    'INSERT INTO users (username, email, name, password_hash) VALUES ($1, $1, $2, $3) RETURNING id',
    [email, `Test ${email}`, await hashPassword(password)],
  );
  // null: an account that works for no customer (so it may open no face at all).
  if (role) await t.query('INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, $3)', [row!.id, customerId, role]);
  return row!.id;
}

/** Enrols TOTP for a console session; answers the secret and the recovery codes. */
async function enrol(token: string): Promise<{ secret: string; codes: string[] }> {
  const start = await call('POST', '/api/staff/totp/start', { token, body: {} });
  expect(start.statusCode, start.body).toBe(200);
  const { secret } = start.json<TTotpStart>();
  const confirm = await call('POST', '/api/staff/totp/confirm', { token, body: { code: await codeAt(secret) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, codes: confirm.json<TTotpConfirm>().recovery_codes };
}

describe('the login answers', () => {
  it('asks the customer administrator for a code, signs in with it and writes the login to the audit log', async () => {
    const answer = await login('beheer@example.nl', 'Beheer2026!');
    expect(answer).toEqual({ status: 'totp', ticket: expect.any(String) });
    const res = await call('POST', '/api/staff/login/totp', { body: { ticket: (answer as { ticket: string }).ticket, code: await codeAt(STAFF_DEMO.adminTotpSecret) } });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json<TStaffSignedIn>();
    const me = await call('GET', '/api/staff/me', { token });
    expect(me.json<TStaffMe>()).toEqual({
      id: t.ids.users.admin, name: 'Beheerder Woonstad', email: 'beheer@example.nl', role: 'customer-admin', permissions: [...ROLE_PERMISSIONS['customer-admin']],
      customer: { id: t.ids.customers.woonstad, name: 'Woonstad Vernieuwd' }, totp_enabled: true, totp_required: false,
    });
    const [session] = await t.query<{ face: string; customer_id: number }>(
      'SELECT face, customer_id FROM sessions WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [t.ids.users.admin]);
    expect(session).toEqual({ face: 'console', customer_id: t.ids.customers.woonstad });
    const [user] = await t.query<{ last_login_at: Date | null }>('SELECT last_login_at FROM users WHERE id = $1', [t.ids.users.admin]);
    expect(user!.last_login_at).not.toBeNull();
    const [entry] = await t.query('SELECT action, entity, entity_id, actor FROM audit_log WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [t.ids.users.admin]);
    expect(entry).toEqual({ action: 'login', entity: 'staff', entity_id: String(t.ids.users.admin), actor: 'Beheerder Woonstad' });
  });

  it('signs an editor without TOTP in at once (customer without the requirement); the partner is a contractor with its permissions', async () => {
    const editor = await login(STAFF_DEMO.editor.email, STAFF_DEMO.editor.password);
    expect(editor).toEqual({ status: 'signed-in', token: expect.any(String) });
    const partner = await login('partner@example.nl', 'Partner2026!');
    expect(partner.status).toBe('signed-in');
    const me = await call('GET', '/api/staff/me', { token: (partner as { token: string }).token });
    expect(me.json<TStaffMe>()).toMatchObject({ role: 'contractor', permissions: [...ROLE_PERMISSIONS.contractor], customer: { name: 'Woonstad Vernieuwd' } });
    // on De Vries' host the shared partner works for De Vries
    const onDevries = await call('POST', '/api/staff/login', { body: { email: 'partner@example.nl', password: 'Partner2026!' }, host: 'devries.localhost', ip: '10.0.0.2' });
    const devriesMe = await call('GET', '/api/staff/me', { token: onDevries.json<{ token: string }>().token });
    expect(devriesMe.json<TStaffMe>().customer.name).toBe('Bouwbedrijf De Vries');
  });

  it('answers one uniform 401 for an unknown address, a wrong password, an account without console access and a disabled one', async () => {
    await addStaff('geen-beheer@example.nl', null);
    const disabled = await addStaff('uit@example.nl', 'project-editor');
    await t.query('UPDATE users SET disabled_at = now() WHERE id = $1', [disabled]);
    const attempts = [
      { email: 'niemand@example.nl', password: 'Wachtwoord2026' },
      { email: 'beheer@example.nl', password: 'Verkeerd2026' },
      { email: 'geen-beheer@example.nl', password: 'Wachtwoord2026' },
      { email: 'uit@example.nl', password: 'Wachtwoord2026' },
      { email: 'woco@example.nl', password: 'Wachtwoord2026' },
    ];
    for (const body of attempts) {
      const res = await call('POST', '/api/staff/login', { body, ip: '10.0.1.1' });
      expect(res.statusCode, body.email).toBe(401);
      expect(res.json(), body.email).toEqual({ message: staffAuthMessages.loginFailed });
    }
  });

  it('checks the fields with Dutch messages', async () => {
    const res = await call('POST', '/api/staff/login', { body: { email: 'geen-adres', password: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(expect.arrayContaining([
      { field: 'email', message: staffAuthMessages.emailInvalid },
      { field: 'password', message: staffAuthMessages.passwordRequired },
    ]));
  });

  it('lets a console session log out with the portal logout', async () => {
    const answer = await login(STAFF_DEMO.editor.email, STAFF_DEMO.editor.password, '10.0.0.3');
    const token = (answer as { token: string }).token;
    expect((await call('POST', '/api/auth/logout', { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', { token })).statusCode).toBe(401);
  });

  it('documents the console calls under the OpenAPI tag staff', async () => {
    const doc = (await call('GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    for (const [path, method] of [['/api/staff/login', 'post'], ['/api/staff/login/totp', 'post'], ['/api/staff/totp/start', 'post'], ['/api/staff/me', 'get'],
      ['/api/staff/accounts', 'get'], ['/api/staff/accounts/{id}', 'put'], ['/api/staff/security', 'put'], ['/api/staff/audit', 'get']] as const) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['staff']);
    }
  });

  it('refuses a portal session (not a console one) in the console', async () => {
    const portal = await call('POST', '/api/public/login', { body: { username: 'beheer@example.nl', password: 'Beheer2026!' } });
    expect((await call('GET', '/api/staff/me', { token: portal.json<{ token: string }>().token })).statusCode).toBe(401);
  });
});

describe('TOTP codes and recovery codes', () => {
  let secret: string;
  let codes: string[];
  const email = 'totp@example.nl';
  beforeAll(async () => {
    const id = await addStaff(email, 'project-editor');
    await clearOfStepEnd(15_000);
    ({ secret, codes } = await enrol(await consoleToken(t, id)));
  });
  const ticket = async (ip = '10.0.2.1') => ((await login(email, 'Wachtwoord2026', ip)) as { ticket: string }).ticket;

  it('gives ten recovery codes, stored hashed', async () => {
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await t.query<{ code_hash: string }>('SELECT code_hash FROM staff_recovery_codes rc JOIN users u ON u.id = rc.user_id WHERE u.username = $1', [email]);
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((s) => s.code_hash)).not.toContain(code);
    const [user] = await t.query<{ totp_secret: string }>('SELECT totp_secret FROM users WHERE username = $1', [email]);
    expect(user!.totp_secret).not.toContain(secret);
  });

  it('refuses a wrong code (422) and the ticket still works; a used code is refused; each code of another step works', async () => {
    const first = await ticket();
    const wrong = await call('POST', '/api/staff/login/totp', { body: { ticket: first, code: '000000' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: staffAuthMessages.codeInvalid, errors: [{ field: 'code', message: staffAuthMessages.codeInvalid }] });
    const code = await codeAt(secret, 1);
    const right = await call('POST', '/api/staff/login/totp', { body: { ticket: first, code } });
    expect(right.statusCode, right.body).toBe(200);
    // the ticket is used up
    expect((await call('POST', '/api/staff/login/totp', { body: { ticket: first, code: await codeAt(secret, -1) } })).statusCode).toBe(401);
    // the same code again, with a new ticket: refused
    const second = await ticket();
    expect((await call('POST', '/api/staff/login/totp', { body: { ticket: second, code } })).statusCode).toBe(422);
    // a code two steps away is not valid
    expect((await call('POST', '/api/staff/login/totp', { body: { ticket: second, code: await codeAt(secret, 3) } })).statusCode).toBe(422);
    expect((await call('POST', '/api/staff/login/totp', { body: { ticket: second, code: await codeAt(secret, -1) } })).statusCode).toBe(200);
  });

  it('refuses an expired ticket', async () => {
    const old = await ticket();
    await t.query("UPDATE auth_tickets SET expires_at = now() - interval '1 second' WHERE kind = 'staff-mfa' AND used_at IS NULL");
    const res = await call('POST', '/api/staff/login/totp', { body: { ticket: old, code: await codeAt(secret) } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(staffAuthMessages.ticketInvalid);
    expect((await call('POST', '/api/staff/login/totp', { body: { ticket: 'made-up', code: '123456' } })).statusCode).toBe(401);
  });

  it('takes each recovery code once, typed in any case and spacing, and tells how many are left', async () => {
    const typed = codes[0]!.toUpperCase().replace('-', ' ');
    const res = await call('POST', '/api/staff/login/totp', { body: { ticket: await ticket(), code: typed } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TStaffSignedIn>()).toEqual({ status: 'signed-in', token: expect.any(String), recovery_codes_left: 9 });
    const again = await call('POST', '/api/staff/login/totp', { body: { ticket: await ticket(), code: codes[0] } });
    expect(again.statusCode).toBe(422);
    const [entry] = await t.query("SELECT after FROM audit_log WHERE action = 'login' ORDER BY id DESC LIMIT 1");
    expect(entry).toEqual({ after: { method: 'recovery-code' } });
  });

  it('makes ten new recovery codes with the current code; the old ones stop working', async () => {
    // An account of its own: the codes of this 30-second window of the account above are used up.
    const id = await addStaff('nieuwe-codes@example.nl', 'project-editor');
    await clearOfStepEnd();
    const token = await consoleToken(t, id);
    const enrolled = await enrol(token);
    expect((await call('POST', '/api/staff/totp/recovery-codes', { token, body: { code: '000000' } })).statusCode).toBe(422);
    const res = await call('POST', '/api/staff/totp/recovery-codes', { token, body: { code: await codeAt(enrolled.secret, 1) } });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    const ticketOf = async () => ((await login('nieuwe-codes@example.nl', 'Wachtwoord2026', '10.0.2.2')) as { ticket: string }).ticket;
    expect((await call('POST', '/api/staff/login/totp', { body: { ticket: await ticketOf(), code: enrolled.codes[1] } })).statusCode).toBe(422);
    expect((await call('POST', '/api/staff/login/totp', { body: { ticket: await ticketOf(), code: fresh[0] } })).statusCode).toBe(200);
  });

  it('does not let a ticket (a password alone) enrol an account that has TOTP', async () => {
    const res = await call('POST', '/api/staff/totp/start', { body: { ticket: await ticket() } });
    expect(res.statusCode).toBe(409);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_ACCOUNT_MAX: '3', LOGIN_SLOWDOWN_MS: '0' } });
  });
  afterAll(async () => {
    await limited?.close();
  });
  const post = (url: string, body: unknown, ip: string) => limited.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip });

  it('limits password guesses per account and client (429), whether the account exists or not', async () => {
    for (const email of ['beheer@example.nl', 'niemand@example.nl']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await post('/api/staff/login', { email, password: 'Fout2026!' }, '10.1.0.1')).statusCode);
      expect(statuses, email).toEqual([401, 401, 401, 429]);
      expect((await post('/api/staff/login', { email, password: 'Fout2026!' }, '10.1.0.2')).statusCode).toBe(401);
    }
  });

  it('limits wrong codes too', async () => {
    const answer = await post('/api/staff/login', { email: 'beheer@example.nl', password: 'Beheer2026!' }, '10.1.0.3');
    const { ticket } = answer.json<{ ticket: string }>();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post('/api/staff/login/totp', { ticket, code: '000000' }, '10.1.0.3')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429]);
  });
});

describe('enrolment when the customer requires TOTP', () => {
  it('refuses the requirement until the administrator has TOTP, then ends the sessions of staff without it', async () => {
    const adminWithout = await addStaff('admin2@example.nl', 'customer-admin');
    const adminToken = await consoleToken(t, adminWithout);
    const refused = await call('PUT', '/api/staff/security', { token: adminToken, body: { require_totp: true } });
    expect(refused.statusCode).toBe(422);

    const editorToken = ((await login(STAFF_DEMO.editor.email, STAFF_DEMO.editor.password, '10.0.3.1')) as { token: string }).token;
    const admin = await consoleToken(t, t.ids.users.admin);
    const res = await call('PUT', '/api/staff/security', { token: admin, body: { require_totp: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/staff/security', { token: admin })).json()).toEqual({ require_totp: true });
    expect((await call('GET', '/api/staff/me', { token: editorToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/staff/me', { token: admin })).statusCode).toBe(200);
    const [entry] = await t.query("SELECT before, after FROM audit_log WHERE entity = 'security' ORDER BY id DESC LIMIT 1");
    expect(entry).toEqual({ before: { require_totp: false }, after: { require_totp: true } });
  });

  it('answers enrol; the ticket starts and confirms enrolment, signs in and works once', async () => {
    await clearOfStepEnd();
    const answer = await login(STAFF_DEMO.editor.email, STAFF_DEMO.editor.password, '10.0.3.2');
    expect(answer.status).toBe('enrol');
    const { ticket } = answer as { ticket: string };
    // the ticket is no code ticket
    expect((await call('POST', '/api/staff/login/totp', { body: { ticket, code: '123456' } })).statusCode).toBe(401);
    const start = await call('POST', '/api/staff/totp/start', { body: { ticket } });
    expect(start.statusCode, start.body).toBe(200);
    const begun = start.json<TTotpStart>();
    expect(begun.otpauth_url).toBe(`otpauth://totp/Beheer%20Woonstad%20Vernieuwd:redactie%40example.nl?secret=${begun.secret}&issuer=Beheer%20Woonstad%20Vernieuwd`);
    expect(begun.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(begun.qr_svg).not.toMatch(/<script|on\w+=/i);
    const [pending] = await t.query<{ totp_enabled_at: Date | null; totp_secret: string }>("SELECT totp_enabled_at, totp_secret FROM users WHERE username = 'redactie@example.nl'");
    expect(pending!.totp_enabled_at).toBeNull();
    expect(pending!.totp_secret).toMatch(/^v1\./);

    expect((await call('POST', '/api/staff/totp/confirm', { body: { ticket, code: '000000' } })).statusCode).toBe(422);
    const confirm = await call('POST', '/api/staff/totp/confirm', { body: { ticket, code: await codeAt(begun.secret) } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const done = confirm.json<TTotpConfirm>();
    expect(done.recovery_codes).toHaveLength(10);
    const me = await call('GET', '/api/staff/me', { token: done.token! });
    expect(me.json<TStaffMe>()).toMatchObject({ totp_enabled: true, totp_required: false });
    expect((await call('POST', '/api/staff/totp/confirm', { body: { ticket, code: await codeAt(begun.secret, 1) } })).statusCode).toBe(401);
    // from now on the login asks for a code
    expect((await login(STAFF_DEMO.editor.email, STAFF_DEMO.editor.password, '10.0.3.2')).status).toBe('totp');
    // and TOTP cannot be turned off while required
    const off = await call('DELETE', '/api/staff/totp', { token: done.token!, body: { code: await codeAt(begun.secret, -1) } });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(staffAuthMessages.totpRequired);
  });

  it('tells a session without TOTP that it must enrol (me.totp_required) and lets it enrol in the session', async () => {
    const id = await addStaff('nieuw-verplicht@example.nl', 'project-editor');
    const token = await consoleToken(t, id);
    expect((await call('GET', '/api/staff/me', { token })).json<TStaffMe>().totp_required).toBe(true);
    await enrol(token);
    expect((await call('GET', '/api/staff/me', { token })).json<TStaffMe>().totp_required).toBe(false);
  });

  it('lets own TOTP be turned off once the requirement is lifted', async () => {
    const admin = await consoleToken(t, t.ids.users.admin);
    expect((await call('PUT', '/api/staff/security', { token: admin, body: { require_totp: false } })).statusCode).toBe(200);
    const id = await addStaff('uitzetten@example.nl', 'project-editor');
    await clearOfStepEnd();
    const token = await consoleToken(t, id);
    const { secret } = await enrol(token);
    expect((await call('DELETE', '/api/staff/totp', { token, body: { code: '000000' } })).statusCode).toBe(422);
    expect((await call('DELETE', '/api/staff/totp', { token, body: { code: await codeAt(secret, 1) } })).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', { token })).json<TStaffMe>().totp_enabled).toBe(false);
    expect(await t.query('SELECT 1 FROM staff_recovery_codes WHERE user_id = $1', [id])).toHaveLength(0);
  });
});

describe('inactivity', () => {
  it('ends a console session idle for longer than STAFF_IDLE_MINUTES', async () => {
    const token = await consoleToken(t, t.ids.users.admin);
    expect((await call('GET', '/api/staff/me', { token })).statusCode).toBe(200);
    await t.query("UPDATE sessions SET last_seen_at = now() - interval '31 minutes', created_at = now() - interval '2 hours' WHERE user_id = $1 AND face = 'console'", [t.ids.users.admin]);
    expect((await call('GET', '/api/staff/me', { token })).statusCode).toBe(401);
    // ended for good, not only while idle
    await t.query('UPDATE sessions SET last_seen_at = now() WHERE user_id = $1', [t.ids.users.admin]);
    expect((await call('GET', '/api/staff/me', { token })).statusCode).toBe(401);
  });

  it('keeps a session that was used within the limit', async () => {
    const token = await consoleToken(t, t.ids.users.admin);
    await call('GET', '/api/staff/me', { token });
    await t.query("UPDATE sessions SET last_seen_at = now() - interval '29 minutes' WHERE user_id = $1 AND face = 'console' AND revoked_at IS NULL", [t.ids.users.admin]);
    expect((await call('GET', '/api/staff/me', { token })).statusCode).toBe(200);
  });
});

describe('passwords', () => {
  it('changes one’s own password with the current one; other sessions end', async () => {
    const id = await addStaff('wachtwoord@example.nl', 'project-editor');
    const token = await consoleToken(t, id);
    const other = await consoleToken(t, id);
    const wrong = await call('PUT', '/api/staff/password', { token, body: { current_password: 'Fout', password: 'Nieuwwachtwoord1' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([{ field: 'current_password', message: staffAuthMessages.currentPasswordWrong }]);
    const weak = await call('PUT', '/api/staff/password', { token, body: { current_password: 'Wachtwoord2026', password: 'zwak' } });
    expect(weak.statusCode).toBe(422);
    const ok = await call('PUT', '/api/staff/password', { token, body: { current_password: 'Wachtwoord2026', password: 'Nieuwwachtwoord1' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('GET', '/api/staff/me', { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', { token: other })).statusCode).toBe(401);
    expect((await login('wachtwoord@example.nl', 'Nieuwwachtwoord1', '10.0.4.1')).status).toBe('signed-in');
  });

  it('mails a reset link on request (same answer for unknown addresses); the link sets the password once', async () => {
    await addStaff('vergeten@example.nl', 'project-editor');
    for (const email of ['vergeten@example.nl', 'onbekend@example.nl']) {
      const res = await call('POST', '/api/staff/forgot-password', { body: { email } });
      expect(res.statusCode).toBe(200);
    }
    const mail = await t.mail!.waitForMail((m) => m.to.includes('vergeten@example.nl'));
    expect(mail.subject).toBe('Nieuw wachtwoord voor de beheeromgeving');
    const token = decodeURIComponent(/\/beheer\/wachtwoord\/([^\s"<]+)/.exec(mail.text)![1]!);
    expect((await call('POST', '/api/staff/password-link/check', { body: { token } })).json()).toEqual({ valid: true, email: 'vergeten@example.nl' });
    const set = await call('POST', '/api/staff/password-link', { body: { token, password: 'Opnieuw2026' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('POST', '/api/staff/password-link', { body: { token, password: 'Nogmaals2026' } })).statusCode).toBe(422);
    expect((await call('POST', '/api/staff/password-link/check', { body: { token } })).json()).toEqual({ valid: false, email: null });
    expect((await login('vergeten@example.nl', 'Opnieuw2026', '10.0.4.2')).status).toBe('signed-in');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mail!.messages.filter((m) => m.to.includes('onbekend@example.nl'))).toHaveLength(0);
  });
});
