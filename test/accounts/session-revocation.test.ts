/**
 * Sessions follow the credential that opened them, and the account sees and ends them:
 * a key-opened session ends with any change of its key slot (on every process), suspension
 * ends every session, the session list and its revocations, the cap of live sessions, and
 * the suspended account's sign-in that answers the same whatever the password.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Deps } from '../../src/context.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { hashPassword, randomBase62, sha256Hex } from '../../src/lib/crypto.js';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const PASSWORD = 'revocation-password-1';
const ADMIN_PASSWORD = 'admin-password-1';
type Env = 'test' | 'live';

/** What every helper of this file needs of a test app. */
function helpers(t: () => TestApp) {
  let ip = 0;
  // Each sign-in from its own address, so the per-address lockout never interferes.
  const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  return {
    nextIp,
    async partner(): Promise<TestPartner> {
      return t().partner({ passwordHash: await hashPassword(PASSWORD) });
    },
    async keySession(key: string, headers: Record<string, string> = {}): Promise<string> {
      const r = await t().inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key }, headers, remoteAddress: nextIp() });
      assert.equal(r.statusCode, 200, r.body);
      return r.json().token;
    },
    async passwordSession(p: { email: string }, headers: Record<string, string> = {}, remoteAddress = nextIp()): Promise<string> {
      const r = await t().inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: p.email, password: PASSWORD }, headers, remoteAddress });
      assert.equal(r.statusCode, 200, r.body);
      return r.json().token;
    },
    async adminSession(email: string, headers: Record<string, string> = {}): Promise<string> {
      const r = await t().inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email, password: ADMIN_PASSWORD }, headers, remoteAddress: nextIp() });
      assert.equal(r.statusCode, 200, r.body);
      return r.json().token;
    },
    /** Whether a session row exists for the token (the eager deletion leaves none behind). */
    async stored(token: string): Promise<boolean> {
      const row = await t().deps.database.db.selectFrom('sessions').select('id').where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
      return row !== undefined;
    },
    async sessionId(token: string): Promise<string> {
      return (await t().deps.database.db.selectFrom('sessions').select('id').where('token_hash', '=', sha256Hex(token)).executeTakeFirstOrThrow()).id;
    },
  };
}

/** 401 session_expired on the portal's key list and on `me`: the session is gone. */
async function assertEnded(t: TestApp, token: string, label: string): Promise<void> {
  const keys = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) });
  assert.equal(keys.statusCode, 401, `${label}: ${keys.body}`);
  assert.equal(keys.json().code, 'session_expired', label);
  const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) });
  assert.equal(me.statusCode, 401, label);
}

async function assertAlive(t: TestApp, token: string, label: string): Promise<void> {
  const keys = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) });
  assert.equal(keys.statusCode, 200, `${label}: ${keys.body}`);
}

