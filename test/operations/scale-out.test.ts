/**
 * Scale-out as docs/operations.md describes it: two API processes (RUN_WORKERS=false) and two
 * standalone worker processes (src/worker.ts) on one PostgreSQL schema and one Redis (the file's own
 * redis-server, test/helpers/redis.ts, and a key prefix). A mixed load goes through both API processes: ingests for a few hundred end-users
 * of two partners whose webhooks point at a local receiver, platform usage-event batches, calculate
 * calls. One worker is stopped (SIGTERM) half-way through. Then: every calculation.updated arrived
 * once; the usage figures read through the API are exactly what was sent; the per-key limit holds
 * across both processes; a key rotated on one process is refused by the other on its next request.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createPartner } from '../../src/areas/partners/service.js';
import type { Deps } from '../../src/context.js';
import { DIALECT, PLATFORM_SECRET } from '../helpers/app.js';
import { callWithSecret, startCluster, type Cluster } from '../helpers/cluster.js';
import type { ServerProcess, WorkerProcess } from '../helpers/process.js';
import { testRedis } from '../helpers/redis.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';

// Several processes share a PostgreSQL database only: on SQLite the file starts no Redis either.
const ownRedis = DIALECT === 'postgres' ? await testRedis() : null;
const REDIS_URL = ownRedis?.url ?? '';
const PREFIX = `svc-test-${randomBytes(6).toString('hex')}:`;
const LIMIT = 60;
const END_USERS_PER_PARTNER = 150;
const CALCS_PER_PARTNER = 100;
const EVENTS = 1200;
const BATCH = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns a value `done` accepts (or the time runs out); the last value either way. */
async function eventually<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number, everyMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs;
  let v = await fn();
  while (!done(v) && Date.now() < until) {
    await sleep(everyMs);
    v = await fn();
  }
  return v;
}

/** Runs `jobs` with at most `concurrency` at once. */
async function pool(count: number, concurrency: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) await job(i);
    }),
  );
}

