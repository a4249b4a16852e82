/**
 * Usage-event ingest and dashboard benchmark (issue 6), on SQLite and PostgreSQL.
 *
 *   node --import tsx bench/ingest.bench.ts
 *
 * 1. Ingest: events/s through POST /api/ingest/events/batch (real HTTP, 500-event
 *    batches, keep-alive connections), against a raw multi-row INSERT of the same
 *    rows (the driver alone, 500 rows a statement, same concurrency) into a copy of
 *    the events table with the same indexes, in the same run.
 * 2. Dashboard: GET /api/partners/me/usage over a partner with 10,000,000 events
 *    (rollups generated with set-based SQL: generate_series / a recursive CTE),
 *    against the naive query that scans the raw events (over 1,000,000 of them).
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * BENCH_DB=sqlite|postgres|both (default both), BENCH_BATCHES (default 480), BENCH_ROUNDS (default 8),
 * BENCH_CONCURRENCY (default 8), BENCH_SCAN_EVENTS (default 1000000).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { buildApp } from '../src/app.js';
import type { Deps } from '../src/context.js';
import { migrate } from '../src/db/database.js';
import { createDeps, createLogger } from '../src/deps.js';
import { createPartner } from '../src/areas/partners/service.js';
import { newId } from '../src/lib/ids.js';
import { randomBase62, sha256Hex } from '../src/lib/crypto.js';
import { DAY_MS, utcDay } from '../src/lib/time.js';
import { databaseEnv, testConfig } from '../test/helpers/app.js';
import { dailyActive, dailyRollup, windowActiveUsers } from '../src/areas/usage-events/repo.js';
import { drive, PG_URL, spawnServer } from './lib/util.js';

const WHICH = process.env.BENCH_DB ?? 'both';
const BATCHES = Number(process.env.BENCH_BATCHES ?? 480);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SCAN_EVENTS = Number(process.env.BENCH_SCAN_EVENTS ?? 1_000_000);
const PART = process.env.BENCH_PART ?? 'both';
const SECRET = 'bench-platform-ingest-secret';
const BATCH = 500;
const PARTNERS = 20;
const BIG_EVENTS = 10_000_000;
const BIG_USERS = 100_000;
const DAILY_USERS = 5_000;

type Dialect = 'sqlite' | 'postgres';

async function open(dialect: Dialect) {
  const { config, cleanup: dropDatabase } = await testConfig(
    { INGEST_SECRET: SECRET, LOG_LEVEL: 'silent' },
    dialect === 'postgres' ? PG_URL : null,
  );
  const deps = createDeps(config, { log: createLogger(config), poolSize: CONCURRENCY + 2 });
  await migrate(deps.database);
  await deps.start();
  const cleanup = async () => {
    await deps.close();
    await dropDatabase();
  };
  return { deps, cleanup };
}

// ------------------------------------------------------------------ 1. ingest throughput

interface BenchEvent {
  partner_id: string;
  event_type: 'user_signup' | 'account_link' | 'transaction';
  user_id: string;
  amount_cents: number | null;
  category: string | null;
  institution: string | null;
  occurred_at: string;
}

const CATS = ['groceries', 'dining', 'rent', 'subscription', 'transport', 'utilities', 'shopping', 'travel'];

function makeBatches(partners: string[], n: number, now: number): BenchEvent[][] {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  return Array.from({ length: n }, () =>
    Array.from({ length: BATCH }, () => {
      const r = rnd();
      const type = r < 0.1 ? 'user_signup' : r < 0.2 ? 'account_link' : 'transaction';
      return {
        partner_id: partners[Math.floor(rnd() * partners.length)],
        event_type: type,
        user_id: `user_${Math.floor(rnd() * 20_000)}`,
        amount_cents: type === 'transaction' ? Math.floor(rnd() * 50_000) : null,
        category: type === 'transaction' ? CATS[Math.floor(rnd() * CATS.length)] : null,
        institution: type === 'account_link' ? 'Chase' : null,
        occurred_at: new Date(now - Math.floor(rnd() * 3_600_000)).toISOString(), // near real time: the last hour
      } satisfies BenchEvent;
    }),
  );
}

const COLS = ['id', 'partner_id', 'environment', 'event_type', 'user_id', 'amount_cents', 'category', 'institution', 'occurred_at', 'day', 'received_at', 'event_key'];

/** The rows the service would store for these events. */
function rowsOf(batch: BenchEvent[], now: number): unknown[] {
  const out: unknown[] = [];
  for (const e of batch) {
    const at = Date.parse(e.occurred_at);
    out.push(newId('evt', now), e.partner_id, 'live', e.event_type, e.user_id, e.amount_cents, e.category, e.institution, at, utcDay(at), now, null);
  }
  return out;
}

