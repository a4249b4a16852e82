/**
 * Fair delivery: no partner can slow another's deliveries. Receivers that never answer hold
 * at most WEBHOOK_SLOTS_PER_ENDPOINT slots each, sandbox endpoints at most their share, live
 * events go before test ones, the claim goes round the endpoints, and an endpoint's circuit
 * opens after failures in a row (its events wait, their attempts unspent) until a probe succeeds.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, DIALECT, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { createDeps, createLogger } from '../../src/deps.js';
import type { Deps } from '../../src/context.js';
import { enqueueEvent } from '../../src/areas/webhooks/outbox.js';
import { claimFairly, DeliverySlots } from '../../src/areas/webhooks/claim.js';
import { dueEventsSummary } from '../../src/areas/webhooks/repo.js';
import { runDeliveryPass, startWebhookWorker } from '../../src/areas/webhooks/worker.js';
import { startReceiver, startSilentReceiver, type Receiver, type SilentReceiver } from './receiver.js';
import { configure, ingest, sleep } from './helpers.js';

async function enqueueMany(t: TestApp, partnerId: string, environment: 'test' | 'live', n: number, at = t.deps.clock.now()) {
  await t.deps.database.tx(async (trx) => {
    for (let i = 0; i < n; i++) {
      await enqueueEvent(t.deps, trx, { partnerId, environment, type: 'calculation.updated', data: { end_user_id: `u${i}`, i }, orderingKey: `u${i}`, now: at });
    }
  });
}

async function eventsOf(t: TestApp, partnerId: string) {
  return t.deps.database.db.selectFrom('webhook_events').select(['id', 'state', 'attempts']).where('partner_id', '=', partnerId).orderBy('id').execute();
}

async function recordsOf(t: TestApp, partnerId: string) {
  return t.deps.database.db.selectFrom('webhook_deliveries').select(['event_id', 'status', 'attempt']).where('partner_id', '=', partnerId).execute();
}

async function waitFor(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Five sandbox partners whose receivers never answer, each fed events, beside one healthy live
 * partner; returns the healthy partner's ingest-to-arrival latencies.
 */
async function noisyNeighbours(t: TestApp, opts: { hostileEvents: number; healthyEvents: number; heldBeforeStart: number }) {
  const hostile: SilentReceiver[] = [];
  const hostilePartners: TestPartner[] = [];
  const healthyRx = await startReceiver();
  let worker: ReturnType<typeof startWebhookWorker> | null = null;
  let maxSandbox = 0;
  let maxHostileTotal = 0;
  const sampler = setInterval(() => {
    if (worker) maxSandbox = Math.max(maxSandbox, worker.slots.snapshot().sandbox);
    maxHostileTotal = Math.max(maxHostileTotal, hostile.reduce((a, h) => a + h.open(), 0));
  }, 5);
  try {
    for (let i = 0; i < 5; i++) {
      const rx = await startSilentReceiver();
      const p = await t.partner();
      await configure(t, p, rx.url, ['calculation.updated'], 'test');
      await enqueueMany(t, p.id, 'test', opts.hostileEvents);
      hostile.push(rx);
      hostilePartners.push(p);
    }
    const healthy = await t.partner();
    await configure(t, healthy, healthyRx.url, ['calculation.updated'], 'live');
    worker = startWebhookWorker(t.deps, { pollMs: 50 });
    // The receivers that never answer hold their slots first.
    await waitFor('the silent receivers to hold their slots', () => hostile.reduce((a, h) => a + h.open(), 0) >= opts.heldBeforeStart);

    const sent = new Map<string, number>();
    for (let i = 0; i < opts.healthyEvents; i++) {
      sent.set(`h_${i}`, Date.now());
      await ingest(t, healthy, `h_${i}`, 100 + i, 'live');
      await sleep(20);
    }
    await waitFor('the healthy deliveries', () => healthyRx.received.length >= opts.healthyEvents);
    const latencies = healthyRx.received
      .map((r) => {
        const body = JSON.parse(r.body) as { data: { end_user_id: string } };
        return r.at - sent.get(body.data.end_user_id)!;
      })
      .sort((a, b) => a - b);
    const stopping = worker.stop();
    worker = null;
    await stopping;
    return { latencies, hostile, hostilePartners, healthy, healthyRx, maxSandbox, maxHostileTotal };
  } finally {
    clearInterval(sampler);
    if (worker) await worker.stop();
    await healthyRx.close();
    for (const h of hostile) await h.close();
  }
}

