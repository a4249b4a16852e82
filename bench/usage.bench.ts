/**
 * Usage benchmark (issue 5), on SQLite and PostgreSQL.
 *
 *   node --import tsx bench/usage.bench.ts
 *
 * 1. Calculate throughput (POST /api/v1/calculate/safe-to-spend, wrk or autocannon (bench/lib/util.ts) against a
 *    real port, a new end_user_id on every request) with metering and rate limiting
 *    ON against the same server build with both OFF, in the same run: each server is
 *    its own child process, rounds alternate off/on so drift hits both alike.
 * 2. CSV export of 1,000,000 cached calculations (GET /api/v1/reports/calculations.csv)
 *    streamed from a server process whose resident memory is sampled every 50 ms,
 *    against the same process idle (its baseline).
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * BENCH_DB=sqlite|postgres|both (default both), BENCH_SECONDS (per round, default 3),
 * BENCH_PAIRS (fresh OFF/ON process pairs, default 3), BENCH_ROUNDS (measured rounds per server and pair, default 4),
 * BENCH_WARMUP (unmeasured rounds per server first, default 2), BENCH_CONNECTIONS (default 20),
 * BENCH_USERS (end-users cycled, default 20000; 0 = a new one every request),
 * BENCH_CSV_ROWS (default 1000000), BENCH_PARTS=throughput,csv.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Config } from '../src/config.js';
import { migrate } from '../src/db/database.js';
import { createDeps, createLogger } from '../src/deps.js';
import { createPartner } from '../src/areas/partners/service.js';
import { newId } from '../src/lib/ids.js';
import { databaseEnv, testConfig } from '../test/helpers/app.js';
import { CLIENT, load, median, medianInterval, PG_URL, ROOT, SERVER_NODE_ARGS, serverCommand, START_FLAGS, withPinnedClient } from './lib/util.js';

const WHICH = process.env.BENCH_DB ?? 'both';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
const PARTS = (process.env.BENCH_PARTS ?? 'throughput,csv').split(',');
/**
 * Node flags of the export runs: as `npm start` runs the server (START_FLAGS), then V8's defaults for
 * comparison (BENCH_CSV_FLAGS="flags;flags" to try others).
 */
const CSV_FLAGS: { label: string; flags: string[] }[] = process.env.BENCH_CSV_FLAGS
  ? process.env.BENCH_CSV_FLAGS.split(';').map((f) => ({ label: `node ${f}`, flags: f.split(' ').filter(Boolean) }))
  : [
      { label: `as npm start runs it: node ${START_FLAGS.join(' ')}`, flags: START_FLAGS },
      { label: 'V8 defaults, for comparison', flags: [] },
    ];

/**
 * The servers run as production runs them: the service compiled to JavaScript (tsc),
 * not through the TypeScript loader (tsx alone adds ~70 MB of resident memory).
 * Compiled once per run into a temporary folder.
 */
const SERVE_JS = `
import { loadConfig } from './src/config.js';
import { createDeps, createLogger } from './src/deps.js';
import { buildApp } from './src/app.js';
import { disableUsageHooksForBaseline } from './src/areas/usage/index.js';
const mode = process.argv[2];
const config = loadConfig(process.env);
const deps = createDeps(config, { log: createLogger(config) });
await deps.auth.start();
if (mode === 'off') {
  disableUsageHooksForBaseline(deps);
  deps.usage = { recordCall() {}, recordEndUser() {}, flush: async () => {} };
}
const app = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ port: app.server.address().port }) + '\\n');
process.on('SIGTERM', async () => {
  await app.close();
  await deps.usage.flush();
  await deps.auth.stop();
  await deps.database.close();
  process.exit(0);
});
`;

