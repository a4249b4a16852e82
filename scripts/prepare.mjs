#!/usr/bin/env node
// npm's `prepare` step: builds dist/ (tsc), the typed client (clients/typescript/dist) and the web
// app's web/dist/ (Vite) when the build tools are installed (a development install, `npm install` or
// `npm ci`). A production install (`npm ci --omit=dev`) has none of them: it uses the dist/ and
// web/dist/ built beforehand (README: "Running in production"); without web/dist the service still
// runs and /portal/ says it is not built.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
let tsc;
try {
  tsc = require.resolve('typescript/bin/tsc');
} catch {
  if (!existsSync('dist/src/server.js')) {
    console.warn('prepare: TypeScript is not installed (production install) and dist/ is missing: build it first with `npm ci && npm run build`.');
  }
  if (!existsSync('web/dist/portal/index.html')) {
    console.warn('prepare: web/dist/ is missing: the portal answers 503 until it is built (`npm ci && npm run build`).');
  }
  process.exit(0);
}
const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
const client = spawnSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit' });
if (client.status !== 0) process.exit(client.status ?? 1);

let vite;
try {
  vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
} catch {
  console.warn('prepare: Vite is not installed: the web app (web/dist/) is not built.');
  process.exit(0);
}
const w = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
process.exit(w.status ?? 1);