async function assertHealthyExactlyOnce(t: TestApp, healthy: TestPartner, rx: Receiver, n: number) {
  const events = await eventsOf(t, healthy.id);
  assert.equal(events.length, n);
  assert.ok(
    events.every((e) => e.state === 'delivered' && Number(e.attempts) === 1),
    'every healthy event delivered at its first attempt',
  );
  for (const e of events) assert.equal(rx.of(e.id).length, 1, `${e.id} sent once`);
  const records = await recordsOf(t, healthy.id);
  assert.equal(records.length, n, 'one delivery record per healthy event');
  assert.ok(records.every((r) => r.status === 'delivered'));
}

describe(`fair delivery on ${DIALECT}: five receivers that never answer`, { timeout: 120_000 }, () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({
      // The breaker is kept out of the way here: the slots alone must keep the healthy partner's pace.
      env: { WEBHOOK_TIMEOUT_MS: '4000', WEBHOOK_RETRY_SCHEDULE_MS: '0,600000', WEBHOOK_BREAKER_FAILURES: '1000', RATE_LIMIT_PER_SECOND: '100000' },
    });
  });
  after(() => t.close());

  it('a healthy live partner is delivered promptly; each silent endpoint holds at most 4 slots; its waiting events are not attempted', async () => {
    const r = await noisyNeighbours(t, { hostileEvents: 30, healthyEvents: 20, heldBeforeStart: 20 });
    // All 64 slots shared (the former claim) would hold every slot for the 4 s timeout, and the
    // healthy partner would wait for it (5 s and more when measured). Bounds leave room for a loaded machine.
    assert.ok(pct(r.latencies, 50) < 1000 && pct(r.latencies, 100) < 2500, `healthy latencies (ms): ${r.latencies.join(', ')}`);
    for (const h of r.hostile) assert.ok(h.maxOpen() <= 4, `a silent receiver held ${h.maxOpen()} requests at once`);
    assert.ok(r.maxHostileTotal <= 20, `silent receivers held ${r.maxHostileTotal} requests at once`);
    await assertHealthyExactlyOnce(t, r.healthy, r.healthyRx, 20);
    for (const p of r.hostilePartners) {
      const events = await eventsOf(t, p.id);
      const attempted = events.filter((e) => Number(e.attempts) > 0);
      // Events of an endpoint at its bound stay queued: pending, no attempt spent.
      assert.ok(events.filter((e) => e.state === 'pending' && Number(e.attempts) === 0).length >= 30 - 12, 'most of its events wait unattempted');
      assert.equal((await recordsOf(t, p.id)).length, attempted.length, 'one record per attempt made');
    }
  });
});

describe(`fair delivery on ${DIALECT}: sandbox holds at most its share of the slots`, { timeout: 120_000 }, () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({
      env: {
        WEBHOOK_SLOTS: '8',
        WEBHOOK_SANDBOX_SHARE: '0.5',
        WEBHOOK_TIMEOUT_MS: '4000',
        WEBHOOK_RETRY_SCHEDULE_MS: '0,600000',
        WEBHOOK_BREAKER_FAILURES: '1000',
        RATE_LIMIT_PER_SECOND: '100000',
      },
    });
  });
  after(() => t.close());

  it('five silent sandbox endpoints share 4 of 8 slots; live deliveries find the other 4', async () => {
    const r = await noisyNeighbours(t, { hostileEvents: 10, healthyEvents: 10, heldBeforeStart: 4 });
    assert.ok(r.maxSandbox <= 4, `sandbox held ${r.maxSandbox} slots`);
    assert.ok(r.maxHostileTotal <= 4, `silent sandbox receivers held ${r.maxHostileTotal} requests at once`);
    assert.ok(pct(r.latencies, 50) < 1000 && pct(r.latencies, 100) < 2500, `healthy latencies (ms): ${r.latencies.join(', ')}`);
    await assertHealthyExactlyOnce(t, r.healthy, r.healthyRx, 10);
  });
});

