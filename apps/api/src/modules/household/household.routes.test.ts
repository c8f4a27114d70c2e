import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdMessages, messages, type TNewPasswordResult, type TOccupant, type TOccupantResult } from '@portal/contract';
import {
  bearer, createTestApp, DEMO, findResetLink, login, occupantToken, partnerToken, waitFor, type CaughtMail, type TestApp,
} from '../../../test/helpers.ts';

let t: TestApp;
let jan: string; // 1234AB 10, Jan de Vries (main occupant; Anna lives there too, without an account)
let fatima: string; // 1234AB 12
beforeAll(async () => {
  t = await createTestApp();
  [jan, fatima] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12')]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const invalid = (...errors: Array<[string, string]>) => ({ message: messages.invalidInput, errors: errors.map(([field, message]) => ({ field, message })) });

const member = {
  first_name: 'Sanne', affix: 'de', last_name: 'Vries', gender: 'F', email_address: 'sanne.devries@example.nl',
  telephone: '030 123 4567', mobile: '06-12345679', prefer_email: true, password: 'Huisgenoot2026',
};
const create = async (token: string, body: Record<string, unknown> = member) => {
  const res = await post('/api/occupant/occupants/', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TOccupantResult>().occupant;
};

describe('GET /api/occupant/occupants', () => {
  it('lists the household of the caller’s address, the main occupant first', async () => {
    const res = await get('/api/occupant/occupants?language=nl', jan);
    expect(res.statusCode).toBe(200);
    const list = res.json<TOccupant[]>();
    expect(list.slice(0, 2)).toEqual([
      {
        id: t.ids.occupants.jan, full_name: 'Jan de Vries', first_name: 'Jan', affix: 'de', last_name: 'Vries', gender: 'M',
        email_address: 'jan.devries@example.nl', telephone: null, mobile: '0612345678', prefer_email: true, has_account: true, is_self: true,
        is_holder: true, pending_email_address: null, can_change_email: true, can_delete: false,
      },
      {
        id: t.ids.occupants.anna, full_name: 'Anna de Vries', first_name: 'Anna', affix: 'de', last_name: 'Vries', gender: 'F',
        email_address: 'anna.devries@example.nl', telephone: null, mobile: null, prefer_email: true, has_account: false, is_self: false,
        is_holder: false, pending_email_address: null, can_change_email: true, can_delete: true,
      },
    ]);
  });

  it('shows another address only its own people', async () => {
    const list = (await get('/api/occupant/occupants', fatima)).json<TOccupant[]>();
    expect(list.map((o) => o.full_name)).toEqual(['Fatima El Amrani', 'Youssef El Amrani']);
  });

  it('needs an occupant login', async () => {
    expect((await get('/api/occupant/occupants')).statusCode).toBe(401);
    expect((await get('/api/occupant/occupants', await partnerToken(t.app))).statusCode).toBe(401);
  });
});

describe('GET /api/occupant/occupant/{id}', () => {
  it('answers one member of the own household', async () => {
    const res = await get(`/api/occupant/occupant/${t.ids.occupants.anna}`, jan);
    expect(res.statusCode).toBe(200);
    expect(res.json<TOccupant>()).toMatchObject({ id: t.ids.occupants.anna, first_name: 'Anna', is_self: false, has_account: false });
  });

  it('answers 404 for someone of another address', async () => {
    const res = await get(`/api/occupant/occupant/${t.ids.occupants.fatima}`, jan);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: householdMessages.notFound });
  });
});

describe('POST /api/occupant/occupants/', () => {
  it('adds a member with an account, who can then log in at the address with their own password', async () => {
    const res = await post('/api/occupant/occupants/', jan, { ...member, language: 'nl' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TOccupantResult>();
    expect(body).toMatchObject({
      success: true, message: 'Succesvol opgeslagen',
      occupant: {
        full_name: 'Sanne de Vries', gender: 'F', email_address: 'sanne.devries@example.nl', telephone: '030 123 4567', mobile: '06-12345679',
        has_account: true, is_self: false,
      },
    });
    const answer = await login(t.app, { zipcode: '1234AB', house_number: '10', password: member.password });
    expect(answer.id).toBe(body.occupant.id);
    // The household now lists her; Jan is still himself.
    const list = (await get('/api/occupant/occupants', jan)).json<TOccupant[]>();
    expect(list.map((o) => o.first_name)).toEqual(['Jan', 'Anna', 'Sanne']);
  });

  it('checks every field with the spec’s texts', async () => {
    const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
      [{ ...member, first_name: '' }, [['first_name', 'Vul een voornaam in']]],
      [{ ...member, first_name: '   ' }, [['first_name', 'Vul een voornaam in']]],
      // too long is said as such, not as the field's 'fill in' text
      [{ ...member, first_name: 'a'.repeat(300) }, [['first_name', 'Gebruik maximaal 100 tekens']]],
      [{ ...member, affix: 'van der van der van der van der' }, [['affix', 'Gebruik maximaal 30 tekens']]],
      [{ ...member, mobile: '06-12ab' }, [['mobile', 'Vul minimaal 10 cijfers in']]],
      [{ ...member, last_name: undefined }, [['last_name', 'Vul een achternaam in']]],
      [{ ...member, gender: undefined }, [['gender', 'Kies een aanhef']]],
      [{ ...member, gender: 'X' }, [['gender', 'Kies een aanhef']]],
      [{ ...member, email_address: 'sanne@' }, [['email_address', 'Vul een geldig e-mailadres in.']]],
      [{ ...member, telephone: '030 1234' }, [['telephone', 'Vul minimaal 10 cijfers in']]],
      [{ ...member, mobile: '06123' }, [['mobile', 'Vul minimaal 10 cijfers in']]],
      [{ ...member, password: '' }, [['password', 'Vul een wachtwoord in']]],
      [{ ...member, password: 'kort' }, [['password', 'Het wachtwoord moet bevatten: minimaal 8 tekens, minimaal 1 cijfer, minimaal 1 hoofdletter']]],
      [{ ...member, password: 'alleenkleineletters1' }, [['password', 'Het wachtwoord moet bevatten: minimaal 1 hoofdletter']]],
    ];
    for (const [body, errors] of cases) {
      const res = await post('/api/occupant/occupants/', jan, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json(), JSON.stringify(body)).toEqual(invalid(...errors));
    }
    const all = await post('/api/occupant/occupants/', jan, {});
    expect(all.json<{ errors: Array<{ field: string; message: string }> }>().errors).toEqual(expect.arrayContaining([
      { field: 'first_name', message: 'Vul een voornaam in' },
      { field: 'last_name', message: 'Vul een achternaam in' },
      { field: 'gender', message: 'Kies een aanhef' },
      { field: 'password', message: 'Vul een wachtwoord in' },
    ]));
  });

  it('accepts empty optional fields as none', async () => {
    const person = await create(fatima, { first_name: 'Youssef', last_name: 'El Amrani', gender: 'M', email_address: '', telephone: '', mobile: null, password: 'Huisgenoot2026' });
    expect(person).toMatchObject({ affix: null, email_address: null, telephone: null, mobile: null, prefer_email: true, has_account: true });
  });

  it('holds at most 10 people per address (409)', async () => {
    const [address] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM occupants WHERE address_id = $1', [t.ids.addresses.a12]);
    for (let i = address!.n; i < 10; i++) await create(fatima, { ...member, first_name: `Lid ${i}`, password: `Huisgenoot${i}A` });
    const res = await post('/api/occupant/occupants/', fatima, member);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: householdMessages.householdFull });
    await t.query("DELETE FROM occupants WHERE address_id = $1 AND first_name LIKE 'Lid %'", [t.ids.addresses.a12]);
  });
});

