/**
 * The standalone worker's GET /metrics (WORKER_METRICS_PORT): its own registry (its delivery
 * attempts), under the server's access rule (loopback open; a forwarded request only with
 * METRICS_TOKEN; the ordinary 404 otherwise); no HTTP at all without the setting; stopped with the
 * worker. Also the configuration of the setting and of REDIS_KEY_PREFIX.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/config.js';
import { buildTestApp, databaseEnv, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';
import { startWorker, type WorkerProcess } from '../helpers/process.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';

const TOKEN = 'worker-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function value(body: string, name: string, labels = ''): number | null {
  const line = body.split('\n').find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : null;
}

describe('the standalone worker’s GET /metrics', { timeout: 120_000 }, () => {
  let t: TestApp;
  let p: TestPartner;
  let receiver: Receiver;
  let worker: WorkerProcess;
  let silent: WorkerProcess | undefined;
  let env: Record<string, string | undefined>;
  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    p = await t.partner();
    receiver = await startReceiver();
    env = { ...databaseEnv(t.config), SEED_DEMO_PARTNER: 'false', WEBHOOK_ALLOW_PRIVATE: 'true', METRICS_TOKEN: TOKEN };
    worker = await startWorker({ ...env, WORKER_METRICS_PORT: '0' });
  });
  after(async () => {
    for (const w of [worker, silent]) {
      if (w && w.child.exitCode === null) {
        w.child.kill('SIGTERM');
        await w.exited;
      }
    }
    await receiver?.close();
    await t?.close();
  });

  it('answers on loopback with the worker’s own registry: the deliveries it made', async () => {
    assert.ok(worker.metricsUrl, 'the worker logged where its metrics answer');
    assert.match(worker.metricsUrl!, /^http:\/\/127\.0\.0\.1:\d+$/, 'on HOST, loopback by default');
    const cfg = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true }), payload: { url: receiver.url, events: ['calculation.updated'] } });
    assert.equal(cfg.statusCode, 200, cfg.body);
    for (let i = 0; i < 3; i++) {
      const res = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(p, { secret: true }), payload: { end_user_id: `m_${i}`, cash_balance: 10 } });
      assert.equal(res.statusCode, 201, res.body);
    }
    // This worker is the only one running: it delivers the three events and counts them (after each answer).
    const until = Date.now() + 20_000;
    let body = '';
    for (;;) {
      const res = await fetch(`${worker.metricsUrl}/metrics`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      body = await res.text();
      if (value(body, 'svc_webhook_delivery_attempts_total', 'result="delivered"') === 3 || Date.now() > until) break;
      await sleep(100);
    }
    assert.equal(value(body, 'svc_webhook_delivery_attempts_total', 'result="delivered"'), 3, 'its own deliveries');
    assert.equal(receiver.received.length, 3);
    // Node's runtime defaults are registered at the first scrape: a later one has them.
    body = await (await fetch(`${worker.metricsUrl}/metrics`)).text();
    assert.ok(body.includes('svc_db_pool_connections'), 'the database pool gauges');
    assert.ok(value(body, 'svc_webhook_outbox_due_events') !== null, 'the database-wide outbox gauge');
    assert.ok(value(body, 'process_resident_memory_bytes')! > 0, 'the runtime defaults');
  });

  it('a forwarded request needs METRICS_TOKEN; anything else is the ordinary 404', async () => {
    const url = `${worker.metricsUrl}/metrics`;
    for (const headers of [{ 'x-forwarded-for': '198.51.100.7' }, { 'x-forwarded-for': '198.51.100.7', authorization: 'Bearer wrong-token-0123456789' }] as Record<string, string>[]) {
      const res = await fetch(url, { headers });
      assert.equal(res.status, 404, JSON.stringify(headers));
      assert.deepEqual(await res.json(), { detail: 'Not Found', code: 'not_found' });
    }
    const ok = await fetch(url, { headers: { 'x-forwarded-for': '198.51.100.7', authorization: `Bearer ${TOKEN}` } });
    assert.equal(ok.status, 200);
    const other = await fetch(`${worker.metricsUrl}/api/v1/me`);
    assert.equal(other.status, 404);
    assert.deepEqual(await other.json(), { detail: 'Not Found', code: 'not_found' });
  });

  it('without WORKER_METRICS_PORT the worker serves no HTTP; with it, the port closes when the worker stops', async () => {
    silent = await startWorker(env);
    assert.equal(silent.metricsUrl, null);
    assert.match(silent.output(), /"metrics":null/);
    silent.child.kill('SIGTERM');
    assert.equal(await silent.exited, 0);
    worker.child.kill('SIGTERM');
    assert.equal(await worker.exited, 0);
    await assert.rejects(fetch(`${worker.metricsUrl}/metrics`));
  });
});

describe('configuration of WORKER_METRICS_PORT and REDIS_KEY_PREFIX', () => {
  const base = { DATA_DIR: '/tmp/unused' };
  it('defaults: no worker metrics, the svc: prefix', () => {
    const c = loadConfig(base);
    assert.equal(c.workerMetricsPort, null);
    assert.equal(c.redisKeyPrefix, 'svc:');
    assert.equal(loadConfig({ ...base, WORKER_METRICS_PORT: '9464', REDIS_KEY_PREFIX: 'tenant-a:' }).workerMetricsPort, 9464);
    assert.equal(loadConfig({ ...base, REDIS_KEY_PREFIX: 'tenant-a:' }).redisKeyPrefix, 'tenant-a:');
  });
  it('a bad value stops the start with one line naming the variable', () => {
    for (const [name, v] of [
      ['WORKER_METRICS_PORT', 'abc'],
      ['WORKER_METRICS_PORT', '70000'],
      ['WORKER_METRICS_PORT', '-1'],
      ['REDIS_KEY_PREFIX', 'a b'],
      ['REDIS_KEY_PREFIX', 'x'.repeat(65)],
      ['REDIS_KEY_PREFIX', 'tab\there'],
    ]) {
      assert.throws(
        () => loadConfig({ ...base, [name]: v }),
        (err: unknown) => err instanceof ConfigError && err.variable === name,
        `${name}=${JSON.stringify(v)}`,
      );
    }
  });
});
