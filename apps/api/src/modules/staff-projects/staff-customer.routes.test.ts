import { describe, expect, it } from 'vitest';
import {
  colorMessages, DEFAULT_POLICY_PATHS, DEFAULT_TERMS_TEXT, staffProjectMessages, type TCustomer, type TOccupantChat, type TProject, type TStaffCustomer, type TStaffCustomerBody,
} from '@portal/contract';
import { occupantToken, type TestApp } from '../../../test/helpers.ts';
import { setUpStaffApp, type ConsoleSessions, type Requests } from '../../../test/staff.ts';
import { auditOf, png } from './test-setup.ts';

let t: TestApp, tokens: ConsoleSessions, http: Requests;
setUpStaffApp((app) => ({ t, tokens, http } = app));

const URL = '/api/staff/customer';

/** The demo customer's settings as a PUT body, with changes. */
async function bodyWith(changes: Partial<TStaffCustomerBody> = {}): Promise<TStaffCustomerBody> {
  const current = (await http.get(URL, tokens.admin)).json<TStaffCustomer>();
  const { id: _id, logo: _logo, ...rest } = current;
  return { ...rest, website: current.website ?? '', ...changes };
}

const publicCustomer = async () => (await t.app.inject({ method: 'GET', url: '/api/public/customer/', headers: { host: 'localhost' } })).json<TCustomer>();

