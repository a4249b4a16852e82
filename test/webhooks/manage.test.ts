import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { createHmac } from 'node:crypto';
import { buildTestApp, keyHeaders, TestClock, type TestApp } from '../helpers/app.js';
import { setWebhookResolver } from '../../src/areas/webhooks/runtime.js';
import { runDeliveryPass, startWebhookWorker } from '../../src/areas/webhooks/worker.js';
import { startReceiver, type Receiver } from './receiver.js';
import { configure, eventIds, eventRow, ingest, listDeliveries, sleep } from './helpers.js';

const stripe = new Stripe('sk_test_dummy');
const H = keyHeaders;

describe('rotation, resend, test events, erasure and the worker loop', () => {
  let t: TestApp;
  let rx: Receiver;
  const clock = new TestClock(Date.now());
  before(async () => {
    t = await buildTestApp({ clock, env: { WEBHOOK_RETRY_SCHEDULE_MS: '0,60000', WEBHOOK_TIMEOUT_MS: '1000', RATE_LIMIT_PER_SECOND: '100000' } });
    rx = await startReceiver();
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  it('signs with both the old and the new secret for 24 hours after a rotation, then with the new one only', async () => {
    clock.set(Date.now());
    const p = await t.partner();
    const old = (await configure(t, p, rx.url)).secret!;
    const rot = await t.inject({ method: 'POST', url: '/api/v1/webhooks/rotate-secret', headers: H(p, { secret: true }) });
    const fresh = rot.json().secret as string;

    await ingest(t, p, 'rot');
    const [e1] = await eventIds(t, p.id);
    await runDeliveryPass(t.deps);
    const [got] = rx.of(e1);
    const sig = got.headers['service-signature'] as string;
    assert.equal(sig.split(',').filter((x) => x.startsWith('v1=')).length, 2);
    // Both secrets verify, with both libraries.
    for (const secret of [old, fresh]) {
      assert.equal(stripe.webhooks.constructEvent(got.body, sig, secret).id, e1);
      const v = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { id: string };
      assert.equal(v.id, e1);
    }
    assert.equal(got.headers['x-service-signature'], createHmac('sha256', fresh).update(got.body).digest('hex'));
    assert.equal(got.headers['x-service-signature-previous'], createHmac('sha256', old).update(got.body).digest('hex'));

    // 24 hours and a bit later: the old secret no longer signs.
    clock.advance(24 * 3_600_000 + 1000);
    await ingest(t, p, 'rot');
    const ids = await eventIds(t, p.id);
    const e2 = ids[ids.length - 1];
    await runDeliveryPass(t.deps);
    const [later] = rx.of(e2);
    const sig2 = later.headers['service-signature'] as string;
    assert.equal(sig2.split(',').filter((x) => x.startsWith('v1=')).length, 1);
    const tolerance = 10 * 86_400; // the test clock is a day ahead of Stripe's
    assert.equal(stripe.webhooks.constructEvent(later.body, sig2, fresh, tolerance).id, e2);
    assert.throws(() => stripe.webhooks.constructEvent(later.body, sig2, old, tolerance));
    assert.equal(later.headers['x-service-signature-previous'], undefined);
    assert.equal(later.headers['webhook-signature']!.toString().split(' ').length, 1);
    clock.set(Date.now());
  });

  it('resends one delivery: a new attempt now, recorded and answered; success ends the retries', async () => {
    clock.set(Date.now());
    const p = await t.partner();
    const local = await startReceiver((_r, n) => (n === 1 ? { status: 500, body: 'nope' } : { status: 200, body: '{"ok":true}' }));
    try {
      await configure(t, p, local.url);
      await ingest(t, p, 'resend_me');
      const [evId] = await eventIds(t, p.id);
      await runDeliveryPass(t.deps);
      const [failed] = await listDeliveries(t, p);
      assert.equal(failed.status, 'failed');
      assert.equal((await eventRow(t, evId)).state, 'pending', 'the next attempt is a minute away');

      const res = await t.inject({ method: 'POST', url: `/api/v1/webhooks/deliveries/${failed.id}/resend`, headers: H(p, { secret: true }) });
      assert.equal(res.statusCode, 200);
      const d = res.json();
      assert.equal(d.status, 'delivered');
      assert.equal(d.attempt, 2);
      assert.equal(d.event_id, evId);
      assert.equal(d.response_excerpt, '{"ok":true}');
      assert.notEqual(d.id, failed.id);
      assert.equal(local.of(evId).length, 2);
      assert.equal((await eventRow(t, evId)).state, 'delivered');
      assert.equal((await listDeliveries(t, p)).length, 2);
      // A delivered event can be resent again (the receiver asked for it).
      const again = await t.inject({ method: 'POST', url: `/v1/webhooks/deliveries/${d.id}/resend`, headers: H(p, { secret: true }) });
      assert.equal(again.json().attempt, 3);
      assert.equal((await listDeliveries(t, p, `?event_id=${evId}`)).length, 3);

      // While a worker holds the event: 409.
      await t.deps.database.db.updateTable('webhook_events').set({ locked_until: Date.now() + 60_000, lock_token: 'someone' }).where('id', '=', evId).execute();
      const busy = await t.inject({ method: 'POST', url: `/api/v1/webhooks/deliveries/${d.id}/resend`, headers: H(p, { secret: true }) });
      assert.equal(busy.statusCode, 409);
    } finally {
      await local.close();
    }
  });

  it('a failed resend leaves the schedule as it was; a resend to a disabled endpoint is 409', async () => {
    clock.set(Date.now());
    const p = await t.partner();
    const local = await startReceiver(() => ({ status: 502 }));
    try {
      await configure(t, p, local.url);
      await ingest(t, p, 'still_down');
      const [evId] = await eventIds(t, p.id);
      await runDeliveryPass(t.deps);
      const before = await eventRow(t, evId);
      const [d] = await listDeliveries(t, p);
      const res = await t.inject({ method: 'POST', url: `/api/v1/webhooks/deliveries/${d.id}/resend`, headers: H(p, { secret: true }) });
      assert.equal(res.json().status, 'failed');
      const afterRow = await eventRow(t, evId);
      assert.equal(afterRow.state, 'pending');
      assert.equal(Number(afterRow.next_attempt_at), Number(before.next_attempt_at));
      assert.equal(afterRow.locked_until, null);
      await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(p, { secret: true }), payload: { url: local.url, events: ['calculation.updated'], enabled: false } });
      const off = await t.inject({ method: 'POST', url: `/api/v1/webhooks/deliveries/${d.id}/resend`, headers: H(p, { secret: true }) });
      assert.equal(off.statusCode, 409);
    } finally {
      await local.close();
    }
  });

  it('sends a test event whatever the subscription says', async () => {
    clock.set(Date.now());
    const p = await t.partner();
    const { secret } = await configure(t, p, rx.url, ['usage.threshold_reached']);
    const res = await t.inject({ method: 'POST', url: '/api/v1/webhooks/test', headers: H(p, { secret: true }) });
    assert.equal(res.statusCode, 202);
    const q = res.json();
    assert.equal(q.type, 'webhook.test');
    assert.equal(q.status, 'queued');
    await runDeliveryPass(t.deps);
    const [got] = rx.of(q.event_id);
    const ev = stripe.webhooks.constructEvent(got.body, got.headers['service-signature'] as string, secret!);
    assert.equal(ev.type, 'webhook.test');
    const [d] = await listDeliveries(t, p);
    assert.equal(d.event_type, 'webhook.test');
    assert.equal(d.status, 'delivered');
  });

  it('erasing an end-user removes its events and their delivery records', async () => {
    clock.set(Date.now());
    const p = await t.partner();
    await configure(t, p, rx.url);
    await ingest(t, p, 'forget_me');
    await ingest(t, p, 'keep_me');
    await runDeliveryPass(t.deps);
    assert.equal((await listDeliveries(t, p)).length, 2);
    const res = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/forget_me', headers: H(p, { secret: true }) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().erased.webhook_deliveries, 1);
    assert.equal(res.json().erased.webhook_events, 1);
    const left = await listDeliveries(t, p);
    assert.equal(left.length, 1);
    const rows = await t.deps.database.db.selectFrom('webhook_deliveries').select('id').where('partner_id', '=', p.id).execute();
    assert.equal(rows.length, 1);
  });

  it('deleting a partner removes its deliveries (cascade)', async () => {
    clock.set(Date.now());
    const p = await t.partner();
    await configure(t, p, rx.url);
    await ingest(t, p, 'x');
    await runDeliveryPass(t.deps);
    await t.deps.database.db.deleteFrom('partners').where('id', '=', p.id).execute();
    const rows = await t.deps.database.db.selectFrom('webhook_deliveries').select('id').where('partner_id', '=', p.id).execute();
    assert.equal(rows.length, 0);
  });

  it('the background worker delivers on its own, woken by the ingest', async () => {
    clock.set(Date.now());
    const p = await t.partner();
    await configure(t, p, rx.url);
    const w = startWebhookWorker(t.deps, { pollMs: 10_000 });
    try {
      const started = Date.now();
      await ingest(t, p, 'bg');
      const [evId] = await eventIds(t, p.id);
      while (rx.of(evId).length === 0 && Date.now() - started < 3000) await sleep(2);
      assert.equal(rx.of(evId).length, 1);
      assert.ok(Date.now() - started < 1000, 'woken at once, not at the 10 s poll');
      while ((await eventRow(t, evId)).state !== 'delivered' && Date.now() - started < 3000) await sleep(5);
      assert.equal((await eventRow(t, evId)).state, 'delivered');
    } finally {
      await w.stop();
    }
  });
});