/**
 * The raw comparison table: a copy of the live `usage_events` (columns, primary key,
 * index, foreign key), taken from the migrated schema so that it cannot drift from it.
 */
async function createRawTable(deps: Deps) {
  const db = deps.database.db;
  if (deps.database.dialect === 'postgres') {
    await sql`create table usage_events_raw (like usage_events including all)`.execute(db);
    // LIKE copies no foreign keys; the service's inserts pay for this one.
    await sql`alter table usage_events_raw add foreign key (partner_id) references partners (id) on delete cascade`.execute(db);
    return;
  }
  const ddl = await sql<{ sql: string | null }>`select sql from sqlite_master where tbl_name = 'usage_events' and sql is not null order by type desc`.execute(db);
  if (ddl.rows.length < 2) throw new Error('usage_events: table or index not found');
  for (const { sql: statement } of ddl.rows) await sql.raw(statement!.replaceAll('usage_events', 'usage_events_raw')).execute(db);
}

async function benchIngest(dialect: Dialect) {
  const { deps, cleanup } = await open(dialect);
  try {
    const partners: string[] = [];
    for (let i = 0; i < PARTNERS; i++) {
      const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: `b${i}_${randomBase62(6)}@example.com`, company: `Bench ${i}`, activated: true }));
      partners.push(p.id);
    }
    await createRawTable(deps);
    const now = Date.now();
    const batches = makeBatches(partners, BATCHES + 4, now); // + 4 for the endpoint's warm-up
    const bodies = batches.map((b) => JSON.stringify({ events: b }));
    const conc = dialect === 'sqlite' ? Math.min(CONCURRENCY, 4) : CONCURRENCY;

    // Raw: the driver alone, one 500-row INSERT a statement (autocommit), same concurrency.
    const placeholders = (dialect === 'postgres'
      ? Array.from({ length: BATCH }, (_, r) => `(${COLS.map((_, c) => `$${r * COLS.length + c + 1}`).join(',')})`)
      : Array.from({ length: BATCH }, () => `(${COLS.map(() => '?').join(',')})`)
    ).join(',');
    const text = `INSERT INTO usage_events_raw (${COLS.join(',')}) VALUES ${placeholders}`;
    const rawRows = batches.map((b) => rowsOf(b, now));
    let rawJob: (i: number) => Promise<void>;
    if (dialect === 'postgres') {
      const pool = deps.database.pgPool!;
      rawJob = async (i) => {
        await pool.query(text, rawRows[i]);
      };
    } else {
      const stmt = deps.database.sqlite!.prepare(text);
      rawJob = async (i) => {
        stmt.run(...(rawRows[i] as (string | number | null)[]));
      };
    }
    await drive(4, conc, (i) => rawJob(i)); // warm-up
    await sql`delete from usage_events_raw`.execute(deps.database.db);

    // Through the endpoint: the server in its own process (as deployed, with its workers, so the rollup
    // worker folds the deltas in while the load runs), over HTTP: validation, partner check, insert.
    const server = await spawnServer('src/server.ts', { ...databaseEnv(deps.config), INGEST_SECRET: SECRET, SEED_DEMO_PARTNER: 'false', RUN_WORKERS: 'true' });
    const port = Number(new URL(server.address).port);
    const http = new Pool(`http://127.0.0.1:${port}`, { connections: conc });
    let failures = 0;
    const apiJob = async (i: number) => {
      const res = await http.request({
        path: '/api/ingest/events/batch',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-ingest-secret': SECRET },
        body: bodies[i],
      });
      const body = await res.body.text();
      if (res.statusCode !== 200) {
        failures++;
        if (failures < 3) console.error(res.statusCode, body.slice(0, 300));
      }
    };
    await drive(4, conc, (i) => apiJob(BATCHES + i)); // warm-up (4 extra batches)
    // Interleaved rounds (raw, endpoint, raw, endpoint, …) so that a change in the machine's load
    // (2 cores shared) weighs on both figures alike.
    const per = Math.ceil(BATCHES / ROUNDS);
    let rawSec = 0;
    let apiSec = 0;
    const roundRatios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const lo = r * per;
      const n = Math.max(0, Math.min(per, BATCHES - lo));
      const rs = await drive(n, conc, (i) => rawJob(lo + i));
      const as = await drive(n, conc, (i) => apiJob(lo + i));
      rawSec += rs;
      apiSec += as;
      roundRatios.push(rs / as);
    }
    await http.close();
    // How long after the last acknowledged batch the rollups hold every event (the server's worker alone).
    const t0 = performance.now();
    const pendingLeft = async () => Number((await deps.database.db.selectFrom('usage_event_pending').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    while ((await pendingLeft()) > 0 && performance.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 5));
    const drainMs = performance.now() - t0;
    await server.stop();
    const rolled = Number(
      (await deps.database.db.selectFrom('usage_event_daily').select((eb) => eb.fn.sum<number>('events').as('n')).executeTakeFirstOrThrow()).n,
    );

    const stored = Number(
      (await deps.database.db.selectFrom('usage_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    );
    const events = BATCHES * BATCH;
    const raw = events / rawSec;
    const api = events / apiSec;
    roundRatios.sort((a, b) => a - b);
    const median = roundRatios[Math.floor(roundRatios.length / 2)];
    return { dialect, events, conc, raw, api, ratio: api / raw, median, spread: [roundRatios[0], roundRatios[roundRatios.length - 1]], failures, stored, rolled, drainMs, expected: (BATCHES + 4) * BATCH };
  } finally {
    await cleanup();
  }
}

// ------------------------------------------------------------------ 2. dashboard over 10M events

/** Rollups of one partner with 10,000,000 events over 365 days, generated set-based. */
async function seedBigRollups(deps: Deps, partnerId: string, today: string) {
  const db = deps.database.db;
  // Per day: 1,000 sign-ups, 1,397 links and 25,000 transactions in 8 categories (3,125 each) = 27,397;
  // 365 days = 9,999,905 events, plus 95 sign-ups on the first day = 10,000,000.
  const types = [
    ['user_signup', '', 1000, 0],
    ['account_link', '', 1397, 0],
    ...CATS.map((c, i) => ['transaction', c, 3125, 1000 + i * 500] as const),
  ] as const;
  const values = types.map(([t, c, n, avg]) => `('${t}','${c}',${n},${avg})`).join(',');
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  if (deps.database.dialect === 'postgres') {
    const d = (expr: string) => `to_char(date '${today}' - (${expr})::int, 'YYYY-MM-DD')`;
    await sql
      .raw(
        `INSERT INTO usage_event_daily (partner_id, environment, day, event_type, category, events, amount_cents)
         SELECT '${partnerId}', 'live', ${d('g')}, t.type, t.cat, t.n + CASE WHEN g = 364 AND t.type = 'user_signup' THEN 95 ELSE 0 END, t.n * t.avg
         FROM generate_series(0, 364) g CROSS JOIN (VALUES ${values}) AS t(type, cat, n, avg)`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT INTO usage_event_daily_active (partner_id, environment, day, active_users)
         SELECT '${partnerId}', 'live', ${d('g')}, ${DAILY_USERS} FROM generate_series(0, 364) g`,
      )
      .execute(db);
    // User u is active every 20 days: on days g with floor(u / 5000) = g mod 20.
    await sql
      .raw(
        `INSERT INTO usage_event_users (partner_id, environment, user_id, last_day)
         SELECT '${partnerId}', 'live', 'user_' || u, ${d('(u / 5000) % 20')} FROM generate_series(0, ${BIG_USERS - 1}) u`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT INTO usage_event_last_days (partner_id, environment, day, users)
         SELECT partner_id, environment, last_day, count(*) FROM usage_event_users WHERE partner_id = '${partnerId}' GROUP BY partner_id, environment, last_day`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT INTO usage_event_day_users (partner_id, environment, user_id, day)
         SELECT '${partnerId}', 'live', 'user_' || ((g % 20) * 5000 + k), ${d('g')}
         FROM generate_series(0, 364) g CROSS JOIN generate_series(0, ${DAILY_USERS - 1}) k`,
      )
      .execute(db);
    // What autovacuum leaves in steady state (only this schema's tables: a bare VACUUM would walk the whole database).
    await sql.raw('VACUUM ANALYZE usage_event_daily, usage_event_daily_active, usage_event_users, usage_event_last_days, usage_event_day_users').execute(db);
  } else {
    const s = deps.database.sqlite!;
    const dayOf = (expr: string) => `strftime('%Y-%m-%d', ${todayMs / 1000} - (${expr}) * 86400, 'unixepoch')`;
    s.exec(`
      WITH RECURSIVE g(g) AS (SELECT 0 UNION ALL SELECT g + 1 FROM g WHERE g < 364),
      t(type, cat, n, avg) AS (VALUES ${values})
      INSERT INTO usage_event_daily (partner_id, environment, day, event_type, category, events, amount_cents)
      SELECT '${partnerId}', 'live', ${dayOf('g')}, t.type, t.cat, t.n + CASE WHEN g = 364 AND t.type = 'user_signup' THEN 95 ELSE 0 END, t.n * t.avg
      FROM g CROSS JOIN t;
      WITH RECURSIVE g(g) AS (SELECT 0 UNION ALL SELECT g + 1 FROM g WHERE g < 364)
      INSERT INTO usage_event_daily_active (partner_id, environment, day, active_users)
      SELECT '${partnerId}', 'live', ${dayOf('g')}, ${DAILY_USERS} FROM g;
      WITH RECURSIVE u(u) AS (SELECT 0 UNION ALL SELECT u + 1 FROM u WHERE u < ${BIG_USERS - 1})
      INSERT INTO usage_event_users (partner_id, environment, user_id, last_day)
      SELECT '${partnerId}', 'live', 'user_' || u, ${dayOf('(u / 5000) % 20')} FROM u;
      INSERT INTO usage_event_last_days (partner_id, environment, day, users)
      SELECT partner_id, environment, last_day, count(*) FROM usage_event_users WHERE partner_id = '${partnerId}' GROUP BY partner_id, environment, last_day;
      WITH RECURSIVE g(g) AS (SELECT 0 UNION ALL SELECT g + 1 FROM g WHERE g < 364),
      k(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM k WHERE k < ${DAILY_USERS - 1})
      INSERT INTO usage_event_day_users (partner_id, environment, user_id, day)
      SELECT '${partnerId}', 'live', 'user_' || ((g % 20) * 5000 + k), ${dayOf('g')} FROM g CROSS JOIN k;
      ANALYZE;
    `);
  }
}

/** Raw events for the naive baseline (another partner), generated set-based. */
async function seedRawEvents(deps: Deps, partnerId: string, todayMs: number, n: number) {
  const span = 365 * DAY_MS;
  const start = todayMs - 364 * DAY_MS;
  const cat = `CASE i % 8 ${CATS.map((c, j) => `WHEN ${j} THEN '${c}'`).join(' ')} END`;
  if (deps.database.dialect === 'postgres') {
    await sql
      .raw(
        `INSERT INTO usage_events (id, partner_id, environment, event_type, user_id, amount_cents, category, institution, occurred_at, day, received_at, event_key)
         SELECT 'evt_' || lpad(i::text, 12, '0'), '${partnerId}', 'live',
                CASE WHEN i % 10 = 0 THEN 'user_signup' WHEN i % 10 = 1 THEN 'account_link' ELSE 'transaction' END,
                'user_' || (i % ${BIG_USERS}), CASE WHEN i % 10 >= 2 THEN 100 + i % 5000 END, CASE WHEN i % 10 >= 2 THEN ${cat} END, NULL,
                ${start} + (i::bigint * ${span}) / ${n}, to_char(to_timestamp((${start} + (i::bigint * ${span}) / ${n}) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
                ${todayMs}, NULL
         FROM generate_series(0, ${n - 1}) i`,
      )
      .execute(deps.database.db);
    await sql.raw('ANALYZE usage_events').execute(deps.database.db);
  } else {
    deps.database.sqlite!.exec(`
      WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${n - 1})
      INSERT INTO usage_events (id, partner_id, environment, event_type, user_id, amount_cents, category, institution, occurred_at, day, received_at, event_key)
      SELECT printf('evt_%012d', i), '${partnerId}', 'live',
             CASE WHEN i % 10 = 0 THEN 'user_signup' WHEN i % 10 = 1 THEN 'account_link' ELSE 'transaction' END,
             'user_' || (i % ${BIG_USERS}), CASE WHEN i % 10 >= 2 THEN 100 + i % 5000 END, CASE WHEN i % 10 >= 2 THEN ${cat} END, NULL,
             ${start} + (i * ${span}) / ${n}, strftime('%Y-%m-%d', (${start} + (i * ${span}) / ${n}) / 1000, 'unixepoch'),
             ${todayMs}, NULL
      FROM s;
      ANALYZE;
    `);
  }
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p95: q(0.95), max: s[s.length - 1] };
}

async function timeIt(n: number, fn: () => Promise<void>) {
  await fn(); // warm
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return stats(out);
}

async function benchDashboard(dialect: Dialect) {
  const { deps, cleanup } = await open(dialect);
  try {
    const big = await deps.database.tx((trx) => createPartner(deps, trx, { email: `big_${randomBase62(6)}@example.com`, company: 'Big', activated: true }));
    const scan = await deps.database.tx((trx) => createPartner(deps, trx, { email: `scan_${randomBase62(6)}@example.com`, company: 'Scan', activated: true }));
    const now = Date.now();
    const today = utcDay(now);
    const todayMs = Date.parse(`${today}T00:00:00Z`);
    let t0 = performance.now();
    await seedBigRollups(deps, big.id, today);
    const rollupSeedSec = (performance.now() - t0) / 1000;
    t0 = performance.now();
    await seedRawEvents(deps, scan.id, todayMs, SCAN_EVENTS);
    const rawSeedSec = (performance.now() - t0) / 1000;

    const app = await buildApp(deps);
    await app.ready();
    const token = `sess_${randomBase62(40)}`;
    await deps.database.db
      .insertInto('sessions')
      .values({ id: newId('ses'), token_hash: sha256Hex(token), subject_type: 'partner', subject_id: big.id, created_at: now, expires_at: now + 3_600_000, method: 'bench' })
      .execute();
    const get = async (days: number) => {
      const res = await app.inject({ method: 'GET', url: `/api/partners/me/usage?days=${days}`, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`dashboard ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.json() as { totals: { events: number; active_users: number } };
    };
    // Sanity: the answer is the generated data.
    const full = await get(365);
    if (full.totals.events !== BIG_EVENTS || full.totals.active_users !== BIG_USERS) throw new Error(`unexpected totals ${JSON.stringify(full.totals)}`);
    const week = await get(7);
    if (week.totals.active_users !== 7 * DAILY_USERS) throw new Error(`unexpected 7-day users ${week.totals.active_users}`);
    const d365 = await timeIt(20, async () => void (await get(365)));
    const d30 = await timeIt(20, async () => void (await get(30)));
    const f365 = { partnerId: big.id };
    const start365 = utcDay(todayMs - 364 * DAY_MS);
    const parts = {
      rollup: (await timeIt(10, async () => void (await dailyRollup(deps.database.db, f365, 'live', start365, today)))).p50,
      active: (await timeIt(10, async () => void (await dailyActive(deps.database.db, f365, 'live', start365, today)))).p50,
      users: (await timeIt(10, async () => void (await windowActiveUsers(deps.database.db, f365, 'live', start365, today)))).p50,
    };

    // Naive baseline: the same figures computed from the raw events of the scan partner.
    const from = todayMs - 364 * DAY_MS;
    const db = deps.database.db;
    const naive = await timeIt(3, async () => {
      await db
        .selectFrom('usage_events')
        .select((eb) => ['day', 'event_type', 'category', eb.fn.countAll().as('n'), eb.fn.sum('amount_cents').as('v')])
        .where('partner_id', '=', scan.id)
        .where('environment', '=', 'live')
        .where('occurred_at', '>=', from)
        .where('occurred_at', '<', todayMs + DAY_MS)
        .groupBy(['day', 'event_type', 'category'])
        .execute();
      await db
        .selectFrom('usage_events')
        .select((eb) => eb.fn.count('user_id').distinct().as('u'))
        .where('partner_id', '=', scan.id)
        .where('environment', '=', 'live')
        .where('occurred_at', '>=', from)
        .where('occurred_at', '<', todayMs + DAY_MS)
        .execute();
    });
    await app.close();
    return { dialect, rollupSeedSec, rawSeedSec, d365, d30, naive, parts };
  } finally {
    await cleanup();
  }
}

// ------------------------------------------------------------------ main

const f = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

const dialects: Dialect[] = WHICH === 'both' ? ['sqlite', 'postgres'] : [WHICH as Dialect];
console.log(`node ${process.version}, ${os.cpus().length} cores, ${BATCHES} batches of ${BATCH}`);
for (const d of PART === 'dashboard' ? [] : dialects) {
  const r = await benchIngest(d);
  console.log(
    `[ingest ${d}] ${f(r.events)} events, concurrency ${r.conc}: endpoint ${f(r.api)} events/s, raw multi-row insert ${f(r.raw)} events/s, ratio ${f(r.ratio, 2)} (median of ${ROUNDS} paired rounds ${f(r.median, 2)}, range ${f(r.spread[0], 2)}–${f(r.spread[1], 2)})` +
      `${r.failures ? `, ${r.failures} FAILED requests` : ''}${r.stored !== r.expected ? `, stored ${r.stored} of ${r.expected}!` : ''}` +
      `; rollups complete ${f(r.drainMs, 0)} ms after the last answer${r.rolled !== r.stored ? `, ROLLUPS HOLD ${r.rolled} of ${r.stored}!` : ''}`,
  );
}
for (const d of PART === 'ingest' ? [] : dialects) {
  const r = await benchDashboard(d);
  console.log(
    `[dashboard ${d}] 10,000,000 events (rollups seeded in ${f(r.rollupSeedSec, 1)} s): days=365 p50 ${f(r.d365.p50, 1)} ms p95 ${f(r.d365.p95, 1)} ms; ` +
      `days=30 p50 ${f(r.d30.p50, 1)} ms p95 ${f(r.d30.p95, 1)} ms | naive scan of ${f(SCAN_EVENTS)} raw events (seeded in ${f(r.rawSeedSec, 1)} s): p50 ${f(r.naive.p50, 0)} ms`,
  );
  console.log(
    `[dashboard ${d}] days=365 parts (p50): daily rollup ${f(r.parts.rollup, 1)} ms, daily active ${f(r.parts.active, 1)} ms, distinct users over the window ${f(r.parts.users, 1)} ms`,
  );
}
