import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRONTEND_VERSION_HEADER, messages, ZPollingResponse } from '@portal/contract';
import { bearer, createTestApp, occupantToken, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FRONTEND_VERSION: '7.3.1' } });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/polling', () => {
  it('answers success with the time and the newest frontend version in a header', async () => {
    const before = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/polling?language=nl' });
    expect(res.statusCode).toBe(200);
    expect(res.headers[FRONTEND_VERSION_HEADER]).toBe('7.3.1');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ZPollingResponse.parse(res.json());
    expect(body.success).toBe(true);
    expect(Date.parse(body.time)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses an unknown language with a Dutch 422', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/polling?language=en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: messages.invalidInput, errors: [{ field: 'language', message: 'Deze waarde is ongeldig' }] });
  });

  it('works over a real socket too', async () => {
    const base = await t.listen();
    const res = await fetch(`${base}/api/polling`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frontend-version')).toBe('7.3.1');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  });
});

describe('headers on every response', () => {
  it('sends x-robots-tag noindex, nofollow on success, errors, 404s and documentation', async () => {
    const token = await occupantToken(t.app);
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/polling' }),
      t.app.inject({ method: 'GET', url: '/api/public/customer/' }),
      t.app.inject({ method: 'GET', url: '/api/occupant/project', headers: bearer(token) }),
      t.app.inject({ method: 'GET', url: '/api/occupant/project' }), // 401
      t.app.inject({ method: 'POST', url: '/api/public/login', payload: {} }), // 422
      t.app.inject({ method: 'GET', url: '/api/does-not-exist' }), // 404
      t.app.inject({ method: 'GET', url: '/api/docs/json' }),
      t.app.inject({ method: 'GET', url: '/api/assets/demo/logo-woonstad.svg' }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 422, 404, 200, 200]);
    for (const res of responses) expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('lets only the portal itself frame it by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/polling' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self';");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http
  });

  it("lets the customer's website and embedding origins frame the portal's page, and FRAME_ANCESTORS for every customer", async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portaal</title>');
    const framed = await createTestApp({ env: { WEB_DIST: webDist, FRAME_ANCESTORS: 'https://intranet.example.nl, javascript:alert(1), *' } });
    try {
      await framed.query(`UPDATE customers SET website = 'https://www.woonstad.nl/over-ons', embed_origins = ARRAY['https://bewoners.woonstad.nl', 'https://x.nl; script-src *']
        WHERE id = $1`, [framed.ids.customers.woonstad]);
      framed.services.customers.invalidate();
      const [woonstadHost] = await framed.query<{ host: string }>('SELECT domains[1] AS host FROM customers WHERE id = $1', [framed.ids.customers.woonstad]);
      const page = await framed.app.inject({ method: 'GET', url: '/dashboard', headers: { host: woonstadHost!.host } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain(
        "frame-ancestors 'self' https://intranet.example.nl https://www.woonstad.nl https://bewoners.woonstad.nl;");
      expect(page.headers['x-frame-options']).toBeUndefined();
      // the API's answers (never framed) keep the default
      const api = await framed.app.inject({ method: 'GET', url: '/api/polling', headers: { host: woonstadHost!.host } });
      expect(api.headers['content-security-policy']).toContain("frame-ancestors 'self' https://intranet.example.nl;");
    } finally {
      await framed.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it("frames only the portal's own pages, and Signhost's sign page when Signhost signs", async () => {
    const local = String((await t.app.inject({ method: 'GET', url: '/api/polling' })).headers['content-security-policy']);
    expect(local.split(';')).toContain("frame-src 'self'");
    const signhost = await createTestApp({ seed: false, env: { SIGNING_PROVIDER: 'signhost', SIGNHOST_APP_KEY: 'app', SIGNHOST_USER_TOKEN: 'user', SIGNHOST_SHARED_SECRET: 'secret' } });
    try {
      const res = await signhost.app.inject({ method: 'GET', url: '/api/polling' });
      expect(res.headers['content-security-policy']).toContain("frame-src 'self' https://view.signhost.com");
    } finally {
      await signhost.close();
    }
  });

  it('sends HSTS when the public address is https', async () => {
    const secure = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://portaal.example.nl' } });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/polling' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});

describe('compressed JSON answers', () => {
  it('sends an answer over 1 kB brotli- or gzip-compressed as the client accepts, and small ones and files as they are', async () => {
    const headers = bearer(await occupantToken(t.app));
    const plain = await t.app.inject({ method: 'GET', url: '/api/occupant/news', headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url: '/api/occupant/news', headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gzip = await t.app.inject({ method: 'GET', url: '/api/occupant/news', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const small = await t.app.inject({ method: 'GET', url: '/api/polling', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('GET /api/docs/json', () => {
  it('is an OpenAPI document of the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/public/login', '/api/public/activate', '/api/occupant/auth/{id}', '/api/public/forgot-password',
      '/api/public/set-password', '/api/public/woco/login', '/api/auth/logout', '/api/auth/me',
      '/api/public/customer/', '/api/public/projects/{id}', '/api/public/project/{id}', '/api/occupant/projects',
      '/api/occupant/project', '/api/partner/project/{id}', '/api/partner/customers/', '/api/partner/customer/{id}/projects',
      '/api/polling',
    ]));
    expect(doc.paths['/api/public/login']?.post?.requestBody).toBeDefined();
  });
});

describe('errors are Dutch JSON, never a 500', () => {
  it('answers a malformed JSON body with 400 and a Dutch message', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/public/login', headers: { 'content-type': 'application/json' }, payload: '{"zipcode": "1234AB",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'Het verzoek is niet goed opgebouwd.' });
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Het verzoek is niet goed opgebouwd.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Dit soort inhoud wordt niet ondersteund.' });
  });

  it('answers a text body where JSON is expected with 422', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/login', headers: { 'content-type': 'text/plain' }, payload: 'hallo' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(messages.invalidInput);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/public/login', payload: { username: 'x', password: 'y'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Het bestand of verzoek is te groot.' });
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    for (const [method, url] of [['GET', '/api/bestaat-niet'], ['POST', '/api/public/bestaat-niet'], ['DELETE', '/api/polling']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: messages.notFound });
    }
  });

  it('answers a non-numeric id with 422, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/project/abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: messages.invalidInput, errors: [{ field: 'id', message: 'Deze waarde is ongeldig' }] });
  });
});