describe(`fair claim on ${DIALECT}: live first, round-robin, per-endpoint bound`, () => {
  let t: TestApp;
  let rx: Receiver;
  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_RETRY_SCHEDULE_MS: '0,600000' } });
    rx = await startReceiver();
  });
  afterEach(async () => {
    // Leases left by claims that were not delivered: out of the next test's way.
    await t.deps.database.db.updateTable('webhook_events').set({ state: 'skipped' }).where('state', '=', 'pending').execute();
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  it('a live event is claimed before older test events', async () => {
    const sandbox = await t.partner();
    const live = await t.partner();
    await configure(t, sandbox, rx.url, ['calculation.updated'], 'test');
    await configure(t, live, rx.url, ['calculation.updated'], 'live');
    await enqueueMany(t, sandbox.id, 'test', 3, t.deps.clock.now() - 60_000);
    await enqueueMany(t, live.id, 'live', 1);
    const r = await runDeliveryPass(t.deps, { limit: 1 });
    assert.equal(r.delivered, 1);
    assert.deepEqual(
      (await eventsOf(t, live.id)).map((e) => e.state),
      ['delivered'],
    );
    assert.ok((await eventsOf(t, sandbox.id)).every((e) => e.state === 'pending'));
  });

  it('the oldest backlog does not take every free slot: at most the bound per endpoint, the rest to the others', async () => {
    const big = await t.partner();
    const small = await t.partner();
    await configure(t, big, rx.url);
    await configure(t, small, rx.url);
    await enqueueMany(t, big.id, 'test', 50, t.deps.clock.now() - 60_000);
    await enqueueMany(t, small.id, 'test', 3);
    const slots = new DeliverySlots({ total: 8, perEndpoint: 4, sandbox: 8 });
    const { deliver } = await claimFairly(t.deps, slots, { token: 'tok_a', leaseMs: 60_000 });
    assert.equal(deliver.filter((d) => d.ev.partner_id === big.id).length, 4);
    assert.equal(deliver.filter((d) => d.ev.partner_id === small.id).length, 3);
    // Slots an endpoint already holds count against its bound.
    const busy = new DeliverySlots({ total: 8, perEndpoint: 4, sandbox: 8 });
    for (let i = 0; i < 3; i++) busy.take(big.id, 'test');
    const more = await claimFairly(t.deps, busy, { token: 'tok_b', leaseMs: 60_000 });
    assert.deepEqual(
      more.deliver.map((d) => d.ev.partner_id),
      [big.id],
      'one more of the big backlog, within its bound',
    );
  });

  it('when slots run short, successive claims go round the endpoints', async () => {
    const partners = [await t.partner(), await t.partner(), await t.partner()];
    for (const p of partners) {
      await configure(t, p, rx.url);
      await enqueueMany(t, p.id, 'test', 10);
    }
    const slots = new DeliverySlots({ total: 4, perEndpoint: 4, sandbox: 4 });
    const served: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { deliver } = await claimFairly(t.deps, slots, { token: `tok_rr${i}`, leaseMs: 60_000 });
      const owners = [...new Set(deliver.map((d) => d.ev.partner_id))];
      assert.equal(owners.length, 1, 'four slots, one endpoint at its bound of four');
      assert.equal(deliver.length, 4);
      served.push(owners[0]);
    }
    assert.equal(new Set(served.slice(0, 3)).size, 3, 'three claims served three partners');
    assert.equal(served[3], served[0], 'then round again');
  });

  it('events of a partner with no configuration are skipped without taking a slot', async () => {
    const none = await t.partner();
    await enqueueMany(t, none.id, 'live', 5);
    const r = await runDeliveryPass(t.deps, { limit: 1 });
    assert.equal(r.skipped, 5);
    assert.ok((await eventsOf(t, none.id)).every((e) => e.state === 'skipped'));
  });
});