describe('SSRF at delivery time (WEBHOOK_ALLOW_PRIVATE=false)', () => {
  let t: TestApp;
  let rx: Receiver;
  let target = '93.184.215.14';
  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'false', WEBHOOK_RETRY_SCHEDULE_MS: '0,10', WEBHOOK_TIMEOUT_MS: '1000' } });
    setWebhookResolver(t.deps, async () => [{ address: target, family: 4 }]);
    rx = await startReceiver();
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  it('a name that is re-pointed to 127.0.0.1 after configuration is refused before connecting', async () => {
    const p = await t.partner();
    await configure(t, p, `https://rebind.partner.example:${rx.port}/hook`);
    target = '127.0.0.1';
    await ingest(t, p, 'victim');
    const r = await runDeliveryPass(t.deps);
    assert.equal(r.failed, 1);
    const [d] = await listDeliveries(t, p);
    assert.equal(d.status, 'failed');
    assert.equal(d.status_code, null);
    assert.match(d.error!, /refused: .*127\.0\.0\.1.*not a public address/);
    assert.equal(rx.received.length, 0);
    target = '169.254.169.254';
    await sleep(20);
    await runDeliveryPass(t.deps);
    const log = await listDeliveries(t, p);
    assert.match(log[0].error!, /169\.254\.169\.254/);
  });
});
