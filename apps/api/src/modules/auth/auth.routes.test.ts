import { generate } from 'otplib';
import { STAFF_DEMO } from '../../demo/staff.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ZLoginResponse, type TActivateResponse, type TLoginResponse, type TMe, type TTokenResponse } from '@portal/contract';
import { hashToken } from '../../lib/tokens.ts';
import {
  adminToken, bearer, createTestApp, DEMO, findResetLink, login, occupantToken, partnerToken, userToken, waitFor,
  type CaughtMail, type TestApp,
} from '../../../test/helpers.ts';

const NEW_PASSWORD = 'Zonnebloem2026';
/** The client's address, as the socket would give it (X-Forwarded-For counts only behind TRUST_PROXY). */
const from = (ip: string) => ({ remoteAddress: ip });
/** Request headers, plus `remoteAddress`: the address the request comes from. */
type Client = Record<string, string> & { remoteAddress?: string };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (app: TestApp, url: string, payload: unknown, { remoteAddress, ...headers }: Client = {}) =>
  app.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
const get = (app: TestApp, url: string, token?: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });
const invalid = (...errors: Array<[field: string, message: string]>) => ({
  message: messages.invalidInput,
  errors: errors.map(([field, message]) => ({ field, message })),
});

/** A Woonstad address at 1234AB {houseNumber} with an activation code (hash stored, as the app does). */
async function addAddress(app: TestApp, houseNumber: string, code: string | null, expiresInMs = 86_400_000): Promise<number> {
  const [row] = await app.query<{ id: number }>(
    `INSERT INTO addresses (customer_id, zipcode, house_number, street, city, activation_code_hash, activation_expires_at)
     VALUES ($1, '1234AB', $2, 'Tulpstraat', 'Utrecht', $3, $4) RETURNING id`,
    [app.ids.customers.woonstad, houseNumber, code ? hashToken(code) : null, code ? new Date(Date.now() + expiresInMs) : null],
  );
  await app.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [row!.id, app.ids.projects.bloemenbuurt]);
  return row!.id;
}