describe(`circuit breaker on ${DIALECT}`, () => {
  const clock = new TestClock(Date.now());
  let t: TestApp;
  let second: Deps;
  before(async () => {
    t = await buildTestApp({
      clock,
      env: {
        WEBHOOK_TIMEOUT_MS: '1000',
        // Retries at once: without the breaker every failure would spend an attempt at every pass.
        WEBHOOK_RETRY_SCHEDULE_MS: '0,0,0,0,0,0,0,0,0,0,0,0',
        WEBHOOK_BREAKER_FAILURES: '3',
        WEBHOOK_BREAKER_OPEN_MS: '30000',
        WEBHOOK_BREAKER_MAX_OPEN_MS: '100000',
      },
    });
    // Another process's handle on the same database (SQLite: the same handle, as one process uses one).
    second = DIALECT === 'postgres' ? createDeps(t.config, { clock, log: createLogger(t.config), poolSize: 3 }) : t.deps;
  });
  afterEach(async () => {
    await t.deps.database.db.updateTable('webhook_events').set({ state: 'skipped' }).where('state', '=', 'pending').execute();
  });
  after(async () => {
    if (second !== t.deps) await second.close();
    await t.close();
  });

  const getCircuit = async (p: TestPartner) => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true }) });
    assert.equal(res.statusCode, 200);
    return res.json().circuit as { state: string; failures: number; retry_at: string | null };
  };

  it('opens after N failures in a row: no attempt until retry_at, then one probe; a failed probe doubles the wait, a good one closes it; each event delivered once', async () => {
    clock.set(Date.now());
    const p = await t.partner();
    const rx = await startReceiver(() => ({ status: 503, body: 'down' }));
    try {
      await configure(t, p, rx.url);
      await enqueueMany(t, p.id, 'test', 6);
      // First pass: the bound lets 4 go; all fail, the third opens the circuit.
      const first = await runDeliveryPass(t.deps);
      assert.equal(first.failed, 4);
      let c = await getCircuit(p);
      assert.equal(c.state, 'open');
      assert.equal(c.failures, 4);
      assert.equal(Date.parse(c.retry_at!), clock.now() + 30_000);
      const list = await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: keyHeaders(p, { secret: true }) });
      assert.equal(list.headers['webhook-circuit'], `open; failures=4; retry_at=${c.retry_at}`);

      // While open: nothing is claimed (by any process), the waiting events keep their attempts.
      for (const deps of [t.deps, second]) assert.equal((await runDeliveryPass(deps)).claimed, 0);
      clock.advance(29_000);
      assert.equal((await runDeliveryPass(second)).claimed, 0);
      assert.equal(rx.received.length, 4);
      const waiting = await eventsOf(t, p.id);
      assert.deepEqual(waiting.map((e) => Number(e.attempts)).sort(), [0, 0, 1, 1, 1, 1]);
      assert.ok(waiting.every((e) => e.state === 'pending'));
      // The platform status does not count events held by an open circuit as late.
      assert.equal((await dueEventsSummary(t.deps.database.db, clock.now())).due, 0);

      // retry_at: half-open; two processes race, one probe goes. It fails: open for twice as long.
      clock.advance(1_001);
      assert.equal((await getCircuit(p)).state, 'half_open');
      const probes = await Promise.all([runDeliveryPass(t.deps), runDeliveryPass(second)]);
      assert.equal(probes[0].claimed + probes[1].claimed, 1, 'one probe');
      assert.equal(rx.received.length, 5);
      c = await getCircuit(p);
      assert.equal(c.state, 'open');
      assert.equal(c.failures, 5);
      assert.equal(Date.parse(c.retry_at!), clock.now() + 60_000);
      assert.equal((await runDeliveryPass(t.deps)).claimed, 0);

      // The receiver recovers; the next probe closes the circuit and the rest follow.
      rx.respond(() => ({ status: 200 }));
      clock.advance(60_001);
      const probe = await runDeliveryPass(second);
      assert.equal(probe.claimed, 1);
      assert.equal(probe.delivered, 1);
      assert.deepEqual(await getCircuit(p), { state: 'closed', failures: 0, retry_at: null });
      for (let i = 0; i < 5 && (await eventsOf(t, p.id)).some((e) => e.state === 'pending'); i++) await runDeliveryPass(t.deps);
      const events = await eventsOf(t, p.id);
      assert.ok(events.every((e) => e.state === 'delivered'));
      const records = await recordsOf(t, p.id);
      for (const e of events) {
        assert.equal(records.filter((r) => r.event_id === e.id && r.status === 'delivered').length, 1, `${e.id}: one delivered record`);
        const answers = rx.of(e.id).length;
        assert.equal(records.filter((r) => r.event_id === e.id).length, answers, `${e.id}: one record per request`);
      }
      assert.equal(rx.received.length, records.length);
    } finally {
      await rx.close();
    }
  });

  it('timeouts count as failures; 4xx answers do not; a new URL starts closed', async () => {
    clock.set(Date.now());
    const silent = await startSilentReceiver();
    const picky = await startReceiver(() => ({ status: 400 }));
    try {
      const p = await t.partner();
      await configure(t, p, silent.url);
      await enqueueMany(t, p.id, 'test', 3);
      await runDeliveryPass(t.deps);
      assert.equal(silent.requests(), 3);
      assert.equal((await getCircuit(p)).state, 'open');

      // Another URL: another receiver, a closed circuit.
      await configure(t, p, picky.url);
      assert.deepEqual(await getCircuit(p), { state: 'closed', failures: 0, retry_at: null });
      for (let i = 0; i < 3; i++) await runDeliveryPass(t.deps);
      assert.ok(picky.received.length >= 3);
      assert.deepEqual(await getCircuit(p), { state: 'closed', failures: 0, retry_at: null }, 'a receiver that answers 400 is up');
    } finally {
      await silent.close();
      await picky.close();
    }
  });

  it('a manual resend goes through an open circuit, and its success closes it', async () => {
    clock.set(Date.now());
    const p = await t.partner();
    const rx = await startReceiver(() => ({ status: 500 }));
    try {
      await configure(t, p, rx.url);
      await enqueueMany(t, p.id, 'test', 3);
      await runDeliveryPass(t.deps);
      assert.equal((await getCircuit(p)).state, 'open');
      rx.respond(() => ({ status: 200 }));
      const [d] = (await t.deps.database.db.selectFrom('webhook_deliveries').select('id').where('partner_id', '=', p.id).execute());
      const res = await t.inject({ method: 'POST', url: `/api/v1/webhooks/deliveries/${d.id}/resend`, headers: keyHeaders(p, { secret: true }) });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().status, 'delivered');
      assert.equal((await getCircuit(p)).state, 'closed');
    } finally {
      await rx.close();
    }
  });
});
