import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TERMS_TEXT, ZCustomer, type TCustomer } from '@portal/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getCustomer = (url: string, host?: string) =>
  t.app.inject({ method: 'GET', url, headers: host ? { host } : {} });

describe('GET /api/public/customer/', () => {
  it('finds the customer by host, with branding and only its public projects', async () => {
    const res = await getCustomer('/api/public/customer/?language=nl', 'localhost:3000');
    expect(res.statusCode).toBe(200);
    const customer = ZCustomer.parse(res.json());
    expect(customer).toEqual<TCustomer>({
      id: t.ids.customers.woonstad,
      name: 'Woonstad Vernieuwd',
      api_url: 'http://localhost:3000/api',
      logo: '/api/assets/demo/logo-woonstad.svg',
      color_primary: '#0b5394',
      color_secondary: '#9a4f00',
      website: 'https://www.woonstad-vernieuwd.nl',
      notification: null,
      login_url_occupants: '/inloggen',
      projects: [
        { id: t.ids.projects.bloemenbuurt, name: 'Renovatie Bloemenbuurt', customer_id: t.ids.customers.woonstad },
        { id: t.ids.projects.rivierenwijk, name: 'Verduurzaming Rivierenwijk', customer_id: t.ids.customers.woonstad },
      ],
      map_tile_url: 'https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:3857/{z}/{x}/{y}.png',
      // Without settings of its own: the policies are the current paths on the website, the terms the portal's text; the
      // privacy statement is the portal's own page, written from the retention policy (issue 20).
      terms_url: 'https://www.woonstad-vernieuwd.nl/algemene-voorwaarden',
      privacy_url: '/privacyverklaring',
      cookies_url: 'https://www.woonstad-vernieuwd.nl/cookiebeleid',
      terms_text: DEFAULT_TERMS_TEXT,
    });
  });

  it('finds the second customer by its own host, case-insensitively and without the port', async () => {
    for (const host of ['devries.localhost', 'DeVries.Localhost:8080']) {
      const res = await getCustomer('/api/public/customer/', host);
      expect(res.statusCode).toBe(200);
      const customer = res.json<TCustomer>();
      expect(customer.id).toBe(t.ids.customers.devries);
      expect(customer.name).toBe('Bouwbedrijf De Vries');
      // 'Dakrenovatie Zuid' is not public
      expect(customer.projects).toEqual([{ id: t.ids.projects.havenkwartier, name: 'Nieuwbouw Havenkwartier', customer_id: t.ids.customers.devries }]);
    }
  });

  it("answers a login address stored before '/\\x' was refused as the portal's own login page", async () => {
    const login = async () => (await getCustomer('/api/public/customer/', 'devries.localhost')).json<TCustomer>().login_url_occupants;
    for (const [stored, answered] of [['/\\evil.example', '/inloggen'], ['//evil.example', '/inloggen'], ['/aanmelden', '/aanmelden'], ['https://login.example.nl/x', 'https://login.example.nl/x']]) {
      await t.query('UPDATE customers SET login_url_occupants = $1 WHERE id = $2', [stored, t.ids.customers.devries]);
      await t.services.customers.invalidate();
      expect(await login(), stored).toBe(answered);
    }
    await t.query("UPDATE customers SET login_url_occupants = '/inloggen' WHERE id = $1", [t.ids.customers.devries]);
    await t.services.customers.invalidate();
  });

  it('takes ?domain= over the Host header', async () => {
    const res = await getCustomer('/api/public/customer/?domain=devries.localhost', 'localhost');
    expect(res.statusCode).toBe(200);
    expect(res.json<TCustomer>().id).toBe(t.ids.customers.devries);

    const back = await getCustomer('/api/public/customer/?domain=localhost', 'devries.localhost');
    expect(back.json<TCustomer>().id).toBe(t.ids.customers.woonstad);
  });

  it('answers an unclaimed host with the customer that lists *', async () => {
    const res = await getCustomer('/api/public/customer/', 'portaal.onbekend.nl');
    expect(res.statusCode).toBe(200);
    expect(res.json<TCustomer>().id).toBe(t.ids.customers.woonstad);
  });

  it('answers 404 in Dutch when no customer serves the host', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      const res = await empty.app.inject({ method: 'GET', url: '/api/public/customer/', headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Dit portaal is niet bekend.' });
    } finally {
      await empty.close();
    }
  });

  it('refuses a domain longer than a host name can be', async () => {
    const res = await getCustomer(`/api/public/customer/?domain=${'a'.repeat(254)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Formulier niet goed ingevuld', errors: [{ field: 'domain', message: 'Deze waarde is ongeldig' }] });
  });
});

describe('map tiles', () => {
  it('tells the tile URL (MAP_TILE_URL) and lets the content security policy load its images', async () => {
    const res = await getCustomer('/api/public/customer/', 'localhost');
    expect(res.json<TCustomer>().map_tile_url).toBe('https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:3857/{z}/{x}/{y}.png');
    expect(res.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/service\.pdok\.nl/);

    const own = await createTestApp({ seed: false, env: { MAP_TILE_URL: 'http://{s}.tiles.example.local:8080/{z}/{x}/{y}.png' } });
    try {
      await own.query("INSERT INTO customers (name, domains) VALUES ('Kaarten', '{localhost}')");
      const answer = await own.app.inject({ method: 'GET', url: '/api/public/customer/', headers: { host: 'localhost' } });
      expect(answer.json<TCustomer>().map_tile_url).toBe('http://{s}.tiles.example.local:8080/{z}/{x}/{y}.png');
      expect(answer.headers['content-security-policy']).toMatch(/img-src [^;]*http:\/\/\*\.tiles\.example\.local:8080/);
    } finally {
      await own.close();
    }
  });
});
