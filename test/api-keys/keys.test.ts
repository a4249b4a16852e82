import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';
import { signUp } from '../helpers/signup.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('partner key slots: list, paste, clear, rotate', () => {
  let t: TestApp;
  let p: TestPartner;
  let q: TestPartner;
  let pt: string;
  before(async () => {
    t = await buildTestApp();
    p = await t.partner();
    q = await t.partner();
    pt = await t.session('partner', p.id);
  });
  after(() => t.close());

  const me = (key: string) => t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key } });

  it("GET /api/partners/me/api-keys lists the partner's own keys, decrypted", async () => {
    const r = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(pt) });
    assert.equal(r.statusCode, 200);
    const list = r.json() as { id: string; environment: string; key: string; masked: string; created_at: string; last_rotated_at: string | null }[];
    assert.equal(list.length, 2);
    const byEnv = Object.fromEntries(list.map((k) => [k.environment, k]));
    assert.equal(byEnv.test.key, p.testKey);
    assert.equal(byEnv.live.key, p.liveKey);
    assert.equal(byEnv.test.masked, `svc_test_****${p.testKey.slice(-4)}`);
    assert.match(byEnv.test.id, /^key_/);
    assert.ok(Date.parse(byEnv.test.created_at));
    assert.equal(byEnv.test.last_rotated_at, null);
    assert.ok(!JSON.stringify(list).includes(q.testKey), "never another partner's keys");
  });

  it('PUT /api/partners/me/api-keys/{environment} pastes a key: it works at once, the old one fails at once', async () => {
    assert.equal((await me(p.testKey)).statusCode, 200); // cached now
    const pasted = 'partner-own-test-key-0001';
    const r = await t.inject({ method: 'PUT', url: '/api/partners/me/api-keys/test', headers: bearer(pt), payload: { key: pasted } });
    assert.equal(r.statusCode, 200, r.body);
    const b = r.json();
    assert.equal(b.environment, 'test');
    assert.equal(b.key, pasted);
    assert.equal(b.masked, 'part****0001');
    assert.ok(b.last_rotated_at);
    assert.equal((await me(p.testKey)).statusCode, 401);
    const ok = await me(pasted);
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().is_sandbox, true);
    p.testKey = pasted;
    // Pasting the same value again is a no-op success.
    const again = await t.inject({ method: 'PUT', url: '/api/partners/me/api-keys/test', headers: bearer(pt), payload: { key: pasted } });
    assert.equal(again.statusCode, 200);
  });

  it('PUT /api/v1/keys (and /v1/keys) pastes a key; environment from the body or the prefix', async () => {
    await me(p.liveKey);
    const live = 'svc_live_pastedFromElsewhere0001';
    const r = await t.inject({ method: 'PUT', url: '/api/v1/keys', headers: bearer(pt), payload: { key: live } });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().environment, 'live');
    assert.equal(r.json().key_masked, 'svc_live_****0001');
    assert.equal(r.json().source, 'portal-paste');
    assert.ok(Date.parse(r.json().saved_at));
    assert.equal((await me(p.liveKey)).statusCode, 401);
    assert.equal((await me(live)).statusCode, 200);
    p.liveKey = live;
    const ref = await t.inject({ method: 'PUT', url: '/v1/keys', headers: bearer(pt), payload: { key: 'custom-test-key-v1-form', environment: 'test' } });
    assert.equal(ref.statusCode, 200, ref.body);
    assert.equal(ref.json().environment, 'test');
    p.testKey = 'custom-test-key-v1-form';
    assert.equal((await me(p.testKey)).statusCode, 200);
  });

  it('validates pasted keys (422 with loc)', async () => {
    const cases: [string, string, unknown, (string | number)[]][] = [
      ['PUT', '/api/v1/keys', { key: 'short' }, ['body', 'key']],
      ['PUT', '/api/v1/keys', { key: 'x'.repeat(201), environment: 'test' }, ['body', 'key']],
      ['PUT', '/api/v1/keys', { key: 'no-prefix-key-value' }, ['body', 'environment']],
      ['PUT', '/api/v1/keys', { key: 'svc_live_wrongslot000000', environment: 'test' }, ['body', 'key']],
      ['PUT', '/api/v1/keys', { key: 'valid-key-value', environment: 'prod' }, ['body', 'environment']],
      ['PUT', '/api/v1/keys', { key: 12345678901 }, ['body', 'key']],
      ['PUT', '/api/partners/me/api-keys/prod', { key: 'valid-key-value' }, ['path', 'environment']],
      ['PUT', '/api/partners/me/api-keys/live', {}, ['body', 'key']],
      ['PUT', '/api/partners/me/api-keys/live', { key: 'svc_test_wrongslot000000' }, ['body', 'key']],
      ['DELETE', '/api/v1/keys/prod', undefined, ['path', 'environment']],
    ];
    for (const [method, url, payload, loc] of cases) {
      const r = await t.inject({ method: method as 'PUT', url, headers: bearer(pt), ...(payload !== undefined ? { payload: payload as object } : {}) });
      assert.equal(r.statusCode, 422, `${method} ${url} ${JSON.stringify(payload)}: ${r.body}`);
      assert.ok(r.json().detail.some((d: { loc: unknown[] }) => JSON.stringify(d.loc) === JSON.stringify(loc)), `${JSON.stringify(loc)} in ${r.body}`);
    }
  });

  it("pasting a key that another partner (or the other slot) holds is 409 and changes nothing", async () => {
    const before = await t.deps.database.db.selectFrom('api_keys').selectAll().orderBy('id').execute();
    for (const [url, payload, detail] of [
      ['/api/v1/keys', { key: q.testKey }, 'This key cannot be used: paste a key of your own, or generate a new one'],
      ['/api/v1/keys', { key: q.liveKey, environment: 'live' }, 'This key cannot be used: paste a key of your own, or generate a new one'],
      ['/api/partners/me/api-keys/live', { key: p.testKey }, 'This key is already in use in your test slot'],
    ] as const) {
      const r = await t.inject({ method: 'PUT', url, headers: bearer(pt), payload });
      assert.equal(r.statusCode, 409, `${url} ${r.body}`);
      assert.deepEqual(r.json(), { detail, code: 'conflict' }, url);
    }
    const after = await t.deps.database.db.selectFrom('api_keys').selectAll().orderBy('id').execute();
    assert.deepEqual(after, before);
    assert.equal((await me(q.testKey)).json().id, q.id);
    assert.equal((await me(p.testKey)).json().id, p.id);
  });

  it('DELETE /api/v1/keys/{environment} blanks the slot (row kept); the key fails at once', async () => {
    assert.equal((await me(p.liveKey)).statusCode, 200);
    const r = await t.inject({ method: 'DELETE', url: '/api/v1/keys/live', headers: bearer(pt) });
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().cleared, true);
    assert.equal(r.json().environment, 'live');
    assert.equal(r.json().partner_id, p.id);
    assert.equal((await me(p.liveKey)).statusCode, 401);
    const rows = await t.deps.database.db.selectFrom('api_keys').selectAll().where('partner_id', '=', p.id).execute();
    assert.equal(rows.length, 2);
    const live = rows.find((k) => k.environment === 'live')!;
    assert.equal(live.key_hash, null);
    assert.equal(live.key_enc, null);
    const list = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(pt) });
    assert.deepEqual(list.json().map((k: { environment: string }) => k.environment), ['test']);
    const again = await t.inject({ method: 'DELETE', url: '/v1/keys/live', headers: bearer(pt) });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().cleared, false);
    // The partner can paste a new key into the blank slot.
    const paste = await t.inject({ method: 'PUT', url: '/api/partners/me/api-keys/live', headers: bearer(pt), payload: { key: 'svc_live_afterClear00000001' } });
    assert.equal(paste.statusCode, 200);
    p.liveKey = 'svc_live_afterClear00000001';
    assert.equal((await me(p.liveKey)).statusCode, 200);
  });

  it('POST /api/v1/key/rotate needs key + ingest secret; the new key is returned once and the old one fails at once', async () => {
    const noSecret = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p), payload: { key_type: 'sandbox' } });
    assert.equal(noSecret.statusCode, 401);
    const wrongSecret = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: { ...keyHeaders(p), 'x-service-ingest-secret': q.ingestSecret }, payload: { key_type: 'sandbox' } });
    assert.equal(wrongSecret.statusCode, 401);
    assert.equal((await me(p.testKey)).statusCode, 200);
    const r = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p, { secret: true }), payload: { key_type: 'sandbox' } });
    assert.equal(r.statusCode, 200, r.body);
    const b = r.json();
    assert.equal(b.key_type, 'sandbox');
    assert.match(b.new_key, /^svc_test_[0-9A-Za-z]{32}$/);
    assert.ok(Date.parse(b.rotated_at));
    assert.ok(b.message.length > 0);
    assert.equal((await me(p.testKey)).statusCode, 401);
    assert.equal((await me(b.new_key)).statusCode, 200);
    p.testKey = b.new_key;
    // Production needs the live key (a key acts only in its own environment); from the reference path form.
    const live = await t.inject({ method: 'POST', url: '/v1/key/rotate', headers: keyHeaders(p, { env: 'live', secret: true }), payload: { key_type: 'production' } });
    assert.equal(live.statusCode, 200);
    assert.match(live.json().new_key, /^svc_live_/);
    assert.equal((await me(p.liveKey)).statusCode, 401);
    p.liveKey = live.json().new_key;
    const bad = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p, { secret: true }), payload: { key_type: 'prod' } });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().detail[0].loc, ['body', 'key_type']);
    const missing = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p, { secret: true }), payload: {} });
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json().detail[0].loc, ['body', 'key_type']);
  });

  it('rotation invalidates the key in other processes too (PostgreSQL NOTIFY) or on the next request here', async () => {
    // The same deps' cache is what every request of this process reads: already covered above.
    // Here: a key resolved before a rotation made by a direct service call is refused right after.
    const { rotateKey } = await import('../../src/areas/api-keys/service.js');
    assert.equal((await me(p.testKey)).statusCode, 200);
    const r = await rotateKey(t.deps, { type: 'partner', id: p.id }, p.id, 'sandbox', 'test');
    assert.equal((await me(p.testKey)).statusCode, 401);
    p.testKey = r.new_key;
  });

  it('a dump of the database holds no key, secret, password or session token in plaintext', async () => {
    const reg = await signUp(t, { email: 'dump@bank.example', password: 'plaintext-password-xyz', company_name: 'Dump Co', contact_name: 'Du Mp' });
    const token = reg.json().token;
    const keys = (await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) })).json() as { key: string; environment: string }[];
    // The test key: a self-signed-up account's live key works only once production access is granted.
    const testKey = keys.find((k) => k.environment === 'test')!.key;
    const secret = (await t.inject({ method: 'GET', url: '/api/v1/secrets', headers: { 'x-api-key': testKey } })).json().ingest_secret;
    assert.match(secret, /^svc_ingest_/);
    const secrets = [
      'plaintext-password-xyz',
      token,
      secret,
      ...keys.map((k) => k.key),
      p.testKey,
      p.liveKey,
      p.ingestSecret,
      q.testKey,
      q.liveKey,
      q.ingestSecret,
      'partner-own-test-key-0001',
      'svc_live_pastedFromElsewhere0001',
    ];
    const db = t.deps.database.db;
    // Only this test's schema: introspecting the whole database races with other files dropping theirs.
    const listed =
      t.deps.database.dialect === 'postgres'
        ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)
        : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    const tables = listed.rows;
    assert.ok(tables.length >= 8);
    let dump = '';
    for (const table of tables) {
      const rows = await db.selectFrom(table.name as 'partners').selectAll().execute();
      dump += JSON.stringify(rows);
    }
    for (const s of secrets) assert.ok(!dump.includes(s), `plaintext ${s.slice(0, 12)}… found in the database`);
  });
});

