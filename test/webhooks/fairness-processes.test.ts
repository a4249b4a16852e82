/**
 * Fair delivery with two server processes on one PostgreSQL database (each runs its own delivery
 * worker): five sandbox receivers that never answer cannot slow a healthy live partner, each holds
 * at most WEBHOOK_SLOTS_PER_ENDPOINT slots per process, their circuits open (state shared by both
 * processes) and no attempt goes while open; the healthy partner's events arrive exactly once.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPartner } from '../../src/areas/partners/service.js';
import { enqueueEvent } from '../../src/areas/webhooks/outbox.js';
import type { Deps } from '../../src/context.js';
import { DIALECT } from '../helpers/app.js';
import { callWithSecret, startCluster, type Cluster } from '../helpers/cluster.js';
import type { ServerProcess } from '../helpers/process.js';
import { startReceiver, startSilentReceiver, type Receiver, type SilentReceiver } from './receiver.js';
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
