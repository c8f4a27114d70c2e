import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { DOCUMENT_ONLY_HEADERS, logoPreload } from './web-app.ts';

const EARLY_SCRIPT = "window.__portalEarly = { url: '/api/x' };";

/** A small build as vite-plugin-compression2 leaves it: each file beside its .br and .gz. */
function fakeBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const files = {
    'index.html': `<!doctype html><html lang="nl"><head><title>Portaal</title><script>${EARLY_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script></head>${'<!-- -->'.repeat(200)}</html>`,
    'assets/index-abc123.js': `console.log(${JSON.stringify('bewonersportaal '.repeat(2000))});`,
  };
  fs.writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify([
    { pattern: '/inloggen', files: ['assets/login-1.js', 'assets/field-2.js'] },
    { pattern: '/public/dashboard/:projectId', files: ['assets/public-dashboard-3.js', 'assets/route-4.css'] },
    { pattern: '/planning/:day?/:item?', files: ['assets/schedule-5.js', 'bad"><script>.js'] },
  ]));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dist, name);
    fs.writeFileSync(file, content);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  }
  return dist;
}

describe('the web app over the wire: precompressed files chosen by Accept-Encoding', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild();
    t = await createTestApp({ seed: false, env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli, else gzip, else the plain file, with Vary and year-long immutable caching for hashed assets', async () => {
    const original = fs.readFileSync(path.join(dist, 'assets/index-abc123.js'));
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(original.length / 10);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it("sends a hashed asset without the headers only a document obeys (its bytes count on every screen), the page with all of them", async () => {
    const asset = await get('/assets/index-abc123.js', 'br');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin', 'referrer-policy': 'no-referrer' });
    const page = await get('/inloggen', 'br');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cross-origin-opener-policy': 'same-origin', 'x-robots-tag': 'noindex, nofollow' });
  });

  it('sends the page of every app route compressed too, never cached without revalidation', async () => {
    const page = await get('/dashboard', 'br, gzip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Portaal</title>');
    const plain = await get('/inloggen');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Portaal</title>');
  });
});

describe("the page preloads the screen's own chunks with the entry", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild();
    t = await createTestApp({ seed: false, env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const head = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    return html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
  };

  it('adds the screen’s modulepreloads (inert links the page’s script turns into modulepreloads) and styles, before the end of <head>', async () => {
    expect(await head('/inloggen')).toContain('<link data-portal-module crossorigin href="/assets/login-1.js"><link data-portal-module crossorigin href="/assets/field-2.js">');
    const dashboard = await head('/public/dashboard/7?embed=1');
    expect(dashboard).toContain('<link data-portal-module crossorigin href="/assets/public-dashboard-3.js">');
    expect(dashboard).toContain('<link rel="stylesheet" href="/assets/route-4.css">');
    expect(dashboard).not.toContain('login-1.js');
  });

  it('matches optional parameters, leaves unknown paths alone and never writes an unsafe file name', async () => {
    for (const url of ['/planning', '/planning/2026-11-23', '/planning/2026-11-23/4']) expect(await head(url)).toContain('/assets/schedule-5.js');
    expect(await head('/planning/a/b/c')).not.toContain('data-portal-module');
    expect(await head('/onbekend')).not.toContain('data-portal-module');
    expect(await head('/planning')).not.toContain('<script>.js');
  });
});

describe("the customer's logo named and preloaded in the page's head", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild();
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("preloads the logo of the host's customer, with its name for the app", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/inloggen', headers: { host: 'localhost' } });
    expect(page.statusCode).toBe(200);
    // first after the title, before the app's scripts: it must not wait for a free connection behind them
    expect(page.body).toMatch(/<\/title><link rel="preload" as="image" fetchpriority="high" href="\/api\/assets\/demo\/[^"]+" data-portal-logo data-name="Woonstad Vernieuwd"><script>/);
     for (const url of ['/wachtwoord-vergeten', '/activeer-account?x=1', '/woco/login/abc']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).body, url).toContain('data-portal-logo');
    }
    // pages whose header shows the project's logo: no preload of the customer's
    for (const url of ['/dashboard', '/public/dashboard/1', '/nieuws', '/inloggenx']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).body, url).not.toContain('data-portal-logo');
    }
  });

  it("allows the page's own inline script by its hash, and no other inline script", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { host: 'localhost' } });
    const hash = crypto.createHash('sha256').update(EARLY_SCRIPT).digest('base64');
    const scriptSrc = String(page.headers['content-security-policy']).split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('names only paths and https addresses, with the name escaped', () => {
    expect(logoPreload({ src: '/api/files/3/logo.png', name: 'De "Woon" <Groep> & co' }))
      .toBe('<link rel="preload" as="image" fetchpriority="high" href="/api/files/3/logo.png" data-portal-logo data-name="De &quot;Woon&quot; &lt;Groep&gt; &amp; co">');
    expect(logoPreload({ src: 'https://cdn.example.nl/logo.svg', name: 'X' })).toContain('href="https://cdn.example.nl/logo.svg"');
    for (const src of [null, '', '//evil.example/x.png', 'javascript:alert(1)', 'http://plain.example/x.png', '/a" onload="x', '/a b.png']) {
      expect(logoPreload({ src, name: 'X' })).toBe('');
    }
  });
});
