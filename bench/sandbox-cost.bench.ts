/**
 * What the sandbox routes cost, on SQLite (and PostgreSQL when reachable; BENCH_PG=0 skips it):
 *   1. CPU time per request of the server process (utime + stime from /proc, over sequential requests), for
 *      the largest page of every sandbox route, for a new end-user (nothing generated yet) and a known one;
 *      aim: at most 10 ms each. Five rounds after as many requests to warm up: the median, and the rounds as its spread.
 *   2. RSS after BENCH_USERS (default 5,000) end-users each read their whole ledger's first page
 *      (`/v1/transactions?since=2020-01-01&limit=500`); aim: under 400 MB.
 *   3. Noisy neighbour: another partner's calculate p99 alone, then while one key sends the costliest request
 *      (a new end-user, since=2020-01-01, limit=500) as fast as the rate limit lets it (60 attempts a second;
 *      the weighted limit answers most with 429); aim: under 50 ms. The load and the key: bench/lib/neighbours.ts,
 *      which noisy-neighbour.bench.ts runs too.
 * Run alone: node --import tsx bench/sandbox-cost.bench.ts
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { migrate } from '../src/db/database.js';
import { createDeps, createLogger } from '../src/deps.js';
import { createPartner } from '../src/areas/partners/service.js';
import { testConfig } from '../test/helpers/app.js';
import { failures, pacedCalculate, serverEnv, startCostliest } from './lib/neighbours.js';
import { fmt, machine, PG_URL, spawnServer, type Child } from './lib/util.js';

const USERS = Number(process.env.BENCH_USERS ?? 5000);
const CPU_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 150);
/** The samples of a route are taken in this many rounds, after as many requests again to warm up: the median round is the figure, the others its spread. */
const CPU_ROUNDS = 5;
const NOISY_SECONDS = Number(process.env.BENCH_NOISY_SECONDS ?? 10);
const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const agent = new Agent({ connections: 16 });

async function call(base: string, key: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; ms: number; json: unknown }> {
  const t0 = performance.now();
  const r = await request(base + path, {
    method,
    headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    dispatcher: agent,
  });
  const text = await r.body.text();
  return { status: r.statusCode, ms: performance.now() - t0, json: text ? JSON.parse(text) : null };
}

/**
 * CPU ms per request of the server over `n` sequential requests made by `make(i)`, in CPU_ROUNDS rounds
 * after `n` more to warm up (one-time costs of a fresh process are not a request's: on PostgreSQL the first
 * few hundred large pages cost up to twice what they cost afterwards): sorted.
 */
async function cpuPerRequest(server: Child, n: number, make: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const per = Math.ceil(n / CPU_ROUNDS);
  for (let i = 0; i < n; i++) await make(-1 - i);
  const pid = server.child.pid!;
  const rounds: number[] = [];
  for (let round = 0; round < CPU_ROUNDS; round++) {
    const before = cpuMs(pid);
    for (let j = 0; j < per; j++) {
      const r = await make(round * per + j);
      if (r.status !== 200) throw new Error(`status ${r.status}`);
    }
    rounds.push((cpuMs(pid) - before) / per);
  }
  return rounds.sort((a, b) => a - b);
}

