#!/usr/bin/env node
// npm's `prepare` step: builds dist/ and the typed client (clients/typescript/dist) when the
// build tools are installed (a development install, `npm install` or `npm ci`). A production install (`npm ci --omit=dev`) has no
// TypeScript: it uses the dist/ built beforehand (README: "Running in production").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let tsc;
try {
  tsc = require.resolve('typescript/bin/tsc');
} catch {
  if (!existsSync('dist/src/server.js')) {
    console.warn('prepare: TypeScript is not installed (production install) and dist/ is missing: build it first with `npm ci && npm run build`.');
  }
  process.exit(0);
}
const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
const client = spawnSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit' });
process.exit(client.status ?? 1);
