import crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_ICONS, ZApiError, ZAppIconQuery, ZWebAppManifest, type TAppIconName, type TWebAppManifest } from '@portal/contract';
import { access } from '../../plugins/access.ts';
import { readAll, type FilesService } from '../files/index.ts';
import type { CustomerRow, CustomerService } from './customer.service.ts';

/**
 * The installable portal (issue 19): GET /api/public/manifest.webmanifest, the web app manifest of the
 * customer found by host (its name, its brand colour, icons made from its logo), and
 * GET /api/public/app-icons/{name}, those icons as PNG at the sizes Android (192, 512, maskable 512)
 * and iOS (apple-touch-icon 180) ask for.
 *
 * The icons are drawn with sharp once per customer, logo and colour and kept in memory (a few kB each);
 * a changed logo or colour changes the key (the customer's host cache is dropped on every change), so
 * the next request draws the new icon, and the icon's address carries the key's hash (`?v=`), so that
 * a browser that cached the old icon asks again.
 */

const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets');
const FILE_LINK = /^\/api\/files\/(\d+)\//;
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const DEFAULT_COLOR = '#0b5394';
const MAX_CACHED = 256;

type Deps = { customers: Pick<CustomerService, 'forHost'>; files: Pick<FilesService, 'find' | 'storage'> };

export type AppIcons = ReturnType<typeof createAppIcons>;

export function createAppIcons(deps: Pick<Deps, 'files'>) {
  const drawn = new Map<string, Promise<Buffer>>();

  /** The logo's bytes: an uploaded file (/api/files/{id}/...) or one of the API's assets; null for anything else (no fetches of other sites). */
  async function logoBytes(url: string | null): Promise<Buffer | null> {
    if (!url) return null;
    const link = FILE_LINK.exec(url);
    if (link) {
      const file = await deps.files.find(Number(link[1]));
      return file ? readAll(deps.files.storage, file.key).catch(() => null) : null;
    }
    if (url.startsWith('/api/assets/')) {
      const target = path.resolve(ASSETS_DIR, decodeURIComponent(url.slice('/api/assets/'.length).split('?')[0]!));
      if (!target.startsWith(`${ASSETS_DIR}${path.sep}`)) return null;
      return readFile(target).catch(() => null);
    }
    return null;
  }

  async function draw(customer: CustomerRow, name: TAppIconName): Promise<Buffer> {
    const { size, purpose } = APP_ICONS[name];
    const color = brandColor(customer);
    // The logo on white (logos are made for a light background), inside the safe zone: a maskable icon
    // may be cut to a circle of 80 % of its width, so its logo stays within the middle 60 %.
    const inner = Math.round(size * (purpose === 'maskable' ? 0.6 : purpose === 'apple' ? 0.78 : 0.82));
    const logo = await logoBytes(customer.logo);
    let mark: Buffer | null = null;
    if (logo) {
      // its empty margins cut off first (a wordmark's canvas is often wider than its drawing)
      const trimmed = await sharp(logo, { density: 300 }).trim().png().toBuffer().catch(() => logo);
      mark = await sharp(trimmed, { density: 300 })
        .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer()
        .catch(() => null);
    }
    // Without a (readable) logo: the portal's house in the customer's colour, as the page's own icon.
    mark ??= await sharp(Buffer.from(houseSvg(color))).resize(inner, inner).png().toBuffer();
    const offset = Math.round((size - inner) / 2);
    const icon = await sharp({ create: { width: size, height: size, channels: 4, background: '#ffffff' } })
      .composite([{ input: mark, left: offset, top: offset }])
      .png()
      .toBuffer();
    // iOS shows transparency as black: its icon has none.
    return (purpose === 'apple' ? sharp(icon).flatten({ background: '#ffffff' }) : sharp(icon)).png({ compressionLevel: 9 }).toBuffer();
  }

  return {
    /** The icon's version: a hash of what it is drawn from. */
    version: (customer: CustomerRow) => iconVersion(customer),
    icon(customer: CustomerRow, name: TAppIconName): Promise<Buffer> {
      const key = `${customer.id}|${iconVersion(customer)}|${name}`;
      let icon = drawn.get(key);
      if (!icon) {
        if (drawn.size >= MAX_CACHED) drawn.delete(drawn.keys().next().value!);
        icon = draw(customer, name);
        icon.catch(() => drawn.delete(key));
        drawn.set(key, icon);
      }
      return icon;
    },
  };
}

function brandColor(customer: CustomerRow): string {
  return HEX.test(customer.colorPrimary) ? customer.colorPrimary : DEFAULT_COLOR;
}

function iconVersion(customer: CustomerRow): string {
  return crypto.createHash('sha256').update(`${customer.logo ?? ''}|${brandColor(customer)}`).digest('base64url').slice(0, 12);
}

function houseSvg(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${color}"/><path d="M12 36 32 18l20 18v16H38V40H26v12H12z" fill="#fff"/></svg>`;
}

/** 'Woonstad Vernieuwd' -> 'Woonstad': a home screen shows about 12 characters under the icon. */
export function shortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 12) return trimmed;
  const first = trimmed.split(/\s+/)[0]!;
  return first.length <= 12 ? first : `${first.slice(0, 11)}…`;
}

export function webAppManifest(customer: CustomerRow, version: string): TWebAppManifest {
  const color = brandColor(customer);
  const icon = (name: TAppIconName, purpose: 'any' | 'maskable') => ({
    src: `/api/public/app-icons/${name}?v=${version}`,
    sizes: `${APP_ICONS[name].size}x${APP_ICONS[name].size}`,
    type: 'image/png' as const,
    purpose,
  });
  return {
    id: '/',
    name: customer.name,
    short_name: shortName(customer.name),
    description: `Het bewonersportaal van ${customer.name}`,
    lang: 'nl',
    dir: 'ltr',
    // A resident opens the app on the dashboard; without a session the portal asks to log in first.
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: color,
    background_color: color,
    icons: [icon('icon-192.png', 'any'), icon('icon-512.png', 'any'), icon('maskable-512.png', 'maskable')],
  };
}

export const appManifestRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  const icons = createAppIcons(deps);

  app.get('/public/manifest.webmanifest', {
    config: { access: access.public },
    schema: { tags: ['customer'], summary: 'The web app manifest of the customer found by host (installable portal)', response: { 200: ZWebAppManifest, 404: ZApiError } },
  }, async (request, reply) => {
    const customer = await deps.customers.forHost(request.headers.host);
    reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8');
    return webAppManifest(customer, icons.version(customer));
  });

  // One route per icon (a fixed path each: no id in a public path, plugins/public-scope.ts).
  for (const name of Object.keys(APP_ICONS) as TAppIconName[]) {
    app.get(`/public/app-icons/${name}`, {
      config: { access: access.public },
      schema: {
        tags: ['customer'],
        summary: `The installable portal's ${name}, made from the logo of the customer found by host (PNG)`,
        // the answer is a PNG (no JSON schema); an unknown host answers 404 { message }
        querystring: ZAppIconQuery,
      },
    }, async (request, reply) => {
      const customer = await deps.customers.forHost(request.headers.host);
      const version = icons.version(customer);
      // A versioned address never changes its answer; the bare one (apple-touch-icon in the page) is revalidated.
      reply.header('cache-control', request.query.v === version ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('etag', `"${version}"`)
        .type('image/png');
      if (request.headers['if-none-match'] === `"${version}"`) return reply.status(304).send();
      return reply.send(await icons.icon(customer, name));
    });
  }
};
