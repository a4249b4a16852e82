/** An erasure while a delivery is in flight drops that delivery's outcome alone; nobody else's records or deliveries are touched. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { buildTestApp, keyHeaders, type TestApp } from '../helpers/app.js';
import { configure, eventIds, ingest, listDeliveries, sleep } from './helpers.js';
import { startReceiver, type Receiver } from './receiver.js';

describe('erasure during delivery', () => {
  let t: TestApp;
  let slow: Receiver;
  let fast: Receiver;
  before(async () => {
    // Room for all of B's events in one pass (the per-endpoint bound is not what this file tests).
    t = await buildTestApp({ env: { WEBHOOK_RETRY_SCHEDULE_MS: '0,60000', WEBHOOK_SLOTS_PER_ENDPOINT: '8' } });
    slow = await startReceiver(() => ({ status: 200, delayMs: 400 }));
    fast = await startReceiver();
  });
  after(async () => {
    await slow.close();
    await fast.close();
    await t.close();
  });

  it('the erased event is dropped; the other partner keeps its records and gets each event once', async () => {
    const a = await t.partner();
    const b = await t.partner();
    await configure(t, a, slow.url);
    await configure(t, b, fast.url);
    await ingest(t, a, 'gone');
    for (let i = 0; i < 5; i++) await ingest(t, b, `b_${i}`);

    const pass = runDeliveryPass(t.deps);
    // A's attempt is in flight (its receiver holds the answer): erase A's end-user now.
    const until = Date.now() + 5000;
    while (slow.received.length === 0 && Date.now() < until) await sleep(5);
    assert.equal(slow.received.length, 1);
    const erased = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/gone', headers: keyHeaders(a, { secret: true }) });
    assert.equal(erased.statusCode, 200, erased.body);
    const result = await pass;
    assert.equal(result.delivered, 6, 'the attempts themselves all went out');

    assert.deepEqual(await eventIds(t, a.id), [], 'the erased event stays gone');
    assert.deepEqual(await listDeliveries(t, a), [], 'no record of the erased end-user is written back');
    const bRecords = await listDeliveries(t, b);
    assert.equal(bRecords.length, 5);
    assert.ok(bRecords.every((d) => d.status === 'delivered' && d.attempt === 1));
    // Nothing of B is due again: another pass delivers nothing twice.
    const again = await runDeliveryPass(t.deps);
    assert.equal(again.claimed, 0);
    assert.equal(fast.received.length, 5);
  });
});
