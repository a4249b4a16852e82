/** A live key works only once an administrator has granted production access. */
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

    // Activation opens the live key on its very next request (its cached resolution is dropped).
    const partnerId = reg.json().partner.id as string;
    const act = await t.inject({ method: 'POST', url: `/api/admin/partners/${partnerId}/activate`, headers: { authorization: `Bearer ${admin.token}` } });
    assert.equal(act.statusCode, 200, act.body);
    const after = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': live }, payload: body });
    assert.equal(after.statusCode, 200, after.body);
    assert.equal(after.json().is_sandbox, false);
  });

  it('key sign-in: a live key before production access opens no session (403 production_not_enabled), the test key does; after activation the live key does', async () => {
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

    const act = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/activate`, headers: { authorization: `Bearer ${admin.token}` } });
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

  it('operator-created partners are production-enabled at once', async () => {
    const p = await t.partner();
    const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': p.liveKey }, payload: { end_user_id: 'u' } });
    assert.equal(res.statusCode, 200);
  });
});
