import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { readAll, type FilesService } from '../files/index.ts';

/** The API's own assets (served at /api/assets/): where the demo's and the icon set's images live. */
const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets');
const FILE_LINK = /^\/api\/files\/(\d+)\//;

/**
 * A customer's logo (its URL as stored: an uploaded file, /api/files/{id}/..., or one of the API's
 * assets, /api/assets/...) as a PNG that a PDF can draw: SVG and JPEG turned into PNG by sharp, at most
 * 480 x 160 px. null for any other address, a missing file or an image that cannot be read: the PDF
 * then goes without.
 */
export async function logoPng(url: string | null | undefined, files: FilesService): Promise<Buffer | null> {
  if (!url) return null;
  let bytes: Buffer | null = null;
  const link = FILE_LINK.exec(url);
  if (link) {
    const file = await files.find(Number(link[1]));
    bytes = file ? await readAll(files.storage, file.key) : null;
  } else if (url.startsWith('/api/assets/')) {
    const target = path.resolve(ASSETS_DIR, decodeURIComponent(url.slice('/api/assets/'.length).split('?')[0]!));
    if (!target.startsWith(`${ASSETS_DIR}${path.sep}`)) return null;
    bytes = await readFile(target).catch(() => null);
  }
  if (!bytes) return null;
  return sharp(bytes, { density: 144 }).resize({ width: 480, height: 160, fit: 'inside', withoutEnlargement: true }).png().toBuffer().catch(() => null);
}

/** How many logos (by their URL) are kept drawn. */
const LOGO_MEMO_SIZE = 20;

/**
 * logoPng kept per URL: an export of 5,000 summary PDFs drew the same logo 5,000 times with sharp. A URL names the
 * same bytes for good (an upload gets a new file id, the API's assets are part of the build), so a drawn logo is
 * kept; an unreadable one (null) is tried again next time. At most LOGO_MEMO_SIZE logos, the oldest dropped first.
 */
export function createLogoPngs(files: FilesService, draw: typeof logoPng = logoPng) {
  const kept = new Map<string, Promise<Buffer | null>>();
  return (url: string | null | undefined): Promise<Buffer | null> => {
    if (!url) return Promise.resolve(null);
    const hit = kept.get(url);
    if (hit) return hit;
    const made = draw(url, files);
    kept.set(url, made);
    if (kept.size > LOGO_MEMO_SIZE) kept.delete(kept.keys().next().value!);
    void made.then((png) => {
      if (!png) kept.delete(url);
    }, () => kept.delete(url));
    return made;
  };
}
