#!/usr/bin/env node
// Runs the test files with Node's own test runner (TypeScript through tsx).
//   npm test                       every file under test/
//   npm test -- test/calculations  only the files under that folder (test/web: not test/webhooks)
//   npm test -- credential-budget  only files whose path contains one of the arguments
// Set DATABASE_URL=postgres://… to run the same suite on PostgreSQL (each file gets its own schema).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import os from 'node:os';

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.test.ts') ? [p] : [];
  });
}

// A folder matches the files under it; anything else, the files whose path contains it.
const filters = process.argv.slice(2).map((x) =>
  existsSync(x) && statSync(x).isDirectory() ? { dir: path.normalize(x).replace(/\/+$/, '') + path.sep } : { part: x },
);
const files = walk('test')
  .filter((f) => filters.length === 0 || filters.some((x) => (x.dir ? f.startsWith(x.dir) : f.includes(x.part))))
  .sort();
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`);
  process.exit(1);
}
if (process.env.TEST_LIST) {
  // TEST_LIST=1 npm test -- <paths>: which files would run, without running them.
  console.log(files.join('\n'));
  process.exit(0);
}
const concurrency = process.env.TEST_CONCURRENCY ?? String(Math.max(2, os.availableParallelism()));
const args = ['--import', 'tsx', '--test', '--test-force-exit', `--test-concurrency=${concurrency}`, '--test-timeout=180000', '--test-reporter=spec', ...files];
console.log(`running ${files.length} test file(s) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`);
const r = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } });
process.exit(r.status ?? 1);
