/** A live key works only once an administrator has granted production access, which is its own operation, apart from suspension. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../src/lib/crypto.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUp } from '../helpers/signup.js';

describe('live keys before production access', () => {
  let t: TestApp;
  let admin: { token: string };
  before(async () => {
    t = await buildTestApp();
    admin = await t.admin();
  });
  after(() => t.close());

  it('a self-signed-up account: its live key answers 403 everywhere but the sandbox layer (402), its test key works; activation opens it on the next request', async () => {
    const reg = await signUp(t, { email: 'newbank@example.com', password: 'a long passphrase 1', company_name: 'New Bank', contact_name: 'Nia Bank' });
    const session = { authorization: `Bearer ${reg.json().token}` };
    const keys = (await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: session })).json() as { environment: string; key: string }[];
    const live = keys.find((k) => k.environment === 'live')!.key;
    const test = keys.find((k) => k.environment === 'test')!.key;
    const secret = (await t.inject({ method: 'GET', url: '/api/v1/secrets', headers: { 'x-api-key': test } })).json().ingest_secret as string;
    const body = { end_user_id: 'u1', cash_balance: 100 };

    const refused = [
      { method: 'POST' as const, url: '/api/v1/calculate/safe-to-spend', payload: body },
      { method: 'POST' as const, url: '/v1/calculate/safe-to-spend', payload: body },
      { method: 'POST' as const, url: '/api/v1/ingest', payload: body, secret: true },
      { method: 'GET' as const, url: '/api/v1/webhooks', secret: true },
      { method: 'GET' as const, url: '/api/v1/reports/usage.csv' },
      { method: 'GET' as const, url: '/api/v1/me' },
    ];
    for (const r of refused) {
      const res = await t.inject({ method: r.method, url: r.url, payload: r.payload, headers: { 'x-api-key': live, ...(r.secret ? { 'x-service-ingest-secret': secret } : {}) } });
      assert.equal(res.statusCode, 403, `${r.method} ${r.url}: ${res.body}`);
      assert.match(res.json().detail, /Production access is not enabled yet/);
      assert.match(res.json().detail, /test key/);
    }
    // The sandbox layer keeps the specification's 402 for it.
    const sandbox = await t.inject({ method: 'POST', url: '/api/v1/link/token/create', headers: { 'x-api-key': live }, payload: { user_id: 'u1' } });
    assert.equal(sandbox.statusCode, 402);
    // The test key works as before. Of the live calls only the sandbox-layer one got past the key
    // guard (and was answered 402); nothing reached an end-user, so nothing is billed.
    const ok = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': test }, payload: body });
    assert.equal(ok.statusCode, 200);
    await t.deps.usage.flush();
    const usage = (await t.inject({ method: 'GET', url: '/api/v1/usage', headers: { 'x-api-key': test } })).json();
    assert.equal(usage.production.calls, 1);
    assert.equal(usage.production.unique_end_users, 0);

    // Enabling production access opens the live key on its very next request (its cached resolution is dropped).
    const partnerId = reg.json().partner.id as string;
    const act = await t.inject({ method: 'POST', url: `/api/admin/partners/${partnerId}/production-access`, headers: { authorization: `Bearer ${admin.token}` }, payload: { enabled: true } });
    assert.equal(act.statusCode, 200, act.body);
    const after = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': live }, payload: body });
    assert.equal(after.statusCode, 200, after.body);
    assert.equal(after.json().is_sandbox, false);
  });

  it('key sign-in: a live key before production access opens no session (403 production_not_enabled), the test key does; after production access is enabled the live key does', async () => {
    const p = await t.partner({ activated: false });
    const keyLogin = (key: string) => t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key }, remoteAddress: '198.51.100.31' });
    const refused = await keyLogin(p.liveKey);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().code, 'production_not_enabled');
    assert.match(refused.json().detail, /Production access is not enabled yet/);
    assert.equal(refused.headers['set-cookie'], undefined, 'no session cookie');
    const sessions = await t.deps.database.db.selectFrom('sessions').select('id').where('subject_id', '=', p.id).execute();
    assert.equal(sessions.length, 0, 'no session row');
    const test = await keyLogin(p.testKey);
    assert.equal(test.statusCode, 200, test.body);
    assert.equal(test.json().partner.id, p.id);

    const act = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/production-access`, headers: { authorization: `Bearer ${admin.token}` }, payload: { enabled: true } });
    assert.equal(act.statusCode, 200, act.body);
    const opened = await keyLogin(p.liveKey);
    assert.equal(opened.statusCode, 200, opened.body);
    const usage = await t.inject({ method: 'GET', url: '/api/partners/me/usage', headers: { authorization: `Bearer ${opened.json().token}` } });
    assert.equal(usage.statusCode, 200, usage.body);
  });

  it('a session opened with a live key before production access (as key sign-in allowed) reads nothing: 403 production_not_enabled', async () => {
    const p = await t.partner({ activated: false });
    // Such a session as the key sign-in used to open it: bound to the live key's slot.
    const token = `sess_${randomBytes(24).toString('hex')}`;
    const now = t.deps.clock.now();
    await t.deps.database.db
      .insertInto('sessions')
      .values({
        id: `ses_live_${randomBytes(6).toString('hex')}`,
        token_hash: sha256Hex(token),
        subject_type: 'partner',
        subject_id: p.id,
        created_at: now,
        expires_at: now + 3_600_000,
        method: 'api_key',
        key_environment: 'live',
        key_hash: sha256Hex(p.liveKey),
        last_used_at: now,
      })
      .execute();
    for (const url of ['/api/partners/me/usage', '/api/partners/me/api-keys', '/api/auth/partner/me']) {
      const r = await t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      assert.equal(r.statusCode, 403, `${url}: ${r.body}`);
      assert.equal(r.json().code, 'production_not_enabled', url);
    }
  });

  const A = () => ({ authorization: `Bearer ${admin.token}` });
  const calc = (key: string) => t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': key }, payload: { end_user_id: 'u' } });
  const access = (id: string, payload: unknown, headers: Record<string, string> = A()) =>
    t.inject({ method: 'POST', url: `/api/admin/partners/${id}/production-access`, headers, payload: payload as object });
  const actions = async (id: string) =>
    ((await t.inject({ method: 'GET', url: `/api/admin/audit-log?target_id=${id}`, headers: A() })).json().items as { action: string; details: { changed: boolean } }[])
      .map((e) => `${e.action} ${e.details.changed}`)
      .reverse();

  it('activating a suspended sandbox-only partner undoes the suspension and nothing else: its live key stays 403 production_not_enabled', async () => {
    const p = await t.partner({ activated: false });
    assert.equal((await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/suspend`, headers: A() })).statusCode, 200);
    assert.equal((await calc(p.testKey)).json().code, 'partner_suspended');
    const a = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/activate`, headers: A() });
    assert.equal(a.statusCode, 200, a.body);
    assert.deepEqual(a.json(), { partner_id: p.id, active: true, production_enabled: false, activated_at: null, changed: true });
    assert.equal((await calc(p.testKey)).statusCode, 200, 'the suspension is undone');
    const live = await calc(p.liveKey);
    assert.equal(live.statusCode, 403, live.body);
    assert.equal(live.json().code, 'production_not_enabled');
    const one = (await t.inject({ method: 'GET', url: `/api/admin/partners/${p.id}`, headers: A() })).json();
    assert.equal(one.production_enabled, false);
    assert.equal(one.activated_at, null);
    assert.deepEqual(await actions(p.id), ['partner.suspend true', 'partner.activate true']);
    // Activating an active partner changes nothing and grants nothing.
    const again = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/activate`, headers: A() });
    assert.deepEqual(again.json(), { partner_id: p.id, active: true, production_enabled: false, activated_at: null, changed: false });
  });

  it('production access is its own operation: enabled and disabled on the next request, each an audit entry, apart from suspension', async () => {
    const p = await t.partner({ activated: false });
    const on = await access(p.id, { enabled: true });
    assert.equal(on.statusCode, 200, on.body);
    assert.equal(on.json().production_enabled, true);
    assert.equal(on.json().active, true);
    assert.equal(on.json().changed, true);
    const since = on.json().activated_at as string;
    assert.ok(since);
    assert.equal((await calc(p.liveKey)).statusCode, 200);
    const twice = await access(p.id, { enabled: true });
    assert.deepEqual(twice.json(), { partner_id: p.id, active: true, production_enabled: true, activated_at: since, changed: false });

    // Suspension and production access do not touch each other.
    await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/suspend`, headers: A() });
    const off = await access(p.id, { enabled: false });
    assert.deepEqual(off.json(), { partner_id: p.id, active: false, production_enabled: false, activated_at: null, changed: true });
    assert.equal((await calc(p.liveKey)).json().code, 'partner_suspended', 'still suspended');
    await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/activate`, headers: A() });
    const refused = await calc(p.liveKey);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().code, 'production_not_enabled', 'disabled on the next request');
    assert.equal((await calc(p.testKey)).statusCode, 200, 'the test key is untouched');
    const back = await access(p.id, { enabled: true });
    assert.equal(back.json().production_enabled, true);
    assert.equal((await calc(p.liveKey)).statusCode, 200);
    assert.deepEqual(await actions(p.id), [
      'partner.production_access.enable true',
      'partner.production_access.enable false',
      'partner.suspend true',
      'partner.production_access.disable true',
      'partner.activate true',
      'partner.production_access.enable true',
    ]);
  });

  it('production-access refuses a bad body, an unknown partner, no session and a partner session', async () => {
    const p = await t.partner({ activated: false });
    for (const payload of [{}, { enabled: 'true' }, { enabled: 1 }, { enabled: null }]) {
      const r = await access(p.id, payload);
      assert.equal(r.statusCode, 422, `${JSON.stringify(payload)}: ${r.body}`);
      assert.deepEqual(r.json().detail[0].loc, ['body', 'enabled']);
    }
    const none = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/production-access`, headers: A() });
    assert.equal(none.statusCode, 422, none.body);
    const unknown = await access('ptr_nobody', { enabled: true });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().code, 'not_found');
    assert.equal((await access(p.id, { enabled: true }, {})).statusCode, 401);
    const partnerSession = await t.session('partner', p.id);
    assert.equal((await access(p.id, { enabled: true }, { authorization: `Bearer ${partnerSession}` })).statusCode, 403);
    assert.equal((await calc(p.liveKey)).json().code, 'production_not_enabled', 'nothing was granted');
  });

  it('operator-created partners are production-enabled at once', async () => {
    const p = await t.partner();
    const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': p.liveKey }, payload: { end_user_id: 'u' } });
    assert.equal(res.statusCode, 200);
  });
});