describe('a pasted value is a guess at other partners\' keys: budgeted per client address, answered without naming anyone', () => {
  let t: TestApp;
  let holder: TestPartner;
  let guesser: TestPartner;
  let gt: string;
  const LIMIT = 20;
  const held = 'pasted-key-held-by-someone-0001';
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '100000' } });
    holder = await t.partner();
    guesser = await t.partner();
    gt = await t.session('partner', guesser.id);
    const ht = await t.session('partner', holder.id);
    const r = await t.inject({ method: 'PUT', url: '/api/v1/keys', headers: bearer(ht), payload: { key: held, environment: 'test' }, remoteAddress: '192.0.2.200' });
    assert.equal(r.statusCode, 200, r.body);
  });
  after(() => t.close());

  const paste = (key: string, remoteAddress: string, url = '/api/v1/keys') =>
    t.inject({ method: 'PUT', url, headers: bearer(gt), payload: url === '/api/v1/keys' ? { key, environment: 'test' } : { key }, remoteAddress });

  it("another partner's value: 409 that names nobody, the same as any unusable value; after the budget every paste and key of the address is 429", async () => {
    const guesser1 = '203.0.113.150';
    // Wrong guesses cost nothing; a value someone holds is a failed credential of the address.
    for (let i = 0; i < 5; i++) assert.equal((await paste(`a-free-value-of-mine-${i}-0000`, guesser1)).statusCode, 200, `free value ${i}`);
    for (let i = 0; i < LIMIT; i++) {
      const r = await paste(held, guesser1, i % 2 ? '/api/v1/keys' : '/api/partners/me/api-keys/test');
      assert.equal(r.statusCode, 409, `collision ${i + 1}: ${r.body}`);
      assert.deepEqual(r.json(), { detail: 'This key cannot be used: paste a key of your own, or generate a new one', code: 'conflict' });
      assert.ok(!r.body.includes(holder.id) && !/another partner|partner_id/i.test(r.body), r.body);
    }
    // The budget is spent: any paste from that address, a free value included, is refused before it is looked at,
    // and so is an API key (one budget for every credential).
    for (const value of [held, 'a-free-value-of-mine-after-0000']) {
      const r = await paste(value, guesser1);
      assert.equal(r.statusCode, 429, r.body);
      assert.equal(r.json().code, 'too_many_failed_credentials');
      assert.ok(Number(r.headers['retry-after']) >= 1);
    }
    const key = await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': holder.testKey }, remoteAddress: guesser1 });
    assert.equal(key.statusCode, 429);
    // Nothing changed: the holder's slot still holds the value, the guesser's holds its last free value.
    const slots = await t.deps.database.db.selectFrom('api_keys').select(['partner_id', 'masked']).where('environment', '=', 'test').where('partner_id', 'in', [holder.id, guesser.id]).execute();
    assert.equal(slots.find((s) => s.partner_id === holder.id)?.masked, `past****0001`);
    assert.equal(slots.find((s) => s.partner_id === guesser.id)?.masked, 'a-fr****0000');
    // Another address pastes as before.
    assert.equal((await paste('a-free-value-from-elsewhere-01', '203.0.113.151')).statusCode, 200);
  });

  it('pastes sent all at once from one address: at most the budget of them is looked up', async () => {
    const guesser2 = '203.0.113.160';
    const answers = await Promise.all(Array.from({ length: 200 }, () => paste(held, guesser2)));
    const counts: Record<number, number> = {};
    for (const r of answers) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    assert.deepEqual(counts, { 409: LIMIT, 429: 200 - LIMIT });
  });
});
