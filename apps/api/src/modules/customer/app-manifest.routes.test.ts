import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ZWebAppManifest, type TWebAppManifest } from '@portal/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { shortName } from './app-manifest.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, host = 'localhost:3000', headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
const manifestOf = async (host?: string) => ZWebAppManifest.parse((await get('/api/public/manifest.webmanifest', host)).json());

describe('GET /api/public/manifest.webmanifest', () => {
  it("is the manifest of the customer found by host: its name, colour and icons", async () => {
    const res = await get('/api/public/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = ZWebAppManifest.parse(res.json());
    expect(manifest).toMatchObject<Partial<TWebAppManifest>>({
      name: 'Woonstad Vernieuwd', short_name: 'Woonstad', lang: 'nl', start_url: '/dashboard', scope: '/', display: 'standalone',
      theme_color: '#0b5394', background_color: '#0b5394',
    });
    expect(manifest.icons.map((i) => [i.sizes, i.purpose])).toEqual([['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]);
    expect((await manifestOf('devries.localhost')).name).toBe('Bouwbedrijf De Vries');
  });

  it('answers 404 for a host no customer serves', async () => {
    await t.query("UPDATE customers SET domains = array_remove(domains, '*')");
    await t.services.customers.invalidate();
    try {
      expect((await get('/api/public/manifest.webmanifest', 'unknown.example')).statusCode).toBe(404);
      expect((await get('/api/public/app-icons/icon-192.png', 'unknown.example')).statusCode).toBe(404);
    } finally {
      await t.query("UPDATE customers SET domains = array_append(domains, '*') WHERE id = $1", [t.ids.customers.woonstad]);
      await t.services.customers.invalidate();
    }
  });
});

describe('GET /api/public/app-icons/{name}', () => {
  it('draws each icon at its size from the logo, PNG, cached for long at its versioned address', async () => {
    const manifest = await manifestOf();
    for (const icon of manifest.icons) {
      const res = await get(icon.src);
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toContain('immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    const apple = await get('/api/public/app-icons/apple-touch-icon.png');
    expect(apple.headers['cache-control']).toBe('no-cache');
    const meta = await sharp(apple.rawPayload).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([180, 180, false]); // iOS: no transparency
    const etag = apple.headers.etag as string;
    expect((await get('/api/public/app-icons/apple-touch-icon.png', undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/api/public/app-icons/other.png')).statusCode).toBe(404);
  });

  it('draws new icons, at a new address, when the logo or the colour changes', async () => {
    const before = await manifestOf();
    const oldIcon = (await get(before.icons[0]!.src)).rawPayload;
    await t.query("UPDATE customers SET logo = '/api/assets/demo/logo-devries.svg', color_primary = '#2e7d32' WHERE id = $1", [t.ids.customers.woonstad]);
    await t.services.customers.invalidate();
    try {
      const after = await manifestOf();
      expect(after.theme_color).toBe('#2e7d32');
      expect(after.icons[0]!.src).not.toBe(before.icons[0]!.src);
      const newIcon = (await get(after.icons[0]!.src)).rawPayload;
      expect(newIcon.equals(oldIcon)).toBe(false);
      // without a logo it can read: the portal's house in the customer's colour
      await t.query("UPDATE customers SET logo = 'https://elders.example/logo.png' WHERE id = $1", [t.ids.customers.woonstad]);
      await t.services.customers.invalidate();
      const fallback = await get((await manifestOf()).icons[1]!.src);
      expect(fallback.statusCode).toBe(200);
      const { dominant } = await sharp(fallback.rawPayload).stats();
      expect(dominant).not.toEqual({ r: 255, g: 255, b: 255 });
    } finally {
      await t.query("UPDATE customers SET logo = '/api/assets/demo/logo-woonstad.svg', color_primary = '#0b5394' WHERE id = $1", [t.ids.customers.woonstad]);
      await t.services.customers.invalidate();
    }
  });
});

describe('shortName', () => {
  it('keeps a short name and takes the first word of a long one', () => {
    expect(shortName('Woonstad')).toBe('Woonstad');
    expect(shortName('Woonstad Vernieuwd')).toBe('Woonstad');
    expect(shortName('Woningcorporatiegroep Noord')).toBe('Woningcorpo…');
  });
});
