/**
 * The first-load transfer of each entry of the web app: what a browser downloads on its first visit
 * to /portal/, /admin/ or /status (the page and every script, preload and stylesheet it references),
 * compressed as the server sends it (.br, else .gz, from web/dist). Chunks an entry loads later (the
 * charts, when a page draws one) are listed on their own, and for the portal and the console also
 * added to the first load as the heaviest page sees it.
 *
 *   npm run build:web && npm run bench:portal-size      (figures: bench/README.md, "Portal size")
 *   Budgets (brotli): the portal 250 KB (BUDGET_KB), the admin console 300 KB (ADMIN_BUDGET_KB); exit 1 over either
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = process.env.WEB_DIST_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
const BUDGET_KB = Number(process.env.BUDGET_KB ?? 250);
const ADMIN_BUDGET_KB = Number(process.env.ADMIN_BUDGET_KB ?? 300);

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
if (later.length) table('Loaded later, when a page needs them (the charts, the other entries)', later);
const charts = later.filter((s) => /\/charts-/.test(s.file)).reduce((n, s) => ({ br: n.br + s.br, gz: n.gz + s.gz }), { br: 0, gz: 0 });
let failed = false;
const verdict = (what: string, br: number, gz: number, budget: number | null) => {
  const ok = budget === null || br / 1024 <= budget;
  if (!ok) failed = true;
  console.log(`${what}: ${(br / 1024).toFixed(1)} KB brotli, ${(gz / 1024).toFixed(1)} KB gzip${budget === null ? '' : ` (budget ${budget} KB): ${ok ? 'within' : 'OVER'}`}`);
};
console.log('');
verdict('portal first load', firstLoad.br, firstLoad.gz, BUDGET_KB);
verdict('portal, a page with charts', firstLoad.br + charts.br, firstLoad.gz + charts.gz, null);
for (const [entry, budget] of [['admin', ADMIN_BUDGET_KB], ['status', null]] as const) {
  if (!existsSync(path.join(DIST, entry, 'index.html'))) continue;
  const t = entryFiles(entry).map(size).reduce((a, r) => ({ br: a.br + r.br, gz: a.gz + r.gz }), { br: 0, gz: 0 });
  verdict(`${entry} first load`, t.br, t.gz, budget);
  if (entry === 'admin') verdict('admin, a page with charts', t.br + charts.br, t.gz + charts.gz, budget);
}
if (failed) process.exitCode = 1;
