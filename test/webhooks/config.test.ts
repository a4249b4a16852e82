import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';
import { setWebhookResolver } from '../../src/areas/webhooks/runtime.js';
import { isPublicAddress, systemResolver } from '../../src/areas/webhooks/ssrf.js';
import { ingest } from './helpers.js';

const H = (p: TestPartner, env: 'test' | 'live' = 'test') => keyHeaders(p, { secret: true, env });

describe('webhook configuration (key + ingest secret)', () => {
  let t: TestApp;
  let p: TestPartner;
  before(async () => {
    // Wrong keys and secrets on every route on purpose: the failed-credential budget has its own tests.
    t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'false', RATE_LIMIT_PER_SECOND: '100000', CREDENTIAL_FAILURE_LIMIT: '100000' } });
    setWebhookResolver(t.deps, async (host) => {
      const table: Record<string, string[]> = {
        'hooks.partner.example': ['93.184.215.14'],
        'v6.partner.example': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
        'internal.partner.example': ['127.0.0.1'],
        'mixed.partner.example': ['93.184.215.14', '10.1.2.3'],
      };
      if (table[host]) return table[host].map((a) => ({ address: a, family: a.includes(':') ? 6 : 4 }));
      if (host === 'localhost') return systemResolver(host);
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    });
    p = await t.partner();
  });
  after(() => t.close());

  it('GET answers 404 before anything is configured', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: H(p) });
    assert.equal(res.statusCode, 404);
    assert.match(res.json().detail, /No webhook configured/);
  });

  it('POST creates the configuration and shows the signing secret once', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: H(p),
      payload: { url: 'https://hooks.partner.example/svc', events: ['calculation.updated', 'calculation.updated', 'usage.threshold_reached'], enabled: true },
    });
    assert.equal(res.statusCode, 200);
    const b = res.json();
    assert.match(b.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(b.secret.slice(6), 'base64').length, 32);
    assert.deepEqual(b.events, ['calculation.updated', 'usage.threshold_reached']);
    assert.equal(b.enabled, true);
    assert.equal(b.environment, 'test');
    assert.equal(b.secret_hint, `whsec_…${b.secret.slice(-4)}`);
    assert.equal(b.previous_secret_expires_at, null);
    assert.ok(!Number.isNaN(Date.parse(b.created_at)));

    const get = await t.inject({ method: 'GET', url: '/v1/webhooks', headers: H(p) });
    assert.equal(get.statusCode, 200);
    const g = get.json();
    assert.equal(g.secret, undefined, 'GET never shows the secret');
    assert.equal(g.url, 'https://hooks.partner.example/svc');
    assert.equal(g.secret_hint, b.secret_hint);
    assert.deepEqual(Object.keys(g).sort(), ['circuit', 'created_at', 'disabled_reason', 'enabled', 'environment', 'events', 'secret_hint', 'updated_at', 'url']);
    assert.deepEqual(g.circuit, { state: 'closed', failures: 0, retry_at: null }, 'a new endpoint starts with a closed circuit');
    assert.deepEqual(b.circuit, { state: 'closed', failures: 0, retry_at: null });

    // At rest the secret is sealed.
    const row = await t.deps.database.db.selectFrom('webhook_endpoints').selectAll().where('partner_id', '=', p.id).executeTakeFirstOrThrow();
    assert.ok(!row.secret_enc.includes(b.secret.slice(6, 20)));
    assert.equal(t.deps.secrets.open(row.secret_enc), b.secret);

    // /me reflects it.
    const me = await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(p) });
    assert.equal(me.json().webhook_url, 'https://hooks.partner.example/svc');
    assert.equal(me.json().webhook_enabled, true);

    // An update keeps the secret and says so with secret: null.
    const upd = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(p), payload: { url: 'https://v6.partner.example/x', events: ['calculation.updated'], enabled: false } });
    assert.equal(upd.statusCode, 200);
    assert.equal(upd.json().secret, null);
    assert.equal(upd.json().enabled, false);
    assert.equal(upd.json().secret_hint, b.secret_hint);
    const row2 = await t.deps.database.db.selectFrom('webhook_endpoints').selectAll().where('partner_id', '=', p.id).executeTakeFirstOrThrow();
    assert.equal(t.deps.secrets.open(row2.secret_enc), b.secret);
  });

  it('keeps test and live configurations apart', async () => {
    const q = await t.partner();
    await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(q, 'live'), payload: { url: 'https://hooks.partner.example/live', events: ['calculation.updated'] } });
    const test = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: H(q, 'test') });
    assert.equal(test.statusCode, 404);
    const live = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: H(q, 'live') });
    assert.equal(live.json().environment, 'live');
    assert.equal(live.json().enabled, true, 'enabled defaults to true');
  });

  it('rotate-secret: a new secret once, the previous one valid for 24 hours', async () => {
    const q = await t.partner();
    const none = await t.inject({ method: 'POST', url: '/api/v1/webhooks/rotate-secret', headers: H(q) });
    assert.equal(none.statusCode, 404);
    const created = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(q), payload: { url: 'https://hooks.partner.example/r', events: ['calculation.updated'] } });
    const rot = await t.inject({ method: 'POST', url: '/api/v1/webhooks/rotate-secret', headers: H(q) });
    assert.equal(rot.statusCode, 200);
    const r = rot.json();
    assert.match(r.secret, /^whsec_/);
    assert.notEqual(r.secret, created.json().secret);
    assert.equal(Date.parse(r.previous_secret_expires_at) - t.deps.clock.now() <= 86_400_000, true);
    assert.ok(Date.parse(r.previous_secret_expires_at) - Date.now() > 86_300_000);
    const row = await t.deps.database.db.selectFrom('webhook_endpoints').selectAll().where('partner_id', '=', q.id).executeTakeFirstOrThrow();
    assert.equal(t.deps.secrets.open(row.previous_secret_enc!), created.json().secret);
    assert.equal(t.deps.secrets.open(row.secret_enc), r.secret);
  });

  it('DELETE removes the configuration (404 when there is none)', async () => {
    const q = await t.partner();
    const none = await t.inject({ method: 'DELETE', url: '/api/v1/webhooks', headers: H(q) });
    assert.equal(none.statusCode, 404);
    await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(q), payload: { url: 'https://hooks.partner.example/d', events: ['calculation.updated'] } });
    const del = await t.inject({ method: 'DELETE', url: '/v1/webhooks', headers: H(q) });
    assert.equal(del.statusCode, 200);
    assert.deepEqual(del.json(), { deleted: true, environment: 'test' });
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: H(q) })).statusCode, 404);
    const me = await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(q) });
    assert.equal(me.json().webhook_url, null);
  });

  it('refuses unknown event types and bad bodies with 422', async () => {
    const cases: [unknown, string, (string | number)[]][] = [
      [{ url: 'https://hooks.partner.example/x', events: ['transfer.exploded'] }, 'enum', ['body', 'events', 0]],
      [{ url: 'https://hooks.partner.example/x', events: [] }, 'too_short', ['body', 'events']],
      [{ url: 'https://hooks.partner.example/x' }, 'missing', ['body', 'events']],
      [{ events: ['calculation.updated'] }, 'missing', ['body', 'url']],
      [{ url: 'https://hooks.partner.example/x', events: ['calculation.updated'], enabled: 'yes' }, 'bool_type', ['body', 'enabled']],
      [{ url: 42, events: ['calculation.updated'] }, 'string_type', ['body', 'url']],
      [{ url: 'https://hooks.partner.example/x', events: 'calculation.updated' }, 'list_type', ['body', 'events']],
    ];
    for (const [payload, type, loc] of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(p), payload: payload as object });
      assert.equal(res.statusCode, 422, JSON.stringify(payload));
      const item = res.json().detail.find((d: { loc: unknown[] }) => JSON.stringify(d.loc) === JSON.stringify(loc));
      assert.ok(item, `${JSON.stringify(payload)} → ${res.body}`);
      assert.equal(item.type, type);
    }
    const bad = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: { ...H(p), 'content-type': 'application/json' }, payload: '{"url":' });
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().detail[0].type, 'json_invalid');
  });

  it('refuses non-https and non-public targets (SSRF)', async () => {
    const refused = [
      ['http://hooks.partner.example/x', /https/],
      ['https://127.0.0.1/x', /not a public address/],
      ['https://10.0.0.5/x', /not a public address/],
      ['https://10.255.255.255:8443/x', /not a public address/],
      ['https://169.254.169.254/latest/meta-data', /not a public address/],
      ['https://[::1]/x', /not a public address/],
      ['https://[::ffff:127.0.0.1]/x', /not a public address/],
      ['https://[fd00::1]/x', /not a public address/],
      ['https://192.168.1.1/x', /not a public address/],
      ['https://0.0.0.0/x', /not a public address/],
      ['https://internal.partner.example/x', /resolves to 127\.0\.0\.1/],
      ['https://mixed.partner.example/x', /resolves to 10\.1\.2\.3/],
      ['https://localhost/x', /not a public address/],
      ['https://nowhere.invalid/x', /does not resolve/],
      ['https://user:pw@hooks.partner.example/x', /credentials/],
      ['not a url', /not a valid URL/],
      ['ftp://hooks.partner.example/x', /https/],
    ] as const;
    for (const [url, msg] of refused) {
      const res = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(p), payload: { url, events: ['calculation.updated'] } });
      assert.equal(res.statusCode, 422, url);
      const [item] = res.json().detail;
      assert.deepEqual(item.loc, ['body', 'url']);
      assert.match(item.msg, msg, `${url}: ${item.msg}`);
    }
    const ok = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(p), payload: { url: 'https://93.184.215.14:8443/x', events: ['calculation.updated'] } });
    assert.equal(ok.statusCode, 200);
  });

  it('classifies addresses', () => {
    for (const a of ['127.0.0.1', '10.1.1.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', '64:ff9b::10.0.0.1', '2001:db8::1', 'not-an-ip']) {
      assert.equal(isPublicAddress(a), false, a);
    }
    for (const a of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      assert.equal(isPublicAddress(a), true, a);
    }
  });

  it('deliveries: query validation', async () => {
    for (const q of ['?limit=0', '?limit=1001', '?limit=x', '?status=pending']) {
      const res = await t.inject({ method: 'GET', url: `/api/v1/webhooks/deliveries${q}`, headers: H(p) });
      assert.equal(res.statusCode, 422, q);
      assert.equal(res.json().detail[0].loc[0], 'query');
    }
    const empty = await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: H(p) });
    assert.equal(empty.statusCode, 200);
    assert.deepEqual(empty.json(), []);
  });

  it('resend and test: 404 for unknown deliveries or no configuration, 409 when disabled', async () => {
    const q = await t.partner();
    const r404 = await t.inject({ method: 'POST', url: '/api/v1/webhooks/deliveries/whd_nope/resend', headers: H(q) });
    assert.equal(r404.statusCode, 404);
    const t404 = await t.inject({ method: 'POST', url: '/api/v1/webhooks/test', headers: H(q) });
    assert.equal(t404.statusCode, 404);
    await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(q), payload: { url: 'https://hooks.partner.example/z', events: ['calculation.updated'], enabled: false } });
    const t409 = await t.inject({ method: 'POST', url: '/api/v1/webhooks/test', headers: H(q) });
    assert.equal(t409.statusCode, 409);
    const long = await t.inject({ method: 'POST', url: `/api/v1/webhooks/deliveries/${'x'.repeat(65)}/resend`, headers: H(q) });
    assert.equal(long.statusCode, 422);
  });

  describe('authentication of every webhook route', () => {
    const routes: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; secretNeeded: boolean }[] = [
      { method: 'GET', url: '/api/v1/webhooks', secretNeeded: true },
      { method: 'POST', url: '/api/v1/webhooks', payload: { url: 'https://hooks.partner.example/a', events: ['calculation.updated'] }, secretNeeded: true },
      { method: 'DELETE', url: '/api/v1/webhooks', secretNeeded: true },
      { method: 'POST', url: '/api/v1/webhooks/rotate-secret', secretNeeded: true },
      { method: 'GET', url: '/api/v1/webhooks/deliveries', secretNeeded: true },
      { method: 'POST', url: '/api/v1/webhooks/deliveries/whd_x/resend', secretNeeded: true },
      { method: 'POST', url: '/api/v1/webhooks/test', secretNeeded: true },
      { method: 'GET', url: '/api/v1/reports/webhooks.csv', secretNeeded: false },
    ];

    it('no key, a wrong key, a session instead of a key: 401', async () => {
      const session = await t.session('partner', p.id);
      for (const r of routes) {
        for (const headers of [
          { 'x-service-ingest-secret': p.ingestSecret },
          { 'x-api-key': 'svc_test_' + 'x'.repeat(32), 'x-service-ingest-secret': p.ingestSecret },
          { authorization: `Bearer ${session}`, 'x-service-ingest-secret': p.ingestSecret },
        ]) {
          const res = await t.inject({ method: r.method, url: r.url, headers, payload: r.payload });
          assert.equal(res.statusCode, 401, `${r.method} ${r.url} ${JSON.stringify(Object.keys(headers))}`);
        }
        for (const url of [r.url, r.url.replace('/api/v1', '/v1')]) {
          const res = await t.inject({ method: r.method, url, payload: r.payload });
          assert.equal(res.statusCode, 401);
        }
      }
    });

    it('a missing or wrong ingest secret: 401 on the key+secret routes; the report needs the key only', async () => {
      const other = await t.partner();
      for (const r of routes) {
        const missing = await t.inject({ method: r.method, url: r.url, headers: keyHeaders(p), payload: r.payload });
        const wrong = await t.inject({ method: r.method, url: r.url, headers: { ...keyHeaders(p), 'x-service-ingest-secret': other.ingestSecret }, payload: r.payload });
        if (r.secretNeeded) {
          assert.equal(missing.statusCode, 401, `${r.method} ${r.url}`);
          assert.match(missing.json().detail, /Ingest-Secret/i);
          assert.equal(wrong.statusCode, 401, `${r.method} ${r.url}`);
        } else {
          assert.equal(missing.statusCode, 200);
        }
      }
    });

    it('a suspended partner: 403', async () => {
      const s = await t.partner();
      await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', s.id).execute();
      await t.deps.auth.invalidatePartner(s.id);
      for (const r of routes) {
        const res = await t.inject({ method: r.method, url: r.url, headers: H(s), payload: r.payload });
        assert.equal(res.statusCode, 403, `${r.method} ${r.url}`);
        assert.equal(res.json().detail, 'partner suspended');
      }
    });

    it("another partner's configuration and deliveries are invisible", async () => {
      const a = await t.partner();
      const b = await t.partner();
      await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(a), payload: { url: 'https://hooks.partner.example/a', events: ['calculation.updated'] } });
      await ingest(t, a, 'someone');
      const [ev] = await t.deps.database.db.selectFrom('webhook_events').select('id').where('partner_id', '=', a.id).execute();
      // A delivery record of partner a (written directly: this app refuses private targets).
      await t.deps.database.db
        .insertInto('webhook_deliveries')
        .values({ id: 'whd_a1', partner_id: a.id, environment: 'test', event_id: ev.id, event_type: 'calculation.updated', endpoint_id: null, url: 'https://hooks.partner.example/a', attempt: 1, status: 'failed', status_code: 500, duration_ms: 3, error: 'HTTP 500', response_excerpt: null, created_at: Date.now(), next_attempt_at: null })
        .execute();
      assert.equal((await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: H(b) })).statusCode, 404);
      assert.deepEqual((await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: H(b) })).json(), []);
      assert.equal((await t.inject({ method: 'POST', url: '/api/v1/webhooks/deliveries/whd_a1/resend', headers: H(b) })).statusCode, 404);
      // …nor from a's other environment.
      assert.deepEqual((await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: H(a, 'live') })).json(), []);
      const csv = await t.inject({ method: 'GET', url: '/api/v1/reports/webhooks.csv', headers: keyHeaders(b) });
      assert.equal(csv.body.trim().split('\r\n').length, 1, 'header only');
      assert.equal((await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: H(a) })).json().length, 1);
    });
  });
});
