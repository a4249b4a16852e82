/**
 * Authorization matrix: every route of the accounts area called with no credential,
 * a wrong one, the other role's, another partner's and a suspended partner's; each
 * must answer its documented status, leak nothing and change nothing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sha256Hex } from '../../src/lib/crypto.js';
import { buildTestApp, PLATFORM_SECRET, type TestApp, type TestPartner } from '../helpers/app.js';

type Kind = 'partnerSession' | 'adminSession' | 'keySecret' | 'platform';
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  kind: Kind;
  payload?: object;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('authorization matrix of the accounts routes', () => {
  let t: TestApp;
  let victim: TestPartner; // the partner whose data the calls aim at
  let other: TestPartner; // another, valid partner
  let suspended: TestPartner;
  let victimSession: string;
  let otherSession: string;
  let suspendedSession: string;
  let admin: { id: string; token: string };
  let routes: Route[];
  let keyId: string;
  /** The id of a second session of the victim and of the admin (the right caller ends it). */
  let victimSpareId: string;
  let adminSpareId: string;

  before(async () => {
    // Hundreds of wrong credentials from one address on purpose: the failed-credential budget has its own tests.
    t = await buildTestApp({ env: { CREDENTIAL_FAILURE_LIMIT: '100000' } });
    victim = await t.partner();
    other = await t.partner();
    suspended = await t.partner();
    victimSession = await t.session('partner', victim.id);
    otherSession = await t.session('partner', other.id);
    suspendedSession = await t.session('partner', suspended.id);
    admin = await t.admin();
    await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', suspended.id).execute();
    keyId = (await t.deps.database.db.selectFrom('api_keys').select('id').where('partner_id', '=', victim.id).where('environment', '=', 'test').executeTakeFirstOrThrow()).id;
    const spareId = async (token: string) =>
      (await t.deps.database.db.selectFrom('sessions').select('id').where('token_hash', '=', sha256Hex(token)).executeTakeFirstOrThrow()).id;
    victimSpareId = await spareId(await t.session('partner', victim.id));
    adminSpareId = await spareId(await t.session('admin', admin.id));
    const v = victim.id;
    routes = [
      { method: 'GET', url: '/api/auth/partner/me', kind: 'partnerSession' },
      { method: 'POST', url: '/api/auth/partner/logout', kind: 'partnerSession' },
      { method: 'GET', url: '/api/partners/me/api-keys', kind: 'partnerSession' },
      { method: 'PUT', url: '/api/partners/me/api-keys/test', kind: 'partnerSession', payload: { key: 'matrix-pasted-key-1' } },
      { method: 'POST', url: '/api/partners/me/api-keys/test/expire-previous', kind: 'partnerSession' },
      { method: 'PUT', url: '/api/v1/keys', kind: 'partnerSession', payload: { key: 'matrix-pasted-key-2', environment: 'live' } },
      { method: 'PUT', url: '/v1/keys', kind: 'partnerSession', payload: { key: 'matrix-pasted-key-3', environment: 'test' } },
      { method: 'DELETE', url: '/api/v1/keys/test', kind: 'partnerSession' },
      { method: 'DELETE', url: '/v1/keys/live', kind: 'partnerSession' },
      { method: 'GET', url: '/api/auth/partner/sessions', kind: 'partnerSession' },
      { method: 'DELETE', url: `/api/auth/partner/sessions/${victimSpareId}`, kind: 'partnerSession' },
      { method: 'POST', url: '/api/auth/partner/sessions/revoke-others', kind: 'partnerSession' },
      { method: 'POST', url: '/api/partners/me/ingest-secret/rotate', kind: 'partnerSession', payload: { grace_hours: 1 } },
      { method: 'GET', url: '/api/auth/admin/me', kind: 'adminSession' },
      { method: 'POST', url: '/api/auth/admin/logout', kind: 'adminSession' },
      { method: 'GET', url: '/api/auth/admin/sessions', kind: 'adminSession' },
      { method: 'DELETE', url: `/api/auth/admin/sessions/${adminSpareId}`, kind: 'adminSession' },
      { method: 'POST', url: '/api/auth/admin/sessions/revoke-others', kind: 'adminSession' },
      { method: 'GET', url: '/api/admin/partners', kind: 'adminSession' },
      { method: 'POST', url: `/api/admin/partners/${v}/suspend`, kind: 'adminSession' },
      { method: 'POST', url: `/api/admin/partners/${v}/activate`, kind: 'adminSession' },
      { method: 'POST', url: `/api/admin/partners/${v}/production-access`, kind: 'adminSession', payload: { enabled: true } },
      { method: 'DELETE', url: `/api/admin/partners/${v}`, kind: 'adminSession' },
      { method: 'POST', url: `/api/admin/partners/${v}/clear-key?environment=test`, kind: 'adminSession' },
      { method: 'POST', url: `/api/admin/partners/${v}/regenerate-key?environment=live`, kind: 'adminSession' },
      { method: 'GET', url: '/api/admin/external-keys', kind: 'adminSession' },
      { method: 'POST', url: '/api/admin/external-keys', kind: 'adminSession', payload: { key: 'matrix-external-key', environment: 'test', partner_id: v } },
      { method: 'DELETE', url: `/api/admin/external-keys/${keyId}`, kind: 'adminSession' },
      { method: 'GET', url: '/api/admin/ingest-secret', kind: 'adminSession' },
      { method: 'GET', url: '/api/admin/audit-log', kind: 'adminSession' },
      { method: 'POST', url: `/api/admin/partners/${v}/rotate-ingest-secret`, kind: 'adminSession' },
      { method: 'POST', url: '/api/v1/key/rotate', kind: 'keySecret', payload: { key_type: 'sandbox' } },
      { method: 'POST', url: '/v1/key/rotate', kind: 'keySecret', payload: { key_type: 'production' } },
      { method: 'POST', url: '/api/v1/secrets/rotate', kind: 'keySecret', payload: { grace_hours: 2 } },
      { method: 'POST', url: '/v1/secrets/rotate', kind: 'keySecret' },
      { method: 'POST', url: '/api/v1/admin/keys/sync', kind: 'platform', payload: { key: 'matrix-synced-key', environment: 'test', partner_id: v } },
      { method: 'POST', url: '/api/v1/admin/keys/bulk-sync', kind: 'platform', payload: { keys: [{ key: 'matrix-synced-key', environment: 'test', partner_id: v }] } },
      { method: 'DELETE', url: `/api/v1/admin/keys/${victim.testKey}`, kind: 'platform' },
      { method: 'PUT', url: `/api/v1/admin/partners/by-email/${victim.email}`, kind: 'platform', payload: { partner_company_name: 'Taken Over' } },
    ];
  });
  after(() => t.close());

  const snapshot = async () => {
    const db = t.deps.database.db;
    return JSON.stringify([
      await db.selectFrom('partners').selectAll().orderBy('id').execute(),
      await db.selectFrom('api_keys').selectAll().orderBy('id').execute(),
      await db.selectFrom('sessions').selectAll().orderBy('id').execute(),
    ]);
  };

  /** What each kind of caller must get on each kind of route. */
  function expected(kind: Kind, caller: string): number {
    const table: Record<Kind, Record<string, number>> = {
      partnerSession: { none: 401, wrongToken: 401, garbageCookie: 401, adminSession: 403, apiKey: 401, platformSecret: 401, suspendedSession: 403 },
      adminSession: { none: 401, wrongToken: 401, garbageCookie: 401, partnerSession: 403, apiKey: 401, platformSecret: 401, suspendedSession: 403 },
      keySecret: { none: 401, wrongToken: 401, partnerSession: 401, adminSession: 401, keyOnly: 401, otherPartnersSecret: 401, platformSecret: 401, suspendedKey: 403 },
      platform: { none: 401, wrongToken: 401, partnerSession: 401, adminSession: 401, apiKey: 401, partnerIngestSecret: 401 },
    };
    return table[kind][caller];
  }

  function callers(kind: Kind): Record<string, Record<string, string>> {
    const c: Record<string, Record<string, string>> = {
      none: {},
      wrongToken: bearer('sess_thisIsNotAValidSessionTokenAtAll0000000'),
      garbageCookie: { cookie: 'svc_session=sess_forgedforgedforged' },
      adminSession: bearer(admin.token),
      partnerSession: bearer(victimSession),
      apiKey: { 'x-api-key': victim.testKey },
      platformSecret: { 'x-service-ingest-secret': PLATFORM_SECRET },
      suspendedSession: bearer(suspendedSession),
      keyOnly: { 'x-api-key': victim.testKey },
      otherPartnersSecret: { 'x-api-key': victim.testKey, 'x-service-ingest-secret': other.ingestSecret },
      suspendedKey: { 'x-api-key': suspended.testKey, 'x-service-ingest-secret': suspended.ingestSecret },
      partnerIngestSecret: { 'x-service-ingest-secret': victim.ingestSecret },
    };
    return Object.fromEntries(Object.entries(c).filter(([name]) => expected(kind, name) !== undefined));
  }

  it('every route refuses every wrong caller with its documented status, leaks nothing, changes nothing', async () => {
    const before = await snapshot();
    let calls = 0;
    for (const route of routes) {
      for (const [name, headers] of Object.entries(callers(route.kind))) {
        // Signing out is allowed to a suspended partner (it only removes access): sessions.test.ts covers it.
        if (route.url === '/api/auth/partner/logout' && name === 'suspendedSession') continue;
        const res = await t.inject({ method: route.method, url: route.url, headers, ...(route.payload ? { payload: route.payload } : {}) });
        const want = expected(route.kind, name);
        assert.equal(res.statusCode, want, `${route.method} ${route.url} as ${name}: ${res.body}`);
        const body = res.json();
        assert.deepEqual(Object.keys(body), ['detail', 'code'], `${route.method} ${route.url} as ${name}`);
        if (want === 403 && name.startsWith('suspended') && route.kind !== 'adminSession') assert.equal(body.detail, 'partner suspended');
        for (const secret of [victim.testKey, victim.liveKey, victim.ingestSecret, PLATFORM_SECRET]) {
          assert.ok(!res.body.includes(secret), `${route.method} ${route.url} as ${name} leaks a secret`);
        }
        calls++;
      }
    }
    assert.ok(calls > 150, `${calls} calls`);
    assert.equal(await snapshot(), before, 'no refused call changed anything');
  });

  it("another partner's session only ever sees and changes its own keys", async () => {
    const before = await t.deps.database.db.selectFrom('api_keys').selectAll().where('partner_id', '=', victim.id).orderBy('id').execute();
    const list = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(otherSession) });
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(victim.testKey) && !list.body.includes(victim.liveKey) && !list.body.includes(victim.id));
    const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(otherSession) });
    assert.equal(me.json().id, other.id);
    // Writing the victim's key into its own slot is refused (409), clearing clears its own slot only.
    const steal = await t.inject({ method: 'PUT', url: '/api/v1/keys', headers: bearer(otherSession), payload: { key: victim.testKey } });
    assert.equal(steal.statusCode, 409);
    const steal2 = await t.inject({ method: 'PUT', url: '/api/partners/me/api-keys/live', headers: bearer(otherSession), payload: { key: victim.liveKey } });
    assert.equal(steal2.statusCode, 409);
    const clear = await t.inject({ method: 'DELETE', url: '/api/v1/keys/test', headers: bearer(otherSession) });
    assert.equal(clear.json().partner_id, other.id);
    // Rotating with another partner's key rotates that partner only.
    const rot = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: { 'x-api-key': other.liveKey, 'x-service-ingest-secret': other.ingestSecret }, payload: { key_type: 'production' } });
    assert.equal(rot.statusCode, 200);
    const after = await t.deps.database.db.selectFrom('api_keys').selectAll().where('partner_id', '=', victim.id).orderBy('id').execute();
    assert.deepEqual(after, before);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': victim.testKey } })).statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': other.liveKey } })).statusCode, 401);
  });

  it('the right caller gets through on every route (so the refusals above are not an accident)', async () => {
    const good = (): Record<Kind, Record<string, string>> => ({
      partnerSession: bearer(victimSession),
      adminSession: bearer(admin.token),
      keySecret: { 'x-api-key': victim.testKey, 'x-service-ingest-secret': victim.ingestSecret },
      platform: { 'x-service-ingest-secret': PLATFORM_SECRET },
    });
    // Order matters for the destructive ones: run reads first, logout/delete last.
    const rank = (r: Route) =>
      r.url === '/api/auth/admin/logout' ? 3 : r.method === 'DELETE' && r.url.startsWith('/api/admin/partners/') ? 2 : r.url === '/api/auth/partner/logout' ? 1 : 0;
    for (const route of [...routes].sort((a, b) => rank(a) - rank(b))) {
      const headers = { ...good()[route.kind] };
      if (route.kind === 'keySecret') {
        // The key and the secret change at each rotation: take the current key of the slot being rotated (a key
        // acts only in its own environment; the secret is rotated with the live key) and the current secret.
        const env = (route.payload as { key_type?: string } | undefined)?.key_type === 'production' || route.url.endsWith('/secrets/rotate') ? 'live' : 'test';
        const keys = (await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(victimSession) })).json() as { environment: string; key: string }[];
        const k = keys.find((x) => x.environment === env);
        if (k) headers['x-api-key'] = k.key;
        else {
          const g = await t.inject({ method: 'POST', url: `/api/admin/partners/${victim.id}/regenerate-key?environment=${env}`, headers: bearer(admin.token) });
          headers['x-api-key'] = g.json().key;
        }
        headers['x-service-ingest-secret'] = (await t.inject({ method: 'GET', url: '/api/v1/secrets', headers: { 'x-api-key': headers['x-api-key'] } })).json().ingest_secret;
      }
      const res = await t.inject({ method: route.method, url: route.url, headers, ...(route.payload ? { payload: route.payload } : {}) });
      // Suspension ends every session of the partner: the portal routes after it need a new one.
      if (route.url.endsWith('/suspend')) victimSession = await t.session('partner', victim.id);
      assert.ok([200, 201, 404, 409].includes(res.statusCode), `${route.method} ${route.url}: ${res.statusCode} ${res.body}`);
      if (res.statusCode === 404) assert.ok(/external-keys|admin\/keys/.test(route.url), `${route.url} 404`);
    }
  });
});
