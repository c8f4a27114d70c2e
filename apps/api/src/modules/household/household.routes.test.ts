import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdMessages, messages, type TNewPasswordResult, type TOccupant, type TOccupantResult } from '@portal/contract';
import { bearer, createTestApp, DEMO, login, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';

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
      },
      {
        id: t.ids.occupants.anna, full_name: 'Anna de Vries', first_name: 'Anna', affix: 'de', last_name: 'Vries', gender: 'F',
        email_address: 'anna.devries@example.nl', telephone: null, mobile: null, prefer_email: true, has_account: false, is_self: false,
      },
    ]);
  });

  it('shows another address only its own people', async () => {
    const list = (await get('/api/occupant/occupants', fatima)).json<TOccupant[]>();
    expect(list.map((o) => o.full_name)).toEqual(['Fatima El Amrani']);
  });

  it('needs an occupant login', async () => {
    expect((await get('/api/occupant/occupants')).statusCode).toBe(401);
    expect((await get('/api/occupant/occupants', await partnerToken(t.app))).statusCode).toBe(403);
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
      },
    });
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
    ]));
  });
});
