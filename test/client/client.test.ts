/**
 * The typed client (clients/typescript) against the real server, listening on a port: calls with
 * the key and the ingest secret, pagination, webhook configuration, and verifyWebhook on real
 * deliveries in every signature form, during a secret-rotation overlap, and on tampered ones.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { startReceiver, type Received, type Receiver } from '../webhooks/receiver.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { createClient, paginate, SvcApiError, verifyWebhook, WebhookVerificationError, type SvcClient } from '../../clients/typescript/src/index.js';

describe('the typed client', () => {
  let t: TestApp;
  let baseUrl: string;
  let receiver: Receiver;
  let p: TestPartner;
  let client: SvcClient;
  before(async () => {
    t = await buildTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    receiver = await startReceiver();
    p = await t.partner();
    client = createClient({ baseUrl, apiKey: p.testKey, ingestSecret: p.ingestSecret });
  });
  after(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** Delivers due events until the receiver has `n` more requests; returns them. */
  async function deliveries(n: number): Promise<Received[]> {
    const from = receiver.received.length;
    for (let i = 0; i < 100 && receiver.received.length < from + n; i++) await runDeliveryPass(t.deps);
    const got = receiver.received.slice(from);
    assert.equal(got.length, n, 'deliveries received');
    return got;
  }

  it('calculates with the API key', async () => {
    const { data, error, response } = await client.POST('/api/v1/calculate/safe-to-spend', {
      body: { end_user_id: 'user_1', cash_balance: 2500, upcoming_bills: [{ amount: 1200, due_in_days: 5 }], cash_buffer: 300 },
    });
    assert.equal(response.status, 200, JSON.stringify(error));
    assert.equal(data?.breakdown.cash_after_buffer, 2200);
    assert.equal(data?.is_sandbox, true);
  });

  it('answers typed errors: no key is 401, a bad body 422', async () => {
    const anonymous = createClient({ baseUrl, apiKey: '' });
    const e1 = await anonymous.GET('/api/v1/me').then(() => null, (e: unknown) => e);
    assert.ok(e1 instanceof SvcApiError);
    assert.equal(e1.status, 401);
    assert.equal(e1.code, 'missing_api_key');
    const e2 = await client.POST('/api/v1/calculate/safe-to-spend', { body: { end_user_id: '' } }).then(() => null, (e: unknown) => e);
    assert.ok(e2 instanceof SvcApiError);
    assert.equal(e2.status, 422);
    assert.equal(e2.code, 'validation_failed');
    assert.deepEqual(e2.validationErrors[0].loc, ['body', 'end_user_id']);
  });

  it('ingests with the ingest secret, and without it is refused', async () => {
    const { data, response } = await client.POST('/api/v1/ingest', { body: { end_user_id: 'user_ingest', cash_balance: 100 } });
    assert.equal(response.status, 201);
    assert.equal(data?.partner_id, p.id);
    const keyOnly = createClient({ baseUrl, apiKey: p.testKey });
    await assert.rejects(keyOnly.POST('/api/v1/ingest', { body: { end_user_id: 'user_ingest', cash_balance: 100 } }), (e: unknown) => e instanceof SvcApiError && e.status === 401 && e.code === 'missing_ingest_secret');
  });

  it('paginates every cached calculation, page after page', async () => {
    const q = await t.partner();
    const c = createClient({ baseUrl, apiKey: q.testKey, ingestSecret: q.ingestSecret });
    const ids = Array.from({ length: 7 }, (_, i) => `page_user_${i}`);
    for (const id of ids) assert.equal((await c.POST('/api/v1/ingest', { body: { end_user_id: id, cash_balance: 10 } })).response.status, 201);
    const seen: string[] = [];
    for await (const row of paginate(c, '/api/v1/ingest/calculations', { limit: 3 })) seen.push(row.end_user_id);
    assert.deepEqual([...seen].sort(), [...ids].sort());
    assert.equal(new Set(seen).size, 7);
    // An error answer is thrown with its status.
    const wrong = createClient({ baseUrl, apiKey: q.testKey, ingestSecret: 'wrong' });
    await assert.rejects(async () => {
      for await (const row of paginate(wrong, '/api/v1/ingest/calculations', {})) void row;
    }, /answered 401/);
  });

  it('configures webhooks and verifies real deliveries in each signature form; a tampered one is refused', async () => {
    const q = await t.partner();
    const client = createClient({ baseUrl, apiKey: q.testKey, ingestSecret: q.ingestSecret });
    const set = await client.POST('/api/v1/webhooks', { body: { url: receiver.url, events: ['calculation.updated'], enabled: true } });
    assert.equal(set.response.status, 200, JSON.stringify(set.error));
    const secret = set.data!.secret!;
    assert.match(secret, /^whsec_/);
    const got = await client.GET('/api/v1/webhooks');
    assert.equal(got.data?.url, receiver.url);
    assert.deepEqual(got.data?.events, ['calculation.updated']);

    assert.equal((await client.POST('/api/v1/ingest', { body: { end_user_id: 'hook_user', cash_balance: 500 } })).response.status, 201);
    const [d] = await deliveries(1);
    const event = verifyWebhook({ payload: d.body, headers: d.headers, secret });
    assert.equal(event.type, 'calculation.updated');
    if (event.type === 'calculation.updated') assert.equal(event.data.end_user_id, 'hook_user');

    // Each header form alone.
    const h = d.headers as Record<string, string>;
    const forms = {
      'Service-Signature': { 'service-signature': h['service-signature'] },
      'Standard Webhooks': { 'webhook-id': h['webhook-id'], 'webhook-timestamp': h['webhook-timestamp'], 'webhook-signature': h['webhook-signature'] },
      'X-Service-Signature': { 'x-service-signature': h['x-service-signature'] },
    };
    for (const [name, headers] of Object.entries(forms)) {
      assert.equal(verifyWebhook({ payload: Buffer.from(d.body), headers, secret }).id, event.id, name);
      assert.equal(verifyWebhook({ payload: d.body, headers: new Headers(headers), secret }).id, event.id, `${name} (fetch Headers)`);
      // Tampered body, wrong secret.
      const tampered = d.body.replace('hook_user', 'evil_user');
      assert.throws(() => verifyWebhook({ payload: tampered, headers, secret }), (e: unknown) => e instanceof WebhookVerificationError && e.reason === 'mismatch', name);
      assert.throws(() => verifyWebhook({ payload: d.body, headers, secret: 'whsec_' + Buffer.alloc(32, 1).toString('base64') }), /no signature matches/, name);
      // Too late (a replay).
      assert.throws(() => verifyWebhook({ payload: d.body, headers, secret, now: Math.floor(Date.now() / 1000) + 301 }), (e: unknown) => e instanceof WebhookVerificationError && e.reason === 'timestamp', name);
      assert.equal(verifyWebhook({ payload: d.body, headers, secret, now: Math.floor(Date.now() / 1000) + 301, toleranceSeconds: 600 }).id, event.id, name);
    }
    assert.throws(() => verifyWebhook({ payload: d.body, headers: {}, secret }), (e: unknown) => e instanceof WebhookVerificationError && e.reason === 'no_signature');
    assert.throws(() => verifyWebhook({ payload: d.body, headers: { 'service-signature': 'garbage' }, secret }), (e: unknown) => e instanceof WebhookVerificationError && e.reason === 'malformed');
  });

  it('verifies with the old or the new secret while a rotation overlaps', async () => {
    const q = await t.partner();
    const c = createClient({ baseUrl, apiKey: q.testKey, ingestSecret: q.ingestSecret });
    const set = await c.POST('/api/v1/webhooks', { body: { url: receiver.url, events: ['calculation.updated', 'webhook.test'], enabled: true } });
    const oldSecret = set.data!.secret!;
    const rotated = await c.POST('/api/v1/webhooks/rotate-secret');
    assert.equal(rotated.response.status, 200);
    const newSecret = rotated.data!.secret!;
    assert.notEqual(newSecret, oldSecret);
    assert.ok(rotated.data!.previous_secret_expires_at);

    assert.equal((await c.POST('/api/v1/webhooks/test')).response.status, 202);
    const [d] = await deliveries(1);
    assert.equal(d.headers['service-signature']!.toString().split(',').filter((x) => x.startsWith('v1=')).length, 2, 'one v1 per secret');
    for (const secret of [newSecret, oldSecret, [newSecret, oldSecret]]) {
      const ev = verifyWebhook({ payload: d.body, headers: d.headers, secret });
      assert.equal(ev.type, 'webhook.test');
    }
    // The guide form: the old secret's signature is in X-Service-Signature-Previous.
    const simple = { 'x-service-signature': String(d.headers['x-service-signature']), 'x-service-signature-previous': String(d.headers['x-service-signature-previous']) };
    assert.equal(verifyWebhook({ payload: d.body, headers: simple, secret: oldSecret }).type, 'webhook.test');
    assert.equal(verifyWebhook({ payload: d.body, headers: simple, secret: newSecret }).type, 'webhook.test');
    const standard = { 'webhook-id': String(d.headers['webhook-id']), 'webhook-timestamp': String(d.headers['webhook-timestamp']), 'webhook-signature': String(d.headers['webhook-signature']) };
    assert.equal(verifyWebhook({ payload: d.body, headers: standard, secret: oldSecret }).type, 'webhook.test');
    assert.throws(() => verifyWebhook({ payload: d.body + ' ', headers: d.headers, secret: oldSecret }), WebhookVerificationError);
  });
});
