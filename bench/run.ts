/**
 * npm run bench: runs every bench/*.bench.ts (or those whose name contains an
 * argument) one after another, each in its own process, and prints their reports.
 * Each benchmark prints its own figures and compares against its baseline in the same run.
 */
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  // The soak runs for minutes at a chosen rate: only when named (or through npm run bench:soak).
  .filter((f) => (filters.length === 0 ? f !== 'soak.bench.ts' : filters.some((x) => f.includes(x))))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
