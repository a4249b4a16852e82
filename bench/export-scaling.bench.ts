/**
 * Keyset exports are linear in their rows: each export read whole at two sizes (BENCH_EXPORT_SIZES, default
 * 50,000 and 200,000 rows of one partner), on SQLite and (when reachable) PostgreSQL, with the wall time to the
 * last byte and the server's CPU time (`process.cpuUsage()` of the server process, bench/lib/cpu-probe.ts). Linear:
 * the larger export costs its share more (×4 for 4× the rows); an export whose every batch starts again at the
 * partner's first row costs the square (×16).
 *   - GET /api/v1/reports/calculations.csv (batches of 250, oldest first)
 *   - GET /api/v1/reports/webhooks.csv?until=… (pages of 500, newest first, with an upper date bound)
 *   - GET /api/partners/me/usage/export?format=events&days=90 (the raw usage events, pages of 2,000, in time order)
 * The server is started as `npm start` starts it (workers off), no other load; each export is read BENCH_REPEAT
 * times (default 2), the faster read given with the other.
 *
 * Run: node --import tsx bench/export-scaling.bench.ts   (BENCH_PG=0 skips PostgreSQL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { migrate } from '../src/db/database.js';
import { createDeps, createLogger } from '../src/deps.js';
import { createPartner } from '../src/areas/partners/service.js';
import { randomBase62, sha256Hex } from '../src/lib/crypto.js';
import { newId } from '../src/lib/ids.js';
import { testConfig } from '../test/helpers/app.js';
import { serverCpu } from './lib/cpu-probe.js';
import { serverEnv } from './lib/neighbours.js';
import { seedCalculations } from './lib/seed.js';
import { fmt, machine, pgReachable, PG_URL, spawnServer, type Child } from './lib/util.js';

const SIZES = (process.env.BENCH_EXPORT_SIZES ?? '50000,200000').split(',').map(Number);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 2);
const DAY = 86_400_000;

type BenchDeps = ReturnType<typeof createDeps>;

/** `n` delivery attempts of one partner (test environment), with their events, one a second back from `now`; SQL made by the database. */
async function seedDeliveries(deps: BenchDeps, partnerId: string, n: number, now: number): Promise<void> {
  const pg = deps.database.pgPool;
  const pad = (e: string) => (pg ? `lpad((${e})::text, 10, '0')` : `printf('%010d', ${e})`);
  const series = (select: string) =>
    pg ? select.replace('{FROM}', `FROM generate_series(1::bigint, ${n}) AS s(n)`) : `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${n}) ${select.replace('{FROM}', 'FROM s')}`;
  const tag = partnerId.slice(-8);
  const stmts = [
    `INSERT INTO webhook_events (id, partner_id, environment, type, ordering_key, payload, created_at, state, attempts, next_attempt_at, completed_at)
     SELECT 'evt_${tag}' || ${pad('n')}, '${partnerId}', 'test', 'calculation.updated', 'u' || n, '{}', ${now} - n * 1000, 'delivered', 1, ${now} - n * 1000, ${now} - n * 1000 {FROM}`,
    `INSERT INTO webhook_deliveries (id, partner_id, environment, event_id, event_type, endpoint_id, url, attempt, status, status_code, duration_ms, error, response_excerpt, created_at, next_attempt_at)
     SELECT 'whd_${tag}' || ${pad('n')}, '${partnerId}', 'test', 'evt_${tag}' || ${pad('n')}, 'calculation.updated', NULL, 'https://hooks.bank.example/svc', 1, 'delivered', 200, 12, NULL, 'ok', ${now} - n * 1000, NULL {FROM}`,
  ];
  for (const s of stmts) await run(deps, series(s));
}

