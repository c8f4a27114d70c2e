import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { routePreloads } from './build/route-preloads.ts';
import { firstPaint } from './build/first-paint.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { precacheShell } from './build/pwa-precache.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    routePreloads(new URL('./src/app/router.tsx', import.meta.url).pathname),
    firstPaint(),
    // The service worker (issue 19): src/sw/sw.ts built to /sw.js with the app shell's precache list
    // (Workbox, injectManifest). The manifest is the customer's, served by the API per host, and the
    // app registers the worker itself (src/lib/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        // The app shell only (build/pwa-precache.ts): not the staff console's and partner portal's files.
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        manifestTransforms: [precacheShell(new URL('./dist', import.meta.url).pathname)],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    // Every static asset precompressed at build (brotli and gzip, best levels): the server picks the
    // file that the browser's Accept-Encoding allows, so nothing is compressed per request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 512,
      deleteOriginalAssets: false,
    }),
  ],
  build: { manifest: true, target: 'es2022', sourcemap: false },
  server: { port: 3000, proxy: { '/api': 'http://localhost:3001' } },
  test: { environment: 'node', include: ['src/**/*.test.{ts,tsx}'] },
});