describe('a session opened with an API key is bound to that key', () => {
  let t: TestApp;
  let adminToken: string;
  const h = helpers(() => t);
  before(async () => {
    t = await buildTestApp();
    adminToken = (await t.admin()).token;
  });
  after(() => t.close());

  const slotId = async (partnerId: string, env: Env) =>
    (await t.deps.database.db.selectFrom('api_keys').select('id').where('partner_id', '=', partnerId).where('environment', '=', env).executeTakeFirstOrThrow()).id;
  const newKey = (env: Env) => `svc_${env}_${randomBase62(32)}`;
  const platform = { 'x-service-ingest-secret': PLATFORM_SECRET };

  /** Every way a key slot changes; `pw` is a password session of the partner. */
  const changes: { name: string; env: Env; change: (p: TestPartner, pw: string) => Promise<LightMyRequestResponse> }[] = [
    {
      name: 'POST /api/v1/key/rotate (sandbox)',
      env: 'test',
      change: (p) => t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p, { secret: true }), payload: { key_type: 'sandbox' } }),
    },
    {
      name: 'POST /v1/key/rotate (production)',
      env: 'live',
      change: (p) => t.inject({ method: 'POST', url: '/v1/key/rotate', headers: keyHeaders(p, { env: 'live', secret: true }), payload: { key_type: 'production' } }),
    },
    { name: 'DELETE /api/v1/keys/test', env: 'test', change: (_p, pw) => t.inject({ method: 'DELETE', url: '/api/v1/keys/test', headers: bearer(pw) }) },
    { name: 'DELETE /v1/keys/live', env: 'live', change: (_p, pw) => t.inject({ method: 'DELETE', url: '/v1/keys/live', headers: bearer(pw) }) },
    {
      name: 'admin clear-key',
      env: 'live',
      change: (p) => t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/clear-key?environment=live`, headers: bearer(adminToken) }),
    },
    {
      name: 'admin regenerate-key',
      env: 'test',
      change: (p) => t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/regenerate-key?environment=test`, headers: bearer(adminToken) }),
    },
    {
      name: 'portal paste (PUT /api/partners/me/api-keys/test)',
      env: 'test',
      change: (_p, pw) => t.inject({ method: 'PUT', url: '/api/partners/me/api-keys/test', headers: bearer(pw), payload: { key: newKey('test') } }),
    },
    {
      name: 'portal paste (PUT /api/v1/keys)',
      env: 'live',
      change: (_p, pw) => t.inject({ method: 'PUT', url: '/api/v1/keys', headers: bearer(pw), payload: { key: newKey('live') } }),
    },
    {
      name: 'platform key sync',
      env: 'test',
      change: (p) => t.inject({ method: 'POST', url: '/api/v1/admin/keys/sync', headers: platform, payload: { key: newKey('test'), environment: 'test', partner_id: p.id } }),
    },
    {
      name: 'platform bulk key sync',
      env: 'live',
      change: (p) =>
        t.inject({ method: 'POST', url: '/api/v1/admin/keys/bulk-sync', headers: platform, payload: { keys: [{ key: newKey('live'), environment: 'live', partner_id: p.id }] } }),
    },
    { name: 'platform delete by value', env: 'test', change: (p) => t.inject({ method: 'DELETE', url: `/api/v1/admin/keys/${p.testKey}`, headers: platform }) },
    {
      name: 'admin external key (POST /api/admin/external-keys)',
      env: 'live',
      change: (p) => t.inject({ method: 'POST', url: '/api/admin/external-keys', headers: bearer(adminToken), payload: { key: newKey('live'), environment: 'live', partner_id: p.id } }),
    },
    {
      name: 'admin external key removal (DELETE /api/admin/external-keys/{id})',
      env: 'test',
      change: async (p) => t.inject({ method: 'DELETE', url: `/api/admin/external-keys/${await slotId(p.id, 'test')}`, headers: bearer(adminToken) }),
    },
  ];

  for (const c of changes) {
    it(`${c.name}: the ${c.env} key's sessions end at once; password sessions and the other key's sessions stay`, async () => {
      const p = await h.partner();
      const other: Env = c.env === 'test' ? 'live' : 'test';
      const keyToken = await h.keySession(c.env === 'test' ? p.testKey : p.liveKey);
      const keyToken2 = await h.keySession(c.env === 'test' ? p.testKey : p.liveKey);
      const otherKeyToken = await h.keySession(other === 'test' ? p.testKey : p.liveKey);
      const pw = await h.passwordSession(p);
      await assertAlive(t, keyToken, 'before the change');

      const res = await c.change(p, pw);
      assert.ok(res.statusCode === 200 || res.statusCode === 201, `${c.name}: ${res.statusCode} ${res.body}`);

      // Ended in the change's own transaction, before any request presents them.
      assert.equal(await h.stored(keyToken), false, 'the session row is gone');
      assert.equal(await h.stored(keyToken2), false);
      await assertEnded(t, keyToken, c.name);
      await assertEnded(t, keyToken2, c.name);
      const list = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(pw) });
      assert.equal(list.json().count, 2, 'the password session and the other key session are left');
      await assertAlive(t, pw, 'the password session');
      await assertAlive(t, otherKeyToken, `the ${other} key's session`);
    });
  }

  it('the same key pasted again into its slot changes nothing and ends nothing', async () => {
    const p = await h.partner();
    const keyToken = await h.keySession(p.testKey);
    const pw = await h.passwordSession(p);
    const same = await t.inject({ method: 'PUT', url: '/api/partners/me/api-keys/test', headers: bearer(pw), payload: { key: p.testKey } });
    assert.equal(same.statusCode, 200, same.body);
    await assertAlive(t, keyToken, 'same value, same slot');
  });

  it("the guard checks the binding itself: a slot changed behind the service's back ends the session, which is deleted", async () => {
    const p = await h.partner();
    const keyToken = await h.keySession(p.liveKey);
    await t.deps.database.db.updateTable('api_keys').set({ key_hash: sha256Hex(newKey('live')) }).where('partner_id', '=', p.id).where('environment', '=', 'live').execute();
    assert.equal(await h.stored(keyToken), true);
    const r = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(keyToken) });
    assert.equal(r.statusCode, 401);
    assert.deepEqual(Object.keys(r.json()), ['detail', 'code']);
    assert.equal(r.json().code, 'session_expired');
    assert.equal(await h.stored(keyToken), false, 'deleted when found unbound');
    // Nor is such a session listed meanwhile.
    const k2 = await h.keySession(p.testKey);
    await t.deps.database.db.updateTable('api_keys').set({ key_hash: null }).where('partner_id', '=', p.id).where('environment', '=', 'test').execute();
    const pw = await h.passwordSession(p);
    const list = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(pw) });
    assert.deepEqual(list.json().items.map((s: { method: string }) => s.method), ['password']);
    await assertEnded(t, k2, 'cleared behind the back');
  });

  it('a key change on one process ends the session on another process at once (no cache to invalidate)', async () => {
    // A second instance of the service on the same database, as a second server process would be.
    const deps2: Deps = createDeps(t.config, { log: createLogger(t.config), poolSize: 2 });
    await deps2.start({ workers: false });
    let app2: FastifyInstance | null = null;
    try {
      app2 = await buildApp(deps2);
      await app2.ready();
      const on2 = (opts: InjectOptions) => app2!.inject(opts);
      const p = await h.partner();
      const keyToken = await h.keySession(p.testKey);
      assert.equal((await on2({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(keyToken) })).statusCode, 200);
      const rot = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p, { secret: true }), payload: { key_type: 'sandbox' } });
      assert.equal(rot.statusCode, 200, rot.body);
      const after = await on2({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(keyToken) });
      assert.equal(after.statusCode, 401, after.body);
      // And the other way round: a paste through the second process ends a session the first one serves.
      const k2 = await h.keySession(rot.json().new_key);
      const pw = await h.passwordSession(p);
      const paste = await on2({ method: 'PUT', url: '/api/v1/keys', headers: bearer(pw), payload: { key: newKey('test') } });
      assert.equal(paste.statusCode, 200, paste.body);
      await assertEnded(t, k2, 'pasted on the other process');
    } finally {
      if (app2) await app2.close();
      await deps2.close();
    }
  });
});

