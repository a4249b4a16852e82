/**
 * The web app (no credential; the pages sign in through /api/auth/*): the files Vite builds into
 * web/dist, served by the service itself.
 *
 *   /assets/*   hashed file names: `Cache-Control: public, max-age=31536000, immutable`, sent as
 *               the .br or .gz file written beside them at build time when the client accepts it
 *   /           a redirect (302) to /portal/
 *   /portal/    the partner portal's index.html (`no-cache`: revalidated, so a deploy shows at once);
 *               every GET /portal/* answers the same page (client-side routes). /api/* never does.
 *
 *   /admin/     the admin console's index.html, the same rules; /admin/* answers it too.
 *   /status     the public status page's index.html (and /status/), the same rules; it has no
 *               client-side routes, so nothing under it. /api/status is an API operation, apart.
 *
 * Each entry of the Vite build is its own page: the admin console's code is never loaded by the
 * portal, nor the portal's by it, and the status page loads neither. The pages carry a Content-Security-Policy with scripts, styles and
 * requests from this origin only (no inline script or style, no eval, nothing third-party).
 * Without a build (a runtime-only install of a tree that was never built) the service still
 * starts and /portal/ (and /admin/, /status) answers 503 with a page that says how to build it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { pageHelmet } from '../../http/security-headers.js';
import type { Routes } from '../scope.js';

/** A year, the longest max-age caches honour (`public, max-age=31536000, immutable`): asset names change with their content. */
const YEAR_MS = 31_536_000_000;

export const WEB_CSP = {
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
};

/** The package's web/dist: the first folder above this module that holds package.json (src/ in development, dist/src/ when built). */
export function defaultWebDist(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'web', 'dist');
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve('web', 'dist');
    dir = parent;
  }
}

/** The page of an entry that is not built (503): what to do about it. */
function notBuilt(name: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name} not built</title></head>
<body>
<main>
<h1>The ${name.toLowerCase()} is not built</h1>
<p>This server has no built web app (web/dist is missing). The API works as usual.</p>
<p>Build it where the development dependencies are installed, with <code>npm install</code> (or <code>npm run build</code>), and reload this page: the server finds the build without a restart.</p>
</main>
</body>
</html>
`;
}

const ENTRY_NAME: Record<string, string> = { portal: 'Portal', admin: 'Admin console', status: 'Status page' };

/** Vary on the encoding for every file: a cache must not give a .br body to a client that did not ask for it. */
function varyOnEncoding(res: SetHeadersResponse): void {
  res.setHeader('vary', 'accept-encoding');
}

export const webRoutes: Routes = async (app, { deps }) => {
  const dist = deps.config.webDistDir ? path.resolve(deps.config.webDistDir) : defaultWebDist();
  if (!existsSync(path.join(dist, 'portal', 'index.html'))) {
    deps.log.warn({ dist }, 'the web app is not built: /portal/ answers 503 until it is (npm run build)');
  }

  await app.register(async (web) => {
    await web.register(helmet, pageHelmet(WEB_CSP));
    // @fastify/static warns at start when the folder is missing and serves it once it exists.
    await web.register(fastifyStatic, {
      root: path.join(dist, 'assets'),
      prefix: '/assets/',
      preCompressed: true,
      maxAge: YEAR_MS,
      immutable: true,
      index: false,
      dotfiles: 'ignore',
      setHeaders: varyOnEncoding,
    });

    const page = (entry: string) => async (_request: unknown, reply: FastifyReply) => {
      const dir = path.join(dist, entry);
      if (!existsSync(path.join(dir, 'index.html'))) {
        return reply.status(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(notBuilt(ENTRY_NAME[entry] ?? entry));
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', dir, { cacheControl: false });
    };
    // The service's root leads to the portal (a temporary redirect: a landing page may take its place).
    web.get('/', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').redirect('/portal/', 302));
    // ignoreTrailingSlash: '/portal' also answers /portal/.
    web.get('/portal', { schema: { hide: true } }, page('portal'));
    web.get('/portal/*', { schema: { hide: true } }, page('portal'));
    // The admin console: a page of its own, whose code the portal never loads (nor it the portal's).
    web.get('/admin', { schema: { hide: true } }, page('admin'));
    web.get('/admin/*', { schema: { hide: true } }, page('admin'));
    // The public status page: one page, no client-side routes (ignoreTrailingSlash: /status/ too).
    web.get('/status', { schema: { hide: true } }, page('status'));
  });
};
