/**
 * Scale-out benchmark, PostgreSQL only: ingest and calculate throughput with one API process and
 * with two, in the same run, beside one standalone worker (src/worker.ts) delivering the ingests'
 * calculation.updated events to a local receiver.
 *
 *   node --import tsx bench/scale-out.bench.ts      (npm run bench -- scale-out)
 *
 * Two API processes (RUN_WORKERS=false, REDIS_URL when Redis answers, so the per-key limit is shared
 * as in production) and one worker run on one fresh PostgreSQL schema for the whole run. "One
 * process" sends all the load to the first; "two" splits the same connections over both. Rounds
 * alternate (ingest ×1, ingest ×2, calculate ×1, calculate ×2, …) so a drift of the machine weighs
 * on both alike. For each run it reads the CPU time every party used from /proc (the API
 * processes, the worker, the PostgreSQL backends serving them (found by their client ports; PostgreSQL must run
 * on this machine), this client), which
 * says where the time goes and what a second process can and cannot add on this machine.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_REDIS_URL
 * (default redis://127.0.0.1:6379; unreachable → each process counts its own limit), BENCH_ROUNDS
 * (default 3), BENCH_DURATION (seconds per run, default 8), BENCH_CONNECTIONS (total, default 16).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type pg from 'pg';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createPartner } from '../src/areas/partners/service.js';
import { migrate } from '../src/db/database.js';
import { createDeps, createLogger } from '../src/deps.js';
import { databaseEnv, testConfig } from '../test/helpers/app.js';
import { fmt, load, machine, median, PG_URL, pgReachable, spawnServer, type Child, type LoadResult } from './lib/util.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'bench-platform-ingest-secret';
const TICK = 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux

/** The fields of /proc/<pid>/stat after the command name (state is [0], ppid [1], utime [11], stime [12], cutime [13], cstime [14]). */
function statOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of a process (seconds), or 0 once it is gone. */
function cpuOf(pid: number): number {
  const f = statOf(pid);
  return f ? (Number(f[11]) + Number(f[12])) / TICK : 0;
}

/** Local ports of the TCP connections that the processes `pids` hold to port `remotePort` (from /proc). */
function clientPorts(pids: number[], remotePort: number): number[] {
  const inodes = new Set<string>();
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m) inodes.add(m[1]);
        } catch {
          // closed meanwhile
        }
      }
    } catch {
      // gone
    }
  }
  const ports: number[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || !inodes.has(f[9])) continue;
      if (parseInt(f[2].split(':')[1], 16) === remotePort) ports.push(parseInt(f[1].split(':')[1], 16));
    }
  }
  return ports;
}

/**
 * CPU time so far (seconds) of each PostgreSQL backend serving the given processes: their connections'
 * client ports, matched in pg_stat_activity, the backends' time read from /proc (so PostgreSQL must run on
 * this machine; other clients' backends, e.g. other test suites on a shared machine, are left out).
 */
async function backendCpu(pool: pg.Pool, pids: number[], pgPort: number): Promise<Map<number, number>> {
  const ports = clientPorts(pids, pgPort);
  const out = new Map<number, number>();
  if (ports.length === 0) return out;
  const r = await pool.query<{ pid: number }>('select pid from pg_stat_activity where client_port = any($1::int[])', [ports]);
  for (const { pid } of r.rows) out.set(pid, cpuOf(pid));
  return out;
}

/** Busy and total time of the whole machine so far (seconds; idle and iowait are not busy). */
function machineCpu(): { busy: number; total: number; steal: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, x) => a + x, 0);
  return { busy: (total - f[3] - f[4]) / TICK, total: total / TICK, steal: (f[7] ?? 0) / TICK };
}

interface Sample {
  api: number[];
  worker: number;
  /** CPU so far of each backend serving the service's processes, by backend pid. */
  postgres: Map<number, number>;
  client: number;
  machine: { busy: number; total: number; steal: number };
}

async function sample(pool: pg.Pool, api: Child[], worker: Child): Promise<Sample> {
  const pgPort = Number(new URL(PG_URL).port || 5432);
  const postgres = await backendCpu(pool, [...api, worker].map((c) => c.child.pid!), pgPort);
  const u = process.cpuUsage();
  return { api: api.map((c) => cpuOf(c.child.pid!)), worker: cpuOf(worker.child.pid!), postgres, client: (u.user + u.system) / 1e6, machine: machineCpu() };
}