describe('suspension ends every session of the partner', () => {
  let t: TestApp;
  let adminToken: string;
  const h = helpers(() => t);
  before(async () => {
    t = await buildTestApp();
    adminToken = (await t.admin()).token;
  });
  after(() => t.close());

  it('sessions opened before a suspension are gone after it and stay gone after activation', async () => {
    const p = await h.partner();
    const bystander = await h.partner();
    const pw = await h.passwordSession(p);
    const key = await h.keySession(p.liveKey);
    const theirs = await h.passwordSession(bystander);
    const s = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/suspend`, headers: bearer(adminToken) });
    assert.equal(s.statusCode, 200, s.body);
    for (const token of [pw, key]) {
      assert.equal(await h.stored(token), false);
      const r = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) });
      assert.ok(r.statusCode === 401 || r.statusCode === 403, r.body);
    }
    const audit = await t.inject({ method: 'GET', url: `/api/admin/audit-log?target_id=${p.id}&action=partner.suspend`, headers: bearer(adminToken) });
    assert.equal(audit.json().items[0].details.sessions_ended, 2);
    // While suspended, no sign-in opens a new one.
    const byPw = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: p.email, password: PASSWORD }, remoteAddress: h.nextIp() });
    assert.equal(byPw.statusCode, 403);
    const byKey = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: h.nextIp() });
    assert.equal(byKey.statusCode, 403);

    const a = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/activate`, headers: bearer(adminToken) });
    assert.equal(a.statusCode, 200, a.body);
    await assertEnded(t, pw, 'after activation');
    await assertEnded(t, key, 'after activation');
    await assertAlive(t, theirs, "another partner's session");
    // Signing in again works.
    await assertAlive(t, await h.passwordSession(p), 'a new session after activation');
  });
});