describe('GET /api/staff/customer', () => {
  it("answers the customer administrator's own customer with a default notification", async () => {
    const res = await http.get(URL, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual<TStaffCustomer>({
      id: t.ids.customers.woonstad, name: 'Woonstad Vernieuwd', logo: '/api/assets/demo/logo-woonstad.svg',
      color_primary: '#0b5394', color_secondary: '#9a4f00', website: 'https://www.woonstad-vernieuwd.nl',
      domains: ['localhost', '127.0.0.1', '*'], login_url_occupants: '/inloggen',
      terms_url: '/algemene-voorwaarden', privacy_url: '/privacyverklaring', cookies_url: '/cookiebeleid', terms_text: DEFAULT_TERMS_TEXT,
      notification: {
        show: 'off', title: '', text: '', sunday: false, monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false,
        from_hour: '08:00', till_hour: '17:00',
      },
    });
    // Another customer's administrator sees their own customer only.
    expect((await http.get(URL, tokens.otherAdmin)).json<TStaffCustomer>().id).toBe(t.ids.customers.devries);
  });

  it('refuses project editors (403) and anyone without a console session (401)', async () => {
    expect((await http.get(URL, tokens.editor)).statusCode).toBe(403);
    expect((await http.put(URL, tokens.editor, await bodyWith())).statusCode).toBe(403);
    expect((await http.upload(`${URL}/logo`, { data: await png() }, tokens.editor)).statusCode).toBe(403);
    expect((await http.del(`${URL}/logo`, tokens.editor)).statusCode).toBe(403);
    expect((await http.get(URL)).statusCode).toBe(401);
    // A resident's (or a portal login's) token is no console session.
    expect((await http.get(URL, await occupantToken(t.app))).statusCode).toBe(401);
  });
});

describe('PUT /api/staff/customer', () => {
  it('saves the settings, writes the audit log and reaches the portal at once', async () => {
    expect((await publicCustomer()).name).toBe('Woonstad Vernieuwd'); // cached by host now
    // Rivierenwijk has no colours of its own: it shows the customer's (and is cached now).
    const fatima = await occupantToken(t.app, '12');
    const rivierenwijkUrl = `/api/occupant/project?project_id=${t.ids.projects.rivierenwijk}`;
    expect((await http.get(rivierenwijkUrl, fatima)).json<TProject>().color_primary).toBe('#0b5394');

    const body = await bodyWith({
      name: '  Woonstad Vernieuwd en Co ', color_primary: '#1F3A5F', color_secondary: '#5b3a00', website: 'https://woonstad.example.nl/portaal',
      domains: ['localhost', '127.0.0.1', 'Portaal.Woonstad.NL', '*'], login_url_occupants: '/inloggen',
    });
    const res = await http.put(URL, tokens.admin, body);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<TStaffCustomer>();
    expect(saved).toMatchObject({
      name: 'Woonstad Vernieuwd en Co', color_primary: '#1F3A5F', color_secondary: '#5b3a00', website: 'https://woonstad.example.nl/portaal',
      domains: ['localhost', '127.0.0.1', 'portaal.woonstad.nl', '*'],
    });

    const portal = await publicCustomer();
    expect(portal).toMatchObject({ name: 'Woonstad Vernieuwd en Co', color_primary: '#1F3A5F', website: 'https://woonstad.example.nl/portaal' });
    expect((await t.app.inject({ method: 'GET', url: '/api/public/customer/', headers: { host: 'portaal.woonstad.nl' } })).json<TCustomer>().id).toBe(t.ids.customers.woonstad);

    const rivierenwijk = (await http.get(rivierenwijkUrl, fatima)).json<TProject>();
    expect(rivierenwijk).toMatchObject({ color_primary: '#1F3A5F', color_secondary: '#5b3a00', website: 'https://woonstad.example.nl/portaal' });

    const [entry] = (await auditOf(t, 'customer', t.ids.customers.woonstad)).filter((e) => e.action === 'update');
    expect(entry).toMatchObject({ actor: 'Beheerder Woonstad', before: { name: 'Woonstad Vernieuwd' }, after: { name: 'Woonstad Vernieuwd en Co' } });
  });

  it('refuses a colour that white text cannot be read on, with the ratio in Dutch', async () => {
    const res = await http.put(URL, tokens.admin, await bodyWith({ color_primary: '#ffeb3b', color_secondary: '#9a4f0' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Formulier niet goed ingevuld',
      errors: [
        { field: 'color_primary', message: colorMessages.tooLight(1.2) },
        { field: 'color_secondary', message: colorMessages.invalid },
      ],
    });
    expect(colorMessages.tooLight(1.2)).toContain('1,2:1');
  });

  it('checks the website, the login address and every host name', async () => {
    const res = await http.put(URL, tokens.admin, await bodyWith({
      website: 'javascript:alert(1)', login_url_occupants: '//evil.example', domains: ['localhost', 'https://portaal.nl/', 'localhost'],
    }));
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'website', message: staffProjectMessages.websiteInvalid },
      { field: 'domains.1', message: staffProjectMessages.hostInvalid },
      { field: 'domains.2', message: staffProjectMessages.hostTwice },
      { field: 'login_url_occupants', message: staffProjectMessages.loginUrlInvalid },
    ]);
    // A backslash or a tab after the slash leads to another site as well ('/\evil.example' is '//evil.example' to a browser).
    for (const login of ['/\\evil.example', '/\t/evil.example', '/\\/evil.example', '/inloggen\\x']) {
      const sneaky = await http.put(URL, tokens.admin, await bodyWith({ login_url_occupants: login }));
      expect(sneaky.statusCode, login).toBe(422);
      expect(sneaky.json<{ errors: unknown[] }>().errors, login).toEqual([{ field: 'login_url_occupants', message: staffProjectMessages.loginUrlInvalid }]);
    }
    const none = await http.put(URL, tokens.admin, await bodyWith({ domains: [] }));
    expect(none.json<{ errors: unknown[] }>().errors).toEqual([{ field: 'domains', message: staffProjectMessages.hostsRequired }]);
  });

  it('saves the terms, privacy and cookie addresses and the terms text, which the portal answers at once', async () => {
    const terms = 'Artikel 1. Het portaal is voor bewoners.\n\nArtikel 2. Deel uw wachtwoord met niemand.';
    const res = await http.put(URL, tokens.admin, await bodyWith({
      terms_url: '/voorwaarden-portaal', privacy_url: 'https://privacy.example.nl/verklaring', cookies_url: '/cookies', terms_text: `  ${terms}\n`,
    }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TStaffCustomer>()).toMatchObject({ terms_url: '/voorwaarden-portaal', privacy_url: 'https://privacy.example.nl/verklaring', cookies_url: '/cookies', terms_text: terms });
    const website = (await publicCustomer()).website!;
    expect(await publicCustomer()).toMatchObject({
      terms_url: `${website}/voorwaarden-portaal`, privacy_url: 'https://privacy.example.nl/verklaring', cookies_url: `${website}/cookies`, terms_text: terms,
    });
    const [entry] = (await auditOf(t, 'customer', t.ids.customers.woonstad)).filter((e) => e.action === 'update').slice(-1);
    expect(entry).toMatchObject({ after: { terms_url: '/voorwaarden-portaal', terms_text: terms } });

    // A body without them (an older console) keeps them; an empty text is the portal's own again.
    const { terms_url: _t, privacy_url: _p, cookies_url: _c, terms_text: _x, ...older } = await bodyWith();
    expect((await http.put(URL, tokens.admin, older)).json<TStaffCustomer>()).toMatchObject({ terms_url: '/voorwaarden-portaal', terms_text: terms });
    expect((await http.put(URL, tokens.admin, await bodyWith({ terms_text: '' }))).json<TStaffCustomer>().terms_text).toBe(DEFAULT_TERMS_TEXT);
    expect((await publicCustomer()).terms_text).toBe(DEFAULT_TERMS_TEXT);

    // Another site hidden in a path, or no address at all, is refused in Dutch.
    const bad = await http.put(URL, tokens.admin, await bodyWith({ terms_url: '//evil.example', privacy_url: 'javascript:alert(1)', cookies_url: '' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'terms_url', message: staffProjectMessages.policyUrlInvalid },
      { field: 'privacy_url', message: staffProjectMessages.policyUrlInvalid },
      { field: 'cookies_url', message: staffProjectMessages.policyUrlRequired },
    ]);
    await http.put(URL, tokens.admin, await bodyWith(DEFAULT_POLICY_PATHS));
  });

  it("refuses a host name another customer answers on (422 at the host) and changes nothing", async () => {
    const before = (await http.get(URL, tokens.admin)).json<TStaffCustomer>();
    const res = await http.put(URL, tokens.admin, await bodyWith({ name: 'Gekaapt', domains: ['localhost', 'devries.localhost'] }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: staffProjectMessages.hostTaken('devries.localhost'),
      errors: [{ field: 'domains.1', message: staffProjectMessages.hostTaken('devries.localhost') }],
    });
    expect((await http.get(URL, tokens.admin)).json<TStaffCustomer>()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/customer/', headers: { host: 'devries.localhost' } })).json<TCustomer>().id).toBe(t.ids.customers.devries);
  });

  it("saves the customer's chat notification, which the chat shows where a project has none of its own", async () => {
    const notification = {
      show: 'between' as const, title: 'Buiten kantooruren', text: 'We reageren op de eerstvolgende werkdag.',
      sunday: true, monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, from_hour: '00:00', till_hour: '00:00',
    };
    const res = await http.put(URL, tokens.admin, await bodyWith({ notification }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TStaffCustomer>().notification).toEqual(notification);

    await t.query('DELETE FROM chat_notifications WHERE project_id = $1', [t.ids.projects.bloemenbuurt]);
    const chat = (await http.get('/api/occupant/chat', await occupantToken(t.app))).json<TOccupantChat>();
    // Equal hours: open the whole flagged day, so the out-of-hours notice does not show now.
    expect(chat.notification).toMatchObject({ show: 'between', title: 'Buiten kantooruren', is_visible: false });

    const always = await http.put(URL, tokens.admin, await bodyWith({ notification: { ...notification, show: 'on' } }));
    expect(always.statusCode).toBe(200);
    expect((await http.get('/api/occupant/chat', await occupantToken(t.app))).json<TOccupantChat>().notification).toMatchObject({ show: 'on', is_visible: true });
    const rows = await t.query('SELECT show FROM chat_notifications WHERE customer_id = $1 AND project_id IS NULL', [t.ids.customers.woonstad]);
    expect(rows).toEqual([{ show: 'on' }]);
  });

  it('needs a text when the notification shows, and hours as HH:mm', async () => {
    const current = await bodyWith();
    const res = await http.put(URL, tokens.admin, { ...current, notification: { ...current.notification, show: 'on', text: ' ', from_hour: '8:00', till_hour: '25:00' } });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'notification.from_hour', message: staffProjectMessages.hourInvalid },
      { field: 'notification.till_hour', message: staffProjectMessages.hourInvalid },
      { field: 'notification.text', message: staffProjectMessages.notificationTextRequired },
    ]);
  });
});

