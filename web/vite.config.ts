import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The console is served by the service under /admin/ (src/platform/http/console.ts). Assets get
 * content hashes, so the service can cache them for a year; index.html is never cached.
 * `npm run web:dev` proxies the API to a service on :3000 for hot reload while developing.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 900 },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/v1', '/openapi.json', '/.well-known'].map((prefix) => [prefix, process.env.API_URL ?? 'http://127.0.0.1:3000']),
    ),
  },
});
