/**
 * Fair delivery with two server processes on one PostgreSQL database (each runs its own delivery
 * worker): five sandbox receivers that never answer cannot slow a healthy live partner, each holds
 * at most WEBHOOK_SLOTS_PER_ENDPOINT slots per process, their circuits open (state shared by both
 * processes) and no attempt goes while open; the healthy partner's events arrive exactly once.
 * Receivers that answer 200 after seconds (no circuit opens) cannot slow a healthy sandbox partner
 * either: their recorded time, read by both processes, gives each one slot and never the reserve.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPartner } from '../../src/areas/partners/service.js';
import { enqueueEvent } from '../../src/areas/webhooks/outbox.js';
import type { Deps } from '../../src/context.js';
import { DIALECT } from '../helpers/app.js';
import { callWithSecret, startCluster, type Cluster } from '../helpers/cluster.js';
import type { ServerProcess } from '../helpers/process.js';
import { startReceiver, startSilentReceiver, startSlowReceiver, type Receiver, type SilentReceiver, type SlowReceiver } from './receiver.js';
import { sleep } from './helpers.js';

describe('fair delivery across two server processes', { skip: DIALECT !== 'postgres' && 'several processes share a PostgreSQL database only', timeout: 180_000 }, () => {
  let cluster: Cluster;
  let deps: Deps;
  let servers: ServerProcess[] = [];
  const silent: SilentReceiver[] = [];
  let healthyRx: Receiver;
  before(async () => {
    cluster = await startCluster(
      2,
      { RUN_WORKERS: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '5000', WEBHOOK_RETRY_SCHEDULE_MS: '0,600000' },
      { poolSize: 3 },
    );
    ({ deps, servers } = cluster);
    healthyRx = await startReceiver();
  });
  after(async () => {
    await cluster?.close();
    await healthyRx?.close();
    for (const s of silent) await s.close();
  });

  const call = callWithSecret;

  it('a healthy live partner keeps its pace beside five silent sandbox receivers; their circuits open for both processes', async () => {
    const [a, b] = servers;
    const newPartner = (n: string) => deps.database.tx((trx) => createPartner(deps, trx, { email: `${n}@example.com`, company: n, activated: true }));
    const hostile: string[] = [];
    for (let i = 0; i < 5; i++) {
      const rx = await startSilentReceiver();
      silent.push(rx);
      const p = await newPartner(`silent${i}`);
      const res = await call(i % 2 ? a : b, 'POST', '/api/v1/webhooks', p.testKey!, p.ingestSecret, { url: rx.url, events: ['calculation.updated'] });
      assert.equal(res.status, 200, await res.text());
      hostile.push(p.id);
      await deps.database.tx(async (trx) => {
        for (let j = 0; j < 30; j++) {
          await enqueueEvent(deps, trx, { partnerId: p.id, environment: 'test', type: 'calculation.updated', data: { end_user_id: `u${j}` }, orderingKey: `u${j}`, now: Date.now() });
        }
      });
    }
    const healthy = await newPartner('healthy');
    const cfg = await call(a, 'POST', '/api/v1/webhooks', healthy.liveKey!, healthy.ingestSecret, { url: healthyRx.url, events: ['calculation.updated'] });
    assert.equal(cfg.status, 200, await cfg.text());

    // Both processes' workers fill the silent receivers' slots (at most 4 each per process).
    const held = () => silent.reduce((n, s) => n + s.open(), 0);
    const end = Date.now() + 10_000;
    while (held() < 20 && Date.now() < end) await sleep(20);
    assert.ok(held() >= 20, `silent receivers hold ${held()} requests`);

    const sent = new Map<string, number>();
    for (let i = 0; i < 20; i++) {
      sent.set(`h_${i}`, Date.now());
      const res = await call(i % 2 ? a : b, 'POST', '/api/v1/ingest', healthy.liveKey!, healthy.ingestSecret, { end_user_id: `h_${i}`, cash_balance: 100 + i });
      assert.equal(res.status, 201, await res.text());
      await sleep(25);
    }
    const until = Date.now() + 15_000;
    while (healthyRx.received.length < 20 && Date.now() < until) await sleep(20);
    const latencies = healthyRx.received.map((r) => r.at - sent.get((JSON.parse(r.body) as { data: { end_user_id: string } }).data.end_user_id)!).sort((x, y) => x - y);
    assert.equal(latencies.length, 20, `healthy deliveries: ${latencies.length}`);
    // Shared slots would hold the healthy partner behind the 5 s timeouts; bounds leave room for a loaded machine.
    assert.ok(latencies[latencies.length >> 1] < 1000 && latencies[latencies.length - 1] < 3000, `healthy latencies (ms): ${latencies.join(', ')}`);
    for (const s of silent) assert.ok(s.maxOpen() <= 8, `a silent receiver held ${s.maxOpen()} requests at once (2 processes × 4)`);

    // The first attempts time out (5 s): five failures in a row open each silent endpoint's circuit.
    const openBy = Date.now() + 30_000;
    let circuits: { partner_id: string; circuit_state?: string; circuit_retry_at?: number | null }[] = [];
    while (Date.now() < openBy) {
      circuits = await deps.database.db.selectFrom('webhook_endpoints').select(['partner_id', 'circuit_state', 'circuit_retry_at']).where('partner_id', 'in', hostile).execute();
      if (circuits.every((c) => c.circuit_state === 'open') && held() === 0) break;
      await sleep(100);
    }
    assert.ok(circuits.every((c) => c.circuit_state === 'open'), JSON.stringify(circuits));
    // Open (retry in 30 s): neither process sends them anything.
    const before = silent.map((s) => s.requests());
    await sleep(2000);
    assert.deepEqual(
      silent.map((s) => s.requests()),
      before,
      'no attempt while the circuits are open',
    );
    const waiting = await deps.database.db.selectFrom('webhook_events').select(['attempts']).where('partner_id', 'in', hostile).where('state', '=', 'pending').execute();
    assert.ok(waiting.filter((e) => Number(e.attempts) === 0).length >= 5 * 30 - 5 * 16, 'their waiting events spent no attempt');

    // Exactly once: every healthy event delivered at its first attempt, one record each, one request each.
    const events = await deps.database.db.selectFrom('webhook_events').select(['id', 'state', 'attempts']).where('partner_id', '=', healthy.id).execute();
    assert.equal(events.length, 20);
    assert.ok(events.every((e) => e.state === 'delivered' && Number(e.attempts) === 1));
    const records = await deps.database.db.selectFrom('webhook_deliveries').select(['event_id', 'status']).where('partner_id', '=', healthy.id).execute();
    assert.equal(records.length, 20);
    for (const e of events) assert.equal(healthyRx.of(e.id).length, 1, `${e.id} sent once`);
  });
});

describe('time-fair delivery across two server processes', { skip: DIALECT !== 'postgres' && 'several processes share a PostgreSQL database only', timeout: 180_000 }, () => {
  const SLOW_MS = 2500;
  let cluster: Cluster;
  let deps: Deps;
  let servers: ServerProcess[] = [];
  const slow: SlowReceiver[] = [];
  let healthyRx: Receiver;
  before(async () => {
    // 16 slots per process, 8 of them for the sandbox: slow endpoints at most 6 of those in each process.
    cluster = await startCluster(
      2,
      { RUN_WORKERS: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_SLOTS: '16', WEBHOOK_TIMEOUT_MS: '8000', WEBHOOK_RETRY_SCHEDULE_MS: '0,600000' },
      { poolSize: 3 },
    );
    ({ deps, servers } = cluster);
    healthyRx = await startReceiver();
  });
  after(async () => {
    await cluster?.close();
    await healthyRx?.close();
    for (const s of slow) await s.close();
  });

  const waitFor = async (what: string, done: () => boolean | Promise<boolean>, timeoutMs = 40_000) => {
    const end = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  };

  it('a healthy sandbox partner keeps its pace beside eight receivers that answer 200 after 2.5 s; each process gives each of them one slot, never its reserve', async (ctx) => {
    const [a, b] = servers;
    const newPartner = (n: string) => deps.database.tx((trx) => createPartner(deps, trx, { email: `${n}@example.com`, company: n, activated: true }));
    const healthy = await newPartner('healthy-pace');
    const cfg = await callWithSecret(a, 'POST', '/api/v1/webhooks', healthy.testKey!, healthy.ingestSecret, { url: healthyRx.url, events: ['calculation.updated'] });
    assert.equal(cfg.status, 200, await cfg.text());
    const ingestHealthy = async (tag: string, n: number) => {
      const sent = new Map<string, number>();
      const before = healthyRx.received.length;
      for (let i = 0; i < n; i++) {
        sent.set(`${tag}_${i}`, Date.now());
        const res = await callWithSecret(i % 2 ? a : b, 'POST', '/api/v1/ingest', healthy.testKey!, healthy.ingestSecret, { end_user_id: `${tag}_${i}`, cash_balance: 100 + i });
        assert.equal(res.status, 201, await res.text());
        await sleep(50);
      }
      await waitFor(`healthy deliveries (${tag})`, () => healthyRx.received.length >= before + n);
      return healthyRx.received
        .slice(before)
        .map((r) => r.at - sent.get((JSON.parse(r.body) as { data: { end_user_id: string } }).data.end_user_id)!)
        .sort((x, y) => x - y);
    };
    const alone = await ingestHealthy('alone', 6);

    const slowPartners: string[] = [];
    for (let i = 0; i < 8; i++) {
      const rx = await startSlowReceiver(SLOW_MS);
      slow.push(rx);
      const p = await newPartner(`slow${i}`);
      const res = await callWithSecret(i % 2 ? a : b, 'POST', '/api/v1/webhooks', p.testKey!, p.ingestSecret, { url: rx.url, events: ['calculation.updated'] });
      assert.equal(res.status, 200, await res.text());
      slowPartners.push(p.id);
      for (let j = 0; j < 30; j++) {
        const r = await callWithSecret(j % 2 ? a : b, 'POST', '/api/v1/ingest', p.testKey!, p.ingestSecret, { end_user_id: `s${j}`, cash_balance: j });
        assert.equal(r.status, 201, await r.text());
      }
    }
    // Every slow endpoint has an attempt on record (its time is known to both processes from then on), and
    // every request sent before that is answered: the slots taken while they were new are back.
    await waitFor('an attempt on record for every slow endpoint', async () => {
      const rows = await deps.database.db.selectFrom('webhook_deliveries').select('partner_id').distinct().where('partner_id', 'in', slowPartners).execute();
      return rows.length === slowPartners.length;
    });
    const sentBefore = slow.map((s) => s.received.length);
    await waitFor('the slow receivers to answer what came before', () => slow.every((s, i) => s.answered() >= sentBefore[i]));
    for (const s of slow) s.resetMax();
    let together = 0;
    const sampler = setInterval(() => (together = Math.max(together, slow.reduce((n, s) => n + s.open(), 0))), 5);
    let beside: number[];
    try {
      beside = await ingestHealthy('beside', 20);
    } finally {
      clearInterval(sampler);
    }
    ctx.diagnostic(`healthy ms alone: ${alone.join(', ')}; beside: ${beside.join(', ')}; slow held at most ${together}`);
    const p50 = beside[beside.length >> 1];
    const max = beside[beside.length - 1];
    // With every sandbox slot of both processes held by them, the healthy partner waited for their answers.
    assert.ok(p50 < 600 && max < 1500, `healthy latencies beside them (ms): ${beside.join(', ')}; alone: ${alone.join(', ')}`);
    for (const s of slow) assert.ok(s.maxOpen() <= 2, `a slow receiver held ${s.maxOpen()} requests at once (one per process)`);
    assert.ok(together <= 12, `slow receivers held ${together} requests at once (six of eight sandbox slots per process)`);
    const recorded = await deps.database.db.selectFrom('webhook_endpoints').select('latency_ms').where('partner_id', 'in', slowPartners).execute();
    assert.ok(recorded.every((r) => Number(r.latency_ms) >= SLOW_MS), JSON.stringify(recorded));

    // They progress; nothing is sent twice; the healthy partner's events arrive exactly once.
    const answered = slow.map((s) => s.answered());
    await waitFor('every slow receiver to answer again', () => slow.every((s, i) => s.answered() > answered[i]));
    for (const s of slow) {
      const ids = s.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
      assert.equal(new Set(ids).size, ids.length, 'no slow event sent twice');
    }
    const events = await deps.database.db.selectFrom('webhook_events').select(['id', 'state', 'attempts']).where('partner_id', '=', healthy.id).execute();
    assert.equal(events.length, 26);
    assert.ok(events.every((e) => e.state === 'delivered' && Number(e.attempts) === 1));
    for (const e of events) assert.equal(healthyRx.of(e.id).length, 1, `${e.id} sent once`);
  });
});