/** PostgreSQL CPU between two samples: backends in both by difference, those opened meanwhile whole (ended ones are lost). */
function postgresDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, cpu] of after) sum += cpu - (before.get(pid) ?? 0);
  return sum;
}

interface Run {
  kind: 'ingest' | 'calculate';
  processes: 1 | 2;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** CPU seconds per 1,000 requests, by party. */
  perK: { api: number; worker: number; postgres: number; client: number };
  /** Share of the machine's CPU in use (0–1), and of it taken by the hypervisor (steal). */
  busy: number;
  steal: number;
  /** CPU seconds per second of each API process, and of PostgreSQL's backends serving the service. */
  apiCores: number[];
  pgCores: number;
}

async function receiver() {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      res.writeHead(200);
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    count: () => count,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

async function redisAnswers(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

async function main(): Promise<void> {
  if (!(await pgReachable(PG_URL))) {
    console.log(`scale-out: PostgreSQL at ${PG_URL} does not answer; skipped (several API processes need a shared database)`);
    return;
  }
  const withRedis = await redisAnswers(REDIS_URL);
  const prefix = `bench-${randomBytes(4).toString('hex')}:`;
  const { config, cleanup } = await testConfig({ INGEST_SECRET: SECRET, LOG_LEVEL: 'silent' }, PG_URL);
  const deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
  await migrate(deps.database);
  const rx = await receiver();
  const children: Child[] = [];
  try {
    // Two partners: one key per load client, so two clients never share a key's group commit or limit.
    const partners: { id: string; key: string; secret: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: `scale${i}_${randomBytes(3).toString('hex')}@example.com`, company: `Scale ${i}`, activated: true }));
      partners.push({ id: p.id, key: p.liveKey!, secret: p.ingestSecret });
    }
    const env = {
      ...databaseEnv(config),
      INGEST_SECRET: SECRET,
      SEED_DEMO_PARTNER: 'false',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_SECOND: '1000000',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...(withRedis ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}),
    };
    // The API processes log every request at info, as deployed.
    const api = await Promise.all([0, 1].map(() => spawnServer('src/server.ts', { ...env, RUN_WORKERS: 'false' })));
    children.push(...api);
    const worker = await spawnServer('src/worker.ts', env, { ready: /"msg":"workers running"/ });
    children.push(worker);
    for (const p of partners) {
      const res = await fetch(`${api[0].address}/api/v1/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': p.key, 'x-service-ingest-secret': p.secret },
        body: JSON.stringify({ url: rx.url, events: ['calculation.updated'] }),
      });
      if (res.status !== 200) throw new Error(`webhook configuration: ${res.status} ${await res.text()}`);
    }

    const load0 = os.loadavg();
    console.log(`scale-out: ${machine()}, load average ${load0.map((l) => l.toFixed(2)).join(' ')}; PostgreSQL ${PG_URL}; rate limits ${withRedis ? `in Redis (${REDIS_URL})` : 'in each process (Redis unreachable)'}`);
    console.log(`  ${ROUNDS} rounds × (ingest, calculate) × (1, 2 API processes), ${DURATION} s each, ${CONNECTIONS} connections in all, + 1 worker delivering to a local receiver`);

    let counter = 0;
    async function run(kind: Run['kind'], processes: 1 | 2): Promise<Run> {
      const path = kind === 'ingest' ? '/api/v1/ingest' : '/api/v1/calculate/safe-to-spend';
      const before = await sample(deps.database.pgPool!, api, worker);
      const start = counter;
      counter += 10_000_000;
      // Two load clients, one per partner: to the first process both, or one to each.
      const results: LoadResult[] = await Promise.all(
        partners.map((p, i) =>
          load({
            url: `${api[processes === 1 ? 0 : i].address}${path}`,
            headers: { 'x-api-key': p.key, 'x-service-ingest-secret': p.secret },
            // A new end-user per request, as a fleet of partners' users would be.
            bodyTemplate: `{"end_user_id":"${kind[0]}{n}","cash_balance":2500,"upcoming_bills":[{"amount":1200,"due_in_days":5}],"cash_buffer":300}`,
            start: start + i * 5_000_000,
            connections: CONNECTIONS / 2,
            duration: DURATION,
          }),
        ),
      );
      const after = await sample(deps.database.pgPool!, api, worker);
      const total = results.reduce((a, r) => a + r.total, 0);
      const k = total / 1000;
      const wall = after.machine.total - before.machine.total;
      return {
        kind,
        processes,
        rps: results.reduce((a, r) => a + r.rps, 0),
        p50: Math.max(...results.map((r) => r.p50)),
        p99: Math.max(...results.map((r) => r.p99)),
        failed: results.reduce((a, r) => a + r.errors + r.non2xx, 0),
        perK: {
          api: after.api.reduce((a, x, i) => a + x - before.api[i], 0) / k,
          worker: (after.worker - before.worker) / k,
          postgres: postgresDelta(before.postgres, after.postgres) / k,
          client: (after.client - before.client) / k,
        },
        busy: (after.machine.busy - before.machine.busy) / wall,
        steal: (after.machine.steal - before.machine.steal) / wall,
        apiCores: after.api.map((x, i) => (x - before.api[i]) / DURATION),
        pgCores: postgresDelta(before.postgres, after.postgres) / DURATION,
      };
    }

    // Warm-up: each process JIT-compiles both routes before anything is measured.
    for (const kind of ['ingest', 'calculate'] as const) await run(kind, 2);

    const runs: Run[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const kind of ['ingest', 'calculate'] as const) {
        for (const processes of r % 2 ? ([2, 1] as const) : ([1, 2] as const)) {
          const x = await run(kind, processes);
          runs.push(x);
          console.log(
            `  round ${r + 1} ${kind.padEnd(9)} ×${processes}: ${fmt(x.rps).padStart(6)} req/s p50 ${x.p50} ms p99 ${x.p99} ms | CPU s per 1,000: API ${fmt(x.perK.api, 3)}, PostgreSQL ${fmt(x.perK.postgres, 3)}, worker ${fmt(x.perK.worker, 3)}, client ${fmt(x.perK.client, 3)} | machine busy ${fmt(x.busy * 100)}% (steal ${fmt(x.steal * 100)}%), API cores ${x.apiCores.map((c) => fmt(c, 2)).join(' + ')}, PostgreSQL cores ${fmt(x.pgCores, 2)}${x.failed ? ` | ${x.failed} FAILED` : ''}`,
          );
        }
      }
    }

    // The worker keeps up: every event of the run delivered (its backlog drained) within a minute.
    const events = async () =>
      Number((await deps.database.db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'pending').executeTakeFirstOrThrow()).n);
    const t0 = Date.now();
    while ((await events()) > 0 && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 200));
    const pending = await events();

    console.log('  summary (medians over the rounds):');
    for (const kind of ['ingest', 'calculate'] as const) {
      const of = (n: 1 | 2) => runs.filter((x) => x.kind === kind && x.processes === n);
      const m = (n: 1 | 2, f: (x: Run) => number) => median(of(n).map(f));
      const one = m(1, (x) => x.rps);
      const two = m(2, (x) => x.rps);
      console.log(
        `  [${kind}] 1 API process ${fmt(one)} req/s (p99 ${m(1, (x) => x.p99)} ms), 2 API processes ${fmt(two)} req/s (p99 ${m(2, (x) => x.p99)} ms): ×${fmt(two / one, 2)}` +
          ` | CPU s per 1,000 (1 → 2): API ${fmt(m(1, (x) => x.perK.api), 3)} → ${fmt(m(2, (x) => x.perK.api), 3)}, PostgreSQL ${fmt(m(1, (x) => x.perK.postgres), 3)} → ${fmt(m(2, (x) => x.perK.postgres), 3)},` +
          ` worker ${fmt(m(1, (x) => x.perK.worker), 3)} → ${fmt(m(2, (x) => x.perK.worker), 3)}, client ${fmt(m(1, (x) => x.perK.client), 3)} → ${fmt(m(2, (x) => x.perK.client), 3)}` +
          ` | machine busy ${fmt(m(1, (x) => x.busy) * 100)}% → ${fmt(m(2, (x) => x.busy) * 100)}%`,
      );
    }
    console.log(`  webhooks: ${fmt(rx.count())} delivered by the one worker; ${pending === 0 ? `backlog drained ${fmt((Date.now() - t0) / 1000, 1)} s after the last run` : `${fmt(pending)} STILL PENDING after 60 s`}`);
    console.log(`  load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (at the start ${load0.map((l) => l.toFixed(2)).join(' ')})`);
  } finally {
    await Promise.all(children.map((c) => c.stop().catch(() => undefined)));
    await rx.close();
    await deps.close();
    await cleanup();
    if (withRedis) {
      const r = new Redis(REDIS_URL);
      const keys = await r.keys(`${prefix}*`);
      if (keys.length) await r.del(...keys);
      r.disconnect();
    }
  }
}

await main();
