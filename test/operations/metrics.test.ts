/**
 * GET /metrics: Prometheus' text format with every family docs/operations.md lists; request durations
 * labelled by route pattern, never the URL; open on loopback, elsewhere only with METRICS_TOKEN (404
 * otherwise, a wrong token included); counted where things happen (rate limits, group commit, webhook
 * attempts, meter flushes) and read at scrape time (pools, outbox, rollup queue).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, DIALECT, keyHeaders, PLATFORM_SECRET, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { configure, ingest } from '../webhooks/helpers.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { errorHandlerWith } from '../../src/http/errors.js';
import { Metrics } from '../../src/lib/metrics.js';

const FAMILIES = [
  'svc_http_request_duration_seconds',
  'svc_http_requests_in_flight',
  'svc_db_pool_connections',
  'svc_db_pool_idle_connections',
  'svc_db_pool_waiting_requests',
  'svc_db_errors_total',
  'svc_group_commit_batch_size',
  'svc_webhook_outbox_due_events',
  'svc_webhook_outbox_oldest_due_age_seconds',
  'svc_webhook_delivery_attempts_total',
  'svc_webhook_events_exhausted_total',
  'svc_usage_meter_flush_lag_seconds',
  'svc_usage_meter_flushes_total',
  'svc_usage_meter_rows_dropped_total',
  'svc_request_log_dropped_total',
  'svc_rate_limit_rejections_total',
  'svc_usage_rollup_pending_deltas',
  'svc_usage_rollup_oldest_pending_age_seconds',
  'svc_metrics_source_errors_total',
  // Node's runtime (prom-client's defaults)
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
  'nodejs_gc_duration_seconds',
  'process_resident_memory_bytes',
];

const TOKEN = 'metrics-token-for-tests-0123456789';
const REMOTE = '203.0.113.9';

/** The samples of an exposition: `name{labels}` (labels as written) → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const i = line.lastIndexOf(' ');
    out.set(line.slice(0, i), Number(line.slice(i + 1)));
  }
  return out;
}

/** The value of the sample of `name` whose labels include every pair of `labels` (undefined: none). */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const [key, v] of samples(text)) {
    const brace = key.indexOf('{');
    const n = brace === -1 ? key : key.slice(0, brace);
    if (n !== name) continue;
    const ls = brace === -1 ? '' : key.slice(brace);
    if (Object.entries(labels).every(([k, x]) => ls.includes(`${k}="${x}"`))) return v;
  }
  return undefined;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let p: TestPartner;
  before(async () => {
    t = await buildTestApp();
    p = await t.partner();
  });
  after(() => t?.close());

  const scrape = async () => {
    const res = await t.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200, res.body);
    return res;
  };

  it('answers on loopback in the text format, with every family', async () => {
    const res = await scrape();
    assert.equal(res.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
    for (const f of FAMILIES) assert.match(res.body, new RegExp(`^# TYPE ${f} `, 'm'), `${f} is missing`);
    // The database pools: PostgreSQL's two pools with their waiting queues; SQLite's one connection and its WAL.
    if (DIALECT === 'postgres') {
      assert.ok(value(res.body, 'svc_db_pool_connections', { pool: 'main' })! >= 1);
      assert.notEqual(value(res.body, 'svc_db_pool_waiting_requests', { pool: 'main' }), undefined);
      assert.notEqual(value(res.body, 'svc_db_pool_idle_connections', { pool: 'index_order' }), undefined);
    } else {
      assert.equal(value(res.body, 'svc_db_pool_connections', { pool: 'sqlite' }), 1);
      assert.equal(value(res.body, 'svc_db_pool_idle_connections', { pool: 'sqlite' }), 1);
      assert.ok(value(res.body, 'svc_sqlite_wal_bytes')! >= 0);
    }
    assert.equal(value(res.body, 'svc_webhook_outbox_due_events'), 0);
    assert.equal(value(res.body, 'svc_usage_rollup_pending_deltas'), 0);
    assert.equal(res.headers['x-ratelimit-limit'], undefined, 'not rate limited');
  });

  it('labels request durations by route pattern, never by the URL', async () => {
    const userId = 'user-4d1c9e7f-metrics';
    const calc = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: userId, cash_balance: 1000 } });
    assert.equal(calc.statusCode, 200, calc.body);
    await ingest(t, p, userId);
    const cached = await t.inject({ method: 'GET', url: `/api/v1/ingest/calculation/${userId}`, headers: keyHeaders(p, { secret: true }) });
    assert.equal(cached.statusCode, 200, cached.body);
    const missing = await t.inject({ method: 'GET', url: `/no/such/path/${userId}` });
    assert.equal(missing.statusCode, 404);

    const { body } = await scrape();
    const count = (route: string, method: string, cls: string) => value(body, 'svc_http_request_duration_seconds_count', { method, route, status_class: cls });
    assert.equal(count('/api/v1/calculate/safe-to-spend', 'POST', '2xx'), 1);
    assert.equal(count('/api/v1/ingest/calculation/:user_id', 'GET', '2xx'), 1);
    assert.equal(count('unmatched', 'GET', '4xx'), 1);
    assert.ok(!body.includes(userId), 'the raw URL (its id) appears in the metrics');
    // The request being answered is in flight; none is left over from those before.
    assert.equal(value(body, 'svc_http_requests_in_flight'), 1);
    // One ingest went through the calculations' group commit.
    assert.ok(value(body, 'svc_group_commit_batch_size_count', { writer: 'calculations' })! >= 1);
  });

  it('counts usage-meter flushes and their lag', async () => {
    await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: 'lag-user', cash_balance: 1 } });
    const waiting = await scrape();
    assert.ok(value(waiting.body, 'svc_usage_meter_flush_lag_seconds')! >= 0);
    await t.deps.usage.flush();
    const { body } = await scrape();
    assert.ok(value(body, 'svc_usage_meter_flushes_total', { result: 'ok' })! >= 1);
    assert.equal(value(body, 'svc_usage_meter_flush_lag_seconds'), 0, 'nothing waits after a flush');
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    assert.equal(doc.paths['/metrics'], undefined);
  });

  it('off loopback without METRICS_TOKEN: 404 as if absent, whatever is presented', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { authorization: 'Bearer ' }]) {
      const res = await t.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { detail: 'Not Found', code: 'not_found' });
    }
  });

  it('a loopback socket carrying a forwarded request is not local (a reverse proxy on the machine)', async () => {
    for (const headers of [{ 'x-forwarded-for': '198.51.100.7' }, { forwarded: 'for=198.51.100.7' }, { 'x-forwarded-for': '127.0.0.1' }]) {
      const res = await t.inject({ method: 'GET', url: '/metrics', headers });
      assert.equal(res.statusCode, 404, JSON.stringify(headers));
    }
    // IPv6 loopback is loopback.
    assert.equal((await t.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode, 200);
  });
});

