/** POST /api/partners/me/api-keys/{environment}/rotate: the portal's key rotation, by partner session. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, type TestApp } from '../helpers/app.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/partners/me/api-keys/{environment}/rotate', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const rotate = (env: string, headers: Record<string, string>) => t.inject({ method: 'POST', url: `/api/partners/me/api-keys/${env}/rotate`, headers });
  const me = (key: string) => t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key } });

  it('answers the new key once as the slot; the old key fails on the next request, the new one works, the other slot is untouched', async () => {
    const p = await t.partner();
    const token = await t.session('partner', p.id);
    assert.equal((await me(p.testKey)).statusCode, 200); // cached by the key cache
    const r = await rotate('test', bearer(token));
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers['cache-control'], 'no-store');
    const slot = r.json();
    assert.match(slot.key, /^svc_test_[A-Za-z0-9]{32}$/);
    assert.equal(slot.environment, 'test');
    assert.equal(slot.masked.slice(-4), slot.key.slice(-4));
    assert.ok(slot.last_rotated_at);
    assert.equal((await me(p.testKey)).statusCode, 401);
    assert.equal((await me(slot.key)).statusCode, 200);
    assert.equal((await me(p.liveKey)).statusCode, 200);
    const list = (await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) })).json() as { environment: string; key: string }[];
    assert.equal(list.find((k) => k.environment === 'test')!.key, slot.key);

    // Audited as the partner's own rotation, by the member signed in (its owner).
    const admin = await t.admin();
    const audit = await t.inject({ method: 'GET', url: `/api/admin/audit-log?target_id=${p.id}&action=key.rotate`, headers: bearer(admin.token) });
    assert.equal(audit.statusCode, 200, audit.body);
    const entry = audit.json().items[0];
    assert.equal(entry.actor_type, 'member');
    assert.match(entry.actor_id, /^mem_/);
    assert.equal(entry.details.partner_id, p.id);
    assert.equal(entry.details.environment, 'test');
    assert.ok(!JSON.stringify(audit.json()).includes(slot.key), 'the audit log holds the mask only');
  });

  it('fills a blank slot with a new key', async () => {
    const p = await t.partner();
    const token = await t.session('partner', p.id);
    assert.equal((await t.inject({ method: 'DELETE', url: '/api/v1/keys/live', headers: bearer(token) })).json().cleared, true);
    const r = await rotate('live', bearer(token));
    assert.equal(r.statusCode, 200);
    assert.match(r.json().key, /^svc_live_/);
    assert.equal((await me(r.json().key)).statusCode, 200);
  });

  it('refuses what it must: 422 on an unknown environment, 401 without a session or with a key, 403 for an admin and across environments of a key session', async () => {
    const p = await t.partner();
    const token = await t.session('partner', p.id);
    const bad = await rotate('prod', bearer(token));
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().detail[0].loc, ['path', 'environment']);
    assert.equal((await rotate('test', {})).statusCode, 401);
    assert.equal((await rotate('test', keyHeaders(p))).statusCode, 401);
    const admin = await t.admin();
    assert.equal((await rotate('test', bearer(admin.token))).statusCode, 403);

    const login = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: '10.8.0.1' });
    assert.equal(login.statusCode, 200);
    const other = await rotate('live', bearer(login.json().token));
    assert.equal(other.statusCode, 403);
    assert.equal(other.json().code, 'environment_mismatch');
    assert.equal((await me(p.liveKey)).statusCode, 200, 'nothing changed');
    assert.equal((await me(p.testKey)).statusCode, 200);
  });

  it('refuses a cross-site write that rides on the session cookie', async () => {
    const p = await t.partner();
    const token = await t.session('partner', p.id);
    const r = await rotate('test', { cookie: `svc_session=${token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    assert.equal(r.statusCode, 403);
    assert.equal(r.json().code, 'csrf_rejected');
    assert.equal((await me(p.testKey)).statusCode, 200);
    const same = await rotate('test', { cookie: `svc_session=${token}`, origin: 'http://localhost:8000', 'sec-fetch-site': 'same-origin' });
    assert.equal(same.statusCode, 200);
  });
});