/** `n` raw usage events of one partner (live), spread over the last 80 days. */
async function seedUsageEvents(deps: BenchDeps, partnerId: string, n: number, now: number): Promise<void> {
  const pg = deps.database.pgPool;
  const pad = (e: string) => (pg ? `lpad((${e})::text, 10, '0')` : `printf('%010d', ${e})`);
  const step = Math.max(1, Math.floor((80 * DAY) / n));
  const at = `${now} - n * ${step}`;
  const day = pg ? `to_char(to_timestamp((${at}) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : `strftime('%Y-%m-%d', (${at}) / 1000, 'unixepoch')`;
  const select = `INSERT INTO usage_events (id, partner_id, environment, event_type, user_id, amount_cents, category, institution, occurred_at, day, received_at, event_key)
     SELECT 'uev_${partnerId.slice(-8)}' || ${pad('n')}, '${partnerId}', 'live', 'transaction', 'u' || (n % 1000), 1250, 'groceries', NULL, ${at}, ${day}, ${at}, NULL {FROM}`;
  await run(
    deps,
    pg ? select.replace('{FROM}', `FROM generate_series(1::bigint, ${n}) AS s(n)`) : `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${n}) ${select.replace('{FROM}', 'FROM s')}`,
  );
}

async function run(deps: BenchDeps, statement: string): Promise<void> {
  if (deps.database.pgPool) await deps.database.pgPool.query(statement);
  else deps.database.sqlite!.exec(statement);
}

const agent = new Agent({ connections: 2, bodyTimeout: 600_000, headersTimeout: 600_000 });

interface Read {
  seconds: number;
  cpu: number;
  lines: number;
  mb: number;
}

/** Reads one export to its last byte: wall time, the server's CPU time over it, its lines and size. */
async function readExport(server: Child, cpuFile: string, url: string, headers: Record<string, string>): Promise<Read> {
  const cpu0 = await serverCpu(server.child, cpuFile);
  const t0 = performance.now();
  const r = await request(server.address + url, { headers, dispatcher: agent });
  if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${await r.body.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of r.body) {
    const b = chunk as Buffer;
    bytes += b.length;
    for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  return { seconds, cpu: (await serverCpu(server.child, cpuFile)) - cpu0, lines, mb: bytes / 2 ** 20 };
}

interface Result {
  dialect: string;
  exportName: string;
  size: number;
  best: Read;
  reads: Read[];
}

async function runOn(dialect: 'sqlite' | 'postgres'): Promise<Result[]> {
  const { config, cleanup } = await testConfig({ LOG_LEVEL: 'silent' }, dialect === 'postgres' ? PG_URL : null);
  const deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
  const cpuDir = mkdtempSync(path.join(os.tmpdir(), 'svc-cpu-'));
  const cpuFile = path.join(cpuDir, 'cpu.json');
  let server: Child | null = null;
  const out: Result[] = [];
  try {
    await migrate(deps.database);
    const now = Date.now();
    const partners: { size: number; key: string; session: string }[] = [];
    const t0 = performance.now();
    for (const size of SIZES) {
      const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: `exports-${size}@bank.example`, company: `exports ${size}`, activated: true }));
      await seedCalculations(deps, p.id, size, 'test');
      await seedDeliveries(deps, p.id, size, now);
      await seedUsageEvents(deps, p.id, size, now);
      const token = `sess_${randomBase62(40)}`;
      await deps.database.db
        .insertInto('sessions')
        .values({ id: newId('ses', now), token_hash: sha256Hex(token), subject_type: 'partner', subject_id: p.id, created_at: now, expires_at: now + 12 * 3_600_000, method: 'bench' })
        .execute();
      partners.push({ size, key: p.testKey!, session: token });
    }
    if (deps.database.pgPool) await deps.database.pgPool.query('vacuum analyze');
    else deps.database.sqlite!.exec('analyze');
    console.log(`\n${dialect}: seeded ${SIZES.map((s) => fmt(s)).join(' and ')} rows of each kind in ${fmt((performance.now() - t0) / 1000, 1)} s`);

    server = await spawnServer('src/server.ts', serverEnv(config, { RATE_LIMIT_PER_SECOND: '1000000', BENCH_CPU_PROBE: '1', BENCH_CPU_FILE: cpuFile }), {
      imports: ['bench/lib/cpu-probe.ts'],
    });
    const until = new Date(now + DAY).toISOString().slice(0, 10);
    const exportsToRead = [
      { name: 'calculations.csv', url: () => '/api/v1/reports/calculations.csv', headers: (p: (typeof partners)[number]) => ({ 'x-api-key': p.key }) },
      { name: `webhooks.csv?until=${until}`, url: () => `/api/v1/reports/webhooks.csv?until=${until}`, headers: (p: (typeof partners)[number]) => ({ 'x-api-key': p.key }) },
      {
        name: 'usage export, format=events, days=90',
        url: () => '/api/partners/me/usage/export?format=events&days=90',
        headers: (p: (typeof partners)[number]) => ({ authorization: `Bearer ${p.session}` }),
      },
    ];
    // Warm the process: one small read of each.
    for (const e of exportsToRead) await readExport(server, cpuFile, e.url(), e.headers(partners[0]));
    for (const e of exportsToRead) {
      for (const p of partners) {
        const reads: Read[] = [];
        for (let i = 0; i < REPEAT; i++) reads.push(await readExport(server, cpuFile, e.url(), e.headers(p)));
        const best = reads.reduce((a, b) => (b.seconds < a.seconds ? b : a));
        out.push({ dialect, exportName: e.name, size: p.size, best, reads });
        console.log(
          `  ${e.name}, ${fmt(p.size)} rows: ${reads.map((r) => `${fmt(r.seconds, 2)} s wall, ${fmt(r.cpu / 1000, 2)} s CPU`).join('; ')} (${fmt(best.lines - 1)} rows, ${fmt(best.mb, 1)} MiB)`,
        );
      }
    }
    return out;
  } finally {
    await server?.stop().catch(() => {});
    await deps.database.close();
    await cleanup();
    rmSync(cpuDir, { recursive: true, force: true });
  }
}

console.log(`machine: ${machine()}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const results = await runOn('sqlite');
if (await pgReachable(PG_URL)) results.push(...(await runOn('postgres')));
else console.log('postgres: not reachable, skipped');
console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

const [small, large] = [SIZES[0], SIZES[SIZES.length - 1]];
console.log(`\n| database | export | ${fmt(small)} rows: wall / CPU | ${fmt(large)} rows: wall / CPU | ratio wall / CPU (rows ×${fmt(large / small, 1)}) | CPU µs per row at ${fmt(large)} |`);
console.log('|---|---|---|---|---|---|');
for (const r of results.filter((x) => x.size === large)) {
  const s = results.find((x) => x.dialect === r.dialect && x.exportName === r.exportName && x.size === small)!;
  const cell = (x: Result) => x.reads.map((q) => `${fmt(q.seconds, 2)} s / ${fmt(q.cpu / 1000, 2)} s`).join(', ');
  console.log(
    `| ${r.dialect} | ${r.exportName} | ${cell(s)} | ${cell(r)} | ${fmt(r.best.seconds / s.best.seconds, 1)} / ${fmt(r.best.cpu / s.best.cpu, 1)} | ${fmt((1000 * r.best.cpu) / large, 1)} |`,
  );
}
await agent.close();
process.exit(0);