describe('the logo: POST and DELETE /api/staff/customer/logo', () => {
  it('stores a checked image that loads without a session, and shows it on the portal', async () => {
    const res = await http.upload(`${URL}/logo`, { data: await png(3000, 1000) }, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    // the console's answer signs the link for its session; the logo itself is the plain path
    const signed = res.json<TStaffCustomer>().logo!;
    expect(signed).toMatch(/^\/api\/files\/\d+\/logo\.png(\?token=[\w.-]+)?$/);
    const logo = signed.split('?')[0]!;
    for (const url of [signed, logo]) {
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
    const [file] = await t.query<{ image_width: number; image_height: number }>('SELECT image_width, image_height FROM files WHERE id = $1', [Number(logo.split('/')[3])]);
    expect(file).toEqual({ image_width: 1024, image_height: 341 }); // scaled down to LOGO_MAX_SIDE

    expect((await publicCustomer()).logo).toBe(logo);
    expect((await auditOf(t, 'customer', t.ids.customers.woonstad)).at(-1)).toMatchObject({ action: 'update-logo', after: { logo } });

    const removed = await http.del(`${URL}/logo`, tokens.admin);
    expect(removed.json<TStaffCustomer>().logo).toBeNull();
    expect((await publicCustomer()).logo).toBeNull();
  });

  it('refuses what is not a png or jpeg by content, and too large files, in Dutch', async () => {
    const fake = await http.upload(`${URL}/logo`, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'logo.png' }, tokens.admin);
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toEqual({ message: staffProjectMessages.logoType, errors: [{ field: 'image', message: staffProjectMessages.logoType }] });

    const huge = await http.upload(`${URL}/logo`, { data: Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]) }, tokens.admin);
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ message: string }>().message).toBe(staffProjectMessages.logoTooLarge(2));
  });
});
