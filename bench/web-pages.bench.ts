/**
 * How fast the web app's pages show their data, in a real browser (Debian's Chromium), served by the
 * service as `npm start` runs it, on SQLite or PostgreSQL:
 *   - the portal, for a partner with 100,000 cached calculations, 10,000 webhook delivery attempts and
 *     1,000,000 usage events;
 *   - the admin console, with 10,000 partners and the platform's usage over the same 1,000,000 events.
 * Every page reachable from each app's navigation is opened (found at run time, so new pages are measured
 * too), plus the big partner's page in the console. For each: the time from the start of the navigation
 * to its data on screen (an h1 in main, nothing in main marked aria-busy, no API request in flight), first
 * in a fresh page of a warm browser (the app's assets cached, as a second visit) and the median of three;
 * the API requests it made; and its waterfall's depth: the longest chain of API requests each started only
 * after the previous one had answered (the session check, then the page's data: two steps).
 * Aims: each page within 1 s; no waterfall deeper than two steps.
 *
 *   npm run build && node --import tsx bench/web-pages.bench.ts [--db sqlite|postgres]
 *
 * --db defaults to postgres when DATABASE_URL (or BENCH_DATABASE_URL) is set, else sqlite. Smaller data for a
 * quick look: BENCH_CALCS, BENCH_DELIVERIES, BENCH_EVENTS, BENCH_PARTNERS.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { migrate } from '../src/db/database.js';
import { createDeps, createLogger } from '../src/deps.js';
import { createPartner } from '../src/areas/partners/service.js';
import { hashPassword } from '../src/lib/crypto.js';
import { databaseEnv, testConfig } from '../test/helpers/app.js';
import { seedCalculations } from './lib/seed.js';
import { drive, fmt, machine, median, PG_URL, ROOT, spawnServer } from './lib/util.js';

const { values: argv } = parseArgs({ options: { db: { type: 'string' } } });
const DIALECT = (argv.db ?? (process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite')) as 'sqlite' | 'postgres';
const PG = process.env.DATABASE_URL || PG_URL;
const CALCS = Number(process.env.BENCH_CALCS ?? 100_000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const PARTNERS = Number(process.env.BENCH_PARTNERS ?? 10_000);
const SECRET = 'bench-platform-ingest-secret';
const PASSWORD = 'Bench pages: a long passphrase 7';
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench console: a long passphrase 9' };
const CATS = ['groceries', 'dining', 'rent', 'subscription', 'transport', 'utilities', 'shopping', 'travel'];
const AIM_MS = 1000;
const AIM_DEPTH = 2;

interface Measure {
  label: string;
  url: string;
  firstMs: number;
  medianMs: number;
  requests: number;
  depth: number;
}

/** Opens `url` in a fresh page and waits for its data; returns the time and the API requests' waterfall. */
async function visit(page: Page, base: string, url: string): Promise<{ ms: number; requests: number; depth: number }> {
  const reqs = new Map<object, { start: number; end: number | null }>();
  const onRequest = (r: { url(): string }) => {
    if (r.url().startsWith(`${base}/api/`)) reqs.set(r, { start: performance.now(), end: null });
  };
  const onDone = (r: object) => {
    const e = reqs.get(r);
    if (e) e.end = performance.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  const t0 = performance.now();
  await page.goto(`${base}${url}`, { waitUntil: 'commit' });
  let doneAt: number | null = null;
  const deadline = t0 + 30_000;
  for (;;) {
    const now = performance.now();
    if (now > deadline) throw new Error(`${url}: no data on screen after 30 s`);
    const inFlight = [...reqs.values()].some((e) => e.end === null);
    // A string, evaluated in the page (this file is compiled without the DOM's types).
    const shown = (await page.evaluate(
      `(() => { const m = document.querySelector('main'); return !!m && !!m.querySelector('h1') && !m.querySelector('[aria-busy="true"]:not(button)'); })()`,
    )) as boolean;
    if (shown && !inFlight && reqs.size > 0) {
      doneAt ??= now;
      // Still true 150 ms later: nothing started a further request meanwhile.
      if (now - doneAt >= 150) break;
    } else {
      doneAt = null;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  page.off('request', onRequest);
  page.off('requestfinished', onDone);
  page.off('requestfailed', onDone);
  // Depth: a request waited for every request that had answered before it started.
  const list = [...reqs.values()].sort((a, b) => a.start - b.start);
  const depth = new Map<(typeof list)[number], number>();
  for (const r of list) {
    let d = 1;
    for (const q of list) if (q !== r && q.end !== null && q.end <= r.start) d = Math.max(d, (depth.get(q) ?? 1) + 1);
    depth.set(r, d);
  }
  return { ms: doneAt - t0, requests: list.length, depth: Math.max(0, ...depth.values()) };
}

async function measureAll(page: Page, base: string, targets: { label: string; url: string }[]): Promise<Measure[]> {
  const out: Measure[] = [];
  for (const t of targets) {
    const runs: { ms: number; requests: number; depth: number }[] = [];
    for (let i = 0; i < 4; i++) runs.push(await visit(page, base, t.url));
    const [first, ...rest] = runs;
    out.push({ ...t, firstMs: first.ms, medianMs: median(rest.map((r) => r.ms)), requests: first.requests, depth: Math.max(...runs.map((r) => r.depth)) });
  }
  return out;
}

/** The links of the app's navigation, as the signed-in page shows them. */
async function navTargets(page: Page, base: string, start: string, navName: string): Promise<{ label: string; url: string }[]> {
  await page.goto(`${base}${start}`);
  const nav = page.getByRole('navigation', { name: navName });
  await nav.getByRole('link').first().waitFor();
  const links: { label: string; url: string }[] = [];
  for (const a of await nav.getByRole('link').all()) {
    links.push({ label: ((await a.textContent()) ?? '').trim(), url: new URL((await a.getAttribute('href')) ?? '/', base).pathname });
  }
  return links;
}

function table(title: string, rows: Measure[]): void {
  console.log(`\n${title}\n`);
  console.log('| page | first visit ms | median of 3 ms | API requests | waterfall depth | within 1 s, ≤ 2 steps |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    const ok = r.medianMs <= AIM_MS && r.firstMs <= AIM_MS && r.depth <= AIM_DEPTH;
    console.log(`| ${r.label} (\`${r.url}\`) | ${fmt(r.firstMs)} | ${fmt(r.medianMs)} | ${r.requests} | ${r.depth} | ${ok ? '✓' : '✗'} |`);
  }
}

async function main() {
  if (!existsSync(path.join(ROOT, 'web/dist/portal/index.html')) || !existsSync(path.join(ROOT, 'web/dist/admin/index.html'))) {
    console.error('web/dist is missing: run `npm run build` first');
    process.exit(1);
  }
  console.log(`web pages on ${DIALECT}: ${fmt(CALCS)} cached calculations, ${fmt(DELIVERIES)} delivery attempts, ${fmt(EVENTS)} usage events, ${fmt(PARTNERS)} partners`);
  console.log(`machine: ${machine()}`);
  const { config, cleanup } = await testConfig({ INGEST_SECRET: SECRET, LOG_LEVEL: 'silent' }, DIALECT === 'postgres' ? PG : null);
  const deps = createDeps(config, { log: createLogger(config), poolSize: 4 });
  await migrate(deps.database);
  const db = deps.database.db;

  const t0 = Date.now();
  const big = await deps.database.tx(async (trx) =>
    createPartner(deps, trx, { email: 'big@example.com', company: 'Big Partner', activated: true, passwordHash: await hashPassword(PASSWORD) }),
  );
  // The other partners, in transactions of 500.
  for (let i = 1; i < PARTNERS; i += 500) {
    await deps.database.tx(async (trx) => {
      for (let j = i; j < Math.min(PARTNERS, i + 500); j++) await createPartner(deps, trx, { email: `partner_${j}@example.com`, company: `Partner ${String(j).padStart(5, '0')}`, activated: j % 3 !== 0 });
    });
  }
  const now = Date.now();
  await seedCalculations(deps, big.id, CALCS, 'test');
  console.log(`${fmt(PARTNERS)} partners and ${fmt(CALCS)} cached calculations written in ${fmt((Date.now() - t0) / 1000, 1)} s`);

  const rx = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
  const rxUrl = `http://127.0.0.1:${(rx.address() as { port: number }).port}/hook`;

  const server = await spawnServer('src/server.ts', {
    ...databaseEnv(config),
    INGEST_SECRET: SECRET,
    // spawnServer reads the address from the start-up log line (info).
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_SECOND: '1000000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SEED_DEMO_PARTNER: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  process.on('exit', () => server.child.kill('SIGKILL'));
  const base = server.address;
  const pool = new Pool(base, { connections: 8 });
  const call = async (method: 'GET' | 'POST', p: string, headers: Record<string, string>, body?: unknown) => {
    const r = await pool.request({ method, path: p, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await r.body.text();
    if (r.statusCode >= 300) throw new Error(`${method} ${p}: ${r.statusCode} ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  try {
    const keyed = { 'x-api-key': big.testKey!, 'x-service-ingest-secret': big.ingestSecret };
    await call('POST', '/api/v1/webhooks', keyed, { url: rxUrl, events: ['calculation.updated'] });
    const t1 = Date.now();
    await drive(DELIVERIES, 8, async (i) => {
      await call('POST', '/api/v1/ingest', keyed, { end_user_id: `hooked_${i}`, cash_balance: 1000 + i });
    });
    // Wait for every attempt to be logged.
    for (;;) {
      const r = await sql<{ n: number | string }>`select count(*) as n from webhook_deliveries where partner_id = ${big.id}`.execute(db);
      const counted = Number(r.rows[0].n);
      if (counted >= DELIVERIES) break;
      if (Date.now() - t1 > 600_000) throw new Error(`only ${counted} deliveries after 10 minutes`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    console.log(`${fmt(DELIVERIES)} ingests and their deliveries in ${fmt((Date.now() - t1) / 1000, 1)} s`);

    const t2 = Date.now();
    const BATCH = 500;
    const day = 86_400_000;
    await drive(Math.ceil(EVENTS / BATCH), 4, async (b) => {
      const events = Array.from({ length: Math.min(BATCH, EVENTS - b * BATCH) }, (_, k) => {
        const i = b * BATCH + k;
        const type = i % 10 === 0 ? 'user_signup' : i % 10 === 1 ? 'account_link' : 'transaction';
        return {
          partner_id: big.id,
          event_type: type,
          user_id: `user_${i % 20_000}`,
          amount_cents: type === 'transaction' ? 100 + (i % 5000) : null,
          category: type === 'transaction' ? CATS[i % CATS.length] : null,
          institution: type === 'account_link' ? 'Chase' : null,
          // Spread over the last 28 days.
          occurred_at: new Date(now - Math.floor((i / EVENTS) * 28 * day)).toISOString(),
        };
      });
      await call('POST', '/api/ingest/events/batch', { 'x-service-ingest-secret': SECRET }, { events });
    });
    console.log(`${fmt(EVENTS)} usage events ingested in ${fmt((Date.now() - t2) / 1000, 1)} s`);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    try {
      // The portal, signed in with the password.
      const portal = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const login = await portal.request.post(`${base}/api/auth/partner/login`, { data: { email: 'big@example.com', password: PASSWORD } });
      if (!login.ok()) throw new Error(`partner sign-in: ${login.status()} ${await login.text()}`);
      const pp = await portal.newPage();
      // The rollups are written behind the ingest: wait until the dashboard counts every event.
      const t3 = Date.now();
      for (;;) {
        const u = await portal.request.get(`${base}/api/partners/me/usage?days=30&environment=live`);
        const events = ((await u.json()) as { totals?: { events?: number } }).totals?.events ?? 0;
        if (events >= EVENTS) break;
        if (Date.now() - t3 > 600_000) throw new Error(`the dashboard counts ${events} of ${EVENTS} events after 10 minutes`);
        await new Promise((r) => setTimeout(r, 1000));
      }
      const portalPages = await navTargets(pp, base, '/portal/', 'Portal');
      const portalTargets = [
        ...portalPages,
        ...portalPages.filter((p) => p.url === '/portal/usage').map((p) => ({ label: `${p.label}, Production`, url: `${p.url}?env=live` })),
        ...(portalPages.some((p) => p.url === '/portal/account') ? [] : [{ label: 'Account', url: '/portal/account' }]),
      ];
      table(`Portal (${DIALECT}), the big partner`, await measureAll(pp, base, portalTargets));
      await portal.close();

      const admin = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const al = await admin.request.post(`${base}/api/auth/admin/login`, { data: ADMIN });
      if (!al.ok()) throw new Error(`admin sign-in: ${al.status()} ${await al.text()}`);
      const ap = await admin.newPage();
      const adminPages = await navTargets(ap, base, '/admin/', 'Admin console');
      table(`Admin console (${DIALECT}), ${fmt(PARTNERS)} partners`, await measureAll(ap, base, [...adminPages, { label: 'Big Partner’s page', url: `/admin/partners/${big.id}` }]));
      await admin.close();
    } finally {
      await browser.close();
    }
  } finally {
    await pool.close();
    await server.stop();
    rx.close();
    await deps.database.close();
    await cleanup();
  }
}

await main();
