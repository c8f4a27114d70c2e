import fs from 'node:fs';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

/**
 * What the service worker precaches (vite-plugin-pwa's manifestTransforms): the app shell, not the
 * whole build (199 files, 2.5 MB, most of them the staff console's and the partner portal's). The
 * shell is the page, the entry with everything it imports, the styles, and the screens a resident reads
 * offline (SHELL_ROUTES) with their imports, read from Vite's build manifest. Other screens' files are
 * kept by the worker once they have been used (its runtime cache of /assets/).
 */
const SHELL_ROUTES = [
  'src/app/routes/dashboard.tsx',
  'src/app/routes/news.tsx',
  'src/app/routes/schedule.tsx',
  'src/app/routes/documents.tsx',
  'src/app/routes/login.tsx',
  'src/app/routes/update.tsx',
  'src/app/routes/profile.tsx',
  'src/app/routes/not-found.tsx',
];

type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

export function shellFiles(distDir: string): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const files = new Set<string>(['index.html']);
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  for (const route of SHELL_ROUTES) walk(route);
  return files;
}

export function precacheShell(distDir: string): ManifestTransform {
  return async (entries) => {
    const shell = shellFiles(distDir);
    return { manifest: entries.filter((entry) => shell.has(entry.url.replace(/^\//, ''))), warnings: [] };
  };
}
