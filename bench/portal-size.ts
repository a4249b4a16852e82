/**
 * The first-load transfer of the partner portal: what a browser downloads on its first visit to
 * /portal/ (the page and every script, preload and stylesheet it references), compressed as the
 * server sends it (.br, else .gz, from web/dist). The chart's chunk is loaded later, by the
 * overview, and is reported on its own line.
 *
 *   npm run build:web && npm run bench:portal-size      (figures: bench/README.md, "Portal size")
 *   BUDGET_KB=250 (default): exit 1 when the first load passes it (brotli)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = process.env.WEB_DIST_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
const BUDGET_KB = Number(process.env.BUDGET_KB ?? 250);

interface Size {
  file: string;
  raw: number;
  br: number;
  gz: number;
}

function size(file: string): Size {
  const p = path.join(DIST, file);
  const raw = statSync(p).size;
  const br = existsSync(`${p}.br`) ? statSync(`${p}.br`).size : raw;
  const gz = existsSync(`${p}.gz`) ? statSync(`${p}.gz`).size : raw;
  return { file, raw, br, gz };
}

/** The files an entry's page makes the browser fetch before anything runs: scripts, module preloads, stylesheets, icons. */
export function entryFiles(entry: string): string[] {
  const html = readFileSync(path.join(DIST, entry, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
  return [`${entry}/index.html`, ...new Set(urls)];
}

const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);

function table(title: string, rows: Size[]): Size {
  const total = rows.reduce((t, r) => ({ file: 'total', raw: t.raw + r.raw, br: t.br + r.br, gz: t.gz + r.gz }), { file: 'total', raw: 0, br: 0, gz: 0 });
  console.log(`\n${title}`);
  console.log(`  ${'file'.padEnd(44)} ${'raw KB'.padStart(7)} ${'br KB'.padStart(7)} ${'gzip KB'.padStart(7)}`);
  for (const r of [...rows, total]) console.log(`  ${r.file.padEnd(44)} ${kb(r.raw)} ${kb(r.br)} ${kb(r.gz)}`);
  return total;
}

if (!existsSync(path.join(DIST, 'portal', 'index.html'))) {
  console.error(`${DIST}/portal/index.html is missing: npm run build:web first`);
  process.exit(1);
}
const first = entryFiles('portal');
const firstLoad = table('First load of /portal/ (the page, its scripts, preloads and stylesheets)', first.map(size));
const later = readdirSync(path.join(DIST, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f) && !first.includes(`assets/${f}`))
  .map((f) => size(`assets/${f}`));
if (later.length) table('Loaded later, when a page needs them (the charts, the admin console)', later);
const ok = firstLoad.br / 1024 <= BUDGET_KB;
console.log(`\nfirst load: ${(firstLoad.br / 1024).toFixed(1)} KB brotli, ${(firstLoad.gz / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB): ${ok ? 'within' : 'OVER'}`);
if (!ok) process.exitCode = 1;
