/**
 * The web app's build: one Vite build, one page per entry (web/<entry>/index.html), shared code
 * in web/src/shared/ split into chunks of its own, so an entry loads only what it imports.
 * Output: web/dist/<entry>/index.html and web/dist/assets/<name>-<hash>.<ext> (+ .br, .gz),
 * which the service serves (src/routes/web/index.ts).
 *
 *   npm run build:web   build
 *   npm run dev         Vite on http://localhost:5173/portal/ (and /admin/, /status) with /api proxied to the API (npm run dev:api, port 8000)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress.js';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Each entry is a page of its own: the partner portal, the admin console and the public status page. */
const ENTRIES = ['portal', 'admin', 'status'];
const API = process.env.VITE_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8000}`;

/** In development, /portal/<anything> is the portal's page (its client-side routes), as the service answers it; /status is the status page. */
function entryFallback(): Plugin {
  return {
    name: 'svc-entry-fallback',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = (req.url ?? '').split('?')[0];
        const entry = ENTRIES.find((e) => pathname === `/${e}` || pathname.startsWith(`/${e}/`));
        const accept = req.headers.accept ?? '';
        if (entry && req.method === 'GET' && accept.includes('text/html') && !path.extname(pathname)) {
          req.url = `/${entry}/index.html`;
        }
        next();
      });
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), entryFallback(), precompress()],
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      input: Object.fromEntries(ENTRIES.map((e) => [e, path.join(root, e, 'index.html')])),
      // Brotli at quality 11 (precompress) takes seconds by design: not a slow plugin to report.
      checks: { bundlerTimings: false },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: API, changeOrigin: false } },
  },
});