describe('POST /api/public/login: validation', () => {
  const base = { zipcode: '1234AB', house_number: '10', password: DEMO.residentPassword };

  it('requires a postcode', async () => {
    for (const body of [{ house_number: '10', password: 'x' }, { ...base, zipcode: '' }, { ...base, zipcode: ' - ' }]) {
      const res = await post(t, '/api/public/login', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(invalid(['zipcode', 'Vul een postcode in']));
    }
  });

  it('allows at most 6 characters in a postcode, after normalising', async () => {
    const res = await post(t, '/api/public/login', { ...base, zipcode: '1234ABC' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalid(['zipcode', 'Een postcode heeft maximaal 6 tekens']));
  });

  it('requires a house number', async () => {
    for (const body of [{ zipcode: '1234AB', password: 'x' }, { ...base, house_number: '' }]) {
      const res = await post(t, '/api/public/login', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(invalid(['house_number', 'Vul een huisnummer + toevoeging in']));
    }
  });

  it('requires a password or activation code', async () => {
    for (const body of [{ zipcode: '1234AB', house_number: '10' }, { ...base, password: '' }, { username: 'partner@example.nl' }]) {
      const res = await post(t, '/api/public/login', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(invalid(['password', 'Vul een wachtwoord of activatiecode in']));
    }
  });

  it('names the password when everything is missing', async () => {
    const res = await post(t, '/api/public/login', {});
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: unknown[] }>().errors).toContainEqual({ field: 'password', message: 'Vul een wachtwoord of activatiecode in' });
  });

  it('refuses a language other than nl', async () => {
    const res = await post(t, '/api/public/login', { ...base, language: 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalid(['language', 'Deze waarde is ongeldig']));
  });
});

describe('POST /api/public/login: residents', () => {
  it('logs a resident in with postcode, house number and password', async () => {
    const answer = await login(t.app, { zipcode: '1234AB', house_number: '10', password: DEMO.residentPassword, web: true, language: 'nl' });
    expect(ZLoginResponse.parse(answer)).toEqual<TLoginResponse>({
      success: true,
      token: expect.any(String) as string,
      api_url: 'http://localhost:3000/api',
      admin_token: null,
      role: 'occupant',
      id: t.ids.occupants.jan,
      address_id: t.ids.addresses.a10,
      is_admin: false,
      logo: '/api/assets/demo/logo-woonstad.svg',
      color_primary: '#0b5394',
      color_secondary: '#9a4f00',
      website: 'https://www.woonstad-vernieuwd.nl',
      notification: null,
      customers: [{ id: t.ids.customers.woonstad, name: 'Woonstad Vernieuwd' }],
      projects: [{ id: t.ids.projects.bloemenbuurt, name: 'Renovatie Bloemenbuurt', customer_id: t.ids.customers.woonstad }],
      modules: expect.arrayContaining(['news', 'information']) as string[],
    });
    expect(answer.token!.length).toBeGreaterThanOrEqual(40);
    // every module of the project, each once
    const [project] = await t.query<{ modules: Array<{ name: string }> }>('SELECT modules FROM projects WHERE id = $1', [t.ids.projects.bloemenbuurt]);
    expect(answer.modules).toEqual(project!.modules.map((m) => m.name));

    const me = await get(t, '/api/auth/me', answer.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual<TMe>({ role: 'occupant', id: t.ids.occupants.jan, address_id: t.ids.addresses.a10, is_admin: false, name: 'Jan de Vries' });
  });

  it('normalises the postcode and house number ("1234 ab", " 12 ")', async () => {
    const answer = await login(t.app, { zipcode: '1234 ab', house_number: ' 12 ', password: DEMO.residentPassword });
    expect(answer.id).toBe(t.ids.occupants.fatima);
    expect(answer.projects!.map((p) => p.id)).toEqual([t.ids.projects.bloemenbuurt, t.ids.projects.rivierenwijk]);
  });

  it('issues a new token at every login', async () => {
    const [a, b] = [await occupantToken(t.app), await occupantToken(t.app)];
    expect(a).not.toBe(b);
  });

  it('answers 401 "Gebruikersnaam en/of wachtwoord onjuist" for a wrong password and for an unknown address alike', async () => {
    const bodies = [
      { zipcode: '1234AB', house_number: '10', password: 'Verkeerd2026!' },
      { zipcode: '9999ZZ', house_number: '1', password: DEMO.residentPassword },
      { zipcode: '1234AB', house_number: '11', password: DEMO.residentPassword },
    ];
    for (const body of bodies) {
      const res = await post(t, '/api/public/login', body, from('10.0.1.1'));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Gebruikersnaam en/of wachtwoord onjuist' });
    }
  });

  it('answers 401 for a resident on another customer\'s host', async () => {
    const res = await post(t, '/api/public/login', { zipcode: '1234AB', house_number: '10', password: DEMO.residentPassword }, { host: 'devries.localhost' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.loginFailed });
  });

  it('answers activate-account when the password field holds a valid activation code', async () => {
    for (const password of [DEMO.activationCode, 'activeer14', ' ACTIVEER-14 ']) {
      const res = await post(t, '/api/public/login', { zipcode: '1234AB', house_number: '14', password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: false, action: 'activate-account', message: 'Activeer uw account' });
    }
    // the code belongs to its own address only
    const elsewhere = await post(t, '/api/public/login', { zipcode: '1234AB', house_number: '10', password: DEMO.activationCode });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('POST /api/public/login: staff', () => {
  it('logs a partner in with a username: role partner, two customers', async () => {
    const answer = await login(t.app, { username: 'partner@example.nl', password: DEMO.partnerPassword });
    expect(answer).toMatchObject({
      success: true, role: 'partner', id: t.ids.users.partner, address_id: null, is_admin: false, admin_token: answer.token,
      customers: [{ id: t.ids.customers.devries, name: 'Bouwbedrijf De Vries' }, { id: t.ids.customers.woonstad, name: 'Woonstad Vernieuwd' }],
    });
    expect(answer.projects!.map((p) => p.id)).toEqual([
      t.ids.projects.bloemenbuurt, t.ids.projects.rivierenwijk, t.ids.projects.havenkwartier, t.ids.projects.dakZuid,
    ]);
    expect(answer.modules).toEqual(expect.arrayContaining(['news', 'messages']));
    expect(new Set(answer.modules).size).toBe(answer.modules!.length);
    const me = await get(t, '/api/auth/me?language=nl', answer.token);
    expect(me.json()).toEqual<TMe>({ role: 'partner', id: t.ids.users.partner, address_id: null, is_admin: false, name: 'Pieter Bakker (Installatiebedrijf Bakker)' });
  });

  it('takes the username case-insensitively and trimmed', async () => {
    const answer = await login(t.app, { username: '  Partner@Example.NL ', password: DEMO.partnerPassword });
    expect(answer.role).toBe('partner');
  });

  it('asks a customer administrator with TOTP for the second factor, then logs in: role administrator', async () => {
    const first = await post(t, '/api/public/login', { username: 'beheer@example.nl', password: DEMO.adminPassword }, from('10.0.1.9'));
    expect(first.statusCode, first.body).toBe(200);
    const step = first.json<TLoginResponse>();
    expect(step).toMatchObject({ success: false, action: 'totp', ticket: expect.any(String) as string });
    expect(step.token).toBeUndefined();
    const wrong = await post(t, '/api/public/login/totp', { ticket: step.ticket, code: '000000' }, from('10.0.1.9'));
    expect(wrong.statusCode).toBe(422);
    const res = await post(t, '/api/public/login/totp', { ticket: step.ticket, code: await generate({ secret: STAFF_DEMO.adminTotpSecret }) }, from('10.0.1.9'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, role: 'administrator', id: t.ids.users.admin, customers: [{ id: t.ids.customers.woonstad, name: 'Woonstad Vernieuwd' }] });
    // The ticket works once.
    expect((await post(t, '/api/public/login/totp', { ticket: step.ticket, code: await generate({ secret: STAFF_DEMO.adminTotpSecret }) }, from('10.0.1.9'))).statusCode).toBe(401);
  });

  it('refuses the partner portal to a project editor (its role has no partner-portal.use) with the wrong-password answer', async () => {
    const res = await post(t, '/api/public/login', { username: 'redactie@example.nl', password: 'Redactie2026!' }, from('10.0.1.8'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Gebruikersnaam en/of wachtwoord onjuist' });
  });

  it('answers 401 for a wrong password, an unknown username and an account without a password', async () => {
    for (const body of [
      { username: 'partner@example.nl', password: DEMO.residentPassword },
      { username: 'niemand@example.nl', password: DEMO.partnerPassword },
      { username: 'woco@example.nl', password: 'Wachtwoord2026' }, // woco users log in with a link only
    ]) {
      const res = await post(t, '/api/public/login', body, from('10.0.1.2'));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Gebruikersnaam en/of wachtwoord onjuist' });
    }
  });
});

describe('POST /api/public/woco/login', () => {
  it('logs a woco user in with the token of the login link', async () => {
    const res = await post(t, '/api/public/woco/login', { token: DEMO.wocoToken, language: 'nl' });
    expect(res.statusCode).toBe(200);
    const answer = res.json<TLoginResponse>();
    expect(answer).toMatchObject({ success: true, role: 'woco', id: t.ids.users.woco, customers: [{ id: t.ids.customers.woonstad, name: 'Woonstad Vernieuwd' }] });
    const me = await get(t, '/api/auth/me', answer.token);
    expect(me.json()).toMatchObject({ role: 'woco', name: 'Sanne Visser (Woonstad)' });
  });

  it('answers 401 for an unknown token and 422 for a malformed one', async () => {
    const res = await post(t, '/api/public/woco/login', { token: 'onbekend-token-0000000000' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Deze inloglink is ongeldig of verlopen.' });

    const short = await post(t, '/api/public/woco/login', { token: 'kort' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual(invalid(['token', 'Deze waarde is ongeldig']));
  });
});

describe('woco login links (woco-link)', () => {
  const wocoLogin = (token: string) => post(t, '/api/public/woco/login', { token }, from('10.7.0.1'));

  it('adds a link beside the demo link; --replace ends every earlier one', async () => {
    const extra = await t.services.auth.issueWocoLink(t.ids.users.woco);
    expect((await wocoLogin(extra)).statusCode).toBe(200);
    expect((await wocoLogin(DEMO.wocoToken)).statusCode).toBe(200); // the README's link keeps working

    const only = await t.services.auth.issueWocoLink(t.ids.users.woco, { replace: true });
    expect((await wocoLogin(only)).statusCode).toBe(200);
    expect((await wocoLogin(extra)).statusCode).toBe(401);
    expect((await wocoLogin(DEMO.wocoToken)).statusCode).toBe(401);
    // put the demo token back for the other tests of this file
    await t.query("UPDATE users SET login_token_hash = $1 WHERE id = $2", [hashToken(DEMO.wocoToken), t.ids.users.woco]);
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a token or with an unknown one', async () => {
    for (const token of [undefined, 'onbekend']) {
      const res = await get(t, '/api/auth/me', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
    }
  });
});

describe('activation: POST /api/public/activate and GET /api/occupant/auth/{address_id}', () => {
  const activation = { username: '1234AB14', code: DEMO.activationCode, password: NEW_PASSWORD, accept_terms: true };

  it('validates every field with the spec\'s Dutch messages', async () => {
    const weak = await post(t, '/api/public/activate', { ...activation, password: 'kort' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toEqual(invalid(['password', 'Het wachtwoord moet bevatten: minimaal 8 tekens, minimaal 1 cijfer, minimaal 1 hoofdletter']));

    const noDigit = await post(t, '/api/public/activate', { ...activation, password: 'Zonnebloemen' });
    expect(noDigit.json()).toEqual(invalid(['password', 'Het wachtwoord moet bevatten: minimaal 1 cijfer']));

    const noPassword = await post(t, '/api/public/activate', { ...activation, password: '' });
    expect(noPassword.json()).toEqual(invalid(['password', 'Vul een wachtwoord in']));

    const terms = await post(t, '/api/public/activate', { ...activation, accept_terms: false });
    expect(terms.statusCode).toBe(422);
    expect(terms.json()).toEqual(invalid(['accept_terms', 'U moet akkoord gaan met de voorwaarden']));

    const noCode = await post(t, '/api/public/activate', { ...activation, code: '' });
    expect(noCode.json()).toEqual(invalid(['code', 'Vul een wachtwoord of activatiecode in']));

    const noUser = await post(t, '/api/public/activate', { ...activation, username: '' });
    expect(noUser.json()).toEqual(invalid(['username', 'Vul een postcode in']));
  });

  it('refuses a wrong code, or a code of another address, with 422 on the code field', async () => {
    for (const body of [{ ...activation, code: 'ACTIVEER15' }, { ...activation, username: '1234AB10' }, { ...activation, username: '9999ZZ1' }]) {
      const res = await post(t, '/api/public/activate', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: messages.activationInvalid, errors: [{ field: 'code', message: messages.activationInvalid }] });
    }
  });

  it('activates with the code, then logs in automatically with the single-use ticket', async () => {
    const res = await post(t, '/api/public/activate', { ...activation, username: '1234 ab 14', language: 'nl' });
    expect(res.statusCode).toBe(200);
    const activated = res.json<TActivateResponse>();
    expect(activated).toEqual<TActivateResponse>({ success: true, id: t.ids.addresses.a14, token: expect.any(String) as string, message: 'Uw account is geactiveerd.' });

    const auto = await get(t, `/api/occupant/auth/${activated.id}?web=true&language=nl`, activated.token);
    expect(auto.statusCode).toBe(200);
    const session = auto.json<TTokenResponse>();
    expect(session).toEqual<TTokenResponse>({ success: true, token: expect.any(String) as string, role: 'occupant', id: t.ids.occupants.kees });
    expect(session.token).not.toBe(activated.token);

    const project = await get(t, '/api/occupant/project', session.token);
    expect(project.statusCode).toBe(200);
    expect(project.json()).toMatchObject({ id: t.ids.projects.bloemenbuurt, address_id: t.ids.addresses.a14 });
    expect((await get(t, '/api/auth/me', session.token)).json()).toMatchObject({ role: 'occupant', name: 'Kees Jansen', is_admin: false });

    // the new password logs in; the used code no longer opens the activation
    await login(t.app, { zipcode: '1234AB', house_number: '14', password: NEW_PASSWORD });
    const withCode = await post(t, '/api/public/login', { zipcode: '1234AB', house_number: '14', password: DEMO.activationCode });
    expect(withCode.statusCode).toBe(401);
    expect(withCode.json()).toEqual({ message: messages.loginFailed });

    // a used code fails
    const again = await post(t, '/api/public/activate', { ...activation, password: 'Anders2026x' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: messages.activationInvalid, errors: [{ field: 'code', message: messages.activationInvalid }] });

    // a used ticket fails
    const reused = await get(t, `/api/occupant/auth/${activated.id}`, activated.token);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: messages.unauthorized });
  });

  it('refuses an expired code, for activation and as a login password', async () => {
    const id = await addAddress(t, '18', 'VERLOPEN18');
    await t.query("UPDATE addresses SET activation_expires_at = now() - interval '1 minute' WHERE id = $1", [id]);

    const res = await post(t, '/api/public/activate', { ...activation, username: '1234AB18', code: 'VERLOPEN18' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: messages.activationInvalid, errors: [{ field: 'code', message: messages.activationInvalid }] });

    const asPassword = await post(t, '/api/public/login', { zipcode: '1234AB', house_number: '18', password: 'VERLOPEN18' });
    expect(asPassword.statusCode).toBe(401);
  });

  it('asks the name of the holder of an address without occupants, and invents none', async () => {
    const id = await addAddress(t, '20', 'ACTIVEER20');
    const body = { ...activation, username: '1234AB20', code: 'ACTIVEER20' };
    // The spec's three fields alone: there is nobody to give the password to, and no name is made up.
    const nameless = await post(t, '/api/public/activate', body);
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json()).toEqual(invalid(['first_name', 'Vul een voornaam in'], ['last_name', 'Vul een achternaam in']));
    const half = await post(t, '/api/public/activate', { ...body, first_name: 'Sanne', last_name: '  ' });
    expect(half.json()).toEqual(invalid(['last_name', 'Vul een achternaam in']));
    const badMail = await post(t, '/api/public/activate', { ...body, first_name: 'Sanne', last_name: 'Visser', email_address: 'sanne@' });
    expect(badMail.json()).toEqual(invalid(['email_address', 'Vul een geldig e-mailadres in.']));
    expect(await t.query('SELECT id FROM occupants WHERE address_id = $1', [id])).toEqual([]);

    // The code still works (nothing was consumed); the holder is who they said, without an assumed aanhef.
    const res = await post(t, '/api/public/activate', { ...body, first_name: ' Sanne ', affix: 'de', last_name: 'Visser', email_address: 'sanne.visser@example.nl' });
    expect(res.statusCode, res.body).toBe(200);
    const [holder] = await t.query('SELECT first_name, affix, last_name, gender, email_address, is_main FROM occupants WHERE address_id = $1', [id]);
    expect(holder).toEqual({ first_name: 'Sanne', affix: 'de', last_name: 'Visser', gender: 'U', email_address: 'sanne.visser@example.nl', is_main: true });
    const session = (await get(t, `/api/occupant/auth/${id}?web=true`, res.json<TActivateResponse>().token)).json<TTokenResponse>();
    expect((await get(t, '/api/auth/me', session.token)).json()).toMatchObject({ name: 'Sanne de Visser' });
    const [me] = (await get(t, '/api/occupant/occupants', session.token)).json<Array<{ gender: string; full_name: string }>>();
    expect(me).toMatchObject({ full_name: 'Sanne de Visser', gender: 'U' });
  });

  it("gives the holder the imported occupant's place with the name, aanhef and e-mail address given; what is left out stays", async () => {
    const id = await addAddress(t, '22', 'ACTIVEER22');
    await t.query("INSERT INTO occupants (address_id, first_name, last_name, gender, email_address, is_main) VALUES ($1, 'P.', 'Bakker', 'M', 'bakker@example.nl', true)", [id]);
    const res = await post(t, '/api/public/activate', { ...activation, username: '1234AB22', code: 'ACTIVEER22', first_name: 'Petra', last_name: 'Bakker', gender: 'U', email_address: '' });
    expect(res.statusCode, res.body).toBe(200);
    const people = await t.query('SELECT first_name, last_name, gender, email_address, password_hash IS NOT NULL AS has_account FROM occupants WHERE address_id = $1', [id]);
    expect(people).toEqual([{ first_name: 'Petra', last_name: 'Bakker', gender: 'U', email_address: 'bakker@example.nl', has_account: true }]);
  });

  it('activates an address without occupants once, even when two activations race', async () => {
    const id = await addAddress(t, '16', 'ACTIVEER16');
    const body = { ...activation, username: '1234AB16', code: 'ACTIVEER16', first_name: 'Noor', last_name: 'Smit' };
    const [a, b] = await Promise.all([post(t, '/api/public/activate', body), post(t, '/api/public/activate', body)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([409, 422]).toContain(statuses[1]);
    const [occupant] = await t.query<{ n: number; first_name: string }>('SELECT count(*)::int AS n, min(first_name) AS first_name FROM occupants WHERE address_id = $1', [id]);
    expect(occupant).toEqual({ n: 1, first_name: 'Noor' });

    // a ticket works only at its own address
    const ticket = (a.statusCode === 200 ? a : b).json<TActivateResponse>().token;
    const wrongAddress = await get(t, `/api/occupant/auth/${t.ids.addresses.a10}`, ticket);
    expect(wrongAddress.statusCode).toBe(403);
    expect(wrongAddress.json()).toEqual({ message: messages.forbidden });
  });

  it('refuses an expired ticket and a missing one', async () => {
    const insertTicket = (ticket: string, expiresAt: string) =>
      t.query(`INSERT INTO auth_tickets (kind, token_hash, occupant_id, expires_at) VALUES ('auto-login', $1, $2, now() + $3::interval)`, [hashToken(ticket), t.ids.occupants.jan, expiresAt]);
    await insertTicket('verlopen-ticket-0000000000', '-1 second');
    const expired = await get(t, `/api/occupant/auth/${t.ids.addresses.a10}`, 'verlopen-ticket-0000000000');
    expect(expired.statusCode).toBe(401);

    await insertTicket('geldig-ticket-00000000000', '5 minutes');
    const valid = await get(t, `/api/occupant/auth/${t.ids.addresses.a10}`, 'geldig-ticket-00000000000');
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toMatchObject({ role: 'occupant', id: t.ids.occupants.jan });

    const none = await get(t, `/api/occupant/auth/${t.ids.addresses.a10}`);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: messages.unauthorized });
  });
});

describe('GET /api/occupant/auth/{address_id} with a staff token', () => {
  it('refuses every staff and resident session: staff act for an address only through a single-use login link', async () => {
    for (const token of [await adminToken(t.app), await partnerToken(t.app), await occupantToken(t.app, '12')]) {
      const res = await get(t, `/api/occupant/auth/${t.ids.addresses.a10}`, token);
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token at once; other sessions of the same person stay valid', async () => {
    const [token, other] = [await occupantToken(t.app), await occupantToken(t.app)];
    expect((await get(t, '/api/occupant/project', token)).statusCode).toBe(200); // cached now

    const res = await post(t, '/api/auth/logout', { language: 'nl' }, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    for (const url of ['/api/occupant/project', '/api/auth/me']) {
      const after = await get(t, url, token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: messages.unauthorized });
    }
    expect((await post(t, '/api/auth/logout', {}, bearer(token))).statusCode).toBe(401);
    expect((await get(t, '/api/occupant/project', other)).statusCode).toBe(200);
  });

  it('logs staff out too, and needs a token', async () => {
    const token = await partnerToken(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await get(t, '/api/partner/customers/', token)).statusCode).toBe(401);

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: messages.unauthorized });
  });
});

describe('sessions across server processes (LISTEN/NOTIFY)', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({ databaseUrl: t.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
  });

  const refusedOnB = (token: string) => waitFor(async () => (await get(b, '/api/occupant/project', token)).statusCode === 401, { timeoutMs: 10_000 });

  it('serves a session from memory on B: a revocation written behind its back goes unnoticed', async () => {
    // This is why the next tests prove the notification: without it B would keep answering 200.
    const token = await occupantToken(t.app);
    expect((await get(b, '/api/occupant/project', token)).statusCode).toBe(200);
    await t.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [hashToken(token)]);
    expect((await get(b, '/api/occupant/project', token)).statusCode).toBe(200);
    const fresh = await createTestApp({ databaseUrl: t.databaseUrl });
    try {
      expect((await get(fresh, '/api/occupant/project', token)).statusCode).toBe(401); // the database says revoked
    } finally {
      await fresh.close();
    }
  });

  it('refuses on B a token that was logged out on A', async () => {
    const token = await occupantToken(t.app);
    expect((await get(b, '/api/occupant/project', token)).statusCode).toBe(200); // warms B's cache
    expect((await get(b, '/api/occupant/project', token)).statusCode).toBe(200);

    expect((await post(t, '/api/auth/logout', {}, bearer(token))).statusCode).toBe(200);
    expect(await refusedOnB(token)).toBe(true);
  });

  it('refuses on B every session of a resident whose password was reset on A', async () => {
    const token = await occupantToken(t.app, '12');
    expect((await get(b, '/api/occupant/project', token)).statusCode).toBe(200);
    await t.query("INSERT INTO auth_tickets (kind, token_hash, occupant_id, expires_at) VALUES ('password-reset', $1, $2, now() + interval '1 hour')", [
      hashToken('reset-code-over-processen'), t.ids.occupants.fatima,
    ]);
    const reset = await post(t, '/api/public/set-password', { username: '1234AB12', code: 'reset-code-over-processen', password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(await refusedOnB(token)).toBe(true);
  });
});

describe('forgot-password and set-password, with mail through a local SMTP server', () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp({ mail: true });
  });
  afterAll(async () => {
    await m?.close();
  });

  /** The next mail to `to` after the ones already received. */
  const nextMail = (to: string) => {
    const seen = m.mail!.messages.length;
    return (timeoutMs = 15_000) => m.mail!.waitForMail((mail: CaughtMail) => m.mail!.messages.indexOf(mail) >= seen && mail.to.includes(to), timeoutMs);
  };
  const forgot = (username: string, ip = '10.0.2.1') => post(m, '/api/public/forgot-password', { username, language: 'nl' }, from(ip));

  it('requires a username', async () => {
    for (const body of [{}, { username: '  ' }]) {
      const res = await post(m, '/api/public/forgot-password', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(invalid(['username', 'Vul een gebruikersnaam in']));
    }
  });

  it('answers the same for an unknown and an existing account, and mails only the existing one', async () => {
    const before = m.mail!.messages.length;
    const unknown = await forgot('9999ZZ1');
    const unknownMail = await forgot('niemand@example.nl');
    const waitForJan = nextMail('jan.devries@example.nl');
    const existing = await forgot('1234AB10');
    for (const res of [unknown, unknownMail, existing]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Als er een account bestaat, wordt een e-mail verzonden met verdere instructies.' });
    }
    const mail = await waitForJan();
    expect(mail.subject).toBe('Nieuw wachtwoord instellen');
    expect(mail.from).toBe('noreply@bewonersportaal.nl');
    expect(mail.text).toContain('Woonstad Vernieuwd');
    expect(mail.text).toContain('De link is 60 minuten geldig en werkt één keer.');
    expect(mail.text.startsWith('Beste Jan de Vries,')).toBe(true);
    const link = findResetLink(mail);
    expect(link.url.startsWith('http://localhost:3000/password/reset/')).toBe(true);
    expect(link).toMatchObject({ email: 'jan.devries@example.nl', username: '1234AB10' });
    expect(mail.html).toContain('href="http://localhost:3000/password/reset/');
    expect(m.mail!.messages.length - before).toBe(1);
  });

  it('reaches the holder who gave an e-mail address at activation, by name', async () => {
    const id = await addAddress(m, '24', 'ACTIVEER24');
    const activated = await post(m, '/api/public/activate', {
      username: '1234AB24', code: 'ACTIVEER24', password: NEW_PASSWORD, accept_terms: true, first_name: 'Lotte', last_name: 'Mulder', email_address: 'lotte.mulder@example.nl',
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json<TActivateResponse>().id).toBe(id);
    const waitForLotte = nextMail('lotte.mulder@example.nl');
    expect((await forgot('1234AB24', '10.0.2.9')).statusCode).toBe(200);
    const mail = await waitForLotte();
    // No aanhef was given: the greeting uses the name alone.
    expect(mail.text.startsWith('Beste Lotte Mulder,')).toBe(true);
    expect(mail.html).toContain('<p>Beste Lotte Mulder,</p>');
    expect(findResetLink(mail)).toMatchObject({ email: 'lotte.mulder@example.nl', username: '1234AB24' });
  });

  it('sets a new password with the code from the mail: the new one works, the old one and old sessions do not', async () => {
    const oldSession = await occupantToken(m.app, '10');
    expect((await get(m, '/api/occupant/project', oldSession)).statusCode).toBe(200);

    const waitForJan = nextMail('jan.devries@example.nl');
    expect((await forgot('1234 ab 10')).statusCode).toBe(200);
    const link = findResetLink(await waitForJan());
    const check = async (username: string) => (await post(m, '/api/public/reset-link', { username, code: link.token, language: 'nl' })).json();
    expect(await check(link.username)).toEqual({ valid: true });
    expect(await check('1234AB12')).toEqual({ valid: false }); // another account's username

    const weak = await post(m, '/api/public/set-password', { username: link.username, code: link.token, password: 'zonnebloem' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toEqual(invalid(['password', 'Het wachtwoord moet bevatten: minimaal 1 cijfer, minimaal 1 hoofdletter']));

    const wrongUser = await post(m, '/api/public/set-password', { username: '1234AB12', code: link.token, password: NEW_PASSWORD });
    expect(wrongUser.statusCode).toBe(422);
    expect(wrongUser.json()).toEqual({ message: messages.resetInvalid, errors: [{ field: 'code', message: messages.resetInvalid }] });

    const res = await post(m, '/api/public/set-password', { username: link.username, code: link.token, password: NEW_PASSWORD, language: 'nl' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Uw wachtwoord is succesvol aangepast.' });

    await login(m.app, { zipcode: '1234AB', house_number: '10', password: NEW_PASSWORD });
    const old = await post(m, '/api/public/login', { zipcode: '1234AB', house_number: '10', password: DEMO.residentPassword });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: messages.loginFailed });

    const revoked = await get(m, '/api/occupant/project', oldSession);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: messages.unauthorized });

    expect(await check(link.username)).toEqual({ valid: false }); // used
    const reused = await post(m, '/api/public/set-password', { username: link.username, code: link.token, password: 'Nogmaals2026' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: messages.resetInvalid, errors: [{ field: 'code', message: messages.resetInvalid }] });
  });

  it('refuses an expired code', async () => {
    const waitForFatima = nextMail('fatima.elamrani@example.nl');
    expect((await forgot('Fatima.ElAmrani@example.nl')).statusCode).toBe(200); // by e-mail address, any case
    const link = findResetLink(await waitForFatima());
    expect(link.username).toBe('1234AB12');
    expect((await post(m, '/api/public/reset-link', { username: link.username, code: link.token })).json()).toEqual({ valid: true });
    await m.query("UPDATE auth_tickets SET expires_at = now() - interval '1 second' WHERE kind = 'password-reset' AND used_at IS NULL");
    expect((await post(m, '/api/public/reset-link', { username: link.username, code: link.token })).json()).toEqual({ valid: false });

    const res = await post(m, '/api/public/set-password', { username: link.username, code: link.token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: messages.resetInvalid, errors: [{ field: 'code', message: messages.resetInvalid }] });
    await login(m.app, { zipcode: '1234AB', house_number: '12', password: DEMO.residentPassword }); // unchanged
  });

  it('resets a partner password too and ends the partner\'s sessions', async () => {
    const oldSession = await partnerToken(m.app);
    const waitForPartner = nextMail('partner@example.nl');
    expect((await forgot('partner@example.nl')).statusCode).toBe(200);
    const link = findResetLink(await waitForPartner());
    expect(link.username).toBe('partner@example.nl');

    const res = await post(m, '/api/public/set-password', { username: link.username, code: link.token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    await userToken(m.app, 'partner@example.nl', NEW_PASSWORD);
    expect((await get(m, '/api/partner/customers/', oldSession)).statusCode).toBe(401);
  });

  it('refuses an unknown code', async () => {
    expect((await post(m, '/api/public/reset-link', { username: '1234AB10', code: 'bestaat-niet' })).json()).toEqual({ valid: false });
    expect((await post(m, '/api/public/reset-link', { username: '1234AB10' })).statusCode).toBe(422);
    const res = await post(m, '/api/public/set-password', { username: '1234AB10', code: 'bestaat-niet', password: NEW_PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: messages.resetInvalid, errors: [{ field: 'code', message: messages.resetInvalid }] });
  });
});

describe('rate limits', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ env: { LOGIN_SLOWDOWN_MS: '20' } });
  });
  afterAll(async () => {
    await r?.close();
  });

  const expectTooMany = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Te veel pogingen. Probeer het over enkele minuten opnieuw.' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  };
  const wrongFor = (houseNumber: string) => ({ zipcode: '1234AB', house_number: houseNumber, password: 'Verkeerd2026' });
  const rightFor = (houseNumber: string) => ({ zipcode: '1234AB', house_number: houseNumber, password: DEMO.residentPassword });
  const deviceCookieOf = (res: Awaited<ReturnType<typeof post>>) => {
    const header = res.headers['set-cookie'];
    const cookie = (Array.isArray(header) ? header[0] : header) ?? '';
    expect(cookie).toMatch(/^pd_[\w-]+=[\w-]+\.[\w-]+; Max-Age=\d+; Path=\/api\/public; HttpOnly; SameSite=Strict$/);
    return cookie.split(';')[0]!;
  };

  it('limits one account per client: the 11th attempt from that client is refused, even with the right password', async () => {
    for (let i = 1; i <= 10; i++) expect((await post(r, '/api/public/login', wrongFor('10'), from('10.1.0.1'))).statusCode, `attempt ${i}`).toBe(401);
    expectTooMany(await post(r, '/api/public/login', rightFor('10'), from('10.1.0.1')));
  });

  it('does not lock the account out for everyone: another client with the right password still gets in', async () => {
    for (let i = 1; i <= 10; i++) expect((await post(r, '/api/public/login', wrongFor('12'), from(`10.1.1.${i}`))).statusCode).toBe(401);
    for (let i = 1; i <= 10; i++) expect((await post(r, '/api/public/login', wrongFor('12'), from('10.1.1.99'))).statusCode).toBe(401);
    const res = await post(r, '/api/public/login', rightFor('12'), from('10.1.1.200'));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('counts a staff account per client the same way, without locking the staff member out', async () => {
    for (let i = 1; i <= 10; i++) {
      expect((await post(r, '/api/public/login', { username: 'beheer@example.nl', password: 'Verkeerd2026' }, from('10.1.2.1'))).statusCode).toBe(401);
    }
    expectTooMany(await post(r, '/api/public/login', { username: 'Beheer@Example.nl', password: DEMO.adminPassword }, from('10.1.2.1')));
    expect((await post(r, '/api/public/login', { username: 'beheer@example.nl', password: DEMO.adminPassword }, from('10.1.2.2'))).statusCode).toBe(200);
  });

  it('clears the client\'s counter for the account after a successful login', async () => {
    const wrong = wrongFor('12');
    for (let i = 1; i <= 9; i++) expect((await post(r, '/api/public/login', wrong, from('10.1.3.1'))).statusCode).toBe(401);
    expect((await post(r, '/api/public/login', rightFor('12'), from('10.1.3.1'))).statusCode).toBe(200);
    for (let i = 1; i <= 10; i++) expect((await post(r, '/api/public/login', wrong, from('10.1.3.1'))).statusCode).toBe(401);
  });

  it('lets a device that logged in before in at once, while others hammer the account; the device alone is limited after 10 failures', async () => {
    const first = await post(r, '/api/public/login', rightFor('10'), from('10.1.4.1'));
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    // an attacker spread over many addresses: each attempt is refused or slowed, never a lock-out
    for (let i = 1; i <= 30; i++) expect([401, 429]).toContain((await post(r, '/api/public/login', wrongFor('10'), from(`10.1.5.${i}`))).statusCode);
    const again = await post(r, '/api/public/login', rightFor('10'), { remoteAddress: '10.1.4.2', cookie: device });
    expect(again.statusCode, again.body).toBe(200);
    const renewed = deviceCookieOf(again);
    // a stolen or guessed cookie of another account does not count as trusted
    const forged = renewed.replace(/=([\w-]+)\./, '=AAAAAAAAAAAAAAAAAAAAAAAA.');
    for (let i = 1; i <= 10; i++) {
      expect((await post(r, '/api/public/login', wrongFor('10'), { remoteAddress: '10.1.4.3', cookie: renewed })).statusCode).toBe(401);
    }
    expectTooMany(await post(r, '/api/public/login', rightFor('10'), { remoteAddress: '10.1.4.3', cookie: renewed }));
    // the forged cookie is just an untrusted client: its own budget
    expect((await post(r, '/api/public/login', rightFor('10'), { remoteAddress: '10.1.4.4', cookie: forged })).statusCode).toBe(200);
  });

  it('slows the account down for untrusted clients: parallel guesses past the queue are told to come back', async () => {
    const slow = await createTestApp({ env: { LOGIN_SLOWDOWN_MS: '1000' } });
    try {
      for (let i = 1; i <= 10; i++) expect((await post(slow, '/api/public/login', wrongFor('12'), from(`10.6.0.${i}`))).statusCode).toBe(401);
      const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => post(slow, '/api/public/login', wrongFor('12'), from(`10.6.1.${i}`))));
      const codes = burst.map((res) => res.statusCode);
      expect(codes.every((code) => code === 401 || code === 429)).toBe(true);
      // at most one attempt per second queues up, ten seconds deep (11 turns, one more while the burst
      // itself arrives on a busy machine): the rest are refused for now
      expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(12);
      expect(codes.filter((code) => code === 429).length).toBeGreaterThan(0);
    } finally {
      await slow.close();
    }
  });

  it('limits one client across different accounts (RATE_LIMIT_CLIENT_MAX)', async () => {
    const small = await createTestApp({ env: { RATE_LIMIT_CLIENT_MAX: '3' } });
    try {
      for (const houseNumber of ['1', '2', '3']) {
        expect((await post(small, '/api/public/login', { zipcode: '9999ZZ', house_number: houseNumber, password: 'x' }, from('10.2.0.1'))).statusCode).toBe(401);
      }
      expectTooMany(await post(small, '/api/public/login', rightFor('10'), from('10.2.0.1')));
      expectTooMany(await post(small, '/api/public/login', { username: 'partner@example.nl', password: DEMO.partnerPassword }, from('10.2.0.1')));
      // another client still gets in
      expect((await post(small, '/api/public/login', rightFor('10'), from('10.2.0.2'))).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('counts an activation code tried through the login and through /public/activate against one budget', async () => {
    const activate = { username: '1234AB14', code: 'FOUT', password: NEW_PASSWORD, accept_terms: true };
    for (let i = 1; i <= 5; i++) expect((await post(r, '/api/public/activate', activate, from('10.4.0.1'))).statusCode).toBe(422);
    for (let i = 1; i <= 5; i++) expect((await post(r, '/api/public/login', { ...wrongFor('14'), password: `FOUT${i}` }, from('10.4.0.1'))).statusCode).toBe(401);
    expectTooMany(await post(r, '/api/public/activate', { ...activate, code: DEMO.activationCode }, from('10.4.0.1')));
    expectTooMany(await post(r, '/api/public/login', { ...wrongFor('14'), password: DEMO.activationCode }, from('10.4.0.1')));
  });

  it('limits forgot-password per account', async () => {
    for (let i = 1; i <= 10; i++) {
      expect((await post(r, '/api/public/forgot-password', { username: '9999ZZ1' }, from(`10.3.0.${i}`))).statusCode).toBe(200);
    }
    expectTooMany(await post(r, '/api/public/forgot-password', { username: '9999 zz 1' }, from('10.3.0.11')));
  });

  it('limits woco logins per token, without locking out the real token', async () => {
    for (let i = 1; i <= 10; i++) {
      expect((await post(r, '/api/public/woco/login', { token: 'verzonnen-token-000000' }, from(`10.5.0.${i}`))).statusCode).toBe(401);
    }
    expectTooMany(await post(r, '/api/public/woco/login', { token: 'verzonnen-token-000000' }, from('10.5.0.11')));
    const real = await post(r, '/api/public/woco/login', { token: DEMO.wocoToken }, from('10.5.0.12'));
    expect(real.statusCode).toBe(200);
    expect(real.json()).toMatchObject({ role: 'woco' });
    for (let i = 1; i <= 11; i++) {
      expect((await post(r, '/api/public/woco/login', { token: DEMO.wocoToken }, from('10.5.0.13'))).statusCode, `login ${i}`).toBe(200);
    }
  });
});

describe('the client address over real sockets (TRUST_PROXY)', () => {
  /** POSTs a login from a chosen loopback source address, optionally with an X-Forwarded-For header. */
  async function loginFrom(base: string, source: string, forwardedFor?: string): Promise<number> {
    const { request } = await import('node:http');
    const body = JSON.stringify({ zipcode: '9999ZZ', house_number: '1', password: 'x' });
    return new Promise((resolve, reject) => {
      const req = request(`${base}/api/public/login`, {
        method: 'POST', localAddress: source,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('ignores X-Forwarded-For by default: a new header per request does not make a new client', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_CLIENT_MAX: '5' } });
    try {
      const base = await app.listen();
      const codes: number[] = [];
      for (let i = 1; i <= 8; i++) codes.push(await loginFrom(base, '127.0.0.2', `203.0.113.${i}`));
      expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      // another source address is another client
      expect(await loginFrom(base, '127.0.0.3', '203.0.113.1')).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('takes the client from X-Forwarded-For behind a configured proxy (TRUST_PROXY=127.0.0.2)', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_CLIENT_MAX: '5', TRUST_PROXY: '127.0.0.2' } });
    try {
      const base = await app.listen();
      for (let i = 1; i <= 8; i++) expect(await loginFrom(base, '127.0.0.2', `203.0.113.${i}`)).toBe(401);
      // an untrusted source's header is ignored
      const codes: number[] = [];
      for (let i = 1; i <= 6; i++) codes.push(await loginFrom(base, '127.0.0.3', `198.51.100.${i}`));
      expect(codes.at(-1)).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('refuses TRUST_PROXY=true at start-up', async () => {
    const { loadEnv } = await import('../../plugins/env.ts');
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
  });
});

describe('login links: POST /api/admin/login-link and POST /api/public/setlogin', () => {
  const ticketFor = async (token: string, addressId: number) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login-link', headers: bearer(token), payload: { address_id: addressId } });

  it('exchanges a ticket once for ONE session acting for the address; its admin_token is that session and mints nothing', async () => {
    const admin = await adminToken(t.app);
    const res = await ticketFor(admin, t.ids.addresses.a10);
    expect(res.statusCode, res.body).toBe(200);
    const { token: ticket, expires_at } = res.json<{ token: string; expires_at: string }>();
    expect(new Date(expires_at).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const used = await post(t, '/api/public/setlogin', { token: ticket });
    expect(used.statusCode, used.body).toBe(200);
    const session = used.json<{ token: string; admin_token: string; address_id: number; is_admin: boolean; role: string }>();
    expect(session).toMatchObject({ success: true, role: 'occupant', address_id: t.ids.addresses.a10, is_admin: true });
    const me = await get(t, '/api/auth/me', session.token);
    expect(me.json<TMe>()).toMatchObject({ role: 'occupant', address_id: t.ids.addresses.a10, is_admin: true });
    expect(session.admin_token).toBe(session.token);
    // The acting session makes no login link, for this address or another one, and opens no partner route of another address.
    for (const addressId of [t.ids.addresses.a10, t.ids.addresses.a12]) expect((await ticketFor(session.admin_token, addressId)).statusCode).toBe(401);
    expect((await get(t, `/api/partner/project/${t.ids.projects.bloemenbuurt}/chats`, session.admin_token)).statusCode).toBe(401);
    expect((await get(t, `/api/occupant/auth/${t.ids.addresses.a12}`, session.admin_token)).statusCode).toBe(401);

    const again = await post(t, '/api/public/setlogin', { token: ticket });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Deze inloglink is ongeldig, al gebruikt of verlopen.' });
  });

  it('refuses a session token in place of a ticket (no login into somebody else\'s session), and an expired ticket', async () => {
    const resident = await occupantToken(t.app);
    const admin = await adminToken(t.app);
    for (const token of [resident, admin]) expect((await post(t, '/api/public/setlogin', { token })).statusCode).toBe(401);
    const { token: ticket } = (await ticketFor(admin, t.ids.addresses.a10)).json<{ token: string }>();
    await t.query("UPDATE auth_tickets SET expires_at = now() - interval '1 second' WHERE kind = 'login-link' AND token_hash = $1", [hashToken(ticket)]);
    expect((await post(t, '/api/public/setlogin', { token: ticket })).statusCode).toBe(401);
  });

  it('makes tickets only with the permission login-links.create, and only for addresses of projects the account reaches', async () => {
    expect((await ticketFor(await partnerToken(t.app), t.ids.addresses.a10)).statusCode).toBe(403);
    expect((await ticketFor(await occupantToken(t.app), t.ids.addresses.a10)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login-link', payload: { address_id: t.ids.addresses.a10 } })).statusCode).toBe(401);
    const elsewhere = await t.query<{ id: number }>('SELECT a.id FROM addresses a WHERE a.customer_id <> $1 LIMIT 1', [t.ids.customers.woonstad]);
    if (elsewhere[0]) expect((await ticketFor(await adminToken(t.app), elsewhere[0].id)).statusCode).toBe(404);
    expect((await ticketFor(await adminToken(t.app), 2_000_000_000)).statusCode).toBe(404);
  });
});