describe('the account lists and ends its own sessions', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-04-01T08:00:00Z'));
  const h = helpers(() => t);
  before(async () => {
    t = await buildTestApp({ clock, env: { PUBLIC_BASE_URL: 'https://portal.svc.example' } });
  });
  after(() => t.close());

  it('lists the live sessions newest first, with how and from where each was opened, and never a token', async () => {
    const p = await h.partner();
    const first = await h.passwordSession(p, { 'user-agent': 'Portal/1.0 (first)' }, '10.5.0.1');
    clock.advance(1000);
    const second = await h.keySession(p.testKey, { 'user-agent': 'curl/8.5.0' });
    clock.advance(1000);
    const third = await h.passwordSession(p, {}, '2001:db8::7');
    // The member's session lists its own sessions and the key-opened ones.
    const res = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(first) });
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.equal(b.count, 3);
    assert.deepEqual(Object.keys(b.items[0]).sort(), ['created_at', 'current', 'expires_at', 'id', 'ip_address', 'key_environment', 'last_used_at', 'method', 'user_agent']);
    assert.deepEqual(b.items.map((s: { id: string }) => s.id), [await h.sessionId(third), await h.sessionId(second), await h.sessionId(first)]);
    assert.deepEqual(b.items.map((s: { current: boolean }) => s.current), [false, false, true]);
    assert.deepEqual(b.items.map((s: { method: string }) => s.method), ['password', 'api_key', 'password']);
    assert.deepEqual(b.items.map((s: { key_environment: string | null }) => s.key_environment), [null, 'test', null]);
    assert.deepEqual(b.items.map((s: { ip_address: string }) => s.ip_address), ['2001:db8::7', b.items[1].ip_address, '10.5.0.1']);
    // light-my-request names itself when no User-Agent is given.
    assert.deepEqual(b.items.map((s: { user_agent: string | null }) => s.user_agent), ['lightMyRequest', 'curl/8.5.0', 'Portal/1.0 (first)']);
    const oldest = b.items[2];
    assert.equal(oldest.created_at, new Date(clock.now() - 2000).toISOString());
    assert.equal(oldest.expires_at, new Date(clock.now() - 2000 + 12 * 3_600_000).toISOString());
    for (const token of [first, second, third]) {
      assert.ok(!res.body.includes(token), 'no token');
      assert.ok(!res.body.includes(sha256Hex(token)), 'no token hash');
    }
    assert.ok(!res.body.includes(p.testKey) && !res.body.includes(sha256Hex(p.testKey)), 'nothing of the key');
    // Another account's sessions are not listed.
    const q = await h.partner();
    await h.passwordSession(q);
    const again = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(first) });
    assert.equal(again.json().count, 3);
  });

  it('keeps the opening User-Agent printable and short', async () => {
    const p = await h.partner();
    const ua = 'Evil\u0007Agent\t/1.0 \u202egnp.exe ' + 'x'.repeat(400);
    const token = await h.passwordSession(p, { 'user-agent': ua });
    const item = (await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(token) })).json().items[0];
    assert.equal(item.user_agent.length, 256);
    assert.ok(item.user_agent.startsWith('EvilAgent/1.0 gnp.exe xxx'), item.user_agent);
    assert.doesNotMatch(item.user_agent, /[\p{Cc}\u202e]/u);
    // Nothing printable left: none recorded.
    const blank = await h.passwordSession(p, { 'user-agent': '\u0001\u0002 \u200b' });
    const items = (await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(blank) })).json().items;
    assert.equal(items.find((s: { current: boolean }) => s.current).user_agent, null);
  });

  it('records the last use at most once a minute', async () => {
    const p = await h.partner();
    const token = await h.passwordSession(p);
    const opened = clock.now();
    const lastUsed = async () =>
      Number((await t.deps.database.db.selectFrom('sessions').select('last_used_at').where('token_hash', '=', sha256Hex(token)).executeTakeFirstOrThrow()).last_used_at);
    assert.equal(await lastUsed(), opened, 'opening is a use');
    clock.advance(30_000);
    await assertAlive(t, token, '30 s later');
    assert.equal(await lastUsed(), opened, 'not written again within the minute');
    clock.advance(30_000);
    await assertAlive(t, token, 'a minute later');
    assert.equal(await lastUsed(), opened + 60_000);
    clock.advance(1_000);
    const list = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(token) });
    assert.equal(list.json().items[0].last_used_at, new Date(opened + 60_000).toISOString());
    // A refused request (a partner session on an admin route) is not a use.
    clock.advance(120_000);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(token) })).statusCode, 403);
    assert.equal(await lastUsed(), opened + 60_000);
  });

  it('ends one session by id; 404 for anything that is not one of the live sessions of this account', async () => {
    const p = await h.partner();
    const q = await h.partner();
    const mine = await h.passwordSession(p);
    const victim = await h.passwordSession(p);
    const theirs = await h.passwordSession(q);
    const victimId = await h.sessionId(victim);
    const del = await t.inject({ method: 'DELETE', url: `/api/auth/partner/sessions/${victimId}`, headers: bearer(mine) });
    assert.equal(del.statusCode, 200, del.body);
    assert.deepEqual(del.json(), { revoked: true, session_id: victimId, current: false });
    assert.equal(del.headers['set-cookie'], undefined, 'another session ended: the cookie stays');
    await assertEnded(t, victim, 'revoked');
    await assertAlive(t, mine, 'the revoking session');

    // Another account's session: 404, and it still works.
    const theirsId = await h.sessionId(theirs);
    const cross = await t.inject({ method: 'DELETE', url: `/api/auth/partner/sessions/${theirsId}`, headers: bearer(mine) });
    assert.equal(cross.statusCode, 404);
    assert.equal(cross.json().code, 'not_found');
    await assertAlive(t, theirs, "the other account's session");
    // Already ended, unknown, or expired: 404.
    const gone = await t.inject({ method: 'DELETE', url: `/api/auth/partner/sessions/${victimId}`, headers: bearer(mine) });
    assert.equal(gone.statusCode, 404);
    const unknown = await t.inject({ method: 'DELETE', url: '/api/auth/partner/sessions/ses_nothing', headers: bearer(mine) });
    assert.equal(unknown.statusCode, 404);
    const stale = await h.passwordSession(p);
    const staleId = await h.sessionId(stale);
    await t.deps.database.db.updateTable('sessions').set({ expires_at: clock.now() - 1 }).where('id', '=', staleId).execute();
    assert.equal((await t.inject({ method: 'DELETE', url: `/api/auth/partner/sessions/${staleId}`, headers: bearer(mine) })).statusCode, 404);
    // A bad id is 422.
    const long = await t.inject({ method: 'DELETE', url: `/api/auth/partner/sessions/${'x'.repeat(121)}`, headers: bearer(mine) });
    assert.equal(long.statusCode, 422);
    assert.deepEqual(long.json().detail[0].loc, ['path', 'session_id']);
    // Audited, with the session id only.
    const row = await t.deps.database.db.selectFrom('audit_log').select(['details', 'actor_type', 'actor_id']).where('action', '=', 'session.revoke').where('target_id', '=', p.id).executeTakeFirstOrThrow();
    assert.equal(row.actor_type, 'partner');
    assert.equal(JSON.parse(row.details).session_id, victimId);
  });

  it('ending the current session signs out: 200, the cookie is cleared, the token stops working', async () => {
    const p = await h.partner();
    const token = await h.passwordSession(p);
    const other = await h.passwordSession(p);
    const res = await t.inject({ method: 'DELETE', url: `/api/auth/partner/sessions/${await h.sessionId(token)}`, headers: { cookie: `svc_session=${token}` } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().current, true);
    const setCookie = String(res.headers['set-cookie']);
    assert.match(setCookie, /svc_session=;/);
    await assertEnded(t, token, 'the current session');
    await assertAlive(t, other, 'the other session');
  });

  it('revoke-others ends every other session, answers how many, and keeps the current one', async () => {
    const p = await h.partner();
    const current = await h.passwordSession(p);
    const others = [await h.passwordSession(p), await h.keySession(p.testKey), await h.keySession(p.liveKey)];
    const expired = await h.passwordSession(p);
    await t.deps.database.db.updateTable('sessions').set({ expires_at: clock.now() - 1 }).where('token_hash', '=', sha256Hex(expired)).execute();
    const theirs = await h.passwordSession(await h.partner());
    const res = await t.inject({ method: 'POST', url: '/api/auth/partner/sessions/revoke-others', headers: bearer(current) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { revoked: 3 });
    for (const token of others) await assertEnded(t, token, 'another session');
    await assertAlive(t, current, 'the current session');
    await assertAlive(t, theirs, "another account's session");
    const again = await t.inject({ method: 'POST', url: '/api/auth/partner/sessions/revoke-others', headers: bearer(current) });
    assert.deepEqual(again.json(), { revoked: 0 });
    const list = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(current) });
    assert.equal(list.json().count, 1);
  });

  it('a session opened with a key lists and ends the key-opened sessions of its account, never a member\'s', async () => {
    const p = await h.partner();
    const pw = await h.passwordSession(p);
    const key = await h.keySession(p.testKey);
    const otherKey = await h.keySession(p.liveKey);
    const list = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(key) });
    assert.equal(list.statusCode, 200);
    assert.equal(list.json().count, 2);
    const res = await t.inject({ method: 'DELETE', url: `/api/auth/partner/sessions/${await h.sessionId(pw)}`, headers: bearer(key) });
    assert.equal(res.statusCode, 404, 'the owner member\'s session is not the key session\'s to end');
    await assertAlive(t, pw, 'the member session');
    const others = await t.inject({ method: 'POST', url: '/api/auth/partner/sessions/revoke-others', headers: bearer(key) });
    assert.deepEqual(others.json(), { revoked: 1 });
    await assertEnded(t, otherKey, 'the other key-opened session');
    await assertAlive(t, pw, 'the member session');
  });

  it('keeps at most 20 live sessions per account: the 21st ends the oldest', async () => {
    const p = await h.partner();
    const tokens: string[] = [];
    for (let i = 0; i < 21; i++) {
      tokens.push(await h.passwordSession(p));
      clock.advance(1);
    }
    await assertEnded(t, tokens[0], 'the oldest');
    for (const token of [tokens[1], tokens[20]]) await assertAlive(t, token, 'a newer one');
    const list = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(tokens[20]) });
    assert.equal(list.json().count, 20);
    // Expired sessions do not count toward the cap.
    await t.deps.database.db.updateTable('sessions').set({ expires_at: clock.now() - 1 }).where('token_hash', 'in', tokens.slice(1, 11).map(sha256Hex)).execute();
    const more = [await h.passwordSession(p), await h.passwordSession(p)];
    for (const token of [tokens[11], ...more]) await assertAlive(t, token, 'within the cap');
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(more[1]) })).json().count, 12);
  });

  it('refuses cross-site cookie writes (403) but answers cross-site cookie reads', async () => {
    const p = await h.partner();
    const token = await h.passwordSession(p);
    const other = await h.passwordSession(p);
    const cross = { cookie: `svc_session=${token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const del = await t.inject({ method: 'DELETE', url: `/api/auth/partner/sessions/${await h.sessionId(other)}`, headers: cross });
    assert.equal(del.statusCode, 403);
    assert.equal(del.json().code, 'csrf_rejected');
    const rev = await t.inject({ method: 'POST', url: '/api/auth/partner/sessions/revoke-others', headers: cross });
    assert.equal(rev.statusCode, 403);
    assert.equal(rev.json().code, 'csrf_rejected');
    await assertAlive(t, other, 'nothing ended');
    const list = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: cross });
    assert.equal(list.statusCode, 200);
    // The portal's own origin passes.
    const own = await t.inject({
      method: 'POST',
      url: '/api/auth/partner/sessions/revoke-others',
      headers: { cookie: `svc_session=${token}`, origin: 'https://portal.svc.example', 'sec-fetch-site': 'same-origin' },
    });
    assert.deepEqual(own.json(), { revoked: 1 });
  });

  it('administrators have the same three operations over their own sessions, apart from partners', async () => {
    const a = await t.admin();
    const b = await t.admin();
    const first = await h.adminSession(a.email, { 'user-agent': 'Console/2' });
    const second = await h.adminSession(a.email);
    const bTok = await h.adminSession(b.email);
    const p = await h.partner();
    const partnerTok = await h.passwordSession(p);

    const list = await t.inject({ method: 'GET', url: '/api/auth/admin/sessions', headers: bearer(second) });
    assert.equal(list.statusCode, 200, list.body);
    // The helper's own session of `a` and the two sign-ins.
    assert.equal(list.json().count, 3);
    assert.equal(list.json().items[0].current, true);
    assert.equal(list.json().items[1].user_agent, 'Console/2');
    assert.ok(list.json().items.every((s: { method: string; key_environment: null }) => s.method === 'password' && s.key_environment === null));

    // Another admin's or a partner's session: 404 through the admin operation.
    for (const token of [bTok, partnerTok]) {
      const r = await t.inject({ method: 'DELETE', url: `/api/auth/admin/sessions/${await h.sessionId(token)}`, headers: bearer(second) });
      assert.equal(r.statusCode, 404, r.body);
    }
    // An admin session id through the partner operation: 404 too.
    const viaPartner = await t.inject({ method: 'DELETE', url: `/api/auth/partner/sessions/${await h.sessionId(first)}`, headers: bearer(partnerTok) });
    assert.equal(viaPartner.statusCode, 404);
    // The role guards apply: a partner session on the admin routes and the reverse are 403.
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/admin/sessions', headers: bearer(partnerTok) })).statusCode, 403);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(second) })).statusCode, 403);

    const del = await t.inject({ method: 'DELETE', url: `/api/auth/admin/sessions/${await h.sessionId(first)}`, headers: bearer(second) });
    assert.equal(del.statusCode, 200, del.body);
    assert.equal(del.json().current, false);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(first) })).statusCode, 401);
    const others = await t.inject({ method: 'POST', url: '/api/auth/admin/sessions/revoke-others', headers: bearer(second) });
    assert.deepEqual(others.json(), { revoked: 1 });
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(a.token) })).statusCode, 401);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(bTok) })).statusCode, 200, "another admin's session stays");
    const self = await t.inject({ method: 'DELETE', url: `/api/auth/admin/sessions/${await h.sessionId(second)}`, headers: bearer(second) });
    assert.equal(self.json().current, true);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(second) })).statusCode, 401);
  });

  it('the operations are in the OpenAPI document with named schemas', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = doc.paths;
    for (const role of ['partner', 'admin']) {
      assert.ok(paths[`/api/auth/${role}/sessions`]?.get, role);
      assert.ok(paths[`/api/auth/${role}/sessions/{session_id}`]?.delete, role);
      assert.ok(paths[`/api/auth/${role}/sessions/revoke-others`]?.post, role);
      assert.deepEqual(paths[`/api/auth/${role}/sessions`].get.tags, ['auth']);
    }
    const schemas = JSON.stringify(doc);
    for (const title of ['SessionList', 'SessionInfo', 'SessionRevoked', 'OtherSessionsRevoked']) assert.ok(schemas.includes(title), title);
  });
});

describe("a suspended partner's sign-in answers the same whether the password is right or wrong", () => {
  let t: TestApp;
  let adminToken: string;
  const h = helpers(() => t);
  before(async () => {
    t = await buildTestApp();
    adminToken = (await t.admin()).token;
  });
  after(() => t.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email, password }, remoteAddress });

  it('403 partner_suspended for the right and the wrong password alike; every attempt counts toward the lockout', async () => {
    const p = await h.partner();
    assert.equal((await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/suspend`, headers: bearer(adminToken) })).statusCode, 200);
    const right = await login(p.email, PASSWORD, h.nextIp());
    const wrong = await login(p.email, 'not the password', h.nextIp());
    assert.equal(right.statusCode, 403);
    assert.equal(wrong.statusCode, 403);
    assert.deepEqual(right.json(), { detail: 'partner suspended', code: 'partner_suspended' });
    assert.deepEqual(wrong.json(), right.json());
    assert.equal(right.headers['set-cookie'], undefined);
    // A right password does not reset the count (that would tell it apart): the sixth attempt is locked whatever it holds.
    for (const pw of [PASSWORD, 'wrong-1', PASSWORD]) assert.equal((await login(p.email, pw, h.nextIp())).statusCode, 403);
    const sixth = await login(p.email, PASSWORD, h.nextIp());
    assert.equal(sixth.statusCode, 429, sixth.body);
    assert.equal(sixth.json().code, 'locked_out');
    // An unknown email still answers 401, an active account's wrong password too.
    assert.equal((await login('nobody-here@example.com', PASSWORD, h.nextIp())).statusCode, 401);
    const q = await h.partner();
    const qWrong = await login(q.email, 'not the password', h.nextIp());
    assert.equal(qWrong.statusCode, 401);
    assert.equal(qWrong.json().detail, 'Incorrect email or password');
  });

  it("key sign-in: a suspended partner's valid key answers 403, an unknown key 401", async () => {
    const p = await h.partner();
    await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/suspend`, headers: bearer(adminToken) });
    const valid = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.liveKey }, remoteAddress: h.nextIp() });
    assert.equal(valid.statusCode, 403);
    assert.deepEqual(valid.json(), { detail: 'partner suspended', code: 'partner_suspended' });
    const unknown = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: 'svc_live_notAKeyOfAnyone0000000' }, remoteAddress: h.nextIp() });
    assert.equal(unknown.statusCode, 401);
  });
});
