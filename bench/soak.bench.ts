/**
 * Soak: a fixed offered rate held for minutes, on SQLite or PostgreSQL.
 *
 *   npm run bench:soak -- --minutes 30 --rate 300 [--db sqlite|postgres] [--retention-days 30] [--maintenance-ms 60000]
 *
 * Open model: request i is scheduled at start + i/rate, whatever the server is doing, and its latency
 * counts from that scheduled time (a server that falls behind is charged for the queue it causes,
 * which a closed loop of N connections would hide). The mix, over five partners, one of them with
 * 100× the cached rows of the others (preloaded):
 *   calculate 30%, ingest (a webhook to a local receiver per call) 20%, cached-calculation first page
 *   10% and a deeper page 5%, webhook-delivery page 10%, usage-event batch of 50 10%, usage read 15%.
 * Each minute prints throughput (2xx per second) and p50/p99 per operation, the server's RSS, and the
 * three largest tables and the three with most dead rows (PostgreSQL: size, live and dead rows from
 * pg_stat_user_tables) or the database and
 * WAL file sizes and the outbox's row counts (SQLite). At the end: webhooks expected (201 ingests), delivered (distinct event ids
 * received) and duplicated (received more than once).
 *
 * --db defaults to postgres when DATABASE_URL (or BENCH_DATABASE_URL) is set, else sqlite.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { migrate } from '../src/db/database.js';
import { createDeps, createLogger } from '../src/deps.js';
import { createPartner } from '../src/areas/partners/service.js';
import { databaseEnv, testConfig } from '../test/helpers/app.js';
import { fmt, machine, percentile, spawnServer } from './lib/util.js';

const { values: argv } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    rate: { type: 'string', default: '300' },
    db: { type: 'string' },
    'retention-days': { type: 'string', default: '30' },
    'maintenance-ms': { type: 'string', default: '60000' },
    'big-rows': { type: 'string', default: '100000' },
    'minute-ms': { type: 'string', default: '60000' },
  },
});
const MINUTES = Number(argv.minutes);
const RATE = Number(argv.rate);
const PG = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DIALECT = (argv.db ?? (process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite')) as 'sqlite' | 'postgres';
const BIG_ROWS = Number(argv['big-rows']);
const SMALL_ROWS = Math.max(1, Math.round(BIG_ROWS / 100));
const MINUTE_MS = Number(argv['minute-ms']);
const SECRET = 'bench-platform-ingest-secret';
const MAX_IN_FLIGHT = 4000;

type Op = 'calculate' | 'ingest' | 'page_first' | 'page_deep' | 'deliveries' | 'events_batch' | 'usage';
const MIX: [Op, number][] = [
  ['calculate', 30],
  ['ingest', 20],
  ['page_first', 10],
  ['page_deep', 5],
  ['deliveries', 10],
  ['events_batch', 10],
  ['usage', 15],
];
const OPS = MIX.map(([o]) => o);
/** A fixed interleaving of the mix: op of request i is WHEEL[i % 100]. */
const WHEEL: Op[] = (() => {
  const out: Op[] = [];
  const credit = new Map<Op, number>(MIX.map(([o]) => [o, 0]));
  for (let i = 0; i < 100; i++) {
    for (const [o, w] of MIX) credit.set(o, credit.get(o)! + w);
    const [best] = [...credit.entries()].sort((a, b) => b[1] - a[1])[0];
    credit.set(best, credit.get(best)! - 100);
    out.push(best);
  }
  return out;
})();

interface Partner {
  id: string;
  testKey: string;
  ingestSecret: string;
  big: boolean;
  /** A cursor from a first page, for the deeper pages. */
  cursor: string | null;
}