/** A counter of a worker's GET /metrics (0 while it has no sample). */
async function counter(w: WorkerProcess, name: string, labels: string): Promise<number> {
  const text = await (await fetch(`${w.metricsUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
const delivered = (w: WorkerProcess) => counter(w, 'svc_webhook_delivery_attempts_total', 'result="delivered"');

interface LoadPartner {
  id: string;
  name: string;
  liveKey: string;
  testKey: string;
  secret: string;
  /** Live-key calls answered (each is one metered call). */
  calls: number;
  endUsers: Set<string>;
  ingested: string[];
}

describe('two API processes and two workers on one PostgreSQL and Redis', { skip: (DIALECT !== 'postgres' && 'several processes share a PostgreSQL database only (a SQLite file has one owner)') || ownRedis?.skip, timeout: 180_000 }, () => {
  let cluster: Cluster;
  let deps: Deps;
  let a: ServerProcess;
  let b: ServerProcess;
  let w1: WorkerProcess;
  let w2: WorkerProcess;
  let receiver: Receiver;
  let redis: Redis;
  const partners: LoadPartner[] = [];
  const api = () => [a, b];

  /** Platform usage events for the two load partners, sent in batches during the load. */
  function usageEvents() {
    return Array.from({ length: EVENTS }, (_, i) => {
      const p = partners[i % partners.length];
      const kind = i % 10 === 0 ? 'user_signup' : i % 10 === 1 ? 'account_link' : 'transaction';
      return {
        partner_id: p.id,
        event_type: kind,
        user_id: `ev_${p.name}_${(i >> 1) % 45}`,
        amount_cents: kind === 'transaction' ? 100 + i : null,
        category: kind === 'transaction' ? ['groceries', 'rent', 'dining'][i % 3] : null,
        institution: kind === 'account_link' ? 'First Bank' : null,
      };
    });
  }
  const usageSent: ReturnType<typeof usageEvents> = [];

  before(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', () => undefined); // reported by the ping below
    try {
      await redis.connect();
      await redis.ping();
    } catch (err) {
      throw new Error(`the file's own Redis at ${REDIS_URL} does not answer: ${(err as Error).message}`);
    }
    // Each answer takes a moment, as a real receiver's does, so deliveries are still in flight when a worker stops.
    receiver = await startReceiver(() => ({ status: 200, body: 'ok', delayMs: 40 }));
    cluster = await startCluster(
      2,
      {
        RUN_WORKERS: 'false',
        REDIS_URL,
        REDIS_KEY_PREFIX: PREFIX,
        RATE_LIMIT_PER_SECOND: String(LIMIT),
        USAGE_FLUSH_MS: '200',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // The receiver runs in this process beside the load: on a busy machine it may answer seconds late, and an
        // answer later than the timeout is (rightly) a failed attempt and a second delivery.
        WEBHOOK_TIMEOUT_MS: '30000',
      },
      // Four processes start at once: on a busy 2-core machine that takes a while.
      { workers: 2, workerEnv: { WORKER_METRICS_PORT: '0' }, poolSize: 3, startTimeoutMs: 120_000 },
    );
    ({ deps } = cluster);
    [a, b] = cluster.servers;
    [w1, w2] = cluster.workers;
    for (const name of ['alpha', 'beta']) {
      const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: `${name}@example.com`, company: `${name} Co`, activated: true }));
      // The load partners have a limit of their own (a per-partner override): the load is not what is limited here.
      await deps.database.db.updateTable('partners').set({ rate_limit_per_second: 100_000 }).where('id', '=', p.id).execute();
      partners.push({ id: p.id, name, liveKey: p.liveKey!, testKey: p.testKey!, secret: p.ingestSecret, calls: 0, endUsers: new Set(), ingested: [] });
    }
  });

  after(async () => {
    await cluster?.close();
    await receiver?.close();
    if (redis?.status === 'ready') {
      const left = await redis.keys(`${PREFIX}*`);
      if (left.length) await redis.del(...left);
    }
    redis?.disconnect();
  });

  /** The warning and error lines of the worker processes' logs (for a failure's message). */
  function warnings(): string {
    return cluster.workers
      .flatMap((w, i) => w.output().split('\n').filter((l) => /"level":(40|50|60)/.test(l)).map((l) => `worker ${i + 1}: ${l.slice(0, 600)}`))
      .slice(0, 40)
      .join('\n');
  }

  /** A live-key call of a load partner through one API process; counts it as the meter should. */
  async function live(p: LoadPartner, s: ServerProcess, method: string, path: string, body?: unknown): Promise<Response> {
    const res = await callWithSecret(s, method, path, p.liveKey, p.secret, body);
    if (res.status !== 401 && res.status !== 429) p.calls++;
    return res;
  }

  it('a mixed load through both API processes; one worker stopped half-way; every calculation.updated arrives exactly once', async () => {
    for (const [i, p] of partners.entries()) {
      const res = await live(p, api()[i], 'POST', '/api/v1/webhooks', { url: receiver.url, events: ['calculation.updated'] });
      assert.equal(res.status, 200, await res.text());
    }

    // Ingests: a few hundred end-users, the two partners interleaved, alternating API processes. Half-way, once the
    // first worker has delivered something, it is stopped (SIGTERM) with deliveries in flight and events due, while
    // the calculate calls and event batches go on; the second half of the ingests waits until it has exited, so
    // their events can only be delivered by the second worker.
    const ingests = partners.length * END_USERS_PER_PARTNER;
    const mid = ingests >> 1;
    let exitCode: number | null = -1;
    let stoppedAt = 0;
    let release!: () => void;
    const firstWorkerGone = new Promise<void>((r) => (release = r));
    const ingest = pool(ingests, 6, async (i) => {
      if (i === mid) {
        try {
          const before = await eventually(() => delivered(w1), (n) => n > 0, 20_000);
          assert.ok(before > 0, 'the first worker delivered events before it was stopped');
          w1.child.kill('SIGTERM');
          stoppedAt = Date.now();
          exitCode = await w1.exited;
        } finally {
          release();
        }
      } else if (i > mid) {
        await firstWorkerGone;
      }
      const p = partners[i % partners.length];
      const user = `u_${p.name}_${i >> 1}`;
      const res = await live(p, api()[(i >> 1) % 2], 'POST', '/api/v1/ingest', { end_user_id: user, cash_balance: 1000 + i, upcoming_bills: [{ amount: 100, due_in_days: 3 }] });
      assert.equal(res.status, 201, await res.text());
      p.ingested.push(user);
      p.endUsers.add(user);
    });

    // Calculate calls from both partners: half for end-users also ingested, half for others, some repeated.
    const calcs = pool(partners.length * CALCS_PER_PARTNER, 4, async (i) => {
      const p = partners[i % partners.length];
      const n = i >> 1;
      const user = n % 2 ? `u_${p.name}_${n}` : `c_${p.name}_${n % 30}`;
      const res = await live(p, api()[n % 2], 'POST', '/api/v1/calculate/safe-to-spend', { end_user_id: user, cash_balance: 500, cash_buffer: 50 });
      assert.equal(res.status, 200, await res.text());
      p.endUsers.add(user);
    });

    // Platform usage events in batches, alternating API processes.
    usageSent.push(...usageEvents());
    const batches = pool(EVENTS / BATCH, 2, async (i) => {
      const res = await fetch(`${api()[i % 2].baseUrl}/api/ingest/events/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-ingest-secret': PLATFORM_SECRET },
        body: JSON.stringify({ events: usageSent.slice(i * BATCH, (i + 1) * BATCH) }),
      });
      const body = (await res.json()) as { accepted: number; duplicates: number };
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(body.accepted, BATCH);
    });

    await Promise.all([ingest, calcs, batches]);
    assert.equal(exitCode, 0, `the stopped worker exits cleanly:\n${w1.output().slice(-2000)}`);

    // Every event reaches the receiver, none twice.
    const distinct = () => new Set(receiver.received.map((r) => String(r.headers['webhook-id']))).size;
    await eventually(async () => distinct(), (n) => n >= ingests, 45_000, 200);
    await sleep(1000); // a second delivery of an event would arrive after its first
    const stored = await deps.database.db
      .selectFrom('webhook_events')
      .select(['id', 'partner_id', 'state', 'attempts'])
      .where('partner_id', 'in', partners.map((p) => p.id))
      .execute();
    const partnerOf = new Map(stored.map((e) => [e.id, e.partner_id]));
    const times = new Map<string, number>();
    const seen = new Set<string>();
    for (const r of receiver.received) {
      const id = String(r.headers['webhook-id']);
      times.set(id, (times.get(id) ?? 0) + 1);
      const body = JSON.parse(r.body) as { id: string; type: string; data: { end_user_id: string } };
      assert.equal(body.type, 'calculation.updated');
      assert.equal(body.id, id);
      assert.ok(partnerOf.has(id), `event ${id} is one of the load partners'`);
      seen.add(`${partnerOf.get(id)}/${body.data.end_user_id}`);
    }
    const twice = [...times].filter(([, n]) => n > 1).map(([id]) => id);
    if (twice.length) {
      const detail = twice.map((id) => {
        const at = receiver.received.filter((r) => r.headers['webhook-id'] === id).map((r) => r.at - stoppedAt);
        return `${id}: received at ${at.join(', ')} ms after the SIGTERM`;
      });
      const recs = await deps.database.db.selectFrom('webhook_deliveries').select(['event_id', 'attempt', 'created_at', 'status', 'status_code', 'error', 'duration_ms']).where('event_id', 'in', twice).execute();
      assert.fail(`${twice.length} events delivered twice:\n${detail.join('\n')}\nrecords: ${JSON.stringify(recs.map((r) => ({ ...r, created_at: Number(r.created_at) - stoppedAt })))}\nthe workers' warnings:\n${warnings()}`);
    }
    assert.equal(times.size, ingests, 'one event per ingest');
    const wanted = partners.flatMap((p) => p.ingested.map((u) => `${p.id}/${u}`));
    assert.equal(wanted.length, ingests);
    assert.deepEqual(wanted.filter((k) => !seen.has(k)), [], 'every ingested end-user’s event arrived');

    // The outbox agrees: every event delivered at its first attempt, one delivery record each.
    assert.equal(stored.length, ingests);
    assert.deepEqual(stored.filter((e) => e.state !== 'delivered' || Number(e.attempts) !== 1), []);
    const records = await deps.database.db.selectFrom('webhook_deliveries').select('event_id').where('partner_id', 'in', partners.map((p) => p.id)).execute();
    assert.equal(records.length, ingests);
    assert.equal(new Set(records.map((r) => r.event_id)).size, ingests);

    // What was ingested after the first worker exited, the second one delivered (its own counter says so).
    const byW2 = await delivered(w2);
    assert.ok(byW2 >= ingests - mid, `the second worker delivered the ${ingests - mid} events ingested after the first stopped (it counted ${byW2})`);
  });

  it('the usage figures read through the API are exactly what was sent', async () => {
    for (const p of partners) {
      // Read with the partner's test key: the production figures are not moved by the reading itself.
      const read = async (s: ServerProcess) =>
        (await (await callWithSecret(s, 'GET', '/api/v1/usage', p.testKey, p.secret)).json()) as { production: { calls: number; unique_end_users: number } };
      // Each API process writes its counts every USAGE_FLUSH_MS (200 ms): poll until both have.
      const first = await eventually(() => read(a), (u) => u.production.calls >= p.calls, 15_000);
      assert.equal(first.production.calls, p.calls, `${p.name}: every call counted once`);
      assert.equal(first.production.unique_end_users, p.endUsers.size, `${p.name}: every end-user counted once`);
      await sleep(800);
      const again = await read(b);
      assert.equal(again.production.calls, p.calls, `${p.name}: nothing counted twice by a later flush`);
      assert.equal(again.production.unique_end_users, p.endUsers.size);

      // The usage-event dashboard of the partner, through a session opened with its live key.
      const login = await fetch(`${b.baseUrl}/api/auth/partner/key-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: p.liveKey }) });
      assert.equal(login.status, 200, await login.clone().text());
      const { token } = (await login.json()) as { token: string };
      const dash = await fetch(`${a.baseUrl}/api/partners/me/usage?days=2`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(dash.status, 200);
      const { totals } = (await dash.json()) as { totals: Record<string, number> };
      const mine = usageSent.filter((e) => e.partner_id === p.id);
      assert.deepEqual(totals, {
        events: mine.length,
        user_signup: mine.filter((e) => e.event_type === 'user_signup').length,
        account_link: mine.filter((e) => e.event_type === 'account_link').length,
        transaction: mine.filter((e) => e.event_type === 'transaction').length,
        transaction_volume_cents: mine.reduce((s, e) => s + (e.amount_cents ?? 0), 0),
        active_users: new Set(mine.map((e) => e.user_id)).size,
      });
    }
  });

  it(`the per-key limit (${LIMIT}/s) holds across both API processes: 200 requests in a second, split over both`, async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'limited@example.com', company: 'Limited Co', activated: true }));
    const key = p.liveKey!;
    const call = async (s: ServerProcess) => {
      const res = await fetch(`${s.baseUrl}/api/v1/me`, { headers: { 'x-api-key': key } });
      const body = (await res.json()) as { code?: string };
      return { status: res.status, code: body.code, window: String(res.headers.get('x-ratelimit-reset')) };
    };
    // Both processes resolve the key, and the client opens its connections, outside the measured seconds.
    await Promise.all(Array.from({ length: 100 }, (_, i) => call(api()[i % 2])));

    // Each burst starts just after a second begins (the limit counts fixed one-second windows) and sends 200
    // requests over 0.8 s, alternating processes. On a loaded machine the servers may take longer than a second to
    // see them all: the answers are grouped by the window the server counted each in (X-RateLimit-Reset names it),
    // and a burst is sent again until one window received more than the limit.
    const seen: string[] = [];
    let saturated: { sent: number; ok: number; servers: Set<number> } | undefined;
    for (let burst = 0; burst < 5 && !saturated; burst++) {
      await sleep(1000 - (Date.now() % 1000) + 20);
      const answers = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          await sleep(i * 4);
          return { ...(await call(api()[i % 2])), server: i % 2 };
        }),
      );
      for (const x of answers) {
        assert.ok(x.status === 200 || (x.status === 429 && x.code === 'rate_limited'), JSON.stringify(x));
      }
      const windows = new Map<string, { sent: number; ok: number; servers: Set<number> }>();
      for (const x of answers) {
        const w = windows.get(x.window) ?? { sent: 0, ok: 0, servers: new Set<number>() };
        w.sent++;
        if (x.status === 200) {
          w.ok++;
          w.servers.add(x.server);
        }
        windows.set(x.window, w);
      }
      seen.push(JSON.stringify([...windows.values()].map((w) => ({ sent: w.sent, ok: w.ok }))));
      for (const w of windows.values()) {
        // One budget for both processes: each alone would have let the limit through, twice as many in all.
        assert.ok(w.ok <= Math.ceil(LIMIT * 1.1), `at most ${LIMIT} + 10% answered in any window: ${seen.join(' ')}`);
      }
      saturated = [...windows.values()].find((w) => w.sent > LIMIT * 1.1);
    }
    assert.ok(saturated, `some window received more than the limit: ${seen.join(' ')}`);
    assert.ok(saturated.ok >= Math.floor(LIMIT * 0.9), `a saturated window lets about ${LIMIT} through: ${seen.join(' ')}`);
    assert.equal(saturated.servers.size, 2, `both processes answered within the shared budget: ${seen.join(' ')}`);

    // The counters are in Redis under this deployment's prefix, and nowhere else.
    const keys = await redis.keys(`${PREFIX}rl:*`);
    assert.ok(keys.length > 0, 'counters under REDIS_KEY_PREFIX');
    assert.equal(await redis.exists(...keys.map((k) => `svc:${k.slice(PREFIX.length)}`)), 0, 'nothing under the default prefix');
  });

  it('a key rotated through one API process is refused by the other on its next request', async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'rotating@example.com', company: 'Rotating Co', activated: true }));
    const old = p.liveKey!;
    const me = (s: ServerProcess, key: string) => fetch(`${s.baseUrl}/api/v1/me`, { headers: { 'x-api-key': key } });
    // Both processes hold the key in their caches.
    for (const s of api()) assert.equal((await me(s, old)).status, 200);
    const rotated = await callWithSecret(a, 'POST', '/api/v1/key/rotate', old, p.ingestSecret, { key_type: 'production' });
    assert.equal(rotated.status, 200, await rotated.clone().text());
    const { new_key } = (await rotated.json()) as { new_key: string };
    const refused = await me(b, old);
    assert.equal(refused.status, 401, 'the other process refuses the old key at once');
    assert.equal(((await refused.json()) as { code: string }).code, 'invalid_api_key');
    assert.equal((await me(a, old)).status, 401);
    assert.equal((await me(b, new_key)).status, 200, 'the new key works on the other process');
    assert.equal((await me(a, new_key)).status, 200);
  });
});
