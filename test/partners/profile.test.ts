import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';

describe('GET /api/v1/me, GET /api/v1/secrets, system routes', () => {
  let t: TestApp;
  let p: TestPartner;
  before(async () => {
    t = await buildTestApp();
    p = await t.partner({ company: 'Acme Credit Union', name: 'Ada' });
  });
  after(() => t.close());

  it('me returns every profile field for the key in use', async () => {
    for (const [env, url] of [
      ['test', '/api/v1/me'],
      ['live', '/v1/me'],
    ] as const) {
      const res = await t.inject({ method: 'GET', url, headers: keyHeaders(p, { env }) });
      assert.equal(res.statusCode, 200);
      const me = res.json();
      assert.deepEqual(Object.keys(me).sort(), [
        'activated_at', 'active', 'company', 'created_at', 'current_key_type', 'email', 'expected_volume', 'id', 'is_sandbox', 'name',
        'payment_customer_id', 'payment_method_attached', 'production_key_masked', 'production_key_rotated_at', 'sandbox_key_masked',
        'sandbox_key_rotated_at', 'signup_source', 'tier', 'usage_alert_email', 'webhook_enabled', 'webhook_url',
      ]);
      assert.equal(me.id, p.id);
      assert.equal(me.company, 'Acme Credit Union');
      assert.equal(me.name, 'Ada');
      assert.equal(me.active, true);
      assert.equal(me.is_sandbox, env === 'test');
      assert.equal(me.current_key_type, env === 'test' ? 'sandbox' : 'production');
      assert.equal(me.sandbox_key_masked, `svc_test_****${p.testKey.slice(-4)}`);
      assert.equal(me.production_key_masked, `svc_live_****${p.liveKey.slice(-4)}`);
      assert.equal(me.webhook_url, null);
      assert.equal(me.webhook_enabled, false);
      assert.equal(me.usage_alert_email, '');
      assert.equal(me.payment_method_attached, false);
      assert.ok(!JSON.stringify(me).includes(p.testKey), 'never the key itself');
    }
  });

  it('secrets returns the per-partner ingest secret', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/secrets', headers: keyHeaders(p) });
    assert.equal(res.statusCode, 200);
    const s = res.json();
    assert.equal(s.ingest_secret, p.ingestSecret);
    assert.match(s.ingest_secret, /^svc_ingest_/);
    assert.equal(s.header_name, 'X-Service-Ingest-Secret');
    assert.equal(typeof s.scope, 'string');
    assert.equal(typeof s.rotation_policy, 'string');
    const none = await t.inject({ method: 'GET', url: '/api/v1/secrets' });
    assert.equal(none.statusCode, 401);
  });

  it('health needs no key and reports configuration', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/health' });
    assert.equal(res.statusCode, 200);
    const h = res.json();
    assert.equal(h.status, 'ok');
    assert.equal(h.version, '1.1.0');
    assert.equal(h.database.kind, t.deps.database.dialect);
    assert.equal(h.database.reachable, true);
    assert.equal(h.ingest_secret_configured, true);
    assert.equal(h.aggregator_configured, false);
    const ingest = await t.inject({ method: 'GET', url: '/api/v1/ingest/health' });
    assert.equal(ingest.statusCode, 200);
    assert.equal(ingest.json().status, 'ok');
    const root = await t.inject({ method: 'GET', url: '/api/' });
    assert.equal(root.statusCode, 200);
    assert.equal(root.json().version, '1.1.0');
  });

  it('serves the OpenAPI 3.1 document (version 1.1.0, /api/v1 form only) and the docs', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.1.0');
    for (const path of ['/api/v1/me', '/api/v1/secrets', '/api/v1/calculate/safe-to-spend', '/api/v1/ingest', '/api/v1/ingest/calculations', '/api/v1/ingest/calculation/{user_id}', '/api/v1/ingest/user/{user_id}', '/api/v1/health']) {
      assert.ok(doc.paths[path], path);
    }
    assert.ok(!Object.keys(doc.paths).some((k) => k.startsWith('/v1/')), 'the /v1 form is hidden');
    assert.ok(doc.paths['/api/v1/ingest'].post.responses['201']);
    assert.ok(doc.paths['/api/v1/ingest'].post.responses['422']);
    const docs = await t.inject({ method: 'GET', url: '/api/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.headers['content-type'] as string, /text\/html/);
  });

  it('answers 503 from health when the database is unreachable', async () => {
    const t2 = await buildTestApp();
    try {
      await t2.deps.auth.stop();
      await t2.deps.database.close();
      const res = await t2.inject({ method: 'GET', url: '/api/v1/health' });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().database.reachable, false);
      const ingest = await t2.inject({ method: 'GET', url: '/api/v1/ingest/health' });
      assert.equal(ingest.statusCode, 503);
    } finally {
      await t2.close();
    }
  });
});