async function receiver() {
  const seen = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res) => {
    const id = String(req.headers['x-service-event-id'] ?? '');
    req.resume();
    req.on('end', () => {
      if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/hook`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

function fileMb(p: string): number {
  try {
    return statSync(p).size / 2 ** 20;
  } catch {
    return 0;
  }
}

async function main() {
  console.log(`soak on ${DIALECT}: ${MINUTES} min at ${RATE} req/s offered, retention ${argv['retention-days']} d, maintenance every ${argv['maintenance-ms']} ms`);
  console.log(`machine: ${machine()}`);
  const { config, cleanup } = await testConfig({ INGEST_SECRET: SECRET, LOG_LEVEL: 'silent' }, DIALECT === 'postgres' ? PG : null);
  const deps = createDeps(config, { log: createLogger(config), poolSize: 4 });
  await migrate(deps.database);
  const db = deps.database.db;
  if (DIALECT === 'postgres') {
    const av = await sql<{ setting: string }>`select setting from pg_settings where name = 'autovacuum'`.execute(db);
    console.log(`PostgreSQL autovacuum = ${av.rows[0].setting}`);
  }

  // Partners: one big (BIG_ROWS cached calculations), four small (1/100 of it).
  const partners: Partner[] = [];
  for (let i = 0; i < 5; i++) {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: `soak_${i}@example.com`, company: `Soak ${i}`, activated: true }));
    partners.push({ id: p.id, testKey: p.testKey!, ingestSecret: p.ingestSecret, big: i === 0, cursor: null });
  }
  const t0 = Date.now();
  const series = (from: number, to: number, select: string) =>
    DIALECT === 'postgres'
      ? select.replace('{FROM}', `FROM generate_series(${from}, ${to}) AS s(n)`)
      : `WITH RECURSIVE s(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM s WHERE n < ${to}) ${select.replace('{FROM}', 'FROM s')}`;
  const now = Date.now();
  const result = JSON.stringify({ safe_to_spend: 100, currency: 'USD' }).replace(/'/g, "''");
  for (const p of partners) {
    const rows = p.big ? BIG_ROWS : SMALL_ROWS;
    await sql
      .raw(
        series(
          1,
          rows,
          `INSERT INTO calculations (partner_id, environment, end_user_id, calculation_id, user_email, result, calculated_at)
           SELECT '${p.id}', 'test', 'pre_' || n, 'calc_pre_${p.id.slice(-6)}_' || n, NULL, '${result}', ${now - 86_400_000} + n {FROM}`,
        ),
      )
      .execute(db);
  }
  console.log(`preloaded ${fmt(BIG_ROWS)} + 4 × ${fmt(SMALL_ROWS)} cached calculations in ${fmt((Date.now() - t0) / 1000, 1)} s (no ANALYZE)`);
  await deps.database.close();

  const rx = await receiver();
  const server = await spawnServer('src/server.ts', {
    ...databaseEnv(config),
    INGEST_SECRET: SECRET,
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_SECOND: '1000000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETENTION_DAYS: argv['retention-days'],
    MAINTENANCE_INTERVAL_MS: argv['maintenance-ms'],
    SEED_DEMO_PARTNER: 'false',
  });
  const pid = server.child.pid!;
  // Whatever happens to this process, the server goes with it.
  process.on('exit', () => server.child.kill('SIGKILL'));
  const pool = new Pool(server.address, { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 });
  for (const p of partners) {
    const r = await pool.request({
      method: 'POST',
      path: '/api/v1/webhooks',
      headers: { 'x-api-key': p.testKey, 'x-service-ingest-secret': p.ingestSecret, 'content-type': 'application/json' },
      body: JSON.stringify({ url: rx.url, events: ['calculation.updated'], enabled: true }),
    });
    const body = await r.body.text();
    if (r.statusCode !== 200) throw new Error(`webhook config: ${r.statusCode} ${body}`);
  }

  const stats = async (): Promise<string> => {
    if (DIALECT === 'sqlite') {
      const f = path.join(config.dataDir, 'service.sqlite');
      // The outbox's rows, read on a connection of our own (read-only, in WAL mode it waits for no writer).
      const ro = new Sqlite(f, { readonly: true, fileMustExist: true });
      try {
        const count = (t: string) => (ro.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n;
        return `db ${fmt(fileMb(f), 1)} MB, WAL ${fmt(fileMb(f + '-wal'), 1)} MB; webhook_events ${fmt(count('webhook_events'))} rows, webhook_deliveries ${fmt(count('webhook_deliveries'))} rows`;
      } finally {
        ro.close();
      }
    }
    const d = createDeps(config, { log: createLogger(config), poolSize: 1 });
    try {
      // The three largest tables, then the three with the most dead rows (small tables updated in place show there).
      const r = await sql<{ relname: string; live: number; dead: number; mb: number }>`
        with t as (select relname, n_live_tup as live, n_dead_tup as dead, pg_total_relation_size(relid) / 1048576.0 as mb
                   from pg_stat_user_tables where schemaname = current_schema()),
             big as (select * from t order by mb desc limit 3),
             dead as (select * from t where dead > 0 and relname not in (select relname from big) order by dead desc limit 3)
        select * from big union all select * from dead`.execute(d.database.db);
      return r.rows.map((x) => `${x.relname} ${fmt(Number(x.mb), 1)} MB ${fmt(Number(x.live))} live/${fmt(Number(x.dead))} dead`).join('; ');
    } finally {
      await d.database.close();
    }
  };

  let expectedWebhooks = 0;
  let seq = 0;
  let inFlight = 0;
  let dropped = 0;
  type Bucket = { lat: Map<Op, number[]>; errors: Map<Op, number>; ok: number };
  const bucket = (): Bucket => ({ lat: new Map(OPS.map((o) => [o, []])), errors: new Map(OPS.map((o) => [o, 0])), ok: 0 });
  const minutes: Bucket[] = [];
  const rows: string[] = [];

  const send = async (op: Op, p: Partner, n: number): Promise<number> => {
    const key = { 'x-api-key': p.testKey };
    const json = { 'content-type': 'application/json' };
    switch (op) {
      case 'calculate': {
        const r = await pool.request({ method: 'POST', path: '/api/v1/calculate/safe-to-spend', headers: { ...key, ...json }, body: `{"end_user_id":"c${n % 5000}","cash_balance":2500,"upcoming_bills":[{"amount":1200,"due_in_days":5}],"cash_buffer":300}` });
        await r.body.dump();
        return r.statusCode;
      }
      case 'ingest': {
        const r = await pool.request({ method: 'POST', path: '/api/v1/ingest', headers: { ...key, ...json, 'x-service-ingest-secret': p.ingestSecret }, body: `{"end_user_id":"s${n}","cash_balance":${1000 + (n % 97)}}` });
        await r.body.dump();
        if (r.statusCode === 201) expectedWebhooks++;
        return r.statusCode;
      }
      case 'page_first':
      case 'page_deep': {
        const cursor = op === 'page_deep' && p.cursor ? `&cursor=${encodeURIComponent(p.cursor)}` : '';
        const r = await pool.request({ method: 'GET', path: `/api/v1/ingest/calculations?limit=50${cursor}`, headers: { ...key, 'x-service-ingest-secret': p.ingestSecret } });
        const body = await r.body.text();
        if (r.statusCode === 200) {
          const next = (JSON.parse(body) as { next_cursor: string | null }).next_cursor;
          // Deeper pages walk on from the last one; a first page restarts the walk now and then.
          if (next && (op === 'page_deep' || !p.cursor)) p.cursor = next;
          if (!next) p.cursor = null;
        }
        return r.statusCode;
      }
      case 'deliveries': {
        const r = await pool.request({ method: 'GET', path: '/api/v1/webhooks/deliveries?limit=50', headers: { ...key, 'x-service-ingest-secret': p.ingestSecret } });
        await r.body.dump();
        return r.statusCode;
      }
      case 'events_batch': {
        const events = Array.from({ length: 50 }, (_, i) => ({ partner_id: p.id, event_type: 'transaction', user_id: `e${(n * 50 + i) % 20000}`, amount_cents: 100 + i, category: 'food', id: `soak_${n}_${i}` }));
        const r = await pool.request({ method: 'POST', path: '/api/ingest/events/batch', headers: { ...json, 'x-service-ingest-secret': SECRET }, body: JSON.stringify({ events }) });
        await r.body.dump();
        return r.statusCode;
      }
      case 'usage': {
        const r = await pool.request({ method: 'GET', path: '/api/v1/usage', headers: key });
        await r.body.dump();
        return r.statusCode;
      }
    }
  };

  const start = performance.now();
  const total = Math.round(MINUTES * (MINUTE_MS / 1000) * RATE);
  const report = async (m: number) => {
    const b = minutes[m];
    if (!b) return;
    const served = b.ok / (MINUTE_MS / 1000);
    const cells = OPS.map((o) => {
      const xs = b.lat.get(o)!.sort((a, c) => a - c);
      return `${fmt(percentile(xs, 50), 1)}/${fmt(percentile(xs, 99), 0)}${b.errors.get(o) ? ` (${b.errors.get(o)} err)` : ''}`;
    });
    const row = `| ${m + 1} | ${fmt(served)} | ${cells.join(' | ')} | ${fmt(rssMb(pid))} | ${await stats()} |`;
    rows.push(row);
    console.log(row);
  };
  console.log(`\n| min | served req/s | ${OPS.map((o) => `${o} p50/p99 ms`).join(' | ')} | server RSS MB | tables |`);
  console.log(`|---|---|${OPS.map(() => '---').join('|')}|---|---|`);
  const reported = new Set<number>();
  await new Promise<void>((done) => {
    const tick = () => {
      const elapsed = performance.now() - start;
      const due = Math.min(total, Math.floor((elapsed / 1000) * RATE));
      while (seq < due) {
        const i = seq++;
        const scheduled = start + (i / RATE) * 1000;
        const m = Math.floor((scheduled - start) / MINUTE_MS);
        minutes[m] ??= bucket();
        const op = WHEEL[i % WHEEL.length];
        // The big partner gets as many requests as the four small ones together.
        const p = i % 2 === 0 ? partners[0] : partners[1 + ((i >> 1) % 4)];
        if (inFlight >= MAX_IN_FLIGHT) {
          dropped++;
          minutes[m].errors.set(op, minutes[m].errors.get(op)! + 1);
          continue;
        }
        inFlight++;
        send(op, p, i)
          .then(
            (status) => {
              const b = minutes[m];
              if (status >= 200 && status < 300) {
                b.ok++;
                b.lat.get(op)!.push(performance.now() - scheduled);
              } else b.errors.set(op, b.errors.get(op)! + 1);
            },
            () => minutes[m].errors.set(op, minutes[m].errors.get(op)! + 1),
          )
          .finally(() => inFlight--);
      }
      // A minute is reported once every request scheduled in it has answered (or 30 s later).
      const cur = Math.min(Math.floor(elapsed / MINUTE_MS), minutes.length);
      for (let m = 0; m < cur; m++) {
        if (!reported.has(m) && (inFlight === 0 || elapsed > (m + 1) * MINUTE_MS + 2_000)) {
          reported.add(m);
          void report(m);
        }
      }
      if (seq >= total && inFlight === 0) return done();
      setTimeout(tick, 2);
    };
    tick();
  });
  const last = Math.ceil(total / RATE / (MINUTE_MS / 1000)) - 1;
  for (let m = 0; m <= last; m++) if (!reported.has(m) && minutes[m]) await report(m);

  // Let the outbox drain, then count.
  const drainUntil = Date.now() + 120_000;
  while (Date.now() < drainUntil && rx.seen.size < expectedWebhooks) await new Promise((r) => setTimeout(r, 500));
  let dup = 0;
  for (const n of rx.seen.values()) if (n > 1) dup += n - 1;
  console.log(`\nwebhooks: expected ${fmt(expectedWebhooks)}, delivered ${fmt(rx.seen.size)}, duplicated ${fmt(dup)}; requests dropped at the client (in flight ≥ ${MAX_IN_FLIGHT}): ${dropped}`);
  console.log(`tables at the end: ${await stats()}`);
  await pool.close();
  await server.stop();
  await rx.close();
  await cleanup();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