describe('POST /api/occupant/occupant/{id}', () => {
  it('saves a member’s details (not the password)', async () => {
    const res = await post(`/api/occupant/occupant/${t.ids.occupants.anna}`, jan, {
      first_name: 'Anna', affix: 'de', last_name: 'Vries-Bakker', gender: 'F', email_address: 'Anna.Bakker@Example.nl', telephone: '', mobile: '+31 6 8765 4321', prefer_email: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TOccupantResult>()).toEqual({
      success: true, message: 'De gegevens zijn succesvol opgeslagen.',
      occupant: {
        id: t.ids.occupants.anna, full_name: 'Anna de Vries-Bakker', first_name: 'Anna', affix: 'de', last_name: 'Vries-Bakker', gender: 'F',
        email_address: 'anna.bakker@example.nl', telephone: null, mobile: '+31 6 8765 4321', prefer_email: false, has_account: false, is_self: false,
        is_holder: false, pending_email_address: null, can_change_email: true, can_delete: true,
      },
    });
  });

  it("offers 'Geen aanhef' (U) besides Man and Vrouw, for a new member and a changed one", async () => {
    const person = await create(fatima, { ...member, first_name: 'Sam', affix: '', last_name: 'El Amrani', gender: 'U', email_address: '' });
    expect(person).toMatchObject({ full_name: 'Sam El Amrani', gender: 'U' });
    const res = await post(`/api/occupant/occupant/${t.ids.occupants.anna}`, jan, { first_name: 'Anna', affix: 'de', last_name: 'Vries', gender: 'U', email_address: 'anna.devries@example.nl' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TOccupantResult>().occupant.gender).toBe('U');
    expect((await get(`/api/occupant/occupant/${t.ids.occupants.anna}`, jan)).json<TOccupant>().gender).toBe('U');
    await post(`/api/occupant/occupant/${t.ids.occupants.anna}`, jan, { first_name: 'Anna', affix: 'de', last_name: 'Vries', gender: 'F', email_address: 'anna.devries@example.nl' });
    expect((await get(`/api/occupant/occupant/delete/${person.id}`, fatima)).statusCode).toBe(200);
  });

  it('checks the fields like a new member, without a password', async () => {
    const res = await post(`/api/occupant/occupant/${t.ids.occupants.jan}`, jan, { first_name: 'Jan', last_name: '', gender: 'M', mobile: '0612' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalid(['last_name', 'Vul een achternaam in'], ['mobile', 'Vul minimaal 10 cijfers in']));
  });

  it('answers 404 for someone of another address and changes nothing', async () => {
    const res = await post(`/api/occupant/occupant/${t.ids.occupants.fatima}`, jan, { first_name: 'Gekaapt', last_name: 'X', gender: 'F' });
    expect(res.statusCode).toBe(404);
    const [row] = await t.query<{ first_name: string }>('SELECT first_name FROM occupants WHERE id = $1', [t.ids.occupants.fatima]);
    expect(row!.first_name).toBe('Fatima');
  });
});

describe('GET /api/occupant/occupant/delete/{id}', () => {
  it('removes a member and ends their sessions', async () => {
    const person = await create(jan, { ...member, first_name: 'Tijdelijk', password: 'Tijdelijk2026' });
    const theirToken = (await login(t.app, { zipcode: '1234AB', house_number: '10', password: 'Tijdelijk2026' })).token!;
    expect((await get('/api/occupant/occupants', theirToken)).statusCode).toBe(200);

    const res = await get(`/api/occupant/occupant/delete/${person.id}?language=nl`, jan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Gebruiker verwijderd.' });
    expect((await get('/api/occupant/occupants', theirToken)).statusCode).toBe(401);
    expect((await get(`/api/occupant/occupant/${person.id}`, jan)).statusCode).toBe(404);
    const failed = await t.app.inject({ method: 'POST', url: '/api/public/login', payload: { zipcode: '1234AB', house_number: '10', password: 'Tijdelijk2026' } });
    expect(failed.statusCode).toBe(401);
  });

  it('does not remove one’s own account', async () => {
    const res = await get(`/api/occupant/occupant/delete/${t.ids.occupants.jan}`, jan);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'U kunt uw eigen account hier niet verwijderen.' });
    expect((await get('/api/occupant/occupants', jan)).statusCode).toBe(200);
  });

  it('answers 404 for someone of another address and removes nothing', async () => {
    const res = await get(`/api/occupant/occupant/delete/${t.ids.occupants.fatima}`, jan);
    expect(res.statusCode).toBe(404);
    expect((await get(`/api/occupant/occupant/${t.ids.occupants.fatima}`, fatima)).statusCode).toBe(200);
  });
});

describe('POST /api/occupant/new-password', () => {
  it('refuses a wrong current password with a Dutch message (422)', async () => {
    const res = await post('/api/occupant/new-password', fatima, { password: 'Verkeerd2026', new_password: 'Nieuw2026abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Het huidige wachtwoord is onjuist.', errors: [{ field: 'password', message: 'Het huidige wachtwoord is onjuist.' }] });
  });

  it('checks the new password’s strength and the current one’s presence', async () => {
    const res = await post('/api/occupant/new-password', fatima, { password: '', new_password: 'zwak' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalid(
      ['password', 'Vul een wachtwoord in'],
      ['new_password', 'Het wachtwoord moet bevatten: minimaal 8 tekens, minimaal 1 cijfer, minimaal 1 hoofdletter'],
    ));
  });

  it('changes the password: the new one logs in, the old one does not, other sessions end, this device gets a new token', async () => {
    const other = await occupantToken(t.app, '12'); // a second device
    const res = await post('/api/occupant/new-password', fatima, { password: DEMO.residentPassword, new_password: 'Zonnebloem2027', language: 'nl' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TNewPasswordResult>();
    expect(body).toMatchObject({ success: true, message: 'Uw wachtwoord is succesvol aangepast.', token: expect.any(String) });

    expect((await get('/api/occupant/occupants', other)).statusCode).toBe(401);
    expect((await get('/api/occupant/occupants', fatima)).statusCode).toBe(401);
    expect((await get('/api/occupant/occupants', body.token)).statusCode).toBe(200);

    await login(t.app, { zipcode: '1234AB', house_number: '12', password: 'Zonnebloem2027' });
    const old = await t.app.inject({ method: 'POST', url: '/api/public/login', payload: { zipcode: '1234AB', house_number: '12', password: DEMO.residentPassword } });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: 'Gebruikersnaam en/of wachtwoord onjuist' });
    fatima = body.token;
  });

  it('limits the guesses of the current password per account (429)', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_ACCOUNT_MAX: '3' } });
    try {
      const token = await occupantToken(limited.app, '10');
      const attempt = () => limited.app.inject({ method: 'POST', url: '/api/occupant/new-password', headers: bearer(token), payload: { password: 'Fout2026abc', new_password: 'Nieuw2026abc' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(422);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/docs/json', () => {
  it('documents every household call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/occupant/occupants', '/api/occupant/occupant/{id}', '/api/occupant/occupants/', '/api/occupant/new-password', '/api/occupant/occupant/delete/{id}',
      '/api/public/confirm-email',
    ]));
  });
});

/* ------------------------------------------------------------------------------------------------
 * Roles (the holder of the address and members) and e-mail changes confirmed by the new address.
 * ---------------------------------------------------------------------------------------------- */

describe('household roles and e-mail changes, with mail through a local SMTP server', () => {
  let m: TestApp;
  let holder: string; // Fatima El Amrani, the holder of 1234AB 12
  let member: string; // Youssef El Amrani, a member of 1234AB 12 with an account of his own
  let ids: { fatima: number; youssef: number };
  beforeAll(async () => {
    m = await createTestApp({ mail: true });
    [holder, member] = await Promise.all([occupantToken(m.app, '12'), occupantToken(m.app, '12', DEMO.memberPassword)]);
    const [youssef] = await m.query<{ id: number }>("SELECT id FROM occupants WHERE email_address = 'youssef.elamrani@example.nl'");
    ids = { fatima: m.ids.occupants.fatima, youssef: youssef!.id };
  });
  afterAll(async () => {
    await m?.close();
  });

  const mpost = (url: string, token: string, payload: unknown, remoteAddress = '127.0.0.1') =>
    m.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object, remoteAddress });
  const mget = (url: string, token: string) => m.app.inject({ method: 'GET', url, headers: bearer(token) });
  const confirm = (code: string) => m.app.inject({ method: 'POST', url: '/api/public/confirm-email', payload: { code, language: 'nl' } });
  const person = async (id: number) => (await m.query<{ email_address: string | null; first_name: string; mobile: string | null }>(
    'SELECT email_address, first_name, mobile FROM occupants WHERE id = $1', [id]))[0]!;
  const fatimaDetails = { first_name: 'Fatima', last_name: 'El Amrani', gender: 'F', email_address: 'fatima.elamrani@example.nl' };
  const youssefDetails = { first_name: 'Youssef', last_name: 'El Amrani', gender: 'M', email_address: 'youssef.elamrani@example.nl' };
  /** Mails to `to` from now on. */
  const mailsFrom = () => {
    const seen = m.mail!.messages.length;
    return (to: string) => m.mail!.messages.slice(seen).filter((mail) => mail.to.includes(to));
  };
  const nextMail = (to: string, subject?: string) => {
    const seen = m.mail!.messages.length;
    return () => m.mail!.waitForMail((mail) => m.mail!.messages.indexOf(mail) >= seen && mail.to.includes(to) && (!subject || mail.subject === subject), 10_000);
  };
  /** Every queued job (mail, password reset) has run. */
  const jobsDone = async () => {
    const idle = await waitFor(async () => (await m.query<{ n: number }>('SELECT count(*)::int AS n FROM graphile_worker._private_jobs'))[0]!.n === 0, { timeoutMs: 10_000 });
    expect(idle, 'the job queue did not empty').toBe(true);
  };
  const confirmLink = (mail: CaughtMail) => {
    const match = /(https?:\/\/\S+?)\/email\/bevestigen\/([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!match) throw new Error(`No confirmation link in mail:\n${mail.text}`);
    return { url: match[0], base: match[1], code: match[2]! };
  };

  it('shows each person’s role and what the caller may do with them', async () => {
    const asMember = (await mget('/api/occupant/occupants', member)).json<TOccupant[]>();
    expect(asMember.map(({ id, is_holder, is_self, can_change_email, can_delete }) => ({ id, is_holder, is_self, can_change_email, can_delete }))).toEqual([
      { id: ids.fatima, is_holder: true, is_self: false, can_change_email: false, can_delete: false },
      { id: ids.youssef, is_holder: false, is_self: true, can_change_email: true, can_delete: false },
    ]);
    const asHolder = (await mget('/api/occupant/occupants', holder)).json<TOccupant[]>();
    expect(asHolder.map(({ id, is_holder, is_self, can_change_email, can_delete }) => ({ id, is_holder, is_self, can_change_email, can_delete }))).toEqual([
      { id: ids.fatima, is_holder: true, is_self: true, can_change_email: true, can_delete: false },
      { id: ids.youssef, is_holder: false, is_self: false, can_change_email: true, can_delete: true },
    ]);
    expect((await mget(`/api/occupant/occupant/${ids.fatima}`, member)).json<TOccupant>()).toMatchObject({ is_holder: true, can_change_email: false, can_delete: false });
  });

  it('a member cannot change the holder’s e-mail address (403): nothing stored, nothing sent; other details they may change', async () => {
    const mails = mailsFrom();
    for (const email_address of ['youssef.elamrani@example.nl', 'kaper@example.nl', '', null]) {
      const res = await mpost(`/api/occupant/occupant/${ids.fatima}`, member, { ...fatimaDetails, email_address });
      expect(res.statusCode, String(email_address)).toBe(403);
      expect(res.json()).toEqual({ message: householdMessages.holderEmailForbidden });
    }
    expect((await person(ids.fatima)).email_address).toBe('fatima.elamrani@example.nl');
    expect(await m.query("SELECT id FROM auth_tickets WHERE kind = 'email-change'")).toEqual([]);

    const saved = await mpost(`/api/occupant/occupant/${ids.fatima}`, member, { ...fatimaDetails, mobile: '06 1111 2222' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await person(ids.fatima)).toMatchObject({ email_address: 'fatima.elamrani@example.nl', mobile: '06 1111 2222' });
    await jobsDone();
    expect(mails('kaper@example.nl')).toEqual([]);
  });

  it('a member cannot delete the holder (403); the holder keeps their account', async () => {
    const res = await mget(`/api/occupant/occupant/delete/${ids.fatima}`, member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: householdMessages.holderDeleteForbidden });
    expect((await mget('/api/occupant/occupants', holder)).statusCode).toBe(200);
    await login(m.app, { zipcode: '1234AB', house_number: '12', password: DEMO.residentPassword });
  });

  it('a member cannot change the holder’s password: not through the update call, not through an e-mail change and a reset link', async () => {
    const mails = mailsFrom();
    const withPassword = await mpost(`/api/occupant/occupant/${ids.fatima}`, member, { ...fatimaDetails, password: 'Gekaapt2026!', new_password: 'Gekaapt2026!' });
    expect(withPassword.statusCode).toBe(200); // a password in this call is no field of it: nothing changes
    const redirected = await mpost(`/api/occupant/occupant/${ids.fatima}`, member, { ...fatimaDetails, email_address: 'kaper@example.nl' });
    expect(redirected.statusCode).toBe(403);
    expect((await mpost('/api/public/forgot-password', member, { username: 'kaper@example.nl' }, '10.7.0.1')).statusCode).toBe(200);
    await jobsDone();
    expect(mails('kaper@example.nl')).toEqual([]);

    const answer = await login(m.app, { zipcode: '1234AB', house_number: '12', password: DEMO.residentPassword });
    expect(answer.id).toBe(ids.fatima);
    const hijacked = await m.app.inject({ method: 'POST', url: '/api/public/login', payload: { zipcode: '1234AB', house_number: '12', password: 'Gekaapt2026!' } });
    expect(hijacked.statusCode).toBe(401);
  });

  it('the takeover of the finding fails: the holder’s address set to the member’s own, then Wachtwoord vergeten', async () => {
    // 1. the member points the holder's e-mail address at his own: refused
    const res = await mpost(`/api/occupant/occupant/${ids.fatima}`, member, { ...fatimaDetails, email_address: 'youssef.elamrani@example.nl' });
    expect(res.statusCode).toBe(403);
    // 2. 'Wachtwoord vergeten' for his address: only his own account's link arrives
    const waitForYoussef = nextMail('youssef.elamrani@example.nl', 'Nieuw wachtwoord instellen');
    expect((await m.app.inject({ method: 'POST', url: '/api/public/forgot-password', payload: { username: 'youssef.elamrani@example.nl' }, remoteAddress: '10.7.0.2' })).statusCode).toBe(200);
    const link = findResetLink(await waitForYoussef());
    await jobsDone();
    expect(m.mail!.messages.filter((mail) => mail.to.includes('youssef.elamrani@example.nl') && mail.subject === 'Nieuw wachtwoord instellen')).toHaveLength(1);
    // 3. the link sets his own password, not hers; 4. deleting her is refused
    const reset = await m.app.inject({ method: 'POST', url: '/api/public/set-password', payload: { username: link.username, code: link.token, password: 'Overgenomen2026' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(m.app, { zipcode: '1234AB', house_number: '12', password: 'Overgenomen2026' })).id).toBe(ids.youssef);
    expect((await login(m.app, { zipcode: '1234AB', house_number: '12', password: DEMO.residentPassword })).id).toBe(ids.fatima);
    member = await occupantToken(m.app, '12', 'Overgenomen2026');
    expect((await mget(`/api/occupant/occupant/delete/${ids.fatima}`, member)).statusCode).toBe(403);
    expect((await person(ids.fatima)).email_address).toBe('fatima.elamrani@example.nl');
  });

  it('a member cannot change the e-mail address of another member with an account, nor delete themselves; the holder can remove a member', async () => {
    const other = await (async () => {
      const res = await mpost('/api/occupant/occupants/', holder, { first_name: 'Noor', last_name: 'El Amrani', gender: 'F', email_address: 'noor@example.nl', password: 'Huisgenoot2026' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TOccupantResult>().occupant;
    })();
    const res = await mpost(`/api/occupant/occupant/${other.id}`, member, { first_name: 'Noor', last_name: 'El Amrani', gender: 'F', email_address: 'kaper@example.nl' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: householdMessages.memberEmailForbidden });
    expect((await mget(`/api/occupant/occupant/delete/${ids.youssef}`, member)).statusCode).toBe(422);
    expect((await mget(`/api/occupant/occupant/delete/${ids.fatima}`, holder)).statusCode).toBe(422);
    expect((await mget(`/api/occupant/occupant/delete/${other.id}`, holder)).statusCode).toBe(200);
  });

  it('the holder changes a member’s e-mail address: stored only once the new address confirms; the old address hears of it', async () => {
    const confirmation = nextMail('y.elamrani@example.nl', 'Bevestig uw nieuwe e-mailadres');
    const notice = nextMail('youssef.elamrani@example.nl', 'Uw e-mailadres wordt gewijzigd');
    const res = await mpost(`/api/occupant/occupant/${ids.youssef}`, holder, { ...youssefDetails, email_address: 'Y.ElAmrani@example.nl', mobile: '0687654321' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TOccupantResult>();
    expect(body.message).toBe(`${householdMessages.saved} ${householdMessages.emailConfirmationSent('y.elamrani@example.nl')}`);
    expect(body.occupant).toMatchObject({ email_address: 'youssef.elamrani@example.nl', pending_email_address: 'y.elamrani@example.nl', mobile: '0687654321' });
    expect(await person(ids.youssef)).toMatchObject({ email_address: 'youssef.elamrani@example.nl', mobile: '0687654321' });
    expect((await mget(`/api/occupant/occupant/${ids.youssef}`, member)).json<TOccupant>()).toMatchObject({
      email_address: 'youssef.elamrani@example.nl', pending_email_address: 'y.elamrani@example.nl',
    });
    // the ticket is stored hashed
    const [ticket] = await m.query<{ token_hash: string; email: string; occupant_id: number; hours: number }>(
      "SELECT token_hash, email, occupant_id, round(extract(epoch FROM expires_at - now()) / 3600)::int AS hours FROM auth_tickets WHERE kind = 'email-change' AND used_at IS NULL");
    expect(ticket).toMatchObject({ email: 'y.elamrani@example.nl', occupant_id: ids.youssef, hours: 24 });

    const mail = await confirmation();
    const link = confirmLink(mail);
    expect(link.base).toBe('http://localhost:3000');
    expect(ticket!.token_hash).not.toContain(link.code);
    expect(mail.text).toContain('Youssef El Amrani');
    const warned = await notice();
    expect(warned.text).toContain('Uw e-mailadres wordt gewijzigd');
    expect(warned.text).toContain('niet zelf');

    // confirmed: the address changes, the old address is told
    const changed = nextMail('youssef.elamrani@example.nl', 'Uw e-mailadres is gewijzigd');
    const ok = await confirm(link.code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Uw e-mailadres is gewijzigd.', email_address: 'y.elamrani@example.nl' });
    expect((await person(ids.youssef)).email_address).toBe('y.elamrani@example.nl');
    expect((await mget(`/api/occupant/occupant/${ids.youssef}`, member)).json<TOccupant>()).toMatchObject({ email_address: 'y.elamrani@example.nl', pending_email_address: null });
    expect((await changed()).text).toContain('Uw e-mailadres is gewijzigd');

    // once only
    const again = await confirm(link.code);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: householdMessages.emailConfirmUsed, errors: [{ field: 'code', message: householdMessages.emailConfirmUsed }] });
    const made = await confirm('dit-is-geen-bestaande-code');
    expect(made.statusCode).toBe(422);
    expect(made.json()).toMatchObject({ message: householdMessages.emailConfirmInvalid });
  });

  it('a member changes their own e-mail address the same way; a newer change replaces the pending one', async () => {
    const first = nextMail('eerste@example.nl', 'Bevestig uw nieuwe e-mailadres');
    expect((await mpost(`/api/occupant/occupant/${ids.youssef}`, member, { ...youssefDetails, email_address: 'eerste@example.nl' })).statusCode).toBe(200);
    const firstLink = confirmLink(await first());
    const second = nextMail('tweede@example.nl', 'Bevestig uw nieuwe e-mailadres');
    const res = await mpost(`/api/occupant/occupant/${ids.youssef}`, member, { ...youssefDetails, email_address: 'tweede@example.nl' });
    expect(res.json<TOccupantResult>().occupant.pending_email_address).toBe('tweede@example.nl');
    const secondLink = confirmLink(await second());

    expect((await confirm(firstLink.code)).statusCode).toBe(422);
    expect((await confirm(secondLink.code)).statusCode).toBe(200);
    expect((await person(ids.youssef)).email_address).toBe('tweede@example.nl');
  });

  it('refuses an expired code and leaves the address as it was', async () => {
    const confirmation = nextMail('later@example.nl', 'Bevestig uw nieuwe e-mailadres');
    expect((await mpost(`/api/occupant/occupant/${ids.fatima}`, holder, { ...fatimaDetails, email_address: 'later@example.nl' })).statusCode).toBe(200);
    const link = confirmLink(await confirmation());
    await m.query("UPDATE auth_tickets SET expires_at = now() - interval '1 second' WHERE kind = 'email-change' AND used_at IS NULL");

    const res = await confirm(link.code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: householdMessages.emailConfirmExpired, errors: [{ field: 'code', message: householdMessages.emailConfirmExpired }] });
    expect((await person(ids.fatima)).email_address).toBe('fatima.elamrani@example.nl');
    expect((await mget(`/api/occupant/occupant/${ids.fatima}`, holder)).json<TOccupant>().pending_email_address).toBeNull();
  });

  it('sets the e-mail address of a person without an account at once, as before', async () => {
    const mails = mailsFrom();
    const res = await mpost(`/api/occupant/occupant/${m.ids.occupants.anna}`, await occupantToken(m.app, '10'), { first_name: 'Anna', affix: 'de', last_name: 'Vries', gender: 'F', email_address: 'anna.nieuw@example.nl' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TOccupantResult>()).toMatchObject({ message: householdMessages.saved, occupant: { email_address: 'anna.nieuw@example.nl', pending_email_address: null } });
    expect((await person(m.ids.occupants.anna)).email_address).toBe('anna.nieuw@example.nl');
    await jobsDone();
    expect(mails('anna.nieuw@example.nl')).toEqual([]);
  });
});

describe('the household limit under concurrent requests', () => {
  it('30 new members at once over real sockets: at most 10 people at the address', async () => {
    const c = await createTestApp();
    try {
      const base = await c.listen();
      const token = await occupantToken(c.app, '10');
      const [before] = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM occupants WHERE address_id = $1', [c.ids.addresses.a10]);
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${base}/api/occupant/occupants/`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: `Gelijktijdig ${i}`, last_name: 'Lid', gender: 'F', password: `Huisgenoot${i}A`, language: 'nl' }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { message: string } }))));
      const [after] = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM occupants WHERE address_id = $1', [c.ids.addresses.a10]);
      expect(after!.n).toBe(10);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10 - before!.n);
      expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.message])).toEqual(
        Array.from({ length: 20 + before!.n }, () => [409, householdMessages.householdFull]),
      );
    } finally {
      await c.close();
    }
  });
});
