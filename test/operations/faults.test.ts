/**
 * Faults of the database: an outage (PostgreSQL through a TCP proxy the test cuts,
 * SQLite locked by another writer), a full database, and a DATA_DIR that cannot be
 * written at start. No process dies, answers are 503/507 with {detail} (never 500,
 * never a hang), and everything recovers by itself.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import SQLite from 'better-sqlite3';
import { DATABASE_URL, DIALECT, buildTestApp, databaseEnv, keyHeaders, testConfig, type TestApp } from '../helpers/app.js';
import { runCli, startServer, type ServerProcess } from '../helpers/process.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { isDatabaseUnavailable, isStorageFull } from '../../src/db/errors.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function calcBody(user: string) {
  return JSON.stringify({ end_user_id: user, cash_balance: 1000, upcoming_bills: [{ amount: 100, due_in_days: 3 }], cash_buffer: 50 });
}

function assertUnavailable(status: number, body: string, retryAfter: string | null | undefined, what: string) {
  assert.equal(status, 503, `${what}: ${body}`);
  const json = JSON.parse(body) as { detail?: unknown };
  assert.equal(typeof json.detail, 'string', body);
  assert.match(String(retryAfter), /^\d+$/, `${what}: Retry-After`);
}

describe('classifying database errors', () => {
  it('names outages and full storage on both engines, and nothing else', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const e of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('ETIMEDOUT'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('53300', 'sorry, too many clients already'),
      coded('08006'),
      coded('SQLITE_BUSY'),
      coded('SQLITE_IOERR_WRITE'),
      coded('SQLITE_CANTOPEN'),
      coded('SQLITE_READONLY_DBMOVED'),
      Object.assign(new AggregateError([coded('ECONNREFUSED')], 'connect failed')),
    ]) {
      assert.equal(isDatabaseUnavailable(e), true, `${(e as { code?: string }).code ?? ''} ${e.message}`);
    }
    for (const e of [coded('23505', 'duplicate key'), coded('SQLITE_CONSTRAINT_UNIQUE'), new Error('boom'), new TypeError('fetch failed', { cause: coded('ECONNREFUSED') }), null, 'ECONNRESET']) {
      assert.equal(isDatabaseUnavailable(e), false, String(e));
    }
    assert.equal(isStorageFull(coded('SQLITE_FULL')), true);
    assert.equal(isStorageFull(coded('53100', 'could not extend file')), true);
    assert.equal(isStorageFull(coded('SQLITE_BUSY')), false);
  });
});

describe('a DATA_DIR that cannot be written at start', { skip: DIALECT !== 'sqlite' && 'DATA_DIR holds the database on SQLite only' }, () => {
  // As root, chmod does not stop writes: read-only kernel filesystems do.
  for (const dir of ['/sys/svc-data', '/sys', '/proc/svc-data']) {
    it(`stops with one line naming ${dir}`, async () => {
      const env = { DATA_DIR: dir, SEED_DEMO_PARTNER: 'false', RUN_WORKERS: 'false' };
      // The server once (each start costs seconds); the CLI opens the database the same way.
      if (dir === '/sys/svc-data') {
        await assert.rejects(startServer(env, 30_000), (err: Error) => {
          const lines = err.message.split('\n').filter((l) => l.trim() !== '');
          assert.match(lines[0], /server exited early \(1\)/);
          assert.equal(lines.length, 2, err.message);
          assert.match(lines[1], new RegExp(`^failed to start: DATA_DIR ${dir} is not writable \\((EACCES|EPERM|EROFS|ENOENT|ENOSPC)\\)$`));
          return true;
        });
      }
      const cli = runCli(['migrate'], env);
      assert.equal(cli.status, 1);
      assert.equal(cli.stderr.trim().split('\n').length, 1, cli.stderr);
      assert.match(cli.stderr, new RegExp(`DATA_DIR ${dir} is not writable`));
    });
  }
});

describe('the database is full or locked (SQLite)', { skip: DIALECT !== 'sqlite' && 'SQLite pragmas' }, () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('answers 507 with {detail} when the database cannot grow, and works again when it can', async () => {
    const p = await t.partner();
    const ingest = (user: string) =>
      t.inject({ method: 'POST', url: '/api/v1/ingest', headers: { ...keyHeaders(p, { secret: true }), 'content-type': 'application/json' }, payload: calcBody(user) });
    assert.equal((await ingest('before-full')).statusCode, 201);
    const db = t.deps.database.sqlite!;
    const pages = db.pragma('page_count', { simple: true }) as number;
    const original = db.pragma('max_page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    try {
      let full = null;
      for (let i = 0; i < 200 && !full; i++) {
        const r = await ingest(`full-${i}-${'x'.repeat(100)}`);
        if (r.statusCode !== 201) full = r;
      }
      assert.ok(full, 'the database never filled');
      assert.equal(full.statusCode, 507, full.body);
      assert.equal(typeof full.json().detail, 'string');
      assert.match(String(full.headers['retry-after']), /^\d+$/);
      // Reads still work while it is full.
      const read = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/before-full', headers: keyHeaders(p, { secret: true }) });
      assert.equal(read.statusCode, 200, read.body);
    } finally {
      db.pragma(`max_page_count = ${original}`);
    }
    assert.equal((await ingest('after-full')).statusCode, 201);
  });

  it('answers 503 with Retry-After when another writer holds the database, without a credential leak or a 500', async () => {
    const p = await t.partner();
    const db = t.deps.database.sqlite!;
    db.pragma('busy_timeout = 200');
    const other = new SQLite(t.deps.database.location);
    try {
      other.exec('BEGIN EXCLUSIVE');
      const r = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: { ...keyHeaders(p, { secret: true }), 'content-type': 'application/json' }, payload: calcBody('locked') });
      assertUnavailable(r.statusCode, r.body, r.headers['retry-after'] as string, 'ingest while locked');
      assert.doesNotMatch(r.body, /SQLITE|svc_/);
      // A wrong key is still a 401 (authorization first), even while locked.
      const bad = await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': 'svc_test_wrong' } });
      assert.equal(bad.statusCode, 401);
      other.exec('ROLLBACK');
      const ok = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: { ...keyHeaders(p, { secret: true }), 'content-type': 'application/json' }, payload: calcBody('locked') });
      assert.equal(ok.statusCode, 201, ok.body);
    } finally {
      other.close();
      db.pragma('busy_timeout = 5000');
    }
  });
});

function proxiedUrl(proxy: TcpProxy): string {
  const u = new URL(DATABASE_URL!);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}

async function startPgProxy(): Promise<TcpProxy> {
  const u = new URL(DATABASE_URL!);
  return startTcpProxy(Number(u.port || 5432), u.hostname === 'localhost' ? '127.0.0.1' : u.hostname);
}

describe('PostgreSQL goes away and comes back (in-process)', { skip: DIALECT !== 'postgres' && 'PostgreSQL outage' }, () => {
  let proxy: TcpProxy;
  let t: TestApp;
  before(async () => {
    proxy = await startPgProxy();
    t = await buildTestApp({ env: { DATABASE_URL: proxiedUrl(proxy) } });
  });
  after(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
  });

  it('answers 503 fast while refused or stalled, distrusts the key cache until LISTEN is back, then recovers', async () => {
    const p = await t.partner();
    const me = () => t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(p) });
    assert.equal((await me()).statusCode, 200);
    assert.ok(t.deps.auth.peek(p.testKey), 'cached while listening');

    await proxy.refuse();
    for (let i = 0; i < 50 && t.deps.auth.listening; i++) await sleep(20);
    assert.equal(t.deps.auth.listening, false);
    assert.equal(t.deps.auth.peek(p.testKey), null, 'not served from the cache while invalidations may be missed');
    const started = Date.now();
    const r = await me();
    assertUnavailable(r.statusCode, r.body, r.headers['retry-after'] as string, 'refused');
    const health = await t.inject({ method: 'GET', url: '/api/v1/health' });
    assert.equal(health.statusCode, 503);
    // Unauthenticated callers learn nothing more than before: a missing key is still 401.
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me' })).statusCode, 401);

    await proxy.stall();
    const w = await t.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { ...keyHeaders(p, { secret: true }), 'content-type': 'application/json' },
      payload: calcBody('stalled'),
    });
    assertUnavailable(w.statusCode, w.body, w.headers['retry-after'] as string, 'stalled');
    assert.ok(Date.now() - started < 10_000, 'no request waits for a stalled database beyond the connect timeout');

    await proxy.restore();
    for (let i = 0; i < 150 && !t.deps.auth.listening; i++) await sleep(100);
    assert.equal(t.deps.auth.listening, true, 'the listener came back by itself');
    assert.equal((await me()).statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/health' })).statusCode, 200);
  });
});

describe('two server processes through a PostgreSQL outage', { skip: DIALECT !== 'postgres' && 'PostgreSQL outage' }, () => {
  let proxy: TcpProxy;
  let cleanup: () => Promise<void>;
  const servers: ServerProcess[] = [];
  after(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await proxy?.close();
    await cleanup?.();
  });

  it('no process dies, outage answers are 503 with Retry-After, both recover, nothing acknowledged is lost, LISTEN comes back', async () => {
    proxy = await startPgProxy();
    const tc = await testConfig();
    cleanup = tc.cleanup;
    const direct = databaseEnv(tc.config);
    const cli = runCli(['partner', 'create', '--email', 'faults@example.com', '--company', 'Faults Bank', '--json'], direct);
    assert.equal(cli.status, 0, cli.stderr);
    const partner = JSON.parse(cli.stdout) as { test_key: string; ingest_secret: string };
    const env = { ...direct, DATABASE_URL: proxiedUrl(proxy), RATE_LIMIT_PER_SECOND: '10000', USAGE_FLUSH_MS: '300', LOG_LEVEL: 'info' };
    // One runs the background workers too, so their loops live through the outage as well.
    servers.push(await startServer({ ...env, RUN_WORKERS: 'true' }), await startServer({ ...env, RUN_WORKERS: 'false' }));
    const [s1, s2] = servers;

    type Shot = { server: number; kind: 'ingest' | 'calc'; user: string; status: number | 'hang' | 'refused'; ms: number; body: string; retryAfter: string | null; phase: string; endPhase: string };
    const shots: Shot[] = [];
    let phase = 'before';
    let running = true;
    let n = 0;
    const trickle = async (s: ServerProcess, index: number) => {
      while (running) {
        const kind = n % 2 === 0 ? 'ingest' : 'calc';
        const user = `f${index}-${n++}`;
        const at = phase;
        const start = Date.now();
        try {
          const r = await fetch(`${s.baseUrl}/api/v1/${kind === 'ingest' ? 'ingest' : 'calculate/safe-to-spend'}`, {
            method: 'POST',
            headers: { 'x-api-key': partner.test_key, 'x-service-ingest-secret': partner.ingest_secret, 'content-type': 'application/json' },
            body: calcBody(user),
            signal: AbortSignal.timeout(15_000),
          });
          shots.push({ server: index, kind, user, status: r.status, ms: Date.now() - start, body: await r.text(), retryAfter: r.headers.get('retry-after'), phase: at, endPhase: phase });
        } catch (err) {
          shots.push({ server: index, kind, user, status: (err as Error).name === 'TimeoutError' ? 'hang' : 'refused', ms: Date.now() - start, body: String(err), retryAfter: null, phase: at, endPhase: phase });
        }
        await sleep(40);
      }
    };
    const loops = [trickle(s1, 1), trickle(s2, 2)];
    const health = async (s: ServerProcess) => {
      try {
        return (await fetch(`${s.baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(10_000) })).status;
      } catch (err) {
        throw new Error(`health of ${s.baseUrl} failed (exit code ${s.child.exitCode}):\n${s.output().slice(-3000)}`, { cause: err });
      }
    };
    const listeningAgain = (s: ServerProcess) => (s.output().match(/listening for key invalidations again/g) ?? []).length;

    try {
      await sleep(1500);
      // Connections die mid-query (the server restarts)...
      phase = 'outage';
      proxy.cut();
      await sleep(700);
      proxy.cut();
      // ...then it refuses connections for a few seconds, then it hangs (a partition)...
      await proxy.refuse();
      await sleep(1500);
      assert.deepEqual(await Promise.all([health(s1), health(s2)]), [503, 503], 'health answers 503 during the outage');
      await sleep(1500);
      await proxy.stall();
      await sleep(3500);
      // ...and comes back.
      await proxy.restore();
      phase = 'recovering';
      const deadline = Date.now() + 25_000;
      while (Date.now() < deadline) {
        const ok = (await Promise.all([health(s1), health(s2)])).every((x) => x === 200);
        if (ok && listeningAgain(s1) > 0 && listeningAgain(s2) > 0) break;
        await sleep(200);
      }
      phase = 'after';
      await sleep(1500);
    } finally {
      running = false;
      await Promise.all(loops);
    }

    assert.equal(s1.child.exitCode, null, `server 1 died:\n${s1.output().slice(-3000)}`);
    assert.equal(s2.child.exitCode, null, `server 2 died:\n${s2.output().slice(-3000)}`);
    assert.ok(listeningAgain(s1) > 0 && listeningAgain(s2) > 0, 'both listeners reconnected by themselves');

    const summary = JSON.stringify(shots.map((s) => [s.phase, s.server, s.status, s.ms]));
    for (const s of shots) {
      assert.ok(s.status === 200 || s.status === 201 || s.status === 503, `only 2xx or 503 (got ${s.status} in ${s.phase}): ${s.body}\n${summary}`);
      assert.ok(s.ms < 8_000, `no answer takes longer than a few seconds (${s.ms} ms in ${s.phase})`);
      if (s.status === 503) assertUnavailable(s.status, s.body, s.retryAfter, `${s.kind} during ${s.phase}`);
      // A request in flight when the connections were cut may fail (503); one wholly before or after may not.
      if ((s.phase === 'before' || s.phase === 'after') && s.endPhase === s.phase) assert.ok(s.status === 200 || s.status === 201, `${s.phase}: ${s.status} ${s.body}`);
    }
    const outage = shots.filter((s) => s.phase === 'outage');
    assert.ok(outage.filter((s) => s.status === 503).length >= 4, `the outage was seen: ${summary}`);
    assert.ok(shots.filter((s) => s.phase === 'after').length >= 4, 'the trickle went on after the outage');
    for (const i of [1, 2]) assert.ok(shots.some((s) => s.phase === 'after' && s.server === i), `server ${i} served after the outage`);

    // Nothing acknowledged is lost: every 201 ingest is readable, through either process.
    const acked = shots.filter((s) => s.kind === 'ingest' && s.status === 201).map((s) => s.user);
    assert.ok(acked.length > 10);
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const r = await fetch(`${s2.baseUrl}/api/v1/ingest/calculations?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        headers: { 'x-api-key': partner.test_key, 'x-service-ingest-secret': partner.ingest_secret },
      });
      assert.equal(r.status, 200);
      const page = (await r.json()) as { items: { end_user_id: string }[]; next_cursor: string | null };
      for (const it of page.items) seen.add(it.end_user_id);
      cursor = page.next_cursor;
    } while (cursor);
    const lost = acked.filter((u) => !seen.has(u));
    assert.deepEqual(lost, [], 'every acknowledged ingest survived the outage');

    // Cross-process invalidation works again: a key rotated through one process is refused by the other at once.
    const me = (s: ServerProcess, key: string) => fetch(`${s.baseUrl}/api/v1/me`, { headers: { 'x-api-key': key } }).then((r) => r.status);
    assert.equal(await me(s2, partner.test_key), 200); // cached on s2
    const rotated = await fetch(`${s1.baseUrl}/api/v1/key/rotate`, {
      method: 'POST',
      headers: { 'x-api-key': partner.test_key, 'x-service-ingest-secret': partner.ingest_secret, 'content-type': 'application/json' },
      body: JSON.stringify({ key_type: 'sandbox' }),
    });
    assert.equal(rotated.status, 200, await rotated.clone().text());
    const { new_key } = (await rotated.json()) as { new_key: string };
    // NOTIFY is delivered after the commit; the other process drops its entry when it arrives.
    let refused = false;
    for (let i = 0; i < 20 && !refused; i++) {
      refused = (await me(s2, partner.test_key)) === 401;
      if (!refused) await sleep(50);
    }
    assert.ok(refused, 'the rotated key is refused by the other process');
    assert.equal(await me(s2, new_key), 200);
    assert.equal(await me(s1, partner.test_key), 401);
  });
});
