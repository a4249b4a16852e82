import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';
import { configure, ingest } from '../webhooks/helpers.js';
import { openSse } from './sse.js';

const H = (p: TestPartner, env: 'test' | 'live' = 'test') => keyHeaders(p, { secret: true, env });

describe('the webhook event stream', () => {
  let t: TestApp;
  let base: string;
  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_STREAM_POLL_MS: '50', WEBHOOK_STREAM_HEARTBEAT_MS: '200', RATE_LIMIT_PER_SECOND: '100000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    t.deps.webhooks.streams.closeAll();
    await t.close();
  });

  it("streams an ingest's calculation.updated, signed as the endpoint would receive it, and resumes after a cut with Last-Event-ID", async () => {
    const p = await t.partner();
    const secret = (await configure(t, p, 'http://127.0.0.1:9/hook')).secret!;
    const s = await openSse(`${base}/api/v1/webhooks/stream`, H(p));
    assert.equal(s.status, 200);
    assert.match(String(s.headers['content-type']), /^text\/event-stream/);
    await ingest(t, p, 'stream_user', 1234);
    const [e1] = await s.waitFor(1);
    assert.equal(e1.event, 'calculation.updated');
    const data = JSON.parse(e1.data) as { payload: string; headers: Record<string, string> };
    const payload = JSON.parse(data.payload);
    assert.equal(payload.id, e1.id);
    assert.equal(payload.data.end_user_id, 'stream_user');
    // The signatures verify with the environment's signing secret, over the payload exactly as sent.
    const verified = new Webhook(secret).verify(data.payload, data.headers) as { id: string };
    assert.equal(verified.id, e1.id);
    assert.equal(data.headers['x-service-event-id'], e1.id);
    // Heartbeats arrive between events.
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(s.comments.includes('heartbeat'), JSON.stringify(s.comments));
    s.close();
    await s.ended;

    // Events written while nobody listened are replayed after the last one received, in order.
    await ingest(t, p, 'later_1');
    await ingest(t, p, 'later_2');
    const again = await openSse(`${base}/api/v1/webhooks/stream`, { ...H(p), 'last-event-id': e1.id! });
    const replayed = await again.waitFor(2);
    assert.deepEqual(
      replayed.map((e) => JSON.parse(JSON.parse(e.data).payload).data.end_user_id),
      ['later_1', 'later_2'],
    );
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(again.events.length, 2, 'nothing sent twice');
    again.close();
  });

  it('streams without a webhook configuration (no signature to make), and only its own partner\'s test events', async () => {
    const p = await t.partner();
    const other = await t.partner();
    const s = await openSse(`${base}/api/v1/webhooks/stream`, H(p));
    await ingest(t, other, 'not_mine');
    await ingest(t, p, 'live_one', 1, 'live');
    await ingest(t, p, 'mine');
    const [e] = await s.waitFor(1);
    const data = JSON.parse(e.data);
    assert.equal(JSON.parse(data.payload).data.end_user_id, 'mine');
    assert.equal(data.headers['webhook-signature'], undefined);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(s.events.length, 1);
    s.close();
  });

  it('refuses a live key, a request that does not ask for a stream, and a call without the ingest secret', async () => {
    const p = await t.partner();
    const live = await openSse(`${base}/api/v1/webhooks/stream`, H(p, 'live'));
    assert.equal(live.status, 403);
    await live.ended;
    assert.equal(JSON.parse(live.body).code, 'environment_mismatch');
    const plain = await t.inject({ method: 'GET', url: '/api/v1/webhooks/stream', headers: H(p) });
    assert.equal(plain.statusCode, 400);
    assert.equal(plain.json().code, 'bad_request');
    const noSecret = await openSse(`${base}/api/v1/webhooks/stream`, keyHeaders(p));
    assert.equal(noSecret.status, 401);
    await noSecret.ended;
    const bad = await openSse(`${base}/api/v1/webhooks/stream`, { ...H(p), 'last-event-id': 'x'.repeat(65) });
    assert.equal(bad.status, 422);
    await bad.ended;
  });

  it('bounds the streams one key holds (429 beyond), and frees a slot when a stream closes', async () => {
    const p = await t.partner();
    const open = await Promise.all([1, 2, 3].map(() => openSse(`${base}/api/v1/webhooks/stream`, H(p))));
    assert.deepEqual(
      open.map((s) => s.status),
      [200, 200, 200],
    );
    const fourth = await openSse(`${base}/api/v1/webhooks/stream`, H(p));
    assert.equal(fourth.status, 429);
    await fourth.ended;
    assert.equal(JSON.parse(fourth.body).code, 'too_many_streams');
    assert.equal(fourth.headers['retry-after'], '5');
    // Another key of another partner is not held back.
    const q = await openSse(`${base}/api/v1/webhooks/stream`, H(await t.partner()));
    assert.equal(q.status, 200);
    q.close();
    open[0].close();
    await open[0].ended;
    await new Promise((r) => setTimeout(r, 50));
    const fifth = await openSse(`${base}/api/v1/webhooks/stream`, H(p));
    assert.equal(fifth.status, 200);
    fifth.close();
    open.slice(1).forEach((s) => s.close());
  });

  it("ends a stream when its key is rotated away", async () => {
    const p = await t.partner();
    const s = await openSse(`${base}/api/v1/webhooks/stream`, H(p));
    assert.equal(s.status, 200);
    const rot = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: H(p), payload: { key_type: 'sandbox' } });
    assert.equal(rot.statusCode, 200, rot.body);
    await Promise.race([s.ended, new Promise((_, fail) => setTimeout(() => fail(new Error('the stream did not end')), 3000))]);
    const closed = s.events.find((e) => e.event === 'stream.closed');
    assert.ok(closed, s.body);
    assert.equal(JSON.parse(closed.data).reason, 'key_revoked');
  });
});