describe('GET /metrics with METRICS_TOKEN, behind a trusted proxy', () => {
  let t: TestApp;
  let p: TestPartner;
  let receiver: Receiver;
  const clock = new TestClock();
  before(async () => {
    // The proxy's range is trusted: its X-Forwarded-For names the client, which must not open /metrics.
    t = await buildTestApp({ clock, env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '203.0.113.0/24', RATE_LIMIT_PER_SECOND: '1' } });
    p = await t.partner();
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver?.close();
    await t?.close();
  });

  const get = (headers: Record<string, string>, remoteAddress = REMOTE) => t.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  // First: the scrape below must be this app's first, which reads the database (later ones within seconds take the kept answer).
  it('reads the outbox and the rollup queue at scrape time, and counts rate limits and delivery attempts', async () => {
    // The key's limit is 1 a second and the clock stands still unless moved: one call per second until the test of the limit.
    await configure(t, p, receiver.url);
    clock.advance(1000);
    await ingest(t, p, 'hook-user-1');
    clock.advance(1000);
    const events = await t.inject({
      method: 'POST',
      url: '/api/ingest/events/batch',
      headers: { 'x-service-ingest-secret': PLATFORM_SECRET },
      payload: { events: [{ partner_id: p.id, event_type: 'user_signup', user_id: 'u1' }] },
    });
    assert.equal(events.statusCode, 200, events.body);
    // The second call of this second is refused.
    for (let i = 0; i < 2; i++) await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(p) });

    const first = await t.inject({ method: 'GET', url: '/metrics' });
    assert.equal(first.statusCode, 200);
    assert.equal(value(first.body, 'svc_webhook_outbox_due_events'), 1);
    assert.ok(value(first.body, 'svc_webhook_outbox_oldest_due_age_seconds')! >= 0);
    assert.ok(value(first.body, 'svc_usage_rollup_pending_deltas')! >= 1);
    assert.ok(value(first.body, 'svc_rate_limit_rejections_total', { limit: 'api_key' })! >= 1);

    // Delivered once; then a receiver answering 500, then 410 (the endpoint is disabled, the event given up).
    assert.equal((await runDeliveryPass(t.deps)).delivered, 1);
    receiver.respond(() => ({ status: 500 }));
    clock.advance(1000);
    await ingest(t, p, 'hook-user-2');
    await runDeliveryPass(t.deps);
    receiver.respond(() => ({ status: 410 }));
    clock.advance(60 * 60_000);
    await runDeliveryPass(t.deps);
    const { body } = await t.inject({ method: 'GET', url: '/metrics' });
    assert.equal(value(body, 'svc_webhook_delivery_attempts_total', { result: 'delivered' }), 1);
    assert.equal(value(body, 'svc_webhook_delivery_attempts_total', { result: 'http_error' }), 1);
    assert.equal(value(body, 'svc_webhook_delivery_attempts_total', { result: 'gone' }), 1);
    assert.equal(value(body, 'svc_webhook_events_exhausted_total'), 1);
  });

  it('off loopback: 200 with the token only; none or a wrong one is 404', async () => {
    assert.equal((await get({})).statusCode, 404);
    assert.equal((await get({ authorization: `Bearer ${TOKEN}x` })).statusCode, 404);
    assert.equal((await get({ authorization: `Bearer ${TOKEN.slice(0, -1)}` })).statusCode, 404);
    assert.equal((await get({ authorization: 'Basic Zm9vOmJhcg==' })).statusCode, 404);
    assert.equal((await get({ 'x-api-key': TOKEN })).statusCode, 404, 'the token goes in Authorization only');
    const ok = await get({ authorization: `Bearer ${TOKEN}` });
    assert.equal(ok.statusCode, 200);
    assert.match(ok.body, /^# TYPE svc_http_request_duration_seconds histogram$/m);
  });

  it('a forwarded header claiming loopback does not open it: the socket decides', async () => {
    // From the trusted proxy, X-Forwarded-For 127.0.0.1 makes request.ip loopback; the socket is not.
    const res = await get({ 'x-forwarded-for': '127.0.0.1' });
    assert.equal(res.statusCode, 404);
    assert.equal((await get({ 'x-forwarded-for': '127.0.0.1', authorization: `Bearer ${TOKEN}` })).statusCode, 200);
  });
});

describe('metrics of the database answers', () => {
  it('counts the 503 and 507 answers the database causes', async () => {
    const metrics = new Metrics();
    const handler = errorHandlerWith(metrics);
    const reply = { status: () => reply, header: () => reply, headers: () => reply, send: () => reply };
    const request = { log: { warn() {}, error() {} } };
    const call = (err: Error) => handler.call(null, err as never, request as never, reply as never);
    call(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    call(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    call(new Error('a bug'));
    const body = await metrics.render();
    assert.equal(value(body, 'svc_db_errors_total', { kind: 'unavailable' }), 1);
    assert.equal(value(body, 'svc_db_errors_total', { kind: 'storage_full' }), 1);
  });
});
