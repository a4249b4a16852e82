import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { createHmac } from 'node:crypto';
import { buildTestApp, keyHeaders, type TestApp } from '../helpers/app.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { startReceiver, type Receiver } from './receiver.js';
import { configure, eventIds, eventRow, ingest, listDeliveries, passUntil } from './helpers.js';

const stripe = new Stripe('sk_test_dummy');

describe('webhook delivery to a real local receiver', () => {
  let t: TestApp;
  let rx: Receiver;
  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_RETRY_SCHEDULE_MS: '0,20,20,20', WEBHOOK_TIMEOUT_MS: '300', RATE_LIMIT_PER_SECOND: '100000' } });
    rx = await startReceiver();
  });
  // A pass claims every due event of the database: settle what earlier tests left to fall due later,
  // so each test counts only its own events.
  beforeEach(async () => {
    await t.deps.database.db.updateTable('webhook_events').set({ state: 'skipped' }).where('state', '=', 'pending').execute();
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  it('delivers calculation.updated signed three ways (stripe, standardwebhooks, the guide HMAC)', async () => {
    const p = await t.partner();
    const cfg = await configure(t, p, rx.url);
    assert.match(cfg.secret!, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const calc = await ingest(t, p, 'user_sig', 1234.5);
    const [evId] = await eventIds(t, p.id);
    const r = await runDeliveryPass(t.deps);
    assert.equal(r.delivered, 1);
    const [got] = rx.of(evId);
    assert.ok(got, 'the receiver got the event');
    const secret = cfg.secret!;

    // Stripe's own verifier accepts the Service-Signature header.
    const event = stripe.webhooks.constructEvent(got.body, got.headers['service-signature'] as string, secret);
    assert.equal(event.id, evId);
    assert.equal(event.type, 'calculation.updated');
    // …and refuses it with another secret or a changed body.
    assert.throws(() => stripe.webhooks.constructEvent(got.body, got.headers['service-signature'] as string, 'whsec_other'));
    assert.throws(() => stripe.webhooks.constructEvent(got.body.replace('user_sig', 'user_sog'), got.headers['service-signature'] as string, secret));

    // Standard Webhooks.
    const wh = new Webhook(secret);
    const payload = wh.verify(got.body, {
      'webhook-id': got.headers['webhook-id'] as string,
      'webhook-timestamp': got.headers['webhook-timestamp'] as string,
      'webhook-signature': got.headers['webhook-signature'] as string,
    }) as { id: string; type: string; created_at: string; data: { end_user_id: string; calculation: { calculation_id: string; safe_to_spend_today: number } } };
    assert.equal(payload.id, evId);
    assert.equal(got.headers['webhook-id'], evId);
    assert.equal(payload.data.end_user_id, 'user_sig');
    assert.equal(payload.data.calculation.calculation_id, calc.calculation_id);
    assert.ok(!Number.isNaN(Date.parse(payload.created_at)));
    assert.throws(() => new Webhook('whsec_' + Buffer.alloc(32, 1).toString('base64')).verify(got.body, got.headers as Record<string, string>));

    // The integration-guide form.
    assert.equal(got.headers['x-service-signature'], createHmac('sha256', secret).update(got.body).digest('hex'));
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.headers['x-service-event-type'], 'calculation.updated');

    const log = await listDeliveries(t, p);
    assert.equal(log.length, 1);
    assert.equal(log[0].status, 'delivered');
    assert.equal(log[0].status_code, 200);
    assert.equal(log[0].attempt, 1);
    assert.equal(log[0].event_id, evId);
    assert.equal(log[0].event_type, 'calculation.updated');
    assert.equal(log[0].url, rx.url);
    assert.equal(log[0].response_excerpt, 'ok');
    assert.equal(log[0].next_attempt_at, null);
    assert.match(log[0].id, /^whd_/);
    assert.equal((await eventRow(t, evId)).state, 'delivered');
    // Nothing more is due.
    assert.equal((await runDeliveryPass(t.deps)).claimed, 0);
  });

  it('retries a receiver that fails, then recovers: every attempt is logged, the event ends delivered', async () => {
    const p = await t.partner();
    const local = await startReceiver((_r, n) => (n <= 2 ? { status: 500, body: 'boom '.repeat(400) } : { status: 204 }));
    try {
      await configure(t, p, local.url);
      await ingest(t, p, 'user_flaky');
      const [evId] = await eventIds(t, p.id);
      await passUntil(t, async () => (await eventRow(t, evId)).state !== 'pending');
      assert.equal(local.of(evId).length, 3);
      const log = await listDeliveries(t, p);
      assert.deepEqual(
        log.map((d) => [d.attempt, d.status, d.status_code]),
        [
          [3, 'delivered', 204],
          [2, 'failed', 500],
          [1, 'failed', 500],
        ],
      );
      assert.equal(log[1].error, 'HTTP 500');
      assert.ok(log[1].response_excerpt!.length <= 1024 && Buffer.byteLength(log[1].response_excerpt!) <= 1024);
      assert.ok(log[1].response_excerpt!.startsWith('boom boom'));
      assert.ok(log[1].next_attempt_at !== null, 'a failed attempt names the next one');
      const ev = await eventRow(t, evId);
      assert.equal(ev.state, 'delivered');
      assert.equal(Number(ev.attempts), 3);
      // Every attempt carried the same event id (receivers de-duplicate on it).
      assert.deepEqual(new Set(local.of(evId).map((r) => r.headers['webhook-id'])), new Set([evId]));
      // status filter
      assert.equal((await listDeliveries(t, p, '?status=failed')).length, 2);
      assert.equal((await listDeliveries(t, p, '?status=delivered&limit=1')).length, 1);
    } finally {
      await local.close();
    }
  });

  it('marks the event exhausted after the last attempt of the schedule', async () => {
    const p = await t.partner();
    const local = await startReceiver(() => ({ status: 503 }));
    try {
      await configure(t, p, local.url);
      await ingest(t, p, 'user_down');
      const [evId] = await eventIds(t, p.id);
      await passUntil(t, async () => (await eventRow(t, evId)).state !== 'pending');
      const ev = await eventRow(t, evId);
      assert.equal(ev.state, 'exhausted');
      assert.equal(Number(ev.attempts), 4, 'one attempt per entry of the schedule');
      const log = await listDeliveries(t, p);
      assert.equal(log.length, 4);
      assert.ok(log.every((d) => d.status === 'failed' && d.status_code === 503));
      assert.equal(log[0].next_attempt_at, null, 'the last attempt has no next one');
      assert.equal((await runDeliveryPass(t.deps)).claimed, 0);
    } finally {
      await local.close();
    }
  });

  it('410 Gone disables the endpoint and stops the event; later events are skipped', async () => {
    const p = await t.partner();
    const local = await startReceiver(() => ({ status: 410, body: 'gone' }));
    try {
      await configure(t, p, local.url);
      await ingest(t, p, 'user_gone');
      const [evId] = await eventIds(t, p.id);
      await runDeliveryPass(t.deps);
      assert.equal((await eventRow(t, evId)).state, 'exhausted');
      const cfg = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true }) });
      assert.equal(cfg.json().enabled, false);
      assert.match(cfg.json().disabled_reason, /410/);
      const me = await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(p) });
      assert.equal(me.json().webhook_enabled, false);
      await ingest(t, p, 'user_gone');
      const r = await runDeliveryPass(t.deps);
      assert.equal(r.skipped, 1);
      assert.equal(local.received.length, 1);
      // Re-enabling clears the reason.
      const again = await configure(t, p, local.url);
      assert.equal(again.enabled, true);
      assert.equal(again.secret, null, 'an update keeps the secret');
    } finally {
      await local.close();
    }
  });

  it('a slow receiver times out (a failed attempt with the timeout as error)', async () => {
    const p = await t.partner();
    const local = await startReceiver((_r, n) => (n === 1 ? { status: 200, delayMs: 1500 } : { status: 200 }));
    try {
      await configure(t, p, local.url);
      await ingest(t, p, 'user_slow');
      const [evId] = await eventIds(t, p.id);
      const started = Date.now();
      await runDeliveryPass(t.deps);
      assert.ok(Date.now() - started < 1200, 'the attempt was cut at the timeout');
      const [d] = await listDeliveries(t, p);
      assert.equal(d.status, 'failed');
      assert.equal(d.status_code, null);
      assert.match(d.error!, /timeout/);
      assert.ok(d.duration_ms >= 250 && d.duration_ms < 1200, `duration ${d.duration_ms}`);
      await passUntil(t, async () => (await eventRow(t, evId)).state === 'delivered');
    } finally {
      await local.close();
    }
  });

  it('3xx is a failure and the redirect is not followed', async () => {
    const p = await t.partner();
    const target = await startReceiver();
    const local = await startReceiver(() => ({ status: 302, headers: { location: target.url } }));
    try {
      await configure(t, p, local.url);
      await ingest(t, p, 'user_redirect');
      await runDeliveryPass(t.deps);
      const [d] = await listDeliveries(t, p);
      assert.equal(d.status, 'failed');
      assert.equal(d.status_code, 302);
      assert.match(d.error!, /redirect/);
      assert.equal(target.received.length, 0, 'the Location was not followed');
    } finally {
      await local.close();
      await target.close();
    }
  });

  it('honours Retry-After (the next attempt waits at least that long)', async () => {
    const p = await t.partner();
    const local = await startReceiver(() => ({ status: 429, headers: { 'retry-after': '120' } }));
    try {
      await configure(t, p, local.url);
      await ingest(t, p, 'user_ra');
      const [evId] = await eventIds(t, p.id);
      const before = Date.now();
      await runDeliveryPass(t.deps);
      const ev = await eventRow(t, evId);
      assert.equal(ev.state, 'pending');
      assert.ok(Number(ev.next_attempt_at) >= before + 119_000, 'not before Retry-After');
      const [d] = await listDeliveries(t, p);
      assert.equal(Date.parse(d.next_attempt_at!), Number(ev.next_attempt_at));
      assert.equal((await runDeliveryPass(t.deps)).claimed, 0, 'not due yet');
    } finally {
      await local.close();
    }
  });

  it('skips events with no endpoint, a disabled endpoint or no subscription (no retry, no record)', async () => {
    const p = await t.partner();
    await ingest(t, p, 'nobody');
    let r = await runDeliveryPass(t.deps);
    assert.equal(r.skipped, 1);
    await configure(t, p, rx.url, ['usage.threshold_reached']);
    await ingest(t, p, 'unsubscribed');
    r = await runDeliveryPass(t.deps);
    assert.equal(r.skipped, 1);
    const res = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true }), payload: { url: rx.url, events: ['calculation.updated'], enabled: false } });
    assert.equal(res.json().enabled, false);
    await ingest(t, p, 'disabled');
    r = await runDeliveryPass(t.deps);
    assert.equal(r.skipped, 1);
    const states = await t.deps.database.db.selectFrom('webhook_events').select('state').where('partner_id', '=', p.id).execute();
    assert.deepEqual(states.map((s) => s.state), ['skipped', 'skipped', 'skipped']);
    assert.equal((await listDeliveries(t, p)).length, 0);
  });

  it('keeps the order of one end-user while an earlier event is retried; other users are not held up', async () => {
    const p = await t.partner();
    let failFirst = true;
    const local = await startReceiver((req) => {
      const body = JSON.parse(req.body) as { data: { end_user_id: string; calculation: { safe_to_spend_today: number } } };
      if (failFirst && body.data.end_user_id === 'ordered') {
        failFirst = false;
        return { status: 500 };
      }
      return { status: 200 };
    });
    try {
      await configure(t, p, local.url);
      await ingest(t, p, 'ordered', 300);
      await ingest(t, p, 'ordered', 600);
      await ingest(t, p, 'other', 100);
      await ingest(t, p, 'ordered', 900);
      const first = await runDeliveryPass(t.deps);
      assert.equal(first.claimed, 2, 'one event per end-user per pass');
      await passUntil(t, async () => (await t.deps.database.db.selectFrom('webhook_events').select('id').where('partner_id', '=', p.id).where('state', '=', 'pending').execute()).length === 0);
      const seq = local.received
        .map((r) => JSON.parse(r.body) as { data: { end_user_id: string; calculation: { calculation_id: string } }; id: string })
        .filter((b) => b.data.end_user_id === 'ordered')
        .map((b) => b.id);
      const ids = await eventIds(t, p.id);
      const orderedIds = ids.filter((_, i) => i !== 2);
      // First attempt failed, then each event once, in order.
      assert.deepEqual(seq, [orderedIds[0], orderedIds[0], orderedIds[1], orderedIds[2]]);
    } finally {
      await local.close();
    }
  });

  it('two worker loops on one database never send the same attempt twice', async () => {
    const p = await t.partner();
    const local = await startReceiver(() => ({ status: 200, delayMs: 2 }));
    try {
      await configure(t, p, local.url);
      for (let i = 0; i < 60; i++) await ingest(t, p, `u${i % 30}`, i);
      const ids = await eventIds(t, p.id);
      // Two loops share the database (this file's second connection is the same database; see concurrency.test.ts for two processes' worth of connections).
      const passes = await Promise.all([
        (async () => {
          const out = [];
          for (let i = 0; i < 30; i++) out.push(await runDeliveryPass(t.deps, { limit: 7 }));
          return out;
        })(),
        (async () => {
          const out = [];
          for (let i = 0; i < 30; i++) out.push(await runDeliveryPass(t.deps, { limit: 5 }));
          return out;
        })(),
      ]);
      const delivered = passes.flat().reduce((a, r) => a + r.delivered, 0);
      assert.equal(delivered, 60);
      for (const id of ids) assert.equal(local.of(id).length, 1, `event ${id} sent once`);
    } finally {
      await local.close();
    }
  });
});
