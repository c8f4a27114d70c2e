import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { manifest: true, target: 'es2022', sourcemap: false },
  server: { port: 3000, proxy: { '/api': 'http://localhost:3001' } },
  test: { environment: 'node', include: ['src/**/*.test.{ts,tsx}'] },
});