let buildDir: string | null = null;
function compiledServer(): string {
  if (buildDir) return path.join(buildDir, 'serve.mjs');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-build-'));
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json'), '--outDir', dir, '--sourceMap', 'false'], { encoding: 'utf8' });
  if (r.status !== 0) console.log(`tsc reported errors (output is emitted anyway):\n${r.stdout.split('\n').slice(0, 5).join('\n')}`);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  symlinkSync(path.join(ROOT, 'content'), path.join(dir, 'content'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(path.join(dir, 'serve.mjs'), SERVE_JS);
  console.log(`compiled the service in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  buildDir = dir;
  return path.join(dir, 'serve.mjs');
}

type Dialect = 'sqlite' | 'postgres';

function envOf(config: Config, extra: Record<string, string> = {}): Record<string, string> {
  const e: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'false',
    SEED_DEMO_PARTNER: 'false',
    RATE_LIMIT_PER_SECOND: '1000000',
    ...extra,
  };
  for (const [k, v] of Object.entries(databaseEnv(config))) if (typeof v === 'string' && k !== 'INGEST_SECRET') e[k] = v;
  return e;
}

async function startChild(mode: 'on' | 'off', env: Record<string, string>, nodeFlags: string[] = START_FLAGS): Promise<{ child: ChildProcess; port: number }> {
  const [command, args] = serverCommand([...nodeFlags, ...SERVER_NODE_ARGS, compiledServer(), mode]);
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server (${mode}) exited ${code}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** End-users the load cycles through (a partner's customers calling again and again); BENCH_USERS=0: a new one on every request (worst case). */
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
let seq = 0;

/** CPU time of a process so far (ms): user (the service's own code, V8 and its GC) and system (the kernel, sockets). */
function cpuMs(pid: number): { user: number; sys: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: (Number(fields[11]) * 1000) / 100, sys: (Number(fields[12]) * 1000) / 100 }; // utime, stime in clock ticks (USER_HZ = 100)
}

interface Round {
  rps: number;
  /** Server CPU per request (µs), and the user-space part of it. */
  cpuUs: number;
  userUs: number;
}

/** Requests answered per server process (warm-up included), to compare with the calls its meter wrote. */
const served = new Map<number, number>();

async function cannon(port: number, key: string, pid: number): Promise<Round> {
  const cpu0 = cpuMs(pid);
  const user = USERS > 0 ? 'user-{n}' : `user-${seq++}-{n}`;
  const r = await load({
    url: `http://127.0.0.1:${port}/api/v1/calculate/safe-to-spend`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'x-api-key': key },
    bodyTemplate: JSON.stringify({ end_user_id: user, cash_balance: 2500, upcoming_bills: [{ amount: 1200, due_in_days: 5 }], cash_buffer: 300 }),
    cycle: USERS > 0 ? USERS : undefined,
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`non-2xx ${r.non2xx}, errors ${r.errors}`);
  served.set(pid, (served.get(pid) ?? 0) + r.total);
  const cpu1 = cpuMs(pid);
  return { rps: r.rps, cpuUs: ((cpu1.user + cpu1.sys - cpu0.user - cpu0.sys) * 1000) / r.total, userUs: ((cpu1.user - cpu0.user) * 1000) / r.total };
}

async function seedCalculations(deps: ReturnType<typeof createDeps>, partnerId: string, n: number): Promise<void> {
  const now = Date.now();
  const result = (i: number) =>
    JSON.stringify({
      safe_to_spend_today: 26.81,
      daily_allowance: 26.81,
      monthly_safe_to_spend: 804.3,
      breakdown: { cash_after_buffer: 2200 + (i % 100), upcoming_bills_total: 1245.5, savings_commitments: 100, debt_commitments: 50.25, discretionary_pool: 804.25, days_in_period: 30 },
      calculation_id: `calc_${i}`,
      calculated_at: new Date(now).toISOString(),
      partner_id: partnerId,
      is_sandbox: false,
    });
  const handle = deps.database.sqlite;
  if (handle) {
    const stmt = handle.prepare(
      'insert into calculations (partner_id, environment, end_user_id, calculation_id, user_email, result, calculated_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    const CH = 50_000;
    for (let s = 0; s < n; s += CH) {
      handle.transaction(() => {
        for (let i = s; i < Math.min(n, s + CH); i++) stmt.run(partnerId, 'live', `user-${i}`, newId('calc', now + i), `u${i}@bank.example`, result(i), now + i);
      })();
    }
    return;
  }
  // PostgreSQL: one set-based statement.
  const sample = result(0).replace(/'/g, "''");
  await deps.database.pgPool!.query(
    `insert into calculations (partner_id, environment, end_user_id, calculation_id, user_email, result, calculated_at)
     select $1, 'live', 'user-' || g, 'calc_' || lpad(g::text, 10, '0'), 'u' || g || '@bank.example', '${sample}', $2::bigint + g
     from generate_series(0, $3::int - 1) g`,
    [partnerId, now, n],
  );
}

async function runOn(dialect: Dialect): Promise<void> {
  const { config, cleanup } = await testConfig({ LOG_LEVEL: 'silent' }, dialect === 'postgres' ? PG_URL : null);
  const deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
  const children: ChildProcess[] = [];
  try {
    await migrate(deps.database);
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'bench@bank.example', company: 'Bench Bank', activated: true }));
    const env = envOf(config);
    if (PARTS.includes('throughput')) await withPinnedClient(() => throughput(dialect, deps, p, env, children));
    if (PARTS.includes('csv')) await csvExport(dialect, deps, p, env, children);
  } finally {
    for (const c of children) await stopChild(c);
    await deps.database.close();
    await cleanup();
  }
}

type BenchDeps = ReturnType<typeof createDeps>;
type BenchPartner = { id: string; liveKey: string | null };

async function throughput(dialect: Dialect, deps: BenchDeps, p: BenchPartner, env: Record<string, string>, children: ChildProcess[]): Promise<void> {
  const offR: Round[] = [];
  const onR: Round[] = [];
  let onAnswered = 0;
  const show = (rs: Round[], k: keyof Round) => rs.map((r) => r[k].toFixed(0)).join(' / ');
  // Several pairs of fresh processes: two processes of the same build differ by their JIT's
  // choices (inlining, ±10% seen here), so one pair alone can flatter or wrong either side.
  for (let pair = 0; pair < PAIRS; pair++) {
    const off = await startChild('off', env);
    const on = await startChild('on', env);
    children.push(off.child, on.child);
    // Warm-up (both servers alike, until the JIT and the heap have settled), then alternating rounds.
    for (let i = 0; i < WARMUP; i++) {
      await cannon(off.port, p.liveKey!, off.child.pid!);
      await cannon(on.port, p.liveKey!, on.child.pid!);
    }
    const offP: Round[] = [];
    const onP: Round[] = [];
    // ABBA order (OFF first in even rounds, ON first in odd ones): a drift of the machine's load weighs on both alike.
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        offP.push(await cannon(off.port, p.liveKey!, off.child.pid!));
        onP.push(await cannon(on.port, p.liveKey!, on.child.pid!));
      } else {
        onP.push(await cannon(on.port, p.liveKey!, on.child.pid!));
        offP.push(await cannon(off.port, p.liveKey!, off.child.pid!));
      }
    }
    console.log(
      `[${dialect}]   pair ${pair + 1}: OFF ${show(offP, 'rps')} req/s, ON ${show(onP, 'rps')} req/s; ` +
        `server CPU OFF ${show(offP, 'cpuUs')}, ON ${show(onP, 'cpuUs')} µs/request; ON/OFF ${(median(onP.map((r) => r.rps)) / median(offP.map((r) => r.rps))).toFixed(3)}`,
    );
    offR.push(...offP);
    onR.push(...onP);
    onAnswered += served.get(on.child.pid!) ?? 0;
    await stopChild(on.child);
    await stopChild(off.child);
  }
  // Medians: the machine is shared, a single disturbed round must not decide.
  const pct = (base: number, x: number) => `${(((x - base) / base) * 100).toFixed(1)}%`;
  const load = USERS > 0 ? `${USERS} end-users cycled` : 'a new end-user every request';
  console.log(`[${dialect}] calculate (${load}), ${CONNECTIONS} connections, ${PAIRS} process pairs × ${ROUNDS} paired rounds of ${SECONDS} s`);
  console.log(`[${dialect}]   OFF: median ${median(offR.map((r) => r.rps)).toFixed(0)} req/s; server CPU median ${median(offR.map((r) => r.cpuUs)).toFixed(1)} µs/request`);
  console.log(`[${dialect}]   ON:  median ${median(onR.map((r) => r.rps)).toFixed(0)} req/s; server CPU median ${median(onR.map((r) => r.cpuUs)).toFixed(1)} µs/request`);
  const o = median(offR.map((r) => r.rps));
  const n = median(onR.map((r) => r.rps));
  const oc = median(offR.map((r) => r.cpuUs));
  const nc = median(onR.map((r) => r.cpuUs));
  // The paired figure: each round's ON against the OFF measured next to it, median over the rounds.
  const pairedRounds = onR.map((r, i) => r.rps / offR[i].rps - 1);
  const paired = median(pairedRounds);
  const [low, high] = medianInterval(pairedRounds);
  const pairedCpu = median(onR.map((r, i) => r.cpuUs / offR[i].cpuUs - 1));
  const p1 = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `[${dialect}]   cost of metering + rate limiting: throughput ${pct(o, n)} (median of paired rounds ${p1(paired)}, 90% bootstrap interval ${p1(low)} … ${p1(high)}), ` +
      `server CPU per request +${(((nc - oc) / oc) * 100).toFixed(1)}% (paired ${(pairedCpu * 100).toFixed(1)}%) (target: at most 10%)`,
  );
  const ou = median(offR.map((r) => r.userUs));
  const nu = median(onR.map((r) => r.userUs));
  console.log(`[${dialect}]   user-space CPU (the service's own work, without the kernel's socket and wake-up time): ${ou.toFixed(1)} → ${nu.toFixed(1)} µs/request (+${(((nu - ou) / ou) * 100).toFixed(1)}%)`);
  const counted = await deps.database.db.selectFrom('usage_daily').select('calls').where('partner_id', '=', p.id).execute();
  const users = await deps.database.db.selectFrom('usage_end_users').select((eb) => eb.fn.countAll<number>().as('n')).where('partner_id', '=', p.id).executeTakeFirst();
  console.log(`[${dialect}] metered by the ON servers: ${counted.reduce((a, r) => a + Number(r.calls), 0)} calls (they answered ${onAnswered}), ${Number(users?.n ?? 0)} unique end-users`);
}

