import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { hashPassword } from '../../src/lib/crypto.js';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, type TestApp, type TestPartner } from '../helpers/app.js';
import { signUp } from '../helpers/signup.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const PASSWORD = 'scope-password-0001';

/** A key acts only in its own environment: key rotation, and sessions opened by pasting a key. */
describe('environment scope of keys and key-opened sessions', () => {
  let t: TestApp;
  let ip = 0;
  // Each sign-in from its own address, so the per-address sign-in limits never interfere.
  const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const me = (key: string) => t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key } });
  const slots = async (partnerId: string) =>
    t.deps.database.db.selectFrom('api_keys').select(['environment', 'key_hash', 'masked', 'updated_at']).where('partner_id', '=', partnerId).orderBy('environment').execute();

  async function partnerWithPassword(): Promise<TestPartner> {
    return t.partner({ passwordHash: await hashPassword(PASSWORD) });
  }
  async function keySession(key: string): Promise<string> {
    const r = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key }, remoteAddress: nextIp() });
    assert.equal(r.statusCode, 200, r.body);
    return r.json().token;
  }
  async function passwordSession(p: TestPartner): Promise<string> {
    const r = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: p.email, password: PASSWORD }, remoteAddress: nextIp() });
    assert.equal(r.statusCode, 200, r.body);
    return r.json().token;
  }

  describe('POST /api/v1/key/rotate', () => {
    it('a test key and the ingest secret cannot rotate the production key: 403, the live key still works', async () => {
      const p = await t.partner();
      const before = await slots(p.id);
      for (const url of ['/api/v1/key/rotate', '/v1/key/rotate']) {
        const r = await t.inject({ method: 'POST', url, headers: keyHeaders(p, { secret: true }), payload: { key_type: 'production' } });
        assert.equal(r.statusCode, 403, r.body);
        assert.deepEqual(Object.keys(r.json()), ['detail', 'code']);
        assert.match(r.json().detail, /test key can rotate only the sandbox key/);
        assert.ok(!r.body.includes('svc_live_'), 'no live key in the refusal');
      }
      assert.deepEqual(await slots(p.id), before, 'nothing changed');
      assert.equal((await me(p.liveKey)).statusCode, 200);
      assert.equal((await me(p.testKey)).statusCode, 200);
    });

    it('a live key and the ingest secret cannot rotate the sandbox key either (403, nothing changed)', async () => {
      const p = await t.partner();
      const before = await slots(p.id);
      const r = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p, { env: 'live', secret: true }), payload: { key_type: 'sandbox' } });
      assert.equal(r.statusCode, 403, r.body);
      assert.match(r.json().detail, /live key can rotate only the production key/);
      assert.deepEqual(await slots(p.id), before);
      assert.equal((await me(p.testKey)).statusCode, 200);
    });

    it('each key rotates its own slot, and the other slot is untouched', async () => {
      const p = await t.partner();
      const live = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p, { env: 'live', secret: true }), payload: { key_type: 'production' } });
      assert.equal(live.statusCode, 200, live.body);
      assert.match(live.json().new_key, /^svc_live_/);
      assert.equal((await me(p.liveKey)).statusCode, 401);
      assert.equal((await me(live.json().new_key)).statusCode, 200);
      assert.equal((await me(p.testKey)).statusCode, 200, 'the test key is untouched');
      const test = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p, { secret: true }), payload: { key_type: 'sandbox' } });
      assert.equal(test.statusCode, 200, test.body);
      assert.match(test.json().new_key, /^svc_test_/);
      assert.equal((await me(live.json().new_key)).statusCode, 200, 'the new live key is untouched');
    });

    it('the environment check comes after authentication: no secret is 401, another partner cannot rotate', async () => {
      const p = await t.partner();
      const q = await t.partner();
      const noSecret = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p), payload: { key_type: 'production' } });
      assert.equal(noSecret.statusCode, 401);
      const otherSecret = await t.inject({
        method: 'POST',
        url: '/api/v1/key/rotate',
        headers: { 'x-api-key': p.liveKey, 'x-service-ingest-secret': q.ingestSecret },
        payload: { key_type: 'production' },
      });
      assert.equal(otherSecret.statusCode, 401);
      assert.equal((await me(p.liveKey)).statusCode, 200);
      assert.equal((await me(q.liveKey)).statusCode, 200);
    });
  });

  describe('GET /api/v1/secrets', () => {
    it("a test key reads the partner's ingest secret, and with it acts in the sandbox only", async () => {
      const p = await t.partner();
      const r = await t.inject({ method: 'GET', url: '/api/v1/secrets', headers: keyHeaders(p) });
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(r.json().ingest_secret, p.ingestSecret);
      const secret = r.json().ingest_secret as string;
      const live = await t.inject({ method: 'GET', url: '/api/v1/secrets', headers: keyHeaders(p, { env: 'live' }) });
      assert.equal(live.json().ingest_secret, secret, 'one secret per partner');
      // What the secret unlocks with a test key stays in the test environment.
      const rot = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: { 'x-api-key': p.testKey, 'x-service-ingest-secret': secret }, payload: { key_type: 'production' } });
      assert.equal(rot.statusCode, 403);
      const stored = await t.inject({
        method: 'POST',
        url: '/api/v1/ingest',
        headers: { 'x-api-key': p.testKey, 'x-service-ingest-secret': secret },
        payload: { end_user_id: 'scope-user', cash_balance: 1000 },
      });
      assert.equal(stored.statusCode, 201, stored.body);
      const fromTest = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/scope-user', headers: { 'x-api-key': p.testKey, 'x-service-ingest-secret': secret } });
      assert.equal(fromTest.statusCode, 200);
      const fromLive = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/scope-user', headers: { 'x-api-key': p.liveKey, 'x-service-ingest-secret': secret } });
      assert.equal(fromLive.statusCode, 404, 'what the test key stored is not production data');
      const erase = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/scope-user', headers: { 'x-api-key': p.liveKey, 'x-service-ingest-secret': secret } });
      assert.equal(erase.statusCode, 404, 'and a key erases only in its own environment');
    });

    it('needs a key: none, a session token or the platform secret is 401; a suspended key 403', async () => {
      const p = await t.partner();
      const session = await t.session('partner', p.id);
      for (const headers of [{}, bearer(session), { 'x-service-ingest-secret': PLATFORM_SECRET }, { 'x-api-key': 'svc_test_notAKeyAtAll0000000000' }]) {
        const r = await t.inject({ method: 'GET', url: '/api/v1/secrets', headers });
        assert.equal(r.statusCode, 401, r.body);
        assert.ok(!r.body.includes(p.ingestSecret));
      }
      const s = await t.partner();
      await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', s.id).execute();
      await t.deps.auth.invalidatePartner(s.id);
      const sus = await t.inject({ method: 'GET', url: '/api/v1/secrets', headers: keyHeaders(s) });
      assert.equal(sus.statusCode, 403);
      assert.ok(!sus.body.includes(s.ingestSecret));
    });
  });

  describe('a session opened by pasting a key', () => {
    for (const env of ['test', 'live'] as const) {
      const other = env === 'test' ? 'live' : 'test';

      it(`(${env} key) says its scope, lists the ${other} key masked only`, async () => {
        const p = await partnerWithPassword();
        const token = await keySession(env === 'test' ? p.testKey : p.liveKey);
        const account = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) });
        assert.equal(account.statusCode, 200);
        assert.equal(account.json().session_method, 'api_key');
        assert.equal(account.json().session_environment, env);
        const r = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) });
        assert.equal(r.statusCode, 200);
        const byEnv = Object.fromEntries((r.json() as { environment: string; key: string; masked: string }[]).map((k) => [k.environment, k]));
        const own = env === 'test' ? p.testKey : p.liveKey;
        const hidden = env === 'test' ? p.liveKey : p.testKey;
        assert.equal(byEnv[env].key, own);
        assert.equal(byEnv[other].key, byEnv[other].masked);
        assert.match(byEnv[other].masked, /\*\*\*\*/);
        assert.ok(!r.body.includes(hidden), `the ${other} key's value is never shown`);
        assert.ok(!account.body.includes(hidden));
      });

      it(`(${env} key) cannot paste into or clear the ${other} slot (403, nothing changed), but can its own`, async () => {
        const p = await partnerWithPassword();
        const token = await keySession(env === 'test' ? p.testKey : p.liveKey);
        const before = await slots(p.id);
        const newOther = `svc_${other}_pastedByScopedSession01`;
        const attempts = [
          { method: 'PUT' as const, url: '/api/v1/keys', payload: { key: newOther } },
          { method: 'PUT' as const, url: '/api/v1/keys', payload: { key: 'no-prefix-key-000001', environment: other } },
          { method: 'PUT' as const, url: `/v1/keys`, payload: { key: newOther, environment: other } },
          { method: 'PUT' as const, url: `/api/partners/me/api-keys/${other}`, payload: { key: newOther } },
          { method: 'DELETE' as const, url: `/api/v1/keys/${other}` },
          { method: 'DELETE' as const, url: `/v1/keys/${other}` },
        ];
        for (const a of attempts) {
          const r = await t.inject({ ...a, headers: bearer(token) });
          assert.equal(r.statusCode, 403, `${a.method} ${a.url}: ${r.body}`);
          assert.deepEqual(Object.keys(r.json()), ['detail', 'code']);
          assert.match(r.json().detail, /acts only in that environment/);
        }
        assert.deepEqual(await slots(p.id), before, 'nothing changed');
        assert.equal((await me(env === 'test' ? p.liveKey : p.testKey)).statusCode, 200, `the ${other} key still works`);
        // Its own environment: paste, then clear. Each change of the slot ends the session opened with
        // the key it held, so the next step signs in with the key just pasted.
        const own = `svc_${env}_pastedByScopedSession01`;
        const paste = await t.inject({ method: 'PUT', url: '/api/v1/keys', headers: bearer(token), payload: { key: own } });
        assert.equal(paste.statusCode, 200, paste.body);
        assert.equal(paste.json().environment, env);
        assert.equal((await me(own)).statusCode, 200);
        assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) })).statusCode, 401, 'the session of the replaced key ended');
        const token2 = await keySession(own);
        const paste2 = await t.inject({ method: 'PUT', url: `/api/partners/me/api-keys/${env}`, headers: bearer(token2), payload: { key: `${own}b` } });
        assert.equal(paste2.statusCode, 200, paste2.body);
        assert.equal(paste2.json().key, `${own}b`);
        const token3 = await keySession(`${own}b`);
        const clear = await t.inject({ method: 'DELETE', url: `/api/v1/keys/${env}`, headers: bearer(token3) });
        assert.equal(clear.statusCode, 200);
        assert.equal(clear.json().cleared, true);
        assert.equal((await me(`${own}b`)).statusCode, 401);
        assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token3) })).statusCode, 401);
      });

      it(`(${env} key) reads usage of its own environment only`, async () => {
        const p = await partnerWithPassword();
        const token = await keySession(env === 'test' ? p.testKey : p.liveKey);
        const dflt = await t.inject({ method: 'GET', url: '/api/partners/me/usage', headers: bearer(token) });
        assert.equal(dflt.statusCode, 200, dflt.body);
        assert.equal(dflt.json().environment, env, "the default is the key's environment");
        const own = await t.inject({ method: 'GET', url: `/api/partners/me/usage?environment=${env}`, headers: bearer(token) });
        assert.equal(own.statusCode, 200);
        const theirs = await t.inject({ method: 'GET', url: `/api/partners/me/usage?environment=${other}`, headers: bearer(token) });
        assert.equal(theirs.statusCode, 403);
        assert.match(theirs.json().detail, /acts only in that environment/);
        const exp = await t.inject({ method: 'GET', url: '/api/partners/me/usage/export?format=summary', headers: bearer(token) });
        assert.equal(exp.statusCode, 200);
        for (const format of ['summary', 'events']) {
          const e = await t.inject({ method: 'GET', url: `/api/partners/me/usage/export?format=${format}&environment=${other}`, headers: bearer(token) });
          assert.equal(e.statusCode, 403, e.body);
          assert.deepEqual(Object.keys(e.json()), ['detail', 'code']);
        }
      });
    }

    it('a key session of one partner never reaches another partner', async () => {
      const p = await partnerWithPassword();
      const q = await partnerWithPassword();
      const token = await keySession(p.testKey);
      const r = await t.inject({ method: 'PUT', url: '/api/v1/keys', headers: bearer(token), payload: { key: q.testKey } });
      assert.equal(r.statusCode, 409);
      const list = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) });
      assert.ok(!list.body.includes(q.testKey) && !list.body.includes(q.liveKey));
      assert.equal((await me(q.testKey)).statusCode, 200);
    });

    it('the key session is stored with its environment and the SHA-256 of its key, never the key', async () => {
      const p = await partnerWithPassword();
      await keySession(p.liveKey);
      const rows = await t.deps.database.db.selectFrom('sessions').selectAll().where('subject_id', '=', p.id).execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0].method, 'api_key');
      assert.equal(rows[0].key_environment, 'live');
      const { sha256Hex } = await import('../../src/lib/crypto.js');
      assert.equal(rows[0].key_hash, sha256Hex(p.liveKey));
      assert.ok(!JSON.stringify(rows).includes(p.liveKey));
    });
  });

  it('migration 0009 ends the key sessions opened before it (their environment is unknown); others survive', async () => {
    const { migrations } = await import('../../src/db/migrations/index.js');
    const { migrate } = await import('../../src/db/database.js');
    const { sha256Hex } = await import('../../src/lib/crypto.js');
    const p = await partnerWithPassword();
    const db = t.deps.database.db;
    await migrations['0009_session_key_scope'].down!(db as never);
    await db.deleteFrom('schema_migrations' as never).where('name' as never, '=', '0009_session_key_scope' as never).execute();
    const now = t.deps.clock.now();
    const tokens = { password: 'sess_legacyPasswordSession000000000000001', api_key: 'sess_legacyKeySession00000000000000000001' };
    for (const [method, token] of Object.entries(tokens)) {
      await sql`insert into sessions (id, token_hash, subject_type, subject_id, created_at, expires_at, method)
                values (${`ses_legacy_${method}`}, ${sha256Hex(token)}, 'partner', ${p.id}, ${now}, ${now + 3_600_000}, ${method})`.execute(db);
    }
    assert.deepEqual(await migrate(t.deps.database), ['0009_session_key_scope']);
    const keyMe = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(tokens.api_key) });
    assert.equal(keyMe.statusCode, 401);
    const pwMe = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(tokens.password) });
    assert.equal(pwMe.statusCode, 200);
    assert.equal(pwMe.json().session_environment, null);
    const list = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(tokens.password) });
    assert.ok(list.body.includes(p.liveKey));
  });

  describe('password and sign-up sessions keep full control', () => {
    it('a password session sees both keys, pastes and clears both slots, reads both usages', async () => {
      const p = await partnerWithPassword();
      const token = await passwordSession(p);
      const account = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) });
      assert.equal(account.json().session_method, 'password');
      assert.equal(account.json().session_environment, null);
      const list = (await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) })).json() as { environment: string; key: string }[];
      assert.deepEqual(list.map((k) => k.key).sort(), [p.liveKey, p.testKey].sort());
      for (const env of ['test', 'live'] as const) {
        const key = `svc_${env}_pastedByPasswordSess01`;
        const paste = await t.inject({ method: 'PUT', url: `/api/partners/me/api-keys/${env}`, headers: bearer(token), payload: { key } });
        assert.equal(paste.statusCode, 200, paste.body);
        assert.equal((await me(key)).statusCode, 200);
        const usage = await t.inject({ method: 'GET', url: `/api/partners/me/usage?environment=${env}`, headers: bearer(token) });
        assert.equal(usage.statusCode, 200);
        assert.equal(usage.json().environment, env);
        const clear = await t.inject({ method: 'DELETE', url: `/api/v1/keys/${env}`, headers: bearer(token) });
        assert.equal(clear.json().cleared, true);
      }
      const dflt = await t.inject({ method: 'GET', url: '/api/partners/me/usage', headers: bearer(token) });
      assert.equal(dflt.json().environment, 'live', 'live stays the default of a password session');
    });

    it('a sign-up session has full control too', async () => {
      const reg = await signUp(t, { email: `scope_${Date.now()}@bank.example`, password: PASSWORD, company_name: 'Scope Co', contact_name: 'Sc Ope' }, nextIp());
      const token = reg.json().token;
      const account = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) });
      assert.equal(account.json().session_method, 'signup');
      assert.equal(account.json().session_environment, null);
      const list = (await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) })).json() as { key: string }[];
      assert.equal(list.length, 2);
      for (const k of list) assert.match(k.key, /^svc_(test|live)_[0-9A-Za-z]{32}$/);
      const clear = await t.inject({ method: 'DELETE', url: '/api/v1/keys/live', headers: bearer(token) });
      assert.equal(clear.statusCode, 200);
    });
  });

  describe('key values refuse control characters (422 at the field)', () => {
    const BAD = ['svc_test_abc\u0000defgh', 'svc_test_abc\rdefgh12', 'svc_test_abc\ndefgh12', 'svc_test_abc\tdefgh12', 'svc_test_abc\u001bdefg', 'svc_test_abc\u007fdefgh'];

    function assertControl422(r: { statusCode: number; json: () => unknown; body: string }, loc: (string | number)[]) {
      assert.equal(r.statusCode, 422, r.body);
      const detail = (r.json() as { detail: { type: string; loc: unknown[]; msg: string }[] }).detail;
      const item = detail.find((d) => JSON.stringify(d.loc) === JSON.stringify(loc));
      assert.ok(item, `an error at ${JSON.stringify(loc)}: ${r.body}`);
      // NUL, ESC and the like are refused for every string of every body (string_control_character); tab,
      // CR and LF, which free text may hold, by the key's own pattern.
      assert.ok(['string_control_character', 'string_pattern_mismatch'].includes(item.type), item.type);
    }

    it('on the key sign-in, the partner paste routes and the sync routes', async () => {
      const p = await partnerWithPassword();
      const pw = await passwordSession(p);
      const admin = await t.admin();
      const before = await slots(p.id);
      for (const bad of BAD) {
        assertControl422(await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: bad }, remoteAddress: nextIp() }), ['body', 'key']);
        assertControl422(await t.inject({ method: 'PUT', url: '/api/v1/keys', headers: bearer(pw), payload: { key: bad } }), ['body', 'key']);
        assertControl422(await t.inject({ method: 'PUT', url: '/api/partners/me/api-keys/test', headers: bearer(pw), payload: { key: bad } }), ['body', 'key']);
        const platform = { 'x-service-ingest-secret': PLATFORM_SECRET };
        assertControl422(
          await t.inject({ method: 'POST', url: '/api/v1/admin/keys/sync', headers: platform, payload: { key: bad, environment: 'test', partner_id: p.id } }),
          ['body', 'key'],
        );
        assertControl422(
          await t.inject({
            method: 'POST',
            url: '/api/v1/admin/keys/bulk-sync',
            headers: platform,
            payload: { keys: [{ key: 'svc_test_fineKeyValue000001', environment: 'test', partner_id: p.id }, { key: bad, environment: 'test', partner_id: p.id }] },
          }),
          ['body', 'keys', 1, 'key'],
        );
        assertControl422(
          await t.inject({ method: 'POST', url: '/api/admin/external-keys', headers: bearer(admin.token), payload: { key: bad, environment: 'test', partner_id: p.id } }),
          ['body', 'key'],
        );
      }
      // The server-to-server removal by value refuses them in the path the same way.
      const byValue = await t.inject({ method: 'DELETE', url: '/api/v1/admin/keys/svc_test_abc%0Adefgh', headers: { 'x-service-ingest-secret': PLATFORM_SECRET } });
      assertControl422(byValue, ['path', 'key_value']);
      assert.deepEqual(await slots(p.id), before, 'nothing stored');
      // Printable keys, inner spaces included, are still accepted.
      const fine = 'svc_test_fine key 0001';
      const ok = await t.inject({ method: 'PUT', url: '/api/v1/keys', headers: bearer(pw), payload: { key: fine } });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal((await me(fine)).statusCode, 200);
    });

    it('without the right credential a control character still never reaches a 2xx', async () => {
      const r = await t.inject({ method: 'PUT', url: '/api/v1/keys', payload: { key: 'svc_test_abc\u0000defgh' } });
      assert.equal(r.statusCode, 401);
      const s = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/sync', payload: { key: 'svc_test_abc\ndefgh12', environment: 'test', partner_email: 'x@bank.example', partner_company_name: 'X' } });
      assert.equal(s.statusCode, 401);
    });
  });
});
