import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { routePreloads } from './build/route-preloads.ts';
import { firstPaint } from './build/first-paint.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    routePreloads(new URL('./src/app/router.tsx', import.meta.url).pathname),
    firstPaint(),
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