async function csvExport(dialect: Dialect, deps: BenchDeps, p: BenchPartner, env: Record<string, string>, children: ChildProcess[]): Promise<void> {
  const t0 = performance.now();
  await seedCalculations(deps, p.id, CSV_ROWS);
  console.log(`[${dialect}] seeded ${CSV_ROWS} calculations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const run of CSV_FLAGS) await csvOnce(dialect, p, env, children, run);
}

async function csvOnce(dialect: Dialect, p: BenchPartner, env: Record<string, string>, children: ChildProcess[], run: { label: string; flags: string[] }): Promise<void> {
    const srv = await startChild('on', env, run.flags);
    children.push(srv.child);
    await new Promise((r) => setTimeout(r, 500));
    const idle = rssMb(srv.child.pid!);
    let peak = idle;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(srv.child.pid!));
      } catch {
        // exited
      }
    }, 50);
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${srv.port}/api/v1/reports/calculations.csv`, { headers: { 'x-api-key': p.liveKey! } });
    if (res.status !== 200 || !res.body) throw new Error(`csv: ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    const secs = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    console.log(
      `[${dialect}] calculations.csv (${run.label}): ${lines - 1} rows, ${(bytes / 1048576).toFixed(0)} MiB in ${secs.toFixed(1)} s (${((lines - 1) / secs).toFixed(0)} rows/s); ` +
        `server RSS idle ${idle.toFixed(0)} MB, peak while streaming ${peak.toFixed(0)} MB (limit 200 MB)`,
    );
    if (lines - 1 !== CSV_ROWS) throw new Error(`expected ${CSV_ROWS} rows, got ${lines - 1}`);
    await stopChild(srv.child);
}

async function main(): Promise<void> {
  compiledServer();
  console.log(`node ${process.version}, ${os.cpus().length} cores; ${ROUNDS} rounds × ${SECONDS} s per configuration, ${CONNECTIONS} connections, load generator ${CLIENT}`);
  if (WHICH === 'sqlite' || WHICH === 'both') await runOn('sqlite');
  if (WHICH === 'postgres' || WHICH === 'both') await runOn('postgres');
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });
