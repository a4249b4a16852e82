/** A live key works only once an administrator has granted production access. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, type TestApp } from '../helpers/app.js';

describe('live keys before production access', () => {
  let t: TestApp;
  let admin: { token: string };
  before(async () => {
    t = await buildTestApp();
    admin = await t.admin();
  });
  after(() => t.close());

  it('a self-signed-up account: its live key answers 403 everywhere but the sandbox layer (402), its test key works; activation opens it on the next request', async () => {
    const reg = await t.inject({
      method: 'POST',
      url: '/api/auth/partner/register',
      payload: { email: 'newbank@example.com', password: 'a long passphrase 1', company_name: 'New Bank', contact_name: 'Nia Bank' },
    });
    assert.equal(reg.statusCode, 200, reg.body);
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

  it('operator-created partners are production-enabled at once', async () => {
    const p = await t.partner();
    const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': p.liveKey }, payload: { end_user_id: 'u' } });
    assert.equal(res.statusCode, 200);
  });
});
