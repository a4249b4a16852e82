import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { configure, eventIds, ingest } from '../webhooks/helpers.js';

const H = (p: TestPartner, env: 'test' | 'live' = 'test') => keyHeaders(p, { secret: true, env });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the event inspector', () => {
  let t: TestApp;
  let rx: Receiver;
  const clock = new TestClock(Date.now());
  // An answer with a large body (beyond 4 KiB), control characters, invalid UTF-8 and headers of its own.
  const big = Buffer.concat([Buffer.from('ok\u0000\u0007\u001b[31mred\u202Eevil\n'), Buffer.from([0xff, 0xfe]), Buffer.from('é'.repeat(3000))]);
  before(async () => {
    t = await buildTestApp({ clock, env: { WEBHOOK_RETRY_SCHEDULE_MS: '0,60000', WEBHOOK_TIMEOUT_MS: '2000', RATE_LIMIT_PER_SECOND: '100000' } });
    rx = await startReceiver(() => ({ status: 202, headers: { 'x-receiver': 'laptop', 'content-type': 'text/plain' }, body: 'fine' }));
    // Answers raw bytes (the test receiver answers text).
    raw = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(202, { 'x-receiver': 'laptop', 'content-type': 'text/plain' });
        res.end(big);
      });
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
  });
  let raw: http.Server;
  after(async () => {
    await t.close();
    await rx.close();
    await new Promise((r) => raw.close(r));
  });

  it('shows an event: the payload as delivered, the headers sent (signatures, never the secret) and the answer received', async () => {
    const p = await t.partner();
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    raw.removeAllListeners('request');
    raw.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(202, { 'x-receiver': 'laptop', 'content-type': 'text/plain' });
        res.end(big);
      });
    });
    const cfg = await configure(t, p, `http://127.0.0.1:${(raw.address() as AddressInfo).port}/hook`);
    await ingest(t, p, 'user_a');
    const [id] = await eventIds(t, p.id);
    await runDeliveryPass(t.deps);
    const [got] = received;

    const res = await t.inject({ method: 'GET', url: `/api/v1/webhooks/events/${id}`, headers: H(p) });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(!res.body.includes(cfg.secret!), 'the signing secret never appears');
    assert.ok(!res.body.includes(cfg.secret!.slice('whsec_'.length)), 'nor its key');
    const ev = res.json();
    assert.equal(ev.id, id);
    assert.equal(ev.type, 'calculation.updated');
    assert.equal(ev.state, 'delivered');
    assert.equal(ev.payload, got.body, 'the payload byte for byte as delivered');
    assert.equal(ev.deliveries.length, 1);
    const a = ev.deliveries[0];
    assert.equal(a.status_code, 202);
    assert.equal(a.request_headers['service-signature'], got.headers['service-signature']);
    assert.equal(a.request_headers['x-service-signature'], createHmac('sha256', cfg.secret!).update(got.body).digest('hex'));
    assert.equal(a.request_headers['webhook-id'], id);
    assert.equal(a.response_headers['x-receiver'], 'laptop');
    // The first 4 KiB, decoded with replacement, control characters made visible.
    const excerpt = a.response_body_excerpt as string;
    assert.ok(excerpt.startsWith('ok\u2400\u2407\u241b[31mred\uFFFDevil\n'), JSON.stringify(excerpt.slice(0, 30)));
    assert.ok(Buffer.byteLength(excerpt) <= 4096 + 3 * 10, `bounded: ${Buffer.byteLength(excerpt)}`);
    assert.ok(excerpt.length > 1024, 'more than the delivery log keeps');
    // eslint-disable-next-line no-control-regex -- control characters are what must be absent
    assert.ok(!/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(excerpt));
    assert.ok(a.response_excerpt.length <= 1024, 'the 1 KiB excerpt as before');
    assert.ok(a.response_excerpt.startsWith('ok\u2400'), 'a NUL is recorded as its picture (PostgreSQL stores no NUL in text)');
  });

  it('lists events newest first with filters and cursor pages, whether or not an endpoint takes them', async () => {
    const p = await t.partner();
    const t0 = clock.now();
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await ingest(t, p, `user_${i}`);
    }
    await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(p), payload: { url: rx.url, events: ['calculation.updated'] } });
    const test = await t.inject({ method: 'POST', url: '/api/v1/webhooks/test', headers: H(p) });
    assert.equal(test.statusCode, 202);
    const ids = await eventIds(t, p.id);
    assert.equal(ids.length, 6);

    const page1 = await t.inject({ method: 'GET', url: '/api/v1/webhooks/events?limit=4', headers: H(p) });
    assert.equal(page1.statusCode, 200, page1.body);
    assert.deepEqual(
      page1.json().data.map((e: { id: string }) => e.id),
      [...ids].reverse().slice(0, 4),
    );
    const page2 = await t.inject({ method: 'GET', url: `/api/v1/webhooks/events?limit=4&cursor=${page1.json().next_cursor}`, headers: H(p) });
    assert.deepEqual(
      page2.json().data.map((e: { id: string }) => e.id),
      [...ids].reverse().slice(4),
    );
    assert.equal(page2.json().next_cursor, null);

    const tests = await t.inject({ method: 'GET', url: '/api/v1/webhooks/events?type=webhook.test', headers: H(p) });
    assert.deepEqual(
      tests.json().data.map((e: { type: string }) => e.type),
      ['webhook.test'],
    );
    const since = new Date(t0 + 3500).toISOString();
    const recent = await t.inject({ method: 'GET', url: `/api/v1/webhooks/events?type=calculation.updated&since=${since}`, headers: H(p) });
    assert.equal(recent.json().data.length, 2);
    const pending = await t.inject({ method: 'GET', url: '/api/v1/webhooks/events?status=pending', headers: H(p) });
    assert.equal(pending.json().data.length, 6);
    assert.equal(pending.json().data[0].state, 'pending');
    assert.ok(pending.json().data[0].next_attempt_at);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/webhooks/events?status=delivered', headers: H(p) })).json().data.length, 0);

    // The live environment has its own events (none here); another partner sees none of these.
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/webhooks/events', headers: H(p, 'live') })).json().data.length, 0);
    const other = await t.partner();
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/webhooks/events', headers: H(other) })).json().data.length, 0);
    assert.equal((await t.inject({ method: 'GET', url: `/api/v1/webhooks/events/${ids[0]}`, headers: H(other) })).statusCode, 404);
    assert.equal((await t.inject({ method: 'GET', url: `/api/v1/webhooks/events/${ids[0]}`, headers: H(p, 'live') })).statusCode, 404);
  });

  it('refuses bad input with a clear 4xx, and calls without the ingest secret or a key', async () => {
    const p = await t.partner();
    for (const q of ['limit=0', 'limit=101', 'type=nope', 'status=failed', 'since=yesterday', 'cursor=%21%21']) {
      const res = await t.inject({ method: 'GET', url: `/api/v1/webhooks/events?${q}`, headers: H(p) });
      assert.equal(res.statusCode, 422, `${q}: ${res.body}`);
      assert.ok(res.json().detail, q);
    }
    const missing = await t.inject({ method: 'GET', url: '/api/v1/webhooks/events/evt_nope', headers: H(p) });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().code, 'not_found');
    const noSecret = await t.inject({ method: 'GET', url: '/api/v1/webhooks/events', headers: keyHeaders(p) });
    assert.ok([401, 403].includes(noSecret.statusCode), noSecret.body);
    assert.ok(noSecret.json().code);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/webhooks/events' })).statusCode, 401);
    assert.equal((await t.inject({ method: 'POST', url: '/api/v1/webhooks/events/evt_nope/resend', headers: H(p) })).statusCode, 404);
  });

  it('resends an event by its id (also one never attempted), answering the new attempt; 409 when the endpoint is disabled', async () => {
    const p = await t.partner();
    await ingest(t, p, 'skipped_user');
    const [skipped] = await eventIds(t, p.id);
    await runDeliveryPass(t.deps); // no configuration: skipped
    const ev = await t.inject({ method: 'GET', url: `/api/v1/webhooks/events/${skipped}`, headers: H(p) });
    assert.equal(ev.json().state, 'skipped');
    // No configuration: 404 says so.
    const none = await t.inject({ method: 'POST', url: `/api/v1/webhooks/events/${skipped}/resend`, headers: H(p) });
    assert.equal(none.statusCode, 404);

    await configure(t, p, rx.url);
    const res = await t.inject({ method: 'POST', url: `/api/v1/webhooks/events/${skipped}/resend`, headers: H(p) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().event_id, skipped);
    assert.equal(res.json().status, 'delivered');
    assert.equal(rx.of(skipped).length, 1);
    const after = (await t.inject({ method: 'GET', url: `/api/v1/webhooks/events/${skipped}`, headers: H(p) })).json();
    assert.equal(after.state, 'delivered');
    assert.equal(after.deliveries.length, 1);

    await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(p), payload: { url: rx.url, events: ['calculation.updated'], enabled: false } });
    const disabled = await t.inject({ method: 'POST', url: `/api/v1/webhooks/events/${skipped}/resend`, headers: H(p) });
    assert.equal(disabled.statusCode, 409);
    assert.ok(disabled.json().detail);

    // Another partner's event is not found, not resent.
    const other = await t.partner();
    await configure(t, other, rx.url);
    assert.equal((await t.inject({ method: 'POST', url: `/api/v1/webhooks/events/${skipped}/resend`, headers: H(other) })).statusCode, 404);
    assert.equal(rx.of(skipped).length, 1);
  });

  it('lists the newest 50 attempts of an event resent many times, oldest first, with how many it has in all', async () => {
    const p = await t.partner();
    await configure(t, p, rx.url);
    await ingest(t, p, 'resent_user');
    const [id] = await eventIds(t, p.id);
    await runDeliveryPass(t.deps); // attempt 1
    // 52 resends through the route (each a real delivery to the receiver), a second apart.
    for (let i = 0; i < 52; i++) {
      clock.advance(1000);
      const r = await t.inject({ method: 'POST', url: `/api/v1/webhooks/events/${id}/resend`, headers: H(p) });
      assert.equal(r.statusCode, 200, r.body);
    }
    const all = await t.deps.database.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'attempt'])
      .where('event_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    assert.equal(all.length, 53);

    for (const [url, headers] of [
      [`/api/v1/webhooks/events/${id}`, H(p)],
      [`/api/partners/me/webhooks/events/${id}?environment=test`, bearer(await t.session('partner', p.id))],
    ] as const) {
      const res = await t.inject({ method: 'GET', url, headers });
      assert.equal(res.statusCode, 200, res.body);
      const ev = res.json();
      assert.equal(ev.deliveries_total, 53);
      assert.equal(ev.deliveries.length, 50);
      assert.deepEqual(
        ev.deliveries.map((d: { id: string }) => d.id),
        all.slice(3).map((d) => d.id),
        'the newest 50, oldest first',
      );
      assert.deepEqual(
        ev.deliveries.map((d: { attempt: number }) => d.attempt),
        all.slice(3).map((d) => d.attempt),
      );
    }

    // Two attempts: both, and their count.
    await ingest(t, p, 'twice_user');
    const id2 = (await eventIds(t, p.id)).find((e) => e !== id)!;
    await runDeliveryPass(t.deps);
    clock.advance(1000);
    assert.equal((await t.inject({ method: 'POST', url: `/api/v1/webhooks/events/${id2}/resend`, headers: H(p) })).statusCode, 200);
    const two = (await t.inject({ method: 'GET', url: `/api/v1/webhooks/events/${id2}`, headers: H(p) })).json();
    assert.equal(two.deliveries_total, 2);
    assert.deepEqual(
      two.deliveries.map((d: { attempt: number }) => d.attempt),
      [1, 2],
    );
  });

  it('filters the delivery log by event type', async () => {
    const p = await t.partner();
    await configure(t, p, rx.url, ['calculation.updated']);
    await ingest(t, p, 'typed_user');
    await t.inject({ method: 'POST', url: '/api/v1/webhooks/test', headers: H(p) });
    await runDeliveryPass(t.deps);
    const all = (await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: H(p) })).json();
    assert.equal(all.length, 2);
    const tests = await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries?event_type=webhook.test', headers: H(p) });
    assert.equal(tests.statusCode, 200);
    assert.deepEqual(
      tests.json().map((d: { event_type: string }) => d.event_type),
      ['webhook.test'],
    );
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries?event_type=bogus', headers: H(p) })).statusCode, 422);
  });

  it('answers the session forms in the environment asked for, and refuses a live resend without production access', async () => {
    const p = await t.partner();
    await configure(t, p, rx.url);
    await ingest(t, p, 'portal_user');
    const [id] = await eventIds(t, p.id);
    await runDeliveryPass(t.deps);
    const s = bearer(await t.session('partner', p.id));
    const list = await t.inject({ method: 'GET', url: '/api/partners/me/webhooks/events?environment=test', headers: s });
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(
      list.json().data.map((e: { id: string }) => e.id),
      [id],
    );
    const one = await t.inject({ method: 'GET', url: `/api/partners/me/webhooks/events/${id}?environment=test`, headers: s });
    assert.equal(one.statusCode, 200);
    assert.equal(one.json().deliveries[0].status_code, 202);
    assert.equal((await t.inject({ method: 'GET', url: `/api/partners/me/webhooks/events/${id}?environment=live`, headers: s })).statusCode, 404);
    const resent = await t.inject({ method: 'POST', url: `/api/partners/me/webhooks/events/${id}/resend?environment=test`, headers: s });
    assert.equal(resent.statusCode, 200, resent.body);
    assert.equal(resent.json().attempt, 2);

    assert.equal((await t.inject({ method: 'GET', url: '/api/partners/me/webhooks/events?environment=test' })).statusCode, 401);
    const other = bearer(await t.session('partner', (await t.partner()).id));
    assert.equal((await t.inject({ method: 'GET', url: `/api/partners/me/webhooks/events/${id}?environment=test`, headers: other })).statusCode, 404);

    const inactive = await t.partner({ activated: false });
    const si = bearer(await t.session('partner', inactive.id));
    const live = await t.inject({ method: 'POST', url: `/api/partners/me/webhooks/events/${id}/resend?environment=live`, headers: si });
    assert.equal(live.statusCode, 403, live.body);
  });
});
