/**
 * A session-authenticated read on SQLite and on PostgreSQL: `GET /api/auth/partner/me` (what every portal page asks
 * first) with a member's password session, sequential requests through app.inject (the guard's and the handler's
 * cost, no network). Reports p50/p99/max and the database statements per request, counted at the driver
 * (better-sqlite3's prepare, pg's Client#query), and of them the session guard's: counted on requests the guard
 * accepts and the route's schema then refuses (`GET /api/partners/me/requests?status=nope`, a 422 that reads
 * nothing and is not recorded in the request log). The test clock stands still, so a session's last use is written
 * once (as a real one is at most once a minute), not per request. Run: npm run bench -- session; with
 * BENCH_BASELINE=<git ref>, that commit's guard in rounds taking turns with this tree's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashPassword } from '../src/lib/crypto.js';
import { buildTestApp, TestClock, type TestApp } from '../test/helpers/app.js';
import { fmt, machine, percentile, PG_URL, ROOT } from './lib/util.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const PW = 'a bench password 1';

/** Counts the statements sent to the database from now on (both drivers). */
function statementCounter(t: TestApp): { count(): number } {
  let n = 0;
  const handle = t.deps.database.sqlite;
  if (handle) {
    const prepare = handle.prepare.bind(handle);
    handle.prepare = ((source: string) => {
      n++;
      return prepare(source);
    }) as typeof handle.prepare;
  } else {
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      n++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  }
  return { count: () => n };
}

async function run() {
  const clock = new TestClock(Date.parse('2026-06-01T00:00:05Z'));
  const t: TestApp = await buildTestApp({ clock });
  try {
    const p = await t.partner({ passwordHash: await hashPassword(PW) });
    const login = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: p.email, password: PW } });
    if (login.statusCode !== 200) throw new Error(login.body);
    const token = login.json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const me = async () => {
      const r = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers });
      if (r.statusCode !== 200) throw new Error(r.body);
    };
    for (let i = 0; i < WARMUP; i++) await me();
    const counter = statementCounter(t);
    const ms: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = process.hrtime.bigint();
      await me();
      ms.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const total = counter.count() / REQUESTS;
    // The guard's own statements: requests it accepts and the route's schema then refuses.
    const before = counter.count();
    const guardOnly = 200;
    for (let i = 0; i < guardOnly; i++) {
      const r = await t.inject({ method: 'GET', url: '/api/partners/me/requests?status=nope', headers });
      if (r.statusCode !== 422) throw new Error(`${r.statusCode} ${r.body}`);
    }
    const guard = (counter.count() - before) / guardOnly;
    ms.sort((a, b) => a - b);
    return { ms, total, guard };
  } finally {
    await t.close();
  }
}

if (process.argv[2] === 'one') {
  const { ms, total, guard } = await run();
  const name = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
  console.log(
    `${name.padEnd(10)} | ${fmt(percentile(ms, 50), 3).padStart(6)} | ${fmt(percentile(ms, 99), 3).padStart(6)} | ${fmt(ms[ms.length - 1], 1).padStart(6)} | ${fmt(total, 2).padStart(12)} | ${fmt(guard, 2).padStart(14)}`,
  );
} else {
  // BENCH_BASELINE=<git ref>: the same benchmark of that commit (extracted to a temporary folder, sharing node_modules),
  // in rounds taking turns with this tree's, so that both meet the same machine.
  const baseline = process.env.BENCH_BASELINE;
  const rounds = Number(process.env.BENCH_ROUNDS ?? (baseline ? 3 : 1));
  const trees: { label: string; script: string }[] = [{ label: 'this tree', script: fileURLToPath(import.meta.url) }];
  let tmp: string | null = null;
  if (baseline) {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-base-'));
    const archive = spawnSync('git', ['archive', '--format=tar', baseline], { cwd: ROOT, maxBuffer: 1 << 30 });
    if (archive.status !== 0) throw new Error(`git archive ${baseline}: ${archive.stderr}`);
    spawnSync('tar', ['-x', '-C', tmp], { input: archive.stdout });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules'));
    trees.unshift({ label: baseline.slice(0, 12), script: path.join(tmp, 'bench/session.bench.ts') });
  }
  try {
    console.log(`session-authenticated GET /api/auth/partner/me, ${REQUESTS} sequential requests after ${WARMUP} warm-up, ${rounds} round(s); ${machine()}`);
    console.log('tree         | database   | p50 ms | p99 ms | max ms | statements/request | of them the guard');
    for (const url of [undefined, PG_URL]) {
      for (let round = 0; round < rounds; round++) {
        for (const tree of trees) {
          process.stdout.write(`${tree.label.padEnd(12)} | `);
          const env = { ...process.env, DATABASE_URL: url, TEST_LOG_LEVEL: 'silent' };
          const r = spawnSync(process.execPath, ['--import', 'tsx', tree.script, 'one'], { stdio: 'inherit', env, cwd: path.dirname(path.dirname(tree.script)) });
          if (r.status !== 0) process.exit(r.status ?? 1);
        }
      }
    }
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}
