import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, DIALECT, type TestApp } from '../helpers/app.js';
import { createDeps, createLogger } from '../../src/deps.js';
import type { Deps } from '../../src/context.js';
import { claimEndpointEvents } from '../../src/areas/webhooks/repo.js';
import { enqueueEvent } from '../../src/areas/webhooks/outbox.js';
import { startWebhookWorker } from '../../src/areas/webhooks/worker.js';
import { startReceiver, type Receiver } from './receiver.js';
import { configure, sleep } from './helpers.js';

/** Two handles on the same database (another SQLite connection to the file / another PostgreSQL pool), as two processes would have. */
describe(`claiming on ${DIALECT}: two workers on one database`, () => {
  let t: TestApp;
  let second: Deps;
  let rx: Receiver;
  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_RETRY_SCHEDULE_MS: '0,50,50', WEBHOOK_TIMEOUT_MS: '10000' } });
    second = createDeps(t.config, { log: createLogger(t.config), poolSize: 5 });
    rx = await startReceiver(() => ({ status: 200, delayMs: 1 }));
  });
  after(async () => {
    await second.database.close();
    await t.close();
    await rx.close();
  });

  async function enqueue(partnerId: string, n: number, users: number) {
    await t.deps.database.tx(async (trx) => {
      const now = Date.now();
      for (let i = 0; i < n; i++) {
        await enqueueEvent(t.deps, trx, { partnerId, environment: 'test', type: 'calculation.updated', data: { end_user_id: `u${i % users}`, i }, orderingKey: `u${i % users}`, now });
      }
    });
  }

  it('claimEndpointEvents: concurrent claims from both handles are disjoint and keep one event per end-user in flight', async () => {
    const p = await t.partner();
    const q = await t.partner();
    await enqueue(p.id, 120, 120);
    await enqueue(q.id, 60, 60);
    const now = Date.now() + 1;
    const claim = (db: Deps['database']['db'], opts: { now: number; leaseMs: number; token: string }, limit: number) =>
      claimEndpointEvents(db, t.deps.database, {
        ...opts,
        claims: [
          { partnerId: p.id, environment: 'test', limit },
          { partnerId: q.id, environment: 'test', limit: Math.ceil(limit / 2) },
        ],
      });
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claim((i % 2 ? second : t.deps).database.db, { now, leaseMs: 60_000, token: `tok${i}` }, 15)));
    const ids = claims.flat().map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length, 'no event claimed twice');
    assert.equal(ids.length, 180);
    // At most `limit` of one endpoint per claim.
    for (const c of claims) {
      assert.ok(c.filter((e) => e.partner_id === p.id).length <= 15);
      assert.ok(c.filter((e) => e.partner_id === q.id).length <= 8);
    }
    // A claimed (leased) event is not claimable again until its lease runs out.
    assert.equal((await claim(t.deps.database.db, { now, leaseMs: 1, token: 'x' }, 500)).length, 0);
    const later = await claim(second.database.db, { now: now + 60_001, leaseMs: 1, token: 'y' }, 500);
    assert.equal(later.length, 180, 'expired leases are claimed again (a crashed worker loses nothing)');
    await t.deps.database.db.updateTable('webhook_events').set({ state: 'skipped' }).where('partner_id', 'in', [p.id, q.id]).execute();

    // Same end-user: only the oldest pending event is claimable.
    await enqueue(p.id, 10, 1);
    const one = await claim(t.deps.database.db, { now: Date.now() + 1, leaseMs: 60_000, token: 'z' }, 10);
    assert.equal(one.length, 1);
    await t.deps.database.db.updateTable('webhook_events').set({ state: 'skipped' }).where('partner_id', '=', p.id).execute();
  });

  it('two worker loops deliver every event exactly once, in order per end-user', async () => {
    const p = await t.partner();
    await configure(t, p, rx.url);
    const a = startWebhookWorker(t.deps, { pollMs: 20, concurrency: 16, name: 'a' });
    // SQLite: better-sqlite3 waits for a lock synchronously, so two connections in one thread would
    // block each other; there the second loop shares the handle (the one-process deployment), and the
    // cross-connection claim is covered above. PostgreSQL: the second loop has its own pool.
    const b = startWebhookWorker(DIALECT === 'sqlite' ? t.deps : second, { pollMs: 20, concurrency: 16, name: 'b' });
    try {
      await enqueue(p.id, 400, 40);
      const end = Date.now() + 30_000;
      for (;;) {
        const pending = await t.deps.database.db.selectFrom('webhook_events').select('id').where('partner_id', '=', p.id).where('state', '=', 'pending').execute();
        if (pending.length === 0 || Date.now() > end) break;
        await sleep(25);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const events = await t.deps.database.db.selectFrom('webhook_events').select(['id', 'state', 'ordering_key']).where('partner_id', '=', p.id).orderBy('id').execute();
    assert.equal(events.length, 400);
    assert.ok(events.every((e) => e.state === 'delivered'));
    const records = await t.deps.database.db.selectFrom('webhook_deliveries').select(['event_id', 'attempt', 'status']).where('partner_id', '=', p.id).execute();
    for (const e of events) {
      // No attempt is ever sent twice: each request the receiver got is a distinct attempt, with its record.
      const attempts = rx.of(e.id).map((r) => r.headers['x-service-delivery-attempt']);
      assert.equal(new Set(attempts).size, attempts.length, `${e.id}: attempts ${attempts.join(',')}`);
      const mine = records.filter((r) => r.event_id === e.id);
      assert.equal(mine.length, attempts.length);
      assert.equal(mine.filter((r) => r.status === 'delivered').length, 1);
    }
    // With a healthy receiver, nothing needed a second attempt.
    assert.equal(records.length, 400);
    // Per end-user, the receiver saw the events in the order they were written.
    const seen = new Map<string, string[]>();
    for (const r of rx.received) {
      const body = JSON.parse(r.body) as { id: string; data: { end_user_id: string } };
      seen.set(body.data.end_user_id, [...(seen.get(body.data.end_user_id) ?? []), body.id]);
    }
    for (const [, ids] of seen) assert.deepEqual(ids, [...ids].sort());
  });
});