async function runOn(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const { config, cleanup } = await testConfig({ LOG_LEVEL: 'silent' }, dialect === 'postgres' ? PG_URL : null);
  const deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
  const servers: Child[] = [];
  try {
    await migrate(deps.database);
    const mk = (n: string) => deps.database.tx((trx) => createPartner(deps, trx, { email: `${n}@bank.example`, company: n, activated: true }));
    const a = await mk('cost');
    const noisy = await mk('noisy');
    const healthy = await mk('healthy');
    const key = a.testKey!;

    // 1 and 2: no rate limit and no bound on large pages in progress in the way (part 2 reads pages side by side).
    const free = await spawnServer('src/server.ts', serverEnv(config, { RATE_LIMIT_PER_SECOND: '1000000', KEY_COSTLY_IN_FLIGHT: '1000000' }));
    servers.push(free);
    const base = free.address;
    const run = `${dialect}-${Date.now()}`;
    const rows: [string, number][] = [];
    const measure = async (label: string, make: (i: number) => Promise<{ status: number }>) => {
      const rounds = await cpuPerRequest(free, CPU_SAMPLES, make);
      const ms = rounds[Math.floor(rounds.length / 2)];
      rows.push([label, ms]);
      console.log(`  ${label}: ${fmt(ms, 2)} ms CPU/request (rounds ${rounds.map((r) => fmt(r, 2)).join(', ')})`);
    };
    console.log(`\n${dialect}: CPU per request (server process; ${CPU_ROUNDS} rounds of ${Math.ceil(CPU_SAMPLES / CPU_ROUNDS)} sequential requests after ${CPU_SAMPLES} to warm up; the median round)`);
    await measure('/v1/transactions since=2020-01-01 limit=500, new end-user', (i) => call(base, key, 'GET', `/v1/transactions?user_id=v1new-${run}-${i}&since=2020-01-01&limit=500`));
    await measure('/v1/transactions since=2020-01-01 limit=500, the same page again', () => call(base, key, 'GET', `/v1/transactions?user_id=v1again-${run}&since=2020-01-01&limit=500&cursor=`));
    let page = 0;
    await measure('/v1/transactions limit=500, the next page each time (remembered cursor)', async (i) => {
      // 16 pages per user, then a new one (a ledger since 2020 holds ~3,800 transactions).
      if (i >= 0 && i % 16 === 0) page++;
      return call(base, key, 'GET', `/v1/transactions?user_id=v1walk-${run}-${page}&since=2020-01-01&limit=500`);
    });
    await measure('/api/v1/transactions start_date=2020-01-01 limit=100 offset=3000, new end-user', (i) =>
      call(base, key, 'GET', `/api/v1/transactions?user_id=apinew-${run}-${i}&start_date=2020-01-01&limit=100&offset=3000`),
    );
    await measure('/api/v1/transactions start_date=2020-01-01 limit=100, offset 0…3,700 over one end-user', (i) =>
      call(base, key, 'GET', `/api/v1/transactions?user_id=apiwalk-${run}&start_date=2020-01-01&limit=100&offset=${Math.max(0, i) * 100 % 3700}`),
    );
    await measure('/v1/insights/cashflow horizon_days=90, new end-user', (i) => call(base, key, 'GET', `/v1/insights/cashflow?user_id=cf-${run}-${i}&horizon_days=90`));
    await measure('/api/v1/accounts, new end-user', (i) => call(base, key, 'GET', `/api/v1/accounts?user_id=acc-${run}-${i}`));
    await measure('/v1/link/token/create + /v1/accounts/link, new end-user', async (i) => {
      await call(base, key, 'POST', '/v1/link/token/create', { user_id: `lk-${run}-${i}` });
      return call(base, key, 'POST', '/v1/accounts/link', { public_token: `public-sandbox-${run}-${i}`, user_id: `lk-${run}-${i}` });
    });
    await measure('/api/v1/transfers (shape A, 1 cent credit), new end-user', async (i) => {
      const acc = (await call(base, key, 'GET', `/api/v1/accounts?user_id=tr-${run}-${i}`)).json as { accounts: { account_id: string }[] };
      return call(base, key, 'POST', '/api/v1/transfers', { account_id: acc.accounts[0].account_id, amount_cents: 1, direction: 'credit' });
    });
    const worst = Math.max(...rows.map((r) => r[1]));
    console.log(`  worst: ${fmt(worst, 2)} ms (aim ≤ 10 ms: ${worst <= 10 ? 'met' : 'NOT met'})`);

    console.log(`\n${dialect}: RSS over ${fmt(USERS)} end-users, each reading /v1/transactions since=2020-01-01 limit=500`);
    const pid = free.child.pid!;
    console.log(`  before: ${fmt(rssMb(pid))} MB`);
    let next = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < USERS) {
          const i = next++;
          const r = await call(base, key, 'GET', `/v1/transactions?user_id=rss-${run}-${i}&since=2020-01-01&limit=500`);
          if (r.status !== 200) throw new Error(`status ${r.status}`);
          if (i % 500 === 0) peak = Math.max(peak, rssMb(pid));
        }
      }),
    );
    peak = Math.max(peak, rssMb(pid));
    console.log(`  after: ${fmt(rssMb(pid))} MB (peak sampled ${fmt(peak)} MB; aim < 400 MB: ${peak < 400 ? 'met' : 'NOT met'})`);
    await free.stop();
    servers.pop();

    // 3: the default limit (60 a second per key).
    const limited = await spawnServer('src/server.ts', serverEnv(config, { RATE_LIMIT_PER_SECOND: '60' }));
    servers.push(limited);
    const calc = (seconds: number) => pacedCalculate(limited.address, healthy.liveKey!, { perSecond: 40, seconds, dispatcher: agent });
    await calc(2); // warm
    const alone = await calc(NOISY_SECONDS);
    const noisyKey = startCostliest(limited.address, noisy.testKey!, { tag: run, dispatcher: agent });
    await new Promise((r) => setTimeout(r, 1000));
    const beside = await calc(NOISY_SECONDS);
    const noisyCounts = await noisyKey.stop();
    for (const [name, r] of [['alone', alone], ['beside', beside]] as const) {
      if (failures(r) > 0) throw new Error(`calculate ${name}: ${failures(r)} of ${r.sent} failed ${JSON.stringify(r.failed)}`);
    }
    console.log(`\n${dialect}: another partner's calculate (40/s) alone and beside one key sending the costliest request at 60/s`);
    console.log(`  alone:  p50 ${fmt(alone.p50, 1)} ms, p99 ${fmt(alone.p99, 1)} ms (${alone.ok} calls)`);
    console.log(`  beside: p50 ${fmt(beside.p50, 1)} ms, p99 ${fmt(beside.p99, 1)} ms (${beside.ok} calls); noisy key: ${noisyCounts.ok} answered 200, ${noisyCounts.limited + noisyCounts.inProgress} answered 429`);
    console.log(`  p99 ratio ${fmt(beside.p99 / alone.p99, 2)} (aim: p99 < 50 ms: ${beside.p99 < 50 ? 'met' : 'NOT met'})`);
  } finally {
    for (const s of servers) await s.stop().catch(() => {});
    await deps.database.close();
    await cleanup();
  }
}

console.log(`machine: ${machine()}`);
await runOn('sqlite');
if (process.env.BENCH_PG !== '0') {
  try {
    await runOn('postgres');
  } catch (err) {
    console.log(`postgres: skipped (${(err as Error).message})`);
  }
}
await agent.close();
